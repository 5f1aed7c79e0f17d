"""The table scene: the board and its camera, selection and hover, and the parts it composes:
the side panel (:mod:`game.ui.panel`), the input modes (:mod:`game.ui.modes`), the HUD
(:mod:`game.ui.hud`) and the animations (:mod:`game.ui.anims`).

Every change of the game goes through ``Game.apply`` (or ``undo``/``redo``); the scene turns
input into actions built by the ruleset's records and shows what the core answers. It knows no
ruleset: buttons are :meth:`~game.core.ruleset.Ruleset.commands`, hover answers are
:meth:`~game.core.ruleset.Ruleset.inspect_pair`, labels are
:meth:`~game.core.ruleset.Ruleset.present`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action, Dice, EndActivation, Pivot, RollPending
from game.core.events import Event
from game.core.game import Game
from game.core.inspect import Inspection
from game.core.pending import IllegalAction, Pending, PickDice, PlayerDecision, Refusal
from game.core.present import Command, Offer, shown_name
from game.core.state import GameState, HexBoard
from game.pbf.turnfile import PbfError
from game.ui import hexlayout
from game.ui.anims import Animator, dice_tray_rect, poses
from game.ui.board_page import fill_around
from game.ui.hit_index import UnitIndex
from game.ui.hud import Hud
from game.ui.inspect_draw import ghost_outline, ghost_tray
from game.ui.lens import RulesLens
from game.ui.modes import (
    DicePickMode,
    DragMode,
    GhostPickMode,
    Mode,
    SelectMode,
    SteerMode,
    TargetMode,
)
from game.ui.panel import SidePanel
from game.ui.render import Renderer, fit_camera
from game.ui.scene import Scene
from game.ui.table_flow import TableFlow
from game.ui.table_input import TableInput
from game.ui.view import Ghost, HoverOverlay, ViewState
from game.ui.zones_draw import at_battle_start, draw_zones

if TYPE_CHECKING:
    from game.learn import Lesson
    from game.scenario import Session
    from game.ui.app import App
    from game.ui.computer_turn import ComputerTurn

Point = tuple[float, float]

HELP: list[tuple[str, str]] = [
    ("Left click", "select a unit / pick a target / pick a ghost placement"),
    ("Left drag (free moves)", "drag your tray; it pushes your trays, stops at others"),
    ("Q / E, Shift+wheel", "turn the dragged or selected unit (free moves)"),
    ("Pointing (moves)", "the wheel turns at the end, Shift aims freely; click when legal"),
    ("Right/middle drag", "pan the table"),
    ("Arrows / WASD", "pan the table"),
    ("Wheel", "zoom around the cursor"),
    ("Hover a unit", "what the selected unit makes of it: range, sight, odds"),
    ("Hover terrain", "its name and keywords in the status line"),
    ("Hover a variant", "its ghost lights up on the board"),
    ("Action buttons", "hover for what they do; disabled ones say why"),
    ("Space / R", "roll the dice the game waits for"),
    ("Enter", "end the activation, or the phase (the button says which)"),
    ("G", "inch grid on / off"),
    ("K", "terrain key (the map's legend) on / off"),
    ("Tab", "arcs of every unit on / off"),
    ("Home", "fit the whole board in view"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (dice you rolled cannot be undone)"),
    ("Ctrl+S / Ctrl+O", "save / load"),
    ("Click a [rule ID]", "in the log or the hover box: the rule explained"),
    ("R (this help open), F2", "the rules browser: every rule, searchable, its lessons"),
]


BACKGROUND = (22, 24, 28)
"""The window's colour around the board, the panel and the bars."""

IDLE_STEP_MS = 6.0
"""A frame without input (or with only the pointer moving) takes a step of the selected unit's
hover ahead only if it has taken less than this so far (CPU milliseconds)."""


PLAYER_INPUT = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT})
"""The events a player makes (not the window's own: shown, exposed, focus...)."""


