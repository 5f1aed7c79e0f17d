"""The ruleset protocol and the table rules every ruleset starts from.

A ruleset is an object (never a module-level singleton) that answers four questions about a
:class:`GameState` -- what is pending, which actions are legal, why an action is not, and what an
action does -- and builds its units from scenario entries. :class:`Ruleset` implements the
ruleset-agnostic table actions (WB-TBL-*): free moves and pivots in sandbox mode, free dice
rolls, ending an activation and the hand-over between 2 or more players (hotseat). Rulesets
subclass it and add their own actions and procedures.

Rule IDs of the table itself (the game's own, documented in ``docs/rules/table.md``):

- WB-TBL-1 A sandbox move puts one of the active player's units anywhere on the board that is
  free: no overlap with another unit or impassable terrain, fully on the table.
- WB-TBL-2 A sandbox pivot turns a unit in place under the same conditions.
- WB-TBL-3 Any player may roll free dice (``roll 2d6``) while no procedure is running.
- WB-TBL-4 Ending an activation hands control to the next player; after the last player the
  round number goes up.
- WB-DICE-1 A procedure's dice are rolled from the game's seeded dice or given (scripted or
  real dice), and recorded in the log either way.
- WB-HIST-1 A player cannot undo an action whose dice they rolled, unless the table allows it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from game.core.actions import (
    JSON,
    TABLE_ACTIONS,
    Action,
    Choose,
    DiceSpec,
    EndActivation,
    FreeRoll,
    MoveHex,
    MoveUnit,
    Pivot,
)
from game.core.events import Event
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.state import BoardKind, GameState, HexBoard, TableBoard, Unit
from game.geometry.hexgrid import Hex
from game.geometry.tray import Tray

OVERLAP_AREA = 1e-6
"""Square inches of shared area above which two shapes overlap (touching is not overlapping)."""

A = TypeVar("A", bound=Action)


@dataclass(frozen=True)
class SetupProblem:
    """One error in a scenario's unit or options, at a dotted path below the entry."""

    path: str
    message: str
    suggestion: str | None = None


class SetupError(Exception):
    """A ruleset refuses a unit or option set; carries every problem found."""

    def __init__(self, problems: Sequence[SetupProblem]) -> None:
        super().__init__("; ".join(f"{p.path}: {p.message}" for p in problems))
        self.problems = list(problems)


@dataclass(frozen=True)
class UnitSetup:
    """A unit as the scenario file gives it, already checked for types.

    ``profile`` names a profile of the ruleset, or ``stats`` gives one inline (a mapping that
    the ruleset validates). ``counters`` holds what is left (``models``, ``wounds``, ``tokens``,
    ...). Either ``x``/``y``/``facing`` (table) or ``hex``/``hex_facing`` is set.
    """

    id: str
    owner: int
    name: str | None = None
    profile: str | None = None
    stats: Mapping[str, Any] | None = None
    x: float | None = None
    y: float | None = None
    facing: float = 0.0
    hex: Hex | None = None
    hex_facing: int = 0
    counters: Mapping[str, Any] = field(default_factory=dict)


@dataclass
class Context:
    """What an action's effects are collected into while it is applied."""

    events: list[Event] = field(default_factory=list)

    def emit(
        self,
        kind: str,
        text: str,
        rules: Sequence[str],
        player: int | None = None,
        **data: JSON,
    ) -> Event:
        """Record an event (``rules`` must name at least one rule ID)."""
        event = Event(kind=kind, text=text, rules=tuple(rules), data=data, player=player)
        self.events.append(event)
        return event


Checker = Callable[[GameState, Any], Refusal | None]
Handler = Callable[[GameState, Any, Context], None]


