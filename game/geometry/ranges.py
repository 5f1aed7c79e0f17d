"""Range (AS-RNG-5, AS-RNG-6): from the attacker's Front Arrow to the nearest point of the
target's tray, in inches."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon

from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Tray

SHORT_RANGE: float = 6.0
"""Short Range maximum in inches (AS-RNG-5)."""
LONG_RANGE: float = 12.0
"""Long Range maximum in inches (AS-RNG-5)."""


def range_to(viewer: Tray, target: Polygon) -> float:
    """Distance in inches from ``viewer``'s Front Arrow to the nearest point of ``target``
    (0 when the arrow touches or lies inside it). AS-RNG-6."""
    return float(ShapelyPoint(viewer.front_arrow).distance(target))


def ranges_to(viewer: Tray, targets: Sequence[Polygon]) -> np.ndarray:
    """Vectorised :func:`range_to` for many targets (inches, one float per target)."""
    if not targets:
        return np.zeros(0)
    pt = shapely.points(*viewer.front_arrow)
    return np.asarray(shapely.distance(pt, np.asarray(targets, dtype=object)), dtype=float)


def in_range(viewer: Tray, target: Polygon, max_range: float) -> bool:
    """True if any part of ``target`` is within ``max_range`` inches of ``viewer``'s Front
    Arrow, with :data:`TOLERANCE` (AS-RNG-5, AS-RNG-6)."""
    return range_to(viewer, target) <= max_range + TOLERANCE


def range_band(viewer: Tray, target: Polygon) -> str | None:
    """"short" within :data:`SHORT_RANGE`, "long" within :data:`LONG_RANGE`, else None
    (inches, with :data:`TOLERANCE`; AS-RNG-5)."""
    r = range_to(viewer, target)
    if r <= SHORT_RANGE + TOLERANCE:
        return "short"
    if r <= LONG_RANGE + TOLERANCE:
        return "long"
    return None
