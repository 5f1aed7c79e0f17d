"""Draws a board with height and a ruleset's board marks.

Hex cells carry an ``elevation`` (:class:`game.core.state.HexCell`): every level gets its own
shade, lighter the higher (terraces, so equal heights read as one plateau), the number of the
level is written in the hex, and an edge between two levels is drawn as a cliff: a dark line
on the high side, heavier the bigger the drop. Board marks
(:meth:`game.core.ruleset.Ruleset.board_marks`) are walls (``wall`` segments), links
(``link`` segments), obstructions and pads (hex marks) and areas, each with its label.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

import pygame

from game.core.inspect import Area, BoardMark, HexMark, Relief, Segment
from game.core.state import HexBoard, TableBoard, TerrainPiece
from game.geometry.hexgrid import DIRECTIONS, Hex
from game.ui import hexlayout
from game.ui.board_page import fill_around
from game.ui.camera import Camera
from game.ui.draw_units import lift
from game.ui.palette import RGB, Palette

Point = tuple[float, float]
FontGet = Callable[[int, bool], pygame.font.Font]
CLIFF: RGB = (28, 22, 18)
WALL: RGB = (60, 44, 36)
LINK: RGB = (150, 110, 255)
OBSTRUCTION: RGB = (92, 84, 78)
SUMMIT: RGB = (250, 246, 232)
"""The colour the relief ramp climbs toward: the highest ground reads near white."""
LIGHT = (-math.sqrt(0.5), -math.sqrt(0.5))
"""Where the relief's light comes from on screen (the top left, as maps are lit)."""
SHADOW_ALPHA = 96


def level_factor(elevation: int, low: int, high: int) -> float:
    """The shade factor of a level between the board's lowest and highest: 0.8 at the bottom,
    1.45 at the top (1.0 for a flat board)."""
    if high <= low:
        return 1.0
    t = (elevation - low) / (high - low)
    return 0.8 + 0.65 * t


def edge_points(h: Hex, direction: int) -> tuple[Point, Point]:
    """World end points of the edge of ``h`` facing its neighbour in ``direction``."""
    return hexlayout.edge_points(h.q, h.r, direction)


def cliffs(board: HexBoard) -> list[tuple[Hex, int, int]]:
    """Every edge between two cells of different elevation, once: (higher cell, direction to
    the lower one, the drop)."""
    out = []
    for h, cell in board.cells.items():
        for d, (dq, dr) in enumerate(DIRECTIONS):
            other = board.cells.get(Hex(h.q + dq, h.r + dr))
            if other is not None and cell.elevation > other.elevation:
                out.append((h, d, cell.elevation - other.elevation))
    return out


def draw_elevation(base: pygame.Surface, board: HexBoard, cam: Camera, fonts: FontGet,
                   cull: bool = True) -> None:
    """Cliffs between levels and the level of every raised or sunken hex (see the module
    docstring); the cells are already filled by the caller's shade. Only the cliffs and
    levels that reach ``base`` are drawn (``cull`` False: all of them)."""
    facts = map_facts(board)
    steps = [drop for _, _, drop in facts.cliffs]
    if not steps:
        return
    biggest = max(steps)
    near = _reaching(base, cam, facts.cliff_centres, cull)
    for (h, d, drop), seen in zip(facts.cliffs, near, strict=True):
        if not seen:
            continue
        a, b = edge_points(h, d)
        width = 2 + round(4 * drop / biggest) if cam.zoom >= 12 else 1
        pygame.draw.line(base, CLIFF, cam.to_screen(*a), cam.to_screen(*b), width)
    if cam.zoom < 22:
        return
    font = fonts(max(9, min(14, int(cam.zoom * 0.26))), True)
    for (h, cell), seen in zip(facts.cells, _reaching(base, cam, facts.centres, cull),
                               strict=True):
        if cell.elevation == 0 or not seen:
            continue
        cx, cy = cam.to_screen(*hexlayout.hex_centre(h.q, h.r))
        img = font.render(f"{cell.elevation:+d}" if cell.elevation < 0 else
                          f"^{cell.elevation}", True, (250, 246, 230))
        box = img.get_rect(center=(round(cx), round(cy - cam.zoom * 0.58)))
        pygame.draw.rect(base, (40, 34, 28), box.inflate(6, 2), border_radius=3)
        base.blit(img, box)


