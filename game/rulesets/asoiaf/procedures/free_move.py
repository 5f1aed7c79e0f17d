"""Free moves offered one unit at a time: Surge Forth's free Maneuver and free Pivots
(AS-SRG-1) and the free Pivots of enemies a Retreat left unengaged (AS-CORE-4).

Each decision takes ANY legal Maneuver or facing (AS-SRG-1): a few useful offers (skip, the
longest moves, face the nearest enemy) plus a free answer by pointing, checked here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import Action, Choose
from game.core.pending import PlayerDecision, PointAnswer, Refusal
from game.core.present import Ghost, Offer, Point, Steer, possessive
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.core.words import compass_words, pivot_to_words
from game.rulesets.asoiaf import geo, moves, steer
from game.rulesets.asoiaf.procedures.common import AsoiafSteps, move_maneuver, unit_of
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import facing_words, maneuver_words

CHOOSE = "choose"
"""The only step: waiting for the next unit's answer."""
MANEUVER = "maneuver"
PIVOT = "pivot"


Builder = Callable[[Point, float, bool], Offer | None]
"""Turns a pointer, a wheel turn and the free-aim flag into an offer."""


@dataclass(kw_only=True)
class FreeMoveProc(Procedure):
    """Free moves offered one unit at a time: Surge Forth's Maneuver and Pivots (AS-SRG-1),
    the pivots of enemies a Retreat left unengaged (AS-CORE-4). ``queue`` holds
    ``(unit id, "maneuver" | "pivot", rule ID)``; step choose."""

    queue: tuple[tuple[str, str, str], ...]


def free_moves(player: int, queue: list[tuple[str, str, str]]) -> FreeMoveProc:
    """A new queue of free moves decided by ``player``."""
    return FreeMoveProc(step=CHOOSE, player=player, queue=tuple(queue))


def _number(answer: Choose, key: str) -> float | None:
    raw = answer.get(key)
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def nearest_enemy(state: GameState, unit: AsoiafUnit) -> AsoiafUnit | None:
    """The enemy closest to ``unit`` (for the "face the nearest enemy" offer)."""
    enemies = geo.enemies_of(state, unit)
    tray = geo.tray_of(unit)
    return min(enemies, key=lambda e: tray.polygon.distance(geo.tray_of(e).polygon),
               default=None)


def maneuver_offer(state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                   then: float, answer: Action) -> Offer:
    """A Maneuver as an offer, with its ghost."""
    end = moves.maneuver_tray(unit, turn, distance, then)
    return Offer(answer, maneuver_words(turn, distance, then), "A free Maneuver.",
                 ghost=Ghost(unit.id, pose=(end.x, end.y, end.facing)))


def pivot_offer(unit: AsoiafUnit, facing: float, label: str = "") -> Offer:
    """A free Pivot to ``facing`` as an offer, with its ghost."""
    tray = geo.tray_of(unit)
    words = label or facing_words(facing, tray.facing)
    return Offer(Choose.of(unit=unit.id, facing=facing), words, "A free Pivot in place.",
                 ghost=Ghost(unit.id, pose=(tray.x, tray.y, facing)))