def placement_problem(state: GameState, unit_id: str, tray: Tray) -> str | None:
    """Why the unit ``unit_id`` cannot stand at ``tray`` (``"would leave the table"``,
    ``"would overlap X"``, ``"would stand on impassable K"``), or None if it fits. Touching is
    fine; overlap means more than :data:`OVERLAP_AREA` square inches shared."""
    board = state.board
    if isinstance(board, TableBoard) and not board.polygon.buffer(1e-6).covers(tray.polygon):
        return "would leave the table"
    for other in state.live_units():
        if other.id == unit_id or other.tray is None:
            continue
        if tray.polygon.intersection(other.tray.polygon).area > OVERLAP_AREA:
            return f"would overlap {other.name}"
    for piece in state.terrain:
        if piece.has("impassable") and tray.polygon.intersection(piece.polygon).area > (
            OVERLAP_AREA
        ):
            return f"would stand on impassable {piece.kind}"
    return None


def hex_label(h: Hex) -> str:
    """A hex as players read it: ``(q,r)``."""
    return f"({h.q},{h.r})"


class Ruleset:
    """Base ruleset: the table actions. Subclasses register more with :meth:`register`."""

    name: ClassVar[str] = "table"
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table", "hex")

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        self._checks: dict[type[Action], Checker] = {}
        self._handlers: dict[type[Action], Handler] = {}
        self.register(MoveUnit, self._check_move, self._do_move)
        self.register(MoveHex, self._check_hexmove, self._do_hexmove)
        self.register(Pivot, self._check_pivot, self._do_pivot)
        self.register(FreeRoll, self._check_free_roll, self._do_free_roll)
        self.register(EndActivation, self._check_end, self._do_end)
        self.register(Choose, self._check_choice, self.on_choice)

    # --- registration ------------------------------------------------------------------------

    def register(
        self,
        action_type: type[A],
        check: Callable[[GameState, A], Refusal | None],
        handle: Callable[[GameState, A, Context], None],
    ) -> None:
        """Route an action type to its legality check and its effect."""
        self._checks[action_type] = check
        self._handlers[action_type] = handle

    def action_types(self) -> tuple[type[Action], ...]:
        """Every action type this ruleset understands (the table's and its own)."""
        extra = tuple(t for t in self._checks if t not in TABLE_ACTIONS)
        return TABLE_ACTIONS + extra

    # --- setup -------------------------------------------------------------------------------

    def profile_ids(self) -> Sequence[str]:
        """Ids of the profiles (stat cards) scenarios may reference."""
        return ()

    def build_unit(self, setup: UnitSetup) -> Unit:
        """Turn a scenario entry into a unit; raise :class:`SetupError` with every problem."""
        if setup.profile is None and setup.stats is None:
            raise SetupError([SetupProblem("profile", "give a profile id or inline stats")])
        return Unit(
            id=setup.id,
            name=setup.name or setup.id,
            owner=setup.owner,
            profile=setup.profile or "inline",
            tray=self.tray_for(setup, 4.0, 2.0),
            hex=setup.hex,
            hex_facing=setup.hex_facing,
        )

    def tray_for(
        self, setup: UnitSetup, width: float, depth: float, files: int = 1, ranks: int = 1
    ) -> Tray | None:
        """The tray of a table unit (None on hex boards)."""
        if setup.x is None or setup.y is None:
            return None
        return Tray(
            x=setup.x, y=setup.y, facing=setup.facing, width=width, depth=depth,
            files=files, ranks=ranks,
        )

    def start(self, state: GameState, ctx: Context) -> None:
        """Called once when a game begins (announce round 1, set up procedures)."""
        ctx.emit(
            "round.start",
            f"Round {state.turn.round} begins; {state.player(state.turn.active).name} acts.",
            ["WB-TBL-4"],
            player=state.turn.active,
            round=state.turn.round,
        )

    # --- play --------------------------------------------------------------------------------

    def decision(self, state: GameState) -> PlayerDecision | Chance | None:
        """The decision or chance node the running procedure waits for, if any."""
        return None

    def legal_actions(self, state: GameState) -> list[Action]:
        """Every discrete legal action now (continuous moves are checked by why_not only)."""
        return [EndActivation()]

    def why_not(self, state: GameState, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now, or None if it is. Never changes the state."""
        check = self._checks.get(type(action))
        if check is None:
            return Refusal(f"'{action.verb}' is not an action of {self.name}", ())
        return check(state, action)

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        """Carry out a legal action (the Game has checked it)."""
        self._handlers[type(action)](state, action, ctx)

    def on_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        """Feed a chance node's results to the running procedure."""
        raise NotImplementedError(f"{self.name} asked for dice it does not use")

    def on_choice(self, state: GameState, choice: Choose, ctx: Context) -> None:
        """Feed a decision's answer to the running procedure (the Game checked it was offered)."""
        raise NotImplementedError(f"{self.name} received a choice it did not ask for")

    def _check_choice(self, state: GameState, choice: Choose) -> Refusal | None:
        return Refusal("no decision is waiting for an answer", ())

    def allows_free_moves(self, state: GameState) -> bool:
        """Whether sandbox moves and pivots are allowed now (WB-TBL-1/2)."""
        return state.options.sandbox and not state.procedures

    # --- table actions ---------------------------------------------------------------------

    def _own_unit(self, state: GameState, unit_id: str) -> Unit | Refusal:
        unit = state.units.get(unit_id)
        if unit is None or not unit.on_board:
            return Refusal(f"there is no unit {unit_id!r} on the board", ("WB-TBL-1",))
        if unit.owner != state.turn.active:
            return Refusal(f"{unit.name} belongs to another player", ("WB-TBL-1",))
        return unit

    def _check_move(self, state: GameState, action: MoveUnit) -> Refusal | None:
        if not self.allows_free_moves(state):
            return Refusal("free moves are only allowed in sandbox mode", ("WB-TBL-1",))
        unit = self._own_unit(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        if unit.tray is None:
            return Refusal(f"{unit.name} stands on a hex: use hexmove", ("WB-TBL-1",))
        return self.placement_refusal(
            state, unit, unit.tray.moved_to(action.x, action.y, action.facing), "WB-TBL-1"
        )

    def _do_move(self, state: GameState, action: MoveUnit, ctx: Context) -> None:
        unit = state.units[action.unit]
        assert unit.tray is not None
        unit.tray = unit.tray.moved_to(action.x, action.y, action.facing)
        ctx.emit(
            "unit.moved",
            f"{unit.name} is placed at ({action.x:.2f}, {action.y:.2f}) facing {action.facing:g}.",
            ["WB-TBL-1"],
            player=unit.owner,
            unit=unit.id,
            x=action.x,
            y=action.y,
            facing=action.facing,
        )

    def placement_refusal(
        self, state: GameState, unit: Unit, tray: Tray, rule: str
    ) -> Refusal | None:
        """Why ``unit`` cannot stand at ``tray``: off the table, on a unit or impassable terrain."""
        problem = placement_problem(state, unit.id, tray)
        return None if problem is None else Refusal(f"{unit.name} {problem}", (rule,))

    def _check_hexmove(self, state: GameState, action: MoveHex) -> Refusal | None:
        if not self.allows_free_moves(state):
            return Refusal("free moves are only allowed in sandbox mode", ("WB-TBL-1",))
        unit = self._own_unit(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        return self.hex_placement_refusal(state, unit, Hex(action.q, action.r), action.facing)

    def hex_placement_refusal(
        self, state: GameState, unit: Unit, target: Hex, facing: int
    ) -> Refusal | None:
        """Why ``unit`` cannot stand on ``target`` facing ``facing`` (WB-TBL-1)."""
        if unit.hex is None or not isinstance(state.board, HexBoard):
            return Refusal(f"{unit.name} is not on a hex map", ("WB-TBL-1",))
        if not 0 <= facing <= 5:
            return Refusal("a hex facing is 0 to 5", ("WB-TBL-1",))
        cell = state.board.cells.get(target)
        if cell is None:
            return Refusal(f"hex {hex_label(target)} is off the map", ("WB-TBL-1",))
        if cell.has("impassable"):
            return Refusal(f"hex {hex_label(target)} is impassable ({cell.terrain})", ("WB-TBL-1",))
        for other in state.live_units():
            if other.id != unit.id and other.hex == target:
                where = hex_label(target)
                return Refusal(f"{other.name} already stands on hex {where}", ("WB-TBL-1",))
        return None

    def _do_hexmove(self, state: GameState, action: MoveHex, ctx: Context) -> None:
        unit = state.units[action.unit]
        unit.hex = Hex(action.q, action.r)
        unit.hex_facing = action.facing
        ctx.emit(
            "unit.moved",
            f"{unit.name} is placed on hex {hex_label(unit.hex)} facing {action.facing}.",
            ["WB-TBL-1"],
            player=unit.owner,
            unit=unit.id,
            q=action.q,
            r=action.r,
            facing=action.facing,
        )

    def _check_pivot(self, state: GameState, action: Pivot) -> Refusal | None:
        if not self.allows_free_moves(state):
            return Refusal("free pivots are only allowed in sandbox mode", ("WB-TBL-2",))
        unit = self._own_unit(state, action.unit)
        if isinstance(unit, Refusal):
            return unit
        if unit.tray is not None:
            turned = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
            return self.placement_refusal(state, unit, turned, "WB-TBL-2")
        if not float(action.facing).is_integer() or not 0 <= action.facing <= 5:
            return Refusal("a hex facing is a whole number 0 to 5", ("WB-TBL-2",))
        return None

    def _do_pivot(self, state: GameState, action: Pivot, ctx: Context) -> None:
        unit = state.units[action.unit]
        if unit.tray is not None:
            unit.tray = unit.tray.moved_to(unit.tray.x, unit.tray.y, action.facing)
        else:
            unit.hex_facing = int(action.facing)
        ctx.emit(
            "unit.pivoted",
            f"{unit.name} turns to face {action.facing:g}.",
            ["WB-TBL-2"],
            player=unit.owner,
            unit=unit.id,
            facing=action.facing,
        )

    def _check_free_roll(self, state: GameState, action: FreeRoll) -> Refusal | None:
        if state.procedures:
            return Refusal("free dice wait until the running procedure ends", ("WB-TBL-3",))
        spec = DiceSpec.parse(action.spec)
        if action.results:
            problem = spec.accepts(action.results)
            if problem:
                return Refusal(problem, ("WB-TBL-3",))
        return None

    def _do_free_roll(self, state: GameState, action: FreeRoll, ctx: Context) -> None:
        ctx.emit(
            "dice.free",
            f"Free roll {action.spec}: {' '.join(map(str, action.results))} "
            f"(total {sum(action.results)}).",
            ["WB-TBL-3"],
            player=state.turn.active,
            spec=action.spec,
            results=list(action.results),
            total=sum(action.results),
        )

    def _check_end(self, state: GameState, action: EndActivation) -> Refusal | None:
        if state.procedures:
            return Refusal("finish the running procedure first", ("WB-TBL-4",))
        return None

    def _do_end(self, state: GameState, action: EndActivation, ctx: Context) -> None:
        self.hand_over(state, ctx)

    def hand_over(self, state: GameState, ctx: Context) -> None:
        """Pass control to the next player; a new round starts after the last (WB-TBL-4)."""
        ending = state.turn.active
        state.turn.current_unit = None
        state.turn.active = state.next_player(ending)
        if state.turn.active == state.players[0].number:
            state.turn.round += 1
            state.turn.activated.clear()
            ctx.emit(
                "round.start",
                f"Round {state.turn.round} begins.",
                ["WB-TBL-4"],
                round=state.turn.round,
            )
        ctx.emit(
            "turn.handover",
            f"{state.player(ending).name} hands over to {state.player(state.turn.active).name}.",
            ["WB-TBL-4"],
            player=state.turn.active,
            previous=ending,
            round=state.turn.round,
        )
