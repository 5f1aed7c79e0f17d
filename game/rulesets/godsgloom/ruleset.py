"""The GODSGLOOM ruleset: hex units, alternating activations and the Melee Attack Action.

Rule IDs: the HX-MEL-* lines of RULES.md and the game's own HX-* IDs listed in
``docs/rules/godsgloom.md`` (texts in :mod:`game.rulesets.godsgloom.texts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, TypeVar

from game.core.actions import Action, EndActivation
from game.core.inspect import Inspection, UnitCard
from game.core.pending import Refusal
from game.core.plan import ActionKind, Placement, Plan, Present
from game.core.position import steady
from game.core.present import Command
from game.core.procedure import Steps
from game.core.ruleset import Context, Ruleset, SetupError, SetupProblem, UnitSetup
from game.core.state import BoardKind, GameState, Unit
from game.core.vocab import OptionSpec, TerrainKeyword
from game.geometry.hexgrid import Hex, direction_to
from game.rulesets.godsgloom import bench, hints, table, vocab
from game.rulesets.godsgloom.actions import Activate, Advance, Face, Focus, MeleeAttack, Rally
from game.rulesets.godsgloom.activation import (
    Activation,
    can_activate,
    check_elimination,
    current_activation,
    finish_activation,
    first_player,
    round_words,
)
from game.rulesets.godsgloom.attack_test import ATTACK_TESTS, DEFAULT_TEST, AttackTest
from game.rulesets.godsgloom.board import (
    facing_name,
    gods_unit,
    gods_units,
    is_engaged,
    reachable,
    sight,
    where,
)
from game.rulesets.godsgloom.effects import ABILITIES, FORMATIONS
from game.rulesets.godsgloom.melee import START, Melee
from game.rulesets.godsgloom.melee_steps import procedure_steps
from game.rulesets.godsgloom.plans import MeleeDetail, melee_plan
from game.rulesets.godsgloom.texts import RULE_TEXTS
from game.rulesets.godsgloom.units import GodsUnit, Profile, build_unit, load_profiles

A = TypeVar("A", bound=Action)

OPTIONS = ("attack_test", "rounds")
"""Ruleset options a scenario may set under ``[rules.options]``."""

RALLY_ENGAGED = 1
RALLY_FREE = 2
"""Morale Tokens a Rally regains while engaged / otherwise (HX-RAL-1)."""


def check_options(options: Mapping[str, Any]) -> list[SetupProblem]:
    """Problems with the ruleset options (``attack_test`` name, ``rounds`` limit)."""
    problems = [SetupProblem(key, "unknown GODSGLOOM option", ", ".join(OPTIONS))
                for key in options if key not in OPTIONS]
    test = options.get("attack_test", DEFAULT_TEST)
    if test not in ATTACK_TESTS:
        problems.append(SetupProblem("attack_test", f"unknown Attack Test {test!r}",
                                     ", ".join(ATTACK_TESTS)))
    rounds = options.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool)
                               or rounds < 1):
        problems.append(SetupProblem("rounds", "expected a whole number of rounds, 1 or more"))
    return problems


FOCUS_WORTH = 0.5
"""What a Focus marker adds to a unit's worth for a computer player (HX-FOC-1)."""

STANDING_WORTH = 8.0
"""What a unit in play is worth for standing, the same for every unit, as the round limit
counts units in play first, then their health (HX-ACT-3): losing the Skirmishers costs the
count as much as losing the Gloom Brute. As much as the toughest profile's full health, so
a unit standing outweighs the health one Attack Test takes."""


def melee_refusal(state: GameState, attacker: GodsUnit, target_id: str) -> Refusal | None:
    """Why ``attacker`` cannot make a Melee Attack on ``target_id`` (activation aside)."""
    target = state.units.get(target_id)
    if not isinstance(target, GodsUnit) or not target.on_board:
        return Refusal(f"there is no unit {target_id!r} in play", ("HX-MEL-10",))
    if target.owner == attacker.owner:
        return Refusal(f"{target.name} is a friend", ("HX-MEL-10",))
    if attacker.tokens < 1:  # HX-MEL-0
        return Refusal(f"{attacker.name} has no Morale Token left", ("HX-MEL-0",))
    assert attacker.hex is not None and target.hex is not None
    facing = direction_to(attacker.hex, target.hex)
    if facing is None:
        return Refusal(f"{target.name} is not on a neighbouring hex", ("HX-MEL-10",))
    if not sight(state, attacker, target.hex, facing).visible:  # HX-LOS-1
        return Refusal(f"{attacker.name} cannot see {target.name}", ("HX-LOS-1",))
    return None


