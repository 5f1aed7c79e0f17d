"""Deployment zones drawn faintly over the board (issue 26): a tint of each player's colour
with a dashed outline and the player's name, over a table polygon or a hex map's hexes.

The table draws them at the start of a battle (round 1, before the first action), the battle
builder always. Zones come from the state's players (:class:`~game.core.state.Player`), so
the drawing knows no ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core.state import GameState, Player
from game.ui import hexlayout
from game.ui.camera import Camera
from game.ui.palette import RGB, hex_to_rgb

Point = tuple[float, float]
TINT_ALPHA = 46
"""How strongly a zone tints the board (0..255): faint, the board reads through it."""


def draw_zones(surface: pygame.Surface, state: GameState, cam: Camera,
               font: pygame.font.Font | None = None) -> int:
    """Draw every player's zone; returns how many were drawn."""
    drawn = 0
    for player in state.players:
        polygons = zone_polygons(player, cam)
        if not polygons:
            continue
        colour = hex_to_rgb(player.colour)
        draw_zone(surface, polygons, colour, player.name if font else "", font)
        drawn += 1
    return drawn


def zone_polygons(player: Player, cam: Camera) -> list[list[Point]]:
    """A player's zone as screen polygons (one per hex on a hex map)."""
    if player.deployment is not None:
        return [cam.points_to_screen(player.deployment)]
    if player.deployment_hexes is not None:
        return [cam.points_to_screen(hexlayout.hex_corners_world(h.q, h.r))
                for h in sorted(player.deployment_hexes, key=lambda h: (h.r, h.q))]
    return []


def draw_zone(surface: pygame.Surface, polygons: Sequence[Sequence[Point]], colour: RGB,
              label: str = "", font: pygame.font.Font | None = None) -> None:
    """A faint tint of ``colour`` over the polygons, their outlines dashed, ``label`` in
    their top left corner."""
    tint = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for pts in polygons:
        if len(pts) >= 3:
            pygame.draw.polygon(tint, (*colour, TINT_ALPHA), pts)
    surface.blit(tint, (0, 0))
    for pts in polygons:
        for a, b in zip(pts, [*pts[1:], pts[0]], strict=True):
            _dashed(surface, colour, a, b)
    if label and font is not None and polygons:  # in the zone's corner, clear of units
        xs = [p[0] for pts in polygons for p in pts]
        ys = [p[1] for pts in polygons for p in pts]
        img = font.render(label, True, colour)
        img.set_alpha(200)
        surface.blit(img, (min(xs) + 8, min(ys) + 6))


def _dashed(surface: pygame.Surface, colour: RGB, a: Point, b: Point, dash: float = 8.0) -> None:
    length = max(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5, 1e-9)
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)


def at_battle_start(state: GameState, actions: int) -> bool:
    """Whether the table shows the zones now: round 1, before the first action."""
    return state.turn.round == 1 and actions == 0
