"""Draws a ruleset's :class:`~game.core.inspect.UnitLook`: model bases on a tray sprite, the
hexes a large unit covers and its height label.

Only the record's *kinds* and *marks* are known here (rank, character, command; contact,
support, casualty), never a rule. Bases come in board coordinates at the unit's own tray; a
tray drawn elsewhere (dragged, animated) carries them along in the tray's frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.core.inspect import ModelBase, UnitLook
from game.geometry.hexgrid import DIRECTIONS
from game.geometry.tray import Side
from game.ui import hexlayout
from game.ui.camera import Camera
from game.ui.inspect_draw import alpha_polygon
from game.ui.palette import RGB
from game.ui.view import Ghost

Point = tuple[float, float]

CONTACT: RGB = (255, 70, 30)
"""Outline of a model in contact (red-orange)."""
SUPPORT: RGB = (120, 220, 255)
"""Outline of a supporting model (light blue)."""
CHARACTER: RGB = (250, 250, 250)
"""The ring and star of a character."""
CASUALTY: RGB = (200, 40, 40)
"""The cross on a casualty."""


def lift(colour: RGB, factor: float) -> RGB:
    """A colour darkened (factor < 1) or lightened (factor > 1)."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    t = factor - 1
    return tuple(int(c + (255 - c) * t) for c in colour)  # type: ignore[return-value]


def draw_bases(sprite: pygame.Surface, bases: list[tuple[ModelBase, list[Point]]],
               colour: RGB, empty: RGB, zoom: float, loc: Callable[[Point], Point]) -> None:
    """Every base on the tray sprite: filled in the side colour (characters brighter with a
    white ring and a star, command with a bar), casualties as an empty base crossed out, and
    models in contact or supporting outlined gold or light blue."""
    inset = max(1, round(zoom * 0.06))
    for base, ring in bases:
        pts = shrink([loc(p) for p in ring], max(1.0, zoom * 0.05))
        if len(pts) < 3:
            continue
        if base.mark == "casualty":
            _casualty(sprite, pts, empty, colour)
            continue
        fill = lift(colour, 1.3) if base.kind == "character" else colour
        pygame.draw.polygon(sprite, fill, pts)
        pygame.draw.polygon(sprite, lift(colour, 0.45), pts, inset)
        if base.kind == "character":
            _character(sprite, pts, zoom)
        elif base.kind == "command":
            _command(sprite, pts)
        if base.mark in ("contact", "support"):
            width = max(2, min(4, round(zoom * 0.07)))
            pygame.draw.polygon(sprite, CONTACT if base.mark == "contact" else SUPPORT, pts,
                                width)
            pygame.draw.polygon(sprite, (15, 15, 15), shrink(pts, width), 1)


def shrink(pts: list[Point], by: float) -> list[Point]:
    """A convex base pulled ``by`` pixels towards its centre, so neighbouring bases keep a
    visible gap between them (the models of a block read one by one)."""
    if len(pts) < 3:
        return pts
    cx, cy = _centre(pts)
    span = _span(pts)
    if span <= 4 * by:
        return pts
    k = 1 - 2 * by / span
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]


