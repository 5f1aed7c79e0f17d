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
from game.geometry.elevation import (
    INFANTRY_HEIGHT,
    PEGS_PER_SPACE,
    Sight25D,
    can_melee_across_elevation,
    downward_range_bonus,
    line_of_sight_25d,
    peg_range,
)
from game.geometry.hexgrid import (
    DIRECTIONS,
    Hex,
    HexSight,
    direction_to,
    facing_towards,
    front_arc_directions,
    hex_at_point,
    hex_center,
    hex_corners,
    hex_line,
    hex_line_of_sight,
    retreat_arc,
)
from game.geometry.ranges import LONG_RANGE, SHORT_RANGE, in_range, range_band, range_to
from game.geometry.sight import Sight, line_of_sight
from game.geometry.sweep import ChargeMove, charge_move, first_contact
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side, Tray
from game.geometry.world import BLOCKS_SIGHT, IMPASSABLE, Terrain, World

__all__ = [
    "ARC_EDGE",
    "BLOCKS_SIGHT",
    "DIRECTIONS",
    "IMPASSABLE",
    "INFANTRY_HEIGHT",
    "LONG_RANGE",
    "PEGS_PER_SPACE",
    "SHORT_RANGE",
    "TOLERANCE",
    "Arc",
    "ArcConstruction",
    "ChargeMove",
    "Hex",
    "HexSight",
    "Placement",
    "Side",
    "Sight",
    "Sight25D",
    "Terrain",
    "Tray",
    "World",
    "alignments",
    "arc_region",
    "arc_shares",
    "arcs_of_point",
    "best_alignment",
    "can_align_50",
    "can_melee_across_elevation",
    "charge_move",
    "direction_to",
    "downward_range_bonus",
    "facing_towards",
    "first_contact",
    "front_arc_directions",
    "hex_at_point",
    "hex_center",
    "hex_corners",
    "hex_line",
    "hex_line_of_sight",
    "in_range",
    "least_movement_alignment",
    "legal_offsets",
    "line_of_sight",
    "line_of_sight_25d",
    "majority_arc",
    "peg_range",
    "range_band",
    "range_to",
    "retreat_arc",
]
