"""Small pure helpers of the renderer: a unit's counters as text, models left, colour shades
and the rings of a shapely geometry."""

from __future__ import annotations

from shapely.geometry import MultiPolygon, Polygon

from game.core.state import Unit
from game.ui.palette import RGB

Point = tuple[float, float]


def status_text(unit: Unit) -> str:
    """A compact line of a unit's counters, as the unit words it (``models 10/12  wounds 1``)."""
    return unit.status_line()


def models_left(unit: Unit) -> int:
    """How many model slots are filled (all when the ruleset does not count models)."""
    value = unit.status().get("models")
    if unit.tray is None:
        return 1
    total = unit.tray.files * unit.tray.ranks
    return max(0, min(total, value)) if isinstance(value, int) else total


def shade(colour: RGB, factor: float) -> RGB:
    """A colour darkened (factor < 1) or lightened (factor > 1)."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    t = factor - 1
    return (
        int(colour[0] + (255 - colour[0]) * t),
        int(colour[1] + (255 - colour[1]) * t),
        int(colour[2] + (255 - colour[2]) * t),
    )


def polygon_rings(geom: object) -> list[list[Point]]:
    """Exterior rings of a shapely Polygon or MultiPolygon (empty for anything else)."""
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [list(geom.exterior.coords)]
    if isinstance(geom, MultiPolygon):
        return [list(p.exterior.coords) for p in geom.geoms if not p.is_empty]
    return []
