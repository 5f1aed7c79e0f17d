"""Hex grid (axial coordinates, pointy-top). Minimal core: the Hex value type.

The geometry layer's full hex module (lines, corners, arcs, sight) extends this file.
"""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
"""Axial steps of the six directions 0..5, clockwise from the upper right (pointy-top)."""


@dataclass(frozen=True, order=True)
class Hex:
    """A hex in axial coordinates ``(q, r)``; the cube coordinate ``s = -q - r``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` (0..5)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        """The six adjacent hexes, in direction order."""
        return [self.neighbor(d) for d in range(6)]

    def distance(self, other: Hex) -> int:
        """Steps between two hexes."""
        return max(abs(self.q - other.q), abs(self.r - other.r), abs(self.s - other.s))
