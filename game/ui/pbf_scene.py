"""Stepping through actions on the board: a received turn file before taking over (play by
file, issue 17 items 5-6), then playing one's own turn and sending it; and the replay of a
finished game (issue 13 item 14).

- :class:`OpenTurnScene` lists the turn files found in the data folder's ``inbox/`` and in the
  play-by-file games kept on this computer (``game.pbf.default_home()``).
- :class:`TurnPreviewScene` shows the received turn on the board with step controls (first,
  back, next, last, and a list of its events to jump to) from :class:`game.pbf.TurnStepper`;
  "Accept and play" keeps the file and opens the table on the player's own turn.
- :class:`ReplayScene` steps the same way through a whole game (:class:`GameStepper`, from
  the game over screen).
- On that table every action goes through the :class:`game.pbf.TurnWriter` (sealed dice,
  standing orders) and the toolbar's "Send turn" writes the next turn file into the game's
  folder beside the autosaves and says where (:func:`send_turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.pending import Chance, PlayerDecision
from game.core.stepping import StepControls
from game.ui.labels import fit
from game.ui.panel import panel_width
from game.ui.screens import ButtonScene, ListScene, MenuScene

if TYPE_CHECKING:
    from game.core.events import Event
    from game.core.game import Game
    from game.pbf import TurnStepper, TurnWriter
    from game.ui.app import App
    from game.ui.table_scene import TableScene

SIDE_W = 330
"""Width of the preview's control column."""

ROW_H = 30
"""Height of one event's row in the preview's list."""

INFO_H = 20
"""Height of one line of what the preview says before the list (scenario, warnings)."""


def inbox(app: App) -> Path:
    """Where received turn files can be dropped for "Open turn"."""
    return app.data_folder / "inbox"


class OpenTurnScene(ListScene):
    """Open turn: every turn file in the inbox and in the games kept here, newest first."""

    title = "Open turn"

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        """Where received files go, in full (issue 28.6)."""
        return f"Put the turn files you receive into the inbox folder:\n{inbox(self.app)}"

    def files(self) -> list[Path]:
        from game.pbf import default_home

        found = [*inbox(self.app).glob("*.txt"), *default_home().glob("*/turn-*.txt")]
        return sorted(found, key=lambda p: -p.stat().st_mtime)

    def label(self, path: Path) -> str:
        """``from-bob (inbox): awaits your answer`` -- which file waits for this player."""
        from game.pbf import default_home
        from game.pbf.store import turn_status

        where = "inbox" if path.parent == inbox(self.app) else f"game {path.parent.name[:8]}"
        return f"{path.stem} ({where}): {turn_status(path, default_home())}"

    def open(self, path: Path) -> None:
        """Check the file against the chain and show its preview (problems go to the menu)."""
        open_turn(self.app, path)


def open_turn(app: App, path: Path) -> bool:
    """Receive ``path`` (every check of ``game.pbf``) and show its preview."""
    from game.pbf import PbfError, TurnStepper, default_home

    try:
        stepper = TurnStepper.open(str(path), default_home())
    except PbfError as exc:
        app.switch(MenuScene(app, message=f"{path.name}: {exc}"))
        return False
    app.switch(TurnPreviewScene(app, stepper))
    return True


