"""The rules browser: every rule of the current game's system, searchable by words.

Opened from the table with F1 then R, or with F2 from a rule explanation (a rule ID clicked in
the log, a refusal or a hover). A list of the system's rules on the left (filtered by the words
typed in the search line), the chosen rule's page on the right: its paraphrase, how many times
it decided something in this game, the rules cited together with it in this game's events (as
links), and the lessons that teach it, each with a "Take the lesson" button. Esc or Back returns
to the scene it was opened from.

It knows no ruleset: the pages come from :func:`game.learn.rulebook.rulebook` over the game's
``Ruleset.catalogue()``, its log and the lessons' declared rules.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame

from game.core.game import Game
from game.learn.rulebook import RulePage, game_events, rulebook, search
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

ROW = 34
"""Height of a rule's row in the list, in pixels."""
LIST_W = 380
"""Width of the list column, in pixels."""
MAX_LESSON_BUTTONS = 3
"""At most this many "Take the lesson" buttons under a page."""


def pages_of(game: Game) -> list[RulePage]:
    """The rule pages of ``game``'s system (its lessons only; none if they do not load)."""
    from game.learn import load_all
    from game.scenario import ScenarioError

    try:
        lessons = [lesson for lesson in load_all() if lesson.system == game.ruleset.name]
    except (ScenarioError, OSError):
        lessons = []
    events = game_events(game.opening_events, (entry.events for entry in game.log))
    return rulebook(game.ruleset.catalogue(), events, lessons)


