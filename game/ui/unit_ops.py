"""The units of the board layer as a list of drawing steps (issue 12).

Drawing 200 units asks each one's look, counters and sprite; the renderer keeps the steps
(blits and the few drawing calls) per game moment and camera, so redrawing the layer under
a new selection's arcs only replays them, and units that cannot reach the layer are left
out (a zoomed-in view draws only what it shows).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

Op = tuple[pygame.Surface, tuple[int, int]] | Callable[[pygame.Surface], None]
"""One step of drawing the units: a blit (image, top-left) or a drawing call."""

TAG_ROOM = 160
"""Pixels a height tag may reach beyond a unit's sprite (it sits centred above the unit)."""


def near(clip: pygame.Rect, sx: float, sy: float, reach: float) -> bool:
    """Whether something within ``reach`` pixels of (sx, sy) can touch ``clip``."""
    return bool(clip.colliderect(pygame.Rect(round(sx - reach - 1), round(sy - reach - 1),
                                             round(2 * reach + 2), round(2 * reach + 2))))


def shows(clip: pygame.Rect, sx: float, sy: float, reach: float,
          tagged: Callable[[], bool]) -> bool:
    """Whether a unit's sprite (within ``reach`` of its centre) or its height tag (asked of
    ``tagged`` only when it matters) can touch ``clip``."""
    if near(clip, sx, sy, reach):
        return True
    return near(clip, sx, sy, reach + TAG_ROOM) and tagged()


def run_ops(surface: pygame.Surface, ops: list[Op]) -> None:
    """Draw the steps in order: runs of blits in one call, drawing calls in between."""
    run: list[tuple[pygame.Surface, tuple[int, int]]] = []
    for op in ops:
        if callable(op):
            if run:
                surface.blits(run, doreturn=False)
                run = []
            op(surface)
        else:
            run.append(op)
    if run:
        surface.blits(run, doreturn=False)