class TurnPreviewScene(ButtonScene):
    """The received turn on the board, with step controls (see module docstring)."""

    heading = "Received turn"
    """The side panel's title: what is being stepped through."""

    def __init__(self, app: App, stepper: TurnStepper) -> None:
        super().__init__(app)
        from game.ui.render import Renderer
        from game.ui.view import ViewState

        self.stepper = stepper
        self.renderer = Renderer(app.palette)
        self.view = ViewState(grid=app.settings.grid)
        self._fitted = False
        self.event_rows: list[tuple[int, Any]] = []
        """Each event's row in the list: the step it belongs to and its button."""
        self.marked = -1
        """The step whose rows are highlighted (-1: none yet)."""
        self._info: list[str] | None = None

    # --- controls --------------------------------------------------------------------------

    def controls(self) -> list[tuple[str, Callable[[], Any]]]:
        """The step buttons, in order."""
        s = self.stepper
        return [("First", s.first), ("Back", s.back), ("Next", s.next), ("Last", s.last)]

    @property
    def side_w(self) -> int:
        """The side panel's width: :data:`SIDE_W` at the normal text size, and as the text
        grows the table's own panel width (:func:`game.ui.panel.panel_width`), so the event
        rows keep their words."""
        scale = self.app.fonts.scale
        return SIDE_W if scale <= 1 else panel_width(self.app.screen.get_width(), scale)

    @property
    def row_h(self) -> int:
        """An event row's height at the text size now."""
        return max(ROW_H, round(ROW_H * self.app.fonts.scale))

    def enter(self) -> None:
        from pygame_gui.elements import UIButton, UIScrollingContainer

        w, h = self.app.screen.get_size()
        side, row = self.side_w, self.row_h  # at this text size
        x0 = w - side + 10
        bw = (side - 20 - 3 * 4) // 4
        for i, (label, step) in enumerate(self.controls()):
            button = UIButton(pygame.Rect(x0 + i * (bw + 4), 60, bw, 32), label, self.app.manager)
            self.buttons[button] = self._stepping(step)
        accepting = self.accept_label()
        if accepting is not None:
            accept = UIButton(pygame.Rect(x0, 100, side - 20, 36), accepting[0],
                              self.app.manager, tool_tip_text=accepting[1])
            self.buttons[accept] = self.accept
        back = UIButton(pygame.Rect(x0, h - 50, side - 20, 36), "Back to the menu",
                        self.app.manager)
        self.buttons[back] = lambda: self.app.switch(MenuScene(self.app))
        events = self.stepper.events()
        top = 150 + INFO_H * len(self.info_lines())
        height = h - top - 60
        box = UIScrollingContainer(pygame.Rect(x0, top, side - 20, height), self.app.manager,
                                   allow_scroll_x=False)
        box.set_scrollable_area_dimensions((side - 42, max(1, len(events)) * row))
        self.event_rows = []
        for i, turn_event in enumerate(events):
            text = turn_event.event.text
            button = UIButton(pygame.Rect(0, i * row, side - 46, row - 2),
                              text if len(text) <= 40 else text[:39] + "...", self.app.manager,
                              container=box, tool_tip_text=text)
            self.buttons[button] = self._jumping(i)
            self.event_rows.append((turn_event.position, button))
        self.event_box = box
        self.marked = -1  # the list is new: mark and scroll again
        self.mark_current()

    def mark_current(self) -> None:
        """Highlight the events of the step shown (the action just replayed) and scroll the
        list so they are in view; nothing is highlighted before the first action. Called
        every frame; it works only when the position has changed."""
        position = self.stepper.position
        if position == self.marked or not self.event_rows:
            return
        self.marked = position
        rows = [i for i, (at, _) in enumerate(self.event_rows) if at == position]
        for at, button in self.event_rows:
            if at == position:
                button.select()
            elif button.is_selected:
                button.unselect()
        bar = self.event_box.vert_scroll_bar
        if bar is None:
            return
        if not rows:
            bar.set_scroll_from_start_percentage(0.0)
            return
        total = len(self.event_rows) * self.row_h
        seen = self.event_box.rect.height
        middle = (rows[0] + rows[-1] + 1) * self.row_h / 2  # the marked rows' centre, in the middle
        bar.set_scroll_from_start_percentage(max(0.0, middle - seen / 2) / total)

    def info_lines(self) -> list[str]:
        """What to see before accepting (issue 28.4-5): a new game's scenario (name, units per
        side, edited from the shipped one), comments that differ from what was done, and a
        file already answered. A replay has none."""
        received = getattr(self.stepper, "received", None)
        if received is None:
            return []
        if self._info is None:
            lines = received.scenario_lines() if received.turn.sequence == 0 else []
            lines += [f"Warning: {w.split(': ', 1)[-1]}" for w in received.warnings]
            answered = self.stepper.answered()
            self._info = lines + ([answered] if answered else [])
        return self._info

    def accept_label(self) -> tuple[str, str] | None:
        """The accept button's label and tooltip (None: no accept button)."""
        if self.stepper.finished is not None:
            return "Accept: the game is over", "keep this last file of the game"
        game = self.stepper.received.replay.game  # a defence roll or answer is not a turn
        node = game.pending()
        if isinstance(node, Chance):
            return "Accept and roll your dice", f"keep this file and roll: {node.purpose}"
        if isinstance(node, PlayerDecision) and node.player != game.state.turn.active:
            return "Accept and make your choice", f"keep this file and answer: {node.prompt}"
        return "Accept and play your turn", "keep this file and take over"

    def _stepping(self, step: Callable[[], Any]) -> Callable[[], None]:
        return lambda: (step(), None)[1]

    def _jumping(self, index: int) -> Callable[[], None]:
        return lambda: (self.stepper.jump_to_event(index), None)[1]

    def accept(self) -> None:
        """Keep the received file and open the table on this player's turn (for the game's
        last file: keep it and say how the game ended)."""
        from game.pbf import PbfError

        try:
            if self.stepper.finished is not None:
                self.stepper.keep()
                self.app.switch(MenuScene(self.app, message=f"Turn file kept; the game is "
                                          f"over: {self.stepper.finished}"))
                return
            writer = self.stepper.accept()
        except PbfError as exc:
            self.app.notify(str(exc))
            return
        play_turn(self.app, writer, self.stepper.received.replay.scenario)

    # --- drawing ---------------------------------------------------------------------------

    def position_text(self) -> str:
        """``Turn 3 from Alice: action 2 of 5 - move ...``."""
        s = self.stepper
        turn = s.received.turn
        sender = dict(turn.players).get(turn.sender, "?")
        current = s.current()
        doing = f" - {current.text}" if current is not None else " - before the turn"
        return f"Turn {turn.sequence} from {sender}: action {s.position} of {s.count}{doing}"

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.render import fit_camera

        self.mark_current()
        w, h = surface.get_size()
        surface.fill((22, 24, 28))
        state = self.stepper.game.state
        side = self.side_w
        self.view.camera.resize(0, 40, w - side, h - 40)
        if not self._fitted:
            fit_camera(self.view.camera, state)
            self._fitted = True
        self.renderer.draw(surface, state, self.view)
        pygame.draw.rect(surface, (30, 32, 38), pygame.Rect(w - side, 0, side, h))
        pygame.draw.rect(surface, (30, 32, 38), pygame.Rect(0, 0, w - side, 40))
        font = self.app.fonts.get(16)
        img = font.render(fit(font, self.position_text(), w - side - 20), True, (236, 232, 220))
        surface.blit(img, (10, 11))
        title = self.app.fonts.get(18, bold=True).render(self.heading, True, (236, 232, 220))
        surface.blit(title, (w - side + 10, 20))
        font = self.app.fonts.get(14)
        for i, line in enumerate(self.info_lines()):
            colour = (240, 200, 120) if line.startswith(("Warning", "This scenario differs",
                                                         "you already")) else (220, 220, 214)
            img = font.render(fit(font, line, side - 20), True, colour)
            surface.blit(img, (w - side + 10, 144 + i * INFO_H))