def _pointing(event: pygame.event.Event) -> bool:
    """Whether ``event`` is only the pointer moving with no button held: the player looks or
    points at something, which leaves the frames free for work done ahead."""
    return event.type == pygame.MOUSEMOTION and not any(event.buttons)


class TableScene(Scene):
    """The table (see module docstring)."""

    top_h = 38
    status_h = 28
    bottom_reserve = 0
    """Pixels kept free under the board for a composing scene's own panel (a lesson's
    captions), so the board, the hover box and the camera fit stay above it."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.renderer = Renderer(app.palette, app.fonts)
        self.lens = RulesLens()
        self.view = ViewState(grid=app.settings.grid, all_arcs=app.settings.show_all_arcs)
        self.revision = 0
        self._busy = False
        self._acted = False
        """Whether this frame had input other than the pointer moving (a press, a key, a drag,
        the wheel)."""
        self._prepared: tuple[int, int] | None = None
        """The game moment the ruleset last prepared (see :meth:`_prepare_when_idle`)."""
        self._idle = 0
        """Frames in a row without input (see :meth:`_prepare_when_idle`)."""
        self._calm = 0
        """Frames in a row whose only input, if any, was the pointer moving with no button
        held: the player is looking or pointing, not acting (see
        :meth:`_prepare_unit_when_idle`)."""
        self._frame_start = 0.0
        """The CPU time the current frame began at (see :meth:`_prepare_unit_when_idle`)."""
        self._last_hovered: str | None = None
        """The unit hovered in the last frame (a frame that hovers a new one does no step)."""
        self._dice_ready = False
        """Whether the dice's physics is loaded (see :meth:`_load_dice_when_idle`)."""
        self._handled = False
        """Whether the player has given the table any input yet (the window's own events do
        not count: see :meth:`_load_dice_when_idle`)."""
        self._lesson_pool: list[Lesson] | None = None
        """Every lesson, once read (see :meth:`_lessons`)."""
        self._unit_prepared: tuple[tuple[int, int], str] | None = None
        """The game moment and selected unit whose hover answers are built ahead."""
        self.mode: Mode = SelectMode()
        self.status = ""
        self.explanation: tuple[str, str] | None = None
        self.explained_lesson: Lesson | None = None
        self._guide_rows: list[tuple[str, str]] | None = None
        self.confirm: str | None = None
        """A question the player must answer (Enter / Esc) before anything else."""
        self.pbf: Any = None
        """The :class:`game.pbf.TurnWriter` of a play-by-file turn (actions go through it)."""
        self.pan_from: tuple[int, int] | None = None
        self.pointer: Point = (0.0, 0.0)
        self.mouse: tuple[int, int] = (0, 0)
        self.animator = Animator()
        self.panel = SidePanel(self)
        self.hud = Hud(self)
        self.input = TableInput(self)
        self.flow = TableFlow(self)
        self._fitted = False
        self._commands: tuple[tuple[int, str], tuple[Command, ...]] | None = None
        self._pending: tuple[tuple[int, int, int], Pending] | None = None
        self._hits: tuple[tuple[int, int, int], UnitIndex] | None = None
        """The hit-test index of the units and the game moment it was built for."""
        self.last_player = self.game.current_player()
        self.computer: ComputerTurn | None = None
        """The computer players of this game (None: every side is human)."""
        if session.computer:
            self.play_computer(session.computer)

    def play_computer(self, sides: Mapping[int, str], **options: Any) -> ComputerTurn:
        """Let the computer play ``sides`` (player number -> strength) from now on; its
        searches use a ruleset object of their own, never the table's."""
        from game.ui.computer_turn import ComputerTurn

        self.computer = ComputerTurn(self, sides, self.session.scenario.fresh_ruleset,
                                     **options)
        return self.computer

    # --- properties --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def state(self) -> GameState:
        """The current game state (a new object after undo)."""
        return self.session.game.state

    def _moment(self) -> tuple[int, int, int]:
        """The game moment: the state, its revision and the log's length (what the kept
        answers of a frame are keyed on)."""
        return (id(self.state), self.revision, len(self.game.log))

    def pending(self) -> Pending:
        """What the game waits for, asked once per game change (the HUD, the panel and the
        ghosts all read it every frame)."""
        key = self._moment()
        if self._pending is None or self._pending[0] != key:
            self._pending = (key, self.game.pending())
        return self._pending[1]

    def may_close(self) -> bool:
        """Closing the window mid-game asks first, as Esc does (see TableFlow.ask_close)."""
        return self.flow.ask_close()

    def help_lines(self) -> list[tuple[str, str]]:
        """The controls, then the ruleset's how-to-play card (F1)."""
        if self._guide_rows is None:
            self._guide_rows = self.guide_rows()
        if self.computer is not None:
            from game.ui.computer_turn import SKIP_HELP

            return [*HELP, SKIP_HELP, *self._guide_rows]
        return HELP + self._guide_rows

    def guide_rows(self) -> list[tuple[str, str]]:
        """The ruleset's :class:`~game.core.inspect.PlayGuide` as help rows, each line with
        its rule IDs, and the lessons that teach those rules."""
        guide = self.game.ruleset.how_to_play(self.state)
        if guide is None:
            return []
        rows = [(guide.title, "")]
        rows += [(head, f"{line.text} [{', '.join(line.rules)}]" if line.rules else line.text)
                 for head, line in guide.rows]
        rules = list(dict.fromkeys(r for _, line in guide.rows for r in line.rules))
        titles = self._lesson_titles(rules)
        if titles:
            rows.append(("Lessons", "; ".join(titles) + " (warbench learn)"))
        return rows

    def _lesson_titles(self, rules: list[str]) -> list[str]:
        """The titles of the lessons that teach ``rules``, once each."""
        from game.learn import lesson_for_rule

        pool = self._lessons()
        found = (lesson_for_rule(rule, pool) for rule in rules)
        return list(dict.fromkeys(lesson.title for lesson in found if lesson is not None))

    def _lessons(self) -> list[Lesson]:
        """Every lesson, read once per table: reading them all takes about half a second, so
        the first rule link clicked says so (the rest answer at once)."""
        if self._lesson_pool is None:
            from game.learn import load_all
            from game.scenario import ScenarioError

            self.app.show_busy("Looking up the rule and its lesson...")
            try:
                self._lesson_pool = load_all()
            except (ScenarioError, OSError):
                self._lesson_pool = []
        return self._lesson_pool

    def _table_area(self, surface: pygame.Surface) -> pygame.Rect:
        """The window between the top bar, the status line and the side panel, which the
        HUD paints whole every frame (:meth:`Hud.draw`): the viewport and the room kept
        under it (:attr:`bottom_reserve`)."""
        w, h = surface.get_size()
        return pygame.Rect(0, self.top_h, w - self.hud.panel_w(),
                           h - self.top_h - self.status_h)

    def viewport(self) -> pygame.Rect:
        """The table's area of the window."""
        w, h = self.app.screen.get_size()
        return pygame.Rect(0, self.top_h, w - self.hud.panel_w(),
                           h - self.top_h - self.status_h - self.bottom_reserve)

    def enter(self) -> None:
        self.renderer.set_palette(self.app.palette)
        self.view.grid = self.app.settings.grid
        vp = self.viewport()
        self.view.camera.resize(vp.left, vp.top, vp.width, vp.height)
        if not self._fitted:
            fit_camera(self.view.camera, self.state)
            self._fitted = True
        self.panel.invalidate()

    def leave(self) -> None:
        self.panel.clear()
        self.panel.invalidate()
        if self.computer is not None:
            self.computer.drop_button()

    # --- what the ruleset says ---------------------------------------------------------------

    def commands_of(self, uid: str) -> tuple[Command, ...]:
        """The ruleset's buttons for ``uid`` (cached per revision). Asked in one steady
        position: the hundreds of checks behind the buttons read the position key once."""
        key = (self.revision, uid)
        if self._commands is None or self._commands[0] != key:
            ruleset = self.game.ruleset
            with ruleset.memo.steady(self.state):
                self._commands = (key, ruleset.commands(self.state, uid))
        return self._commands[1]

    def label_of(self, action: Action) -> str:
        """The player-facing label of an action (never its syntax): an answer to the decision
        now pending reads as its offer's button did ("Do not push", not "Push no")."""
        node = self.game.pending()
        if isinstance(node, PlayerDecision):
            for offer in node.offers:
                if offer.action == action:
                    return offer.label
        return self.game.ruleset.present(self.state, action).label

    @staticmethod
    def refusal_text(refusal: Refusal) -> str:
        """A refusal as shown to a player (its reason; rule IDs in brackets)."""
        return str(refusal)

    def ghost_view(self, key: str, offer: Offer) -> Ghost | None:
        """The drawable ghost of an offer (None if the offer carries none)."""
        ghost = offer.ghost
        if ghost is None:
            return None
        label = ghost.label or offer.label
        unit = self.state.units.get(ghost.unit)
        if ghost.pose is not None and unit is not None and unit.tray is not None:
            return Ghost(key, label, tray=ghost_tray(unit.tray, ghost))
        if ghost.hex is not None:
            return Ghost(key, label, hex=ghost.hex, facing=ghost.hex_facing or 0)
        return None if not ghost_outline(self.state, ghost) else Ghost(key, label)

    def decision_ghosts(self) -> tuple[Ghost, ...]:
        """The ghosts of the pending decision's offers (keys ``d<index>``)."""
        node = self.pending()
        if not isinstance(node, PlayerDecision) or self.computer_decides():
            return ()
        found = (self.ghost_view(f"d{i}", o) for i, o in enumerate(node.offers))
        return tuple(g for g in found if g is not None)

    def computer_decides(self) -> bool:
        """Whether the computer answers what the game waits for (its decisions are never
        offered to the human: no buttons, ghosts or dice to pick)."""
        return self.computer is not None and self.computer.owns_now()

    # --- modes -------------------------------------------------------------------------------

    def set_mode(self, mode: Mode) -> None:
        """Enter an input mode (the panel and the ghosts follow)."""
        self.mode = mode
        self.view.targets = mode.targets()
        self.view.refusal_marks = ()
        if isinstance(mode, SteerMode):
            mode.motion(self, self.pointer)

    def cancel_mode(self) -> None:
        """Back to selecting (Esc, Cancel)."""
        self.set_mode(SelectMode())
        self.view.overrides.clear()
        self.status = ""

    def sync_mode(self) -> None:
        """Keep the mode in step with the game: a PickDice decision has its dice mode; a
        mode left from an answered decision is dropped."""
        node = self.pending()
        pick = next((a for a in node.free if isinstance(a, PickDice)), None) if isinstance(
            node, PlayerDecision) and not self.computer_decides() else None
        if pick is not None:
            if not (isinstance(self.mode, DicePickMode) and self.mode.revision == self.revision):
                self.set_mode(DicePickMode(pick, self.revision))
        elif isinstance(self.mode, DicePickMode):
            self.set_mode(SelectMode())

    def choose(self, command: Command) -> None:
        """A command button was pressed: steer, pick a target, pick a variant, or do it."""
        if not command.enabled:
            return
        if command.steer is not None:
            self.set_mode(SteerMode(command.steer, command.label))
            self.status = f"{command.label}: {command.steer.hint or 'point on the board'}"
        elif command.targeted:
            self.set_mode(TargetMode(command))
            self.status = f"{command.label}: click a highlighted target (Esc cancels)"
        elif len(command.offers) == 1:
            self.perform_offer(command.offers[0])
        else:
            self.set_mode(GhostPickMode(command.label, tuple(command.offers)))
            ghosts = any(o.ghost is not None for o in command.offers)
            self.status = f"{command.label}: pick one in the panel" + (
                " or click its ghost on the board" if ghosts else "")

    def select(self, uid: str | None) -> None:
        """Select a unit (or nothing): its card, arcs and command buttons appear."""
        self.view.selected = uid
        self.lens.prepare(self.game.ruleset, self.state, self.revision, uid)
        self.status = f"Selected {shown_name(self.state, uid)}" if uid in self.state.units else ""

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self._busy = True
        if event.type in PLAYER_INPUT:
            self._handled = True
        if not _pointing(event):
            self._acted = True
        if self.computer is not None and self.computer.handle(event):
            return
        self.input.handle(event)

    # --- hit tests -------------------------------------------------------------------------

    def unit_at(self, point: Point) -> str | None:
        """The live unit under a world point (the first in the scenario's order), asked of
        an index of the units built once per game moment (:class:`UnitIndex`)."""
        key = self._moment()
        if self._hits is None or self._hits[0] != key:
            self._hits = (key, UnitIndex(self.state))
        return self._hits[1].unit_at(point, self.view.overrides,
                                     isinstance(self.state.board, HexBoard))

    def ghost_at(self, point: Point) -> str | None:
        """The ghost under a world point (of the mode or of the pending decision)."""
        px, py = point
        for ghost in self.view.ghosts:
            if ghost.tray is not None:
                across, along = ghost.tray.table_to_local(px, py)
                if abs(across) <= ghost.tray.width / 2 and abs(along) <= ghost.tray.depth / 2:
                    return ghost.key
            elif ghost.hex is not None and hexlayout.world_to_axial(px, py) == ghost.hex:
                return ghost.key
        return None

    # --- applying ----------------------------------------------------------------------------

    def perform_offer(self, offer: Offer) -> bool:
        """Apply an offer's action."""
        return self.perform(offer.action)

    def perform(self, action: Action, animate: bool = True) -> bool:
        """Apply an action through the core; show the refusal if it is illegal."""
        before = poses(self.state)
        label = self.label_of(action)
        try:
            events = self._apply(action)
        except IllegalAction as exc:
            self.status = f"Refused: {self.refusal_text(exc.refusal)}"
            return False
        except PbfError as exc:  # a play-by-file refusal, already in words
            self.status = f"Refused: {exc}"
            return False
        if not isinstance(self.mode, DragMode):
            self.set_mode(SelectMode())
        self.flow.changed(before, events, animate)
        self.status = events[-1].text if events else label
        return True

    def _apply(self, action: Action) -> list[Event]:
        """Apply through the play-by-file writer when this is a turn by file, else the core."""
        if self.pbf is None:
            return self.game.apply(action)
        events: list[Event] = self.pbf.apply(action)
        return events

    def rotate(self, degrees: float) -> None:
        """Turn the dragged tray, or pivot the selected unit (where the table allows free moves)."""
        if isinstance(self.mode, DragMode):
            self.mode.rotate(degrees)
            return
        unit = self.state.units.get(self.view.selected or "")
        if unit is None:
            return
        if unit.tray is not None:
            self.perform(Pivot(unit.id, round((unit.tray.facing + degrees) % 360, 1)))
        else:
            step = 1 if degrees > 0 else -1
            self.perform(Pivot(unit.id, float((unit.hex_facing + step) % 6)))

    def roll(self) -> None:
        """Let the game roll the dice it waits for."""
        self.perform(RollPending())

    def use_real_dice(self) -> None:
        """Answer the dice with the faces typed in (dice rolled at the table)."""
        entry = self.panel.dice_entry
        if entry is None:
            return
        text = entry.get_text().replace(",", " ")
        try:
            faces = tuple(int(w) for w in text.split())
        except ValueError:
            self.status = "Type the faces as numbers, e.g. 3 5"
            return
        self.perform(Dice(faces))

    def end_activation(self) -> None:
        """End the activation (hand over)."""
        self.perform(EndActivation())

    def explain(self, rule: str) -> None:
        """Show a rule explained in the game's own words (a rule link was clicked)."""
        self._lessons()  # the first link: says it is looking, then reads them once
        try:
            from game.learn import explain

            text = explain(rule)
        except (ImportError, KeyError, ValueError) as exc:
            text = f"No explanation available ({exc})."
        self.explanation = (rule, text)
        self.explained_lesson = self._lesson_teaching(rule)

    def _lesson_teaching(self, rule: str) -> Lesson | None:
        """The lesson that teaches ``rule``, if one does (the explanation offers to open it)."""
        from game.learn import lesson_for_rule

        return lesson_for_rule(rule, self._lessons())

    def open_rules(self, rule: str | None = None) -> bool:
        """Open the rules browser on this game (at ``rule``); it returns to the scene shown
        now (this table, or the lesson that hosts it)."""
        from game.ui.rules_browser import RulesBrowser

        self.explanation = None
        back = self.app.scene if self.app.scene is not None else self
        self.app.switch(RulesBrowser(self.app, back, self.game, rule))
        return True

    def open_explained_lesson(self) -> None:
        """Open the lesson offered by the rule explanation (L); this game stays autosaved."""
        lesson = self.explained_lesson
        if lesson is None:
            return
        from game.ui.lesson_scene import LessonScene  # lesson_scene composes this scene

        self.explanation = None
        self.app.switch(LessonScene(self.app, lesson))

    # --- frame -------------------------------------------------------------------------------

    def _one_position(self) -> AbstractContextManager[None]:
        """A frame's rules questions asked in one steady position of the ruleset's memo: its
        position key (a tuple over every unit) is worked out once for the frame's hover, panel,
        marks and units instead of once a question (five a hover frame at 200 trays). Safe
        by the memo's own rule: an action applied in the frame starts a new generation,
        which ends the trust, and another state object is never trusted."""
        return self.game.ruleset.memo.steady(self.state)

    def update(self, dt: float) -> None:
        self._frame_start = time.process_time()
        with self._one_position():
            self._update(dt)

    def _update(self, dt: float) -> None:
        self.input.keys_pan(dt)
        self.mode.step(self, self.pointer, dt)
        self.animator.step(dt, self.view)
        shown = self.app.scene  # this table, or a lesson scene that hosts it
        self.flow.hand_over_when_seen()
        if self.app.scene is not shown:
            return  # handed over: rebuilding the panel now would put it over the hand-over
        if self.computer is not None:
            self.computer.step()
            if self.app.scene is not shown:
                return  # the computer's move ended the game: the end screen is up
            self.computer.sync_button()
        self.sync_mode()
        self._refresh_overlay()
        self.panel.refresh()
        self._prepare_when_idle()

    def _prepare_when_idle(self) -> None:
        """In the first frame without input of a game moment, let the ruleset build what its
        queries share (:meth:`~game.core.ruleset.Ruleset.prepare`): off the click's path.
        The steps of what hovering with the selected unit asks come after the frame's
        drawing (:meth:`_prepare_unit_when_idle`)."""
        busy, self._busy = self._busy, False
        acted, self._acted = self._acted, False
        self._idle = 0 if busy else self._idle + 1
        self._calm = 0 if acted else self._calm + 1
        if busy:
            return
        moment = (id(self.state), self.revision)
        if self._prepared != moment:
            self._prepared = moment
            self._idle = self._calm = 0  # this frame did the moment's work: the unit's wait
            self.game.ruleset.prepare(self.state)

    def _prepare_unit_when_idle(self) -> None:
        """From the second frame in a row with no input but the pointer moving (the frame right
        after a click is the click's own; the pointer then travels to what the player wants
        to look at), what hovering with the selected unit asks, a step a frame
        (:meth:`~game.core.ruleset.Ruleset.prepare_unit`), only in a frame that has taken less
        than :data:`IDLE_STEP_MS` so far (a frame that builds a board does none) and has not
        answered a new hover; a press, a key, a drag or the wheel stops it (the step left waits
        until the player only points again)."""
        unit = self.view.selected
        moment = (id(self.state), self.revision)
        new_hover = self.view.hovered != self._last_hovered
        self._last_hovered = self.view.hovered
        if new_hover:
            return  # this frame answered a new hover: that is its work
        if (unit is None or self._calm < 2 or self._unit_prepared == (moment, unit)
                or self._frame_spent()):
            return
        if self.game.ruleset.prepare_unit(self.state, unit):
            self._unit_prepared = (moment, unit)

    def _frame_spent(self) -> bool:
        """Whether this frame has taken :data:`IDLE_STEP_MS` already (no work ahead then)."""
        return (time.process_time() - self._frame_start) * 1000 > IDLE_STEP_MS

    def _load_dice_when_idle(self) -> None:
        """Load the dice's physics (a first import of ~40 ms) in a frame without input, once,
        so that the first roll's frame does not pay it (issue 32): the second such frame in a
        row (one quiet frame between two motions of a moving pointer is no pause) that has
        taken under :data:`IDLE_STEP_MS` so far, or, before any input at all, the first after
        the game moment's own, whatever it took (a table just opened is looked at before it
        is played, and its first frames build the board anyway: the import is done then, not
        in the frames after the player's first action)."""
        if self._dice_ready:
            return
        if self._handled and (self._idle < 2 or self._frame_spent()):
            return
        if not self._handled and self._idle < 1:
            return
        from game.physics.dice import tumble

        self._dice_ready = callable(tumble)

    def _refresh_overlay(self) -> None:
        ruleset, state = self.game.ruleset, self.state
        self.view.unit_overlay = self.lens.unit_overlay(ruleset, state, self.revision,
                                                        self.view.selected)
        self.view.overlay = self.lens.overlay(ruleset, state, self.revision, self.view.selected,
                                              self.view.hovered)
        self.view.ghosts = self.mode.ghosts(self) + self.decision_ghosts()
        tray = dice_tray_rect(self.viewport(), self.app.fonts).inflate(10, 10)
        shown = self.animator.dice is not None
        self.view.reserved = ((tray.x, tray.y, tray.w, tray.h),) if shown else ()
        self.view.targets = self.mode.targets()

    def _draw_refusal_marks(self, surface: pygame.Surface) -> None:
        """The shown refusal's blocker, outlined and named over the board (drawn like an
        inspection's shapes: the table knows nothing of the rule behind it)."""
        shown = self.view.overlay.inspection.shapes if self.view.overlay is not None else ()
        marks = tuple(m for m in self.view.refusal_marks if m not in shown)  # drawn once
        if marks:
            overlay = HoverOverlay("", None, Inspection("", shapes=marks))
            self.renderer.painter.shapes(surface, self.state, overlay, self.view.camera)

    def _draw_zones(self, surface: pygame.Surface) -> None:
        """The players' deployment zones, faintly, at the start of a battle (issue 26)."""
        if not at_battle_start(self.state, len(self.game.log)):
            return
        clip = surface.get_clip()
        surface.set_clip(self.viewport())
        draw_zones(surface, self.state, self.view.camera, self.app.fonts.get(14, bold=True))
        surface.set_clip(clip)

    def draw(self, surface: pygame.Surface) -> None:
        with self._one_position():
            self._draw(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        cam = self.view.camera
        # the renderer paints every pixel of the camera's rectangle (the board, or the
        # background around a small one) and the HUD the bars and the panel's column: only
        # the rest of the table's area is cleared (a full window fill is ~0.5-1 ms a frame)
        fill_around(surface, BACKGROUND, self._table_area(surface),
                    pygame.Rect(cam.left, cam.top, cam.width, cam.height))
        self.view.active_player = self.game.current_player()
        self.view.revision = self.revision
        self.renderer.ruleset = self.game.ruleset
        self.renderer.draw(surface, self.state, self.view)
        self._draw_zones(surface)
        self._draw_refusal_marks(surface)
        self.hud.draw_marks(surface)
        self.hud.draw_legend(surface)
        self.hud.draw(surface)
        self.panel.log.draw(surface)
        if self.computer is not None:
            self.computer.draw(surface)
        self.animator.draw_dice(surface, self.viewport(), self.app.fonts)
        self.hud.draw_explanation(surface)
        self._prepare_unit_when_idle()
        self._load_dice_when_idle()