class FreeMoveSteps(AsoiafSteps[FreeMoveProc]):
    """Offers each queued free move in turn; checks free answers (AS-SRG-1, AS-CORE-4)."""

    kind = FreeMoveProc

    def waiting(self, state: GameState, proc: FreeMoveProc) -> PlayerDecision | None:
        if not proc.queue or not state.units[proc.queue[0][0]].on_board:
            return None
        uid, kind, rule = proc.queue[0]
        unit = unit_of(state, uid)
        skip = Offer(Choose.of(unit=uid, skip="yes"), "Skip", f"{unit.name} stays as it is.")
        if kind == MANEUVER:
            offers = [skip, *(maneuver_offer(state, unit, t, d, n,
                                             Choose.of(unit=uid, turn=t, distance=d, then=n))
                              for t, d, n in moves.sample_maneuvers(
                                  state, unit, self.rules.worlds.of(state)))]
            prompt = f"{unit.name} may make a free Maneuver (Surge Forth)"
            hint = "Point where to go; the wheel turns the final facing."
        else:
            offers = [skip, *self._pivot_offers(state, unit, self.rules.worlds.of(state))]
            prompt = f"{unit.name} may make a free Pivot"
            hint = "Point where to face."
        free = PointAnswer(Steer(uid, self._builder(state, unit, kind), hint))
        return PlayerDecision(unit.owner, f"free.{kind}", prompt, tuple(offers), (rule,),
                              free=(free,))

    @staticmethod
    def _pivot_offers(state: GameState, unit: AsoiafUnit, world: geo.RulesWorld
                      ) -> list[Offer]:
        enemy = nearest_enemy(state, unit)
        facings = moves.pivot_options(state, unit, enemy, world)
        out = []
        for i, facing in enumerate(facings):
            label = f"Face {enemy.name}" if enemy is not None and i == 0 else ""
            out.append(pivot_offer(unit, facing, label))
        return out

    @staticmethod
    def _builder(state: GameState, unit: AsoiafUnit, kind: str) -> Builder:
        tray = geo.tray_of(unit)

        def build(point: Point, turn: float, free: bool) -> Offer | None:
            if kind == MANEUVER:
                t, d, n = steer.maneuver_toward(tray, point, float(unit.stats.speed), turn,
                                                free)
                return maneuver_offer(state, unit, t, d, n,
                                      Choose.of(unit=unit.id, turn=t, distance=d, then=n))
            return pivot_offer(unit, steer.facing_toward(tray, point, turn, free))

        return build

    def check_answer(self, state: GameState, proc: FreeMoveProc, answer: Action
                     ) -> Refusal | None:
        if not proc.queue or not isinstance(answer, Choose):
            return Refusal("no free move is waiting", ("AS-SRG-1",))
        uid, kind, rule = proc.queue[0]
        unit = unit_of(state, uid)
        keys = set(answer.as_dict())
        if answer.get("unit") != uid:
            return Refusal(f"the free {kind} is {possessive(unit.name)}", (rule,))
        if keys == {"unit", "skip"} and answer.get("skip") == "yes":
            return None
        world = self.rules.worlds.of(state)
        if kind == MANEUVER:
            return self._check_maneuver(state, unit, answer, keys, rule, world)
        facing = _number(answer, "facing")
        if keys != {"unit", "facing"} or facing is None:
            return Refusal("a free Pivot answers unit=ID facing=DEGREES", (rule,))
        tray = geo.tray_of(unit)
        problem = geo.placement_problem(state, uid, tray.moved_to(tray.x, tray.y, facing),
                                        world)
        return Refusal(f"{unit.name} cannot face {compass_words(facing)}: {problem}",
                       (rule,)) if problem else None

    @staticmethod
    def _check_maneuver(state: GameState, unit: AsoiafUnit, answer: Choose, keys: set[str],
                        rule: str, world: geo.RulesWorld) -> Refusal | None:
        """AS-SRG-1: any Maneuver the unit could make (AS-CORE-3)."""
        numbers = [_number(answer, k) for k in ("turn", "distance", "then")]
        if not keys <= {"unit", "turn", "distance", "then"} or not {"turn", "distance"} <= keys:
            return Refusal("a free Maneuver answers unit=ID turn=DEG distance=IN then=DEG",
                           (rule,))
        if numbers[0] is None or numbers[1] is None or ("then" in keys and numbers[2] is None):
            return Refusal("turn, distance and then are numbers", (rule,))
        problem = moves.maneuver_problem(state, unit, numbers[0], numbers[1], numbers[2] or 0.0,
                                         world)
        return Refusal(problem, (rule, "AS-CORE-3")) if problem else None

    def advance(self, state: GameState, proc: FreeMoveProc, ctx: Context) -> bool:
        while proc.queue and not state.units[proc.queue[0][0]].on_board:
            proc.queue = proc.queue[1:]
        if not proc.queue:
            state.procedures.pop()
            return True
        return False

    def on_answer(self, state: GameState, proc: FreeMoveProc, answer: Action,
                  ctx: Context) -> None:
        assert isinstance(answer, Choose)
        uid, kind, rule = proc.queue[0]
        proc.queue = proc.queue[1:]
        unit = unit_of(state, uid)
        if answer.get("skip") == "yes":
            ctx.emit("free.skipped", f"{unit.name} does not use its free {kind}.", [rule],
                     player=unit.owner, unit=uid)
        elif kind == MANEUVER:
            move_maneuver(state, unit, float(answer.get("turn") or 0),
                          float(answer.get("distance") or 0),
                          float(answer.get("then") or 0), [rule, "AS-CORE-3"], ctx)
        else:
            tray = geo.tray_of(unit)
            facing = float(answer.get("facing") or 0)
            unit.tray = tray.moved_to(tray.x, tray.y, facing)
            ctx.emit("unit.pivoted", f"{unit.name} "
                     f"{pivot_to_words(tray.facing, facing)}.", [rule],
                     player=unit.owner, unit=uid, facing=facing)
        if not proc.queue:
            state.procedures.pop()
