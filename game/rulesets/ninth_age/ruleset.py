"""The Ninth Age (3rd edition) ruleset: ranked units of model bases, Charge, Move and Shoot
phases, and rounds of combat with attack allocation (NA-*; docs/rules/ninth_age.md)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, ClassVar

from game.core.actions import Action, Choose, EndActivation
from game.core.choices import ChoiceValue, UnitChoice
from game.core.inspect import InfoLine, Inspection, PlayGuide, UnitCard, UnitLook
from game.core.pending import Refusal
from game.core.plan import ActionKind, Placement, Plan
from game.core.position import steady
from game.core.present import Command, Offer, victory
from game.core.procedure import Steps
from game.core.roster import ListEntry, ListSkip, ListUnit
from game.core.ruleset import Context, Ruleset, SetupProblem, UnitSetup
from game.core.state import BoardKind, GameState, Outcome, Unit
from game.core.vocab import OptionSpec, TerrainKeyword
from game.core.words import compass_words, pivot_to_words
from game.rulesets.ninth_age import bench, catalogue, choices, hints, vocab
from game.rulesets.ninth_age import present as view
from game.rulesets.ninth_age.actions import (
    Advance,
    Charge,
    Manoeuvre,
    Reform,
    Shift,
    Shoot,
    Turn,
    Wheel,
)
from game.rulesets.ninth_age.combat import Melee, MeleeSteps
from game.rulesets.ninth_age.cover import cover
from game.rulesets.ninth_age.engage import (
    Striker,
    combats,
    contact_table,
    engaged_enemies,
    ninth_units,
    ranged_options,
    shooters,
    shooting_distance,
    strikers,
)
from game.rulesets.ninth_age.look import unit_look
from game.rulesets.ninth_age.moves import (
    Moved,
    charge_arcs,
    charge_refusal,
    manoeuvre_refusal,
    move_refusal,
    mover_refusal,
    reform_refusal,
    shift_refusal,
    shoot_refusal,
    wheel_distance,
    wheel_swept,
    wheeled,
)
from game.rulesets.ninth_age.steer import move_steers
from game.rulesets.ninth_age.texts import RULE_TEXTS, counted
from game.rulesets.ninth_age.units import NinthUnit, build_unit, load_data, say_stand_ins
from game.rulesets.ninth_age.vocab import DEFAULT_ROUNDS

MoveAction = Charge | Advance | Wheel | Manoeuvre | Shift | Turn | Reform
MovePlan = Plan[Any, Moved]
"""The plan of a charge or move: its detail is where the unit ends and the inches it pays."""

PHASES = ("charge", "move", "shoot", "melee")
NINTH_GUIDE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Turn", "your turn runs through the Charge, Move, Shoot and Melee phases; Enter ends the "
     "phase (the button says which)", ("NA-TURN-1",)),
    ("Charge", "select a unit, press Charge, click an enemy in reach; it ends in contact",
     ("NA-CHG-1",)),
    ("Move", "advance, march, wheel, reform or turn; pointed moves are checked as you point",
     ("NA-MOV-1",)),
    ("Shoot", "units with ranged weapons shoot at an enemy in sight and range", ("NA-SHT-1",)),
    ("Melee", "models strike in Agility order; give every attack a target before the dice",
     ("NA-AGI-1", "NA-ALC-1")),
    ("Overlays", "gold outlines touch the enemy, light blue ones support; the hover gives the "
     "exact odds and the combat score estimate", ("NA-CON-1", "NA-CS-1")),
)
"""The Ninth Age how-to-play card: (heading, line, rules)."""
OPTIONS = ("rounds",)

PHASE_VERBS: dict[str, tuple[str, ...]] = {
    "charge": (Charge.verb,),
    "move": (Advance.verb, Wheel.verb, Manoeuvre.verb, Shift.verb, Turn.verb, Reform.verb),
    "shoot": (Shoot.verb,),
}
"""The buttons each phase shows (the Melee phase is answered through its decisions)."""

TURN_ANGLES = (45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0)
WHEEL_ANGLES = (-45.0, -22.5, 22.5, 45.0)
"""Wheels offered as discrete moves (any angle is legal within the allowance)."""
"""Turns offered as discrete moves (relative to the current facing); any angle is legal."""


class NinthAgeRuleset(Ruleset):
    """The Ninth Age on a table (see the module docstring)."""

    name: ClassVar[str] = "ninth_age"
    title: ClassVar[str] = "The Ninth Age (3rd edition)"
    description: ClassVar[str] = (
        "The Ninth Age: Fantasy Battles, 3rd edition: blocks of individual model bases with "
        "characters in their ranks. Charge, move and shoot, then fight rounds of combat in "
        "Agility order, allocating every attack to the rank-and-file or to a character in "
        "contact before the dice roll; combat score and Break Tests decide who holds.")
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table",)
    rule_texts: ClassVar[Mapping[str, str]] = RULE_TEXTS
    phases: ClassVar[tuple[str, ...]] = PHASES
    option_keys: ClassVar[tuple[str, ...]] = OPTIONS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = vocab.OPTION_SPECS
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = vocab.TERRAIN_KEYWORDS
    bench_sizes: ClassVar[tuple[int, ...]] = bench.SIZES

    bench_table = staticmethod(bench.bench_table)
    """Its generated bench table (:mod:`.bench`)."""
    bench_odds = staticmethod(bench.bench_odds)
    """The odds its hover shows for a pair, for the bench (:mod:`.bench`)."""
    free_dice: ClassVar[bool] = False

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        problems = super().option_problems(options)
        rounds = options.get("rounds", DEFAULT_ROUNDS)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 20:
            problems.append(SetupProblem("rules.options.rounds", "expected 1..20 rounds"))
        return problems

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.rounds: int = int(self.options.get("rounds", DEFAULT_ROUNDS))
        self.models, self.entries = load_data()
        self.register_kind(ActionKind(Charge, self._plan_charge, self._do_charge,
                                      view.show_charge))
        self.register_kind(ActionKind(Advance, self._plan_advance, self._do_advance,
                                      view.show_advance))
        self.register_kind(ActionKind(Wheel, self._plan_wheel, self._do_wheel, view.show_wheel))
        self.register_kind(ActionKind(Manoeuvre, self._plan_manoeuvre, self._do_manoeuvre,
                                      view.show_manoeuvre))
        self.register_kind(ActionKind(Shift, self._plan_shift, self._do_shift, view.show_shift))
        self.register_kind(ActionKind(Turn, self._plan_turn, self._do_turn, view.show_turn))
        self.register_kind(ActionKind(Reform, self._plan_reform, self._do_reform,
                                      view.show_reform))
        self.register_kind(ActionKind(Shoot, self._plan_shoot, self._do_shoot, view.show_shoot))
        self.register(EndActivation, self._check_end, self._do_end, view.show_end)
        self.present_as(Choose, view.show_answer)  # the core's planned answers (odds)

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        return (MeleeSteps(),)

    # --- setup -------------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        return tuple(self.entries)

    def build_unit(self, setup: UnitSetup) -> Unit:
        return build_unit(setup, self.models, self.entries)

    def list_unit(self, entry: ListEntry, army: str) -> ListUnit | ListSkip:
        return catalogue.list_unit(entry, army)  # sample or stand-in profiles (NA-CAT-1)

    def profile_faction(self, profile: str) -> str | None:
        entry = self.entries.get(profile)  # the army of the catalogue unit it samples
        cat = choices.catalogue_unit(entry, self.entries) if entry is not None else None
        return cat.army if cat is not None else None

    def unit_choices(self, setup: UnitSetup) -> tuple[UnitChoice, ...]:
        return choices.unit_choices(setup, self.models, self.entries)  # NA-ATT-1, NA-CAT-1

    def make_choice(self, setup: UnitSetup, key: str, value: ChoiceValue) -> UnitSetup:
        return choices.make_choice(setup, key, value, self.models, self.entries)

    def start(self, state: GameState, ctx: Context) -> None:
        state.turn.phase = PHASES[0]
        ctx.emit("round.start", f"Round {state.turn.round}: {state.player(state.turn.active).name}"
                 " begins with the Charge phase.", ("NA-TURN-1",), player=state.turn.active,
                 round=state.turn.round)

    # --- legal actions -------------------------------------------------------------------------

    def _mine(self, state: GameState, unit_id: str) -> NinthUnit | Refusal:
        unit = state.units.get(unit_id)
        if not isinstance(unit, NinthUnit) or not unit.on_board:
            return Refusal(f"there is no unit {unit_id!r} in play", ("NA-TURN-1",))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player", ("NA-TURN-1",))
        return unit

    def _phase(self, state: GameState, phase: str, rule: str) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the running procedure first", (rule,))
        if state.turn.phase != phase:
            return Refusal(f"that belongs to the {phase} phase (now: {state.turn.phase})",
                           ("NA-TURN-1", rule))
        return None

    def _actor(self, state: GameState, phase: str, rule: str,
               unit_id: str) -> NinthUnit | Refusal:
        """The active player's unit acting in ``phase``, or why it may not act now."""
        refusal = self._phase(state, phase, rule)
        return refusal if refusal is not None else self._mine(state, unit_id)

    @steady
    def legal_actions(self, state: GameState) -> list[Action]:
        out: list[Action] = []
        for unit in ninth_units(state):
            if unit.owner == state.turn.active:
                out.extend(self.legal_actions_for(state, unit.id))
        out.append(EndActivation())
        return out

    @steady
    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        unit = state.units.get(unit_id)
        if (not isinstance(unit, NinthUnit) or unit.owner != state.turn.active
                or state.procedures or unit.tray is None):
            return []
        enemies = [e for e in ninth_units(state) if e.owner != unit.owner]
        candidates: list[Action] = []
        if state.turn.phase == "charge":
            for e in self._charge_targets(state, unit, enemies):
                arcs = charge_arcs(unit, e)
                candidates += [Charge(unit.id, e.id)] if len(arcs) < 2 else [
                    Charge(unit.id, e.id, a.value) for a in arcs]
        elif state.turn.phase == "move":
            candidates = self._move_candidates(state, unit)
        elif state.turn.phase == "shoot":
            candidates = [Shoot(unit.id, e.id) for e in enemies]
        return [a for a in candidates if self.why_not(state, a) is None]

    @staticmethod
    def _move_candidates(state: GameState, unit: NinthUnit) -> list[Action]:
        """The moves worth checking for the unit's legal actions: none when it may not move
        at all this phase (in combat, charged or moved already), else a few of each kind.
        Every move's check ends with :func:`.moves.move_refusal`, which refuses them all
        first of all for that reason (NA-MOV-1), so listing skips them without changing the
        answer: the panel asks a unit's actions right after it moved, and each move's
        geometry (a formation, a wheel's swept ground) cost ~7 ms at 200 units (issue 32)."""
        if mover_refusal(state, unit) is not None:
            return []
        assert unit.tray is not None
        steps = sorted({1.0, 2.0, 3.0, float(unit.model.mob), 2.0 * unit.model.mob})
        out: list[Action] = [Advance(unit.id, d) for d in steps if d <= 2 * unit.model.mob]
        out += [Wheel(unit.id, a) for a in WHEEL_ANGLES]
        half = unit.model.mob / 2.0
        out += [Manoeuvre(unit.id, half, a, 0.0) for a in (-22.5, 22.5)]
        out += [Shift(unit.id, d, half) for d in ("back", "left", "right")]
        out += [Turn(unit.id, (unit.tray.facing + a) % 360.0) for a in TURN_ANGLES]
        out += [Reform(unit.id, f) for f in (unit.files - 1, unit.files + 1) if f >= 1]
        out.append(Reform(unit.id, unit.files, 180.0))
        return out

    @staticmethod
    def _charge_targets(state: GameState, unit: NinthUnit,
                        enemies: list[NinthUnit]) -> list[NinthUnit]:
        """The enemies whose charges need the whole check: none when the charger may not
        charge at all (in combat, moved or charged already), else those within its Charge
        reach. :func:`charge_refusal` refuses the others for the same reasons (NA-CHG-1), so
        listing skips them without changing the answer (at 200 units, every charger's check
        of every enemy cost 100 contact tests)."""
        if unit.charged or unit.moved or engaged_enemies(state, unit):
            return []
        return [e for e in enemies if shooting_distance(unit, e) <= unit.model.cha]

    # --- charge ------------------------------------------------------------------------------

    def _planned(self, state: GameState, action: MoveAction, phase: str, rule: str,
                 where: Callable[[NinthUnit], Moved | Refusal], rules: tuple[str, ...] = ()
                 ) -> MovePlan | Refusal:
        """The plan of a move or charge of the active player's unit: where ``where`` (the
        rules' own geometry, asked once) puts it, or why it may not act or go there."""
        unit = self._actor(state, phase, rule, action.unit)
        if isinstance(unit, Refusal):
            return unit
        found = where(unit)
        if isinstance(found, Refusal):
            return found
        tray, start = found.tray, unit.tray
        path = ((start.x, start.y), (tray.x, tray.y)) if start is not None else ()
        return Plan(action, found, rules or (rule,), path=path,
                    placements=(Placement(unit.id, pose=(tray.x, tray.y, tray.facing)),))

    @staticmethod
    def _mover(state: GameState, plan: MovePlan) -> NinthUnit:
        """The unit a checked plan moves (the Game checked it: it is there)."""
        unit = state.units[plan.action.unit]
        assert isinstance(unit, NinthUnit)
        return unit

    # --- charge ------------------------------------------------------------------------------

    def _plan_charge(self, state: GameState, action: Charge) -> MovePlan | Refusal:
        """The contact position of a charge (NA-CHG-1/2), worked out once per position."""

        def contact(unit: NinthUnit) -> Moved | Refusal:
            found = charge_refusal(state, unit, action.target, action.facing)
            return found if isinstance(found, Refusal) else Moved(found)

        plan = self._planned(state, action, "charge", "NA-CHG-1", contact,
                             ("NA-CHG-1", "NA-CHG-2", "NA-CON-1"))
        if isinstance(plan, Refusal):
            return plan
        unit, target = state.units[action.unit], state.units[action.target]
        assert isinstance(unit, NinthUnit) and isinstance(target, NinthUnit)
        arcs = [a.value for a in charge_arcs(unit, target)]
        alignment = action.facing or (arcs[0] if arcs else None)
        return replace(plan, targets=(target.id,), contacts=(target.id,), alignment=alignment)

    def _do_charge(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit, tray = self._mover(state, plan), plan.detail.tray
        target = state.units[plan.targets[0]]
        unit.tray = tray
        unit.charged = True
        ctx.emit("charge.contact", f"{unit.name} charges {target.name} and closes in.",
                 ("NA-CHG-1", "NA-CHG-2", "NA-CON-1"), player=unit.owner, unit=unit.id,
                 target=target.id, x=tray.x, y=tray.y, facing=tray.facing)

    # --- move --------------------------------------------------------------------------------

    def _plan_advance(self, state: GameState, action: Advance) -> MovePlan | Refusal:
        def ahead(unit: NinthUnit) -> Moved | Refusal:
            assert unit.tray is not None
            if not math.isfinite(action.distance):
                return Refusal("a distance is a number of inches", ("NA-MOV-1",))
            new = unit.tray.advanced(action.distance)
            why = move_refusal(state, unit, new, action.distance)
            return why if why is not None else Moved(new, action.distance)

        return self._planned(state, action, "move", "NA-MOV-1", ahead)

    def _moved(self, state: GameState, plan: MovePlan) -> NinthUnit:
        """Put the unit where its plan says and mark it moved (marched beyond its Advance
        rate, NA-MOV-1); the unit is done for the phase."""
        unit = self._mover(state, plan)
        unit.tray = plan.detail.tray
        unit.moved = True
        unit.marched = plan.detail.distance > unit.model.mob + 1e-9
        state.turn.activated.append(unit.id)
        return unit

    def _do_advance(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit = self._moved(state, plan)
        kind = "marches" if unit.marched else "advances"
        distance = plan.detail.distance
        ctx.emit("unit.moved", f"{unit.name} {kind} {distance:g}\".", ("NA-MOV-1",),
                 player=unit.owner, unit=unit.id, distance=distance)

    def _plan_wheel(self, state: GameState, action: Wheel) -> MovePlan | Refusal:
        def wheel(unit: NinthUnit) -> Moved | Refusal:
            assert unit.tray is not None
            if not math.isfinite(action.degrees) or not 0 < abs(action.degrees) <= 180:
                return Refusal("a wheel turns between 0 and 180 degrees", ("NA-MOV-1",))
            new, distance = wheeled(unit.tray, action.degrees), wheel_distance(unit.tray,
                                                                              action.degrees)
            why = move_refusal(state, unit, new, distance, wheel_swept(unit.tray,
                                                                       action.degrees))
            return why if why is not None else Moved(new, distance)

        return self._planned(state, action, "move", "NA-MOV-1", wheel)

    def _do_wheel(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit, degrees = self._moved(state, plan), plan.action.degrees
        distance = plan.detail.distance
        side = "right" if degrees > 0 else "left"
        ctx.emit("unit.wheeled", f"{unit.name} wheels {abs(degrees):g}° {side} "
                 f"({distance:.1f}\").",
                 ("NA-MOV-1",), player=unit.owner, unit=unit.id, degrees=degrees,
                 distance=distance)

    def _plan_manoeuvre(self, state: GameState, action: Manoeuvre) -> MovePlan | Refusal:
        def combined(unit: NinthUnit) -> Moved | Refusal:
            found = manoeuvre_refusal(state, unit, action.ahead, action.degrees, action.then)
            return found if isinstance(found, Refusal) else Moved(*found)

        return self._planned(state, action, "move", "NA-MOV-2", combined,
                             ("NA-MOV-2", "NA-MOV-1"))

    def _do_manoeuvre(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit, action = self._moved(state, plan), plan.action
        kind = "marches" if unit.marched else "advances"
        distance = plan.detail.distance
        ctx.emit("unit.manoeuvred", f"{unit.name} {kind}: {view.manoeuvre_words(action)} "
                 f"({distance:.1f}\" in all).",
                 ("NA-MOV-2", "NA-MOV-1"), player=unit.owner, unit=unit.id, ahead=action.ahead,
                 degrees=action.degrees, then=action.then, distance=distance)

    def _plan_shift(self, state: GameState, action: Shift) -> MovePlan | Refusal:
        def step(unit: NinthUnit) -> Moved | Refusal:
            found = shift_refusal(state, unit, action.direction, action.distance)
            return found if isinstance(found, Refusal) else Moved(found, action.distance)

        return self._planned(state, action, "move", "NA-MOV-3", step)

    def _do_shift(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit, action = self._moved(state, plan), plan.action
        unit.marched = False
        ctx.emit("unit.shifted", f"{unit.name} steps {action.distance:g}\" {action.direction}.",
                 ("NA-MOV-3",), player=unit.owner, unit=unit.id, direction=action.direction,
                 distance=action.distance)

    def _plan_turn(self, state: GameState, action: Turn) -> MovePlan | Refusal:
        def turn(unit: NinthUnit) -> Moved | Refusal:
            assert unit.tray is not None
            if not math.isfinite(action.facing):
                return Refusal("a facing is a number of degrees", ("NA-MOV-1",))
            new = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
            why = move_refusal(state, unit, new, 0.0)
            return why if why is not None else Moved(new)

        return self._planned(state, action, "move", "NA-MOV-1", turn)

    def _do_turn(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit = self._mover(state, plan)
        assert unit.tray is not None
        turned = pivot_to_words(unit.tray.facing, plan.detail.tray.facing)
        self._moved(state, plan)
        unit.marched = False
        ctx.emit("unit.turned", f"{unit.name} {turned}.", ("NA-MOV-1",),
                 player=unit.owner, unit=unit.id, facing=plan.action.facing)

    def _plan_reform(self, state: GameState, action: Reform) -> MovePlan | Refusal:
        """The unit's boundary after the reform, or why it may not reform (NA-MOV-1)."""

        def reform(unit: NinthUnit) -> Moved | Refusal:
            found = reform_refusal(state, unit, action.files, action.turn)
            return found if isinstance(found, Refusal) else Moved(found)

        return self._planned(state, action, "move", "NA-MOV-1", reform)

    def _do_reform(self, state: GameState, plan: MovePlan, ctx: Context) -> None:
        unit, tray = self._mover(state, plan), plan.detail.tray
        unit.tray, unit.files, unit.moved = tray, plan.action.files, True
        state.turn.activated.append(unit.id)
        # where its characters stand, and so how wide it can be, is NA-ATT-1's
        placed = ("NA-ATT-1",) if unit.characters else ()
        ctx.emit("unit.reformed", f"{unit.name} re-forms {tray.files} wide, {tray.ranks} deep,"
                 f" facing {compass_words(tray.facing)}.", ("NA-MOV-1", *placed),
                 player=unit.owner,
                 unit=unit.id, files=tray.files, facing=tray.facing)

    # --- shoot -------------------------------------------------------------------------------

    def _plan_shoot(self, state: GameState, action: Shoot) -> Plan[Shoot, None] | Refusal:
        """A shot's plan: its target and the exact HP its rank-and-file lose if every shot
        goes to them (NA-SHT-1..3, NA-HIT-3, NA-SAV-1/2, NA-HP-1)."""
        unit = self._actor(state, "shoot", "NA-SHT-1", action.unit)
        if isinstance(unit, Refusal):
            return unit
        refusal = shoot_refusal(state, unit, action.target)
        if refusal is not None:
            return refusal
        target = state.units[action.target]
        assert isinstance(target, NinthUnit)
        covered = ("NA-SHT-3",) if cover(state, unit, target) else ()  # +1 or +2 to hit
        return Plan(action, None, ("NA-SHT-1", "NA-TGT-3", *covered), targets=(target.id,),
                    odds=lambda: view.shooting_outcomes(state, unit, target))

    def _do_shoot(self, state: GameState, plan: Plan[Shoot, None], ctx: Context) -> None:
        unit = state.units[plan.action.unit]
        target = state.units[plan.targets[0]]
        assert isinstance(unit, NinthUnit) and isinstance(target, NinthUnit)
        state.turn.activated.append(unit.id)
        count = shooters(unit)
        striker = Striker(unit.id, "rf", 0, "shot", 0, tuple(f"s{i}" for i in range(count)), 1,
                          tuple(ranged_options(target)))
        covered = ("NA-SHT-3",) if cover(state, unit, target) else ()  # +1 or +2 to hit
        ctx.emit("shoot.declared", f"{unit.name} shoots {counted(count, 'shot')} at {target.name}.",
                 ("NA-SHT-1", "NA-TGT-3", *covered), player=unit.owner, unit=unit.id,
                 target=target.id, shots=count)
        say_stand_ins((unit, target), ctx)  # NA-CAT-1
        state.procedures.append(Melee(step="allocate", player=unit.owner,
                                      units=[unit.id, target.id], asking=[striker],
                                      ranged=True))
        self.settle(state, ctx)

    # --- phases ------------------------------------------------------------------------------

    def _check_end(self, state: GameState, action: EndActivation) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the running procedure first", ("NA-TURN-1",))
        return None

    def _do_end(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        """End the current phase; entering the Melee phase starts every combat's round."""
        phase = state.turn.phase or PHASES[0]
        nxt = PHASES[min(PHASES.index(phase) + 1, len(PHASES) - 1)]
        state.turn.activated.clear()
        if phase == "melee":
            self.procedures_done(state, ctx)
            return
        state.turn.phase = nxt
        ctx.emit("phase.start", f"{nxt.capitalize()} phase.", ("NA-TURN-1",),
                 player=state.turn.active, phase=nxt)
        if nxt == "melee":
            for group in reversed(combats(state)):
                state.procedures.append(Melee(step="start", player=state.turn.active,
                                              units=group))
            self.settle(state, ctx)

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """After the Melee phase's combats the turn passes (NA-TURN-1)."""
        if state.turn.phase != "melee":
            return
        for unit in ninth_units(state):
            unit.charged = unit.moved = unit.marched = False
        self._check_outcome(state, ctx)
        if state.outcome is not None:
            return
        last = state.next_player(state.turn.active) == state.players[0].number
        if last and state.turn.round >= self.rounds:  # the round counter stays on the last
            self._finish(state, ctx, "the last round is over")
            return
        self.hand_over(state, ctx)
        state.turn.phase = PHASES[0]

    def _check_outcome(self, state: GameState, ctx: Context) -> None:
        sides = {u.owner for u in ninth_units(state)}
        if len(sides) <= 1:
            self._finish(state, ctx, "one army is gone from the field")

    def _finish(self, state: GameState, ctx: Context, why: str) -> None:
        counts: dict[int, int] = {p.number: 0 for p in state.players}
        for u in ninth_units(state):
            counts[u.owner] += u.rf_alive() + sum(1 for c in u.characters if c.hp > 0)
        best = max(counts.values())
        winners = [p for p, n in counts.items() if n == best]
        winner = winners[0] if len(winners) == 1 else None
        result = (victory(state.player(winner).name, "the most models standing") if winner
                  else "a draw: no side has more models standing")
        state.outcome = Outcome(winner, f"{why[:1].upper()}{why[1:]}; {result}")
        ctx.emit("game.over", state.outcome.summary, ("NA-TURN-1",), winner=winner)

    # --- presentation ------------------------------------------------------------------------

    def unit_worth(self, state: GameState, unit_id: str) -> float:
        """A unit is worth its models standing, rank and file and characters (NA-TURN-1 counts
        them at the end); a broken unit is worth half, as it may flee off the field."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, NinthUnit) or not unit.on_board:
            return 0.0
        models = unit.rf_alive() + sum(1 for c in unit.characters if c.hp > 0)
        return models / 2 if unit.fled else float(models)

    unit_reach = staticmethod(hints.unit_reach)  # a computer player's hints (see .hints)
    unit_threat = staticmethod(hints.unit_threat)
    round_swing = staticmethod(hints.round_swing)

    def round_limit(self, state: GameState) -> int | None:
        """The scenario's number of rounds (NA-TURN-1; six unless the scenario says)."""
        return self.rounds

    def how_to_play(self, state: GameState) -> PlayGuide | None:
        """The Ninth Age card: the four phases, what the buttons and overlays mean."""
        return PlayGuide("The Ninth Age: how to play", tuple(
            (head, InfoLine(text, rules)) for head, text, rules in NINTH_GUIDE))

    def end_offer(self, state: GameState) -> Offer:
        """Enter ends the whole phase, not one unit's activation (NA-TURN-1): say which, and
        what comes next."""
        phase = state.turn.phase or PHASES[0]
        if phase == PHASES[-1]:
            after = "the combats are fought, then the other player's turn"
        else:
            after = f"the {PHASES[PHASES.index(phase) + 1]} phase comes next"
        return Offer(EndActivation(), f"End the {phase} phase", f"{after} (NA-TURN-1)")

    @steady
    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        """The unit's buttons for the current phase only (NA-TURN-1: the other phases' actions
        could never be used now); in the Move phase the combined move and the Shift are also
        pointed on the table (NA-MOV-2, NA-MOV-3), each pointed move checked by ``why_not``."""
        verbs = PHASE_VERBS.get(state.turn.phase or "", ())
        found = tuple(self._explained(state, unit_id, c)
                      for c in self.commands_from(state, self.legal_actions_for(state, unit_id))
                      if c.key in verbs)
        unit = state.units.get(unit_id)
        if (not isinstance(unit, NinthUnit) or unit.tray is None or state.procedures
                or state.turn.phase != "move" or unit.owner != state.turn.active
                or mover_refusal(state, unit) is not None):
            return found
        combined, step = move_steers(unit, lambda a: self.present(state, a))
        steers = {Manoeuvre.verb: combined, Shift.verb: step}
        return tuple(replace(c, steer=steers[c.key], refusal=None) if c.key in steers else c
                     for c in found)

    @steady
    def inspect_pair(self, state: GameState, viewer_id: str,
                     target_id: str) -> Inspection | None:
        """The pair inspection, remembered per position (the core's memo): hovering the same
        pair again costs a lookup; any change of the position computes it afresh. A charge
        or shot it reports is the action's own plan."""
        return self.memo.get(state, ("inspect_pair", viewer_id, target_id), lambda: (
            view.inspect_pair(state, viewer_id, target_id, partial(self.plan, state))))

    @steady
    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        """The unit's own inspection; on selection it also works out who strikes whom in its
        combats (remembered on the units), so hovering an enemy in contact is a lookup."""
        unit = state.units.get(unit_id)
        if isinstance(unit, NinthUnit) and unit.tray is not None:
            for enemy in engaged_enemies(state, unit):
                strikers(state, unit, [enemy])
                strikers(state, enemy, [unit])
        return view.inspect_unit(state, unit_id)

    def _explained(self, state: GameState, unit_id: str, command: Command) -> Command:
        """A Charge or Shoot button that says why an enemy is no target (hovered while
        aiming), and, disabled, why the nearest enemy cannot be charged or shot (NA-CHG-1,
        NA-SHT-1): the game's own refusal, never a bare "no legal use"."""
        kinds: dict[str, type[Charge] | type[Shoot]] = {Charge.verb: Charge, Shoot.verb: Shoot}
        kind = kinds.get(command.key)
        unit = state.units.get(unit_id)
        if kind is None or not isinstance(unit, NinthUnit) or unit.tray is None:
            return command

        def why(target_id: str) -> Refusal | None:
            return self.why_not(state, kind(unit_id, target_id))

        if command.offers:
            return replace(command, target_refusal=why)
        tray = unit.tray
        enemies = sorted((e for e in ninth_units(state) if e.owner != unit.owner and e.tray),
                         key=lambda e: tray.polygon.distance(e.tray.polygon))  # type: ignore
        reason = next((r for r in (why(e.id) for e in enemies[:1]) if r is not None), None)
        if reason is None or command.refusal is None:
            return command
        return replace(command, refusal=Refusal(f"{command.label}: nearest enemy: "
                                                f"{reason.reason}", reason.rules))

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        return view.unit_card(state, unit_id)

    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        """Every model base, characters, contact, support and casualties marked (the contact
        table from :meth:`_contacts`)."""
        return unit_look(state, unit_id, self._contacts(state))

    def look_links(self, state: GameState, unit_id: str) -> frozenset[str]:
        """The unit's engaged enemies (NA-CON-1): its look reads the unit and them (contacts,
        supporting models; see :mod:`.look`), and contact is mutual."""
        return frozenset(self._contacts(state).get(unit_id, ()))

    def _contacts(self, state: GameState) -> Mapping[str, tuple[str, ...]]:
        """This position's contact table (:func:`.engage.contact_table`), from the position
        memo: the table asks the 200 looks of a new game moment in one steady position, so
        its key is read once, not once per look (issue 32)."""
        return self.memo.get(state, ("contacts",), lambda: contact_table(state))

    def in_combat(self, state: GameState, unit_id: str) -> bool:
        """Whether the unit is engaged with an enemy."""
        unit = state.units.get(unit_id)
        return isinstance(unit, NinthUnit) and bool(engaged_enemies(state, unit))