def _neighbours(unit: GodsUnit, other: GodsUnit) -> bool:
    """Whether two units in play stand on neighbouring hexes (HX-MEL-10: a Melee Attack's
    target must; :func:`melee_refusal` refuses every other, so the legal attacks need not
    ask it of the ~100 enemies that are not)."""
    return (unit.hex is not None and other.hex is not None
            and direction_to(unit.hex, other.hex) is not None)


def bare_kind(action_type: type[A], check: Callable[[GameState, A], Refusal | None],
              handle: Callable[[GameState, A, Context], None],
              present: Present[A]) -> ActionKind[A]:
    """The record of an action whose plan carries nothing beyond itself (activating, rallying,
    focusing, ending: no path, no dice), as a planned kind: its presentation sees its check's
    answer and its empty outcomes mean "no dice" (``warbench odds`` says so)."""
    return replace(ActionKind.simple(action_type, check, handle, present), planned=True)


class GodsgloomRuleset(Ruleset):
    """GODSGLOOM on a hex map (see module docstring)."""

    name: ClassVar[str] = "godsgloom"
    title: ClassVar[str] = "GODSGLOOM"
    description: ClassVar[str] = (
        "GODSGLOOM's hex skirmish: each unit fills one hex and faces one of its six edges. "
        "Units spend Morale Tokens to fight; a melee is an Attack Test of attack and defence "
        "dice, then the winner pushes the loser back, the loser may stand its ground, and the "
        "winner may follow up and turn to face anew.")
    rule_texts: ClassVar[Mapping[str, str]] = RULE_TEXTS
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("hex",)
    option_keys: ClassVar[tuple[str, ...]] = OPTIONS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = vocab.OPTION_SPECS
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = vocab.TERRAIN_KEYWORDS
    bench_sizes: ClassVar[tuple[int, ...]] = bench.SIZES

    bench_table = staticmethod(bench.bench_table)
    """Its generated bench table (:mod:`.bench`)."""

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        return check_options(options)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """Check the options, load the profiles and register the actions."""
        super().__init__(options)
        problems = check_options(self.options)
        if problems:
            raise SetupError(problems)
        self.attack_test: str = self.options.get("attack_test", DEFAULT_TEST)
        self.rounds: int | None = self.options.get("rounds")
        self.known: dict[str, tuple[str, ...]] = {"formations": tuple(FORMATIONS),
                                                  "abilities": ABILITIES}
        self.profiles: dict[str, Profile] = load_profiles(self.known)
        self.register_kind(bare_kind(Activate, self._check_activate, self._do_activate,
                                     table.show_activate))
        self.register_kind(ActionKind(Advance, self._plan_advance, self._do_advance,
                                      table.show_advance))
        self.register_kind(ActionKind(Face, self._plan_face, self._do_face, table.show_face))
        self.register_kind(ActionKind(MeleeAttack, self._plan_melee, self._do_melee,
                                      table.show_melee))
        self.register_kind(bare_kind(Rally, self._check_rally, self._do_rally,
                                     table.show_rally))
        self.register_kind(bare_kind(Focus, self._check_focus, self._do_focus,
                                     table.show_focus))
        self.register_kind(bare_kind(EndActivation, self._check_end_activation,
                                     self._do_end_activation, table.show_end))

    # --- setup -------------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        """The shipped profiles."""
        return tuple(self.profiles)

    def build_unit(self, setup: UnitSetup) -> Unit:
        """A GODSGLOOM unit from a scenario entry (every problem reported at once)."""
        return build_unit(setup, self.profiles, self.known)

    def start(self, state: GameState, ctx: Context) -> None:
        """Open round 1 (HX-ACT-1), naming this game's Attack Test."""
        ctx.emit("round.start", f"{round_words(1, self.rounds)} begins (Attack Test: "
                 f"{self.attack_test}).", ["HX-ACT-1", "HX-MEL-30",
                                           *(("HX-ACT-3",) if self.rounds else ())],
                 round=1, attack_test=self.attack_test)
        if check_elimination(state, ctx):
            return
        first = first_player(state)
        assert first is not None
        state.turn.active = first
        ctx.emit("turn.handover", f"{state.player(first).name} activates a unit first.",
                 ["HX-ACT-1"], player=first, round=1)

    # --- questions ---------------------------------------------------------------------------

    @property
    def test(self) -> AttackTest:
        """The Attack Test of this game (the scenario's ``attack_test`` option, HX-MEL-30)."""
        return ATTACK_TESTS[self.attack_test]

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        """The activation and the Melee Attack Action on the core's procedure loop."""
        return procedure_steps(self)

    @steady
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal action: activations, or the activated unit's moves and actions."""
        if state.outcome is not None:
            return []
        act = current_activation(state)
        if act is None:
            if state.procedures:
                return []
            return [Activate(uid) for uid in can_activate(state, state.turn.active)]
        return self._activation_actions(state, act)

    @steady
    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        """One unit's legal actions now, without computing the other units' (HX-ACT-1/2);
        the activated unit's once per position (its panel and its reach overlay both ask them
        right after each action: ~2,000 moves and 200 melee checks, issue 32)."""
        if state.outcome is not None:
            return []
        act = current_activation(state)
        if act is None:
            if state.procedures or unit_id not in can_activate(state, state.turn.active):
                return []
            return [Activate(unit_id)]
        if act.unit != unit_id:
            return []
        return list(self.memo.get(state, ("legal", unit_id), lambda: tuple(
            a for a in self._activation_actions(state, act) if a.actor() == unit_id)))

    def melee_preview(self, state: GameState, attacker_id: str,
                      target_id: str) -> Plan[MeleeAttack, MeleeDetail] | Refusal:
        """The plan of a Melee Attack of ``attacker_id`` on ``target_id`` as the hover shows
        it: the action's own plan when it is legal now, else (activation aside: a unit not
        yet activated) the same :func:`~.plans.melee_plan` of it, once per position; or why
        it cannot be made (HX-MEL-0/10, HX-LOS-1, HX-MOV-5)."""
        action = MeleeAttack(attacker_id, target_id)
        plan = self.plan(state, action)
        if not isinstance(plan, Refusal):
            return plan
        attacker = state.units.get(attacker_id)
        if not isinstance(attacker, GodsUnit) or not attacker.on_board:
            return Refusal(f"there is no unit {attacker_id!r} in play", ("HX-MEL-10",))
        refusal = melee_refusal(state, attacker, target_id)
        act = current_activation(state)
        if refusal is None and act is not None and act.unit == attacker_id and (
                act.started_engaged and act.moved):
            refusal = Refusal(f"{attacker.name} started engaged and moved", ("HX-MOV-5",))
        if refusal is not None:
            return refusal
        return self.memo.get(state, ("melee-preview", action), lambda: melee_plan(
            state, self.test, action, attacker, gods_unit(state, target_id)))

    # --- presentation and inspection (see .table) --------------------------------------------

    def unit_worth(self, state: GameState, unit_id: str) -> float:
        """Units in play count first, then their health (HX-ACT-3): a unit is worth
        :data:`STANDING_WORTH` for standing, whatever its health, plus the health it has
        left, plus a little for the Morale Tokens that pay for its formations and keep it
        from going weak, and for a Focus marker (HX-FOC-1: its next Attack Test re-rolls its
        blanks, about half a hit more)."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, GodsUnit) or not unit.on_board:
            return 0.0
        return (STANDING_WORTH + unit.health + 0.3 * unit.tokens
                - (0.5 if unit.weak else 0.0) + (FOCUS_WORTH if unit.focus else 0.0))

    unit_reach = staticmethod(hints.unit_reach)  # a computer player's hints (see .hints)
    unit_threat = staticmethod(hints.unit_threat)

    def round_limit(self, state: GameState) -> int | None:
        """The scenario's number of rounds (HX-ACT-3), None when it sets none."""
        return self.rounds

    @steady
    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        """Activate, Advance, Face, Melee attack, Rally and Focus for one unit."""
        return table.commands(self, state, unit_id)

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        """Health, Morale Tokens, dice, speed, formations and abilities."""
        return table.unit_card(state, unit_id)

    @steady
    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str) -> Inspection | None:
        """Distance, corner Line of Sight and the melee odds of this game's Attack Test."""
        return table.inspect_pair(self, state, viewer_id, target_id)

    @steady
    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        """The activated unit's reach."""
        return table.inspect_unit(self, state, unit_id)

    def _activation_actions(self, state: GameState, act: Activation) -> list[Action]:
        unit = gods_unit(state, act.unit)
        out: list[Action] = []
        if not act.moved:
            for h in sorted(self._destinations(state, act)):
                out.extend(Advance(unit.id, h.q, h.r, f) for f in range(6))
        out.extend(Face(unit.id, f) for f in range(6) if f != unit.hex_facing)
        for enemy in gods_units(state):  # HX-MEL-10: only a neighbour can be attacked
            if enemy.owner != unit.owner and _neighbours(unit, enemy) and self.why_not(
                    state, MeleeAttack(unit.id, enemy.id)) is None:
                out.append(MeleeAttack(unit.id, enemy.id))
        for action in (Rally(unit.id), Focus(unit.id)):
            if self.why_not(state, action) is None:
                out.append(action)
        out.append(EndActivation())
        return out

    def _destinations(self, state: GameState, act: Activation) -> set[Hex]:
        """Where the activated unit may move (HX-MOV-1..5), searched once per position (every
        Advance's plan asks it)."""
        unit = gods_unit(state, act.unit)
        return self.memo.get(state, ("reach", unit.id), lambda: reachable(
            state, unit, unit.speed, 1 if act.started_engaged else None))

    # --- checks and handlers -----------------------------------------------------------------

    def _activated(self, state: GameState, unit_id: str, rule: str) -> GodsUnit | Refusal:
        act = current_activation(state)
        if act is None:
            return Refusal("activate a unit first", ("HX-ACT-1", rule))
        if act.unit != unit_id:
            return Refusal(f"{state.units[act.unit].name} is the unit activated now",
                           ("HX-ACT-2", rule))
        return gods_unit(state, unit_id)

    def _check_activate(self, state: GameState, action: Activate) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the current activation first", ("HX-ACT-1",))
        unit = state.units.get(action.unit)
        if not isinstance(unit, GodsUnit) or not unit.on_board:
            return Refusal(f"there is no unit {action.unit!r} in play", ("HX-ACT-1",))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player", ("HX-ACT-1",))
        if unit.id in state.turn.activated:
            return Refusal(f"{unit.name} has already activated this round", ("HX-ACT-1",))
        return None

    def _do_activate(self, state: GameState, action: Activate, ctx: Context) -> None:
        unit = gods_unit(state, action.unit)
        engaged = is_engaged(state, unit)
        state.procedures.append(Activation(step="move", player=unit.owner, unit=unit.id,
                                           started_engaged=engaged))
        state.turn.current_unit = unit.id
        note = " It starts engaged: it may move only 1 hex." if engaged else ""
        ctx.emit("activation.start", f"{unit.name} activates.{note}",
                 ["HX-ACT-1", "HX-ACT-2", *(["HX-MOV-5"] if engaged else [])],
                 player=unit.owner, unit=unit.id, engaged=engaged)

    def _plan_advance(self, state: GameState, action: Advance) -> Plan[Advance, Hex] | Refusal:
        """A Move's plan: the hex and facing it ends on (HX-MOV-1..5)."""
        refusal = self._check_advance(state, action)
        if refusal is not None:
            return refusal
        to = Hex(action.q, action.r)
        act = current_activation(state)
        assert act is not None
        rules = ("HX-MOV-1", "HX-MOV-2", *(("HX-MOV-5",) if act.started_engaged else ()))
        return Plan(action, to, rules, placements=(
            Placement(action.unit, hex=(to.q, to.r), hex_facing=action.facing),))

    def _check_advance(self, state: GameState, action: Advance) -> Refusal | None:
        unit = self._activated(state, action.unit, "HX-MOV-1")
        if isinstance(unit, Refusal):
            return unit
        act = current_activation(state)
        assert act is not None
        if act.moved:
            return Refusal(f"{unit.name} has already moved", ("HX-ACT-2",))
        if not 0 <= action.facing <= 5:
            return Refusal("a hex facing is 0 to 5", ("HX-MOV-2",))
        if Hex(action.q, action.r) not in self._destinations(state, act):
            rules = ("HX-MOV-1", "HX-MOV-3", "HX-MOV-5" if act.started_engaged else "HX-MOV-4")
            return table.unreachable(state, unit, Hex(action.q, action.r), rules)
        return None

    def _do_advance(self, state: GameState, plan: Plan[Advance, Hex], ctx: Context) -> None:
        action = plan.action
        act = current_activation(state)
        assert act is not None
        unit = gods_unit(state, action.unit)
        start = unit.hex
        unit.hex, unit.hex_facing = plan.detail, action.facing
        act.moved = True
        rules = ["HX-MOV-1", "HX-MOV-2"]
        if act.started_engaged:
            rules.append("HX-MOV-5")
        if is_engaged(state, unit):
            rules.append("HX-MOV-3")
        ctx.emit("unit.moved", f"{unit.name} moves from {where(start)} to "
                 f"{where(unit.hex)}, facing {facing_name(state, action.facing)}.", rules,
                 player=unit.owner,
                 unit=unit.id, q=action.q, r=action.r, facing=action.facing)

    def _plan_face(self, state: GameState, action: Face) -> Plan[Face, None] | Refusal:
        """A free pivot's plan: the unit stays on its hex with the new facing (HX-MOV-2)."""
        unit = self._activated(state, action.unit, "HX-MOV-2")
        if isinstance(unit, Refusal):
            return unit
        if not 0 <= action.facing <= 5:
            return Refusal("a hex facing is 0 to 5", ("HX-MOV-2",))
        here = (unit.hex.q, unit.hex.r) if unit.hex is not None else None
        return Plan(action, None, ("HX-MOV-2",), placements=(
            Placement(unit.id, hex=here, hex_facing=action.facing),))

    def _do_face(self, state: GameState, plan: Plan[Face, None], ctx: Context) -> None:
        action = plan.action
        unit = gods_unit(state, action.unit)
        unit.hex_facing = action.facing
        ctx.emit("unit.pivoted", f"{unit.name} pivots to face {facing_name(state, action.facing)}.",
                 ["HX-MOV-2"], player=unit.owner, unit=unit.id, facing=action.facing)

    def _plan_melee(self, state: GameState,
                    action: MeleeAttack) -> Plan[MeleeAttack, MeleeDetail] | Refusal:
        """The Melee Attack's plan (:func:`~.plans.melee_plan`: pivot, beginning effects,
        pools with their modifiers, exact odds), or why the activated unit cannot make it
        (HX-MEL-0/10, HX-LOS-1, HX-MOV-5)."""
        unit = self._activated(state, action.unit, "HX-MEL-0")
        if isinstance(unit, Refusal):
            return unit
        act = current_activation(state)
        assert act is not None
        if act.started_engaged and act.moved:  # HX-MOV-5
            return Refusal(f"{unit.name} started engaged and moved: it cannot attack",
                           ("HX-MOV-5",))
        refusal = melee_refusal(state, unit, action.target)
        if refusal is not None:
            return refusal
        return melee_plan(state, self.test, action, unit, gods_unit(state, action.target))

    def _do_melee(self, state: GameState, plan: Plan[MeleeAttack, MeleeDetail],
                  ctx: Context) -> None:
        """Start the Melee Attack Action the plan describes (HX-MEL-10..80): the procedure
        then pivots, runs the beginning effects and rolls as the plan predicted."""
        detail = plan.detail
        unit = gods_unit(state, detail.attacker)
        state.procedures.append(Melee(step=START, player=unit.owner, attacker=unit.id,
                                      defender=detail.defender))
        self.settle(state, ctx)

    def _check_rally(self, state: GameState, action: Rally) -> Refusal | None:
        unit = self._activated(state, action.unit, "HX-RAL-1")
        if isinstance(unit, Refusal):
            return unit
        if unit.tokens >= unit.max_tokens:
            return Refusal(f"{unit.name} already has all its Morale Tokens", ("HX-RAL-1",))
        return None

    def _do_rally(self, state: GameState, action: Rally, ctx: Context) -> None:
        unit = gods_unit(state, action.unit)
        engaged = is_engaged(state, unit)
        gain = min(RALLY_ENGAGED if engaged else RALLY_FREE, unit.max_tokens - unit.tokens)
        unit.tokens += gain
        ctx.emit("unit.tokens", f"{unit.name} rallies and regains {gain} Morale Token(s)"
                 f"{' (engaged)' if engaged else ''}.", ["HX-RAL-1"], player=unit.owner,
                 unit=unit.id, tokens=unit.tokens, change=gain)
        finish_activation(state, ctx, self.rounds)

    def _check_focus(self, state: GameState, action: Focus) -> Refusal | None:
        unit = self._activated(state, action.unit, "HX-FOC-1")
        if isinstance(unit, Refusal):
            return unit
        if unit.focus:
            return Refusal(f"{unit.name} is already focused", ("HX-FOC-1",))
        return None

    def _do_focus(self, state: GameState, action: Focus, ctx: Context) -> None:
        unit = gods_unit(state, action.unit)
        unit.focus = True
        ctx.emit("unit.focus", f"{unit.name} focuses: it will re-roll its failed dice in its "
                 "next Attack Test.", ["HX-FOC-1"], player=unit.owner, unit=unit.id,
                 focus=True)
        finish_activation(state, ctx, self.rounds)

    def _check_end_activation(self, state: GameState, action: EndActivation) -> Refusal | None:
        if current_activation(state) is None:
            return Refusal("there is no activation to end: activate a unit", ("HX-ACT-1",))
        return None

    def _do_end_activation(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        finish_activation(state, ctx, self.rounds)
