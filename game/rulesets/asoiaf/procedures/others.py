"""Other enemies a charger ends up touching (AS-CHG-13), one at a time, with their owner.

Our reading (docs/rules/asoiaf.md): an enemy only ever slides, keeping its facing, so it never
gets a free pivot and keeps any Flank or Rear contact it had.

1. Aligned to 50% or 100% by the least movement: its edge parallel to the charger's edge in
   whose arc it stands is placed flush against it (centred, or overlapping half the shorter
   edge either way). Movement is the farthest any corner travels, so a turn would count; only
   placements that keep the facing are eligible. A tie is the owner's choice.
2. Else its owner moves it 1" away: any straight slide (no unit or impassable terrain
   crossed) of at most :data:`MAX_AWAY` inches ending at least 1" from the charger, wholly on
   the table. The owner gets offers (the shortest such slide in a few directions, with ghosts)
   and may point anywhere else; the answer is checked.
3. Else the least slide, over directions every :data:`SEARCH_STEP` degrees, that leaves it
   unengaged from the charger. 4. Else it stays.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import Action, Choose
from game.core.pending import PlayerDecision, PointAnswer, Refusal
from game.core.present import Ghost, Offer, Point, Steer
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray, facing_vector
from game.rulesets.asoiaf import geo
from game.rulesets.asoiaf.moves import KEEP_AWAY
from game.rulesets.asoiaf.procedures.common import AsoiafSteps, unit_of

CHOOSE = "choose"
"""The only step: the next enemy in the queue is placed, or its owner is asked."""
MAX_AWAY = 3.0
"""Inches: the longest slide an owner may make to put its unit 1" away (our reading)."""
SEARCH_STEP = 10
"""Degrees between the directions searched for the least unengaging slide."""
WORDS = {"100": "100%", "50-left": "50% (left)", "50-right": "50% (right)"}
"""Alignment kinds as players read them (left/right as the charger sees its edge)."""
PARALLEL = 1e-6
"""How close to antiparallel two edge normals must be for the edges to align flush."""


@dataclass(kw_only=True)
class OthersProc(Procedure):
    """The enemies still to place (``queue``) around the ``charger`` (AS-CHG-13)."""

    charger: str
    queue: tuple[str, ...]


def other_enemies(state: GameState, charger: str, target: str,
                  world: geo.RulesWorld | None = None) -> OthersProc | None:
    """The procedure for the enemies other than ``target`` that ``charger`` touches
    (``world``, the state's prepared geometry, answers the same faster)."""
    queue = tuple(e for e in geo.engaged_enemies(state, unit_of(state, charger), world=world)
                  if e != target)
    return OthersProc(step=CHOOSE, player=unit_of(state, charger).owner, charger=charger,
                      queue=queue) if queue else None


def corner_travel(a: Tray, b: Tray) -> float:
    """The farthest any corner moves from ``a`` to ``b`` (a turn counts, AS-CHG-13)."""
    return max(math.dist(p, q) for p, q in zip(a.corners, b.corners, strict=True))


def keep_facing_alignments(here: Tray, host: Tray) -> list[tuple[str, Tray]]:
    """AS-CHG-13: ``here`` slid flush against the edge of ``host`` in whose arc it stands, at
    100% and at 50% either way, keeping its facing; empty when no edge of ``here`` is
    parallel to that edge (it could only align by turning)."""
    side = geo.edge_for(geo.arc_of(host, here)[0])
    nx, ny = host.edge_normal(side)
    (ax, ay), (bx, by) = host.edge_points(side)
    flush = [s for s in ("FRONT", "RIGHT", "REAR", "LEFT")
             if abs(here.edge_normal(type(side)[s])[0] * nx
                    + here.edge_normal(type(side)[s])[1] * ny + 1.0) < PARALLEL]
    if not flush:
        return []
    own = type(side)[flush[0]]
    (cx, cy), (dx, dy) = here.edge_points(own)
    le, lf = math.dist((ax, ay), (bx, by)), math.dist((cx, cy), (dx, dy))
    ux, uy = (bx - ax) / le, (by - ay) / le
    # move the middle of our edge onto the middle of theirs, then along it
    base = ((ax + bx) / 2 - (cx + dx) / 2, (ay + by) / 2 - (cy + dy) / 2)
    half = (le + lf) / 2 - min(le, lf) / 2
    out = []
    for label, s in (("100", 0.0), ("50-left", -half), ("50-right", half)):
        out.append((label, here.translated(base[0] + ux * s, base[1] + uy * s)))
    return out


def slide_clear(state: GameState, enemy_id: str, here: Tray, end: Tray,
                world: geo.RulesWorld | None = None) -> bool:
    """Whether sliding ``here`` to ``end`` crosses no unit or impassable terrain: a convex tray
    translated sweeps exactly the convex hull of its two positions (touching is fine;
    ``world`` as in :func:`other_enemies`)."""
    swept = here.polygon.union(end.polygon).convex_hull
    return all(swept.intersection(b).area <= TOLERANCE
               for b in geo.move_blockers(state, enemy_id, world=world))


