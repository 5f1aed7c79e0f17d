"""The game log's text box in the side panel, kept across the panel's rebuilds (issue 32).

The panel is rebuilt after every action; parsing the whole log's HTML into a new text box each
time cost a commit tens of milliseconds. :class:`LogBox` keeps its box and appends the new
events' lines (pygame-gui's ``append_html_text`` lays out only what is added). It builds the
box afresh only when it must: the panel's layout moved or resized it, events were taken back
(an undo, a replay: the last line shown is no longer in the log), or the box holds twice the
lines the log shows (it would grow for ever otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pygame

from game.core.events import Event

EMPTY = "No events yet."

Line = TypeVar("Line", bound=Event | str)
"""What the log shows a line for: a game event, or a line of the table's own (a computer
move's reason)."""


class LogBox:
    """The log's text box and what it shows (see module docstring)."""

    def __init__(self, manager: Any, lines: int) -> None:
        self.manager = manager
        self.lines = lines
        """How many of the last events a fresh box shows."""
        self.box: Any = None
        self._rect: tuple[int, int, int, int] | None = None
        self._shown = 0
        """Lines in the box now (fresh ones plus appended ones)."""
        self._count = 0
        """How many events the log had when the box last caught up with it."""
        self._last: object = None
        """The last event the box shows (its identity tells a changed log from a longer one)."""

    def show(self, events: Sequence[Line], line: Callable[[Line], str],
             rect: pygame.Rect) -> Any:
        """The box showing the end of ``events`` (each written by ``line``) at ``rect``:
        the kept box with the new events appended, or a fresh one."""
        if self._can_append(events, rect):
            new = events[self._count:]
            if new:
                self.box.append_html_text("<br>" + "<br>".join(line(e) for e in new))
                self._shown += len(new)
        else:
            self._fresh(events, line, rect)
        self._count = len(events)
        self._last = events[-1] if events else None
        return self.box

    def _can_append(self, events: Sequence[Line], rect: pygame.Rect) -> bool:
        """Whether the kept box still shows a beginning of ``events`` at ``rect``."""
        if self.box is None or self._rect != tuple(rect) or self._last is None:
            return False
        if len(events) < self._count or events[self._count - 1] is not self._last:
            return False
        return self._shown + len(events) - self._count <= 2 * self.lines

    def _fresh(self, events: Sequence[Line], line: Callable[[Line], str],
               rect: pygame.Rect) -> None:
        """A new box with the last :attr:`lines` events, scrolled to the end."""
        from pygame_gui.elements import UITextBox

        self.kill()
        recent = list(events[-self.lines:])
        text = "<br>".join(line(e) for e in recent) or EMPTY
        self.box = UITextBox(text, rect, self.manager)
        self._rect = (rect.x, rect.y, rect.width, rect.height)
        self._shown = len(recent)
        bar = getattr(self.box, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)

    def kill(self) -> None:
        """Remove the box from the window (the panel is cleared, the scene left)."""
        if self.box is not None:
            self.box.kill()
        self.box = None
        self._rect = None
        self._last = None
