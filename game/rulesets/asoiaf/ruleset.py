"""The asoiaf ruleset: activations, the unit actions and the procedures they start.

Rule IDs of the core game structure that this ruleset adds (documented in
docs/rules/asoiaf.md, explained in :mod:`texts`): AS-CORE-1 (rounds and alternating
activations), AS-CORE-2 (one action per activation), AS-CORE-3 (Maneuver), AS-CORE-4
(Retreat), AS-CORE-5 (end of the game), AS-CORE-6 (Engaged). The rules of the seeds are cited
where they are implemented: the procedures in :mod:`procedures` (one module each, on the core
loop), the attack checks in :mod:`attacks`, rounds in :mod:`activation`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from game.core.actions import Action, Choose, EndActivation
from game.core.inspect import Inspection, UnitCard
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.plan import ActionKind, Plan, bare
from game.core.position import steady
from game.core.present import Command
from game.core.procedure import Steps
from game.core.roster import ListEntry, ListSkip, ListUnit
from game.core.ruleset import Context, Ruleset, SetupError, SetupProblem, UnitSetup
from game.core.state import BoardKind, GameState, Unit
from game.core.vocab import OptionSpec, TerrainKeyword
from game.core.words import side_words
from game.geometry.ranges import ranges_to
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.rulesets.asoiaf import (
    abilities,
    attacks,
    bench,
    catalogue,
    geo,
    hints,
    inspection,
    moves,
    plans,
    presentation,
    vocab,
)
from game.rulesets.asoiaf import activation as act
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.attacks import RANGES
from game.rulesets.asoiaf.procedures import all_steps
from game.rulesets.asoiaf.procedures.attack import WINDOWS, Hook, push_attack
from game.rulesets.asoiaf.procedures.charge import start_charge
from game.rulesets.asoiaf.procedures.common import move_maneuver, unit_of
from game.rulesets.asoiaf.procedures.retreat import start_retreat
from game.rulesets.asoiaf.profiles import Profile, parse_profile, profiles
from game.rulesets.asoiaf.rules_world import PositionWorlds
from game.rulesets.asoiaf.texts import RULE_TEXTS
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import pivot_words

__all__ = ["RANGES", "WINDOWS", "AsoiafRuleset", "option_problems", "validate_options"]

OPTION_KEYS = ("rounds", "rough_penalty", "charge_blocked_path", "crown")
BLOCKED_PATH = ("refuse", "fail")
"""Readings of a charge whose straight path meets a unit or impassable terrain (AS-CHG-6):
refuse the declaration, or let it be declared and fail 1" short of the obstacle."""


