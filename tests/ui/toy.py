"""A toy ruleset written for the UI tests: it uses the whole plug-in contract (a Steer
command, a targeted command with variants and ghosts, a disabled command, a procedure with
dice, a PickDice re-roll, a PickNumber bid, a PointAnswer shove with ghost offers, inspections
with shapes and odds, a unit card) so that every input mode of the table is driven through the
real scene with no knowledge of any shipped ruleset. Its rule IDs are ``TOY-*``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest

from game.core.actions import Action, Choose, DiceSpec
from game.core.inspect import Area, InfoLine, Inspection, OddsChart, Segment, UnitCard
from game.core.pending import Chance, PickDice, PickNumber, PlayerDecision, PointAnswer, Refusal
from game.core.present import Command, Ghost, Offer, Steer, victory
from game.core.procedure import Steps
from game.core.ruleset import Context, placement_problem
from game.core.state import BoardKind, GameState, Outcome, Procedure, Unit
from game.rulesets.sandbox import SandboxRuleset

STRIDE = 6.0
REACH = 12.0
MAX_REROLL = 2
Point = tuple[float, float]


@dataclass(frozen=True)
class Stride(Action):
    """Move a unit up to 6 inches and turn it (TOY-1)."""

    verb: ClassVar[str] = "stride"
    unit: str
    x: float
    y: float
    facing: float


@dataclass(frozen=True)
class Poke(Action):
    """Poke an enemy within 12 inches, high or low (TOY-2)."""

    verb: ClassVar[str] = "poke"
    unit: str
    target: str
    style: str


@dataclass(frozen=True)
class Turn(Action):
    """Turn in place to one of the four table directions (TOY-8)."""

    verb: ClassVar[str] = "turn"
    unit: str
    facing: float


@dataclass(kw_only=True)
class PokeProc(Procedure):
    """A poke: roll 3d6, maybe re-roll, bid, shove the target."""

    unit: str
    target: str
    dice: tuple[int, ...] = ()
    picked: tuple[int, ...] = ()


def _centre(unit: Unit) -> Point:
    assert unit.tray is not None
    return (unit.tray.x, unit.tray.y)


def _gap(a: Unit, b: Unit) -> float:
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(bx - ax, by - ay)


class PokeSteps(Steps[PokeProc]):
    """The poke on the core loop: the ruleset's poke_* methods do the work."""

    kind = PokeProc

    def __init__(self, ruleset: ToyRuleset) -> None:
        self.ruleset = ruleset

    def waiting(self, state: GameState, proc: PokeProc) -> PlayerDecision | Chance | None:
        return self.ruleset.poke_waiting(state, proc)

    def on_dice(self, state: GameState, proc: PokeProc, results: tuple[int, ...],
                ctx: Context) -> None:
        self.ruleset.poke_dice(state, proc, results, ctx)

    def on_answer(self, state: GameState, proc: PokeProc, answer: Action, ctx: Context) -> None:
        assert isinstance(answer, Choose)
        self.ruleset.poke_answer(state, proc, answer, ctx)

    def check_answer(self, state: GameState, proc: PokeProc, answer: Action) -> Refusal | None:
        if not isinstance(answer, Choose):
            return Refusal("answer with a choice", ("TOY-4",))
        return self.ruleset.poke_check(state, proc, answer)


