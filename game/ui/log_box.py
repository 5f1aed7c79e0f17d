"""The game log's text box in the side panel, kept across the panel's rebuilds (issue 32).

The panel is rebuilt after every action; parsing the whole log's HTML into a new text box each
time cost a commit tens of milliseconds. :class:`LogBox` keeps its box and appends the new
events' lines (pygame-gui's ``append_html_text`` lays out only what is added).

The log fills the panel below its commands, so its place moves with the selection: a unit
with more commands (or a taller card) pushes it down, and the commit that clears the
selection brings it back. Resizing a pygame-gui text box parses and lays out its whole text
again, so a box is kept **per place**: the last places a table used (:data:`PLACES`) each keep
their own box, hidden while another place shows, and caught up with
the new events when shown again. A box is built afresh only when it must: events were taken
back (an undo, a replay: the last line it shows is no longer in the log), or it would hold
twice the lines the log shows (it would grow for ever otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import pygame

from game.core.events import Event

EMPTY = "No events yet."

PLACES = 2
"""Places (panel rects) whose boxes are kept; the least recently shown one goes first. Two
cover the commit (the place without a selection is always the most recent or the other one
kept); each box of 80-160 lines holds 8-16 MiB of pygame-gui surfaces, so more places cost
memory (four made a 500-action game's RSS ~40 MiB larger)."""

Line = TypeVar("Line", bound=Event | str)
"""What the log shows a line for: a game event, or a line of the table's own (a computer
move's reason)."""

Rect = tuple[int, int, int, int]


@dataclass
class _Kept:
    """One place's box and how far it follows the log."""

    box: Any
    shown: int
    """Lines in the box now (fresh ones plus appended ones)."""
    count: int = 0
    """How many events the log had when the box last caught up with it."""
    last: object = None
    """The last event the box shows (its identity tells a changed log from a longer one)."""


class LogBox:
    """The log's text boxes and what they show (see module docstring)."""

    def __init__(self, manager: Any, lines: int) -> None:
        self.manager = manager
        self.lines = lines
        """How many of the last events a fresh box shows."""
        self._kept: dict[Rect, _Kept] = {}
        """The kept boxes by place, least recently shown first."""
        self._rect: Rect | None = None
        """The place shown now (None: no box shows)."""

    @property
    def box(self) -> Any:
        """The box shown now, if any."""
        kept = self._kept.get(self._rect) if self._rect is not None else None
        return kept.box if kept is not None else None

    @property
    def _shown(self) -> int:
        """Lines in the box shown now."""
        kept = self._kept.get(self._rect) if self._rect is not None else None
        return kept.shown if kept is not None else 0

    def show(self, events: Sequence[Line], line: Callable[[Line], str],
             rect: pygame.Rect) -> Any:
        """The box showing the end of ``events`` (each written by ``line``) at ``rect``:
        that place's kept box with the new events appended, or a fresh one."""
        place = (rect.x, rect.y, rect.width, rect.height)
        if self._rect != place:
            current = self._kept.get(self._rect) if self._rect is not None else None
            if current is not None:
                current.box.hide()
            self._rect = place
        kept = self._kept.pop(place, None)
        if kept is not None and self._can_append(kept, events):
            if not kept.box.visible:
                kept.box.show()
            new = events[kept.count:]
            if new:
                kept.box.append_html_text("<br>" + "<br>".join(line(e) for e in new))
                kept.shown += len(new)
                _scroll_to_end(kept.box)  # the first overflow rebuilds it scrolled to the top
        else:
            if kept is not None:
                kept.box.kill()
            kept = self._fresh(events, line, rect)
        kept.count = len(events)
        kept.last = events[-1] if events else None
        self._kept[place] = kept  # the most recently shown last
        while len(self._kept) > PLACES:
            oldest = next(iter(self._kept))
            self._kept.pop(oldest).box.kill()
        return kept.box

    def _can_append(self, kept: _Kept, events: Sequence[Line]) -> bool:
        """Whether ``kept`` still shows a beginning of ``events``."""
        if kept.last is None:
            return False
        if len(events) < kept.count or events[kept.count - 1] is not kept.last:
            return False
        return kept.shown + len(events) - kept.count <= 2 * self.lines

    def _fresh(self, events: Sequence[Line], line: Callable[[Line], str],
               rect: pygame.Rect) -> _Kept:
        """A new box with the last :attr:`lines` events, scrolled to the end."""
        from pygame_gui.elements import UITextBox

        recent = list(events[-self.lines:])
        text = "<br>".join(line(e) for e in recent) or EMPTY
        box = UITextBox(text, rect, self.manager)
        _scroll_to_end(box)
        return _Kept(box, len(recent))

    def kill(self) -> None:
        """Remove every box from the window (the panel is cleared, the scene left)."""
        for kept in self._kept.values():
            kept.box.kill()
        self._kept = {}
        self._rect = None


def _scroll_to_end(box: Any) -> None:
    """Show the last lines of ``box`` (when its text overflows, it has a scroll bar)."""
    bar = getattr(box, "scroll_bar", None)
    if bar is not None:
        bar.set_scroll_from_start_percentage(1.0)