def cell_colour(palette: Palette, terrain: str, elevation: int, low: int, high: int) -> RGB:
    """A cell's fill: its terrain colour at its level's shade."""
    return lift(palette.terrain_colour(terrain), level_factor(elevation, low, high))


def relief_height(elevation: int, low: int, high: int, step: int) -> float:
    """Where a height sits on the relief ramp, 0 (the lowest step of the board) to 1 (the
    highest): heights within one ``step`` share a place, so they read as one level."""
    bottom, top, here = low // step, high // step, elevation // step
    return 0.0 if top <= bottom else (here - bottom) / (top - bottom)


def relief_colour(palette: Palette, terrain: str, elevation: int, low: int, high: int,
                  step: int) -> RGB:
    """A cell's fill on a board with relief: its terrain colour darkened at the bottom of the
    ramp and blended toward :data:`SUMMIT` going up, so a hill, its crown, a mesa and a tower
    read apart at a glance while water still reads as water. The ramp is steeper low down
    (``t ** 0.6``): the first steps up, where most ground is, must read apart too."""
    t = relief_height(elevation, low, high, step)
    dark = lift(palette.terrain_colour(terrain), 0.86)
    k = 0.8 * t ** 0.6
    return (round(dark[0] + (SUMMIT[0] - dark[0]) * k), round(dark[1] + (SUMMIT[1] - dark[1]) * k),
            round(dark[2] + (SUMMIT[2] - dark[2]) * k))


RELIEF_STEP = 120
"""Cliffs worked out or drawn in one step of :func:`relief_steps`."""


def relief_steps(base: pygame.Surface, board: HexBoard, cam: Camera, step: int,
                 cull: bool = True) -> Iterator[None]:
    """Hill shading, a step at a time (:data:`RELIEF_STEP` cliffs a step: a map seen whole
    has hundreds of cliffs, too many for one slice of a frame): every edge where ground drops
    casts a shadow on the lower cell when it faces away from the light (longer the bigger the
    drop, in steps), and is lit on the high side when it faces the light. Only the cliffs
    that reach ``base`` are drawn, their shadows through a surface of the size they cover
    (``cull`` False: every cliff through a surface of the layer's size, the reference the
    tests compare with)."""
    facts = map_facts(board)
    found = [cliff for cliff, seen in zip(
        facts.cliffs, _reaching(base, cam, facts.cliff_centres, cull), strict=True) if seen]
    shadows: list[list[Point]] = []
    lit: list[tuple[Point, Point, int]] = []
    for start in range(0, len(found), RELIEF_STEP):
        if start:
            yield
        _relief_shapes(found[start:start + RELIEF_STEP], cam, step, shadows, lit)
    yield from _shadows(base, shadows, cull)
    for start in range(0, len(lit), RELIEF_STEP):
        yield
        for a, b, width in lit[start:start + RELIEF_STEP]:
            pygame.draw.line(base, (255, 252, 236), a, b, width)


