"""Hex Tag: a toy ruleset that lives only in the tests and proves the plug-in contract.

It is a third board game, written against ``game.core`` alone, so that the conformance suite
and ``docs/architecture.md`` have a small worked example that is not one of the shipped systems.
It is not in :data:`game.rulesets.RULESETS`; a test builds its :class:`GameState` by hand.

The game: runners on a small hex map. A turn has two phases (``state.turn.phase``): in the
Move phase each runner of the active player may step to a neighbouring empty hex; in the Tag
phase each may try to tag an enemy runner next to it. A tag is a procedure: the tagger picks how
many dice to throw (a decision with two labelled offers and one free answer, a number), the dice
are thrown (a chance node), and any die at or above the target's dodge tags it out. A side with
no runner left loses; after the last round the game is a draw.

Its rule IDs are ``TOY-*`` (the toy's own; the shipped systems use AS-, HX-, NA-, RL- and WB-).

It also brings its own vocabulary, all declared here (issue 24, the extension test): a
terrain keyword (``mud``: a runner standing in mud is tagged out by one pip less), a map
feature (``[[hexmap.bells]]``: a runner stepping onto a bell gets a stamina back), its
profiles for scenario files, its lessons (``lessons/`` beside this module) and a bench table of
``n`` runners. ``test_extension.py`` registers it and plays it through the loader, the real
table, ``learn --verify`` and ``bench play`` with no edit outside this folder.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from game.core.actions import JSON, Action, Choose, DiceSpec, EndActivation
from game.core.game import Game
from game.core.inspect import HexMark, InfoLine, Inspection, OddsChart, Segment, UnitCard
from game.core.odds import plan_outcomes
from game.core.pending import Chance, PickNumber, PlayerDecision, Refusal
from game.core.plan import ActionKind, Outcomes, Placement, Plan, Quantity, distribution
from game.core.present import Command, Ghost, Offer
from game.core.procedure import Steps
from game.core.ruleset import (
    Context,
    Ruleset,
    SetupError,
    SetupProblem,
    UnitSetup,
    hex_label,
)
from game.core.state import (
    BoardKind,
    GameState,
    HexBoard,
    HexCell,
    Outcome,
    Player,
    Procedure,
    Unit,
)
from game.core.vocab import (
    TABLE_KEYWORDS,
    BenchTable,
    FeatureKind,
    MapFeature,
    OptionSpec,
    TerrainKeyword,
)
from game.geometry.hexgrid import Hex, hex_center

MOVE, TAG = "move", "tag"
"""The two phases of a turn (TOY-TRN-1)."""

MAX_DICE = 4
"""The largest number the free answer lets a player type (stamina caps it lower)."""

TOY_RULES: Mapping[str, str] = {
    "TOY-TRN-1": "A turn has two phases, Move then Tag. Ending the Move phase opens the Tag "
    "phase; ending the Tag phase passes the turn to the other player.",
    "TOY-MOV-1": "In the Move phase each runner of the active player may step once to a "
    "neighbouring hex that is on the map, passable and empty.",
    "TOY-TAG-1": "In the Tag phase each runner of the active player may try once to tag an "
    "enemy runner on a neighbouring hex.",
    "TOY-TAG-2": "The tagger says how many dice it throws: at least one, at most its stamina. "
    "Every die thrown costs one stamina.",
    "TOY-TAG-3": "Throw the dice: if any die shows the target's dodge number or more, the "
    "target is tagged out and leaves the map.",
    "TOY-END-1": "A side whose runners are all tagged out loses. When the last round is over "
    "the game ends in a draw.",
    "TOY-TER-1": "Mud: a runner standing in mud is tagged out by a die one below its dodge "
    "number.",
    "TOY-BEL-1": "Bells: a runner that steps onto a bell gets one stamina back, up to three.",
}

MUD = TerrainKeyword("mud", "a runner in it is tagged out by one pip less (TOY-TER-1)")
TOY_KEYWORDS: tuple[TerrainKeyword, ...] = (*TABLE_KEYWORDS, MUD)
"""The table's keywords (impassable pillars) and the toy's own."""
MAX_STAMINA = 3
PROFILES: Mapping[str, tuple[int, int]] = {"runner": (3, 4), "dodger": (3, 5)}
"""The profiles a scenario may name: stamina, dodge."""


class BellEntry(BaseModel):
    """One ``[[hexmap.bells]]`` entry: the hex a bell hangs over."""

    model_config = ConfigDict(extra="forbid")
    at: tuple[int, int]


@dataclass(frozen=True)
class Bell(MapFeature):
    """A bell on a hex (TOY-BEL-1)."""

    key: ClassVar[str] = "bells"
    at: Hex

    def hexes(self) -> tuple[Hex, ...]:
        return (self.at,)


BELLS = FeatureKind("bells", "a runner stepping onto it gets one stamina back (TOY-BEL-1)",
                    BellEntry, lambda entry: Bell(Hex(*entry.at)))


# --- the toy's actions, unit and procedure (plain data) ------------------------------------


@dataclass(frozen=True)
class Step(Action):
    """Step a runner to a neighbouring empty hex. TOY-MOV-1."""

    verb: ClassVar[str] = "step"
    unit: str
    q: int
    r: int


@dataclass(frozen=True)
class Tag(Action):
    """Try to tag an enemy runner on a neighbouring hex. TOY-TAG-1."""

    verb: ClassVar[str] = "tag"
    arrow_before: ClassVar[str | None] = "target"
    unit: str
    target: str


@dataclass(kw_only=True)
class Runner(Unit):
    """A runner: stamina pays for tag dice (TOY-TAG-2); dodge is what a tag die must reach."""

    stamina: int = 3
    dodge: int = 5

    def status(self) -> dict[str, JSON]:
        return {"stamina": self.stamina, "dodge": self.dodge}


EFFORT, ROLL, RESOLVE = "effort", "roll", "resolve"
"""The steps of a tag attempt: ask for the dice, throw them, settle the result."""


@dataclass(kw_only=True)
class TagAttempt(Procedure):
    """A tag in progress (TOY-TAG-1..3)."""

    tagger: str
    target: str
    dice: int = 0
    faces: list[int] = field(default_factory=list)


def runner(state: GameState, unit_id: str) -> Runner:
    """The runner ``unit_id`` (the toy's states hold nothing else)."""
    unit = state.units[unit_id]
    assert isinstance(unit, Runner)
    return unit


def dodge_of(state: GameState, target: Runner) -> int:
    """The number that tags ``target`` out: its dodge, one less in mud (TOY-TAG-3, TOY-TER-1)."""
    board = state.board
    cell = board.cells.get(target.hex) if isinstance(board, HexBoard) and target.hex else None
    return target.dodge - 1 if cell is not None and cell.has(MUD.name) else target.dodge


def tag_rules(state: GameState, target: Runner) -> tuple[str, ...]:
    """The rules a tag at ``target`` is decided by: TOY-TAG-3, and TOY-TER-1 in mud."""
    return ("TOY-TAG-3",) if dodge_of(state, target) == target.dodge else ("TOY-TAG-3",
                                                                            "TOY-TER-1")


def bell_at(state: GameState, h: Hex) -> bool:
    """Whether a bell hangs over ``h`` (TOY-BEL-1)."""
    board = state.board
    return isinstance(board, HexBoard) and any(
        isinstance(f, Bell) and f.at == h for f in board.features)


def tag_odds(dice: int, dodge: int) -> Fraction:
    """The exact chance that ``dice`` d6 show at least one ``dodge`` or more (TOY-TAG-3)."""
    miss = Fraction(max(0, min(6, dodge - 1)), 6)
    return 1 - miss**dice


def tag_outcomes(stamina: int, dodge: int) -> Outcomes:
    """The exact chance to tag out for every number of dice the tagger may throw (TOY-TAG-2,
    TOY-TAG-3): one quantity per number, 1 (tagged out) or 0 (dodged)."""
    return Outcomes(tuple(
        Quantity(f"tagged_out_{n}d", f"Tagged out with {n} {'die' if n == 1 else 'dice'}",
                 distribution({0: 1 - tag_odds(n, dodge), 1: tag_odds(n, dodge)}),
                 ("TOY-TAG-2", "TOY-TAG-3"))
        for n in range(1, min(stamina, MAX_DICE) + 1)))


StepPlan = Plan[Step, Hex]
"""A step's plan: its detail is the hex the runner steps to (TOY-MOV-1)."""
TagPlan = Plan[Tag, None]
"""A tag's plan: the target, and the exact odds of each number of dice (TOY-TAG-1..3)."""


def dice_answer(number: float) -> Action:
    """The action a typed number of dice stands for (the free answer's builder); a number
    that is not whole is passed on as it is, for the ruleset to refuse."""
    return Choose.of(dice=int(number) if float(number).is_integer() else number)


# --- the procedure's steps ------------------------------------------------------------------


class TagSteps(Steps[TagAttempt]):
    """How a tag runs on the core's procedure loop: decision, chance node, automatic end."""

    kind: ClassVar[type[Procedure]] = TagAttempt

    def waiting(self, state: GameState, proc: TagAttempt) -> PlayerDecision | Chance | None:
        tagger, target = runner(state, proc.tagger), runner(state, proc.target)
        if proc.step == EFFORT:
            offers = tuple(
                Offer(Choose.of(dice=n), label,
                      hint=f"{tag_odds(n, dodge_of(state, target))} to tag out")
                for n, label in ((1, "Careful: throw 1 die"), (2, "Bold: throw 2 dice"))
                if n <= tagger.stamina)
            free = PickNumber("Dice to throw", 1, MAX_DICE, 1, dice_answer, default=1)
            return PlayerDecision(proc.player, "tag.effort",
                                  f"How many dice does {tagger.name} throw at {target.name}?",
                                  offers, ("TOY-TAG-2",), free=(free,))
        if proc.step == ROLL:
            return Chance(proc.player, DiceSpec(proc.dice, 6),
                          f"{tagger.name} tags at {target.name} ({dodge_of(state, target)}+ "
                          "tags out)", tag_rules(state, target))
        return None

    def check_answer(self, state: GameState, proc: TagAttempt, answer: Action) -> Refusal | None:
        if proc.step != EFFORT or not isinstance(answer, Choose):
            return Refusal("no number of dice is asked for now", ("TOY-TAG-2",))
        raw = answer.as_dict()
        if set(raw) != {"dice"}:
            return Refusal("say only how many dice to throw", ("TOY-TAG-2",))
        try:
            dice = int(raw["dice"])
        except ValueError:
            return Refusal(f"{raw['dice']} is not a whole number of dice", ("TOY-TAG-2",))
        tagger = runner(state, proc.tagger)
        if dice < 1:
            return Refusal("throw at least one die", ("TOY-TAG-2",))
        if dice > tagger.stamina:
            return Refusal(f"{tagger.name} has only {tagger.stamina} stamina", ("TOY-TAG-2",))
        return None

    def answer_odds(self, state: GameState, proc: TagAttempt,
                    answer: Action) -> Callable[[], Outcomes] | None:
        """Throwing n dice has its odds (TOY-TAG-3): the exact chance to tag out, captured
        now (the target's dodge where it stands)."""
        if proc.step != EFFORT or not isinstance(answer, Choose):
            return None
        dice, dodge = int(answer.get("dice") or 1), dodge_of(state, runner(state, proc.target))
        return lambda: Outcomes((Quantity(
            "tagged_out", f"Tagged out with {dice} {'die' if dice == 1 else 'dice'}",
            distribution({0: 1 - tag_odds(dice, dodge), 1: tag_odds(dice, dodge)}),
            ("TOY-TAG-2", "TOY-TAG-3")),))

    def on_answer(self, state: GameState, proc: TagAttempt, answer: Action,
                  ctx: Context) -> None:
        assert isinstance(answer, Choose)
        tagger = runner(state, proc.tagger)
        proc.dice = int(answer.get("dice") or 1)
        tagger.stamina -= proc.dice
        proc.step = ROLL
        ctx.emit("tag.effort", f"{tagger.name} spends {proc.dice} stamina on the tag.",
                 ["TOY-TAG-2"], player=tagger.owner, unit=tagger.id, dice=proc.dice,
                 stamina=tagger.stamina)

    def on_dice(self, state: GameState, proc: TagAttempt, results: tuple[int, ...],
                ctx: Context) -> None:
        proc.faces = list(results)
        proc.step = RESOLVE

    def advance(self, state: GameState, proc: TagAttempt, ctx: Context) -> bool:
        if proc.step != RESOLVE:
            return False
        tagger, target = runner(state, proc.tagger), runner(state, proc.target)
        hit = any(face >= dodge_of(state, target) for face in proc.faces)
        target.destroyed = target.destroyed or hit
        verdict = "is tagged out" if hit else "dodges"
        ctx.emit("tag.result", f"{target.name} {verdict}.", list(tag_rules(state, target)),
                 player=tagger.owner, unit=tagger.id, target=target.id, hit=hit,
                 faces=list(proc.faces))
        state.procedures.pop()
        return True


# --- the ruleset ------------------------------------------------------------------------------


class TagRuleset(Ruleset):
    """Hex Tag (see the module docstring): the contract's worked example."""

    name: ClassVar[str] = "tag"
    title: ClassVar[str] = "Hex Tag"
    description: ClassVar[str] = (
        "A toy game of tag on a small hex map: step your runners next to the enemy's, then "
        "throw dice to tag them out. Whoever still has runners at the end wins.")
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("hex",)
    rule_texts: ClassVar[Mapping[str, str]] = TOY_RULES
    phases: ClassVar[tuple[str, ...]] = (MOVE, TAG)
    option_keys: ClassVar[tuple[str, ...]] = ("rounds",)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 6, "the game is a draw after this many rounds", "int"),)
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = TOY_KEYWORDS
    map_features: ClassVar[tuple[FeatureKind, ...]] = (BELLS,)
    bench_sizes: ClassVar[tuple[int, ...]] = (12,)

    def profile_ids(self) -> Sequence[str]:
        return tuple(PROFILES)

    def build_unit(self, setup: UnitSetup) -> Unit:
        """A runner of a profile (no inline stats: a toy has two kinds of runner)."""
        if setup.profile not in PROFILES or setup.hex is None:
            raise SetupError([SetupProblem("profile", "a runner needs a profile: "
                                           + ", ".join(PROFILES))])
        stamina, dodge = PROFILES[setup.profile]
        return Runner(id=setup.id, name=setup.name or setup.id, owner=setup.owner,
                      profile=setup.profile, hex=setup.hex, hex_facing=setup.hex_facing,
                      stamina=stamina, dodge=dodge)

    def bench_table(self, units: int, seed: int) -> BenchTable | None:
        return BenchTable(f"generated tag field, {units} runners", bench_text(units, seed),
                          units + 10)

    def bench_odds(self, state: GameState, viewer_id: str, target_id: str
                   ) -> Callable[[], object] | None:
        target = state.units.get(target_id)
        if not isinstance(target, Runner):
            return None
        return lambda: [tag_odds(n, dodge_of(state, target)) for n in (1, 2, 3)]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.rounds: int = int(self.options.get("rounds", 6))
        self.register_kind(ActionKind(Step, self._plan_step, self._do_step, self._show_step))
        self.register_kind(ActionKind(Tag, self._plan_tag, self._do_tag, self._show_tag))
        self.register(EndActivation, self._check_end, self._do_end, self._show_end)
        self.register(Choose, self._check_choice, self.on_choice, self._show_answer)

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        return (TagSteps(),)

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        problems = super().option_problems(options)
        rounds = options.get("rounds", 6)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            problems.append(SetupProblem("rules.options.rounds", "expected 1 or more rounds"))
        return problems

    def start(self, state: GameState, ctx: Context) -> None:
        state.turn.phase = MOVE
        ctx.emit("round.start", f"Round 1: {state.player(state.turn.active).name} moves first.",
                 ["TOY-TRN-1"], player=state.turn.active, round=1)

    # --- what is legal ---------------------------------------------------------------------

    def legal_actions(self, state: GameState) -> list[Action]:
        if state.outcome is not None or state.procedures:
            return []
        out: list[Action] = []
        for unit in state.live_units(state.turn.active):
            out.extend(self.legal_actions_for(state, unit.id))
        return [*out, EndActivation()]

    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        unit = state.units.get(unit_id)
        if unit is None or state.procedures or state.outcome is not None:
            return []
        if state.turn.phase == MOVE:
            wanted: list[Action] = [Step(unit_id, h.q, h.r) for h in self._neighbours(unit)]
        else:
            wanted = [Tag(unit_id, other.id) for other in state.live_units()
                      if other.owner != unit.owner]
        return [a for a in wanted if self.why_not(state, a) is None]

    @staticmethod
    def _neighbours(unit: Unit) -> list[Hex]:
        return unit.hex.neighbors() if unit.hex is not None else []

    def _ready(self, state: GameState, unit_id: str, phase: str, rule: str) -> Runner | Refusal:
        """The active player's runner ``unit_id`` if it may act in ``phase`` now."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, Runner) or not unit.on_board:
            return Refusal(f"there is no runner {unit_id!r} on the map", (rule,))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player", (rule,))
        if state.turn.phase != phase:
            return Refusal(f"this is done in the {phase.title()} phase", ("TOY-TRN-1", rule))
        if unit_id in state.turn.activated:
            return Refusal(f"{unit.name} has already acted this phase", (rule,))
        return unit

    def _plan_step(self, state: GameState, action: Step) -> StepPlan | Refusal:
        """Where the runner will stand (TOY-MOV-1), or why it cannot step there."""
        unit = self._ready(state, action.unit, MOVE, "TOY-MOV-1")
        if isinstance(unit, Refusal):
            return unit
        goal = Hex(action.q, action.r)
        if unit.hex is None or goal not in self._neighbours(unit):
            return Refusal(f"{hex_label(goal)} is not next to {unit.name}", ("TOY-MOV-1",))
        refusal = self.hex_placement_refusal(state, unit, goal, unit.hex_facing)
        if refusal is not None:
            return refusal
        return Plan(action, goal, ("TOY-MOV-1",), path=(hex_center(unit.hex), hex_center(goal)),
                    placements=(Placement(unit.id, hex=(goal.q, goal.r),
                                          hex_facing=unit.hex_facing),))

    def _do_step(self, state: GameState, plan: StepPlan, ctx: Context) -> None:
        unit = runner(state, plan.action.unit)
        unit.hex = plan.detail
        state.turn.activated.append(unit.id)
        ctx.emit("unit.moved", f"{unit.name} steps to {hex_label(unit.hex)}.", ["TOY-MOV-1"],
                 player=unit.owner, unit=unit.id, q=unit.hex.q, r=unit.hex.r)
        if bell_at(state, unit.hex) and unit.stamina < MAX_STAMINA:
            unit.stamina += 1
            ctx.emit("unit.rang", f"{unit.name} rings the bell: stamina {unit.stamina}.",
                     ["TOY-BEL-1"], player=unit.owner, unit=unit.id, stamina=unit.stamina)

    def _show_step(self, state: GameState, action: Step, plan: StepPlan | Refusal) -> Offer:
        facing = state.units[action.unit].hex_facing if action.unit in state.units else 0
        return Offer(action, f"Step to {hex_label(Hex(action.q, action.r))}",
                     "Move one hex (TOY-MOV-1)",
                     ghost=Ghost(action.unit, hex=(action.q, action.r), hex_facing=facing))

    def _check_tag(self, state: GameState, action: Tag) -> Refusal | None:
        """Why ``action`` cannot be tried now (the tag's plan without its odds)."""
        plan = self.plan(state, action)
        return plan if isinstance(plan, Refusal) else None

    def _plan_tag(self, state: GameState, action: Tag) -> TagPlan | Refusal:
        """Who is tagged at, and the exact odds of each number of dice (TOY-TAG-1..3)."""
        unit = self._ready(state, action.unit, TAG, "TOY-TAG-1")
        if isinstance(unit, Refusal):
            return unit
        target = state.units.get(action.target)
        if not isinstance(target, Runner) or not target.on_board:
            return Refusal(f"there is no runner {action.target!r} on the map", ("TOY-TAG-1",))
        if target.owner == unit.owner:
            return Refusal(f"{target.name} is on your side", ("TOY-TAG-1",))
        if target.hex not in self._neighbours(unit):
            return Refusal(f"{target.name} is not next to {unit.name}", ("TOY-TAG-1",))
        if unit.stamina < 1:
            return Refusal(f"{unit.name} has no stamina left", ("TOY-TAG-2",))
        stamina, dodge = unit.stamina, dodge_of(state, target)  # TOY-TER-1: mud
        return Plan(action, None, ("TOY-TAG-1",), targets=(target.id,),
                    contacts=(target.id,), odds=lambda: tag_outcomes(stamina, dodge))

    def _do_tag(self, state: GameState, plan: TagPlan, ctx: Context) -> None:
        unit, target = runner(state, plan.action.unit), plan.targets[0]
        state.turn.activated.append(unit.id)
        state.procedures.append(TagAttempt(step=EFFORT, player=unit.owner, tagger=unit.id,
                                           target=target))
        ctx.emit("tag.declared", f"{unit.name} goes for {state.units[target].name}.",
                 ["TOY-TAG-1"], player=unit.owner, unit=unit.id, target=target)
        self.settle(state, ctx)

    def _show_tag(self, state: GameState, action: Tag, plan: TagPlan | Refusal) -> Offer:
        target = state.units.get(action.target)
        name = target.name if target is not None else action.target
        one = plan.outcomes.get("tagged_out_1d") if isinstance(plan, Plan) else None
        hint = f"{one.probability(1)} to tag out with one die" if one else "Try to tag"
        return Offer(action, f"Tag {name}", hint, target=action.target)

    def _check_end(self, state: GameState, action: EndActivation) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the tag first", ("TOY-TRN-1",))
        return None

    def _show_end(self, state: GameState, action: EndActivation,
                  plan: Plan[EndActivation, None] | Refusal) -> Offer:
        which = "move phase" if state.turn.phase == MOVE else "turn"
        return Offer(action, f"End the {which}", "Hand on (TOY-TRN-1)")

    def _show_answer(self, state: GameState, action: Choose,
                     plan: Plan[Choose, None] | Refusal) -> Offer:
        """A free answer (a typed number of dice) in words; offered answers show as offered."""
        return Offer(action, f"Throw {action.get('dice', '?')} dice")

    def _do_end(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        """End the phase: Move -> Tag, or Tag -> the other player's Move (TOY-TRN-1)."""
        state.turn.activated.clear()
        if state.turn.phase == MOVE:
            state.turn.phase = TAG
            ctx.emit("phase.start", "The Tag phase begins.", ["TOY-TRN-1"],
                     player=state.turn.active, phase=TAG)
            return
        state.turn.phase = MOVE
        self.hand_over(state, ctx)
        if state.turn.round > self.rounds:
            state.outcome = Outcome(None, f"{self.rounds} rounds are over: a draw.")
            ctx.emit("game.over", state.outcome.summary, ["TOY-END-1"], rounds=self.rounds)

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """After a tag: a side with no runner left has lost (TOY-END-1)."""
        for player in state.players:
            if state.outcome is None and not state.live_units(player.number):
                winner = state.next_player(player.number)
                state.outcome = Outcome(winner, f"{state.player(winner).name} wins: "
                                        f"{player.name} has no runner left.")
                ctx.emit("game.over", state.outcome.summary, ["TOY-END-1"], winner=winner)

    # --- presentation --------------------------------------------------------------------

    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        mine = self.legal_actions_for(state, unit_id)
        step = tuple(self.present(state, a) for a in mine if type(a) is Step)
        tag = tuple(self.present(state, a) for a in mine if type(a) is Tag)
        return (
            Command("step", "Step", "Move to a neighbouring hex", step,
                    refusal=None if step else self._why_idle(state, unit_id, MOVE,
                                                             "TOY-MOV-1")),
            Command("tag", "Tag", "Try to tag a neighbouring enemy", tag,
                    refusal=None if tag else self._why_idle(state, unit_id, TAG, "TOY-TAG-1"),
                    target_refusal=lambda target: self._check_tag(state, Tag(unit_id, target))),
        )

    def _why_idle(self, state: GameState, unit_id: str, phase: str, rule: str) -> Refusal:
        ready = self._ready(state, unit_id, phase, rule)
        if isinstance(ready, Refusal):
            return ready
        return Refusal("nothing in reach right now", (rule,))

    # --- inspection ------------------------------------------------------------------------

    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str) -> Inspection | None:
        viewer, target = state.units.get(viewer_id), state.units.get(target_id)
        if not isinstance(viewer, Runner) or not isinstance(target, Runner):
            return None
        if viewer_id == target_id or viewer.hex is None or target.hex is None:
            return None
        gap = viewer.hex.distance(target.hex)
        lines = [InfoLine(f"{gap} hex{'' if gap == 1 else 'es'} apart", ("TOY-MOV-1",))]
        odds: tuple[OddsChart, ...] = ()
        if target.owner != viewer.owner:
            refusal = self._check_tag(state, Tag(viewer.id, target.id))
            lines.append(InfoLine("Can tag now" if refusal is None else
                                  f"Cannot tag: {refusal.reason}",
                                  refusal.rules if refusal else ("TOY-TAG-1",),
                                  "good" if refusal is None else "bad"))
            outcomes = plan_outcomes(self, state, Tag(viewer.id, target.id))
            if isinstance(outcomes, Outcomes) and outcomes:
                bars = tuple((f"{n} {'die' if n == 1 else 'dice'}", q.probability(1))
                             for n, q in enumerate(outcomes, 1))
                odds = (OddsChart(f"Chance to tag out ({dodge_of(state, target)}+)", bars,
                                  tag_rules(state, target)),)
        shapes = (Segment(hex_center(viewer.hex), hex_center(target.hex), "range", f"{gap}"),
                  HexMark(target.hex.q, target.hex.r, "target"))
        return Inspection(f"{viewer.name} and {target.name}", tuple(lines), shapes, odds)

    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        unit = state.units.get(unit_id)
        if not isinstance(unit, Runner) or not unit.on_board:
            return None
        steps = [a for a in self.legal_actions_for(state, unit_id) if isinstance(a, Step)]
        marks = tuple(HexMark(s.q, s.r, "reach") for s in steps)
        line = InfoLine(f"{len(steps)} hexes to step to", ("TOY-MOV-1",))
        return Inspection(unit.name, (line,), marks)

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        unit = state.units.get(unit_id)
        if not isinstance(unit, Runner):
            return None
        lines = [InfoLine(f"Stamina {unit.stamina}", ("TOY-TAG-2",)),
                 InfoLine(f"Dodge {unit.dodge}+", ("TOY-TAG-3",))]
        if unit.destroyed:
            lines.append(InfoLine("Tagged out", ("TOY-TAG-3",), "bad"))
        return UnitCard(f"{unit.name} ({state.player(unit.owner).name})", tuple(lines))


# --- a game of it, built by hand ---------------------------------------------------------


def toy_state(seed: int = 0, radius: int = 3) -> GameState:
    """A fresh Hex Tag state: a radius-``radius`` map with a pillar in the middle and three
    runners a side, facing each other across it."""
    cells = {Hex(q, r): HexCell() for q in range(-radius, radius + 1)
             for r in range(-radius, radius + 1) if abs(q + r) <= radius}
    cells[Hex(0, 0)] = HexCell("pillar", keywords=frozenset({"impassable"}))
    cells[Hex(1, 0)] = HexCell("mud", keywords=frozenset({MUD.name}))
    spots = {"b1": (1, (-1, 2)), "b2": (1, (0, 2)), "b3": (1, (1, 1)),
             "r1": (2, (1, -2)), "r2": (2, (0, -2)), "r3": (2, (-1, -1))}
    units: dict[str, Unit] = {
        uid: Runner(id=uid, name=f"{'Blue' if owner == 1 else 'Red'} {uid[1]}", owner=owner,
                    profile="runner", hex=Hex(*at), dodge=4 + int(uid[1]) % 2)
        for uid, (owner, at) in spots.items()}
    return GameState(ruleset=TagRuleset.name,
                     board=HexBoard(cells, features=(Bell(Hex(-1, 0)),)), terrain=[],
                     players=[Player(1, "Blue", "#2e86de"), Player(2, "Red", "#e74c3c")],
                     units=units, seed=seed)


def toy_game(seed: int = 0, rounds: int = 6) -> Game:
    """A Hex Tag game ready to play."""
    return Game(toy_state(seed), TagRuleset({"rounds": rounds}))


def bench_text(units: int, seed: int) -> str:
    """The scenario of a bench table: a hex field wide enough for ``units`` runners in two
    lines facing each other across two hexes, mud and bells scattered between them."""
    per_side = max(1, units // 2)
    radius = max(3, per_side)
    rng = random.Random(seed)
    lines = ["[scenario]", f'name = "Bench tag {units}"', 'ruleset = "tag"', f"seed = {seed}",
             "", "[hexmap]", f"radius = {radius}", ""]
    middle = [Hex(q, 0) for q in range(-radius, radius + 1)]
    for h in rng.sample(middle, len(middle) // 3):
        lines += ["[[hexmap.hexes]]", f"at = [{h.q}, {h.r}]", 'terrain = "mud"',
                  'keywords = ["mud"]', ""]
    for h in rng.sample(middle, 2):
        lines += ["[[hexmap.bells]]", f"at = [{h.q}, {h.r}]", ""]
    lines += ["[[players]]", 'name = "Blue"', 'colour = "#2e86de"', "",
              "[[players]]", 'name = "Red"', 'colour = "#e74c3c"', ""]
    for side, r in ((1, 1), (2, -1)):
        for i in range(per_side):
            q = i - per_side // 2 - (r if r > 0 else 0)
            lines += ["[[units]]", f'id = "{"br"[side - 1]}{i}"', f"side = {side}",
                      f'profile = "{tuple(PROFILES)[i % 2]}"', f"hex = [{q}, {r}]", ""]
    return "\n".join(lines)
