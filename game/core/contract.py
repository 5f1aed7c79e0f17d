"""The ruleset contract: what a rules system must write, and what it may answer.

A rules system is one subclass of :class:`game.core.ruleset.Ruleset` (which adds the engine and
the table helpers to this contract). Reading this class top to bottom is reading the contract:

- **Required** (abstract): its declaration (the class attributes below, which have neutral
  defaults but a real ruleset sets its ``name``, ``title``, ``description``, ``board_kinds``
  and ``rule_texts``), :meth:`profile_ids`, :meth:`build_unit` and :meth:`legal_actions`, and
  its actions, registered in ``__init__`` with ``register_kind`` (see
  :mod:`game.core.plan`).
- **Optional**, each with a neutral default: its procedures, its vocabulary and what it brings
  (options, terrain keywords, map features, catalogue, lessons, bench table), what the table
  shows (inspection, cards, badges, looks, the end button), and hints for a computer player.

The table, the CLI, saves, lessons and the computer player ask only these questions and draw
only these typed records; ``docs/architecture.md`` walks through a whole ruleset.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar

from game.core.actions import Action, EndActivation
from game.core.choices import ChoiceValue, UnitChoice
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
from game.core.pending import Refusal
from game.core.present import Offer, humanise
from game.core.procedure import Steps
from game.core.roster import ListEntry, ListSkip, ListUnit, match_by_name
from game.core.state import Board, BoardKind, GameState, Unit
from game.core.table_rules import TABLE_RULE_TEXTS
from game.core.unit_setup import SetupError, SetupProblem, UnitSetup
from game.core.vocab import (
    TABLE_KEYWORDS,
    BenchTable,
    FeatureKind,
    OptionSpec,
    ProfileRecord,
    TerrainKeyword,
)
from game.geometry.hexgrid import hex_center


class RulesetContract(ABC):
    """What a rules system writes (the abstract methods and its declaration) and may answer
    (every other method, with a neutral default). See the module docstring."""

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

    # --- required: what every ruleset writes ------------------------------------------

    @abstractmethod
    def profile_ids(self) -> Sequence[str]:
        """Ids of the profiles (stat cards) scenarios may reference."""

    @abstractmethod
    def build_unit(self, setup: UnitSetup) -> Unit:
        """Turn a scenario entry into a unit; raise :class:`SetupError` with every problem."""

    @abstractmethod
    def legal_actions(self, state: GameState) -> list[Action]:
        """Every discrete legal action now (continuous moves are checked by why_not only)."""

    # --- optional: procedures and the start of a game -----------------------------------

    def procedure_steps(self) -> Sequence[Steps[Any]]:
        """The steps of every procedure this ruleset runs (see :mod:`game.core.procedure`)."""
        return ()

    def start(self, state: GameState, ctx: Context) -> None:
        """Called once when a game begins (announce round 1, set up procedures)."""
        ctx.emit(
            "round.start",
            f"Round {state.turn.round} begins; {state.player(state.turn.active).name} acts.",
            ["WB-TBL-4"],
            player=state.turn.active,
            round=state.turn.round,
        )

    def procedures_done(self, state: GameState, ctx: Context) -> None:
        """Called when the procedure stack has emptied (end an activation, change phase).
        Default: nothing."""
        return None

    # --- optional: what the ruleset brings (game.core.vocab) ------------------------------

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

    def profile_faction(self, profile: str) -> str | None:
        """The faction or army a catalogue profile belongs to (the builder groups its
        catalogue by it); None when the ruleset's profiles name none."""
        return None

    def unit_choices(self, setup: UnitSetup) -> tuple[UnitChoice, ...]:
        """The setup choices a unit entry offers (``game.core.choices``), each with its value
        for ``setup``: files x ranks, joined characters, equipment, footprints. None by
        default; an entry whose stats the ruleset cannot read choices from offers none."""
        return ()

    def make_choice(self, setup: UnitSetup, key: str, value: ChoiceValue) -> UnitSetup:
        """``setup`` with the choice ``key`` made: its ``profile`` and ``stats`` as the
        scenario file writes them (the loader builds the unit from them). Raises
        :class:`~game.core.unit_setup.SetupError` for a choice it does not offer or a value
        out of its bounds."""
        raise SetupError([SetupProblem(key, "this unit offers no such choice")])

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

    # --- optional: what the table shows (hover, selection, cards, board) -----------------

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

    def prepare_unit(self, state: GameState, unit_id: str) -> bool:
        """One step of building ahead what hovering other units with ``unit_id`` selected
        asks (its Line of Sight to them, say), a few milliseconds at most; True once nothing
        is left. The table calls it after a select once the pointer rests (from the second
        frame in a row without input), one step a frame, and stops at the first input (it
        resumes when input pauses); no answer may depend on whether it ran. Default:
        nothing to build."""
        return True

    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        """How the table draws ``unit_id`` beyond its tray or hex: every model base, the hexes
        it covers, its height (:class:`~game.core.inspect.UnitLook`). None (the default) keeps
        the plain look: a tray of uniform model slots, or a token on one hex."""
        return None

    def look_links(self, state: GameState, unit_id: str) -> frozenset[str] | None:
        """The other units whose fields :meth:`unit_look` of ``unit_id`` reads at ``state``
        (the enemies a unit is in contact with, say). A look may read nothing else but its own
        unit and these, and the relation must be symmetric at every state (``b`` is linked to
        ``a`` exactly when ``a`` is linked to ``b``, and whether they are reads those two
        units only). After an action that changed a few units, the table then asks again
        only the looks of those units and of the units linked to them before or after it,
        and keeps the others' drawing (issue 32: 200 looks a commit). The default: none
        while the ruleset keeps the plain look (it does not override :meth:`unit_look`: a
        tray or token drawn from its own unit's fields); None for a ruleset that draws its
        own looks and does not say (a look may read anything, and every look is asked again
        after each action)."""
        if type(self).unit_look is RulesetContract.unit_look:
            return frozenset()
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

    # --- optional: hints for a computer player (game.ai knows no ruleset, it asks these) --

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

    def unit_reach(self, state: GameState, unit_id: str) -> float | None:
        """How far from ``unit_id`` an enemy may stand and still be attacked by it on its next
        activation (its move, then its longest attack), in hexes between the units on a hex
        board or inches between tray centres on a table; a hint that may ignore terrain and
        sight. A computer player draws its units into reach of an enemy with it (a unit that
        can strike next is worth more than one still walking). None (the default) when the
        ruleset does not say: the computer then weighs no reach."""
        return None

    def round_swing(self, state: GameState) -> float | None:
        """How far one round may move the sides' worth (:meth:`unit_worth` and
        :meth:`objective_score`) as a share of all of it, one standard deviation, where the
        games end at :meth:`round_limit` and are won by that worth then: a computer player
        then weighs its chance to be ahead when the last round ends (behind, it takes the
        gambles that may turn the lead). None (the default): it does not weigh the end."""
        return None

    def objective_score(self, state: GameState, player: int) -> float:
        """Points ``player`` holds now from the scenario's objectives, in the measure of
        :meth:`unit_worth` (objectives held, victory points); a computer player adds them to
        its side's worth. Default 0: a game won by what is left standing."""
        return 0.0
