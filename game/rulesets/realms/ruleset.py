"""The realms ruleset: a 2.5D hex board with elevation in pegs, units of any footprint, and
the attack phase of a unit command (RL-*; docs/rules/realms.md).

Players alternate unit commands (RL-TRN-1). A command (RL-ATK-1) is a move (RL-MOV-1) then one
action: attacks (one per hand, RL-DW-1/2), a special attack or a spell (RL-SPC-1), or
rearranging the inventory; or the unit fortifies instead (RL-FRT-1). An attack runs as a
procedure (:mod:`.procedure`) whose every die is a chance node.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from game.core.actions import Action, EndActivation
from game.core.choices import ChoiceValue, UnitChoice
from game.core.inspect import (
    BoardMark,
    InfoLine,
    Inspection,
    PlayGuide,
    Relief,
    TableCondition,
    UnitCard,
    UnitLook,
)
from game.core.pending import Refusal
from game.core.plan import ActionKind, Outcomes, Placement, Plan
from game.core.plan import Modifier as PlanModifier
from game.core.position import steady
from game.core.present import Command as Button
from game.core.present import possessive
from game.core.procedure import Steps
from game.core.ruleset import Context, Ruleset, SetupError, SetupProblem, UnitSetup, hex_label
from game.core.state import Board, BoardKind, GameState, HexBoard, Unit
from game.core.vocab import FeatureKind, OptionSpec, TerrainKeyword
from game.core.words import hex_facing_words
from game.geometry.hexgrid import Hex
from game.rulesets.realms import bench, choices, preview, table, turns, vocab
from game.rulesets.realms.actions import (
    Cast,
    Command,
    Fortify,
    Rearrange,
    Special,
    Strike,
    Walk,
)
from game.rulesets.realms.attack import AttackPlan, Result
from game.rulesets.realms.board import Features, fits, hex_board, occupant_map, turn_cost
from game.rulesets.realms.features import FEATURE_KINDS
from game.rulesets.realms.options import OPTION_KEYS, board_problems, option_problems, read
from game.rulesets.realms.procedure import (
    AttackProc,
    AttackSteps,
    CommandProc,
    CommandSteps,
    command_of,
    realms_unit,
)
from game.rulesets.realms.rules import (
    HANDS,
    Attempt,
    attempt,
    field,
    hand_refusal,
    in_reach,
    is_night,
    occupants,
    walk_costs,
)
from game.rulesets.realms.texts import RULE_TEXTS
from game.rulesets.realms.units import Profile, RealmsUnit, build_unit, footprint_at, load_profiles


def _attack_args(action: Strike | Special | Cast) -> tuple[str, str, str, str, str]:
    """(unit, target, hand, kind, name) of an attack, special attack or spell."""
    if isinstance(action, Strike):
        return action.unit, action.target, action.hand, "attack", ""
    if isinstance(action, Special):
        return action.unit, action.target, "", "special", action.name
    return action.unit, action.target, "", "spell", action.spell


REALMS_GUIDE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Turn", "Players take turns giving one unit a command; a round ends when all have had "
     "theirs, and the scenario says which rounds are at night", ("RL-TRN-1",)),
    ("Command", "starts the unit's command; then it may walk and act once", ("RL-TRN-1",)),
    ("Walk", "point at a space within the unit's move; climbing costs extra", ("RL-MOV-1",)),
    ("Strike / Special / Cast", "attack with a hand's weapon, a special attack or a spell "
     "(mana); the hover shows range, sight and the exact odds first", ("RL-DMG-1", "RL-SPC-1")),
    ("Fortify", "the whole command: heal 1 and +1 defense until your next turn",
     ("RL-FRT-1",)),
    ("Board", "lighter ground is higher (each shade one climbing step); shadows fall from high "
     "to low; ^N is a space's height in pegs", ("RL-ELV-1", "RL-MOV-1")),
    ("Night", "a Night badge and a dark board: attacks lose precision", ("RL-NGT-1",)),
)
"""The realms how-to-play card: (heading, line, rules)."""


class RealmsRuleset(Ruleset):
    """The spaces-and-pegs skirmish (see the module docstring)."""

    name: ClassVar[str] = "realms"
    title: ClassVar[str] = "Realms (spaces and pegs)"
    description: ClassVar[str] = (
        "A 2.5D hex skirmish: every space has a height in pegs, figures cover one or more "
        "spaces and see from their eyes over the terrain. A unit command is a move and then an "
        "attack, a special attack, a spell or a change of weapons, or the unit fortifies. "
        "Attacks roll weapon and base dice against armor and a defense die that can strike "
        "back; night lowers the dice.")
    rule_texts: ClassVar[Mapping[str, str]] = RULE_TEXTS
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("hex",)
    option_keys: ClassVar[tuple[str, ...]] = OPTION_KEYS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = vocab.OPTION_SPECS
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = vocab.TERRAIN_KEYWORDS
    bench_sizes: ClassVar[tuple[int, ...]] = bench.SIZES
    map_features: ClassVar[tuple[FeatureKind, ...]] = FEATURE_KINDS

    bench_table = staticmethod(bench.bench_table)
    """Its generated bench table (:mod:`.bench`)."""

    def bench_odds(self, state: GameState, viewer_id: str, target_id: str
                   ) -> Callable[[], object] | None:
        """The exact odds of the pair's main-hand attack plan (:mod:`.bench`)."""
        return bench.bench_odds(self.settings, state, viewer_id, target_id)

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        return option_problems(options)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        """Check the options, read the settings and profiles, register the actions."""
        super().__init__(options)
        problems = option_problems(self.options)
        if problems:
            raise SetupError(problems)
        self.settings = read(self.options)
        self.memo = self.settings.memo  # one memo: the core's, shared with the settings
        self.profiles: dict[str, Profile] = load_profiles()
        self.register(Command, self._check_command, self._do_command, preview.show_command)
        self.register_kind(ActionKind(Walk, self._plan_walk, self._do_walk, preview.show_walk))
        self.register(Fortify, self._check_fortify, self._do_fortify, preview.show_fortify)
        self.register_kind(ActionKind(Strike, self._plan_attack, self._do_attack,
                                      preview.show_attack))
        self.register_kind(ActionKind(Special, self._plan_attack, self._do_attack,
                                      preview.show_attack))
        self.register_kind(ActionKind(Cast, self._plan_attack, self._do_attack,
                                      preview.show_attack))
        self.register(Rearrange, self._check_rearrange, self._do_rearrange,
                      preview.show_rearrange)
        self.register(EndActivation, self._check_end_command, self._do_end_command)

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        return (CommandSteps(), AttackSteps(self._on_result, self._attack_outcomes))

    # --- setup -------------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        """The shipped profiles."""
        return tuple(self.profiles)

    def build_unit(self, setup: UnitSetup) -> Unit:
        """A realms unit from a scenario entry (every problem at once)."""
        return build_unit(setup, self.profiles, self.settings.die_sizes)

    def unit_choices(self, setup: UnitSetup) -> tuple[UnitChoice, ...]:
        """Its footprint, one space to seven (RL-MOV-1, RL-DEF-2)."""
        return choices.unit_choices(setup, self.profiles)

    def make_choice(self, setup: UnitSetup, key: str, value: ChoiceValue) -> UnitSetup:
        return choices.make_choice(setup, key, value, self.profiles)

    def board_problems(self, board: Board) -> list[SetupProblem]:
        """Obstructions, walls and transit pads that do not fit the map (RL-ELV-1, RL-MOV-1),
        of the ``[hexmap]`` and of the older ``[rules.options]`` form."""
        if not isinstance(board, HexBoard):
            return []
        return board_problems(board, self.options)

    def feats(self, state: GameState) -> Features:
        """The obstructions, walls and transit pads of the state's board (both forms)."""
        return self.settings.features_for(hex_board(state))

    def hex_placement_refusal(self, state: GameState, unit: Unit, target: Hex,
                              facing: int) -> Refusal | None:
        """Why ``unit`` cannot stand with its head space on ``target`` facing ``facing``: a
        footprint space off the board, blocked (impassable or obstructed) or under another
        unit."""
        board = state.board
        if not isinstance(board, HexBoard) or not isinstance(unit, RealmsUnit):
            return super().hex_placement_refusal(state, unit, target, facing)
        if not 0 <= facing <= 5:
            return Refusal("a hex facing is 0 to 5", ("WB-TBL-1",))
        occupied = occupant_map(state)
        for h in footprint_at(unit, target, facing):
            cell = board.cells.get(h)
            if cell is None or cell.terrain == "void":
                return Refusal(f"{unit.name} would cover {hex_label(h)}, off the board",
                               ("WB-TBL-1",))
            if cell.has("impassable") or h in self.settings.features_for(board).obstructions:
                return Refusal(f"{unit.name} would cover the blocked space {hex_label(h)}",
                               ("WB-TBL-1",))
            other = occupied.get(h)
            if other is not None and other.id != unit.id:
                return Refusal(f"{other.name} already covers {hex_label(h)}", ("WB-TBL-1",))
        return None

    def start(self, state: GameState, ctx: Context) -> None:
        """Open round 1, day or night (RL-TRN-1)."""
        turns.announce_round(self.settings, state, ctx)
        turns.check_outcome(state, ctx)

    # --- legal actions -----------------------------------------------------------------------

    @steady
    def legal_actions(self, state: GameState) -> list[Action]:
        """Commands to begin, or the commanded unit's moves and actions, and ``end``."""
        if state.outcome is not None or isinstance(state.procedure, AttackProc):
            return []
        cmd = command_of(state)
        if cmd is None:
            units = [u for u in state.live_units(state.turn.active)
                     if isinstance(u, RealmsUnit) and not u.has("building")]
            return [*(Command(u.id) for u in units), EndActivation()]
        return [*self._unit_actions(state, cmd), EndActivation()]

    @steady
    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        """The unit's own legal actions (cheaper than filtering every unit's)."""
        cmd = self._commanding(state, unit_id)
        if isinstance(cmd, list):
            return cmd
        return self._unit_actions(state, cmd)

    def _commanding(self, state: GameState, unit_id: str) -> CommandProc | list[Action]:
        """The command ``unit_id`` is under now; else its legal actions (Command, or none)."""
        cmd = command_of(state)
        if state.outcome is not None or isinstance(state.procedure, AttackProc):
            return []
        if cmd is None:
            ok = self._check_command(state, Command(unit_id)) is None
            return [Command(unit_id)] if ok else []
        return cmd if cmd.unit == unit_id else []

    def _unit_actions(self, state: GameState, cmd: CommandProc) -> list[Action]:
        """The commanded unit's legal actions: its moves, then its attacks."""
        unit = realms_unit(state, cmd.unit)
        return [*self._unit_moves(state, unit, cmd), *self._attacks(state, unit)]

    def _unit_moves(self, state: GameState, unit: RealmsUnit, cmd: CommandProc,
                    one_walk: bool = False) -> list[Action]:
        """The commanded unit's legal walks, Fortify and rearrangements; with ``one_walk``,
        only the first legal Walk (enough for the pointing Walk button, which checks each
        pointed walk itself)."""
        out: list[Action] = []
        if not cmd.moved and not cmd.action:
            out.extend(itertools.islice(self._walks(state, unit), 1 if one_walk else None))
            out.append(Fortify(unit.id))
        if not cmd.action:
            out.extend(Rearrange(unit.id, item) for item in unit.inventory)
        return out

    def _attacks(self, state: GameState, unit: RealmsUnit,
                 kind: type[Action] | None = None) -> Iterator[Action]:
        """The unit's legal attacks (of ``kind`` only, if given), lazily: each is checked
        when reached, so a button asking whether it can be pressed checks one (issue 32)."""
        for enemy in self._enemies_in_reach(state, unit):
            tries: list[Action] = []
            if kind in (None, Strike):
                tries += [Strike(unit.id, enemy.id, hand) for hand in HANDS]
            if kind in (None, Special):
                tries += [Special(unit.id, enemy.id, s.name) for s in unit.specials]
            if kind in (None, Cast):
                tries += [Cast(unit.id, enemy.id, s.name) for s in unit.spells]
            yield from (a for a in tries if self.why_not(state, a) is None)

    def _enemies_in_reach(self, state: GameState, unit: RealmsUnit) -> tuple[RealmsUnit, ...]:
        """The enemies some attack of ``unit`` may reach; the others are out of every attack's
        range (RL-RNG-1). Once per position: each attack button asks them."""
        return self.memo.get(state, ("in-reach", unit.id), lambda: tuple(in_reach(
            self.settings, state, unit, [u for u in state.live_units()
                                         if u.owner != unit.owner and isinstance(u, RealmsUnit)])))

    def _walks(self, state: GameState, unit: RealmsUnit) -> Iterator[Walk]:
        """Every legal Walk of ``unit``, lazily (RL-MOV-1)."""
        feats, occupied = self.feats(state), occupants(self.settings, state)
        costs = walk_costs(self.settings, state, unit)
        return (Walk(unit.id, h.q, h.r, f) for h in sorted(costs) for f in range(6)
                if (h, f) != (unit.hex, unit.hex_facing)
                and fits(state, feats, unit, h, f, occupied)
                and self._turn_refusal(state, unit, h, f, costs[h]) is None)

    def _turn_refusal(self, state: GameState, unit: RealmsUnit, to: Hex, facing: int,
                      cost: int) -> Refusal | None:
        """RL-MOV-1: why the final turn of a walk that cost ``cost`` is not possible."""
        extra = turn_cost(hex_board(state), unit, to, facing, self.settings.climb_pegs)
        if extra is None:
            return Refusal(f"{unit.name} cannot turn onto {hex_label(to)} facing "
                           f"{hex_facing_words(state, facing)}: "
                           "its other spaces would climb a cliff", ("RL-MOV-1",))
        if cost + extra > unit.move:
            return Refusal(f"{unit.name} needs {cost + extra} spaces of movement to turn that "
                           f"way there; it has {unit.move}", ("RL-MOV-1",))
        return None

    # --- checks and handlers -----------------------------------------------------------------

    def _commanded(self, state: GameState, unit_id: str) -> tuple[RealmsUnit, CommandProc] | \
            Refusal:
        if isinstance(state.procedure, AttackProc):
            return Refusal("finish the declared attack first", ("RL-DEC-1",))
        cmd = command_of(state)
        if cmd is None:
            return Refusal("begin a unit command first", ("RL-ATK-1", "RL-TRN-1"))
        if cmd.unit != unit_id:
            return Refusal(f"{state.units[cmd.unit].name} is the unit under command",
                           ("RL-ATK-1",))
        return realms_unit(state, unit_id), cmd

    def _check_command(self, state: GameState, action: Command) -> Refusal | None:
        if state.procedures:
            return Refusal("a unit command is already running", ("RL-TRN-1",))
        unit = state.units.get(action.unit)
        if not isinstance(unit, RealmsUnit) or not unit.on_board:
            return Refusal(f"there is no unit {action.unit!r} in play", ("RL-TRN-1",))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player", ("RL-TRN-1",))
        if unit.has("building"):
            return Refusal(f"{unit.name} is a building: it takes no commands", ("RL-ATK-1",))
        return None

    def _do_command(self, state: GameState, action: Command, ctx: Context) -> None:
        unit = realms_unit(state, action.unit)
        state.procedures.append(CommandProc(step="command", player=unit.owner, unit=unit.id))
        state.turn.current_unit = unit.id
        ctx.emit("command.start", f"{unit.name} takes a unit command.", ["RL-ATK-1", "RL-TRN-1"],
                 player=unit.owner, unit=unit.id)

    def _plan_walk(self, state: GameState, action: Walk) -> Plan[Walk, Hex] | Refusal:
        """Where a walk ends (RL-MOV-1): the space and facing, worked out once per position."""
        found = self._commanded(state, action.unit)
        if isinstance(found, Refusal):
            return found
        unit, cmd = found
        if cmd.action:
            return Refusal(f"{unit.name} has acted: a move comes before the action",
                           ("RL-ATK-1",))
        if cmd.moved:
            return Refusal(f"{unit.name} has already moved", ("RL-MOV-1",))
        if not 0 <= action.facing <= 5:
            return Refusal("a hex facing is 0 to 5", ("RL-MOV-1",))
        to = Hex(action.q, action.r)
        if (to, action.facing) == (unit.hex, unit.hex_facing):
            return Refusal(f"{unit.name} already stands there, facing that way", ("RL-MOV-1",))
        feats = self.feats(state)
        costs = walk_costs(self.settings, state, unit)
        if to not in costs:
            return Refusal(f"{unit.name} cannot reach {hex_label(to)} with {unit.move} spaces "
                           "of movement", ("RL-MOV-1",))
        if not fits(state, feats, unit, to, action.facing, occupants(self.settings, state)):
            return Refusal(f"{unit.name} does not fit on {hex_label(to)} facing "
                           f"{hex_facing_words(state, action.facing)}", ("RL-MOV-1",))
        refusal = self._turn_refusal(state, unit, to, action.facing, costs[to])
        if refusal is not None:
            return refusal
        return Plan(action, to, ("RL-MOV-1",),
                    placements=(Placement(unit.id, hex=(to.q, to.r), hex_facing=action.facing),))

    def _do_walk(self, state: GameState, plan: Plan[Walk, Hex], ctx: Context) -> None:
        action = plan.action
        found = self._commanded(state, action.unit)
        assert not isinstance(found, Refusal)
        unit, cmd = found
        start = unit.hex
        assert start is not None
        unit.hex, unit.hex_facing = plan.detail, action.facing
        cmd.moved = True
        ctx.emit("unit.moved", f"{unit.name} moves from {hex_label(start)} to "
                 f"{hex_label(unit.hex)}, facing {hex_facing_words(state, action.facing)}.",
                 ["RL-MOV-1", "RL-ATK-1"],
                 player=unit.owner, unit=unit.id, q=action.q, r=action.r, facing=action.facing)

    def _check_fortify(self, state: GameState, action: Fortify) -> Refusal | None:
        found = self._commanded(state, action.unit)
        if isinstance(found, Refusal):
            return found
        unit, cmd = found
        if cmd.moved or cmd.action:
            return Refusal(f"{unit.name} has moved or acted: fortifying takes the whole "
                           "command", ("RL-FRT-1",))
        return None

    def _do_fortify(self, state: GameState, action: Fortify, ctx: Context) -> None:
        unit = realms_unit(state, action.unit)
        cmd = command_of(state)
        assert cmd is not None
        healed = min(1, unit.wounds)
        unit.wounds -= healed
        unit.fortified = True
        cmd.action, cmd.done = "fortify", True
        ctx.emit("unit.fortified", f"{unit.name} fortifies: "
                 + (f"heals {healed} wound and " if healed else "") + "has +1 "
                 "defense until its player's next turn.", ["RL-FRT-1"], player=unit.owner,
                 unit=unit.id, wounds=unit.wounds)
        self.settle(state, ctx)

    def _attack_refusal(self, state: GameState, unit_id: str, target: str, hand: str,
                        kind: str, name: str = "") -> Attempt | Refusal:
        found = self._commanded(state, unit_id)
        if isinstance(found, Refusal):
            return found
        unit, cmd = found
        special = None
        if kind == "attack":
            refusal = hand_refusal(unit, cmd, hand)
            if refusal is not None:
                return refusal
        else:
            pool = unit.specials if kind == "special" else unit.spells
            special = next((s for s in pool if s.name == name), None)
            if special is None:
                return Refusal(f"{unit.name} has no {kind} called {name!r}", ("RL-SPC-1",))
            if cmd.action:
                return Refusal(f"a {kind} replaces the standard attack: {unit.name} has "
                               "already acted", ("RL-SPC-1", "RL-ATK-1"))
            if kind == "spell" and unit.mana < special.cost:
                return Refusal(f"{name} costs {special.cost} mana; {unit.name} has {unit.mana}",
                               ("RL-SPC-1",))
        return attempt(self.settings, state, unit, target, hand, special, kind == "spell")

    def _plan_attack(self, state: GameState, action: Strike | Special | Cast
                     ) -> Plan[Any, Attempt] | Refusal:
        """An attack's plan (RL-DEC-1): what it uses, its range and sight, the modifiers the
        dice meet and, asked for, the exact wounds and counter wounds (the resolver's plan)."""
        found = self._attack_refusal(state, *_attack_args(action))
        if isinstance(found, Refusal):
            return found
        settings = self.settings
        return Plan(action, found, ("RL-DEC-1", *found.reach.rules(), *found.plan.rules()),
                    targets=(action.target,),
                    modifiers=tuple(PlanModifier(m.text, m.value, (m.rule,))
                                    for m in found.plan.modifiers),
                    odds=lambda: preview.attack_outcomes(settings, found.plan))

    def _attack_outcomes(self, plan: AttackPlan) -> Outcomes:
        """A declared attack's exact outcomes (its answers' odds, :class:`AttackSteps`)."""
        return preview.attack_outcomes(self.settings, plan)

    def _declare(self, state: GameState, plan: Plan[Any, Attempt], ctx: Context) -> None:
        """RL-DEC-1: the attack is declared; the command records the hand or action."""
        found = plan.detail
        unit_id, target, hand, kind, _ = _attack_args(plan.action)
        unit, tgt = realms_unit(state, unit_id), realms_unit(state, target)
        cmd = command_of(state)
        assert cmd is not None
        cmd.action = kind
        if kind == "attack":
            cmd.hands = (*cmd.hands, hand)
        if kind == "spell":
            unit.mana -= found.weapon.cost
        state.procedures.append(AttackProc(
            step="declared", player=unit.owner, attacker=unit.id, target=target, kind=kind,
            hand=hand, weapon=found.weapon, plan=found.plan))
        lines = "; ".join(m.text for m in found.plan.modifiers)
        what = "an attack" if kind == "attack" else f"a {kind}"
        gap = ("RL-ELV-3",) if found.reach.gap else ()  # the range was measured in pegs
        ctx.emit("attack.declared", f"{unit.name} declares {what} on {tgt.name} with "
                 f"{found.weapon.name} ({lines}).", ["RL-DEC-1", "RL-ATK-2", *gap,
                                                      *found.plan.rules()],
                 player=unit.owner, attacker=unit.id, target=target, attack_kind=kind, hand=hand,
                 dice=list(found.plan.dice))
        self.settle(state, ctx)

    def _do_attack(self, state: GameState, plan: Plan[Any, Attempt], ctx: Context) -> None:
        self._declare(state, plan, ctx)

    def _check_rearrange(self, state: GameState, action: Rearrange) -> Refusal | None:
        found = self._commanded(state, action.unit)
        if isinstance(found, Refusal):
            return found
        unit, cmd = found
        if cmd.action:
            return Refusal(f"{unit.name} has already used its action", ("RL-ATK-1",))
        if action.item not in unit.inventory:
            return Refusal(f"{unit.name} carries no {action.item!r}", ("RL-ATK-1",))
        return None

    def _do_rearrange(self, state: GameState, action: Rearrange, ctx: Context) -> None:
        unit = realms_unit(state, action.unit)
        cmd = command_of(state)
        assert cmd is not None
        stowed = unit.main
        rest = [i for i in unit.inventory if i != action.item]
        unit.inventory = tuple([*rest, stowed] if unit.weapon(stowed) else rest)
        unit.main = action.item
        cmd.action, cmd.done = "rearrange", True
        ctx.emit("unit.rearranged", f"{unit.name} takes {action.item} in hand"
                 f"{f' and stows {stowed}' if unit.weapon(stowed) else ''}.", ["RL-ATK-1"],
                 player=unit.owner, unit=unit.id, main=unit.main)
        self.settle(state, ctx)

    def _check_end_command(self, state: GameState, action: EndActivation) -> Refusal | None:
        if isinstance(state.procedure, AttackProc):
            return Refusal("a declared attack must be carried out first", ("RL-DEC-1",))
        return None

    def _do_end_command(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        cmd = command_of(state)
        if cmd is not None:
            cmd.done = True
        self.settle(state, ctx)

    # --- results and turns -------------------------------------------------------------------

    def _on_result(self, state: GameState, proc: AttackProc, result: Result,
                   ctx: Context) -> None:
        """Apply an attack's result (see :func:`.turns.apply_result`)."""
        turns.apply_result(state, proc, result, ctx)

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """A command is over: the next player's turn (RL-TRN-1); fortify ends for their
        units as it begins (RL-FRT-1); the round limit may end the game."""
        if state.outcome is None and turns.last_command(self.settings, state):
            turns.end_by_rounds(self.settings, state, ctx)  # no round past the limit begins
        elif state.outcome is None:
            self.hand_over(state, ctx)
            turns.begin_turn(self.settings, state, ctx)

    # --- presentation ------------------------------------------------------------------------

    def unit_worth(self, state: GameState, unit_id: str) -> float:
        """A unit is worth the health it has left: what the round limit counts (RL-TRN-1)."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, RealmsUnit) or not unit.on_board:
            return 0.0
        return float(unit.health - unit.wounds)

    def unit_reach(self, state: GameState, unit_id: str) -> float | None:
        """A hint for a computer player: a unit walks up to its move (RL-MOV-1), then attacks
        as far as its longest weapon reaches, neighbours at least (RL-RNG-1); terrain, height
        and sight are left out. 0 for a unit with no weapon (a building)."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, RealmsUnit) or not unit.on_board:
            return None
        longest = max((max(1, w.range) for w in unit.card.weapons), default=0)
        return float(unit.move + longest) if longest else 0.0

    def unit_threat(self, state: GameState, unit_id: str) -> float:
        """A hint for a computer player: the mean roll of the unit's base die and its best
        weapon's dice (RL-DMG-1), 0 for a unit with no weapon."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, RealmsUnit) or not unit.on_board or not unit.card.weapons:
            return 0.0
        best = max(sum((d + 1) / 2 for d in w.dice) for w in unit.card.weapons)
        return best + ((unit.base_die + 1) / 2 if unit.base_die else 0.0)

    def round_limit(self, state: GameState) -> int | None:
        """The scenario's number of rounds (0 in the options: none)."""
        return self.settings.rounds or None

    @steady
    def commands(self, state: GameState, unit_id: str) -> tuple[Button, ...]:
        """The default buttons, with Walk made a pointing command (see
        :func:`.preview.walk_steer`)."""
        cmd = self._commanding(state, unit_id)
        if isinstance(cmd, list):
            return tuple(self.commands_from(state, cmd, unit_id))
        unit = realms_unit(state, cmd.unit)
        legal = self._unit_moves(state, unit, cmd, one_walk=True)  # one Walk builds the button
        later: dict[type[Action], Callable[[], Iterable[Action]]] = {
            kind: partial(self._attacks, state, unit, kind) for kind in (Strike, Special, Cast)}
        return tuple(preview.walk_steer(self, state, c) if c.key == Walk.verb else c
                     for c in self.commands_from(state, legal, unit_id, later))

    def prepare(self, state: GameState) -> None:
        """The height field every sight line of this placement reads (RL-LOS-1): the
        board's ground once per board, the figures once per placement, built in an idle
        frame so that the first hover does not pay for it (issue 32); every answer is the
        same whether this ran or not."""
        if isinstance(state.board, HexBoard):
            field(self.settings, state)

    @steady
    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str) -> Inspection | None:
        """Range, 2.5D sight (witness or blockers), capability and exact odds of a pair."""
        return preview.inspect_pair(self, state, viewer_id, target_id)

    @steady
    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        """The selected unit's walking reach and what is left of its command."""
        return preview.inspect_unit(self, state, unit_id)

    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        """Every space a figure covers and its height in pegs. Kept per board under all it
        reads (where the figure stands and faces, its footprint and height): the table asks
        the 200 looks at each new game moment, and an action moves a few figures (issue
        32)."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, RealmsUnit) or unit.hex is None or unit.destroyed:
            return None
        return self.memo.static(state, ("look", unit.hex, unit.hex_facing, unit.footprint,
                                        unit.height), lambda: table.unit_look(state, unit_id))

    def look_links(self, state: GameState, unit_id: str) -> frozenset[str]:
        """None: a figure's look reads its own spaces and height and the board only
        (:meth:`unit_look`), so an action redraws only the figures it changed (issue 32)."""
        return frozenset()

    def board_marks(self, state: GameState) -> tuple[BoardMark, ...]:
        """Obstructions, walls and transit-pad links (RL-ELV-1)."""
        return table.board_marks(state, self.feats(state))

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        """The unit's stat card (at night with what its precision does, RL-NGT-1/2)."""
        return preview.unit_card(state, unit_id, self.settings.spell_night,
                                 night=is_night(self.settings, state))

    def idle_reason(self, state: GameState, unit_id: str,
                    action_type: type[Action]) -> Refusal | None:
        """Why a realms unit's button has no use now, in the words of the check that refuses
        it (RL-TRN-1, RL-FRT-1, RL-ATK-1, RL-SPC-1): a unit not under command is told to
        begin one; an attack names the nearest enemy and what stops it."""
        unit = state.units.get(unit_id)
        if not isinstance(unit, RealmsUnit):
            return None
        if action_type is Command:
            return self._check_command(state, Command(unit_id))
        found = self._commanded(state, unit_id)
        if isinstance(found, Refusal):
            return found
        if action_type is Fortify:
            return self._check_fortify(state, Fortify(unit_id))
        if action_type is Rearrange:
            if not unit.inventory:
                return Refusal(f"{unit.name} carries nothing to rearrange", ("RL-ATK-1",))
            return self._check_rearrange(state, Rearrange(unit_id, unit.inventory[0]))
        if action_type is Walk:
            cmd = found[1]
            if cmd.moved or cmd.action:
                return Refusal(f"{unit.name} has already moved or acted", ("RL-MOV-1",))
            return Refusal(f"no space in {possessive(unit.name)} reach", ("RL-MOV-1",))
        if action_type in (Strike, Special, Cast):
            return self._attack_idle(state, unit, action_type)
        return None

    def _attack_idle(self, state: GameState, unit: RealmsUnit,
                     action_type: type[Action]) -> Refusal | None:
        """Why no attack of ``action_type`` can be made: no such attack at all, or what stops
        the first one against the nearest enemy."""
        names = {Special: [s.name for s in unit.specials], Cast: [s.name for s in unit.spells]}
        if action_type in names and not names[action_type]:
            what = "special attacks" if action_type is Special else "spells"
            return Refusal(f"{unit.name} has no {what}", ("RL-SPC-1",))
        enemies = [u for u in state.live_units() if u.owner != unit.owner and u.hex]
        fighters = [u for u in enemies if not (isinstance(u, RealmsUnit) and u.has("building"))]
        enemies = fighters or enemies  # a building is rarely what the player meant
        if not enemies or unit.hex is None:
            return Refusal("no enemy in play", ("RL-ATK-1",))
        here = unit.hex
        nearest = min(enemies, key=lambda e: (here.distance(e.hex) if e.hex else 0, e.id))
        if action_type is Strike:
            tries: list[Strike | Special | Cast] = [Strike(unit.id, nearest.id, h)
                                                    for h in HANDS]
        elif action_type is Special:
            tries = [Special(unit.id, nearest.id, n) for n in names[Special]]
        else:
            tries = [Cast(unit.id, nearest.id, n) for n in names[Cast]]
        for action in tries:
            why = self._plan_attack(state, action)
            if isinstance(why, Refusal):
                return Refusal(f"{nearest.name}, the nearest enemy: {why.reason}", why.rules)
        return None

    def how_to_play(self, state: GameState) -> PlayGuide | None:
        """The realms card: turns of one unit command, what each button does, what the board
        shows (RL-TRN-1 and the rules each line names)."""
        return PlayGuide("Realms: how to play", tuple((head, InfoLine(text, rules)) for
                                                      head, text, rules in REALMS_GUIDE))

    def relief(self, state: GameState) -> Relief | None:
        """Heights in pegs; every ``climb_pegs`` (3 by default) of rise is one more space of
        climbing (RL-MOV-1), so each such step gets its own shade."""
        return Relief("pegs", max(1, self.settings.climb_pegs), ("RL-MOV-1",))

    def table_conditions(self, state: GameState) -> tuple[TableCondition, ...]:
        """Night, in the rounds the scenario names (RL-TRN-1): the board is shaded dark and
        every attack is lowered by precision (RL-NGT-1, RL-NGT-2)."""
        if not is_night(self.settings, state):
            return ()
        return (TableCondition(
            "Night", "attacks lose the attacker's precision off their largest die; "
            "counterattacks lose the defender's precision", ("RL-TRN-1", "RL-NGT-1", "RL-NGT-2"),
            light="night"),)
