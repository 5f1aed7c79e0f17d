"""The asoiaf ruleset: activations, the unit actions and the procedures they start.

Rule IDs of the core game structure that this ruleset adds (documented in
docs/rules/asoiaf.md, explained in :mod:`texts`): AS-CORE-1 (rounds and alternating
activations), AS-CORE-2 (one action per activation), AS-CORE-3 (Maneuver), AS-CORE-4
(Retreat), AS-CORE-5 (end of the game), AS-CORE-6 (Engaged). The rules of the seeds are cited
where they are implemented.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from game.core.actions import Action, Choose, DiceSpec, EndActivation
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.present import plain_offers
from game.core.ruleset import Context, Ruleset, SetupError, SetupProblem, UnitSetup
from game.core.state import BoardKind, GameState, Outcome, Unit
from game.geometry.arcs import Arc
from game.geometry.ranges import LONG_RANGE, SHORT_RANGE, range_to
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo, moves
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.modifiers import (
    AttackModifiers,
    attack_modifiers,
    models_lost,
    panic_shortfall,
    succeeds,
)
from game.rulesets.asoiaf.procedures import (
    AttackProc,
    ChargeProc,
    FreeMoveProc,
    PanicProc,
    RetreatProc,
)
from game.rulesets.asoiaf.profiles import Profile, parse_profile, profiles
from game.rulesets.asoiaf.texts import RULE_TEXTS
from game.rulesets.asoiaf.units import AsoiafUnit

Hook = Callable[[GameState, AttackProc, Context], None]
"""An effect bound to a window of the attack sequence (test abilities use these)."""

WINDOWS = ("after_attack_dice", "after_defense_dice", "after_destroyed", "after_attacked")
"""Effect windows in the order an attack opens them (AS-RES-3, AS-RES-5, AS-TRG-1)."""

OPTION_KEYS = ("rounds", "rough_penalty")
RANGES = {"short": SHORT_RANGE, "long": LONG_RANGE}  # AS-RNG-5, AS-RNG-7: fixed, not abilities
NO_PANIC = 0
TURN_TOLERANCE = 1e-6
"""Degrees: a placement turned by less keeps the unit's facing (AS-MEL-3)."""


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
    rule_texts: ClassVar[Mapping[str, str]] = RULE_TEXTS
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table",)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.rounds: int | None = self.options.get("rounds")
        self.rough_penalty: float = float(self.options.get("rough_penalty",
                                                           chg.DEFAULT_PENALTY))
        self.hooks: dict[str, list[Hook]] = {w: [] for w in WINDOWS}
        self.register(Charge, self._check_charge, self._do_charge)
        self.register(Attack, self._check_attack, self._do_attack)
        self.register(Maneuver, self._check_maneuver, self._do_maneuver)
        self.register(Retreat, self._check_retreat, self._do_retreat)
        self.register(Hold, self._check_hold, self._do_hold)
        self.register(EndActivation, self._check_end_activation, self._do_end)

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        return option_problems(options)

    def add_hook(self, window: str, hook: Hook) -> None:
        """Bind an effect to an attack window (one of :data:`WINDOWS`)."""
        if window not in self.hooks:
            raise KeyError(window)
        self.hooks[window].append(hook)

    # --- setup -----------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        return tuple(profiles())

    def build_unit(self, setup: UnitSetup) -> Unit:
        problems: list[SetupProblem] = []
        stats = self._stats(setup, problems)
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
                          models=models, damage=damage)

    def _stats(self, setup: UnitSetup, problems: list[SetupProblem]) -> Profile | None:
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

    def start(self, state: GameState, ctx: Context) -> None:
        state.turn.active = self._first_player(state)
        ctx.emit("round.start", f"Round {state.turn.round} begins; "
                 f"{state.player(state.turn.active).name} activates first.",
                 ["AS-CORE-1"], player=state.turn.active, round=state.turn.round)

    # --- questions --------------------------------------------------------------------------

    def decision(self, state: GameState) -> PlayerDecision | Chance | None:
        proc = state.procedure
        if proc is None or state.outcome is not None:
            return None
        if isinstance(proc, AttackProc):
            return self._attack_pending(state, proc)
        if isinstance(proc, ChargeProc):
            return self._charge_pending(state, proc)
        if isinstance(proc, PanicProc):
            name = self._u(state, proc.unit).name
            return Chance(proc.player, DiceSpec(2, 6), f"Panic Test of {name} ({proc.reason}), "
                          f"needs {proc.target}+", ("AS-PNC-1",))
        if isinstance(proc, FreeMoveProc):
            return self._free_pending(state, proc)
        if isinstance(proc, RetreatProc):
            return self._retreat_pending(state, proc)
        return None

    def legal_actions(self, state: GameState) -> list[Action]:
        if state.procedures or state.outcome is not None:
            return []
        out: list[Action] = []
        for unit in self._ready_units(state):
            out.extend(self._unit_actions(state, unit))
        return out

    def _unit_actions(self, state: GameState, unit: AsoiafUnit) -> list[Action]:
        out: list[Action] = [Hold(unit.id)]
        engaged = geo.engaged_enemies(state, unit)
        if engaged:
            out.append(Retreat(unit.id))
            for eid in engaged:
                for action in self._melee_variants(unit, eid):
                    if self._check_attack(state, action) is None:
                        out.append(action)
            return out
        # The same answers as _check_charge / _check_attack, cheaper: exact distance bounds
        # first, and the pivot-independent charge checks once per target.
        ranged = unit.stats.ranged_attacks()
        shot_range = RANGES[unit.stats.attacks[ranged[0]].kind] if ranged else 0.0
        tray = geo.tray_of(unit)
        for enemy in geo.enemies_of(state, unit):
            if not chg.out_of_reach(unit, enemy):
                basis = chg.charge_basis(state, unit, enemy, cull=True)
                if not isinstance(basis, Refusal):
                    for pivot in {0.0, chg.facing_pivot(unit, enemy)}:
                        plan = chg.plan_from_basis(state, unit, enemy, basis, pivot,
                                                   self.rough_penalty, cull=True)
                        if not isinstance(plan, Refusal):
                            out.append(Charge(unit.id, enemy.id, pivot))
            # the rest of _check_attack for weapon -1 of an unengaged unit (AS-RNG-4..6)
            if (ranged
                    and range_to(tray, geo.tray_of(enemy).polygon) <= shot_range + TOLERANCE
                    and self.ranged_refusal(state, unit, enemy, ranged[0], tray,
                                            cull=True) is None):
                out.append(Attack(unit.id, enemy.id))
        for turn, distance, then in moves.sample_maneuvers(state, unit):
            out.append(Maneuver(unit.id, turn, distance, then))
        return out

    @staticmethod
    def _melee_variants(unit: AsoiafUnit, eid: str) -> list[Attack]:
        """Keep the tray, or face and shift to 100% / 50% (AS-MEL-3/4; checked by the caller)."""
        return [Attack(unit.id, eid), Attack(unit.id, eid, align="100"),
                Attack(unit.id, eid, align="50", side="left"),
                Attack(unit.id, eid, align="50", side="right")]

    # --- activation ---------------------------------------------------------------------------

    def _u(self, state: GameState, unit_id: str) -> AsoiafUnit:
        unit = state.units[unit_id]
        assert isinstance(unit, AsoiafUnit)
        return unit

    def _ready_units(self, state: GameState, player: int | None = None) -> list[AsoiafUnit]:
        """Units of ``player`` (default: the active one) that have not activated this round."""
        owner = state.turn.active if player is None else player
        return [u for u in geo.live(state)
                if u.owner == owner and u.id not in state.turn.activated]

    def _first_player(self, state: GameState) -> int:
        for p in state.players:
            if self._ready_units(state, p.number):
                return p.number
        return state.players[0].number

    def _activation_refusal(self, state: GameState, unit_id: str) -> Refusal | AsoiafUnit:
        """Whether ``unit_id`` may activate now (AS-CORE-1)."""
        if state.procedures:
            return Refusal("finish the running action first", ("AS-CORE-2",))
        unit = state.units.get(unit_id)
        if not isinstance(unit, AsoiafUnit) or not unit.on_board:
            return Refusal(f"there is no unit {unit_id!r} in play", ("AS-CORE-1",))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player; "
                           f"{state.player(state.turn.active).name} activates now", ("AS-CORE-1",))
        if unit.id in state.turn.activated:
            return Refusal(f"{unit.name} has already activated this round", ("AS-CORE-1",))
        return unit

    def _begin(self, state: GameState, unit: AsoiafUnit, what: str, ctx: Context) -> None:
        state.turn.current_unit = unit.id
        ctx.emit("activation.start", f"{unit.name} activates: {what}.", ["AS-CORE-2"],
                 player=unit.owner, unit=unit.id, action=what)

    def _advance(self, state: GameState, ctx: Context) -> None:
        """Run automatic steps until a decision or dice are needed or the activation ends."""
        for _ in range(10_000):
            if state.outcome is not None:
                state.procedures.clear()
                return
            proc = state.procedure
            if proc is None:
                if state.turn.current_unit is not None:
                    self._finish_activation(state, ctx)
                return
            if not self._step(state, proc, ctx):
                return
        raise RuntimeError("asoiaf procedure did not settle")

    def _step(self, state: GameState, proc: Any, ctx: Context) -> bool:
        if isinstance(proc, AttackProc):
            return self._attack_step(state, proc, ctx)
        if isinstance(proc, ChargeProc):
            return self._charge_step(state, proc, ctx)
        if isinstance(proc, FreeMoveProc):
            return self._free_step(state, proc, ctx)
        return False

    def _finish_activation(self, state: GameState, ctx: Context) -> None:
        """End the activation and hand over (AS-CORE-1)."""
        unit_id = state.turn.current_unit
        assert unit_id is not None
        state.turn.current_unit = None
        if unit_id not in state.turn.activated:
            state.turn.activated.append(unit_id)
        ctx.emit("activation.end", f"{state.units[unit_id].name}'s activation ends.",
                 ["AS-CORE-1"], player=state.units[unit_id].owner, unit=unit_id)
        if self._check_over(state, ctx):
            return
        ending = state.turn.active
        candidate = ending
        for _ in state.players:
            candidate = state.next_player(candidate)
            if self._ready_units(state, candidate):
                state.turn.active = candidate
                if candidate != ending:
                    ctx.emit("turn.handover", f"{state.player(candidate).name} activates next.",
                             ["AS-CORE-1", "WB-TBL-4"], player=candidate, previous=ending)
                return
        self._new_round(state, ctx)

    def _new_round(self, state: GameState, ctx: Context) -> None:
        """Every unit has activated: a new round, or the end at the round limit (AS-CORE-5)."""
        if self.rounds is not None and state.turn.round >= self.rounds:
            self._end_by_limit(state, ctx)
            return
        state.turn.round += 1
        state.turn.activated.clear()
        state.turn.active = self._first_player(state)
        ctx.emit("round.start", f"Round {state.turn.round} begins; "
                 f"{state.player(state.turn.active).name} activates first.",
                 ["AS-CORE-1"], player=state.turn.active, round=state.turn.round)

    def _end_by_limit(self, state: GameState, ctx: Context) -> None:
        scores = {p.number: sum(u.wounds_left for u in geo.live(state) if u.owner == p.number)
                  for p in state.players}
        best = max(scores.values())
        leaders = [n for n, s in scores.items() if s == best]
        winner = leaders[0] if len(leaders) == 1 else None
        summary = (f"round limit {self.rounds} reached; "
                   + (f"{state.player(winner).name} wins with {best} wounds left" if winner
                      else "a draw"))
        state.outcome = Outcome(winner, summary)
        ctx.emit("game.over", summary, ["AS-CORE-5"], player=winner,
                 **{f"wounds_left_{n}": s for n, s in scores.items()})

    def _check_over(self, state: GameState, ctx: Context) -> bool:
        """A side with no units left has lost (AS-CORE-5)."""
        standing = [p.number for p in state.players if any(u.owner == p.number
                                                          for u in geo.live(state))]
        if len(standing) > 1:
            return False
        winner = standing[0] if standing else None
        summary = (f"{state.player(winner).name} wins: no enemy unit is left" if winner
                   else "no unit is left: a draw")
        state.outcome = Outcome(winner, summary)
        state.procedures.clear()
        ctx.emit("game.over", summary, ["AS-CORE-5"], player=winner)
        return True

    # --- hold, end --------------------------------------------------------------------------

    def _check_hold(self, state: GameState, action: Hold) -> Refusal | None:
        got = self._activation_refusal(state, action.unit)
        return got if isinstance(got, Refusal) else None

    def _do_hold(self, state: GameState, action: Hold, ctx: Context) -> None:
        unit = self._u(state, action.unit)
        self._begin(state, unit, "no action", ctx)
        self._advance(state, ctx)

    def _check_end_activation(self, state: GameState, action: EndActivation) -> Refusal | None:
        return Refusal("an activation ends by itself after its action; use 'hold UNIT' to "
                       "activate a unit without acting", ("AS-CORE-2",))

    # --- choices ------------------------------------------------------------------------------

    def on_choice(self, state: GameState, action: Choose, ctx: Context) -> None:
        """Feed a decision's answer (the Game checked it was offered) to the procedure."""
        proc = state.procedure
        if isinstance(proc, AttackProc):
            self._attack_choose(state, proc, action, ctx)
        elif isinstance(proc, ChargeProc):
            self._charge_choose(state, proc, action, ctx)
        elif isinstance(proc, FreeMoveProc):
            self._free_choose(state, proc, action, ctx)
        elif isinstance(proc, RetreatProc):
            self._retreat_choose(state, proc, action, ctx)
        self._advance(state, ctx)

    def on_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        proc = state.procedure
        if isinstance(proc, AttackProc):
            self._attack_dice(state, proc, results, ctx)
        elif isinstance(proc, ChargeProc):
            self._charge_dice(state, proc, results, ctx)
        elif isinstance(proc, PanicProc):
            self._panic_dice(state, proc, results, ctx)
        elif isinstance(proc, RetreatProc):
            self._retreat_dice(state, proc, results, ctx)
        self._advance(state, ctx)

    # --- wounds and panic -----------------------------------------------------------------------

    def apply_wounds(self, state: GameState, unit: AsoiafUnit, wounds: int, why: str,
                     rules: Sequence[str], ctx: Context) -> tuple[int, bool]:
        """Take ``wounds`` off ``unit``: models from the last rank, right to left (AS-RES-6);
        return (models removed, destroyed)."""
        removed, damage = models_lost(unit.models, unit.damage, unit.stats.wounds, wounds)
        unit.models -= removed
        unit.damage = damage
        destroyed = unit.models == 0
        rules = list(dict.fromkeys([*rules, "AS-RES-6"]))
        ctx.emit("unit.wounded", f"{unit.name} suffers {wounds} wound(s) ({why}): {removed} "
                 f"model(s) removed, {unit.models} left.", rules,
                 player=unit.owner, unit=unit.id, wounds=wounds, removed=removed,
                 models=unit.models, damage=unit.damage)
        if destroyed:
            unit.destroyed = True
            ctx.emit("unit.destroyed", f"{unit.name} is destroyed.", rules,
                     player=unit.owner, unit=unit.id)
        return removed, destroyed

    def _panic_dice(self, state: GameState, proc: PanicProc, results: tuple[int, ...],
                    ctx: Context) -> None:
        """A Panic Test outside an attack (failed charge AS-CHG-10, firing into melee AS-RNG-8)."""
        state.procedures.pop()
        unit = self._u(state, proc.unit)
        total = sum(results)
        short = panic_shortfall(total, proc.target)
        verdict = f"fails by {short}" if short else "passes"
        ctx.emit("panic.test", f"{unit.name}'s Panic Test ({proc.reason}): {total} against "
                 f"{proc.target}+ {verdict}.", [*proc.rules, "AS-PNC-1"], player=unit.owner,
                 unit=unit.id, total=total, target=proc.target, failed_by=short)
        if short and unit.on_board:
            self.apply_wounds(state, unit, short, "failed Panic Test", ("AS-PNC-1",), ctx)
            self._check_over(state, ctx)

    # --- maneuver, retreat, hold ----------------------------------------------------------------

    def _check_maneuver(self, state: GameState, action: Maneuver) -> Refusal | None:
        got = self._activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        problem = moves.maneuver_problem(state, got, action.turn, action.distance, action.then)
        return Refusal(problem, ("AS-CORE-3",)) if problem else None

    def _do_maneuver(self, state: GameState, action: Maneuver, ctx: Context) -> None:
        unit = self._u(state, action.unit)
        self._begin(state, unit, "Maneuver", ctx)
        self._move_maneuver(state, unit, action.turn, action.distance, action.then,
                            ("AS-CORE-3",), ctx)
        self._advance(state, ctx)

    def _move_maneuver(self, state: GameState, unit: AsoiafUnit, turn: float, distance: float,
                       then: float, rules: Sequence[str], ctx: Context) -> None:
        unit.tray = moves.maneuver_tray(unit, turn, distance, then)
        ctx.emit("unit.maneuvered", f"{unit.name} pivots {turn:g}°, moves {distance:g}\" and "
                 f"pivots {then:g}°.", rules, player=unit.owner, unit=unit.id, turn=turn,
                 distance=distance, then=then, x=unit.tray.x, y=unit.tray.y,
                 facing=unit.tray.facing)

    def _check_retreat(self, state: GameState, action: Retreat) -> Refusal | None:
        got = self._activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        if not geo.engaged_enemies(state, got):
            return Refusal(f"{got.name} is not engaged: only an engaged unit retreats",
                           ("AS-CORE-4",))
        return None

    def _do_retreat(self, state: GameState, action: Retreat, ctx: Context) -> None:
        unit = self._u(state, action.unit)
        self._begin(state, unit, "Retreat", ctx)
        state.procedures.append(RetreatProc(step="roll", player=unit.owner, unit=unit.id,
                                            enemies=tuple(geo.engaged_enemies(state, unit))))
        self._advance(state, ctx)

    def _retreat_pending(self, state: GameState, proc: RetreatProc) -> PlayerDecision | Chance:
        unit = self._u(state, proc.unit)
        if proc.step == "roll":
            return Chance(proc.player, DiceSpec(1, 6), f"Retreat distance of {unit.name} "
                          f"(D6 + Speed {unit.stats.speed})", ("AS-CORE-4",))
        limit = float(proc.roll + unit.stats.speed)
        options = [Choose.of(dir=d, distance=dist, facing=f)
                   for d, dist, f in moves.retreat_options(state, unit, limit)]
        options.append(Choose.of(dir="stay"))
        return PlayerDecision(proc.player, "retreat.move", f"Where does {unit.name} retreat "
                              f"(up to {limit:g}\")?", plain_offers(options), ("AS-CORE-4",))

    def _retreat_dice(self, state: GameState, proc: RetreatProc, results: tuple[int, ...],
                      ctx: Context) -> None:
        proc.roll = results[0]
        proc.step = "move"
        unit = self._u(state, proc.unit)
        ctx.emit("retreat.roll", f"{unit.name} may retreat up to {proc.roll + unit.stats.speed}\""
                 f" (D6 {proc.roll} + Speed {unit.stats.speed}).", ["AS-CORE-4"],
                 player=unit.owner, unit=unit.id, d6=proc.roll, distance=proc.roll +
                 unit.stats.speed)

    def _retreat_choose(self, state: GameState, proc: RetreatProc, action: Choose,
                        ctx: Context) -> None:
        state.procedures.pop()
        unit = self._u(state, proc.unit)
        direction = action.get("dir") or "stay"
        if direction == "stay":
            ctx.emit("retreat.stay", f"{unit.name} stays where it is.", ["AS-CORE-4"],
                     player=unit.owner, unit=unit.id)
            return
        distance, facing = float(action.get("distance") or 0), float(action.get("facing") or 0)
        unit.tray = moves.retreat_tray(unit, direction, distance, facing)
        ctx.emit("retreat.move", f"{unit.name} retreats {distance:g}\" {direction} and faces "
                 f"{facing:g}°.", ["AS-CORE-4"], player=unit.owner, unit=unit.id,
                 direction=direction, distance=distance, facing=facing)
        freed = [e for e in proc.enemies if state.units[e].on_board
                 and not geo.engaged_enemies(state, self._u(state, e))]
        if freed:
            state.procedures.append(FreeMoveProc(
                step="choose", player=unit.owner,
                queue=tuple((e, "pivot", "AS-CORE-4") for e in freed)))

    # --- free moves (Surge Forth, retreat pivots) ------------------------------------------------

    def _free_pending(self, state: GameState, proc: FreeMoveProc) -> PlayerDecision:
        uid, kind, rule = proc.queue[0]
        unit = self._u(state, uid)
        options = [Choose.of(unit=uid, skip="yes")]
        if kind == "maneuver":
            options += [Choose.of(unit=uid, turn=t, distance=d, then=n)
                        for t, d, n in moves.sample_maneuvers(state, unit)]
            prompt = f"{unit.name} may make a free Maneuver (Surge Forth)"
        else:
            options += [Choose.of(unit=uid, facing=f)
                        for f in moves.pivot_options(state, unit, None)]
            prompt = f"{unit.name} may make a free Pivot"
        return PlayerDecision(unit.owner, f"free.{kind}", prompt, plain_offers(options), (rule,))

    def _free_step(self, state: GameState, proc: FreeMoveProc, ctx: Context) -> bool:
        while proc.queue and not state.units[proc.queue[0][0]].on_board:
            proc.queue = proc.queue[1:]
        if not proc.queue:
            state.procedures.pop()
            return True
        return False

    def _free_choose(self, state: GameState, proc: FreeMoveProc, action: Choose,
                     ctx: Context) -> None:
        uid, kind, rule = proc.queue[0]
        proc.queue = proc.queue[1:]
        unit = self._u(state, uid)
        if action.get("skip") == "yes":
            ctx.emit("free.skipped", f"{unit.name} does not use its free {kind}.", [rule],
                     player=unit.owner, unit=uid)
        elif kind == "maneuver":
            self._move_maneuver(state, unit, float(action.get("turn") or 0),
                                float(action.get("distance") or 0),
                                float(action.get("then") or 0), [rule, "AS-CORE-3"], ctx)
        else:
            tray = geo.tray_of(unit)
            facing = float(action.get("facing") or 0)
            unit.tray = tray.moved_to(tray.x, tray.y, facing)
            ctx.emit("unit.pivoted", f"{unit.name} pivots to face {facing:g}°.", [rule],
                     player=unit.owner, unit=uid, facing=facing)
        if not proc.queue:
            state.procedures.pop()

    # --- charge ---------------------------------------------------------------------------

    def _check_charge(self, state: GameState, action: Charge) -> Refusal | None:
        got = self._activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        target = state.units.get(action.target)
        if not isinstance(target, AsoiafUnit) or not target.on_board:
            return Refusal(f"there is no unit {action.target!r} in play", ("AS-CHG-1",))
        if target.owner == got.owner:
            return Refusal(f"{target.name} is a friendly unit", ("AS-CHG-1",))
        if not -180.0 <= action.pivot <= 180.0:
            return Refusal("a pivot is between -180 and 180 degrees", ("AS-CHG-5",))
        plan = chg.plan_charge(state, got, target, action.pivot, self.rough_penalty)
        return plan if isinstance(plan, Refusal) else None

    def _do_charge(self, state: GameState, action: Charge, ctx: Context) -> None:
        unit, target = self._u(state, action.unit), self._u(state, action.target)
        plan = chg.plan_charge(state, unit, target, action.pivot, self.rough_penalty)
        assert not isinstance(plan, Refusal)
        self._begin(state, unit, f"Charge {target.name}", ctx)
        arcs = tuple(a.value for a in plan.arcs)
        ctx.emit("charge.declared", f"{unit.name} charges {target.name}: it stands in the "
                 f"{'/'.join(arcs)} arc; contact needs {plan.needed:.2f}\" (a "
                 f"{plan.roll_needed(unit.stats.speed)}+ on the D6).",
                 ["AS-CHG-1", "AS-CHG-2", "AS-CHG-3", "AS-CHG-4"], player=unit.owner,
                 unit=unit.id, target=target.id, arc="/".join(arcs),
                 needed=round(plan.needed, 3), roll_needed=plan.roll_needed(unit.stats.speed))
        if abs(action.pivot) > TOLERANCE:
            unit.tray = plan.start
            ctx.emit("charge.pivot", f"{unit.name} pivots {action.pivot:g}° keeping "
                     f"{target.name} in sight.", ["AS-CHG-5", "AS-CHG-9"], player=unit.owner,
                     unit=unit.id, pivot=action.pivot, facing=plan.start.facing)
        state.procedures.append(ChargeProc(
            step="arc" if len(arcs) > 1 else "roll", player=unit.owner, attacker=unit.id,
            target=target.id, start=plan.start, arcs=arcs, arc=arcs[0],
            distance_needed=plan.distance, penalty=plan.penalty))
        self._advance(state, ctx)

    def _charge_pending(self, state: GameState, proc: ChargeProc) -> PlayerDecision | Chance:
        unit = self._u(state, proc.attacker)
        if proc.step == "arc":
            return PlayerDecision(proc.player, "charge.arc", "The charger stands 50/50 across "
                                  "two arcs: choose the arc to contact",
                                  plain_offers([Choose.of(arc=a) for a in proc.arcs]),
                                  ("AS-CHG-4",))
        if proc.step == "roll":
            return Chance(proc.player, DiceSpec(1, 6), f"Charge distance of {unit.name} "
                          f"(D6 + Speed {unit.stats.speed})", ("AS-CHG-6",))
        if proc.step == "stakes":
            return Chance(proc.player, DiceSpec(1, 3), f"Stakes: D3+1 wounds on {unit.name}",
                          ("AS-CHG-14",))
        options = tuple(self._align_choice(p) for p in self._charge_placements(state, proc))
        return PlayerDecision(proc.player, "charge.align", f"Align {unit.name} with "
                              f"{self._u(state, proc.target).name}", plain_offers(options),
                              ("AS-CHG-7",))

    @staticmethod
    def _align_choice(p: geo.Placement) -> Choose:
        return Choose.of(align=p.kind, side=p.side)

    def _charge_placements(self, state: GameState, proc: ChargeProc) -> list[geo.Placement]:
        unit, target = self._u(state, proc.attacker), self._u(state, proc.target)
        return chg.placements(state, unit, target, Arc(proc.arc), geo.tray_of(unit))

    def _charge_choose(self, state: GameState, proc: ChargeProc, action: Choose,
                       ctx: Context) -> None:
        if proc.step == "arc":
            proc.arc = action.get("arc") or proc.arcs[0]
            proc.step = "roll"
            ctx.emit("charge.arc", f"The charge will contact the {proc.arc} arc.",
                     ["AS-CHG-4"], player=proc.player, arc=proc.arc)
            return
        for p in self._charge_placements(state, proc):
            if self._align_choice(p) == action:
                self._place_charger(state, proc, p, ctx)
                return

    def _charge_dice(self, state: GameState, proc: ChargeProc, results: tuple[int, ...],
                     ctx: Context) -> None:
        if proc.step == "stakes":
            self._stakes(state, proc, results[0], ctx)
            return
        unit, target = self._u(state, proc.attacker), self._u(state, proc.target)
        proc.roll = results[0]
        total = proc.roll + unit.stats.speed
        proc.disorderly = proc.roll == 1  # AS-CHG-11
        success = total >= proc.distance_needed + proc.penalty - TOLERANCE
        ctx.emit("charge.roll", f"D6 {proc.roll} + Speed {unit.stats.speed} = {total}\" against "
                 f"{proc.distance_needed + proc.penalty:.2f}\" needed: "
                 f"{'success' if success else 'failed'}.", ["AS-CHG-6"], player=unit.owner,
                 unit=unit.id, d6=proc.roll, speed=unit.stats.speed, distance=total,
                 needed=round(proc.distance_needed + proc.penalty, 3),
                 result="success" if success else "failed")
        if proc.penalty:
            ctx.emit("charge.terrain", f"Rough or hindering ground on the path costs "
                     f"{proc.penalty:g}\".", ["AS-CHG-15"], player=unit.owner, unit=unit.id,
                     penalty=proc.penalty)
        if proc.disorderly:
            ctx.emit("charge.disorderly", f"A roll of 1: {unit.name}'s charge is disorderly "
                     "(no Charge Bonus).", ["AS-CHG-11"], player=unit.owner, unit=unit.id)
        if success:
            self._charge_contact(state, proc, unit, target, ctx)
        else:
            self._charge_fail(state, proc, unit, target, total, ctx)

    def _charge_contact(self, state: GameState, proc: ChargeProc, unit: AsoiafUnit,
                        target: AsoiafUnit, ctx: Context) -> None:
        """AS-CHG-6 success: move to contact, then align (Step 4)."""
        path = geo.corridor(proc.start, proc.distance_needed)
        unit.tray = proc.start.advanced(proc.distance_needed)
        proc.crossed_stakes = bool(geo.terrain_hit(state, path, ("stakes",)))
        ctx.emit("charge.contact", f"{unit.name} moves {proc.distance_needed:.2f}\" and "
                 f"contacts {target.name}: a successful charge.", ["AS-CHG-6", "AS-CHG-9"],
                 player=unit.owner, unit=unit.id, moved=round(proc.distance_needed, 3))
        choices = self._charge_placements(state, proc)
        if len(choices) == 1:
            self._place_charger(state, proc, choices[0], ctx)
        elif not choices:
            ctx.emit("charge.align", f"{unit.name} cannot be aligned and stays in contact "
                     "where it stopped.", ["AS-CHG-7"], player=unit.owner, unit=unit.id)
            proc.step = "others"
        else:
            proc.step = "align"

    def _charge_fail(self, state: GameState, proc: ChargeProc, unit: AsoiafUnit,
                     target: AsoiafUnit, total: int, ctx: Context) -> None:
        """AS-CHG-6/10: a failed charge moves as far as it may, then takes a Panic Test."""
        allowed = float(total)
        if geo.terrain_hit(state, geo.corridor(proc.start, allowed), ("rough", "hindering")):
            allowed = max(0.0, allowed - self.rough_penalty)
        blockers = geo.move_blockers(state, unit.id)
        d_b, which = geo.first_contact(proc.start, blockers, allowed + 1.0)
        limit = min(allowed, geo.table_exit(proc.start, state))
        # it stops 1" short only of what the full move would touch (AS-CHG-6)
        stop_short = which is not None and d_b <= limit + TOLERANCE
        moved = max(0.0, d_b - 1.0) if stop_short else limit
        path = geo.corridor(proc.start, moved)
        unit.tray = proc.start.advanced(moved)
        proc.crossed_stakes = bool(geo.terrain_hit(state, path, ("stakes",)))
        gap = unit.tray.polygon.distance(geo.tray_of(target).polygon)
        ctx.emit("charge.failed", f"{unit.name} moves {moved:.2f}\" straight ahead and stops "
                 f"{gap:.2f}\" short of {target.name}: a failed charge.",
                 ["AS-CHG-6", "AS-CHG-10"], player=unit.owner, unit=unit.id,
                 moved=round(moved, 3), short=round(gap, 3))
        proc.failed = True
        if proc.crossed_stakes:  # AS-CHG-14: on completing the move, before the Panic Test
            proc.step = "stakes"
            return
        self._failed_panic(state, proc, unit)

    @staticmethod
    def _failed_panic(state: GameState, proc: ChargeProc, unit: AsoiafUnit) -> None:
        """AS-CHG-10: the failed charger takes a Panic Test, then its activation ends."""
        proc.step = "end"
        state.procedures.append(PanicProc(step="roll", player=unit.owner, unit=unit.id,
                                          target=unit.stats.morale, reason="failed charge",
                                          rules=("AS-CHG-10",)))

    def _place_charger(self, state: GameState, proc: ChargeProc, placement: geo.Placement,
                       ctx: Context) -> None:
        unit = self._u(state, proc.attacker)
        unit.tray = placement.tray
        # AS-CHG-9/14: alignment is part of the one charge move; ending on stakes counts once
        proc.crossed_stakes = proc.crossed_stakes or bool(
            geo.terrain_hit(state, unit.tray.polygon, ("stakes",)))
        label = f"{placement.kind}%" if placement.kind else f"{placement.overlap:.2f}\" of edge"
        ctx.emit("charge.align", f"{unit.name} aligns {label} ({placement.side}) with the "
                 f"{proc.arc} edge of {self._u(state, proc.target).name}.",
                 ["AS-CHG-7", "AS-CHG-9"], player=unit.owner, unit=unit.id,
                 align=placement.kind, side=placement.side, arc=proc.arc,
                 x=unit.tray.x, y=unit.tray.y, facing=unit.tray.facing)
        proc.step = "others"

    def _charge_step(self, state: GameState, proc: ChargeProc, ctx: Context) -> bool:
        if proc.step == "others":
            self._other_enemies(state, proc, ctx)
            proc.step = "stakes" if proc.crossed_stakes else "attack"
            return True
        if proc.step == "attack":
            proc.step = "end"
            unit, target = self._u(state, proc.attacker), self._u(state, proc.target)
            if unit.on_board and target.on_board:
                weapon = unit.stats.melee_attacks()[0]
                self._push_attack(state, unit, target, weapon, not proc.disorderly, ctx,
                                  ("AS-CHG-8",))
            return True
        if proc.step == "end":
            state.procedures.pop()
            return True
        return False

    def _other_enemies(self, state: GameState, proc: ChargeProc, ctx: Context) -> None:
        """AS-CHG-13: other enemies the charger touches align at 50%/100% by the least
        movement, else are moved 1" away, else the least movement that unengages them."""
        unit = self._u(state, proc.attacker)
        charger = geo.tray_of(unit)
        for eid in geo.engaged_enemies(state, unit):
            if eid == proc.target:
                continue
            enemy = self._u(state, eid)
            here = geo.tray_of(enemy)
            arc = geo.arc_of(charger, here)[0]
            obstacles = chg.align_obstacles(state, unit.id, enemy.id)
            best = geo.least_movement(here, charger, geo.edge_for(arc), obstacles, state)
            if best is not None:
                enemy.tray = best.tray
                what = f"aligns {best.kind}% ({best.side}) with"
            else:
                pushed = moves.push_clear(state, enemy, charger)
                if pushed is None:
                    ctx.emit("charge.other", f"{enemy.name} cannot be moved and stays in "
                             "contact.", ["AS-CHG-13"], player=enemy.owner, unit=eid)
                    continue
                enemy.tray = pushed
                what = "is moved away from"
            ctx.emit("charge.other", f"{enemy.name} {what} {unit.name}.", ["AS-CHG-13"],
                     player=enemy.owner, unit=eid, x=enemy.tray.x, y=enemy.tray.y,
                     facing=enemy.tray.facing)

    def _stakes(self, state: GameState, proc: ChargeProc, d3: int, ctx: Context) -> None:
        """AS-CHG-14: D3+1 wounds once, after the move and before the attack."""
        unit = self._u(state, proc.attacker)
        wounds = d3 + 1
        ctx.emit("charge.stakes", f"{unit.name} charged through stakes: D3 {d3} + 1 = {wounds} "
                 "wounds.", ["AS-CHG-14"], player=unit.owner, unit=unit.id, d3=d3,
                 wounds=wounds)
        _, destroyed = self.apply_wounds(state, unit, wounds, "stakes", ("AS-CHG-14",), ctx)
        proc.step = "end" if destroyed else "attack"
        if destroyed:
            self._check_over(state, ctx)
        elif proc.failed:
            self._failed_panic(state, proc, unit)

    # --- attack: declaration --------------------------------------------------------------

    def _check_attack(self, state: GameState, action: Attack) -> Refusal | None:
        got = self._activation_refusal(state, action.unit)
        if isinstance(got, Refusal):
            return got
        target = state.units.get(action.target)
        if not isinstance(target, AsoiafUnit) or not target.on_board:
            return Refusal(f"there is no unit {action.target!r} in play", ("AS-ATK-1",))
        if target.owner == got.owner:
            return Refusal(f"{target.name} is a friendly unit", ("AS-ATK-1",))
        weapon = self._weapon(state, got, action.weapon)
        if isinstance(weapon, Refusal):
            return weapon
        if got.stats.attacks[weapon].ranged:
            return self._check_ranged(state, got, target, weapon, action)
        return self._check_melee(state, got, target, action)

    def _weapon(self, state: GameState, unit: AsoiafUnit, weapon: int) -> int | Refusal:
        """The attack used: melee when engaged, ranged otherwise (AS-ATK-1)."""
        engaged = bool(geo.engaged_enemies(state, unit))
        if weapon == -1:
            pool = unit.stats.melee_attacks() if engaged else unit.stats.ranged_attacks()
            if not pool:
                if engaged:
                    return Refusal(f"{unit.name} has no Melee Attack", ("AS-MEL-2",))
                if unit.stats.melee_attacks():
                    return Refusal(f"{unit.name} has no Ranged Attack and is not engaged for "
                                   "a Melee Attack", ("AS-RNG-2", "AS-MEL-1"))
                return Refusal(f"{unit.name} has no Ranged Attack", ("AS-RNG-2",))
            return pool[0]
        if not 0 <= weapon < len(unit.stats.attacks):
            return Refusal(f"{unit.name} has attacks 0..{len(unit.stats.attacks) - 1}",
                           ("AS-ATK-1",))
        ranged = unit.stats.attacks[weapon].ranged
        if ranged and engaged:
            return Refusal(f"{unit.name} is engaged: no Ranged Attack", ("AS-RNG-1",))
        if not ranged and not engaged:
            return Refusal(f"{unit.name} is not engaged: no Melee Attack", ("AS-MEL-1",))
        return weapon

    def _check_melee(self, state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                     action: Attack) -> Refusal | None:
        engaged = geo.engaged_enemies(state, unit)
        if target.id not in engaged:  # AS-MEL-5
            return Refusal(f"{unit.name} is not engaged with {target.name}", ("AS-MEL-5",))
        if action.dx or action.dy:
            return Refusal("only a ranged attacker shifts by dx/dy", ("AS-RNG-3",))
        if action.align == "keep":
            return None if action.side == "none" else Refusal("side goes with align=50",
                                                              ("AS-MEL-4",))
        placement = self._melee_placement(state, unit, target, action)
        if isinstance(placement, Refusal):
            return placement
        refusal = self._melee_move_refusal(state, unit, target, engaged, placement)
        if refusal is None and not placement.legal:
            return Refusal(f"no room for {action.align}% {placement.side} alignment",
                           ("AS-MEL-4",))
        return refusal

    @staticmethod
    def _melee_move_refusal(state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                            engaged: list[str], placement: geo.Placement) -> Refusal | None:
        """AS-MEL-3: a change of facing only against a single enemy standing in the unit's
        Flank or Rear Arc. AS-MEL-4: the shift to 100%/50% is open with several enemies too,
        without turning and (our reading) keeping contact with every enemy it engages."""
        tray = geo.tray_of(unit)
        turn = abs((placement.tray.facing - tray.facing + 180.0) % 360.0 - 180.0)
        if turn > TURN_TOLERANCE:
            if len(engaged) > 1:
                return Refusal(f"{unit.name} is engaged with several enemies and may not "
                               "change facing", ("AS-MEL-3",))
            arcs = geo.arc_of(tray, geo.tray_of(target))
            if all(a is Arc.FRONT for a in arcs):
                return Refusal(f"{target.name} is in {unit.name}'s Front Arc: no change of "
                               "facing (only against an enemy in the Flank or Rear)",
                               ("AS-MEL-3",))
            return None
        if len(engaged) > 1:
            kept = geo.engaged_enemies(state, unit, placement.tray)
            lost = [state.units[e].name for e in engaged if e not in kept]
            if lost:
                return Refusal(f"engaged with several enemies, {unit.name} may not shift out "
                               f"of contact with {', '.join(lost)}", ("AS-MEL-3", "AS-MEL-4"))
        return None

    def _melee_placement(self, state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                         action: Attack) -> geo.Placement | Refusal:
        """AS-MEL-3/4: face the enemy head-on on the edge it touches, at 100% or 50%."""
        wanted = {"100": (100, "centre"), "50": (50, action.side)}.get(action.align)
        if wanted is None or (wanted[0] == 50 and action.side not in ("left", "right")):
            return Refusal("align is keep, 100, or 50 with side=left|right", ("AS-MEL-4",))
        host = geo.tray_of(target)
        arc = geo.arc_of(host, geo.tray_of(unit))[0]
        obstacles = chg.align_obstacles(state, unit.id, target.id)
        for p in geo.alignments(geo.tray_of(unit), host, geo.edge_for(arc), obstacles, state):
            if (p.kind, p.side) == wanted:
                return p
        return Refusal("no such alignment", ("AS-MEL-4",))

    def _check_ranged(self, state: GameState, unit: AsoiafUnit, target: AsoiafUnit, weapon: int,
                      action: Attack) -> Refusal | None:
        if action.align != "keep" or action.side != "none":
            return Refusal("a ranged attacker does not align; it may shift with dx/dy",
                           ("AS-RNG-3",))
        tray = geo.tray_of(unit)
        if action.dx or action.dy:
            problem = moves.shift_problem(state, unit, action.dx, action.dy)
            if problem:
                return Refusal(f"the shift is not possible: {problem}", ("AS-RNG-3",))
            tray = tray.translated(action.dx, action.dy)
        return self.ranged_refusal(state, unit, target, weapon, tray)

    def ranged_refusal(self, state: GameState, unit: AsoiafUnit, target: AsoiafUnit,
                       weapon: int, tray: Tray, cull: bool = False) -> Refusal | None:
        """Whether ``target`` is in Line of Sight and range from ``tray`` (AS-RNG-4..6);
        ``cull`` as in :func:`geo.sight`."""
        attack = unit.stats.attacks[weapon]
        limit = RANGES[attack.kind]
        seen = geo.sight(state, unit, target, tray, cull=cull)
        if not seen.visible:
            return Refusal(f"{target.name} is not in Line of Sight ({seen.reason})",
                           ("AS-RNG-4",))
        distance = range_to(tray, geo.tray_of(target).polygon)
        if distance > limit + TOLERANCE:
            return Refusal(f"{target.name} is {distance:.2f}\" from the Front Arrow, beyond "
                           f"{attack.name}'s {attack.kind} range of {limit:g}\"",
                           ("AS-RNG-5", "AS-RNG-6", "AS-RNG-7"))
        return None

    def _do_attack(self, state: GameState, action: Attack, ctx: Context) -> None:
        unit, target = self._u(state, action.unit), self._u(state, action.target)
        weapon = self._weapon(state, unit, action.weapon)
        assert isinstance(weapon, int)
        attack = unit.stats.attacks[weapon]
        self._begin(state, unit, f"{'Ranged' if attack.ranged else 'Melee'} Attack on "
                    f"{target.name}", ctx)
        if attack.ranged and (action.dx or action.dy):
            unit.tray = geo.tray_of(unit).translated(action.dx, action.dy)
            ctx.emit("attack.shift", f"{unit.name} shifts ({action.dx:g}, {action.dy:g}) before "
                     "shooting.", ["AS-RNG-3"], player=unit.owner, unit=unit.id,
                     dx=action.dx, dy=action.dy)
        if not attack.ranged and action.align != "keep":
            placement = self._melee_placement(state, unit, target, action)
            assert isinstance(placement, geo.Placement)
            before = geo.tray_of(unit).facing
            unit.tray = placement.tray
            turned = abs((placement.tray.facing - before + 180.0) % 360.0 - 180.0)
            if turned > TURN_TOLERANCE:
                what, rules_face = "turns to face", ["AS-MEL-3", "AS-MEL-4"]
            else:
                what, rules_face = "keeps facing", ["AS-MEL-4"]
            ctx.emit("attack.face", f"{unit.name} {what} {target.name} head-on and shifts to "
                     f"{placement.kind}% ({placement.side}).", rules_face,
                     player=unit.owner, unit=unit.id, align=placement.kind, side=placement.side,
                     x=unit.tray.x, y=unit.tray.y, facing=unit.tray.facing)
        rules = ("AS-ATK-1", "AS-RNG-4") if attack.ranged else ("AS-ATK-1", "AS-MEL-5")
        self._push_attack(state, unit, target, weapon, False, ctx, rules)
        self._advance(state, ctx)

    def _push_attack(self, state: GameState, unit: AsoiafUnit, target: AsoiafUnit, weapon: int,
                     charge_bonus: bool, ctx: Context, rules: Sequence[str]) -> None:
        """Start resolving an attack (AS-RES-1)."""
        arc = geo.arc_of(geo.tray_of(target), geo.tray_of(unit))[0]
        mods = attack_modifiers(unit, target, weapon, arc, charge_bonus)
        friends = [f for f in geo.live(state) if f.owner == unit.owner and f.id != unit.id
                   and target.id in geo.engaged_enemies(state, f)]
        melee_friends = tuple(f.id for f in friends
                              if geo.engaged_enemies(state, f) == [target.id])
        proc = AttackProc(step="roll_attack", player=unit.owner, mods=mods,
                          melee_friends=() if mods.ranged else melee_friends,
                          shot_friends=tuple(f.id for f in friends) if mods.ranged else ())
        state.procedures.append(proc)
        ctx.emit("attack.declared", self._declare_text(unit, target, mods),
                 [*rules, "AS-RES-1", *self._mod_rules(mods)], player=unit.owner,
                 unit=unit.id, target=target.id, weapon=mods.weapon_name, arc=arc.value,
                 dice=mods.dice.value, to_hit=mods.to_hit.value, defense=mods.defense.value,
                 panic=mods.panic.value, charge_bonus=charge_bonus)

    @staticmethod
    def _mod_rules(mods: AttackModifiers) -> list[str]:
        rules = [r for _, r in mods.defense.parts]
        if mods.charge_bonus:
            rules.append("AS-BON-1")
        return rules

    @staticmethod
    def _declare_text(unit: AsoiafUnit, target: AsoiafUnit, mods: AttackModifiers) -> str:
        bonus = " with the Charge Bonus" if mods.charge_bonus else ""
        return (f"{unit.name} attacks {target.name} with {mods.weapon_name}{bonus} from its "
                f"{mods.arc.value} arc: {mods.dice.value} dice hitting on {mods.to_hit.value}+; "
                f"defense {mods.defense.explain()}+, panic {mods.panic.explain()}+.")

    # --- attack: resolution ---------------------------------------------------------------

    def _attack_pending(self, state: GameState, proc: AttackProc) -> PlayerDecision | Chance:
        mods = proc.mods
        attacker, defender = self._u(state, mods.attacker), self._u(state, mods.defender)
        if proc.step == "roll_attack":
            return Chance(attacker.owner, DiceSpec(mods.dice.value, 6), f"Attack dice of "
                          f"{attacker.name} ({mods.to_hit.value}+ hits)", ("AS-RES-1",
                                                                           "AS-RES-2"))
        if proc.step == "reroll_choice":
            return PlayerDecision(attacker.owner, "attack.reroll", "Charge Bonus: re-roll which "
                                  f"attack dice? ({' '.join(map(str, proc.attack_dice))})",
                                  plain_offers(self._reroll_options(proc)), ("AS-BON-1",))
        if proc.step == "reroll_roll":
            return Chance(attacker.owner, DiceSpec(len(proc.reroll), 6), "Charge Bonus re-roll",
                          ("AS-BON-1", "AS-RES-3"))
        if proc.step == "roll_defense":
            return Chance(defender.owner, DiceSpec(proc.hits, 6), f"Defense dice of "
                          f"{defender.name} ({mods.defense.value}+ blocks)", ("AS-RES-4",))
        return Chance(defender.owner, DiceSpec(2, 6), f"Panic Test of {defender.name} "
                      f"({mods.panic.value}+)", ("AS-RES-7", "AS-PNC-1"))

    @staticmethod
    def _reroll_options(proc: AttackProc) -> tuple[Choose, ...]:
        """AS-BON-1: any of the attack dice may be re-rolled, so every set of positions is an
        option: "none" first, then every die below a threshold (2..6; the one below To-Hit is
        "every miss", the choice the odds assume), then every other set by size."""
        options = [Choose.of(reroll="none")]
        seen: set[tuple[int, ...]] = set()
        count = len(proc.attack_dice)
        thresholds = [tuple(i + 1 for i, d in enumerate(proc.attack_dice) if d < below)
                      for below in range(2, 7)]
        every = [c for size in range(1, count + 1)
                 for c in itertools.combinations(range(1, count + 1), size)]
        for picks in [*thresholds, *every]:
            if picks and picks not in seen:
                seen.add(picks)
                options.append(Choose.of(reroll="+".join(map(str, picks))))
        return tuple(options)

    def _attack_choose(self, state: GameState, proc: AttackProc, action: Choose,
                       ctx: Context) -> None:
        raw = action.get("reroll") or "none"
        if raw == "none":
            ctx.emit("attack.reroll", "No attack dice are re-rolled.", ["AS-BON-1"],
                     player=proc.player)
            proc.step = "after_attack"
            return
        proc.reroll = tuple(int(p) for p in raw.split("+"))
        proc.step = "reroll_roll"

    def _attack_dice(self, state: GameState, proc: AttackProc, results: tuple[int, ...],
                     ctx: Context) -> None:
        mods = proc.mods
        if proc.step == "roll_attack":
            proc.attack_dice = results
            hits = sum(succeeds(d, mods.to_hit.value) for d in results)
            ctx.emit("attack.roll", f"Attack dice {' '.join(map(str, results))}: {hits} hit(s) "
                     f"on {mods.to_hit.value}+ (6 always hits, 1 always misses).",
                     ["AS-RES-1", "AS-RES-2"], player=proc.player, dice=list(results),
                     hits=hits, to_hit=mods.to_hit.value)
            can_reroll = mods.charge_bonus and any(d < 6 for d in results)
            proc.step = "reroll_choice" if can_reroll else "after_attack"
        elif proc.step == "reroll_roll":
            dice = list(proc.attack_dice)
            for pos, face in zip(proc.reroll, results, strict=True):
                dice[pos - 1] = face
            proc.attack_dice = tuple(dice)
            ctx.emit("attack.reroll", f"Charge Bonus re-roll of dice {proc.reroll}: now "
                     f"{' '.join(map(str, dice))}.", ["AS-BON-1", "AS-RES-3"],
                     player=proc.player, positions=list(proc.reroll), dice=list(proc.attack_dice))
            proc.step = "after_attack"
        elif proc.step == "roll_defense":
            proc.defense_dice = results
            proc.step = "after_defense"
        else:
            self._defender_panic(state, proc, results, ctx)

    def _attack_step(self, state: GameState, proc: AttackProc, ctx: Context) -> bool:
        step = proc.step
        if step == "after_attack":
            self._window(state, proc, "after_attack_dice", ctx)  # AS-RES-3
            proc.hits = sum(succeeds(d, proc.mods.to_hit.value) for d in proc.attack_dice)
            ctx.emit("attack.hits", f"{proc.hits} hit(s).", ["AS-RES-2", "AS-RES-3"],
                     player=proc.player, hits=proc.hits)
            proc.step = "roll_defense" if proc.hits else "wounds"
        elif step == "after_defense":
            target = proc.mods.defense.value
            proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)
            ctx.emit("defense.roll", f"Defense dice {' '.join(map(str, proc.defense_dice))}: "
                     f"{proc.blocks} block(s) on {proc.mods.defense.explain()}+.",
                     ["AS-RES-4", *(r for _, r in proc.mods.defense.parts)],
                     player=self._u(state, proc.mods.defender).owner,
                     dice=list(proc.defense_dice), blocks=proc.blocks, defense=target)
            self._window(state, proc, "after_defense_dice", ctx)  # AS-RES-5
            proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)
            proc.step = "wounds"
        elif step == "wounds":
            self._attack_wounds(state, proc, ctx)
        elif step == "panic":
            return self._attack_panic(state, proc, ctx)
        elif step == "attacked":
            self._attack_completed(state, proc, ctx)
        elif step == "surge":
            self._surge(state, proc, ctx)
        else:
            return False
        return True

    def _window(self, state: GameState, proc: AttackProc, window: str, ctx: Context) -> None:
        """Open an effect window: every hook bound to it, in the order bound."""
        proc.log = (*proc.log, window)
        for hook in self.hooks[window]:
            hook(state, proc, ctx)

    def _attack_wounds(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-RES-6: each unblocked hit is a wound."""
        defender = self._u(state, proc.mods.defender)
        proc.wounds = max(0, proc.hits - proc.blocks)
        if proc.wounds:
            removed, proc.destroyed = self.apply_wounds(state, defender, proc.wounds,
                                                        "unblocked hits", ("AS-RES-6",), ctx)
            proc.removed += removed
            if proc.destroyed:
                self._window(state, proc, "after_destroyed", ctx)  # AS-TRG-1
        else:
            ctx.emit("attack.nowounds", f"{defender.name} suffers no wounds.", ["AS-RES-6"],
                     player=defender.owner, unit=defender.id, wounds=0)
        proc.step = "attacked" if proc.destroyed else "panic"

    def _attack_panic(self, state: GameState, proc: AttackProc, ctx: Context) -> bool:
        """AS-RES-7: no wounds -> the test is passed automatically (and counts as taken)."""
        if proc.wounds:
            proc.step = "panic_roll"
            return False
        defender = self._u(state, proc.mods.defender)
        proc.panic_taken = True
        ctx.emit("panic.auto", f"{defender.name} took no wounds and passes its Panic Test "
                 "automatically.", ["AS-RES-7"], player=defender.owner, unit=defender.id,
                 taken=True)
        proc.step = "attacked"
        return True

    def _defender_panic(self, state: GameState, proc: AttackProc, results: tuple[int, ...],
                        ctx: Context) -> None:
        """AS-PNC-1/2: 2D6 against Morale (with the Flank/Rear modifiers)."""
        defender = self._u(state, proc.mods.defender)
        total = sum(results)
        target = proc.mods.panic.value
        short = panic_shortfall(total, target)
        proc.panic_taken = True
        verdict = f"fails by {short}: {short} more wound(s)" if short else "passes"
        ctx.emit("panic.test", f"{defender.name}'s Panic Test: {' + '.join(map(str, results))} "
                 f"= {total} against {proc.mods.panic.explain()}+ {verdict}.",
                 ["AS-RES-7", "AS-PNC-1", "AS-PNC-2", *(r for _, r in proc.mods.panic.parts)],
                 player=defender.owner, unit=defender.id, total=total, target=target,
                 failed_by=short)
        if short:
            proc.panic_wounds = short
            removed, proc.destroyed = self.apply_wounds(state, defender, short,
                                                        "failed Panic Test", ("AS-PNC-1",), ctx)
            proc.removed += removed
            if proc.destroyed:
                self._window(state, proc, "after_destroyed", ctx)  # AS-TRG-1
        proc.step = "attacked"

    def _attack_completed(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-RES-8: the attack is complete; "after attacked" effects, then firing-into-melee
        Panic Tests (AS-RNG-8), then Surge Forth (AS-TRG-1)."""
        defender = self._u(state, proc.mods.defender)
        ctx.emit("attack.done", f"The attack on {defender.name} is complete: "
                 f"{proc.wounds + proc.panic_wounds} wound(s), {proc.removed} model(s) removed.",
                 ["AS-RES-8"], player=proc.player, unit=defender.id,
                 wounds=proc.wounds + proc.panic_wounds, removed=proc.removed,
                 destroyed=proc.destroyed)
        self._window(state, proc, "after_attacked", ctx)
        proc.step = "surge"
        for fid in reversed(proc.shot_friends):
            friend = self._u(state, fid)
            if friend.on_board:
                state.procedures.append(PanicProc(
                    step="roll", player=friend.owner, unit=fid, target=friend.stats.morale,
                    reason="friends fired into its melee", rules=("AS-RNG-8",)))
        if self._check_over(state, ctx):
            return

    def _surge(self, state: GameState, proc: AttackProc, ctx: Context) -> None:
        """AS-SRG-1/2: a Melee Attack that destroyed the defender lets the attacker make a free
        Maneuver (if unengaged) and friends engaged only with it a free Pivot."""
        state.procedures.pop()
        if proc.mods.ranged or not proc.destroyed:
            return
        attacker = self._u(state, proc.mods.attacker)
        queue: list[tuple[str, str, str]] = []
        if attacker.on_board and not geo.engaged_enemies(state, attacker):
            queue.append((attacker.id, "maneuver", "AS-SRG-1"))
        queue += [(f, "pivot", "AS-SRG-1") for f in proc.melee_friends
                  if state.units[f].on_board]
        ctx.emit("surge.forth", f"{attacker.name} destroyed its enemy in melee: Surge Forth.",
                 ["AS-SRG-1", "AS-SRG-2", "AS-TRG-1"], player=attacker.owner,
                 unit=attacker.id, free_moves=len(queue))
        if queue:
            state.procedures.append(FreeMoveProc(step="choose", player=attacker.owner,
                                                 queue=tuple(queue)))


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
        elif key == "rough_penalty" and (not isinstance(value, int | float)
                                         or isinstance(value, bool) or not 0 <= value <= 6):
            problems.append(SetupProblem("rules.options.rough_penalty",
                                         "expected inches between 0 and 6"))
    return problems