def _relief_shapes(found: list[tuple[Hex, int, int]], cam: Camera, step: int,
                   shadows: list[list[Point]], lit: list[tuple[Point, Point, int]]) -> None:
    """The screen shapes of the relief of the cliffs ``found``: their shadows (polygons)
    and lit edges (lines and widths) added to ``shadows`` and ``lit``."""
    for h, d, drop in found:
        a, b = (cam.to_screen(*p) for p in edge_points(h, d))
        high = cam.to_screen(*hexlayout.hex_centre(h.q, h.r))
        dq, dr = DIRECTIONS[d]
        low = cam.to_screen(*hexlayout.hex_centre(h.q + dq, h.r + dr))
        nx, ny = (a[0] + b[0]) / 2 - high[0], (a[1] + b[1]) / 2 - high[1]
        length = math.hypot(nx, ny) or 1.0
        facing = (nx * LIGHT[0] + ny * LIGHT[1]) / length
        steps = max(1, -(-drop // step))
        if facing < -0.2:
            k = min(0.55, 0.14 + 0.07 * steps)
            shadows.append([a, b, (b[0] + (low[0] - b[0]) * k, b[1] + (low[1] - b[1]) * k),
                            (a[0] + (low[0] - a[0]) * k, a[1] + (low[1] - a[1]) * k)])
        elif facing > 0.2:
            inset = 0.06
            lit.append(((a[0] + (high[0] - a[0]) * inset, a[1] + (high[1] - a[1]) * inset),
                        (b[0] + (high[0] - b[0]) * inset, b[1] + (high[1] - b[1]) * inset),
                        max(1, min(4, round(cam.zoom * 0.05 * steps)))))


def _reaching(base: pygame.Surface, cam: Camera, centres: Any, cull: bool) -> list[bool]:
    """For each hex of ``centres`` (world, an array (n, 2)), whether what is drawn on or
    around it (its cliffs' lines, shadows and lit edges, its level tag: within a hex and a
    few pixels of its centre) can reach ``base``; all True when not ``cull``."""
    if not cull or not len(centres):
        return [True] * len(centres)
    screen = _to_screen(cam, centres)
    width, height = base.get_size()
    pad = cam.zoom * 1.05 + 12
    seen: list[bool] = ((screen[:, 0] >= -pad) & (screen[:, 0] <= width + pad)
                        & (screen[:, 1] >= -pad) & (screen[:, 1] <= height + pad)).tolist()
    return seen


def _shadows(base: pygame.Surface, shadows: list[list[Point]], cull: bool) -> Iterator[None]:
    """The relief's shadows drawn on one transparent surface blitted over ``base`` (they
    overlap without darkening twice), a step each :data:`RELIEF_STEP` shadows: a surface of
    the rectangle they cover (``cull`` False: of the layer's size)."""
    area = base.get_rect()
    if cull:
        if not shadows:
            return
        xs = [x for pts in shadows for x, _ in pts]
        ys = [y for pts in shadows for _, y in pts]
        area = pygame.Rect(math.floor(min(xs)) - 1, math.floor(min(ys)) - 1, 0, 0)
        area.width = math.ceil(max(xs)) + 2 - area.left
        area.height = math.ceil(max(ys)) + 2 - area.top
        area = area.clip(base.get_rect())
        if not area.width or not area.height:
            return
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    for index, pts in enumerate(shadows):
        if index % RELIEF_STEP == 0:
            yield
        pygame.draw.polygon(shade, (0, 0, 0, SHADOW_ALPHA),
                            [(x - area.left, y - area.top) for x, y in pts])
    yield
    base.blit(shade, area.topleft)


def draw_marks(base: pygame.Surface, marks: Sequence[BoardMark], cam: Camera,
               palette: Palette, fonts: FontGet) -> None:
    """The ruleset's board marks: areas and hexes first, then walls and links, then labels."""
    labels: list[tuple[str, Point]] = []
    for mark in marks:
        if isinstance(mark, Area):
            pts = cam.points_to_screen(list(mark.points))
            if len(pts) >= 3:
                pygame.draw.polygon(base, lift(palette.terrain_colour("rough"), 0.8), pts, 3)
                if mark.label:
                    labels.append((mark.label, _mean(pts)))
        elif isinstance(mark, HexMark):
            labels += _hexmark(base, mark, cam, palette)
    for mark in marks:
        if isinstance(mark, Segment):
            labels += _segment(base, mark, cam, palette)
    font = fonts(max(9, min(13, int(cam.zoom * 0.24))), True)
    for text, at in labels:
        img = font.render(text, True, (255, 255, 255))
        box = img.get_rect(center=(round(at[0]), round(at[1])))
        pygame.draw.rect(base, (0, 0, 0), box.inflate(6, 2), border_radius=3)
        base.blit(img, box)


def _mean(pts: Sequence[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _hexmark(base: pygame.Surface, mark: HexMark, cam: Camera,
             palette: Palette) -> list[tuple[str, Point]]:
    centre = cam.to_screen(*hexlayout.hex_centre(mark.q, mark.r))
    if mark.style == "obstruction":
        pts = cam.points_to_screen(hexlayout.hex_corners_world(mark.q, mark.r, 0.62))
        pygame.draw.polygon(base, OBSTRUCTION, pts)
        pygame.draw.polygon(base, CLIFF, pts, max(2, round(cam.zoom * 0.08)))
        top = cam.points_to_screen(hexlayout.hex_corners_world(mark.q, mark.r, 0.42))
        pygame.draw.polygon(base, lift(OBSTRUCTION, 1.4), top)
    elif mark.style == "pad":
        r = max(4, round(cam.zoom * 0.45))
        pygame.draw.circle(base, LINK, centre, r, max(2, round(cam.zoom * 0.1)))
        pygame.draw.circle(base, lift(LINK, 1.4), centre, max(2, r // 3))
    else:
        pts = cam.points_to_screen(hexlayout.hex_corners_world(mark.q, mark.r, 0.9))
        pygame.draw.polygon(base, palette.hover, pts, 2)
    return [(mark.label, (centre[0], centre[1] + cam.zoom * 0.15))] if mark.label else []


def _segment(base: pygame.Surface, seg: Segment, cam: Camera,
             palette: Palette) -> list[tuple[str, Point]]:
    a, b = cam.to_screen(*seg.a), cam.to_screen(*seg.b)
    if seg.style == "wall":
        pygame.draw.line(base, WALL, a, b, max(4, round(cam.zoom * 0.22)))
        pygame.draw.line(base, lift(WALL, 1.8), a, b, max(1, round(cam.zoom * 0.06)))
    elif seg.style == "link":
        _dashed(base, LINK, a, b, max(2, round(cam.zoom * 0.08)), max(6.0, cam.zoom * 0.3))
    else:
        pygame.draw.line(base, palette.hover, a, b, 2)
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    return [(seg.label, mid)] if seg.label else []


def _dashed(surface: pygame.Surface, colour: RGB, a: Point, b: Point, width: int,
            dash: float) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pygame.draw.line(surface, colour, (a[0] + ux * t, a[1] + uy * t),
                         (a[0] + ux * e, a[1] + uy * e), width)
        t += dash * 1.8


def draw_table(base: pygame.Surface, board: TableBoard, cam: Camera, grid: bool,
               palette: Palette, background: tuple[int, int, int] | None = None) -> None:
    """The table with its edge, and the inch grid (every sixth line heavier) when zoomed in
    enough to read it; ``background``: the ground around the edge too (each pixel filled
    once, not three times over, when the table fills the layer)."""
    x0, y1 = cam.to_screen(0, 0)
    x1, y0 = cam.to_screen(board.width, board.height)
    rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    edge = rect.inflate(12, 12)
    if background is not None:
        fill_around(base, background, base.get_rect(), edge)
    fill_around(base, palette.table_edge, edge, rect)
    base.fill(palette.table, rect)
    if grid:
        draw_grid(base, board, cam, palette)


def draw_grid(base: pygame.Surface, board: TableBoard, cam: Camera, palette: Palette) -> None:
    """The inch grid of the table, every sixth line heavier, when zoomed in enough to read."""
    for _ in grid_steps(base, board, cam, palette):
        pass


GRID_STEP = 48
"""Grid lines drawn in one step of a board built over several frames."""


def grid_steps(base: pygame.Surface, board: TableBoard, cam: Camera, palette: Palette
               ) -> Iterator[None]:
    """:func:`draw_grid` a step at a time (:data:`GRID_STEP` lines a step): a page four
    viewports large holds hundreds of lines, too many for one slice of a frame."""
    x0, y1 = cam.to_screen(0, 0)
    x1, y0 = cam.to_screen(board.width, board.height)
    rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    if cam.zoom < 4:
        return
    # only the lines that can land on the layer (one inch of margin either side)
    left, top = cam.to_world(0, 0)
    right, bottom = cam.to_world(*base.get_size())
    drawn = 0
    for i in range(max(1, math.floor(left)), min(math.ceil(board.width), math.ceil(right) + 1)):
        sx = round(cam.to_screen(i, 0)[0])
        colour = palette.grid_major if i % 6 == 0 else palette.grid
        pygame.draw.line(base, colour, (sx, rect.top), (sx, rect.bottom - 1))
        drawn += 1
        if drawn % GRID_STEP == 0:
            yield
    for j in range(max(1, math.floor(bottom)), min(math.ceil(board.height),
                                                   math.ceil(top) + 1)):
        sy = round(cam.to_screen(0, j)[1])
        colour = palette.grid_major if j % 6 == 0 else palette.grid
        pygame.draw.line(base, colour, (rect.left, sy), (rect.right - 1, sy))
        drawn += 1
        if drawn % GRID_STEP == 0:
            yield


def draw_terrain(base: pygame.Surface, terrain: Sequence[TerrainPiece], cam: Camera,
                 palette: Palette, fonts: FontGet) -> None:
    """Each terrain piece filled in its kind's colour, outlined (heavier when it blocks
    sight), hatched when impassable, and labelled with its kind."""
    font = fonts(max(9, min(16, int(cam.zoom * 0.8))), False)
    for piece in terrain:
        pts = cam.points_to_screen(piece.points)
        colour = palette.terrain_colour(piece.kind)
        pygame.draw.polygon(base, colour, pts)
        edge = lift(colour, 0.6)
        width = 3 if piece.has("blocks-sight") else 1
        pygame.draw.polygon(base, edge, pts, width)
        if piece.has("impassable"):
            hatch(base, pts, edge)
        c = piece.polygon.centroid
        label = font.render(piece.kind, True, lift(colour, 1.5))
        sx, sy = cam.to_screen(c.x, c.y)
        base.blit(label, label.get_rect(center=(round(sx), round(sy))))


def hatch(base: pygame.Surface, pts: list[Point], colour: RGB) -> None:
    """Diagonal hatching clipped to a polygon (impassable ground). The hatch of a shape (its
    corners to the pixel, relative to its box) is drawn once and blitted for every cell of
    that shape and colour."""
    x0, y0 = math.floor(min(p[0] for p in pts)), math.floor(min(p[1] for p in pts))
    local = tuple((round(x - x0), round(y - y0)) for x, y in pts)
    key = (colour, local)
    mask = _HATCHES.get(key)
    if mask is None:
        if len(_HATCHES) >= HATCH_KEEP:
            _HATCHES.clear()
        mask = _HATCHES[key] = _hatch_sprite(local, colour)
    base.blit(mask, (x0, y0))


HATCH_KEEP = 256
"""Hatch sprites kept (a map at one zoom has a handful of shapes and colours)."""
_HATCHES: dict[Hashable, pygame.Surface] = {}


def _hatch_sprite(local: tuple[tuple[int, int], ...], colour: RGB) -> pygame.Surface:
    """Diagonal lines every 8 pixels inside the polygon ``local`` (pixels from its box)."""
    size = (max(x for x, _ in local) + 1, max(y for _, y in local) + 1)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    width, height = size
    for k in range(-height, width, 8):
        pygame.draw.line(mask, (*colour, 255), (k, height), (k + height, 0), 1)
    stencil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.polygon(stencil, (255, 255, 255, 255), local)
    mask.blit(stencil, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return mask


def fill_colour(palette: Palette, terrain: str, elevation: int, low: int, high: int,
                relief: Relief | None) -> RGB:
    """A cell's fill: on the relief ramp when the ruleset declares one, else the terraces."""
    if relief is None:
        return cell_colour(palette, terrain, elevation, low, high)
    return relief_colour(palette, terrain, elevation, low, high, max(1, relief.step))


def draw_hexmap(base: pygame.Surface, board: HexBoard, cam: Camera, palette: Palette,
                fonts: FontGet, relief: Relief | None = None) -> None:
    """Every cell at its level's shade with its terrain edge (heavy where it blocks sight),
    hatching where impassable, its coordinates when zoomed in, then the cliffs and levels;
    with a ``relief``, the shade is the relief ramp and higher ground casts shadows (all of
    :func:`hexmap_steps` at once)."""
    for _ in hexmap_steps(base, board, cam, palette, fonts, relief):
        pass


HEX_SLICE = 75
"""Cells painted between two steps of :func:`hexmap_steps` (a few milliseconds' work)."""


class _MapFacts:
    """What painting a hex map needs that depends on its cells alone, worked out once per
    map (not per frame): the cells in order, their world corners and centres as arrays, the
    cliffs between levels and the lowest and highest level."""

    def __init__(self, board: HexBoard) -> None:
        import numpy as np

        self.cells = list(board.cells.items())
        centres = [hexlayout.hex_centre(h.q, h.r) for h, _ in self.cells]
        self.centres = np.asarray(centres, dtype=float).reshape(-1, 2)
        angles = np.radians(60 * np.arange(6) + 30)
        ring = np.stack([np.cos(angles), np.sin(angles)], axis=1)
        self.corners = self.centres[:, None, :] + ring[None, :, :]
        levels = [cell.elevation for _, cell in self.cells] or [0]
        self.low, self.high = min(levels), max(levels)
        self.cliffs = cliffs(board)
        self.cliff_centres = np.asarray(
            [hexlayout.hex_centre(h.q, h.r) for h, _, _ in self.cliffs],
            dtype=float).reshape(-1, 2)
        """The world centre of each cliff's higher cell (which cliffs reach a layer)."""
        self._colours: dict[Hashable, list[RGB]] = {}

    def colours(self, palette: Palette, relief: Relief | None) -> list[RGB]:
        """Every cell's fill (:func:`fill_colour`), once per palette and relief."""
        key = (palette.name, relief)
        if key not in self._colours:
            self._colours[key] = [fill_colour(palette, cell.terrain, cell.elevation, self.low,
                                              self.high, relief) for _, cell in self.cells]
        return self._colours[key]


_FACTS: list[tuple[Hashable, _MapFacts]] = []
"""The facts of the last hex map painted (one: the table shows one map at a time)."""


def map_facts(board: HexBoard) -> _MapFacts:
    """:class:`_MapFacts` of ``board``, kept while its cells are the same objects (a map
    edited in place gets new cell records, so new facts)."""
    key = (id(board.cells), tuple(map(id, board.cells)), tuple(map(id, board.cells.values())))
    if not _FACTS or _FACTS[0][0] != key:
        _FACTS[:] = [(key, _MapFacts(board))]
    return _FACTS[0][1]


def _to_screen(cam: Camera, points: Any) -> Any:
    """:meth:`Camera.to_screen` of an array of world points (..., 2), the same arithmetic
    (a flat-top map's camera turned a quarter)."""
    import numpy as np

    vx, vy = (points[..., 1], -points[..., 0]) if cam.turn % 4 == 1 else (
        points[..., 0], points[..., 1])
    return np.stack([cam.left + cam.width / 2 + (vx - cam.cx) * cam.zoom,
                     cam.top + cam.height / 2 - (vy - cam.cy) * cam.zoom], axis=-1)


def hexmap_steps(base: pygame.Surface, board: HexBoard, cam: Camera, palette: Palette,
                 fonts: FontGet, relief: Relief | None = None, cull: bool = True
                 ) -> Iterator[None]:
    """:func:`draw_hexmap` a slice at a time (the renderer paints a new zoom's map over
    several frames, see ``Renderer._build_ahead``): :data:`HEX_SLICE` cells between two
    steps, then the relief and the cliffs. Only the cells that reach ``base`` are painted
    (``cull`` False: every cell, the reference the tests compare with)."""
    import numpy as np

    facts = map_facts(board)
    font = fonts(max(8, min(13, int(cam.zoom * 0.22))), False)
    colours = facts.colours(palette, relief)
    centres = _to_screen(cam, facts.centres)
    w, h = base.get_size()
    pad = cam.zoom * 1.05 if cull else math.inf  # a hex's circumradius on screen, and more
    seen = np.flatnonzero((centres[:, 0] >= -pad) & (centres[:, 0] <= w + pad)
                          & (centres[:, 1] >= -pad) & (centres[:, 1] <= h + pad))
    for start in range(0, len(seen), HEX_SLICE):
        if start:
            yield
        rows = seen[start:start + HEX_SLICE]
        screen = _to_screen(cam, facts.corners[rows]).tolist()
        for i, pts in zip(rows.tolist(), screen, strict=True):
            hx, cell = facts.cells[i]
            colour = colours[i]
            pygame.draw.polygon(base, colour, pts)
            width = 3 if cell.has("blocks-sight") else 1
            pygame.draw.polygon(base, lift(colour, 0.6), pts, width)
            if cell.has("impassable"):
                hatch(base, pts, lift(colour, 0.5))
            if cam.zoom >= 30:
                cx, cy = centres[i]
                label = font.render(f"{hx.q},{hx.r}", True, lift(colour, 0.55))
                base.blit(label, label.get_rect(center=(round(cx), round(cy + cam.zoom * 0.62))))
    if relief is not None:
        yield
        yield from relief_steps(base, board, cam, max(1, relief.step), cull)
    yield
    draw_elevation(base, board, cam, fonts, cull)
