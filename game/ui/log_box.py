"""The game log in the side panel: a light text view the table draws itself (issue 32).

A pygame-gui text box lays out and renders its whole text again whenever it is built, moved
to a new size or appended to (about 1 ms a line to build, 0.3 ms a line to append: a commit
paid 5-40 ms for the log as the game grew, and each box of 80-160 lines held 8-16 MiB of
surfaces). :class:`LogView` lays out each event's line once (its words, in the font's
memoised renders), keeps the last lines of the log, and draws the lines that show into one
cached image: appending costs the new lines only, moving costs nothing, and a frame that
changes nothing blits one image.

The lines are the panel's log lines (``SidePanel.log_line``): a little HTML, the player's
colour, the text and the rule IDs as links. A click on a link opens its rule explanation
(:meth:`LogBox.link_at`), the wheel over the log scrolls it; new events scroll it back to
its end. After an undo or a replay (the last line it shows is no longer in the log) the view
is built afresh; it never holds more than twice the lines a fresh one shows (the oldest go).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pygame

from game.core.events import Event

EMPTY = "No events yet."

FONT_SIZE = 13
"""The log's text size (the theme's text boxes: 13 px at the normal text size)."""
BACKGROUND = (23, 25, 28)
BORDER = (80, 86, 95)
TEXT = (238, 238, 234)
LINK = (158, 203, 255)
PAD = 5
LEADING = 4
"""Pixels between rows (as the theme's text boxes space them)."""
BAR = 12
"""The width of the scroll bar drawn when the lines overflow the view."""
TRACK = (43, 47, 54)
WHEEL_LINES = 3
"""Lines a notch of the wheel scrolls."""

Line = TypeVar("Line", bound=Event | str)
"""What the log shows a line for: a game event, or a line of the table's own (a computer
move's reason)."""

_TOKEN = re.compile(
    r"<font color='([^']*)'>(.*?)</font>|<a href='([^']*)'>(.*?)</a>|<br>|([^<]+)")
"""The pieces of a log line: coloured text, a link, a break, plain text."""


@dataclass(frozen=True)
class Word:
    """One word of a line: its text, colour and link target (None: not a link)."""

    text: str
    colour: tuple[int, int, int]
    link: str | None = None


def words_of(markup: str) -> list[Word]:
    """The words of one log line's markup (``<font color>``, ``<a href>``, entities)."""
    out: list[Word] = []
    for colour, coloured, href, linked, plain in _TOKEN.findall(markup):
        if coloured:
            text, rgb, link = coloured, _rgb(colour), None
        elif linked:
            text, rgb, link = linked, LINK, href
        else:
            text, rgb, link = plain, TEXT, None
        out += [Word(w, rgb, link) for w in html.unescape(text).split()]
    return out


def _rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as a colour (the text colour if it is not one)."""
    try:
        value = pygame.Color(colour)
    except ValueError:
        return TEXT
    return (value.r, value.g, value.b)


@dataclass
class LaidLine:
    """One log line laid out at a width: its words' renders and where they go (x, row)."""

    markup: str
    width: int
    font: Any
    placed: list[tuple[pygame.Surface, int, int, str | None]]
    rows: int


def lay_out(markup: str, font: Any, width: int) -> LaidLine:
    """The words of ``markup`` wrapped at ``width`` pixels (a word wider than the width gets
    a row of its own)."""
    space = font.size(" ")[0]
    placed: list[tuple[pygame.Surface, int, int, str | None]] = []
    x, row = 0, 0
    for word in words_of(markup):
        image = font.render(word.text, True, word.colour)
        if x and x + image.get_width() > width:
            x, row = 0, row + 1
        placed.append((image, x, row, word.link))
        x += image.get_width() + space
    return LaidLine(markup, width, font, placed, row + 1)


@dataclass
class LogView:
    """The log's lines and the part of them that shows in ``rect`` (see module docstring)."""

    rect: pygame.Rect
    font: Any
    lines: list[LaidLine] = field(default_factory=list)
    scroll: int = 0
    """Pixels scrolled up from the end (0: the last line shows at the bottom)."""
    visible: bool = True
    _image: pygame.Surface | None = None
    _image_key: Any = None
    links: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    """Where each link shows (window pixels) and its target, as last drawn."""
    _local_links: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    """The same in the view's own image."""

    @property
    def html_text(self) -> str:
        """The lines' markup, one ``<br>`` apart (what the view shows, for tests and tools)."""
        return "<br>".join(line.markup for line in self.lines)

    @property
    def inner(self) -> pygame.Rect:
        """Where the text goes: the rect less its border, padding and scroll bar."""
        return pygame.Rect(self.rect.x + PAD, self.rect.y + PAD,
                           max(1, self.rect.width - 2 * PAD - BAR),
                           max(1, self.rect.height - 2 * PAD))

    @property
    def row_height(self) -> int:
        """A row of text and its leading."""
        return int(self.font.get_linesize()) + LEADING

    def add(self, markups: Sequence[str]) -> None:
        """Lay out and append these lines, and show the end."""
        width = self.inner.width
        self.lines += [lay_out(m, self.font, width) for m in markups]
        self.scroll = 0
        self._image_key = None

    def drop_oldest(self, keep: int) -> None:
        """Keep only the last ``keep`` lines."""
        del self.lines[:max(0, len(self.lines) - keep)]
        self._image_key = None

    def place(self, rect: pygame.Rect, font: Any) -> None:
        """Show at ``rect`` in ``font``; the lines are laid out again only if the width or
        the font changed."""
        if font is not self.font or rect.width != self.rect.width:
            self.font = font
            self.rect = pygame.Rect(rect)
            width = self.inner.width
            self.lines = [lay_out(line.markup, font, width) for line in self.lines]
        self.rect = pygame.Rect(rect)

    def text_height(self) -> int:
        return sum(line.rows for line in self.lines) * self.row_height

    def wheel(self, notches: int) -> None:
        """Scroll ``notches`` of the wheel up (positive) or down."""
        most = max(0, self.text_height() - self.inner.height)
        self.scroll = min(most, max(0, self.scroll + notches * WHEEL_LINES * self.row_height))

    def draw(self, surface: pygame.Surface) -> None:
        """Blit the view (its image redrawn only when its lines, size or scroll changed)."""
        if not self.visible:
            return
        key = (len(self.lines), id(self.lines[-1]) if self.lines else None, self.scroll,
               self.rect.size, id(self.font))
        if self._image is None or key != self._image_key:
            self._image = self._render()
            self._image_key = key
        surface.blit(self._image, self.rect.topleft)
        self.links = [(r.move(self.rect.topleft), target) for r, target in self._local_links]

    def _render(self) -> pygame.Surface:
        """The view's image: background, border, the lines that show, the scroll bar."""
        image = pygame.Surface(self.rect.size)
        image.fill(BACKGROUND)
        pygame.draw.rect(image, BORDER, image.get_rect(), 1, border_radius=4)
        inner = self.inner.move(-self.rect.x, -self.rect.y)
        step = self.row_height
        total = self.text_height()
        top = inner.y + min(0, inner.height - total) + self.scroll  # the first line's top
        self._local_links = []
        image.set_clip(inner)
        y = top
        for line in self.lines:
            bottom = y + line.rows * step
            if bottom > inner.y and y < inner.bottom:
                for word, x, row, link in line.placed:
                    at = (inner.x + x, y + row * step + LEADING // 2)
                    image.blit(word, at)
                    if link is not None:
                        area = word.get_rect(topleft=at)
                        pygame.draw.line(image, LINK, (area.x, area.bottom - 2),
                                         (area.right - 1, area.bottom - 2))
                        self._local_links.append((area.clip(inner), link))
            y = bottom
        image.set_clip(None)
        if total > inner.height:
            track = pygame.Rect(inner.right + 2, inner.y, BAR - 2, inner.height)
            pygame.draw.rect(image, TRACK, track, border_radius=3)
            length = max(12, track.height * inner.height // total)
            start = track.bottom - length - (track.height - length) * self.scroll // max(
                1, total - inner.height)
            pygame.draw.rect(image, BORDER, (track.x, start, track.width, length),
                             border_radius=3)
        return image

    def link_at(self, pos: tuple[int, int]) -> str | None:
        """The target of the link drawn at ``pos``, if any."""
        if not self.visible:
            return None
        return next((target for r, target in self.links if r.collidepoint(pos)), None)

    def hide(self) -> None:
        self.visible = False

    def show(self) -> None:
        self.visible = True

    def kill(self) -> None:
        self.visible = False
        self.lines = []
        self._image = None


class LogBox:
    """The log's view and how far it follows the game's events (see module docstring)."""

    def __init__(self, fonts: Any, lines: int) -> None:
        self.fonts = fonts
        self.lines = lines
        """How many of the last events a fresh view shows."""
        self._view: LogView | None = None
        self._count = 0
        """How many events the log had when the view last caught up with it."""
        self._last: object = None
        """The last event the view shows (its identity tells a changed log from a longer
        one)."""
        self._pointer = (0, 0)

    @property
    def box(self) -> LogView | None:
        """The view shown now, if any."""
        return self._view

    @property
    def _shown(self) -> int:
        """Lines in the view now."""
        return len(self._view.lines) if self._view is not None else 0

    def show(self, events: Sequence[Line], line: Callable[[Line], str],
             rect: pygame.Rect) -> LogView:
        """The view showing the end of ``events`` (each written by ``line``) at ``rect``: the
        kept view with the new events appended, or a fresh one."""
        font = self.fonts.get(FONT_SIZE)
        view = self._view
        if view is not None and self._can_append(events):
            view.place(rect, font)
            view.show()
            new = events[self._count:]
            if new:
                if self._count == 0:
                    view.lines = []  # the "no events" line goes
                view.add([line(e) for e in new])
                if len(view.lines) > 2 * self.lines:
                    view.drop_oldest(self.lines)
        else:
            if view is not None:
                view.kill()
            view = self._view = LogView(pygame.Rect(rect), font)
            recent = list(events[-self.lines:])
            view.add([line(e) for e in recent] or [EMPTY])
        self._count = len(events)
        self._last = events[-1] if events else None
        return view

    def _can_append(self, events: Sequence[Line]) -> bool:
        """Whether the view still shows a beginning of ``events``."""
        if self._count == 0:
            return not events or self._view is not None
        return len(events) >= self._count and events[self._count - 1] is self._last

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the view (the table calls this each frame)."""
        if self._view is not None:
            self._view.draw(surface)

    def handle(self, event: pygame.event.Event, explain: Callable[[str], None]) -> bool:
        """A pointer event over the log (True: the log took it): the wheel scrolls it, a
        click on a link calls ``explain`` with the link's target (a rule ID)."""
        view = self._view
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            return False
        if view is None or not view.visible:
            return False
        if event.type == pygame.MOUSEWHEEL and view.rect.collidepoint(self._pointer):
            view.wheel(int(event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and view.rect.collidepoint(event.pos):
            target = view.link_at(event.pos)
            if target is not None and event.button == 1:
                explain(target)
            return True
        return False

    def kill(self) -> None:
        """Remove the view (the panel is cleared, the scene left)."""
        if self._view is not None:
            self._view.kill()
        self._view = None
        self._count = 0
        self._last = None