class AsoiafRuleset(Ruleset):
    """A Song of Ice and Fire TMG on a table (see the module docstring)."""

    name: ClassVar[str] = "asoiaf"
    title: ClassVar[str] = "A Song of Ice and Fire"
    description: ClassVar[str] = (
        "A Song of Ice and Fire: Tabletop Miniatures Game on a table of inches. Players take "
        "turns activating one unit at a time to Charge, Attack, Maneuver or Retreat; charges "
        "roll for distance, attacks roll to hit, to block and for Panic, and every step is "
        "measured exactly: arcs, Line of Sight, range and alignment.")
    option_keys: ClassVar[tuple[str, ...]] = OPTION_KEYS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = vocab.OPTION_SPECS
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = vocab.TERRAIN_KEYWORDS
    bench_sizes: ClassVar[tuple[int, ...]] = bench.SIZES

    bench_table = staticmethod(bench.bench_table)
    """Its generated bench table (:mod:`.bench`)."""
    rule_texts: ClassVar[Mapping[str, str]] = RULE_TEXTS
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table",)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.rounds: int | None = self.options.get("rounds")
        self.rough_penalty: float = float(self.options.get("rough_penalty",
                                                           chg.DEFAULT_PENALTY))
        self.blocked_fails: bool = self.options.get("charge_blocked_path", "refuse") == "fail"
        self.crown: int | None = self.options.get("crown")
        """The player who controls [CROWN] all game (the table has no Tactics Board), or None:
        what card abilities such as Protection of the Crown ask (AS-CARD-1)."""
        self.hooks: dict[str, list[Hook]] = {w: [] for w in WINDOWS}
        self.worlds = PositionWorlds(self.memo)
        """The prepared geometry of each position, kept in the core position memo (issue
        12, issue 24)."""
        self.register_kind(ActionKind(Charge, self._plan_charge, self._do_charge,
                                      presentation.show_charge))
        self.register_kind(ActionKind(Attack, self._plan_attack, self._do_attack,
                                      presentation.show_attack))
        self.register_kind(ActionKind(Maneuver, self._plan_maneuver, self._do_maneuver,
                                      presentation.show_maneuver))
        self.register_kind(ActionKind(Retreat, self._plan_retreat, self._do_retreat,
                                      presentation.show_retreat))
        self.register_kind(ActionKind(Hold, self._plan_hold, self._do_hold,
                                      presentation.show_hold))
        self.register(Choose, self._check_choice, self.on_choice, presentation.show_answer)
        self.register(EndActivation, self._check_end_activation, self._do_end)

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        return option_problems(options)

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        return all_steps(self)

    def add_hook(self, window: str, hook: Hook) -> None:
        """Bind an effect to an attack window (one of :data:`WINDOWS`)."""
        if window not in self.hooks:
            raise KeyError(window)
        self.hooks[window].append(hook)

    # --- setup -----------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        return tuple(profiles())

    def profile_faction(self, profile: str) -> str | None:
        facts = catalogue.cards().get(profile)  # the card's faction (catalogue.toml)
        return facts.faction if facts is not None else None

    def list_unit(self, entry: ListEntry, army: str) -> ListUnit | ListSkip:
        return catalogue.list_unit(entry, army)  # War Council ids and card names (AS-CARD-1)

    def build_unit(self, setup: UnitSetup) -> Unit:
        problems: list[SetupProblem] = []
        stats = _stats(setup, problems)
        for key in setup.counters:
            if key not in ("models", "damage"):
                problems.append(SetupProblem(key, "asoiaf units use only models and damage"))
        if stats is None or problems:
            raise SetupError(problems)
        models = setup.counters.get("models", stats.models)
        damage = setup.counters.get("damage", 0)
        if not isinstance(models, int) or not 1 <= models <= stats.models:
            problems.append(SetupProblem("models", f"expected a whole number 1..{stats.models}"))
        if not isinstance(damage, int) or not 0 <= damage < stats.wounds:
            problems.append(SetupProblem("damage", f"expected a whole number 0..{stats.wounds - 1}"
                                         " (wounds on the wounded model)"))
        if setup.x is None or setup.y is None:
            problems.append(SetupProblem("at", "asoiaf units stand on a table: give at = [x, y]"))
        if problems:
            raise SetupError(problems)
        tray = self.tray_for(setup, stats.tray.width, stats.tray.depth, stats.tray.files,
                             stats.tray.ranks)
        return AsoiafUnit(id=setup.id, name=setup.name or stats.name, owner=setup.owner,
                          profile=setup.profile or "inline", tray=tray, stats=stats,
                          models=models, damage=damage,
                          defense_reroll=abilities.defense_reroll(
                              stats.abilities, self.crown == setup.owner))  # AS-RES-5

    def start(self, state: GameState, ctx: Context) -> None:
        state.turn.active = act.first_player(state)
        act.announce_round(state, ctx)

    # --- questions --------------------------------------------------------------------------

    @steady
    def legal_actions(self, state: GameState) -> list[Action]:
        if state.procedures or state.outcome is not None:
            return []
        out: list[Action] = []
        for unit in act.ready_units(state):
            out.extend(self._unit_actions(state, unit))
        return out

    @steady
    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        """One unit's share of :meth:`legal_actions`, computed for that unit alone."""
        if state.procedures or state.outcome is not None:
            return []
        unit = act.activation_refusal(state, unit_id)
        return [] if isinstance(unit, Refusal) else self._unit_actions(state, unit)

    def _unit_actions(self, state: GameState, unit: AsoiafUnit) -> list[Action]:
        out: list[Action] = [Hold(unit.id)]
        world = self.worlds.of(state)
        if geo.engaged_enemies(state, unit, world=world):
            out.append(Retreat(unit.id))
            out.extend(self.melee_actions(state, unit))
            return out
        reach = max((limit for _, _, limit in self._shots(unit)), default=-math.inf)
        for near in self._near_enemies(state, unit):
            _, gone, distance = near
            if not gone:  # within some charge's reach (AS-CHG-3)
                out.extend(self.charge_actions(state, unit, near))
            if distance <= reach + attacks.MAX_SHIFT + TOLERANCE:  # a shot, maybe shifted
                out.extend(self.shot_actions(state, unit, near))
        out.extend(self.maneuver_actions(state, unit))
        return out

    # The kinds of a unit's legal actions, each in the order of :meth:`legal_actions_for`, so
    # the panel can read one kind alone and stop at its first (presentation.commands).

    def melee_actions(self, state: GameState, unit: AsoiafUnit) -> Iterator[Action]:
        """An engaged unit's Melee Attacks: each variant whose plan is made (AS-MEL-5: each
        attack of a profile with several; the plan is kept for its button and handler)."""
        melee = unit.stats.melee_attacks()
        weapons = [-1] if len(melee) <= 1 else list(melee)
        for eid in geo.engaged_enemies(state, unit, world=self.worlds.of(state)):
            for weapon in weapons:
                yield from (a for a in attacks.melee_variants(unit, eid, weapon)
                            if isinstance(self.plan(state, a), Plan))

    def _shots(self, unit: AsoiafUnit) -> list[tuple[int, int, float]]:
        """AS-RNG-4: each Ranged Attack of a profile with several (weapon -1 when it has
        one): (weapon, attack index, range)."""
        ranged = unit.stats.ranged_attacks()
        return [(-1 if len(ranged) == 1 else i, i, RANGES[unit.stats.attacks[i].kind])
                for i in ranged]

    def _near_enemies(self, state: GameState, unit: AsoiafUnit
                      ) -> list[tuple[AsoiafUnit, bool, float]]:
        """Every enemy of an unengaged unit with whether it is beyond any charge (AS-CHG-3)
        and its range (exact distance bounds first), the Line of Sight of those near enough
        to matter asked in one batch; once per position and unit."""
        return self.memo.get(state, ("near", unit.id), partial(self._enemies_in, state, unit))

    def _enemies_in(self, state: GameState, unit: AsoiafUnit
                    ) -> list[tuple[AsoiafUnit, bool, float]]:
        shots = self._shots(unit)
        tray = geo.tray_of(unit)
        enemies = geo.enemies_of(state, unit)
        longest = max((limit for _, _, limit in shots), default=0.0)
        shapes = [geo.tray_of(e).polygon for e in enemies]
        far = chg.out_of_reach_all(unit, shapes)  # distances to every enemy, one call each
        ranges = ranges_to(tray, shapes).tolist() if shots else [0.0] * len(enemies)
        geo.prefetch_sight(self.worlds.of(state), unit.id, [  # every Line of Sight below
            e.id for e, gone, d in zip(enemies, far, ranges, strict=True)
            if not gone or (shots and d <= longest + TOLERANCE)])
        return list(zip(enemies, far, ranges, strict=True))

    def charge_actions(self, state: GameState, unit: AsoiafUnit,
                       only: tuple[AsoiafUnit, bool, float] | None = None
                       ) -> Iterator[Action]:
        """An unengaged unit's Charges (on ``only``'s enemy, else on each in turn): the same
        answers as _check_charge, cheaper: the pivot-independent checks once per target."""
        world = self.worlds.of(state)
        for enemy, gone, _ in [only] if only else self._near_enemies(state, unit):
            if not gone:
                basis = chg.charge_basis(state, unit, enemy, cull=True, world=world)
                if not isinstance(basis, Refusal):
                    yield from self._charges(state, unit, enemy, basis, world)

    def _charge_list(self, state: GameState, unit: AsoiafUnit,
                     near: tuple[AsoiafUnit, bool, float]) -> list[Action]:
        return list(self.charge_actions(state, unit, near))

    def shot_actions(self, state: GameState, unit: AsoiafUnit,
                     only: tuple[AsoiafUnit, bool, float] | None = None) -> Iterator[Action]:
        """An unengaged unit's Ranged Attacks (on ``only``'s enemy, else on each in turn): the
        rest of the Attack check (AS-RNG-4..6) after the exact distance."""
        shots = self._shots(unit)
        for enemy, _, distance in ([only] if only else self._near_enemies(state, unit)):
            for weapon, _, limit in shots:
                if distance <= limit + TOLERANCE:
                    shot = Attack(unit.id, enemy.id, weapon)
                    if isinstance(self.plan(state, shot), Plan):
                        yield shot
                elif TOLERANCE < distance - limit <= attacks.MAX_SHIFT:  # else none offered
                    yield from self._shifted_shot(state, unit, enemy, weapon, limit)

    def maneuver_actions(self, state: GameState, unit: AsoiafUnit) -> Iterator[Action]:
        """An unengaged unit's sampled Maneuvers (their checks made by sample_maneuvers: each
        plan is kept for the position)."""
        for turn, distance, then in moves.sample_maneuvers(state, unit,
                                                           self.worlds.of(state)):
            move = Maneuver(unit.id, turn, distance, then)
            self.memo.get(state, ("plan", move), partial(plans.maneuver_plan, unit, move))
            yield move

    def _charges(self, state: GameState, unit: AsoiafUnit, enemy: AsoiafUnit,
                 basis: chg.ChargeBasis, world: geo.RulesWorld) -> Iterator[Action]:
        """No pivot and pointing at the target; if neither works, the nearest legal pivot
        (AS-CHG-5); each checked when asked for."""
        return (Charge(unit.id, enemy.id, pivot) for pivot in chg.iter_charge_pivots(
            state, unit, enemy, basis, self.rough_penalty, cull=True,
            blocked_fails=self.blocked_fails, world=world))

    def _shifted_shot(self, state: GameState, unit: AsoiafUnit, enemy: AsoiafUnit,
                      weapon: int, limit: float) -> list[Action]:
        """AS-RNG-3: a shift of up to 2" that brings a target just out of range into range
        (the first of :func:`attacks.shift_candidates` whose plan the full check makes)."""
        for dx, dy in attacks.shift_candidates(unit, enemy, limit):
            shot = Attack(unit.id, enemy.id, weapon, dx=dx, dy=dy)
            if isinstance(self.plan(state, shot), Plan):
                return [shot]
        return []

    def bench_odds(self, state: GameState, viewer_id: str, target_id: str
                   ) -> Callable[[], object] | None:
        """The odds its hover shows for a pair, for the bench (:mod:`.bench`)."""
        return bench.bench_odds(self, state, viewer_id, target_id)

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """The action's procedures are over: the activation ends (AS-CORE-1)."""
        if state.turn.current_unit is not None:
            act.finish_activation(state, self.rounds, ctx)

    # --- presentation and inspection (the table draws these records) ----------------------

    def prepare(self, state: GameState) -> None:
        """Build the position's :class:`RulesWorld` and its batched sight world in an idle
        frame (issue 12), so that the first click after a move or a load does not pay for
        them, and read the unit cards' catalogue facts (package data, parsed once: the first
        select used to pay 0.1 s for it); every answer is the same whether this ran or not."""
        self.worlds.of(state).geometry()
        catalogue.cards()

    def prepare_unit(self, state: GameState, unit_id: str) -> bool:
        """The selected unit's Line of Sight to the other units, nearest first, a batch per
        call (:meth:`RulesWorld.prefetch_row`), then its charges, an enemy per call (the
        panel worked out the first only): the hover's sight lines and charge previews then
        find them."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, AsoiafUnit) or not unit.on_board:
            return True
        if not self.worlds.of(state).prefetch_row(unit_id):
            return False
        if (state.procedures or state.outcome is not None
                or isinstance(act.activation_refusal(state, unit_id), Refusal)
                or geo.engaged_enemies(state, unit, world=self.worlds.of(state))):
            return True
        for near in self._near_enemies(state, unit):
            key = ("charges", unit.id, near[0].id)
            if not near[1] and not self.memo.holds(state, key):
                self.memo.get(state, key, partial(self._charge_list, state, unit, near))
                return False
        return True

    def unit_worth(self, state: GameState, unit_id: str) -> float:
        """A unit is worth the wounds it has left: what the round limit counts (AS-CORE-5)."""
        unit = state.units.get(unit_id)
        return float(unit.wounds_left) if isinstance(unit, AsoiafUnit) and unit.on_board else 0.0

    unit_reach = staticmethod(hints.unit_reach)  # a computer player's hints (see .hints)
    unit_threat = staticmethod(hints.unit_threat)

    def round_limit(self, state: GameState) -> int | None:
        """The scenario's number of rounds (AS-CORE-5), None when it sets none."""
        return self.rounds

    @steady
    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        return presentation.commands(self, state, unit_id)

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        return presentation.unit_card(state, unit_id)

    @steady
    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str
                     ) -> Inspection | None:
        return inspection.inspect_pair(self, state, viewer_id, target_id)

    @steady
    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        return inspection.inspect_unit(self, state, unit_id)

    # --- hold, end --------------------------------------------------------------------------

    def _plan_hold(self, state: GameState, action: Hold) -> Plan[Hold, None] | Refusal:
        got = act.activation_refusal(state, action.unit)
        return got if isinstance(got, Refusal) else bare(action)

    def _do_hold(self, state: GameState, planned: Plan[Hold, None], ctx: Context) -> None:
        unit = unit_of(state, planned.action.unit)  # AS-CORE-2: a Hold is the activation's action
        act.begin(state, unit, "Hold", ctx, f"{unit.name} holds: it takes no action.")
        self.settle(state, ctx)

    def _check_end_activation(self, state: GameState, action: EndActivation) -> Refusal | None:
        return Refusal("an activation ends by itself after its action; use 'hold UNIT' to "
                       "activate a unit without acting", ("AS-CORE-2",))

    # --- maneuver, retreat ------------------------------------------------------------------

    def _plan_maneuver(self, state: GameState, action: Maneuver
                       ) -> Plan[Maneuver, Tray] | Refusal:
        """A Maneuver's plan (AS-CORE-3): its checks, then where the tray ends."""
        got = act.activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        refusal = moves.maneuver_refusal(state, got, action.turn, action.distance, action.then,
                                         self.worlds.of(state))
        return refusal if refusal is not None else plans.maneuver_plan(got, action)

    def _do_maneuver(self, state: GameState, planned: Plan[Maneuver, Tray],
                     ctx: Context) -> None:
        action = planned.action
        unit = unit_of(state, action.unit)
        act.begin(state, unit, "Maneuver", ctx)
        move_maneuver(state, unit, action.turn, action.distance, action.then,
                      ("AS-CORE-3",), ctx)
        self.settle(state, ctx)

    def _plan_retreat(self, state: GameState, action: Retreat
                      ) -> Plan[Retreat, tuple[str, ...]] | Refusal:
        """A Retreat's plan (AS-CORE-4): the enemies it leaves and its D6 + Speed."""
        got = act.activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        enemies = tuple(geo.engaged_enemies(state, got, world=self.worlds.of(state)))
        if not enemies:
            return Refusal(f"{got.name} is not engaged: only an engaged unit retreats",
                           ("AS-CORE-4", "AS-CORE-6"))
        return plans.retreat_plan(got, action, enemies)

    def _do_retreat(self, state: GameState, planned: Plan[Retreat, tuple[str, ...]],
                    ctx: Context) -> None:
        unit = unit_of(state, planned.action.unit)
        act.begin(state, unit, "Retreat", ctx)
        state.procedures.append(start_retreat(unit, planned.detail))
        self.settle(state, ctx)

    # --- answers ----------------------------------------------------------------------------

    def decision(self, state: GameState) -> PlayerDecision | Chance | None:
        """The decision or dice the running procedure waits for, worked out once per
        position (a Retreat's moves are many checks; the game, the table and a computer
        player ask again and again)."""
        return self.memo.get(state, ("decision",), lambda: self.loop.waiting(state))

    # --- charge ---------------------------------------------------------------------------

    def _plan_charge(self, state: GameState, action: Charge
                     ) -> Plan[Charge, chg.ChargePlan] | Refusal:
        """A charge's plan (AS-CHG-1..5): the charge basis (arcs, the distance contact needs,
        the pivoted start) worked out once per position, the exact chance of contact and the
        odds of the attack it leads to."""
        got = act.activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        return self._charge_plan(state, got, action)

    def _charge_plan(self, state: GameState, got: AsoiafUnit, action: Charge
                     ) -> Plan[Charge, chg.ChargePlan] | Refusal:
        """:meth:`_plan_charge` once ``got`` may act."""
        target = state.units.get(action.target)
        if not isinstance(target, AsoiafUnit) or not target.on_board:
            return Refusal(f"there is no unit {action.target!r} in play", ("AS-CHG-1",))
        if target.owner == got.owner:
            return Refusal(f"{target.name} is a friendly unit", ("AS-CHG-1",))
        if not -180.0 <= action.pivot <= 180.0:
            return Refusal("a pivot is between -180 and 180 degrees", ("AS-CHG-5",))
        # cull: the same visibility from the position's batched sight (geo.sight), so the
        # buttons, the check and the handler share one basis
        plan = chg.plan_charge(state, got, target, action.pivot, self.rough_penalty,
                               blocked_fails=self.blocked_fails, world=self.worlds.of(state),
                               cull=True)
        if isinstance(plan, Refusal):
            return plan
        return plans.charge_plan(got, target, action, plan, state)

    def _do_charge(self, state: GameState, planned: Plan[Charge, chg.ChargePlan],
                   ctx: Context) -> None:
        action, plan = planned.action, planned.detail
        unit, target = unit_of(state, action.unit), unit_of(state, action.target)
        act.begin(state, unit, f"Charge {target.name}", ctx)
        arcs = tuple(a.value for a in plan.arcs)
        ctx.emit("charge.declared", f"{unit.name} charges {target.name}: it stands in the "
                 f"{'/'.join(arcs)} arc; contact needs {plan.needed:.2f}\" (a "
                 f"{plan.roll_needed(unit.stats.speed)}+ on the D6).",
                 ["AS-CHG-1", "AS-CHG-2", "AS-CHG-3", "AS-CHG-4"], player=unit.owner,
                 unit=unit.id, target=target.id, arc="/".join(arcs),
                 needed=round(plan.needed, 3), roll_needed=plan.roll_needed(unit.stats.speed))
        if abs(action.pivot) > TOLERANCE:
            unit.tray = plan.start
            ctx.emit("charge.pivot", f"{unit.name} pivots ({pivot_words(action.pivot)}) "
                     f"keeping {target.name} in sight.", ["AS-CHG-5", "AS-CHG-9"],
                     player=unit.owner, unit=unit.id, pivot=action.pivot, facing=plan.start.facing)
        state.procedures.append(start_charge(unit, target, plan))
        self.settle(state, ctx)

    # --- attack -----------------------------------------------------------------------------

    def _plan_attack(self, state: GameState, action: Attack
                     ) -> Plan[Attack, plans.AttackDetail] | Refusal:
        """An Attack's plan (AS-ATK-1, AS-MEL-*, AS-RNG-*): its checks' geometry once, the
        modifier record and, asked for, the exact odds of its dice."""
        got = act.activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        return plans.attack_plan(state, got, action, self.worlds.of(state))

    def unit_plan(self, state: GameState, action: Attack | Charge) -> Plan[Any, Any] | Refusal:
        """The plan of ``action`` as if its unit were the one to activate now: what the
        hover shows of any unit, whoever's turn it is. For the unit that may activate it is
        :meth:`plan`'s very plan (the memo's), so the hover, the buttons and the handler read
        one computation."""
        unit = act.activation_refusal(state, action.unit)
        if not isinstance(unit, Refusal):
            return self.plan(state, action)
        return self.memo.get(state, ("unit-plan", action),
                             lambda: self._plan_for(state, action))

    def _plan_for(self, state: GameState, action: Attack | Charge
                  ) -> Plan[Any, Any] | Refusal:
        unit = state.units.get(action.unit)
        if not isinstance(unit, AsoiafUnit) or not unit.on_board:
            return Refusal(f"there is no unit {action.unit!r} in play", ("AS-CORE-1",))
        if isinstance(action, Attack):
            return plans.attack_plan(state, unit, action, self.worlds.of(state))
        return self._charge_plan(state, unit, action)

    def _do_attack(self, state: GameState, planned: Plan[Attack, plans.AttackDetail],
                   ctx: Context) -> None:
        action, basis = planned.action, planned.detail.basis
        unit, target = unit_of(state, action.unit), unit_of(state, action.target)
        attack = unit.stats.attacks[basis.weapon]
        act.begin(state, unit, f"{'Ranged' if attack.ranged else 'Melee'} Attack on "
                  f"{target.name}", ctx)
        if attack.ranged and (action.dx or action.dy):
            tray = geo.tray_of(unit)
            unit.tray = basis.tray
            ctx.emit("attack.shift", f"{unit.name} shifts "
                     f"{math.hypot(action.dx, action.dy):.1f}\" "
                     f"{side_words(tray.facing, action.dx, action.dy)} before shooting.",
                     ["AS-RNG-3"], player=unit.owner, unit=unit.id,
                     dx=action.dx, dy=action.dy)
        if basis.placement is not None:
            self._face_for_melee(unit, target, basis.placement, ctx)
        rules = ("AS-ATK-1", "AS-RNG-4") if attack.ranged else ("AS-ATK-1", "AS-MEL-5")
        push_attack(state, unit, target, basis.weapon, False, ctx, rules, self.worlds.of(state))
        self.settle(state, ctx)

    @staticmethod
    def _face_for_melee(unit: AsoiafUnit, target: AsoiafUnit, placement: geo.Placement,
                        ctx: Context) -> None:
        """AS-MEL-3/4: turn to face the enemy head-on and shift to 100% or 50% (the plan's
        placement)."""
        before = geo.tray_of(unit).facing
        unit.tray = placement.tray
        if attacks.turned_by(before, placement.tray.facing) > attacks.TURN_TOLERANCE:
            what, rules_face = "turns to face", ["AS-MEL-3", "AS-MEL-4"]
        else:
            what, rules_face = "keeps facing", ["AS-MEL-4"]
        ctx.emit("attack.face", f"{unit.name} {what} {target.name} head-on and shifts to "
                 f"{placement.kind}% ({placement.side}).", rules_face,
                 player=unit.owner, unit=unit.id, align=placement.kind, side=placement.side,
                 x=unit.tray.x, y=unit.tray.y, facing=unit.tray.facing)