def _centre(pts: list[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _span(pts: list[Point]) -> float:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(max(xs) - min(xs), max(ys) - min(ys))


def _casualty(sprite: pygame.Surface, pts: list[Point], empty: RGB, colour: RGB) -> None:
    pygame.draw.polygon(sprite, empty, pts)
    pygame.draw.polygon(sprite, lift(colour, 0.8), pts, 1)
    cx, cy = _centre(pts)
    r = _span(pts) * 0.3
    width = max(2, round(r * 0.35))
    pygame.draw.line(sprite, CASUALTY, (cx - r, cy - r), (cx + r, cy + r), width)
    pygame.draw.line(sprite, CASUALTY, (cx - r, cy + r), (cx + r, cy - r), width)


def _character(sprite: pygame.Surface, pts: list[Point], zoom: float) -> None:
    """A white ring inside the base and a five-pointed star in the middle."""
    import math

    cx, cy = _centre(pts)
    r = _span(pts) * 0.36
    pygame.draw.polygon(sprite, CHARACTER, pts, max(2, round(zoom * 0.1)))
    star = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rad = r if k % 2 == 0 else r * 0.45
        star.append((cx + rad * math.cos(a), cy - rad * math.sin(a)))
    pygame.draw.polygon(sprite, CHARACTER, star)
    pygame.draw.polygon(sprite, (30, 30, 30), star, 1)


def _command(sprite: pygame.Surface, pts: list[Point]) -> None:
    cx, cy = _centre(pts)
    r = _span(pts) * 0.3
    pygame.draw.rect(sprite, CHARACTER, pygame.Rect(round(cx - r), round(cy - r * 0.3),
                                                    round(2 * r), max(2, round(r * 0.6))))


def footprint_screen(look: UnitLook, anchor: tuple[int, int], at: Point,
                     cam: Camera) -> list[list[Point]]:
    """Screen outlines of the hexes of ``look`` for a unit whose own hex is ``anchor``, drawn
    with that hex's centre at world point ``at`` (a unit moving keeps its shape)."""
    ax, ay = hexlayout.hex_centre(*anchor)
    dx, dy = at[0] - ax, at[1] - ay
    out = []
    for q, r in look.hexes:
        ring = [(x + dx, y + dy) for x, y in hexlayout.hex_corners_world(q, r)]
        out.append(cam.points_to_screen(ring))
    return out


def draw_footprint(surface: pygame.Surface, look: UnitLook, anchor: tuple[int, int],
                   at: Point, cam: Camera, colour: RGB) -> None:
    """The hexes a large unit covers, filled in its darkened side colour with one outline
    round them all (inner edges left out): the player sees every space it stands on as one
    shape, not only the hex its token sits on."""
    rings = footprint_screen(look, anchor, at, cam)
    if len(rings) < 2:
        return
    for pts in rings:
        pygame.draw.polygon(surface, lift(colour, 0.7), pts)
    ax, ay = hexlayout.hex_centre(*anchor)
    dx, dy = at[0] - ax, at[1] - ay
    mine = set(look.hexes)
    width = max(2, round(cam.zoom * 0.08))
    for q, r in look.hexes:
        for d, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) in mine:
                continue
            a, b = hexlayout.edge_points(q, r, d)
            pygame.draw.line(surface, lift(colour, 0.35), cam.to_screen(a[0] + dx, a[1] + dy),
                             cam.to_screen(b[0] + dx, b[1] + dy), width)


def height_tag(fonts_get: Callable[[int, bool], pygame.font.Font], text: str,
               zoom: float) -> pygame.Surface | None:
    """A small dark tag with a unit's height (None when there is nothing to show or no room)."""
    if not text or zoom < 14:
        return None
    font = fonts_get(max(9, min(13, int(zoom * 0.22))), True)
    img = font.render(text, True, (255, 240, 170))
    tag = pygame.Surface((img.get_width() + 6, img.get_height() + 2), pygame.SRCALPHA)
    tag.fill((0, 0, 0, 190))
    tag.blit(img, (3, 1))
    return tag


def draw_ghosts(surface: pygame.Surface, ghosts: Sequence[Ghost], lit_key: str | None,
                cam: Camera, hover: RGB, font: pygame.font.Font,
                under_labels: Callable[[], None] | None = None) -> list[pygame.Rect]:
    """The placements a decision offers: see-through trays or hexes with their label (the
    one under the pointer, ``lit_key``, lit), a tray's front edge drawn heavy and a hex's
    facing wedge drawn, so a turned ghost reads its facing without words. Labels go on after
    every outline (:func:`place_labels`); ``under_labels`` (the units) is drawn between the
    outlines and the labels, so no token hides a label. Returns the label boxes drawn."""
    shown: list[tuple[Ghost, Point, pygame.Rect]] = []
    for ghost in ghosts:
        if ghost.tray is not None:
            pts = cam.points_to_screen(ghost.tray.corners)
            centre = cam.to_screen(ghost.tray.x, ghost.tray.y)
        elif ghost.hex is not None:
            pts = cam.points_to_screen(hexlayout.hex_corners_world(*ghost.hex, 0.9))
            centre = cam.to_screen(*hexlayout.hex_centre(*ghost.hex))
        else:
            continue
        lit = ghost.key == lit_key
        alpha_polygon(surface, pts, hover if lit else (235, 235, 235), 140 if lit else 80)
        pygame.draw.polygon(surface, hover, pts, 3 if lit else 1)
        if ghost.tray is not None:
            a, b = ghost.tray.edge_points(Side.FRONT)
            pygame.draw.line(surface, hover, cam.to_screen(*a), cam.to_screen(*b), 4)
        else:
            radius = math.dist(centre, pts[0]) / 0.9
            wedge = facing_wedge(centre, cam.angle(hexlayout.facing_angle(ghost.facing)), radius)
            pygame.draw.polygon(surface, hover, wedge)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        area = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        shown.append((ghost, centre, area))
    if under_labels is not None:
        under_labels()
    return place_labels(surface, shown, lit_key, font)


def place_labels(surface: pygame.Surface, shown: Sequence[tuple[Ghost, Point, pygame.Rect]],
                 lit_key: str | None, font: pygame.font.Font) -> list[pygame.Rect]:
    """The ghosts' labels, none over another: the lit one first, on its ghost; a label of a
    ghost at or near the place of one already labelled (the alignments, a Retreat's pairs:
    its centre lies inside that ghost's box) stacks under it (:func:`label_spot`); a label
    that would cover the label of a ghost elsewhere (Advance offers on neighbouring hexes) is
    left out, so labels never run in long chains across the board: that ghost's label shows
    when the pointer is on it (issue 13 leftovers). Returns the label boxes drawn."""
    placed: list[tuple[pygame.Rect, pygame.Rect]] = []  # (label box, its ghost's box)
    for ghost, centre, area in sorted(shown, key=lambda s: s[0].key != lit_key):
        img = font.render(ghost.label, True, (255, 255, 255))
        box = img.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(8, 4)
        near = [label for label, other in placed if other.collidepoint(centre)]
        box = label_spot(box, near)
        if ghost.key != lit_key and box.collidelist([label for label, _ in placed]) >= 0:
            continue
        placed.append((box, area))
        pygame.draw.rect(surface, (0, 0, 0), box)
        surface.blit(img, img.get_rect(center=box.center))
    return [label for label, _ in placed]


def label_spot(box: pygame.Rect, taken: Sequence[pygame.Rect]) -> pygame.Rect:
    """``box`` moved down past every box in ``taken`` it would cover (a stack of labels)."""
    box = box.copy()
    for _ in range(len(taken) + 1):
        hit = box.collidelist(list(taken))
        if hit < 0:
            break
        box.top = taken[hit].bottom + 1
    return box


def facing_wedge(c: Point, angle: float, zoom: float) -> list[Point]:
    """The facing marker of a hex unit: a narrow wedge from inside the token to the hex edge,
    pointing at ``angle`` (table degrees, 0 = up, clockwise; screen y grows downwards)."""
    rad = math.radians(angle)
    fx, fy = math.sin(rad), -math.cos(rad)
    rx, ry = -fy, fx
    tip = (c[0] + fx * zoom * 0.95, c[1] + fy * zoom * 0.95)
    base, half = zoom * 0.45, zoom * 0.17
    return [tip, (c[0] + fx * base + rx * half, c[1] + fy * base + ry * half),
            (c[0] + fx * base - rx * half, c[1] + fy * base - ry * half)]
