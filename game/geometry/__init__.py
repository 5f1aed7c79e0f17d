"""Warbench geometry layer: exact answers to the rules' geometric questions.

Imports only shapely, numpy and the standard library. See docs/geometry.md.
"""

from game.geometry.arcs import (
    ARC_EDGE,
    Arc,
    ArcConstruction,
    arc_region,
    arc_shares,
    arcs_of_point,
    majority_arc,
)
from game.geometry.ranges import LONG_RANGE, SHORT_RANGE, in_range, range_band, range_to
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray

__all__ = [
    "ARC_EDGE",
    "LONG_RANGE",
    "SHORT_RANGE",
    "TOLERANCE",
    "Arc",
    "ArcConstruction",
    "Side",
    "Tray",
    "arc_region",
    "arc_shares",
    "arcs_of_point",
    "in_range",
    "majority_arc",
    "range_band",
    "range_to",
]
