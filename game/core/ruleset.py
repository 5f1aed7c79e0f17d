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
- WB-HIST-2 In hotseat the acting player can undo only their own actions since the last
  hand-over, never an opponent's action or decision, unless the table allows it (solo play).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, TypeVar

from game.core import table_actions
from game.core.actions import (
    TABLE_ACTIONS,
    Action,
    Choose,
    EndActivation,
    FreeRoll,
    MoveHex,
    MoveUnit,
    Pivot,
)
from game.core.context import Context
from game.core.inspect import (
    ACTIVATED_MARK,
    BoardMark,
    InfoLine,
    Inspection,
    PlayGuide,
    Relief,
    Segment,
    TableCondition,
    UnitCard,
    UnitLook,
    UnitMark,
)
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.plan import ActionKind, Plan, Present, bare
from game.core.position import PositionMemo
from game.core.present import Command, Offer, humanise, plain_label
from game.core.procedure import ProcedureLoop, Steps
from game.core.roster import ListEntry, ListSkip, ListUnit, match_by_name
from game.core.state import Board, BoardKind, GameState, Unit
from game.core.table_actions import OVERLAP_AREA, hex_label, placement_problem
from game.core.vocab import (
    TABLE_KEYWORDS,
    BenchTable,
    FeatureKind,
    OptionSpec,
    ProfileRecord,
    TerrainKeyword,
)
from game.geometry.hexgrid import Hex, hex_center
from game.geometry.tray import Tray

__all__ = [
    "OVERLAP_AREA",
    "TABLE_RULE_TEXTS",
    "Context",
    "Ruleset",
    "SetupError",
    "SetupProblem",
    "UnitSetup",
    "hex_label",
    "placement_problem",
]
"""Context, placement_problem, hex_label and OVERLAP_AREA live in game.core.context and
game.core.table_actions; they are re-exported here, where rulesets have always found them."""

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



TABLE_RULE_TEXTS: Mapping[str, str] = {
    "WB-TBL-1": "In sandbox play a player may pick up one of their own units and put it anywhere "
    "it fits: fully on the table, not on top of another unit, not on impassable terrain.",
    "WB-TBL-2": "In sandbox play a unit may turn in place to any facing, as long as it still "
    "fits where it stands.",
    "WB-TBL-3": "Any player may roll free dice while nothing else is being resolved; the game "
    "records the roll like any other.",
    "WB-TBL-4": "Ending an activation passes control to the next player at the table; when the "
    "last player has passed, a new round begins.",
    "WB-DICE-1": "When a rule calls for dice, the game either rolls them from its seeded dice or "
    "takes the numbers you rolled at the table; either way the result goes into the log, so "
    "replays repeat it exactly.",
    "WB-HIST-1": "You cannot take back an action after you rolled dice for it (no re-rolling by "
    "undo), unless the table was set up to allow it.",
    "WB-HIST-2": "At a shared table you may take back only what you did yourself since the "
    "table was last handed to you: never a move, a choice or dice of your opponent. A table "
    "set up for solo play may allow taking back anything.",
}
"""The table's own rules (WB-*), in the game's words; every ruleset's catalogue includes them."""



def doc_hint(doc: str | None, fallback: str) -> str:
    """A player-facing tooltip from an action type's docstring: its first sentence (which
    may run over several lines), without the reStructuredText ``markup`` the developers read.
    A docstring's first line alone would stop mid-sentence and show ``field`` notation."""
    paragraph = " ".join((doc or "").strip().split("\n\n")[0].split())
    sentence = re.split(r"(?<=[.!?])\s", paragraph, maxsplit=1)[0]
    return sentence.replace("``", "").strip() or fallback

