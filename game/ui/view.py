"""What the renderer draws besides the game state: the ViewState and the overlay records.

The renderer is a pure function of ``(GameState, ViewState)``. Rules answers (range, sight,
odds) are the ruleset's own :class:`~game.core.inspect.Inspection` records, fetched and cached
by :mod:`game.ui.lens` and put here; the renderer only draws them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.inspect import Area, HexMark, Inspection, Shape
from game.core.inspect import Segment as InspectSegment
from game.geometry.tray import Tray
from game.ui import hexlayout
from game.ui.camera import Camera

Point = tuple[float, float]
SegmentTuple = tuple[Point, Point]


@dataclass(frozen=True)
class Ghost:
    """A placement offered by a decision (an option), drawn as a see-through tray or hex."""

    key: str
    label: str
    tray: Tray | None = None
    hex: tuple[int, int] | None = None
    facing: int = 0


@dataclass(frozen=True)
class HoverOverlay:
    """A ruleset's :class:`~game.core.inspect.Inspection` of the hovered unit seen from the
    selected one (or of the selected unit alone when ``target`` is None), ready to draw.

    The properties read the record's typed shapes back (for tests and the info box corner):
    they never interpret rules, only the styles the record declares.
    """

    viewer: str
    target: str | None
    inspection: Inspection

    @property
    def lines(self) -> tuple[str, ...]:
        """The title and each line's text (rule IDs are drawn apart, as links)."""
        return (self.inspection.title, *(line.text for line in self.inspection.lines))

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID the record cites, in order."""
        seen: dict[str, None] = {}
        for line in self.inspection.lines:
            seen.update(dict.fromkeys(line.rules))
        for chart in self.inspection.odds:
            seen.update(dict.fromkeys(chart.rules))
        return tuple(seen)

    def segments(self, style: str) -> tuple[SegmentTuple, ...]:
        """The record's segments of one style as ((ax, ay), (bx, by))."""
        return tuple((s.a, s.b) for s in self.inspection.shapes
                     if isinstance(s, InspectSegment) and s.style == style)

    @property
    def range_from(self) -> Point | None:
        """The start of the first measured (``range``) segment."""
        found = self.segments("range")
        return found[0][0] if found else None

    @property
    def range_to(self) -> Point | None:
        """The end of the first measured (``range``) segment."""
        found = self.segments("range")
        return found[0][1] if found else None

    @property
    def distance(self) -> float | None:
        """The length of the first measured segment, in board units."""
        a, b = self.range_from, self.range_to
        return None if a is None or b is None else math.hypot(b[0] - a[0], b[1] - a[1])

    @property
    def witness_lines(self) -> tuple[SegmentTuple, ...]:
        """The clear sight lines the record draws."""
        return self.segments("sight")

    @property
    def blocked_lines(self) -> tuple[SegmentTuple, ...]:
        """The stopped lines the record draws."""
        return self.segments("blocked")

    @property
    def visible(self) -> bool | None:
        """True with a clear sight line, False with only stopped ones, None without either."""
        if self.witness_lines:
            return True
        return False if self.blocked_lines else None

    def points(self) -> list[Point]:
        """Every point of the record's geometry (to keep the info box off it)."""
        out: list[Point] = []
        for shape in self.inspection.shapes:
            if isinstance(shape, InspectSegment):
                out += [shape.a, shape.b]
            elif isinstance(shape, Area):
                out += list(shape.points)
            elif isinstance(shape, HexMark):  # e.g. every space of a large target
                out.append(hexlayout.hex_centre(shape.q, shape.r))
        return out


@dataclass
class ViewState:
    """Everything about the view that is not game state."""

    camera: Camera = field(default_factory=Camera)
    selected: str | None = None
    hovered: str | None = None
    grid: bool = True
    show_arcs: bool = True
    all_arcs: bool = False
    ghosts: tuple[Ghost, ...] = ()
    hovered_ghost: str | None = None
    lit_variant: str | None = None
    """The ghost key of the variant button under the pointer (set by the panel only)."""
    overrides: dict[str, Tray] = field(default_factory=dict)
    hex_overrides: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    overlay: HoverOverlay | None = None
    unit_overlay: HoverOverlay | None = None
    reserved: tuple[tuple[int, int, int, int], ...] = ()
    """Screen rectangles (x, y, w, h) the hover box must keep clear of (the dice tray)."""
    """The ruleset's inspection of the selected unit alone (reach, arcs, notes)."""
    targets: frozenset[str] = frozenset()
    refusal_marks: tuple[Shape, ...] = ()
    """What the refusal the status line shows points at (its blocker outlined and named:
    :attr:`game.core.pending.Refusal.marks`), drawn over the board until the pointer moves on."""
    active_player: int | None = None
    revision: int = 0
    """Bumped by the owner whenever the game state changes (the renderer caches the drawn
    units on it)."""
    carry: tuple[int, int, frozenset[str]] | None = None
    """The units the change from one revision to the next left as they were (the revision
    before, the revision after, their ids), when the owner knows them (an action's: see
    :meth:`game.core.game.Game.units_left_alone`): the renderer keeps their drawing steps."""