def play_turn(app: App, writer: TurnWriter, scenario: Any) -> TableScene:
    """Open the table on ``writer``'s game: actions go through the writer; Send turn writes."""
    from game.scenario.saves import Session
    from game.ui.table_scene import TableScene

    scene = TableScene(app, Session(scenario=scenario, game=writer.game))
    scene.pbf = writer
    app.switch(scene)
    return scene


def undo_in_turn(scene: TableScene) -> None:
    """Ctrl+Z in a turn by file: the writer takes back the player's last input of this file
    (its game is rebuilt, so the scene's session follows it)."""
    from dataclasses import replace

    from game.pbf import PbfError

    try:
        scene.pbf.undo()
    except PbfError as exc:
        scene.status = f"Cannot undo: {exc}"
        scene.app.notify(scene.status)
        return
    scene.session = replace(scene.session, game=scene.pbf.game)
    scene.status = "Undone"


def send_turn(scene: TableScene) -> Path | None:
    """Write the next turn file of the scene's play-by-file game, lock it (nothing sent can be
    undone, no other file for the turn is written: issue 28.2) and say where (the status
    line); None with the reason when the turn is not finished."""
    from game.pbf import PbfError

    writer = scene.pbf
    if writer is None:
        return None
    try:
        path: Path = writer.send()
    except (PbfError, OSError) as exc:
        scene.status = f"Cannot send the turn yet: {exc}"
        return None
    scene.revision += 1  # the toolbar shows the lock (Undo refused) at once
    scene.status = f"Turn {writer.sequence} written to {path}: send this file to your opponent"
    scene.app.notify(scene.status, 6.0)
    return path


