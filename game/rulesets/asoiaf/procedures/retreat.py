"""A Retreat (AS-CORE-4): roll D6 + Speed, then move back or sideways (forward too when an
enemy engages from the flank or rear) up to that far, ending at ANY legal facing; enemies left
unengaged then get a free Pivot."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.core.actions import Action, Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision, PointAnswer, Refusal
from game.core.present import Ghost, Offer, Point, Steer
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.core.words import pivot_to_words
from game.rulesets.asoiaf import geo, moves, steer
from game.rulesets.asoiaf.procedures.common import AsoiafSteps, unit_of
from game.rulesets.asoiaf.procedures.free_move import PIVOT, free_moves
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import facing_words

ROLL = "roll"
MOVE = "move"
STAY = "stay"


Builder = Callable[[Point, float, bool], Offer | None]
"""Turns a pointer, a wheel turn and the free-aim flag into an offer."""


@dataclass(kw_only=True)
class RetreatProc(Procedure):
    """A Retreat (AS-CORE-4): steps roll, move."""

    unit: str
    roll: int = 0
    enemies: tuple[str, ...] = ()


def start_retreat(unit: AsoiafUnit, enemies: tuple[str, ...]) -> RetreatProc:
    """A new Retreat of ``unit`` from ``enemies``, the enemies it engages now (its plan's)."""
    return RetreatProc(step=ROLL, player=unit.owner, unit=unit.id, enemies=enemies)


def retreat_offer(unit: AsoiafUnit, direction: str, distance: float, facing: float) -> Offer:
    """One Retreat move as an offer with its ghost."""
    end = moves.retreat_tray(unit, direction, distance, facing)
    turn = facing_words(facing, geo.tray_of(unit).facing).lower()
    label = f'Retreat {distance:g}" {direction}, {turn}'
    return Offer(Choose.of(dir=direction, distance=distance, facing=facing), label,
                 "Move away from the enemy; it must end 1\" or more from every enemy.",
                 ghost=Ghost(unit.id, pose=(end.x, end.y, end.facing)))


def _limit(unit: AsoiafUnit, proc: RetreatProc) -> float:
    return float(proc.roll + unit.stats.speed)


class RetreatSteps(AsoiafSteps[RetreatProc]):
    """Roll the distance, then take the player's move (offered or pointed, AS-CORE-4)."""

    kind = RetreatProc

    def waiting(self, state: GameState, proc: RetreatProc) -> PlayerDecision | Chance:
        unit = unit_of(state, proc.unit)
        if proc.step == ROLL:
            return Chance(proc.player, DiceSpec(1, 6), f"Retreat distance of {unit.name} "
                          f"(D6 + Speed {unit.stats.speed})", ("AS-CORE-4",))
        limit = _limit(unit, proc)
        world = self.rules.worlds.of(state)
        offers = [retreat_offer(unit, d, dist, f)
                  for d, dist, f in moves.retreat_options(state, unit, limit, world)]
        offers.append(Offer(Choose.of(dir=STAY), "Stay in place",
                            f"{unit.name} does not move."))
        free = PointAnswer(Steer(unit.id, self._builder(state, unit, limit, world),
                                 "Point where to retreat; the wheel turns the final facing."))
        return PlayerDecision(proc.player, "retreat.move", f"Where does {unit.name} retreat "
                              f"(up to {limit:g}\")?", tuple(offers), ("AS-CORE-4",),
                              free=(free,))

    @staticmethod
    def _builder(state: GameState, unit: AsoiafUnit, limit: float, world: geo.RulesWorld
                 ) -> Builder:
        tray = geo.tray_of(unit)
        directions = moves.retreat_directions(state, unit, world)
        vectors = {d: moves.direction_vector(tray, d) for d in directions}

        def build(point: Point, turn: float, free: bool) -> Offer | None:
            where = steer.retreat_toward(tray, point, directions, limit, vectors, free)
            if where is None:
                return None
            facing = (tray.facing + turn) % 360.0
            return retreat_offer(unit, where[0], where[1],
                                 round(facing, 3) if free else float(round(facing) % 360))

        return build

    def check_answer(self, state: GameState, proc: RetreatProc, answer: Action
                     ) -> Refusal | None:
        """AS-CORE-4: any allowed direction, any distance up to the roll, any facing that
        fits and ends 1" from every enemy."""
        if proc.step != MOVE or not isinstance(answer, Choose):
            return Refusal("no Retreat move is waiting", ("AS-CORE-4",))
        unit = unit_of(state, proc.unit)
        values = answer.as_dict()
        if values == {"dir": STAY}:
            return None
        if set(values) != {"dir", "distance", "facing"}:
            return Refusal("a Retreat answers dir=back|left|right|forward distance=IN "
                           "facing=DEG", ("AS-CORE-4",))
        try:
            distance, facing = float(values["distance"]), float(values["facing"])
        except ValueError:
            return Refusal("distance and facing are numbers", ("AS-CORE-4",))
        if not (math.isfinite(distance) and math.isfinite(facing)):
            return Refusal("distance and facing are finite numbers", ("AS-CORE-4",))
        world = self.rules.worlds.of(state)
        if values["dir"] not in moves.retreat_directions(state, unit, world):
            return Refusal(f"{unit.name} cannot retreat {values['dir']}", ("AS-CORE-4",))
        if not 0.0 < distance <= _limit(unit, proc) + 1e-9:
            return Refusal(f"the Retreat is more than 0 and at most {_limit(unit, proc):g}\"",
                           ("AS-CORE-4",))
        problem = moves.retreat_problem(state, unit, values["dir"], distance, facing, world)
        return Refusal(problem, ("AS-CORE-4",)) if problem else None

    def on_dice(self, state: GameState, proc: RetreatProc, results: tuple[int, ...],
                ctx: Context) -> None:
        proc.roll = results[0]
        proc.step = MOVE
        unit = unit_of(state, proc.unit)
        ctx.emit("retreat.roll", f"{unit.name} may retreat up to {proc.roll + unit.stats.speed}\""
                 f" (D6 {proc.roll} + Speed {unit.stats.speed}).", ["AS-CORE-4"],
                 player=unit.owner, unit=unit.id, d6=proc.roll, distance=proc.roll +
                 unit.stats.speed)

    def on_answer(self, state: GameState, proc: RetreatProc, answer: Action,
                  ctx: Context) -> None:
        assert isinstance(answer, Choose)
        state.procedures.pop()
        unit = unit_of(state, proc.unit)
        direction = answer.get("dir") or STAY
        if direction == STAY:
            ctx.emit("retreat.stay", f"{unit.name} stays where it is.", ["AS-CORE-4"],
                     player=unit.owner, unit=unit.id)
            return
        distance, facing = float(answer.get("distance") or 0), float(answer.get("facing") or 0)
        turn = pivot_to_words(geo.tray_of(unit).facing, facing)
        unit.tray = moves.retreat_tray(unit, direction, distance, facing)
        ctx.emit("retreat.move", f"{unit.name} retreats {round(distance, 1):g}\" {direction} and "
                 f"{turn}.", ["AS-CORE-4"], player=unit.owner, unit=unit.id,
                 direction=direction, distance=distance, facing=facing)
        world = self.rules.worlds.of(state)  # the position after the move
        freed = [e for e in proc.enemies if state.units[e].on_board
                 and not geo.engaged_enemies(state, unit_of(state, e), world=world)]
        if freed:
            state.procedures.append(free_moves(unit.owner,
                                               [(e, PIVOT, "AS-CORE-4") for e in freed]))
