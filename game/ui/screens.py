"""The small scenes: resume prompt, main menu, settings, load, handoff, end screen; and the
help overlay (F1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.scenario.catalogue import scenario_header
from game.ui.assets import Fonts
from game.ui.labels import fit as fit_text
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.scenario import Session
    from game.ui.app import App

GLOBAL_HELP: list[tuple[str, str]] = [
    ("F1", "show / hide this help"),
    ("F11", "fullscreen on / off"),
    ("Esc", "cancel the current mode; on the table: back to the menu"),
]


def saves_dir(app: App) -> Path:
    """Where Ctrl+S writes saves."""
    return app.data_folder / "saves"


def start_table(app: App, path: Path, computer: Mapping[int, str] | None = None) -> bool:
    """Open a scenario or a save on the table; show the problems in the menu if it fails.
    ``computer`` (player number -> strength) sets the sides the computer plays (a save
    otherwise keeps its own)."""
    from dataclasses import replace

    from game.scenario import ScenarioError, load_save, load_scenario, new_session

    what = "Resuming" if path.suffix == ".json" else "Opening"
    app.show_busy(f"{what} {_game_name(path)}...")  # a long save replays for a second or more
    try:
        session = load_save(path) if path.suffix == ".json" else new_session(load_scenario(path))
    except ScenarioError as exc:
        app.switch(MenuScene(app, message=f"{path.name}: {exc}"))
        return False
    if computer is not None:
        session = replace(session, computer=dict(computer))
    hold_autosave(app, session)
    open_session(app, session)
    return True


def hold_autosave(app: App, session: Session) -> None:
    """Give ``session`` its own autosave (one per game: another game's is never replaced),
    releasing the lock of the game the app held before."""
    from game.scenario import attach_autosave

    release_autosave(app)
    app.autosave = attach_autosave(session)


def release_autosave(app: App, finished: bool = False) -> None:
    """Stop autosaving the app's game; ``finished`` (game over) also removes its autosave."""
    held = app.autosave
    app.autosave = None
    if held is not None:
        held.finish() if finished else held.release()


def open_session(app: App, session: Session) -> None:
    """Show a session on the table."""
    from game.ui.table_scene import TableScene

    app.switch(TableScene(app, session))


class ButtonScene(Scene):
    """A centred column of buttons under a title (menus, prompts)."""

    title = ""
    subtitle = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[Any, Callable[[], None]] = {}

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        """(label, action or None for disabled, tooltip) rows."""
        return []

    def enter(self) -> None:
        from pygame_gui.elements import UIButton

        w, h = self.app.screen.get_size()
        rows = self.entries()
        scale = self.app.fonts.scale  # the buttons grow with the text size
        bw, bh = min(w - 40, round(360 * scale)), round(44 * scale)
        step = bh + 8
        below_text = 150 + 22 * len(self.subtitle_lines())  # never over the subtitle
        top = max(200, below_text, h // 2 - len(rows) * step // 2)
        top = max(120, min(top, h - 10 - len(rows) * step))  # and all of them in the window
        for i, (label, action, tip) in enumerate(rows):
            rect = pygame.Rect(w // 2 - bw // 2, top + i * step, bw, bh)
            button = UIButton(rect, label, self.app.manager, tool_tip_text=tip or None,
                              object_id="#big_button")
            if action is None:
                button.disable()  # type: ignore[no-untyped-call]
            else:
                self.buttons[button] = action

    def leave(self) -> None:
        self.buttons.clear()

    def handle(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.buttons[event.ui_element]()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 26, 30))
        w, _ = surface.get_size()
        title = self.app.fonts.get(44, bold=True).render(self.title, True, (240, 236, 220))
        surface.blit(title, title.get_rect(midtop=(w // 2, 70)))
        for i, line in enumerate(self.subtitle_lines()):
            img = self.app.fonts.get(16).render(line, True, (200, 200, 196))
            surface.blit(img, img.get_rect(midtop=(w // 2, 135 + i * 22)))

    def subtitle_lines(self) -> list[str]:
        """The lines drawn under the title (at most four: a menu's message stays short)."""
        return self.subtitle.splitlines()[:4]


class MenuScene(ButtonScene):
    """Main menu: new game, continue, load, settings, quit."""

    title = "Warbench"

    def __init__(self, app: App, message: str = "") -> None:
        super().__init__(app)
        self.subtitle = message or "A digital table for miniatures rules"

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        from game.scenario.autosave import unfinished_games

        release_autosave(self.app)  # on the menu no game is open: its autosave is resumable
        count = sum(1 for g in unfinished_games() if not g.open_elsewhere)
        return [
            ("New game", lambda: self.app.switch(ScenarioListScene(self.app)),
             "pick a scenario from scenarios/"),
            (f"Continue ({count})" if count else "Continue", self.resume if count else None,
             "resume an unfinished game" if count else "there is no unfinished game"),
            ("Load", lambda: self.app.switch(LoadScene(self.app)), "open a save file"),
            ("New battle", self.new_battle, "set up your own battle: board, units, terrain"),
            ("Edit", self.edit_battle, "change a battle you built, or a shipped scenario"),
            ("Open turn", self.open_turn, "a turn file received in a game played by file"),
            ("Lessons", self.lessons, "learn the rules step by step on the table"),
            ("Settings", lambda: self.app.switch(SettingsScene(self.app)), ""),
            ("Quit", self.quit, ""),
        ]

    def resume(self) -> None:
        """Pick one of the unfinished games."""
        self.app.switch(ResumeScene(self.app))

    def new_battle(self) -> None:
        """The battle builder's setup of a new battle."""
        from game.ui.editor_scene import open_editor  # the builder imports this module

        open_editor(self.app, None)

    def edit_battle(self) -> None:
        """The battles to open in the builder."""
        from game.ui.editor_setup import EditListScene

        self.app.switch(EditListScene(self.app))

    def lessons(self) -> None:
        """The lessons by system, with which are done."""
        from game.ui.lesson_scene import LessonListScene  # lesson_scene imports this module

        self.app.switch(LessonListScene(self.app))

    def open_turn(self) -> None:
        """The list of received turn files."""
        from game.ui.pbf_scene import OpenTurnScene

        self.app.switch(OpenTurnScene(self.app))

    def quit(self) -> None:
        """Close the app."""
        self.app.running = False


class ListScene(ButtonScene):
    """A scrolling list of files to open (every file, however many), with a Back button."""

    ROW = 52
    row_count = 0
    """How many rows the list holds (set when it is built)."""
    WIDTH = 760
    """Widest row in pixels (the window may make it narrower)."""

    def files(self) -> list[Path]:
        """The files offered."""
        return []

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        rows: list[tuple[str, Callable[[], None] | None, str]] = [
            (self.label(path), self._opener(path), self.tip(path)) for path in self.files()]
        return rows or [("(nothing here)", None, "")]

    def enter(self) -> None:
        from pygame_gui.elements import UIButton, UIScrollingContainer

        w, h = self.app.screen.get_size()
        rows = self.entries()
        self.row_count = len(rows)
        scale = self.app.fonts.scale  # the rows grow with the text size
        self.ROW, bh = round(type(self).ROW * scale), round(44 * scale)
        top, bottom = max(170, 139 + 22 * len(self.subtitle_lines())), h - 36 - bh
        fit = max(1, (bottom - top) // self.ROW)
        height = min(len(rows), fit) * self.ROW
        width = min(round(self.WIDTH * scale), w - 80)
        self.list_box = UIScrollingContainer(pygame.Rect(w // 2 - width // 2, top, width, height),
                                             self.app.manager, allow_scroll_x=False)
        self.list_box.set_scrollable_area_dimensions((width - 22, len(rows) * self.ROW))
        font = self.app.fonts.get(18)  # the theme's #big_button font at the text size
        for i, (label, action, tip) in enumerate(rows):
            shown = fit_text(font, label, width - 46)  # a long row is cut, said whole in its tip
            if shown != label:
                tip = f"{label} ({tip})" if tip else label
            button = UIButton(pygame.Rect(0, i * self.ROW, width - 30, bh), shown,
                              self.app.manager,
                              tool_tip_text=tip or None, container=self.list_box,
                              object_id="#big_button")
            if action is None:
                button.disable()  # type: ignore[no-untyped-call]
            else:
                self.buttons[button] = action
        back_w = min(w - 40, round(360 * scale))
        back = UIButton(pygame.Rect(w // 2 - back_w // 2, top + height + 12, back_w, bh), "Back",
                        self.app.manager, object_id="#big_button")
        self.buttons[back] = lambda: self.app.switch(MenuScene(self.app))

    def before_gui(self, event: pygame.event.Event) -> bool:
        """A wheel notch over the list scrolls it by one whole row (the GUI's own step was
        half a row: 24 notches to reach the end of the New game list)."""
        box = getattr(self, "list_box", None)
        if event.type != pygame.MOUSEWHEEL or box is None or not box.rect.collidepoint(
                pygame.mouse.get_pos()):
            return False
        bar = box.vert_scroll_bar
        if bar is None:
            return True
        total = max(1, self.row_count * self.ROW)
        room = max(0, total - box.rect.height)
        top = round(bar.start_percentage * total / self.ROW) * self.ROW
        top = max(0, min(room, top - int(event.y) * self.ROW))
        bar.set_scroll_from_start_percentage(top / total)
        return True

    def label(self, path: Path) -> str:
        """The button text of a file."""
        return path.stem.replace("_", " ")

    def tip(self, path: Path) -> str:
        """The tooltip of a file's button."""
        return str(path)

    def _opener(self, path: Path) -> Callable[[], None]:
        return lambda: self.open(path)

    def open(self, path: Path) -> None:
        """Open the file on the table."""
        start_table(self.app, path)


class ResumeScene(ListScene):
    """Every unfinished game (one autosave each), newest first: its name, scenario, round and
    date; opened on start when there is one, and by Continue in the menu."""

    title = "Unfinished games"
    WIDTH = 1000
    subtitle = "Resume a game (the list scrolls); every game keeps its own autosave"

    def __init__(self, app: App, path: Path | None = None) -> None:
        from game.scenario.autosave import unfinished_games

        super().__init__(app)
        self.path = path
        self.games = {g.path: g for g in unfinished_games()}

    def files(self) -> list[Path]:
        return list(self.games)

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        rows: list[tuple[str, Callable[[], None] | None, str]] = [
            (self.label(path), None, "open in another Warbench window") if g.open_elsewhere
            else (self.label(path), None, "update Warbench to resume it") if g.newer
            else (self.label(path), self._opener(path), self.tip(path))
            for path, g in self.games.items()]
        if self.path is not None:  # first: the player asked for this scenario
            rows.insert(0, (f"New game: {_game_name(self.path)}", self.fresh,
                            "start this scenario from the beginning (the games below are "
                            "kept)"))
        return rows or [("(nothing here)", None, "")]

    def label(self, path: Path) -> str:
        import time

        g = self.games[path]
        if g.newer:
            return f"{g.name}: made by a newer Warbench {g.newer}"
        when = time.strftime("%d %b %Y %H:%M", time.localtime(g.played or g.started))
        scenario = _autosave_scenario(path)
        about = f" ({scenario})" if scenario and scenario != g.name else ""
        return f"{g.name}{about}, round {g.round}, last played {when}"

    def tip(self, path: Path) -> str:
        import time

        g = self.games[path]
        began = time.strftime("%d %b %Y %H:%M", time.localtime(g.started))
        return f"started {began}; {g.actions} actions - {path.name}"

    def fresh(self) -> None:
        """Start the scenario given on the command line."""
        assert self.path is not None
        start_table(self.app, self.path)


def _game_name(path: Path) -> str:
    """The name a scenario file (or a save) gives its game, its file name if it cannot be
    read (a missing or broken file is named, not hidden)."""
    import json

    try:
        text = path.read_text("utf-8")
        if path.suffix == ".json":
            text = str(json.loads(text)["scenario"]["text"])
    except (OSError, ValueError, KeyError, TypeError):
        text = ""
    name = scenario_header(text).get("name")
    return str(name) if isinstance(name, str) and name else path.stem.replace("_", " ")


def _autosave_scenario(path: Path) -> str:
    """The scenario (ruleset title) an autosave plays, from its scenario text ('' if unknown)."""
    import json

    try:
        doc = json.loads(path.read_text("utf-8"))
        meta = scenario_header(str(doc["scenario"]["text"]))
    except (OSError, ValueError, KeyError, TypeError):
        return ""
    return _ruleset_title(meta["ruleset"]) if "ruleset" in meta else ""


def _ruleset_title(name: object) -> str:
    from game import rulesets

    try:
        return rulesets.entry(str(name)).title
    except KeyError:
        return str(name)


class ScenarioListScene(ListScene):
    """New game: every shipped scenario, with its ruleset, board and description."""

    title = "New game"
    subtitle = "Pick a scenario (the list scrolls)"

    def files(self) -> list[Path]:
        from game.scenario.paths import shipped_scenario_files

        return shipped_scenario_files(self.app.data_folder)

    def _meta(self, path: Path) -> dict[str, Any]:
        try:
            return scenario_header(path.read_text("utf-8"))
        except OSError:
            return {}

    def label(self, path: Path) -> str:
        meta = self._meta(path)
        return f"{meta.get('name', path.stem)}  ({_ruleset_title(meta.get('ruleset', '?'))})"

    def tip(self, path: Path) -> str:
        meta = self._meta(path)
        parts = [str(meta.get("description", "")), str(meta.get("board", "")), path.name]
        return " - ".join(p for p in parts if p)

    def open(self, path: Path) -> None:
        """Who plays each side (Human or Computer), then the table."""
        from game.ui.sides import SidesScene

        SidesScene.open(self.app, path)


class LoadScene(ListScene):
    """Load: the saves written with Ctrl+S (newest first) and the autosave, each with its
    game's name, round and date."""

    title = "Load"
    subtitle = "Saves (newest first; the list scrolls)"

    def files(self) -> list[Path]:
        from game.scenario.autosave import unfinished_games
        from game.scenario.saves import saved_games

        found = saved_games(saves_dir(self.app))  # never an empty save a crash left
        return found + [g.path for g in unfinished_games() if not g.open_elsewhere]

    def label(self, path: Path) -> str:
        import json
        import time

        from game.scenario.saves import save_header

        header = save_header(path)
        if header is not None and header.newer:
            return f"{header.name}: made by a newer Warbench {header.newer}"
        try:
            doc = json.loads(path.read_text("utf-8"))
            name = scenario_header(str(doc["scenario"]["text"])).get("name", path.stem)
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
        except (OSError, ValueError, KeyError, TypeError):
            return path.stem.replace("_", " ")
        auto = "Autosave: " if path.parent.name == "autosaves" or path.stem == "autosave" else ""
        return f"{auto}{name}, round {doc.get('round', '?')}, {when}"


class SettingsScene(ButtonScene):
    """Settings: palette, grid, animations, handoff screen, fullscreen."""

    title = "Settings"

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        s = self.app.settings
        return [
            (f"Palette: {s.palette}", self.cycle_palette,
             "colour-blind: Okabe-Ito colours for arcs, lines and sides"),
            (f"Text size: {s.text_size}", self.cycle_text_size,
             "larger text everywhere: the board, the top bar, the side panel and its "
             "buttons (which grow with it), the unit card, hover boxes and help (4K "
             "screens, poorer eyesight)"),
            (f"Inch grid: {'on' if s.grid else 'off'}", lambda: self.flip("grid"), ""),
            (f"Terrain key: {'on' if s.terrain_key else 'off'}",
             lambda: self.flip("terrain_key"), "the map's legend in the board's corner (K)"),
            (f"Animations: {'on' if s.animate else 'off'}", lambda: self.flip("animate"), ""),
            (f"Handoff screen: {'on' if s.handoff_screen else 'off'}",
             lambda: self.flip("handoff_screen"), "hide the table between players"),
            (f"Fullscreen: {'on' if s.fullscreen else 'off'}", self.fullscreen, "F11"),
            (f"Computer speed: {s.computer_speed}", self.cycle_computer_speed,
             "how long the table pauses after each computer move so you can follow it; "
             "F skips a computer's moves at any speed"),
            ("Back", lambda: self.app.switch(MenuScene(self.app)), ""),
        ]

    def _rebuild(self) -> None:
        self.app.save_settings()
        self.app.switch(SettingsScene(self.app))

    def cycle_palette(self) -> None:
        """Switch between the default and the colour-blind-safe palette."""
        s = self.app.settings
        s.palette = "colour-blind" if s.palette == "default" else "default"
        self._rebuild()

    def cycle_text_size(self) -> None:
        """normal -> large -> larger -> normal."""
        from game.ui.settings import TEXT_SCALES

        s = self.app.settings
        names = list(TEXT_SCALES)
        s.text_size = names[(names.index(s.text_size) + 1) % len(names)] if (
            s.text_size in names) else names[0]
        self._rebuild()

    def cycle_computer_speed(self) -> None:
        """slow -> normal -> fast -> instant -> slow."""
        from game.ui.computer_turn import SPEEDS

        s = self.app.settings
        names = list(SPEEDS)
        s.computer_speed = names[(names.index(s.computer_speed) + 1) % len(names)] if (
            s.computer_speed in names) else "normal"
        self._rebuild()

    def flip(self, name: str) -> None:
        """Toggle a boolean setting."""
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        self._rebuild()

    def fullscreen(self) -> None:
        """Toggle fullscreen."""
        self.app.toggle_fullscreen()
        self._rebuild()


class HandoffScene(Scene):
    """Between players: the table is hidden until the next player clicks or presses a key."""

    def __init__(self, app: App, table: Scene, player_name: str, colour: tuple[int, int, int],
                 note: str, title: str = "your turn", conditions: tuple[str, ...] = ()) -> None:
        super().__init__(app)
        self.table = table
        self.player_name = player_name
        self.title = title
        """What is handed over: "your turn", "your roll" (a defence), "your choice"."""
        self.colour = colour
        self.note = note
        self.conditions = conditions
        """What holds over the whole table ("Night: attacks lose ..."), one line each."""
        self.armed = False

    def handle(self, event: pygame.event.Event) -> None:
        """A full click (press and release here) or Enter hands the table over, as the screen
        says; nothing else does (a Space meant for the dice must not reveal the next player's
        table early). The release of the click that ended the previous turn arrives here too:
        it must not dismiss the screen (found playing under Xvfb)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.armed = True
        elif (event.type == pygame.MOUSEBUTTONUP and self.armed) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.app.switch(self.table)

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.inspect_draw import wrap

        w, h = surface.get_size()
        surface.fill((18, 20, 24))
        fonts = self.app.fonts
        small = fonts.get(18)
        notes = wrap(small, self.note, w - 80)  # the subtitle wraps, never runs off the screen
        lights = [line for text in self.conditions for line in wrap(small, text, w - 80)]
        band = max(180, 120 + 24 * (len(notes) + len(lights)))
        top = h // 2 - band // 2
        pygame.draw.rect(surface, self.colour, (0, top, w, band))
        big = fonts.get(40, bold=True).render(f"{self.player_name}, {self.title}", True,
                                              (255, 255, 255))
        surface.blit(big, big.get_rect(center=(w // 2, top + 60)))
        y = top + 98
        for line in notes:
            img = small.render(line.strip(), True, (255, 255, 255))
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += 24
        for line in lights:
            img = small.render(line.strip(), True, (225, 230, 255))
            box = img.get_rect(midtop=(w // 2, y + 2)).inflate(14, 4)
            pygame.draw.rect(surface, (30, 40, 90), box, border_radius=8)
            surface.blit(img, img.get_rect(center=box.center))
            y += 26
        hint = fonts.get(16).render("Click or press Enter when you have the screen",
                                    True, (200, 200, 200))
        surface.blit(hint, hint.get_rect(center=(w // 2, top + band + 40)))


class EndScene(ButtonScene):
    """The game is over: the winner, the ruleset's summary, what each side lost; look at
    the table, play the same scenario again, or leave."""

    title = "Game over"

    def __init__(self, app: App, winner: str, summary: str, table: Scene,
                 facts: list[str] | None = None, again: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        lines = [summary] if winner and winner in summary else [winner, summary]
        self.subtitle = "\n".join([line for line in lines if line] + (facts or []))
        self.table = table
        self.again = again

    def subtitle_lines(self) -> list[str]:
        """Every line: the winner, the summary and each side's losses (none may be cut)."""
        return self.subtitle.splitlines()

    def entries(self) -> list[tuple[str, Callable[[], None] | None, str]]:
        return [
            ("Look at the table", lambda: self.app.switch(self.table), "undo is still possible"),
            ("Watch the replay", self.replay, "the whole game again, action by action"),
            ("Play it again", self.again, "the same scenario from the start"),
            ("Main menu", lambda: self.app.switch(MenuScene(self.app)), ""),
            ("Quit", self.quit, ""),
        ]

    def replay(self) -> None:
        """Step through the finished game on the board (First, Back, Next, Last, events)."""
        from game.ui.pbf_scene import GameStepper, ReplayScene

        game = getattr(self.table, "game", None)
        if game is not None:
            self.app.switch(ReplayScene(self.app, GameStepper(game), self))

    def quit(self) -> None:
        """Close the app."""
        self.app.running = False


def draw_help(surface: pygame.Surface, fonts: Fonts, scene: Scene | None) -> None:
    """The help overlay: every control of the current scene, the ruleset's how-to-play card
    and the global keys, in a smaller font before anything runs off the screen."""
    rows = GLOBAL_HELP + (scene.help_lines() if scene else [])
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 200))
    surface.blit(shade, (0, 0))
    title = fonts.get(28, bold=True).render("Controls", True, (255, 255, 255))
    surface.blit(title, (60, 40))
    for size in HELP_SIZES:
        key_font, text_font = fonts.get(size, bold=True), fonts.get(size)
        placed = help_layout(rows, key_font, text_font, (w, h))
        if help_fits(placed, text_font, h) or size == HELP_SIZES[-1]:
            break
    step = text_font.get_linesize() + 3
    key_w = help_key_width(rows, key_font)
    for (keys, what), x, y in placed:
        surface.blit(key_font.render(keys, True, (240, 200, 90)), (x, y))
        for j, line in enumerate(what):
            surface.blit(text_font.render(line, True, (235, 235, 235)), (x + key_w, y + step * j))


HELP_SIZES = (15, 14, 13, 12, 11)
"""The help overlay's font sizes, tried in turn until every row fits."""


def help_fits(placed: list[tuple[tuple[str, list[str]], int, int]],
              text_font: pygame.font.Font, height: int) -> bool:
    """Whether every placed help row ends above the bottom of the screen."""
    step = text_font.get_linesize() + 3
    return all(y + step * max(1, len(lines)) <= height - 6 for (_, lines), _, y in placed)


def help_key_width(rows: list[tuple[str, str]], key_font: pygame.font.Font) -> int:
    """The key column: as wide as the widest key, so no key runs into its text (a heading
    row, one with no text, may run across)."""
    return max((key_font.size(keys)[0] for keys, what in rows if what), default=0) + 18


def help_layout(rows: list[tuple[str, str]], key_font: pygame.font.Font,
                text_font: pygame.font.Font, size: tuple[int, int]
                ) -> list[tuple[tuple[str, list[str]], int, int]]:
    """Where each help row goes: two columns, each row's text wrapped to its column, the
    rows flowing down the first column and on into the second (a heading row, one with no
    text, starts the second)."""
    from game.ui.inspect_draw import wrap

    w, h = size
    col_w = (w - 120) // 2
    text_w = max(80, col_w - help_key_width(rows, key_font) - 16)
    step = text_font.get_linesize() + 3
    out: list[tuple[tuple[str, list[str]], int, int]] = []
    x, y = 60, 95
    for keys, what in rows:
        lines = [line.strip() for line in wrap(text_font, what, text_w)] if what else []
        height = step * max(1, len(lines)) + 4
        heading = not what  # a heading row (the how-to-play card's title) opens a column
        if x == 60 and (y + height > h - 6 or (heading and y > 95)):
            x, y = 60 + col_w, 95
        out.append(((keys, lines), x, y))
        y += height
    return out