class RulesBrowser(Scene):
    """See the module docstring. ``back`` is the scene to return to (the table, or the lesson
    that hosts it); ``game`` the game whose rules and log are browsed."""

    title = "Rules"

    def __init__(self, app: App, back: Scene, game: Game, rule: str | None = None) -> None:
        super().__init__(app)
        self.back = back
        self.system = game.ruleset.title
        self.pages = pages_of(game)
        self.shown = list(self.pages)
        ids = [page.rule for page in self.pages]
        self.current: RulePage | None = (self.pages[ids.index(rule)] if rule in ids
                                         else (self.pages[0] if self.pages else None))
        self.query = ""
        self.search_line: Any = None
        self.list_box: Any = None
        self.rows: dict[Any, RulePage] = {}
        self.detail: list[Any] = []
        self.lesson_buttons: dict[Any, Any] = {}
        self.back_button: Any = None

    # --- what it shows ------------------------------------------------------------------

    def page_html(self, page: RulePage) -> str:
        """The chosen rule's page as the text box's HTML (related rules are links)."""
        e = html.escape
        times = {0: "It has decided nothing in this game yet.",
                 1: "It decided something once in this game."}.get(
            page.decided, f"It decided something {page.decided} times in this game.")
        parts = [f"{e(page.rule)}<br>{e(page.text)}<br><br>{times}"]
        if page.related:
            links = ", ".join(f'<a href="{e(r)}">{e(r)}</a>' for r in page.related[:12])
            parts.append(f"<br><br>Cited together with it in this game: {links}")
        if page.lessons:
            titles = "; ".join(e(lesson.title) for lesson in page.lessons)
            parts.append(f"<br><br>Taught by: {titles}")
        else:
            parts.append("<br><br>No lesson teaches it yet.")
        return "".join(parts)

    def select(self, rule: str) -> None:
        """Show ``rule``'s page (a row or a related link was clicked)."""
        found = next((page for page in self.pages if page.rule == rule), None)
        if found is not None:
            self.current = found
            self._build_detail()
            self._mark_current()

    def _mark_current(self) -> None:
        """Highlight the row of the rule shown, and only it."""
        for button, page in self.rows.items():
            if page is self.current:
                button.select()
            else:
                button.unselect()

    def filter(self, query: str) -> None:
        """Keep the rules holding every word of ``query`` in the list."""
        self.query = query
        self.shown = search(self.pages, query)
        self._build_list()

    def close(self) -> None:
        """Back to the scene the browser was opened from."""
        self.app.switch(self.back)

    def take_lesson(self, lesson: Any) -> None:
        """Open a lesson that teaches the rule shown."""
        from game.ui.lesson_scene import LessonScene

        self.app.switch(LessonScene(self.app, lesson))

    # --- widgets ------------------------------------------------------------------------

    def enter(self) -> None:
        from pygame_gui.elements import UIButton, UITextEntryLine

        w, _ = self.app.screen.get_size()
        self.search_line = UITextEntryLine(pygame.Rect(20, 70, LIST_W, 32), self.app.manager,
                                           placeholder_text="Search the rules by words")
        self.search_line.set_text(self.query)
        self.back_button = UIButton(pygame.Rect(w - 200, 16, 180, 36), "Back (Esc)",
                                    self.app.manager)
        self._build_list()
        self._build_detail()

    def leave(self) -> None:
        self.rows.clear()
        self.detail.clear()
        self.lesson_buttons.clear()
        self.list_box = self.search_line = self.back_button = None

    def _build_list(self) -> None:
        from pygame_gui.elements import UIButton, UIScrollingContainer

        if self.list_box is not None:
            self.list_box.kill()
        self.rows.clear()
        _, h = self.app.screen.get_size()
        height = max(ROW, h - 130)
        self.list_box = UIScrollingContainer(pygame.Rect(20, 112, LIST_W, height),
                                             self.app.manager, allow_scroll_x=False)
        self.list_box.set_scrollable_area_dimensions((LIST_W - 22, len(self.shown) * ROW))
        for i, page in enumerate(self.shown):
            label = f"{page.rule}  {page.text}"
            label = label if len(label) <= 44 else label[:43] + "…"
            button = UIButton(pygame.Rect(0, i * ROW, LIST_W - 30, ROW - 4), label,
                              self.app.manager, container=self.list_box,
                              tool_tip_text=page.text)
            self.rows[button] = page
            if page is self.current:
                button.select()  # type: ignore[no-untyped-call]
        self._scroll_to_current()

    def _scroll_to_current(self) -> None:
        """Scroll the list so that the rule shown is in view (opened at a rule far down)."""
        bar = self.list_box.vert_scroll_bar if self.list_box is not None else None
        if bar is None or self.current not in self.shown or len(self.shown) < 2:
            return
        bar.set_scroll_from_start_percentage(self.shown.index(self.current) / len(self.shown))

    def _build_detail(self) -> None:
        from pygame_gui.elements import UIButton, UITextBox

        for element in self.detail:
            element.kill()
        self.detail.clear()
        self.lesson_buttons.clear()
        if self.current is None:
            return
        w, h = self.app.screen.get_size()
        left = 40 + LIST_W
        width = w - left - 20
        box = UITextBox(self.page_html(self.current), pygame.Rect(left, 70, width, h - 250),
                        self.app.manager)
        self.detail.append(box)
        for i, lesson in enumerate(self.current.lessons[:MAX_LESSON_BUTTONS]):
            button = UIButton(pygame.Rect(left, h - 170 + i * 46, width, 40),
                              f"Take the lesson: {lesson.title}", self.app.manager)
            self.detail.append(button)
            self.lesson_buttons[button] = lesson

    # --- input and drawing ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is \
                self.search_line:
            self.filter(self.search_line.get_text())
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.select(str(event.link_target))
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)

    def _pressed(self, element: Any) -> None:
        if element is self.back_button:
            self.close()
        elif element in self.rows:
            self.select(self.rows[element].rule)
        elif element in self.lesson_buttons:
            self.take_lesson(self.lesson_buttons[element])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 26, 30))
        fonts = self.app.fonts
        head = f"Rules of {self.system}: {len(self.shown)} of {len(self.pages)}"
        surface.blit(fonts.get(24, bold=True).render(head, True, (240, 236, 220)), (20, 22))

    def help_lines(self) -> list[tuple[str, str]]:
        return [("type", "search the rules by words"), ("click", "a rule, or a related rule"),
                ("Esc", "back")]