@dataclass(frozen=True)
class _Shown:
    """One event of a replay and the position just after it (as ``game.pbf.TurnEvent``)."""

    position: int
    event: Event


class GameStepper(StepControls):
    """The step API of :class:`game.pbf.TurnStepper` over a whole game's log: the states after
    each action are rebuilt once (a replay with the recorded dice, nothing is re-rolled)."""

    def __init__(self, game: Game) -> None:
        from game.core.game import Game as GameClass
        from game.core.hashing import snapshot

        self.source = game
        replay = GameClass(snapshot(game.initial_state), game.ruleset, started=True)
        self.states = [snapshot(replay.state)]
        for action in game.actions():
            replay.apply(action)
            self.states.append(snapshot(replay.state))
        self.ruleset = replay.ruleset
        self.position = 0
        self.game = self._game_at(0)

    @property
    def count(self) -> int:
        """How many actions the game holds."""
        return len(self.states) - 1

    def _game_at(self, position: int) -> Game:
        from game.core.game import Game as GameClass
        from game.core.hashing import snapshot

        return GameClass(snapshot(self.states[position]), self.ruleset, started=True)

    def events(self) -> list[_Shown]:
        """Every event of the game, in order."""
        return [_Shown(entry.index + 1, event) for entry in self.source.log
                for event in entry.events]

    def jump_to_event(self, index: int) -> Game:
        """Just after event ``index`` of :meth:`events`."""
        return self.jump(self.events()[index].position)


class ReplayScene(TurnPreviewScene):
    """A finished game replayed on the board with the same step controls; Back returns to the
    game over screen."""

    heading = "Replay of the game"
    """Not "Received turn": a hotseat game's replay has no file and no sender."""

    def __init__(self, app: App, stepper: GameStepper, back_to: Any) -> None:
        super().__init__(app, stepper)  # type: ignore[arg-type]
        self.back_to = back_to

    def accept_label(self) -> None:
        """A replay has nothing to accept."""
        return None

    def enter(self) -> None:
        super().enter()
        for button in list(self.buttons):
            if getattr(button, "text", "") == "Back to the menu":
                button.set_text("Back to the game over")
                self.buttons[button] = lambda: self.app.switch(self.back_to)

    def position_text(self) -> str:
        """``Replay: action 4 of 31 - Stark Bowmen shoot ...``."""
        s = self.stepper
        entry = self.stepper.source.log[s.position - 1] if s.position else None  # type: ignore[attr-defined]
        doing = f" - {s.game.ruleset.present(s.game.state, entry.action).label}" if entry else ""
        return f"Replay: action {s.position} of {s.count}{doing or ' - the start'}"