def away_problem(state: GameState, enemy_id: str, charger: Tray, here: Tray, end: Tray,
                 world: geo.RulesWorld | None = None) -> str | None:
    """Why ``end`` is not a legal 1"-away placement (None if it is): facing kept, at least
    1" from the charger, a slide of at most MAX_AWAY crossing nothing, wholly on the table
    (``world`` as in :func:`other_enemies`)."""
    if abs(end.facing - here.facing) > 1e-9:
        return "it must keep its facing"
    if end.polygon.distance(charger.polygon) < KEEP_AWAY - TOLERANCE:
        return "it must end at least 1\" from the charger"
    if math.hypot(end.x - here.x, end.y - here.y) > MAX_AWAY + TOLERANCE:
        return f"it may slide at most {MAX_AWAY:g}\""
    problem = geo.placement_problem(state, enemy_id, end, world)
    if problem:
        return problem
    if not slide_clear(state, enemy_id, here, end, world):
        return "the slide would cross a unit or impassable terrain"
    return None


def _shortest(here: Tray, heading: float, ok: Callable[[Tray], bool], limit: float
              ) -> Tray | None:
    """The shortest slide along ``heading`` (degrees) to a tray ``ok`` accepts: scanned every
    0.1", then narrowed by bisection (so not a multiple of the scan step)."""
    ux, uy = facing_vector(heading)
    previous = 0.0
    steps = int(limit / 0.1)
    for k in range(1, steps + 1):
        d = k * 0.1
        if ok(here.translated(ux * d, uy * d)):
            lo, hi = previous, d
            for _ in range(30):
                mid = (lo + hi) / 2
                if ok(here.translated(ux * mid, uy * mid)):
                    hi = mid
                else:
                    lo = mid
            return here.translated(ux * hi, uy * hi)
        previous = d
    return None


def away_offers(state: GameState, enemy_id: str, charger: Tray, here: Tray,
                world: geo.RulesWorld | None = None) -> list[Tray]:
    """The shortest legal 1"-away slides straight back, left, right, and straight away from
    the charger (the owner's offers; any other legal slide is a free answer; ``world`` as in
    :func:`other_enemies`)."""
    def ok(t: Tray) -> bool:
        return away_problem(state, enemy_id, charger, here, t, world) is None

    away = math.degrees(math.atan2(here.x - charger.x, here.y - charger.y))
    out: list[Tray] = []
    for heading in (here.facing + 180, here.facing - 90, here.facing + 90, away):
        found = _shortest(here, heading, ok, MAX_AWAY)
        if found is not None and all(math.dist((found.x, found.y), (t.x, t.y)) > 0.05
                                     for t in out):
            out.append(found)
    return out


def least_unengaging(state: GameState, enemy_id: str, charger: Tray, here: Tray,
                     world: geo.RulesWorld | None = None) -> Tray | None:
    """AS-CHG-13's last resort: the least slide (facing kept) that leaves the enemy out of
    contact with the charger, on the table, crossing nothing (``world`` as in
    :func:`other_enemies`)."""
    def ok(t: Tray) -> bool:
        return (not geo.in_contact(t, charger)
                and geo.placement_problem(state, enemy_id, t, world) is None
                and slide_clear(state, enemy_id, here, t, world))

    found = [t for h in range(0, 360, SEARCH_STEP)
             if (t := _shortest(here, float(h), ok, MAX_AWAY)) is not None]
    return min(found, key=lambda t: corner_travel(here, t), default=None)


def _number(answer: Choose, key: str) -> float | None:
    try:
        value = float(answer.get(key) or "nan")
    except ValueError:
        return None
    return value if math.isfinite(value) else None