class Ruleset:
    """Base ruleset: the table actions and the whole plug-in contract with neutral defaults.

    A rules system subclasses it and declares itself with class attributes (:attr:`name`,
    :attr:`title`, :attr:`description`, :attr:`board_kinds`, :attr:`rule_texts`,
    :attr:`phases`), registers its actions (:meth:`register`) and procedure steps
    (:meth:`procedure_steps`), and answers the table's questions with typed records
    (:meth:`commands`, :meth:`present`, :meth:`inspect_pair`, :meth:`inspect_unit`,
    :meth:`unit_card`). ``docs/architecture.md`` describes the contract with a worked example.
    """

    name: ClassVar[str] = "table"
    title: ClassVar[str] = "Table"
    description: ClassVar[str] = "The bare table: free moves, free dice and hand-overs."
    board_kinds: ClassVar[tuple[BoardKind, ...]] = ("table", "hex")
    rule_texts: ClassVar[Mapping[str, str]] = {}
    """This ruleset's own rule IDs and their paraphrase in the game's words (its catalogue)."""
    phases: ClassVar[tuple[str, ...]] = ()
    """The phases of a turn, in order, for rulesets whose turn has phases (else empty)."""
    option_keys: ClassVar[tuple[str, ...]] = ()
    """The ``[rules.options]`` keys this ruleset takes."""
    free_dice: ClassVar[bool] = True
    """Whether players may roll free dice (WB-TBL-3) between procedures."""
    terrain_keywords: ClassVar[tuple[TerrainKeyword, ...]] = TABLE_KEYWORDS
    """The keywords its scenarios' terrain may carry, with their meaning (the legend shows
    it); the loader refuses any other. Default: the table's own (impassable, blocks sight)."""
    map_features: ClassVar[tuple[FeatureKind, ...]] = ()
    """The kinds of feature its hex maps may carry (``[[hexmap.<key>]]``); none by default."""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    """Its ``[rules.options]`` with defaults and meanings (the keys are :attr:`option_keys`)."""
    bench_sizes: ClassVar[tuple[int, ...]] = ()
    """The unit counts ``warbench bench play`` builds :meth:`bench_table` for (none: no bench)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        self._kinds: dict[type[Action], ActionKind[Any]] = {}
        self.memo = PositionMemo()
        """This game's answers per position (plans, prepared geometry, odds): the one cache."""
        self.loop = ProcedureLoop(self.procedure_steps())
        self.register_kind(ActionKind(MoveUnit, partial(table_actions.plan_move, self),
                                      table_actions.apply_move, table_actions.show_move))
        self.register_kind(ActionKind(MoveHex, partial(table_actions.plan_hexmove, self),
                                      table_actions.apply_hexmove, table_actions.show_move))
        self.register_kind(ActionKind(Pivot, partial(table_actions.plan_pivot, self),
                                      table_actions.apply_pivot))
        self.register(FreeRoll, table_actions.check_free_roll, table_actions.do_free_roll)
        self.register(EndActivation, self._check_end, self._do_end)
        self.register(Choose, self._check_choice, self.on_choice)

    # --- registration ------------------------------------------------------------------------

    def register(
        self,
        action_type: type[A],
        check: Callable[[GameState, A], Refusal | None],
        handle: Callable[[GameState, A, Context], None],
        present: Present[A] | None = None,
    ) -> None:
        """Register an action whose plan is the action itself (see :meth:`register_kind`):
        a check that refuses or not, a handler that reads the action, its presentation."""
        self.register_kind(ActionKind.simple(action_type, check, handle, present))

    def register_kind(self, kind: ActionKind[A]) -> None:
        """Route an action type to its record: its check (-> :class:`Plan` or
        :class:`Refusal`), its handler (plan -> events) and its presentation."""
        self._kinds[kind.action_type] = kind

    def plans_odds(self, action: Action) -> bool:
        """Whether ``action``'s kind computes a real plan, so that an empty
        :attr:`~game.core.plan.Plan.outcomes` means "no dice" (a simple kind's plan is the
        bare action and reports no odds, with dice or without: ``warbench odds`` says so)."""
        kind = self._kinds.get(type(action))
        return kind is not None and kind.planned

    def present_as(self, action_type: type[A], present: Present[A]) -> None:
        """Give an already registered action type (a table action) this ruleset's words,
        keeping its check and handler."""
        self._kinds[action_type] = replace(self._kinds[action_type], present=present)

    def action_types(self) -> tuple[type[Action], ...]:
        """Every action type this ruleset understands (the table's and its own)."""
        extra = tuple(t for t in self._kinds if t not in TABLE_ACTIONS)
        return TABLE_ACTIONS + extra

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        """The steps of every procedure this ruleset runs (see :mod:`game.core.procedure`)."""
        return ()

    @classmethod
    def option_problems(cls, options: Mapping[str, Any]) -> list[SetupProblem]:
        """Every problem with a scenario's ``[rules.options]`` (unknown keys, bad values);
        rulesets with options override it. The default takes no options."""
        import difflib

        problems = []
        for key in options:
            close = difflib.get_close_matches(str(key), list(cls.option_keys), n=1)
            problems.append(SetupProblem(f"rules.options.{key}",
                                         f"unknown {cls.name} option", close[0] if close else None))
        return [p for p in problems if p.path.removeprefix("rules.options.")
                not in cls.option_keys]

    def board_problems(self, board: Board) -> list[SetupProblem]:
        """Every problem this ruleset has with a scenario's board once it is built: map
        features its rules cannot use (an obstruction on a gap, a transit pad to nowhere),
        each at a full dotted path of the file (``hexmap.pads[0].between[1]``). The loader
        calls it after checking that every hex named is on the map; the default has none."""
        return []

    @classmethod
    def catalogue(cls) -> dict[str, str]:
        """Every rule ID this ruleset cites, with its paraphrase (the table's WB-* included)."""
        return {**TABLE_RULE_TEXTS, **cls.rule_texts}

    # --- what the ruleset brings (game.core.vocab) -------------------------------------------

    @classmethod
    def terrain_keyword(cls, name: str) -> TerrainKeyword | None:
        """The declared keyword called ``name`` (None if this ruleset does not know it)."""
        return next((k for k in cls.terrain_keywords if k.name == name), None)

    @classmethod
    def lessons(cls) -> Traversable | None:
        """The folder of its lessons: ``lessons/`` in the package that defines the class
        (package data, read with ``importlib.resources``: a ``*.toml`` per lesson and their
        scene files under ``scenes/``); None if it has none."""
        package = getattr(sys.modules.get(cls.__module__), "__package__", None)
        if not package:
            return None
        folder = resources.files(package) / "lessons"
        return folder if folder.is_dir() else None

    def unit_catalogue(self) -> tuple[ProfileRecord, ...]:
        """Every profile a scenario may name, as typed records (stats, base or footprint, the
        unit card the table shows). The default builds each profile's unit on a scratch board
        and reads it back, so the card is exactly the table's."""
        from game.core.catalogue import profile_records

        return profile_records(self)

    def list_unit(self, entry: ListEntry, army: str) -> ListUnit | ListSkip:
        """What an army list's ``entry`` puts on the table (``game.core.roster``): a unit
        whose profile's id or name is the entry's name; a skip with a did-you-mean for an
        unknown name, and for characters and attachments, which have no place of their own
        here. ``army`` is the army or faction the list names. Rulesets with list builders of
        their own (builder ids, characters joined to units, stand-ins) override it."""
        if entry.role != "unit":
            return ListSkip(entry.label, f"a {entry.role} has no place on this table")
        names = {r.id: r.name for r in self.unit_catalogue()}
        found = match_by_name(entry, names)
        if isinstance(found, ListSkip):
            return found
        counters = {"models": entry.models} if entry.models is not None else None
        return ListUnit(names[found], profile=found, counters=counters)

    def bench_table(self, units: int, seed: int) -> BenchTable | None:
        """A generated table of about ``units`` units for ``warbench bench play`` (None: no
        bench table; the bench then skips this ruleset)."""
        return None

    def bench_odds(self, state: GameState, viewer_id: str, target_id: str
                   ) -> Callable[[], object] | None:
        """What ``bench play`` times as the odds the hover shows for this pair: a call that
        computes them, or None when the hover shows no odds for it. The default times the
        whole pair inspection (which computes its odds)."""
        if viewer_id not in state.units or target_id not in state.units:
            return None
        return partial(self.inspect_pair, state, viewer_id, target_id)

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
        return self.loop.waiting(state)

    def legal_actions(self, state: GameState) -> list[Action]:
        """Every discrete legal action now (continuous moves are checked by why_not only)."""
        return [EndActivation()]

    def plan(self, state: GameState, action: Action) -> Plan[Any, Any] | Refusal:
        """What ``action`` will do now (a :class:`Plan`), or why it is not legal: the check
        its :class:`ActionKind` registered, computed once per position and action
        (:attr:`memo`). Never changes the state."""
        kind = self._kinds.get(type(action))
        if kind is None:
            return Refusal(f"'{action.verb}' is not an action of {self.name}", ())
        return self.memo.get(state, ("plan", action), partial(kind.check, state, action))

    def why_not(self, state: GameState, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now, or None if it is. Never changes the state."""
        plan = self.plan(state, action)
        return plan if isinstance(plan, Refusal) else None

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        """Carry out a legal action (the Game has checked it): its handler applies its plan.
        The memo starts a new generation before and after (the handler changes the state)."""
        # an offered answer is legal as it is (the Game checked it against the decision)
        plan = bare(action) if isinstance(action, Choose) else self.plan(state, action)
        if isinstance(plan, Refusal):  # the Game checks first; a direct caller may not have
            raise ValueError(f"{action} is not legal: {plan.reason}")
        with self.memo.changing():
            self._kinds[type(action)].handle(state, plan, ctx)

    def on_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        """Feed a chance node's results to the running procedure, then run on."""
        with self.memo.changing():
            self.loop.feed_dice(state, results, ctx)
            self.settle(state, ctx)

    def on_choice(self, state: GameState, choice: Choose, ctx: Context) -> None:
        """Feed a decision's answer (offered, or a free answer the ruleset accepted) to the
        running procedure, then run on."""
        with self.memo.changing():
            self.loop.feed_answer(state, choice, ctx)
            self.settle(state, ctx)

    def _check_choice(self, state: GameState, choice: Choose) -> Refusal | None:
        """Why a free answer is refused (offered answers never get here: the Game accepts
        them)."""
        return self.loop.check_answer(state, choice)

    def settle(self, state: GameState, ctx: Context) -> None:
        """Run the procedures' automatic steps; when none is left, :meth:`procedures_done`."""
        self.loop.run(state, ctx, self.procedures_done)

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """Called when the procedure stack has emptied (end an activation, change phase)."""

    def legal_actions_for(self, state: GameState, unit_id: str) -> list[Action]:
        """The legal discrete actions of one unit now (what its buttons offer). Rulesets
        override it with a cheaper per-unit computation; the answers must equal the unit's
        share of :meth:`legal_actions`."""
        return [a for a in self.legal_actions(state) if a.actor() == unit_id]

    # --- presentation (the table draws these, knowing no ruleset) ---------------------------

    def present(self, state: GameState, action: Action) -> Offer:
        """An action or answer as a player sees it: label, tooltip, target and ghost. The
        presentation its :class:`ActionKind` registered, given the action's plan (or refusal;
        a simple kind's bare plan: its check is not run just to present it);
        an answer the waiting decision offers is shown as offered (a free answer by the
        presentation registered for :class:`Choose`, if any); else a plain label."""
        if isinstance(action, Choose):
            node = self.decision(state)
            for offer in node.offers if isinstance(node, PlayerDecision) else ():
                if offer.action == action:
                    return offer
        kind = self._kinds.get(type(action))
        if kind is not None and kind.present is not None:
            plan = self.plan(state, action) if kind.planned else bare(action)
            return kind.present(state, action, plan)
        return self.plain_offer(state, action)

    def plain_offer(self, state: GameState, action: Action) -> Offer:
        """The plain presentation: a label from the fields, aimed at the action's target."""
        names = {u.id: u.name for u in state.units.values()}
        return Offer(action, plain_label(action, names), target=action.target_id())

    def commands(self, state: GameState, unit_id: str) -> tuple[Command, ...]:
        """The buttons of ``unit_id`` now: one per action type the unit performs, with its
        legal offers or the refusal that disables it. The default groups
        :meth:`legal_actions_for` by type; rulesets override it for steering and labels."""
        return self.commands_from(state, self.legal_actions_for(state, unit_id), unit_id)

    def commands_from(self, state: GameState, legal: Sequence[Action],
                      unit_id: str | None = None) -> tuple[Command, ...]:
        """:meth:`commands` built from a given list of a unit's legal actions (a ruleset that
        turns a command into pointing needs only one of its actions to build it); a button
        with no legal use is disabled with :meth:`idle_reason` for ``unit_id``."""
        out: list[Command] = []
        for action_type in self.action_types():
            if action_type in TABLE_ACTIONS:
                continue
            mine = tuple(self.present(state, a) for a in legal if type(a) is action_type)
            label = humanise(action_type.__name__)
            why = None if mine or unit_id is None else self.idle_reason(state, unit_id,
                                                                          action_type)
            refusal = None if mine else (
                Refusal(f"{label}: {why.reason}", why.rules) if why is not None else
                Refusal(f"{label}: no legal use right now", ()))
            out.append(Command(action_type.verb, label, doc_hint(action_type.__doc__, label),
                               mine, refusal=refusal))
        return tuple(out)

    # --- inspection (what the table shows on hover and selection) ----------------------------

    def inspect_pair(self, state: GameState, viewer_id: str, target_id: str) -> Inspection | None:
        """What ``viewer_id`` sees of ``target_id``. The default measures the distance (inches
        between trays, or hexes) and cites no rule: a rules-free table."""
        viewer, target = state.units.get(viewer_id), state.units.get(target_id)
        if viewer is None or target is None or viewer_id == target_id:
            return None
        title = f"{viewer.name} -> {target.name}"
        if viewer.tray is not None and target.tray is not None:
            from shapely.ops import nearest_points

            a, b = nearest_points(viewer.tray.polygon, target.tray.polygon)
            gap = a.distance(b)
            return Inspection(title, (InfoLine(f'Distance {gap:.2f}" (nearest edges)'),),
                              (Segment((a.x, a.y), (b.x, b.y), "range", f'{gap:.2f}"'),))
        if viewer.hex is not None and target.hex is not None:
            steps = viewer.hex.distance(target.hex)
            plural = "" if steps == 1 else "es"
            return Inspection(title, (InfoLine(f"Distance {steps} hex{plural}"),),
                              (Segment(hex_center(viewer.hex), hex_center(target.hex), "range",
                                       f"{steps}"),))
        return None

    def inspect_unit(self, state: GameState, unit_id: str) -> Inspection | None:
        """What the selected unit can do now (reach areas, arcs, notes); None for nothing."""
        return None

    def prepare(self, state: GameState) -> None:
        """Build ahead what the rules queries of this position share (a prepared geometry,
        per-position caches), so that the player's first click on a unit does not pay for
        it. The table calls it in a frame without input after each new game moment; no
        answer may depend on whether it ran. Default: nothing."""
        return None

    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        """How the table draws ``unit_id`` beyond its tray or hex: every model base, the hexes
        it covers, its height (:class:`~game.core.inspect.UnitLook`). None (the default) keeps
        the plain look: a tray of uniform model slots, or a token on one hex."""
        return None

    def board_marks(self, state: GameState) -> tuple[BoardMark, ...]:
        """What stands on the board itself besides its cells and terrain (walls, obstructions,
        links between places), drawn under the units; none by default."""
        return ()

    def table_conditions(self, state: GameState) -> tuple[TableCondition, ...]:
        """What holds over the whole table now (night, fog...), for the top bar, the hand-over
        screen and the board's shade (:class:`~game.core.inspect.TableCondition`); none by
        default."""
        return ()

    def idle_reason(self, state: GameState, unit_id: str,
                    action_type: type[Action]) -> Refusal | None:
        """Why ``unit_id`` has no legal action of ``action_type`` now, for its disabled
        button ("Fortify: it has moved already"); None (the default) says only that there is
        no legal use right now."""
        return None

    def how_to_play(self, state: GameState) -> PlayGuide | None:
        """The ruleset's how-to-play card (:class:`~game.core.inspect.PlayGuide`), shown
        with the controls (F1); None (the default) shows the controls only."""
        return None

    def end_offer(self, state: GameState) -> Offer:
        """The table's end button (Enter) as the player reads it now: what ending does here
        ("End activation", or a phase's end where a turn has phases) and its tooltip."""
        return Offer(EndActivation(), "End activation", "hand over to the next player")

    def relief(self, state: GameState) -> Relief | None:
        """How the board's heights read (:class:`~game.core.inspect.Relief`: their unit and
        the step within which heights play alike), for the table to shade the board by
        height; None (the default) keeps the plain terraces of every level."""
        return None

    def round_limit(self, state: GameState) -> int | None:
        """How many rounds this game lasts under the ruleset's options (the table shows "Round
        2 of 6"); None (the default) when no number of rounds ends it."""
        return None

    def unit_marks(self, state: GameState, unit_id: str) -> tuple[UnitMark, ...]:
        """Badges the table draws on a unit (default: "done" once it activated this round,
        from ``state.turn.activated``); a ruleset overrides it for its own markers."""
        return (ACTIVATED_MARK,) if unit_id in state.turn.activated else ()

    def unit_card(self, state: GameState, unit_id: str) -> UnitCard | None:
        """The unit's stat card (every stat, attacks, abilities, what is left)."""
        unit = state.units.get(unit_id)
        if unit is None:
            return None
        owner = state.player(unit.owner).name
        lines = [InfoLine(f"{humanise(k)}: {v}") for k, v in unit.status().items()]
        return UnitCard(f"{unit.name} ({owner})", tuple(lines))

    # --- hints for a computer player (optional; game.ai knows no ruleset, it asks these) ----

    def unit_worth(self, state: GameState, unit_id: str) -> float:
        """What ``unit_id`` is worth to its side now, in the measure the game's victory counts
        (wounds, models or health left); 0 once destroyed or unknown. A computer player sums
        it per side to rate a position, so losing a unit costs what it was worth. The
        default counts a live unit as 1, plus for each counter the unit declares with its
        maximum (``status()``'s ``X`` and ``max_X``) the share it still has."""
        unit = state.units.get(unit_id)
        if unit is None or not unit.on_board:
            return 0.0
        status = unit.status()
        shares = [float(v) / float(top) for k, v in status.items()
                  if isinstance(v, int | float) and not isinstance(v, bool)
                  and isinstance(top := status.get(f"max_{k}"), int | float) and top > 0]
        return 1.0 + sum(shares) / len(shares) if shares else 1.0

    def unit_threat(self, state: GameState, unit_id: str) -> float:
        """How much harm ``unit_id`` can do now, relative to other units of this game (a
        computer player attacks dangerous enemies first and keeps its units out of their
        reach when it is weaker); the default is its worth."""
        return self.unit_worth(state, unit_id)

    def objective_score(self, state: GameState, player: int) -> float:
        """Points ``player`` holds now from the scenario's objectives, in the measure of
        :meth:`unit_worth` (objectives held, victory points); a computer player adds them to
        its side's worth. Default 0: a game won by what is left standing."""
        return 0.0

    def allows_free_moves(self, state: GameState) -> bool:
        """Whether sandbox moves and pivots are allowed now (WB-TBL-1/2)."""
        return state.options.sandbox and not state.procedures

    # --- table actions ---------------------------------------------------------------------

    def placement_refusal(
        self, state: GameState, unit: Unit, tray: Tray, rule: str
    ) -> Refusal | None:
        """Why ``unit`` cannot stand at ``tray``: off the table, on a unit or impassable
        terrain (rulesets may add conditions)."""
        return table_actions.placement_refusal(state, unit, tray, rule)

    def hex_placement_refusal(
        self, state: GameState, unit: Unit, target: Hex, facing: int
    ) -> Refusal | None:
        """Why ``unit`` cannot stand on ``target`` facing ``facing`` (WB-TBL-1)."""
        return table_actions.hex_placement_refusal(state, unit, target, facing)

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
            f"The turn passes from {state.player(ending).name} to "
            f"{state.player(state.turn.active).name}.",  # reads right for "Orcs" and "Stark"
            ["WB-TBL-4"],
            player=state.turn.active,
            previous=ending,
            round=state.turn.round,
        )
