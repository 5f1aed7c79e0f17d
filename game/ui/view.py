"""What the renderer draws besides the game state: the ViewState and the overlay records.

The renderer is a pure function of ``(GameState, ViewState)``. Rules answers (range, sight,
charge odds) are computed by :mod:`game.ui.lens` from the core, geometry and rulesets and put
here as plain data; the renderer only draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import Polygon

from game.geometry.tray import Tray
from game.ui.camera import Camera

Point = tuple[float, float]
Segment = tuple[Point, Point]


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
    """Rules answers about the hovered unit seen from the selected one (all in world units)."""

    viewer: str
    target: str
    range_from: Point | None = None
    range_to: Point | None = None
    distance: float | None = None
    band: str | None = None
    visible: bool | None = None
    witness: Segment | None = None
    witness_lines: tuple[Segment, ...] = ()
    blocked_lines: tuple[Segment, ...] = ()
    blockers: tuple[Polygon, ...] = ()
    corridor: Polygon | None = None
    lines: tuple[str, ...] = ()


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
    overrides: dict[str, Tray] = field(default_factory=dict)
    hex_overrides: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    overlay: HoverOverlay | None = None
    targets: frozenset[str] = frozenset()
    active_player: int | None = None
    revision: int = 0
    """Bumped by the owner whenever the game state changes (the renderer caches the drawn
    units on it)."""
