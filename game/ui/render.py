"""The table renderer: a pure function of ``(GameState, ViewState)`` onto a pygame Surface.

Layers, back to front, each cached on what it depends on:

1. **base**: background, table or hex map, inch grid, terrain and the selected unit's arcs;
   re-rendered only when the camera, the board, the terrain, the palette or the arcs change.
2. **units**: one sprite per unit, cached by (unit look, zoom); blitted at its centre.
3. **inspections**: the ruleset's records of the selected unit and of the hovered pair, drawn
   by :class:`game.ui.inspect_draw.InspectionPainter` (shapes, info box, odds charts).
4. selection/target outlines and decision ghosts, drawn directly (a few polygons).

It never changes the game state.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import replace

import pygame

from game.core.inspect import BoardMark, ModelBase, UnitLook
from game.core.ruleset import Ruleset
from game.core.state import GameState, HexBoard, TableBoard, Unit
from game.geometry.arcs import Arc, arc_region
from game.geometry.tray import Tray
from game.ui import draw_board, draw_units, hexlayout
from game.ui.assets import Fonts
from game.ui.board_page import BoardPage
from game.ui.camera import Camera
from game.ui.draw_profile import draw_beside
from game.ui.inspect_draw import InspectionPainter, alpha_polygon
from game.ui.palette import RGB, Palette
from game.ui.unit_text import models_left, polygon_rings, shade, status_text
from game.ui.view import HoverOverlay, ViewState

Point = tuple[float, float]
ARC_ALPHA = 70
SPRITE_CACHE_LIMIT = 4000


class Renderer:
    """Draws a game state with a view; owns its caches (see module docstring)."""

    def __init__(self, palette: Palette, fonts: Fonts | None = None,
                 ruleset: Ruleset | None = None) -> None:
        self.palette = palette
        self.fonts = fonts or Fonts()
        self.ruleset = ruleset
        """The ruleset whose :meth:`~Ruleset.unit_look` and :meth:`~Ruleset.board_marks` are
        drawn (None: the plain look; the owner sets it when a game starts)."""
        self._looks: tuple[Hashable, dict[str, UnitLook | None]] = (None, {})
        self._marks: tuple[Hashable, tuple[BoardMark, ...]] = (None, ())
        self._base: pygame.Surface | None = None
        self._base_key: Hashable = None
        self._sprites: dict[Hashable, tuple[pygame.Surface, Point]] = {}
        self.painter = InspectionPainter(palette, self.fonts)
        self._board: pygame.Surface | None = None
        self._units_key: Hashable = None
        self.stats = {"base_renders": 0, "sprite_renders": 0, "board_renders": 0}
        self.page = BoardPage()
        self._board_for: tuple[int, int, frozenset[str]] | None = None

    def set_palette(self, palette: Palette) -> None:
        """Change the palette (drops every cache)."""
        self.palette = palette
        self._base_key = None
        self._units_key = None
        self._sprites.clear()
        self.painter.reset(palette)

    # --- frame ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, view: ViewState) -> None:
        """Draw one frame of ``state`` seen through ``view`` onto ``surface``."""
        cam = view.camera
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.left, cam.top, cam.width, cam.height))
        scaled = None if view.ghosts or self._board_for != (
            id(state), view.revision, self._moving(view)) else self.page.scaled(self._board, cam)
        if scaled is not None:  # the wheel is turning: the last board, scaled (see BoardPage)
            surface.fill(self.palette.background, pygame.Rect(cam.left, cam.top, cam.width,
                                                              cam.height))
            surface.blit(*scaled)
            self._draw_units(surface, state, view, self._moving(view))
            self._draw_outlines(surface, state, view)
            self._draw_overlays(surface, state, view)
            surface.set_clip(clip)
            return
        page_cam, offset = self.page.place(cam)
        page_view = replace(view, camera=page_cam)
        base = self._base_layer(surface, state, page_view)
        if view.ghosts:
            surface.blit(base, offset)
            self._draw_ghosts(surface, state, view)
            self._draw_units(surface, state, view, None)
        else:
            surface.blit(self._board_layer(base, state, page_view), offset)
            self._draw_units(surface, state, view, self._moving(view))
        self._draw_outlines(surface, state, view)
        self._draw_overlays(surface, state, view)
        surface.set_clip(clip)

    # --- the ruleset's looks and marks ------------------------------------------------------

    def look(self, state: GameState, view: ViewState, unit_id: str) -> UnitLook | None:
        """The ruleset's look of a unit, asked once per game state revision."""
        key = (id(self.ruleset), id(state), view.revision)
        if self._looks[0] != key:
            self._looks = (key, {})
        cache = self._looks[1]
        if unit_id not in cache:
            cache[unit_id] = (None if self.ruleset is None else
                              self.ruleset.unit_look(state, unit_id))
        return cache[unit_id]

    def board_marks(self, state: GameState, view: ViewState) -> tuple[BoardMark, ...]:
        """The ruleset's board marks, asked once per game state revision."""
        key = (id(self.ruleset), id(state), view.revision)
        if self._marks[0] != key:
            marks = () if self.ruleset is None else tuple(self.ruleset.board_marks(state))
            self._marks = (key, marks)
        return self._marks[1]

    # --- units ----------------------------------------------------------------------------

    @staticmethod
    def _moving(view: ViewState) -> frozenset[str]:
        """Units drawn at a view override (dragged or animated): never cached."""
        return frozenset(view.overrides) | frozenset(view.hex_overrides)

    def _board_layer(
        self, base: pygame.Surface, state: GameState, view: ViewState
    ) -> pygame.Surface:
        """The base layer with every unit that is not moving, cached on the base layer, the
        state (object and ``view.revision``) and the set of moving units."""
        moving = self._moving(view)
        key = (self._base_key, id(state), view.revision, moving)
        if self._board is None or key != self._units_key:
            board = base.copy()
            self._draw_units(board, state, view, None, skip=moving)
            self._board, self._units_key = board, key
            self._board_for = (id(state), view.revision, moving)
            self.stats["board_renders"] += 1
        return self._board

    def _draw_units(
        self, surface: pygame.Surface, state: GameState, view: ViewState,
        only: frozenset[str] | None, skip: frozenset[str] = frozenset(),
    ) -> None:
        """Draw the units on the board (``only``: just these ids; ``skip``: not these)."""
        if only is not None and not only:
            return
        colours = {p.number: self.palette.player_colour(p.number, p.colour)
                   for p in state.players}
        for unit in state.units.values():
            if not unit.on_board or unit.id in skip or (only is not None and unit.id not in only):
                continue
            self._draw_unit(surface, view, unit, colours.get(unit.owner, (160, 160, 160)),
                            self.look(state, view, unit.id))

    # --- base layer -----------------------------------------------------------------------

    def _arc_trays(self, state: GameState, view: ViewState) -> tuple[tuple[str, Tray], ...]:
        if not view.show_arcs:
            return ()
        ids = [u.id for u in state.live_units()] if view.all_arcs else [view.selected]
        out: list[tuple[str, Tray]] = []
        for uid in ids:
            unit = state.units.get(uid) if uid else None
            if unit is None or not unit.on_board:
                continue
            tray = view.overrides.get(unit.id, unit.tray)
            if tray is not None:
                out.append((unit.id, tray))
        return tuple(out)

    def _board_key(self, state: GameState) -> Hashable:
        board = state.board
        if isinstance(board, HexBoard):
            return ("hex", id(board.cells), len(board.cells))
        return ("table", board.width, board.height)

    def _base_layer(
        self, surface: pygame.Surface, state: GameState, view: ViewState
    ) -> pygame.Surface:
        arcs = self._arc_trays(state, view)
        size = (view.camera.width, view.camera.height)
        key = (
            view.camera.key(), size, self._board_key(state),
            tuple(state.terrain), view.grid, self.palette.name, arcs,
            self.board_marks(state, view),
        )
        if self._base is None or key != self._base_key:
            self._base = self._render_base(size, state, view, arcs)
            self._base_key = key
            self.stats["base_renders"] += 1
        return self._base

    def _render_base(
        self, size: tuple[int, int], state: GameState, view: ViewState,
        arcs: tuple[tuple[str, Tray], ...],
    ) -> pygame.Surface:
        base = pygame.Surface(size).convert() if pygame.display.get_surface() else (
            pygame.Surface(size)
        )
        base.fill(self.palette.background)
        cam = view.camera
        board = state.board
        if isinstance(board, TableBoard):
            self._draw_table(base, board, cam, view.grid)
            self._draw_terrain(base, state, cam)
            self._draw_arcs(base, board, arcs, cam)
        else:
            self._draw_hexmap(base, board, cam)
        marks = self.board_marks(state, view)
        if marks:
            draw_board.draw_marks(base, marks, cam, self.palette, self._font)
        return base

    def _font(self, size: int, bold: bool) -> pygame.font.Font:
        return self.fonts.get(size, bold=bold)

    def _draw_table(self, base: pygame.Surface, board: TableBoard, cam: Camera, grid: bool) -> None:
        x0, y1 = cam.to_screen(0, 0)
        x1, y0 = cam.to_screen(board.width, board.height)
        rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
        pygame.draw.rect(base, self.palette.table_edge, rect.inflate(12, 12))
        pygame.draw.rect(base, self.palette.table, rect)
        if grid and cam.zoom >= 4:
            for i in range(1, math.ceil(board.width)):
                sx = round(cam.to_screen(i, 0)[0])
                colour = self.palette.grid_major if i % 6 == 0 else self.palette.grid
                pygame.draw.line(base, colour, (sx, rect.top), (sx, rect.bottom - 1))
            for j in range(1, math.ceil(board.height)):
                sy = round(cam.to_screen(0, j)[1])
                colour = self.palette.grid_major if j % 6 == 0 else self.palette.grid
                pygame.draw.line(base, colour, (rect.left, sy), (rect.right - 1, sy))

    def _draw_terrain(self, base: pygame.Surface, state: GameState, cam: Camera) -> None:
        font = self.fonts.get(max(9, min(16, int(cam.zoom * 0.8))))
        for piece in state.terrain:
            pts = cam.points_to_screen(piece.points)
            colour = self.palette.terrain_colour(piece.kind)
            pygame.draw.polygon(base, colour, pts)
            edge = shade(colour, 0.6)
            width = 3 if piece.has("blocks-sight") else 1
            pygame.draw.polygon(base, edge, pts, width)
            if piece.has("impassable"):
                self._hatch(base, pts, edge)
            c = piece.polygon.centroid
            label = font.render(piece.kind, True, shade(colour, 1.5))
            sx, sy = cam.to_screen(c.x, c.y)
            base.blit(label, label.get_rect(center=(round(sx), round(sy))))

    def _hatch(self, base: pygame.Surface, pts: list[Point], colour: RGB) -> None:
        draw_board.hatch(base, pts, colour)

    def arc_colour(self, arc: Arc) -> RGB:
        """The overlay colour of an arc."""
        p = self.palette
        return {Arc.FRONT: p.arc_front, Arc.LEFT: p.arc_left, Arc.RIGHT: p.arc_right,
                Arc.REAR: p.arc_rear}[arc]

    def _draw_arcs(
        self, base: pygame.Surface, board: TableBoard,
        arcs: tuple[tuple[str, Tray], ...], cam: Camera,
    ) -> None:
        if not arcs:
            return
        layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
        extent = max(board.width, board.height) * 2 + 10
        table = board.polygon
        for _, tray in arcs:
            for arc in Arc:
                region = arc_region(tray, arc, "corner-45", extent).intersection(table)
                colour = self.arc_colour(arc)
                for ring in polygon_rings(region):
                    pts = cam.points_to_screen(ring)
                    if len(pts) >= 3:
                        pygame.draw.polygon(layer, (*colour, ARC_ALPHA), pts)
                        pygame.draw.polygon(layer, (*colour, 160), pts, 1)
        base.blit(layer, (0, 0))

    def _draw_hexmap(self, base: pygame.Surface, board: HexBoard, cam: Camera) -> None:
        draw_board.draw_hexmap(base, board, cam, self.palette, self._font)

    # --- units ----------------------------------------------------------------------------

    def unit_colour(self, state: GameState, unit: Unit) -> RGB:
        """The side colour of a unit under the current palette."""
        try:
            player = state.player(unit.owner)
        except KeyError:
            return (160, 160, 160)
        return self.palette.player_colour(player.number, player.colour)

    def _draw_unit(
        self, surface: pygame.Surface, view: ViewState, unit: Unit, colour: RGB,
        look: UnitLook | None = None,
    ) -> None:
        cam = view.camera
        tray = view.overrides.get(unit.id, unit.tray)
        if tray is not None:
            bases = (draw_units.bases_in_frame(look, unit.tray, tray)
                     if look is not None and look.bases and unit.tray is not None else [])
            sprite, offset = self._tray_sprite(unit, tray, colour, cam.zoom, bases)
            sx, sy = cam.to_screen(tray.x, tray.y)
        elif unit.hex is not None:
            over = view.hex_overrides.get(unit.id)
            if over is not None:
                wx, wy, angle = over
            else:
                wx, wy = hexlayout.hex_centre(unit.hex.q, unit.hex.r)
                angle = hexlayout.facing_angle(unit.hex_facing)
            if look is not None and look.hexes:
                draw_units.draw_footprint(surface, look, (unit.hex.q, unit.hex.r), (wx, wy),
                                          cam, colour)
            sprite, offset = self._hex_sprite(unit, angle, colour, cam.zoom)
            sx, sy = cam.to_screen(wx, wy)
        else:
            return
        surface.blit(sprite, (round(sx - offset[0]), round(sy - offset[1])))
        tag = draw_units.height_tag(self._font, look.height if look else "", cam.zoom)
        if tag is not None:
            surface.blit(tag, tag.get_rect(midbottom=(round(sx), round(sy - cam.zoom * 0.4))))

    def _remember(self, key: Hashable, sprite: pygame.Surface, offset: Point) -> None:
        if len(self._sprites) > SPRITE_CACHE_LIMIT:
            self._sprites.clear()
        self._sprites[key] = (sprite, offset)
        self.stats["sprite_renders"] += 1

    def _tray_sprite(
        self, unit: Unit, tray: Tray, colour: RGB, zoom: float,
        bases: list[tuple[ModelBase, list[Point]]] | None = None,
    ) -> tuple[pygame.Surface, Point]:
        left = models_left(unit)
        text = status_text(unit)
        local = tuple(ModelBase(tuple(tray.table_to_local(x, y) for x, y in ring), b.kind,
                                b.mark, b.label) for b, ring in bases or ())
        key = ("tray", tray.facing, tray.width, tray.depth, tray.files, tray.ranks,
               round(zoom, 4), colour, left, unit.name, text, local)
        hit = self._sprites.get(key)
        if hit is not None:
            return hit
        centred = tray.moved_to(0.0, 0.0, tray.facing)
        pad = max(6.0, zoom * 0.6)
        corners = [(x * zoom, -y * zoom) for x, y in centred.corners]
        half = max(max(abs(x), abs(y)) for x, y in corners) + pad
        size = math.ceil(half * 2)
        sprite = pygame.Surface((size, size), pygame.SRCALPHA)
        off = (half, half)

        def loc(p: Point) -> Point:
            return (p[0] * zoom + off[0], -p[1] * zoom + off[1])

        pts = [loc(p) for p in centred.corners]
        if local:
            pygame.draw.polygon(sprite, shade(colour, 0.3), pts)
            placed = [(b, [centred.local_to_table(x, y) for x, y in b.points]) for b in local]
            draw_units.draw_bases(sprite, placed, colour, self.palette.slot_empty, zoom, loc)
        else:
            pygame.draw.polygon(sprite, shade(colour, 0.55), pts)
            self._draw_slots(sprite, centred, left, colour, loc)
        pygame.draw.polygon(sprite, shade(colour, 0.35), pts, max(1, round(zoom * 0.08)))
        fl, fr = loc(centred.corners[0]), loc(centred.corners[1])
        pygame.draw.line(sprite, (250, 250, 250), fl, fr, max(2, round(zoom * 0.15)))
        self._draw_arrow(sprite, centred, zoom, loc)
        self._draw_label(sprite, unit.name, text, off, tray.width * zoom)
        self._remember(key, sprite, off)
        return sprite, off

    def _draw_slots(
        self, sprite: pygame.Surface, tray: Tray, left: int, colour: RGB,
        loc: object,
    ) -> None:
        assert callable(loc)
        fw, rd = tray.width / tray.files, tray.depth / tray.ranks
        inset = 0.14
        for index, (cx, cy) in enumerate(tray.model_slots()):
            probe = Tray(cx, cy, tray.facing, fw * (1 - inset), rd * (1 - inset))
            pts = [loc(p) for p in probe.corners]
            if index < left:
                pygame.draw.polygon(sprite, colour, pts)
                pygame.draw.polygon(sprite, shade(colour, 1.35), pts, 1)
            else:
                pygame.draw.polygon(sprite, self.palette.slot_empty, pts)
                pygame.draw.polygon(sprite, shade(colour, 0.8), pts, 1)

    def _draw_arrow(self, sprite: pygame.Surface, tray: Tray, zoom: float, loc: object) -> None:
        assert callable(loc)
        size = min(tray.width, tray.depth) * 0.22
        tip = tray.local_to_table(0.0, tray.depth / 2 + size * 0.9)
        a = tray.local_to_table(-size * 0.7, tray.depth / 2 + 0.02)
        b = tray.local_to_table(size * 0.7, tray.depth / 2 + 0.02)
        pygame.draw.polygon(sprite, (250, 250, 250), [loc(tip), loc(a), loc(b)])

    def _draw_label(
        self, sprite: pygame.Surface, name: str, text: str, centre: Point, max_width: float
    ) -> None:
        if max_width < 28:
            return
        size = max(9, min(15, int(max_width / 9)))
        room = min(max_width * 1.3, sprite.get_width() - 8)  # never clipped by the sprite
        for smaller in range(size, max(8, size - 4) - 1, -1):  # shrink before cutting
            if self.fonts.get(smaller, bold=True).size(name)[0] <= room:
                size = smaller
                break
        font = self.fonts.get(size, bold=True)
        small = self.fonts.get(max(8, size - 2))
        lines = [(font, self._fit(font, part, room)) for part in self._split(font, name, room)]
        if text:
            lines.append((small, self._fit(small, text, room)))
        heights = sum(f.get_linesize() for f, _ in lines)
        y = centre[1] - heights / 2
        for f, line in lines:
            img = f.render(line, True, (255, 255, 255))
            box = img.get_rect(midtop=(round(centre[0]), round(y)))
            bg = pygame.Surface(box.inflate(6, 0).size, pygame.SRCALPHA)
            bg.fill((0, 0, 0, 150))
            sprite.blit(bg, box.inflate(6, 0).topleft)
            sprite.blit(img, box)
            y += f.get_linesize()

    @staticmethod
    def _split(font: pygame.font.Font, name: str, width: float) -> list[str]:
        """A name on one line if it fits, else on two lines broken at the space nearest its
        middle (unit names are two to four words: "Lannister Halberdiers")."""
        words = name.split()
        if font.size(name)[0] <= width or len(words) < 2:
            return [name]
        cut = min(range(1, len(words)),
                  key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
        return [" ".join(words[:cut]), " ".join(words[cut:])]

    @staticmethod
    def _fit(font: pygame.font.Font, text: str, width: float) -> str:
        if font.size(text)[0] <= width:
            return text
        while len(text) > 3 and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"

    def _hex_sprite(
        self, unit: Unit, angle: float, colour: RGB, zoom: float
    ) -> tuple[pygame.Surface, Point]:
        text = status_text(unit)
        key = ("hex", round(angle, 2), round(zoom, 4), colour, unit.name, text)
        hit = self._sprites.get(key)
        if hit is not None:
            return hit
        radius = zoom * 0.78
        half = zoom * 1.05 + 4
        size = math.ceil(half * 2)
        sprite = pygame.Surface((size, size), pygame.SRCALPHA)
        c = (half, half)
        pygame.draw.circle(sprite, shade(colour, 0.45), c, radius)
        pygame.draw.circle(sprite, colour, c, radius * 0.86)
        # the label stays inside its own hex (neighbours' labels never overlap) and the
        # facing wedge is drawn over it: long and narrow, so it reads on every facing
        self._draw_label(sprite, unit.name, text, c, zoom * 1.1)
        pygame.draw.polygon(sprite, (250, 250, 250), facing_wedge(c, angle, zoom))
        pygame.draw.polygon(sprite, (20, 20, 20), facing_wedge(c, angle, zoom), 1)
        self._remember(key, sprite, c)
        return sprite, c

    # --- outlines, ghosts, hover ------------------------------------------------------------

    def unit_outline(self, state: GameState, view: ViewState, unit_id: str) -> list[Point]:
        """Screen outline of a unit (tray corners or hex corners); empty if not on the board."""
        unit = state.units.get(unit_id)
        if unit is None or not unit.on_board:
            return []
        cam = view.camera
        tray = view.overrides.get(unit.id, unit.tray)
        if tray is not None:
            return cam.points_to_screen(tray.corners)
        if unit.hex is not None:
            return cam.points_to_screen(hexlayout.hex_corners_world(unit.hex.q, unit.hex.r, 0.96))
        return []

    def _draw_outlines(self, surface: pygame.Surface, state: GameState, view: ViewState) -> None:
        for uid in sorted(view.targets):
            pts = self.unit_outline(state, view, uid)
            if pts:
                pygame.draw.polygon(surface, self.palette.corridor, pts, 2)
        if view.hovered and view.hovered != view.selected:
            pts = self.unit_outline(state, view, view.hovered)
            if pts:
                pygame.draw.polygon(surface, self.palette.hover, pts, 2)
        if view.selected:
            pts = self.unit_outline(state, view, view.selected)
            if pts:
                pygame.draw.polygon(surface, self.palette.selection, pts, 3)

    def _draw_ghosts(self, surface: pygame.Surface, state: GameState, view: ViewState) -> None:
        if not view.ghosts:
            return
        cam = view.camera
        font = self.fonts.get(13, bold=True)
        for ghost in view.ghosts:
            if ghost.tray is not None:
                pts = cam.points_to_screen(ghost.tray.corners)
                centre = cam.to_screen(ghost.tray.x, ghost.tray.y)
            elif ghost.hex is not None:
                pts = cam.points_to_screen(hexlayout.hex_corners_world(*ghost.hex, 0.9))
                centre = cam.to_screen(*hexlayout.hex_centre(*ghost.hex))
            else:
                continue
            lit = ghost.key == view.hovered_ghost
            alpha_polygon(surface, pts, self.palette.hover if lit else (235, 235, 235),
                                140 if lit else 80)
            pygame.draw.polygon(surface, self.palette.hover, pts, 3 if lit else 1)
            if ghost.tray is not None:  # its front edge, so a turned ghost reads its facing
                from game.geometry.tray import Side

                a, b = ghost.tray.edge_points(Side.FRONT)
                pygame.draw.line(surface, self.palette.hover, cam.to_screen(*a),
                                 cam.to_screen(*b), 4)
            img = font.render(ghost.label, True, (255, 255, 255))
            box = img.get_rect(center=(round(centre[0]), round(centre[1])))
            pygame.draw.rect(surface, (0, 0, 0), box.inflate(8, 4))
            surface.blit(img, box)

    def _draw_overlays(self, surface: pygame.Surface, state: GameState,
                       view: ViewState) -> None:
        """The selected unit's own inspection, then the hovered pair's with its info box."""
        cam = view.camera
        self.painter.begin_frame()
        overlay = view.overlay
        if view.unit_overlay is not None:
            self.painter.shapes(surface, state, view.unit_overlay, cam,
                                labels=overlay is None and not view.ghosts)
        if overlay is None:
            return
        self.painter.shapes(surface, state, overlay, cam)
        avoid = [p for uid in (overlay.viewer, overlay.target) if uid
                 for p in self.unit_outline(state, view, uid)]
        avoid += [cam.to_screen(*p) for p in overlay.points()]
        self.painter.info_box(surface, overlay, cam, avoid, view.reserved)
        self._draw_profiles(surface, overlay, cam)

    def _draw_profiles(self, surface: pygame.Surface, overlay: HoverOverlay,
                       cam: Camera) -> None:
        """The record's side profiles, beside the info box."""
        box = self.painter.info_rect
        if box is not None and overlay.inspection.profiles:
            draw_beside(surface, overlay.inspection.profiles, box, cam, self._font)


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


def fit_camera(camera: Camera, state: GameState) -> None:
    """Frame the whole board in the camera."""
    board = state.board
    if isinstance(board, TableBoard):
        camera.fit(0.0, 0.0, board.width, board.height, 0.04)
    else:
        camera.fit(*hexlayout.bounds(board.cells), 0.04)