class ToyRuleset(SandboxRuleset):
    """See the module docstring."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    description: ClassVar[str] = (
        "A toy for the UI tests: units stride and turn, and poke an enemy with three dice, a "
        "re-roll, a bid and a shove anywhere within reach.")
    rule_texts: ClassVar[Mapping[str, str]] = {
        "TOY-1": "A unit strides up to 6 inches and turns as it likes, onto free ground.",
        "TOY-2": "A unit pokes an enemy within 12 inches, high or low.",
        "TOY-3": "A poke rolls three six-sided dice.",
        "TOY-4": "The poker may re-roll up to two of those dice, each at most once.",
        "TOY-5": "Then the poker bids a number from 0 to 10.",
        "TOY-6": "Then the target is shoved anywhere free within 8 inches.",
        "TOY-7": "A poke totalling 17 or more crushes the target and wins the game.",
        "TOY-8": "A unit turns in place to one of the four table directions.",
        "TOY-9": "Toys never take off: the Fly button is there to show a refused command.",
    }
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table",)

    def __init__(self, options: object = None) -> None:
        super().__init__()
        self.register(Stride, self._check_stride, self._do_stride)
        self.register(Poke, self._check_poke, self._do_poke)
        self.register(Turn, self._check_turn, self._do_turn)

    def allows_free_moves(self, state: GameState) -> bool:
        return False

    # --- actions ------------------------------------------------------------------------

    def _mine(self, state: GameState, uid: str) -> Unit | Refusal:
        unit = state.units.get(uid)
        if unit is None or unit.tray is None:
            return Refusal("no such unit", ("TOY-1",))
        if unit.owner != state.turn.active:
            return Refusal("not your unit", ("TOY-1",))
        if state.procedures:
            return Refusal("a poke is running", ("TOY-1",))
        return unit

    def _check_stride(self, state: GameState, action: Stride) -> Refusal | None:
        unit = self._mine(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        assert unit.tray is not None
        far = math.hypot(action.x - unit.tray.x, action.y - unit.tray.y)
        if far > STRIDE + 1e-9:
            return Refusal(f'a stride is at most {STRIDE:g}" (this is {far:.1f}")', ("TOY-1",))
        problem = placement_problem(state, unit.id,
                                    unit.tray.moved_to(action.x, action.y, action.facing))
        return None if problem is None else Refusal(problem, ("TOY-1",))

    def _do_stride(self, state: GameState, action: Stride, ctx: Context) -> None:
        unit = state.units[action.unit]
        assert unit.tray is not None
        unit.tray = unit.tray.moved_to(action.x, action.y, action.facing % 360)
        ctx.emit("toy.stride", f"{unit.name} strides.", ["TOY-1"])

    def _check_turn(self, state: GameState, action: Turn) -> Refusal | None:
        unit = self._mine(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        return None if action.facing in (0.0, 90.0, 180.0, 270.0) else Refusal(
            "turn to 0, 90, 180 or 270", ("TOY-8",))

    def _do_turn(self, state: GameState, action: Turn, ctx: Context) -> None:
        unit = state.units[action.unit]
        assert unit.tray is not None
        unit.tray = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
        ctx.emit("toy.turn", f"{unit.name} turns.", ["TOY-8"])

    def _target_refusal(self, state: GameState, uid: str, target: str) -> Refusal | None:
        me, other = state.units.get(uid), state.units.get(target)
        if me is None or other is None or other.tray is None:
            return Refusal("no such unit", ("TOY-2",))
        if other.owner == me.owner:
            return Refusal("cannot poke a friend", ("TOY-2",))
        if _gap(me, other) > REACH:
            return Refusal(f"too far to poke ({_gap(me, other):.1f}\")", ("TOY-2",))
        return None

    def _check_poke(self, state: GameState, action: Poke) -> Refusal | None:
        unit = self._mine(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        if action.style not in ("high", "low"):
            return Refusal("poke high or low", ("TOY-2",))
        return self._target_refusal(state, action.unit, action.target)

    def _do_poke(self, state: GameState, action: Poke, ctx: Context) -> None:
        state.procedures.append(PokeProc(step="roll", player=state.turn.active,
                                         unit=action.unit, target=action.target))
        ctx.emit("toy.poke", f"{state.units[action.unit].name} pokes.", ["TOY-2"])

    def legal_actions(self, state: GameState) -> list[Action]:
        out = super().legal_actions(state)
        if state.procedures:
            return out
        for unit in state.live_units(state.turn.active):
            out += [a for a in self._pokes(state, unit.id)]
        return out

    def _pokes(self, state: GameState, uid: str) -> Iterator[Poke]:
        for other in state.live_units():
            for style in ("high", "low"):
                poke = Poke(uid, other.id, style)
                if self._check_poke(state, poke) is None:
                    yield poke

    # --- the poke procedure ---------------------------------------------------------------

    def procedure_steps(self) -> tuple[Steps[PokeProc], ...]:
        return (PokeSteps(self),)

    def poke_waiting(self, state: GameState, proc: PokeProc) -> PlayerDecision | Chance | None:
        """What a poke waits for (TOY-3..6)."""
        if proc.step == "roll":
            return Chance(proc.player, DiceSpec(3, 6), "the poke", ("TOY-3",))
        if proc.step == "reroll":
            return PlayerDecision(
                proc.player, "reroll", "Re-roll up to two dice?",
                (Offer(Choose.of(reroll="none"), "Keep all dice"),), ("TOY-4",),
                (PickDice(proc.dice, _reroll_answer, "Re-roll the picked dice"),))
        if proc.step == "reroll-dice":
            return Chance(proc.player, DiceSpec(len(proc.picked), 6), "the re-roll", ("TOY-4",))
        if proc.step == "bid":
            return PlayerDecision(proc.player, "bid", "Bid how much?", (), ("TOY-5",),
                                  (PickNumber("Bid", 0, 10, 1, _bid_answer, 3),))
        return self._shove_decision(state, proc)

    def _shove_decision(self, state: GameState, proc: PokeProc) -> PlayerDecision:
        target = state.units[proc.target]
        assert target.tray is not None
        x, y = target.tray.x, target.tray.y
        offers = tuple(
            Offer(Choose.of(shove=f"{px:g}:{py:g}"), f"Shove {side}", "push it aside",
                  ghost=Ghost(target.id, pose=(px, py, target.tray.facing)))
            for side, px, py in (("left", x - 6.0, y), ("right", x + 6.0, y)))

        def build(point: Point, turn: float, free: bool) -> Offer | None:
            px, py = (point if free else (round(point[0]), round(point[1])))
            return Offer(Choose.of(shove=f"{px:g}:{py:g}"), f"Shove to ({px:g}, {py:g})",
                         ghost=Ghost(target.id, pose=(px, py, target.tray.facing)))

        steer = Steer(target.id, build, "point where the target goes (within 8\")")
        return PlayerDecision(proc.player, "shove", "Where does the target go?", offers,
                              ("TOY-6",), (PointAnswer(steer),))

    def poke_dice(self, state: GameState, proc: PokeProc, results: tuple[int, ...],
                  ctx: Context) -> None:
        """The poke's dice and re-rolled dice (TOY-3, TOY-4)."""
        if proc.step == "roll":
            proc.dice, proc.step = results, "reroll"
        else:
            dice = list(proc.dice)
            for position, face in zip(proc.picked, results, strict=True):
                dice[position - 1] = face
            proc.dice, proc.step = tuple(dice), "bid"
            ctx.emit("toy.reroll", f"re-rolled dice {proc.picked}", ["TOY-4"])

    def poke_check(self, state: GameState, proc: PokeProc, choice: Choose) -> Refusal | None:
        """Why a free answer to the poke's question is refused."""
        if proc.step == "reroll":
            return _check_reroll(proc, choice)
        if proc.step == "bid":
            value = choice.get("bid") or ""
            ok = value.isdigit() and 0 <= int(value) <= 10
            return None if ok else Refusal("bid 0 to 10", ("TOY-5",))
        if proc.step == "shove":
            return self._check_shove(state, proc, choice)
        return Refusal("not now", ("TOY-4",))

    def _check_shove(self, state: GameState, proc: PokeProc, choice: Choose) -> Refusal | None:
        target = state.units[proc.target]
        assert target.tray is not None
        try:
            x, y = (float(v) for v in (choice.get("shove") or "").split(":"))
        except ValueError:
            return Refusal("shove to x:y", ("TOY-6",))
        if math.hypot(x - target.tray.x, y - target.tray.y) > 8.0:
            return Refusal('a shove is at most 8"', ("TOY-6",))
        problem = placement_problem(state, target.id, target.tray.moved_to(x, y,
                                                                           target.tray.facing))
        return None if problem is None else Refusal(problem, ("TOY-6",))

    def poke_answer(self, state: GameState, proc: PokeProc, choice: Choose,
                    ctx: Context) -> None:
        """The answers of the poke's questions (TOY-4..7)."""
        if proc.step == "reroll":
            value = choice.get("reroll") or "none"
            proc.picked = () if value == "none" else tuple(int(v) for v in value.split("+"))
            proc.step = "reroll-dice" if proc.picked else "bid"
        elif proc.step == "bid":
            proc.step = "shove"
            ctx.emit("toy.bid", f"bid {choice.get('bid')}", ["TOY-5"])
        else:
            target = state.units[proc.target]
            assert target.tray is not None
            x, y = (float(v) for v in (choice.get("shove") or "0:0").split(":"))
            target.tray = target.tray.moved_to(x, y, target.tray.facing)
            state.procedures.pop()
            ctx.emit("toy.shove", f"{target.name} is shoved.", ["TOY-6"])
            if sum(proc.dice) >= 17:
                target.destroyed = True  # a crushing poke (TOY-7): the toy is out, game over
                winner = state.player(proc.player)
                state.outcome = Outcome(winner.number, victory(winner.name, "a crushing poke"))

    # --- presentation ---------------------------------------------------------------------

    def present(self, state: GameState, action: Action) -> Offer:
        if isinstance(action, Poke):
            target = state.units[action.target]
            assert target.tray is not None
            side = -1.0 if action.style == "high" else 1.0
            ghost = Ghost(action.unit, pose=(target.tray.x + side * 6.0,
                                             target.tray.y - 7.0, 0.0))
            return Offer(action, f"Poke {target.name} {action.style}",
                         f"a {action.style} poke", target.id, ghost)
        if isinstance(action, Turn):
            unit = state.units[action.unit]
            assert unit.tray is not None
            return Offer(action, f"Turn to {action.facing:g}",
                         ghost=Ghost(unit.id, pose=(unit.tray.x, unit.tray.y, action.facing)))
        if isinstance(action, Stride):
            return Offer(action, f"Stride to ({action.x:g}, {action.y:g})",
                         ghost=Ghost(action.unit, pose=(action.x, action.y, action.facing)))
        return super().present(state, action)

    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        unit = state.units.get(unit_id)
        if unit is None or unit.tray is None:
            return ()
        mine = self._mine(state, unit_id)
        pokes = tuple(self.present(state, a) for a in self._pokes(state, unit_id))
        return (
            Command("stride", "Stride", "move up to 6\" and turn",
                    steer=None if isinstance(mine, Refusal) else self._steer(state, unit),
                    refusal=mine if isinstance(mine, Refusal) else None),
            Command("poke", "Poke", "poke an enemy within 12\"", pokes,
                    refusal=None if pokes else Refusal("nobody to poke", ("TOY-2",)),
                    target_refusal=lambda t: self._target_refusal(state, unit_id, t)),
            Command("fly", "Fly", "take off", refusal=Refusal("toys cannot fly", ("TOY-9",))),
            Command("turn", "Turn", "turn in place",
                    tuple(self.present(state, Turn(unit_id, f)) for f in (0.0, 90.0, 180.0, 270.0)
                          if not isinstance(mine, Refusal)),
                    refusal=mine if isinstance(mine, Refusal) else None),
        )

    def _steer(self, state: GameState, unit: Unit) -> Steer:
        tray = unit.tray
        assert tray is not None

        def build(point: Point, turn: float, free: bool) -> Offer | None:
            x, y = point if free else (round(point[0] * 2) / 2, round(point[1] * 2) / 2)
            return self.present(state, Stride(unit.id, x, y, (tray.facing + turn) % 360))

        return Steer(unit.id, build, "point where to go; the wheel turns", 15.0)

    # --- inspection -----------------------------------------------------------------------

    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str) -> Inspection | None:
        viewer, target = state.units.get(viewer_id), state.units.get(target_id)
        if viewer is None or target is None or viewer.tray is None or target.tray is None:
            return None
        gap = _gap(viewer, target)
        a, b = _centre(viewer), _centre(target)
        return Inspection(
            f"{viewer.name} -> {target.name}",
            (InfoLine(f'Reach {gap:.1f}" of {REACH:g}"', ("TOY-2",),
                      "good" if gap <= REACH else "bad"),),
            (Segment(a, b, "range", f'{gap:.1f}"'), Segment(a, (a[0], b[1]), "sight"),
             Area(((b[0] - 1, b[1] - 1), (b[0] + 1, b[1] - 1), (b[0], b[1] + 1)), "highlight")),
            (OddsChart("Poke hits", (("0", Fraction(1, 4)), ("1", Fraction(1, 2)),
                                     ("2", Fraction(1, 4))), ("TOY-3",)),),
        )

    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        unit = state.units.get(unit_id)
        if unit is None or unit.tray is None:
            return None
        x, y = _centre(unit)
        ring = tuple((x + STRIDE * math.cos(k * math.tau / 24),
                      y + STRIDE * math.sin(k * math.tau / 24)) for k in range(24))
        return Inspection(unit.name, (InfoLine("can stride 6\"", ("TOY-1",)),),
                          (Area(ring, "reach"),))

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        unit = state.units.get(unit_id)
        if unit is None:
            return None
        return UnitCard(f"Toy {unit.name}", (InfoLine("Stride 6\""), InfoLine("Reach 12\"")))


def _reroll_answer(picked: frozenset[int]) -> Action:
    return Choose.of(reroll="+".join(map(str, sorted(picked))) or "none")


def _bid_answer(value: float) -> Action:
    return Choose.of(bid=str(int(value)))


def _check_reroll(proc: PokeProc, choice: Choose) -> Refusal | None:
    value = choice.get("reroll") or ""
    try:
        picked = [int(v) for v in value.split("+")]
    except ValueError:
        return Refusal("pick dice by position", ("TOY-4",))
    if len(picked) > MAX_REROLL:
        return Refusal(f"re-roll at most {MAX_REROLL} dice", ("TOY-4",))
    if len(set(picked)) != len(picked) or not all(1 <= p <= len(proc.dice) for p in picked):
        return Refusal("pick each die once", ("TOY-4",))
    return None


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy in the ruleset registry (for scenario files naming ``ruleset = "toy"``)."""
    import game.rulesets as registry

    entry = registry.RulesetEntry.of(ToyRuleset)
    monkeypatch.setattr(registry, "RULESETS", (*registry.RULESETS, entry))
