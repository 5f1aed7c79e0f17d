"""Warbench geometry layer: exact answers to the rules' geometric questions.

Imports only shapely, numpy and the standard library. See docs/geometry.md.
"""

from game.geometry.align import (
    Placement,
    alignments,
    best_alignment,
    can_align_50,
    least_movement_alignment,
    legal_offsets,
)
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
from game.geometry.sight import Sight, line_of_sight
from game.geometry.sweep import ChargeMove, charge_move, first_contact
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray

__all__ = [
    "ARC_EDGE",
    "LONG_RANGE",
    "SHORT_RANGE",
    "TOLERANCE",
    "Arc",
    "ArcConstruction",
    "ChargeMove",
    "Placement",
    "Side",
    "Sight",
    "Tray",
    "alignments",
    "arc_region",
    "arc_shares",
    "arcs_of_point",
    "best_alignment",
    "can_align_50",
    "charge_move",
    "first_contact",
    "in_range",
    "least_movement_alignment",
    "legal_offsets",
    "line_of_sight",
    "majority_arc",
    "range_band",
    "range_to",
]