class OthersSteps(AsoiafSteps[OthersProc]):
    """Places each other enemy touched by the charger, asking its owner when the rule does."""

    kind = OthersProc

    def advance(self, state: GameState, proc: OthersProc, ctx: Context) -> bool:
        while proc.queue:
            eid = proc.queue[0]
            enemy, charger = unit_of(state, eid), geo.tray_of(unit_of(state, proc.charger))
            if not enemy.on_board or not geo.in_contact(geo.tray_of(enemy), charger):
                proc.queue = proc.queue[1:]
                continue
            world = self.rules.worlds.of(state)
            best = self._aligned(state, eid, charger, world)
            if best is None and away_offers(state, eid, charger, geo.tray_of(enemy), world):
                return False  # the owner moves it 1" away
            if best is not None and len(best) > 1:
                return False  # a tie in least movement: the owner picks
            proc.queue = proc.queue[1:]
            if best is not None:
                self._put(state, eid, best[0][1], f"aligns {WORDS[best[0][0]]} with", ctx)
            else:
                self._last_resort(state, eid, charger, ctx)
        state.procedures.pop()
        return True

    @staticmethod
    def _aligned(state: GameState, eid: str, charger: Tray, world: geo.RulesWorld
                 ) -> list[tuple[str, Tray]] | None:
        """The least-movement legal keep-facing alignments (several only on a tie)."""
        here = geo.tray_of(unit_of(state, eid))
        legal = [(k, t) for k, t in keep_facing_alignments(here, charger)
                 if geo.placement_problem(state, eid, t, world) is None]
        if not legal:
            return None
        least = min(corner_travel(here, t) for _, t in legal)
        return [(k, t) for k, t in legal if corner_travel(here, t) <= least + 1e-6]

    def _last_resort(self, state: GameState, eid: str, charger: Tray, ctx: Context) -> None:
        enemy = unit_of(state, eid)
        found = least_unengaging(state, eid, charger, geo.tray_of(enemy),
                                 self.rules.worlds.of(state))
        if found is None:
            ctx.emit("charge.other", f"{enemy.name} cannot be moved and stays in contact.",
                     ["AS-CHG-13"], player=enemy.owner, unit=eid)
            return
        self._put(state, eid, found, "slides the least way out of contact with", ctx)

    @staticmethod
    def _put(state: GameState, eid: str, tray: Tray, what: str, ctx: Context) -> None:
        enemy = unit_of(state, eid)
        enemy.tray = tray
        ctx.emit("charge.other", f"{enemy.name} {what} the charger.", ["AS-CHG-13"],
                 player=enemy.owner, unit=eid, x=tray.x, y=tray.y, facing=tray.facing)

    def waiting(self, state: GameState, proc: OthersProc) -> PlayerDecision | None:
        if not proc.queue:
            return None
        eid = proc.queue[0]
        enemy, charger = unit_of(state, eid), geo.tray_of(unit_of(state, proc.charger))
        here = geo.tray_of(enemy)
        world = self.rules.worlds.of(state)
        tied = self._aligned(state, eid, charger, world)
        if tied is not None:
            offers = tuple(_offer(eid, t, f"Align {WORDS[k]}",
                                  "The least movement that aligns it; a tie is yours.")
                           for k, t in tied)
            return PlayerDecision(enemy.owner, "charge.other", f"Align {enemy.name} with the "
                                  "charger", offers, ("AS-CHG-13",))
        offers = tuple(_offer(eid, t, f"Slide {math.hypot(t.x - here.x, t.y - here.y):.2f}\"",
                              "Ends 1\" or more from the charger, facing kept.")
                       for t in away_offers(state, eid, charger, here, world))
        steer = Steer(eid, SlideTo(eid, here), "Point where its centre goes (facing kept).")
        return PlayerDecision(enemy.owner, "charge.other", f"Move {enemy.name} 1\" away from "
                              "the charger", offers, ("AS-CHG-13",), free=(PointAnswer(steer),))

    def check_answer(self, state: GameState, proc: OthersProc, answer: Action
                     ) -> Refusal | None:
        if not proc.queue or not isinstance(answer, Choose):
            return Refusal("no other enemy is waiting to be moved", ("AS-CHG-13",))
        eid = proc.queue[0]
        charger = geo.tray_of(unit_of(state, proc.charger))
        world = self.rules.worlds.of(state)
        if self._aligned(state, eid, charger, world) is not None:
            return Refusal("it aligns by the least movement: pick one of the offers",
                           ("AS-CHG-13",))
        x, y = _number(answer, "x"), _number(answer, "y")
        if set(answer.as_dict()) != {"unit", "x", "y"} or answer.get("unit") != eid \
                or x is None or y is None:
            return Refusal(f"answer unit={eid} x=IN y=IN", ("AS-CHG-13",))
        here = geo.tray_of(unit_of(state, eid))
        problem = away_problem(state, eid, charger, here, here.moved_to(x, y, here.facing),
                               world)
        return Refusal(f"not there: {problem}", ("AS-CHG-13",)) if problem else None

    def on_answer(self, state: GameState, proc: OthersProc, answer: Action,
                  ctx: Context) -> None:
        assert isinstance(answer, Choose)
        eid = proc.queue[0]
        charger = geo.tray_of(unit_of(state, proc.charger))
        aligned = self._aligned(state, eid, charger, self.rules.worlds.of(state)) is not None
        proc.queue = proc.queue[1:]
        here = geo.tray_of(unit_of(state, eid))
        x, y = _number(answer, "x"), _number(answer, "y")
        assert x is not None and y is not None
        what = "aligns (its owner's pick of a tie) with" if aligned else \
            "is moved by its owner 1\" away from"
        self._put(state, eid, here.moved_to(x, y, here.facing), what, ctx)


def _offer(eid: str, tray: Tray, label: str, hint: str) -> Offer:
    return Offer(Choose.of(unit=eid, x=round(tray.x, 6), y=round(tray.y, 6)), label, hint,
                 ghost=Ghost(eid, pose=(tray.x, tray.y, tray.facing)))


@dataclass(frozen=True)
class SlideTo:
    """The pointer's answer: ``eid`` slid to where it points, facing kept (a value object, so
    two decisions built from the same state compare equal)."""

    eid: str
    here: Tray

    def __call__(self, point: Point, turn: float, free: bool) -> Offer | None:
        return _offer(self.eid, self.here.moved_to(point[0], point[1], self.here.facing),
                      "Slide here", "Its centre goes where you point; the facing is kept.")
