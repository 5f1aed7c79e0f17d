"""The single tolerance used by every rules-distance comparison in the geometry layer.

Distances are in inches on the table (or in the grid's own unit on hex maps). Two lengths that
differ by at most ``TOLERANCE`` are equal for the rules; a sight line that dips less than
``TOLERANCE`` into an obstacle only touches it; a tray that overlaps another by less than
``TOLERANCE`` is in contact, not overlapping.
"""

from __future__ import annotations

TOLERANCE: float = 1e-6
"""Rules-distance tolerance in inches (1e-6", about 25 nanometres)."""


def approx_le(a: float, b: float) -> bool:
    """``a <= b`` within :data:`TOLERANCE` (both in inches)."""
    return a <= b + TOLERANCE


def approx_eq(a: float, b: float) -> bool:
    """``a == b`` within :data:`TOLERANCE` (both in inches)."""
    return abs(a - b) <= TOLERANCE