def _stats(setup: UnitSetup, problems: list[SetupProblem]) -> Profile | None:
    """The unit's profile: inline stats or a known profile id."""
    if setup.stats is not None:
        try:
            return parse_profile(setup.id, setup.stats, "stats.")
        except SetupError as exc:
            problems.extend(exc.problems)
            return None
    known = profiles()
    if setup.profile is None or setup.profile not in known:
        problems.append(SetupProblem("profile", f"unknown asoiaf profile {setup.profile!r}"))
        return None
    return known[setup.profile]


def validate_options(options: Mapping[str, Any]) -> None:
    """Refuse unknown or ill-typed ruleset options, listing every problem."""
    problems = option_problems(options)
    if problems:
        raise SetupError(problems)


def option_problems(options: Mapping[str, Any]) -> list[SetupProblem]:
    """Every unknown or ill-typed ruleset option."""
    problems = []
    for key, value in options.items():
        if key not in OPTION_KEYS:
            problems.append(SetupProblem(f"rules.options.{key}", "unknown asoiaf option "
                                         f"(expected {', '.join(OPTION_KEYS)})"))
        elif key == "rounds" and (not isinstance(value, int) or isinstance(value, bool)
                                  or value < 1):
            problems.append(SetupProblem("rules.options.rounds", "expected a whole number >= 1"))
        elif key == "crown" and (isinstance(value, bool) or value not in (1, 2)):
            problems.append(SetupProblem("rules.options.crown", "expected the player (1 or 2) "
                                         "who controls [CROWN]"))
        elif key == "charge_blocked_path" and value not in BLOCKED_PATH:
            problems.append(SetupProblem("rules.options.charge_blocked_path",
                                         f"expected one of {', '.join(BLOCKED_PATH)}"))
        elif key == "rough_penalty" and (not isinstance(value, int | float)
                                         or isinstance(value, bool) or not 0 <= value <= 6):
            problems.append(SetupProblem("rules.options.rough_penalty",
                                         "expected inches between 0 and 6"))
    return problems
