"""The table renderer: a pure function of ``(GameState, ViewState)`` onto a pygame Surface.

Layers, back to front, each cached on what it depends on:

1. **base**: background, table or hex map, inch grid, terrain (and a hex board's marks);
   re-rendered only when the camera, the board, the terrain or the palette change.
2. **ground**: the base with the Line of Sight arcs (of the selected unit or of every unit,
   :mod:`game.ui.arcs_layer`) and a table's marks over them; redrawn when the arcs change,
   from the cached base (selecting a unit never re-renders the table and its terrain).
3. **units**: one sprite per unit, cached by (unit look, zoom) and asked with a short key
   (a number for what the sprite shows, worked out once per unit and game moment, the bases
   kept in the tray's own frame); blitted at its centre. The
   board layer is the ground with every unit that is not moving; the list of its blits is
   kept per game moment and camera, so a new ground only replays it; units whose sprite
   cannot reach the layer are left out.
4. **inspections**: the ruleset's records of the selected unit and of the hovered pair, drawn
   by :class:`game.ui.inspect_draw.InspectionPainter` (shapes, info box, odds charts).
5. selection/target outlines and decision ghosts, drawn directly (a few polygons).

It never changes the game state.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from game.core.inspect import BoardMark, ModelBase, Relief, TableCondition, UnitLook
from game.core.ruleset import Ruleset
from game.core.state import GameState, HexBoard, TableBoard, Unit
from game.geometry.arcs import Arc
from game.geometry.tray import Tray
from game.ui import draw_board, draw_units, hexlayout
from game.ui.arcs_layer import ArcsPainter, arc_colour
from game.ui.assets import Fonts
from game.ui.board_page import (
    MAX_SCALE,
    BoardPage,
    Bounds,
    copy_into,
    copy_steps,
    fill_around,
    layer_like,
    new_layer,
)
from game.ui.camera import Camera, turn_for
from game.ui.draw_units import facing_wedge
from game.ui.inspect_draw import InspectionPainter
from game.ui.labels import draw_label
from game.ui.palette import LIGHT_SHADE, RGB, Palette
from game.ui.unit_ops import Op, run_ops, shows
from game.ui.unit_text import models_left, shade, status_text
from game.ui.view import ViewState

Point = tuple[float, float]
SPRITE_CACHE_LIMIT = 4000
RING_CACHE_LIMIT = 20_000
"""Model base rings kept in their tray's frame (see :meth:`Renderer._local_bases`)."""
LOOK_CACHE_LIMIT = 2_000
"""Unit looks whose bases are kept in their tray's frame (see :meth:`Renderer._bases_of`)."""
LABEL_DROP = 0.14
"""How far below a hex token's centre its label is centred (hexes)."""
LABEL_ROOM = 0.95
"""The height a hex token's label may take (hexes): the height tag fits above it."""
AHEAD_MS = 2.0
"""CPU milliseconds a wheel frame may spend building the board ahead (after one slice), once
the zoom is far from the page's (see :meth:`Renderer._zoom_ahead`)."""
SETTLE_MS = 6.0
"""CPU milliseconds a still frame after the wheel may spend building the board."""
PAN_MS = 5.0
"""CPU milliseconds a frame of a pan may spend building the next page ahead."""
LAYER_SLOTS = ("_base", "_base_key", "_ground", "_ground_key")
"""The renderer's fields of the base and ground layers (a page built ahead of a pan keeps
its own until it is adopted)."""


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
        self._links: tuple[tuple[GameState, int] | None, dict[str, frozenset[str]]] = (
            None, {})
        """Every unit's look links (:meth:`~Ruleset.look_links`) at a game moment (the state
        held, its revision), carried from moment to moment (see :meth:`_relink`)."""
        self._to_ask: tuple[GameState | None, int, frozenset[str] | None] = (None, 0, None)
        """The units whose looks a game moment asks again (see :meth:`_looks_to_ask`)."""
        self._asked: dict[str, tuple[Hashable, tuple[Any, ...]]] = {}
        """The ruleset's board-wide answers (marks, conditions), kept per game moment."""
        self._base: pygame.Surface | None = None
        self._base_key: Hashable = None
        self._sprites: dict[Hashable, tuple[pygame.Surface, Point]] = {}
        self._rings: dict[int, tuple[tuple[Point, ...], Tray, tuple[Point, ...]]] = {}
        """A model base's ring (by identity) -> the ring, the tray it was given at, and the
        ring in that tray's own frame (see :meth:`_local_bases`)."""
        self._idents: tuple[Hashable, dict[str, tuple[int, tuple[ModelBase, ...]]]] = (None, {})
        """Each unit's sprite content number and bases, per game state revision."""
        self._looked: dict[int, tuple[UnitLook, Tray, tuple[ModelBase, ...], int]] = {}
        """A look (by identity, held) -> the tray it was given at, its bases in that tray's
        frame and their number (see :meth:`_bases_of`)."""
        self._base_numbers: dict[tuple[ModelBase, ...], int] = {}
        """Bases in a tray's frame -> the number naming them in a sprite's content."""
        self._contents: dict[Hashable, int] = {}
        self._numbers = itertools.count()
        self.painter = InspectionPainter(palette, self.fonts)
        self._ground: pygame.Surface | None = None
        self._ground_key: Hashable = None
        self._ground_patch: tuple[Hashable, Hashable, list[pygame.Rect]] | None = None
        """The last patch of the ground (see :meth:`_patch_ground`): its key before, after,
        and the rectangles repainted, for the board layer to patch the same places."""
        self.arcs = ArcsPainter()
        self._board: pygame.Surface | None = None
        self._units_key: Hashable = None
        self._ops: tuple[Hashable, list[Op]] = (None, [])
        self._shown: tuple[Hashable, tuple[Hashable, ...], list[tuple[str, list[Op]]]] | None = (
            None)
        """What the board layer shows besides its ground: the ground's key, its units' steps'
        key (:meth:`_ops_key`) and each unit's steps (see :meth:`_patch_board`)."""
        self._shown_for: Hashable = None
        """The board key (the very object) :attr:`_shown` was recorded with: another path
        that draws the board (a page built ahead) makes a new key, so no patch trusts it."""
        self._steps_kept: dict[str, tuple[tuple[GameState, int], Hashable, UnitLook | None,
                                          list[Op]]] = {}
        """Each unit's drawing steps: the game moment, how it was drawn, its look and the
        steps (see :meth:`_kept_steps`)."""
        self.stats = {"base_renders": 0, "sprite_renders": 0, "board_renders": 0}
        self.page = BoardPage()
        self._board_for: Hashable = None
        """What the cached board shows (see :meth:`_showing`): a wheel frame scales it only
        while the frame would show the same."""
        self._ahead: tuple[tuple[Hashable, float, bool, bool], Iterator[None]] | None = None
        """The board being built ahead: (what it shows, its zoom, on a hex map, on a page
        bigger than the viewport), its steps (see :meth:`_zoom_ahead`)."""
        self.ahead_ms = AHEAD_MS
        """CPU milliseconds a wheel frame may spend building the board ahead."""
        self.settle_ms = SETTLE_MS
        """CPU milliseconds a still frame after the wheel may spend building the board."""
        self._extent: tuple[Hashable, Bounds] = (None, (0.0, 0.0, 0.0, 0.0))
        self._last_cam: tuple[float, float, float] | None = None
        """The camera's centre and zoom at the last frame (which way a pan goes)."""
        self._pan: tuple[Hashable, Iterator[None], dict[str, Any]] | None = None
        """The page being built ahead of a pan: what it shows, its steps and its layers
        (see :meth:`_pan_ahead`)."""
        self._spares: tuple[pygame.Surface | None, ...] = (None, None, None)
        """The base, ground and board surfaces a page built ahead of a pan left behind: the
        next one paints into them instead of new surfaces."""
        self.pan_ms = PAN_MS
        """CPU milliseconds a frame may spend building the next page ahead (see
        :meth:`_pan_ahead`)."""

    def set_palette(self, palette: Palette) -> None:
        """Change the palette (drops every cache)."""
        self.palette = palette
        self._base_key = None
        self._ground_key = None
        self._units_key = None
        self._ops = (None, [])
        self._steps_kept.clear()
        self._sprites.clear()
        self.painter.reset(palette)

    # --- frame ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, view: ViewState) -> None:
        """Draw one frame of ``state`` seen through ``view`` onto ``surface``."""
        cam = view.camera
        if cam.turn != turn_for(state.board):  # a board turned since the camera was fitted
            fit_camera(cam, state)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.left, cam.top, cam.width, cam.height))
        same = not view.ghosts and self._board_for == self._showing(state, view)
        scaled = self.page.scaled(self._board, cam, building=self._ahead is not None) if (
            same) else None
        settling = same and scaled is None and self.page.unsettled(cam)
        if settling:  # the wheel has stopped: the board scaled while the new one builds
            scaled = self.page.scaled(self._board, cam, building=True, settle=True)
        if scaled is not None:  # the wheel is turning: the last board, scaled (see BoardPage)
            image, at = scaled
            fill_around(surface, self.palette.background, pygame.Rect(
                cam.left, cam.top, cam.width, cam.height), image.get_rect(topleft=at))
            surface.blit(image, at)
            self._draw_units(surface, state, view, self._moving(view))
        else:
            self._ahead = None
            self._draw_board(surface, state, view)
        self._draw_outlines(surface, state, view)
        last, self._last_cam = self._last_cam, (cam.cx, cam.cy, cam.zoom)
        self.painter.overlays(surface, state, view,
                              lambda uid: self.unit_outline(state, view, uid))
        surface.set_clip(clip)
        if scaled is not None:
            self._zoom_ahead(state, view, settling)
            self._pan = None
        else:
            self._pan_ahead(state, view, last)

    def _draw_board(self, surface: pygame.Surface, state: GameState, view: ViewState) -> None:
        """The cached layers of the page, the units that move and a decision's ghosts."""
        page_cam, offset = self.page.place(view.camera, self._bounds(state))
        page_view = replace(view, camera=page_cam)
        ground = self._ground_layer(state, page_view)
        if self.page.whole:  # the page may not fill the viewport: the rest is background
            cam = view.camera
            fill_around(surface, self.palette.background,
                        pygame.Rect(cam.left, cam.top, cam.width, cam.height),
                        ground.get_rect(topleft=offset))
        if view.ghosts:
            surface.blit(ground, offset)
            draw_units.draw_ghosts(surface, view.ghosts, view.hovered_ghost, view.camera,
                                   self.palette.hover, self.fonts.get(13, bold=True),
                                   lambda: self._draw_units(surface, state, view, None))
        else:
            surface.blit(self._board_layer(ground, state, page_view), offset)
            self._draw_units(surface, state, view, self._moving(view))

    # --- the ruleset's looks and marks ------------------------------------------------------

    def look(self, state: GameState, view: ViewState, unit_id: str) -> UnitLook | None:
        """The ruleset's look of a unit, asked once per game state revision."""
        cache = self._moment_looks(state, view)
        if unit_id not in cache:
            cache[unit_id] = (None if self.ruleset is None else
                              self.ruleset.unit_look(state, unit_id))
        return cache[unit_id]

    def _moment_looks(self, state: GameState, view: ViewState) -> dict[str, UnitLook | None]:
        """The looks known at this game state revision (see :meth:`look`)."""
        key = (id(self.ruleset), id(state), view.revision)
        if self._looks[0] != key:
            self._looks = (key, {})
        return self._looks[1]

    def _kept_look(self, state: GameState, view: ViewState, unit_id: str,
                   kept: UnitLook | None) -> UnitLook | None:
        """The look of a unit whose steps the last change carried (``kept``: its look before
        it): ``kept`` itself, not asked, when the ruleset's look links tell that the change
        cannot reach it (:meth:`_looks_to_ask`), else the ruleset's answer."""
        ask = self._looks_to_ask(state, view)
        if ask is None or unit_id in ask:
            return self.look(state, view, unit_id)
        self._moment_looks(state, view)[unit_id] = kept
        return kept

    def _looks_to_ask(self, state: GameState, view: ViewState) -> frozenset[str] | None:
        """The units whose looks this game moment asks again (:meth:`_relink`), worked out
        once per moment; None: every unit's."""
        hit = self._to_ask
        if hit[0] is not state or hit[1] != view.revision:
            hit = self._to_ask = (state, view.revision, self._relink(state, view))
        return hit[2]

    def _relink(self, state: GameState, view: ViewState) -> frozenset[str] | None:
        """Bring every unit's look links to this game moment and tell whose looks it asks
        again: after a change the game told (``view.carry``) from the moment the links were
        last brought to, the units it changed and those linked to them before or after it
        (their links asked again; the others' stay, see :meth:`~Ruleset.look_links`); None
        (every look asked, every unit's links too) after any other change, or when the
        ruleset tells no links."""
        ruleset, (at, links), carry = self.ruleset, self._links, view.carry
        if ruleset is None:
            return None
        if (at is None or at[0] is not state or carry is None or carry[0] != at[1]
                or carry[1] != view.revision):
            self._links = (None, {})
            fresh = _links_of(ruleset, state, state.units)
            if fresh is not None:
                self._links = ((state, view.revision), fresh)
            return None
        changed = (state.units.keys() - carry[2]) | (links.keys() - state.units.keys())
        now = _links_of(ruleset, state, changed & state.units.keys())
        if now is None:
            self._links = (None, {})
            return None
        ask = set(changed).union(*(links.get(uid, ()) for uid in changed), *now.values())
        again = _links_of(ruleset, state, ask & state.units.keys())
        if again is None:
            self._links = (None, {})
            return None
        for uid in ask - state.units.keys():
            links.pop(uid, None)
        links.update(again)
        self._links = ((state, view.revision), links)
        return frozenset(ask)

    def _once(self, name: str, state: GameState, view: ViewState,
              ask: Callable[[Ruleset], Iterable[Any]]) -> tuple[Any, ...]:
        """``ask(ruleset)`` as a tuple, asked once per game state revision (none without a
        ruleset)."""
        key = (id(self.ruleset), id(state), view.revision)
        hit = self._asked.get(name)
        if hit is None or hit[0] != key:
            hit = (key, () if self.ruleset is None else tuple(ask(self.ruleset)))
            self._asked[name] = hit
        return hit[1]

    def board_marks(self, state: GameState, view: ViewState) -> tuple[BoardMark, ...]:
        """The ruleset's board marks, asked once per game state revision."""
        return self._once("marks", state, view, lambda r: r.board_marks(state))

    def conditions(self, state: GameState, view: ViewState) -> tuple[TableCondition, ...]:
        """The ruleset's table conditions (night...), asked once per game state revision."""
        return self._once("conditions", state, view, lambda r: r.table_conditions(state))

    def relief(self, state: GameState) -> Relief | None:
        """The ruleset's relief of the board (None: plain terraces)."""
        return None if self.ruleset is None else self.ruleset.relief(state)

    def light(self, state: GameState, view: ViewState) -> str:
        """The darkest light of the table conditions ("day" when there is none)."""
        order = tuple(LIGHT_SHADE)
        return max((c.light for c in self.conditions(state, view)), key=order.index,
                   default="day")

    # --- units ----------------------------------------------------------------------------

    def _showing(self, state: GameState, view: ViewState) -> Hashable:
        """The game moment, the moving units and the arcs a board layer shows."""
        return (id(state), view.revision, self._moving(view), self._arc_trays(state, view))

    @staticmethod
    def _moving(view: ViewState) -> frozenset[str]:
        """Units drawn at a view override (dragged or animated): never cached."""
        return frozenset(view.overrides) | frozenset(view.hex_overrides)

    def _board_layer(
        self, ground: pygame.Surface, state: GameState, view: ViewState
    ) -> pygame.Surface:
        """The ground with every unit that is not moving, cached on the ground, the game
        moment and the moving units (a new ground replays the kept unit blits)."""
        moving = self._moving(view)
        key = (self._ground_key, id(state), view.revision, moving)
        if self._board is None or key != self._units_key:
            if not self._patch_board(ground, state, view, moving):
                board = copy_into(self._board, ground)
                ops_key = self._ops_key(state, view, moving, board)
                if self._ops[0] != ops_key:
                    groups = self._carried_over(state, view, ops_key, board.get_rect()) or (
                        self._unit_groups(state, view, moving, board.get_rect()))
                    self._ops = (ops_key, [op for _, ops in groups for op in ops])
                    self._shown = (self._ground_key, ops_key, groups)
                elif self._shown is not None and self._shown[1] == ops_key:  # a new ground
                    self._shown = (self._ground_key, ops_key, self._shown[2])
                else:
                    self._shown = None
                run_ops(board, self._ops[1])
                self._board = board
                self.stats["board_renders"] += 1
            self._units_key = key
            self._board_for = self._showing(state, view)
            self._shown_for = key if self._shown is not None else None
        assert self._board is not None
        return self._board

    def _unit_groups(self, state: GameState, view: ViewState, moving: frozenset[str],
                     clip: pygame.Rect) -> list[tuple[str, list[Op]]]:
        """Each unit's drawing steps (:meth:`_kept_steps`), in drawing order, leaving out the
        ``moving`` units; asked in one steady position as :meth:`_unit_ops` is."""
        def groups() -> list[tuple[str, list[Op]]]:
            self._looks_to_ask(state, view)  # the links at this moment: the next one's patch
            drawn = self._drawn_as(view, clip)
            return [(unit.id, self._kept_steps(state, view, unit, colour, clip, drawn))
                    for unit, colour in self._units_to_draw(state, None, moving)]

        if self.ruleset is None:
            return groups()
        with self.ruleset.memo.steady(state):
            return groups()

    def _patch_board(self, ground: pygame.Surface, state: GameState, view: ViewState,
                     moving: frozenset[str]) -> bool:
        """Bring the board layer to a new game moment by redrawing only where the units whose
        steps changed were and are (the ground put back there, then every unit that reaches
        it drawn again in order, clipped to it), and where the ground was repainted since
        (:meth:`_ground_repainted`: the selected unit's arcs moved), when the board shows the
        same ground or one patched since, camera and units but those; False (nothing done)
        when it cannot: a ground painted anew, another camera,
        a changed unit drawn by a call (its extent unknown), or most of the board to redo.
        The board is then the very board a full redraw gives (``tests/ui/test_kept_steps.py``):
        a commit changes two or three units of 200 (issue 32)."""
        shown, board = self._shown, self._board
        if (shown is None or board is None or self._shown_for is not self._units_key
                or board.get_size() != ground.get_size()):
            return False
        repainted = self._ground_repainted(shown[0])
        ops_key = self._ops_key(state, view, moving, board)
        if repainted is None or not _drawn_alike(shown[1], ops_key):
            return False  # another ground or state object, other moving units, camera...
        groups = self._carried_groups(state, view, shown, board.get_rect()) or (
            self._unit_groups(state, view, moving, board.get_rect()))
        dirty = _changed_rects(shown[2], groups, board.get_rect())
        if dirty is None:
            return False
        flat = [op for _, ops in groups for op in ops]
        calls = {i for i, op in enumerate(flat) if callable(op)}  # drawn in every rectangle
        boxes = [pygame.Rect(0, 0, 0, 0) if callable(op) else pygame.Rect(op[1], op[0].get_size())
                 for op in flat]
        for rect in dirty + repainted:
            board.set_clip(rect)
            board.blit(ground, rect.topleft, rect)
            reach = rect.collidelistall(boxes)  # in drawing order
            run_ops(board, [flat[i] for i in (sorted(calls.union(reach)) if calls else reach)])
        board.set_clip(None)
        self._ops = (ops_key, flat)
        self._shown = (self._ground_key, ops_key, groups)
        self.stats["board_patches"] = self.stats.get("board_patches", 0) + 1
        return True

    def _carried_over(self, state: GameState, view: ViewState, ops_key: tuple[Hashable, ...],
                      clip: pygame.Rect) -> list[tuple[str, list[Op]]] | None:
        """The units' steps carried from those the board showed (:meth:`_carried_groups`)
        for a board drawn whole over a ground painted anew (an action turned the selected
        unit: its arcs changed over most of the page), when the board showed the same state
        object, moving units and camera (:func:`_drawn_alike`); None otherwise. The
        steps of the units the action left alone do not depend on the ground: a reform that
        turned a block asked all 200 units' steps again (issue 32)."""
        shown = self._shown
        if shown is None or not _drawn_alike(shown[1], ops_key):
            return None
        return self._carried_groups(state, view, shown, clip)

    def _carried_groups(self, state: GameState, view: ViewState,
                        shown: tuple[Hashable, tuple[Hashable, ...], list[tuple[str, list[Op]]]],
                        clip: pygame.Rect) -> list[tuple[str, list[Op]]] | None:
        """Each unit's steps at this game moment from those the board shows (``shown``, one
        change before, drawn alike: see :meth:`_patch_board`), when the game told which units
        the change left alone and the ruleset's look links which looks it may reach
        (:meth:`_looks_to_ask`): only the units it changed and those are asked again
        (:meth:`_kept_steps`), the others keep their steps without a word (200 units a
        commit, issue 32). None when it cannot tell, or a unit it changed comes on the
        board or leaves it (the order of the units is worked out again)."""
        carry = view.carry
        if (carry is None or carry[1] != view.revision or shown[1][1] != carry[0]
                or self.ruleset is None):
            return None
        ask = self._looks_to_ask(state, view)
        if ask is None:
            return None
        redo = (state.units.keys() - carry[2]) | ask
        drawn_ids = {uid for uid, _ in shown[2]}
        moving = self._moving(view)
        units = state.units
        if any((uid in drawn_ids) != (uid in units and units[uid].on_board
                                      and uid not in moving) for uid in redo):
            return None
        colour = self._colours(state)
        drawn = self._drawn_as(view, clip)
        with self.ruleset.memo.steady(state):
            return [(uid, ops if uid not in redo else self._kept_steps(
                state, view, units[uid], colour(units[uid]), clip, drawn))
                for uid, ops in shown[2]]

    def _ground_repainted(self, shown: Hashable) -> list[pygame.Rect] | None:
        """Where the ground was repainted since a board layer over ground ``shown`` was
        drawn: nowhere for the same ground, the rectangles of its patch
        (:meth:`_patch_ground`) when it was patched from it; None when it was painted anew."""
        if shown == self._ground_key:
            return []
        patch = self._ground_patch
        if patch is not None and patch[0] == shown and patch[1] == self._ground_key:
            return patch[2]
        return None

    def _ops_key(self, state: GameState, view: ViewState, moving: frozenset[str],
                 board: pygame.Surface) -> tuple[Hashable, ...]:
        """What the board's unit steps were drawn with: the game moment, the moving units,
        the camera, the palette and the sides' colours (a patch keeps steps only under the
        same), the ruleset and the board's size."""
        return (id(state), view.revision, moving, view.camera.key(), self.palette.name,
                id(self.ruleset), board.get_size(),
                tuple((p.number, p.colour) for p in state.players))

    def _draw_units(
        self, surface: pygame.Surface, state: GameState, view: ViewState,
        only: frozenset[str] | None, skip: frozenset[str] = frozenset(),
    ) -> None:
        """Draw the units on the board (``only``: just these ids; ``skip``: not these)."""
        if only is not None and not only:
            return
        run_ops(surface, self._unit_ops(state, view, only, skip, surface.get_clip()))

    def _unit_ops(
        self, state: GameState, view: ViewState, only: frozenset[str] | None,
        skip: frozenset[str], clip: pygame.Rect,
    ) -> list[Op]:
        """The drawing steps of the units (``only``/``skip`` as in :meth:`_draw_units`),
        leaving out the units that cannot reach ``clip``. Asked in one steady position (each
        unit's look reads the position key once for all)."""
        if self.ruleset is None:
            return self._steps_of(state, view, only, skip, clip)
        with self.ruleset.memo.steady(state):
            return self._steps_of(state, view, only, skip, clip)

    def _steps_of(
        self, state: GameState, view: ViewState, only: frozenset[str] | None,
        skip: frozenset[str], clip: pygame.Rect,
    ) -> list[Op]:
        """:meth:`_unit_ops`' steps, unit by unit (a unit the last change left alone keeps
        its steps: :meth:`_kept_steps`)."""
        drawn = self._drawn_as(view, clip)
        return [op for unit, colour in self._units_to_draw(state, only, skip)
                for op in self._kept_steps(state, view, unit, colour, clip, drawn)]

    def _drawn_as(self, view: ViewState, clip: pygame.Rect) -> Hashable:
        """What every unit's steps depend on besides the unit (see :meth:`_kept_steps`): the
        camera, the clip and the ruleset, worked out once for all the units."""
        return (view.camera.key(), tuple(clip), id(self.ruleset))

    def _kept_steps(self, state: GameState, view: ViewState, unit: Unit, colour: RGB,
                    clip: pygame.Rect, drawn: Hashable) -> list[Op]:
        """:meth:`_unit_steps` of a unit, kept per unit: a new game moment whose change left
        the unit as it was (``view.carry``: an action's, told by the game) gives it the same
        steps again when it is drawn alike (the camera, the clip, its colour, no override)
        and its look is the same. A unit's counters and label are its own fields' (see
        :meth:`~game.core.state.Unit.status`); its look is asked again (it may depend on other
        units) unless the ruleset's look links tell the change cannot reach it
        (:meth:`_kept_look`). At 200 units a commit worked out every unit's counters, label
        and sprite key again for the two or three the action changed (issue 32). ``drawn``:
        :meth:`_drawn_as`."""
        moment = (state, view.revision)  # the state itself (held): never another's id
        key = (drawn, colour, view.overrides.get(unit.id), view.hex_overrides.get(unit.id))
        kept = self._steps_kept.get(unit.id)
        if kept is not None and kept[3] and kept[1] == key and self._carried(
                kept[0], moment, unit.id, view):
            look = self._kept_look(state, view, unit.id, kept[2]) if (
                kept[0][1] != moment[1]) else self.look(state, view, unit.id)
            if look is kept[2] or look == kept[2]:
                self._steps_kept[unit.id] = (moment, key, look, kept[3])
                return kept[3]
        steps = self._unit_steps(state, view, unit, colour, clip)
        self._steps_kept[unit.id] = (moment, key, self.look(state, view, unit.id) if steps
                                     else None, steps)
        return steps

    @staticmethod
    def _carried(kept: tuple[GameState, int], moment: tuple[GameState, int], uid: str,
                 view: ViewState) -> bool:
        """Whether steps kept at game moment ``kept`` (state, revision) still draw unit ``uid``
        at ``moment``: the same moment, or the next one of the very same state when the
        change between left the unit alone."""
        if kept[0] is not moment[0]:
            return False
        if kept[1] == moment[1]:
            return True
        carry = view.carry
        return (carry is not None and kept[1] == carry[0] and moment[1] == carry[1]
                and uid in carry[2])

    def _units_to_draw(self, state: GameState, only: frozenset[str] | None,
                       skip: frozenset[str]) -> Iterator[tuple[Unit, RGB]]:
        """The units on the board (as :meth:`_draw_units`) and their colour, in order."""
        colour = self._colours(state)
        for unit in state.units.values():
            if not unit.on_board or unit.id in skip or (only is not None and unit.id not in only):
                continue
            yield unit, colour(unit)

    def _colours(self, state: GameState) -> Callable[[Unit], RGB]:
        """Each unit's colour: its side's under the palette (grey for no side)."""
        colours = {p.number: self.palette.player_colour(p.number, p.colour)
                   for p in state.players}
        return lambda unit: colours.get(unit.owner, (160, 160, 160))

    # --- zooming --------------------------------------------------------------------------

    def _zoom_ahead(self, state: GameState, view: ViewState, settling: bool = False) -> None:
        """Build the board at the zoom reached a slice per frame, the last board scaled
        meanwhile, and scale from it once whole (a hex map takes a few hundred milliseconds
        to paint, a table of 200 units tens: no frame pays for it whole). The still frames
        after the wheel (``settling``) build it, :data:`SETTLE_MS` a frame; a wheel frame
        only scales, and a board begun waits for the next still frame, unless the zoom is
        past a factor :data:`~game.ui.board_page.AHEAD_AT` from the page's (a wheel turning
        without a pause): then the wheel frame builds a slice too, :data:`AHEAD_MS`."""
        cam = view.camera
        key = (self._showing(state, view), view.grid, self.palette.name, id(self.ruleset))
        far = self.page.far(cam)
        ahead = self._ahead
        if ahead is not None and not self._goes_on(ahead[0], key, cam.zoom, settling, far):
            ahead = None
        if not settling and not far:
            self._ahead = ahead  # the wheel turns near the page's zoom: it only scales
            return
        if ahead is None:
            # still, on a table: a page of the whole board when small (a pan right after
            # finds it), else the viewport's; a hex map's and a wheel frame's is the
            # viewport's, done in a few frames (a whole map is thousands of hexes: the page a
            # pan needs is built in the idle frames after, see _pan_ahead)
            on_map = isinstance(state.board, HexBoard)
            whole = self.page.whole_page(cam, self._bounds(state)) if (
                settling and not on_map) else None
            page = whole or Camera(cam.cx, cam.cy, cam.zoom, cam.width, cam.height, 0, 0,
                                   cam.turn)
            big = page.width * page.height > cam.width * cam.height
            ahead = ((key, cam.zoom, on_map, big),
                     self._build_ahead(state, replace(view, camera=page), whole is not None))
        self._ahead = ahead
        end = time.process_time() + (self.settle_ms if settling else self.ahead_ms) / 1000
        for _ in ahead[1]:
            if time.process_time() >= end:
                return
        self._ahead = None

    @staticmethod
    def _goes_on(begun: tuple[Hashable, float, bool, bool], key: Hashable, zoom: float,
                 settling: bool, far: bool) -> bool:
        """Whether the board begun (what it shows, its zoom, on a hex map, on a page bigger
        than the viewport) goes on at ``zoom``: while it shows the same and can stand in
        scaled (see BoardPage.scaled), adopted once whole (the still frames after build the
        zoom reached); a wheel frame that builds drops a table's page bigger than the
        viewport (big slices)."""
        shows, at, on_map, big = begun
        if shows != key or not 1 / MAX_SCALE <= zoom / at <= MAX_SCALE:
            return False
        return settling or not (far and big and not on_map)

    # --- panning --------------------------------------------------------------------------

    def _pan_ahead(self, state: GameState, view: ViewState,
                   last: tuple[float, float, float] | None) -> None:
        """While the view pans across a page (a table, or a map bigger than one page), build
        the next page ahead in the direction of the pan, :data:`PAN_MS` a frame, with layers
        of its own, and adopt it once whole: the frame that would leave the page finds the
        next one ready instead of rendering it at once (which it still does when the pan
        outruns the build). A page begun goes on when the pan stops; one that would show
        other things (a new game moment, arcs, the zoom) or was overtaken by a page rendered
        at once is dropped."""
        cam = view.camera
        key = (self._showing(state, view), view.grid, self.palette.name, id(self.ruleset),
               cam.zoom, cam.width, cam.height, cam.turn, bool(view.ghosts), self.page.cam)
        if self._pan is not None and self._pan[0] != key:
            self._pan = None
        if self._pan is None:
            nxt = self._next_page(cam, last, self._bounds(state)) if not view.ghosts else None
            if nxt is None:
                return
            page, whole = nxt
            base, ground, board = self._spares
            self._spares = (None, None, None)
            self._pan = (key, self._build_ahead(state, replace(view, camera=page), whole,
                                                reuse=(base, ground, board)),
                         dict.fromkeys(LAYER_SLOTS))
        self._step_pan(self._pan)

    def _step_pan(self, pan: tuple[Hashable, Iterator[None], dict[str, Any]]) -> None:
        """Run the steps of the page built ahead for :attr:`pan_ms` with its own layers in
        the renderer's fields (see :data:`LAYER_SLOTS`), then put the page shown back; once
        the page is whole it is the page shown, and the old layers are kept as spares."""
        _, steps, layers = pan
        shown = {slot: getattr(self, slot) for slot in LAYER_SLOTS}
        board = self._board
        for slot, value in layers.items():
            setattr(self, slot, value)
        end = time.process_time() + self.pan_ms / 1000
        for _ in steps:
            if time.process_time() >= end:
                layers.update((slot, getattr(self, slot)) for slot in LAYER_SLOTS)
                for slot, value in shown.items():
                    setattr(self, slot, value)
                return
        self._pan = None
        old_ground = shown["_ground"] if shown["_ground"] is not shown["_base"] else None
        self._spares = (shown["_base"], old_ground, board)

    def _next_page(self, cam: Camera, last: tuple[float, float, float] | None,
                   bounds: Bounds | None) -> tuple[Camera, bool] | None:
        """The page to build ahead (and whether it is the whole board, ``bounds``): while the
        view pans, twice the viewport reaching 0.9 of its half size further in each
        direction the view moves, once less than half a viewport of room is left ahead; while
        it holds still on a page smaller than a still frame's (the viewport's, built after
        the wheel), the page a still frame renders (the whole board when small, else twice
        the viewport). None when the zoom just changed, the page shown is the whole board,
        or it has room enough."""
        page = self.page.cam
        if (page is None or self.page.whole or last is None or last[2] != cam.zoom
                or page.zoom != cam.zoom):
            return None
        dx, dy = cam.cx - last[0], cam.cy - last[1]
        if not dx and not dy:
            if page.width >= 2 * cam.width and page.height >= 2 * cam.height:
                return None
            whole = self.page.whole_page(cam, bounds)
            return whole or Camera(cam.cx, cam.cy, cam.zoom, cam.width * 2, cam.height * 2,
                                   0, 0, cam.turn), whole is not None
        dx, dy = (dx if abs(dx) >= abs(dy) / 4 else 0.0), (dy if abs(dy) >= abs(dx) / 4 else 0.0)
        half_w, half_h = cam.width / 2 / cam.zoom, cam.height / 2 / cam.zoom
        room = []  # the room left ahead, in half viewports, along each axis the view moves
        if dx:
            ahead = page.width / 2 / page.zoom - (cam.cx - page.cx) * math.copysign(1, dx)
            room.append(ahead / half_w - 1)
        if dy:
            ahead = page.height / 2 / page.zoom - (cam.cy - page.cy) * math.copysign(1, dy)
            room.append(ahead / half_h - 1)
        if min(room) >= 1:
            return None
        return Camera(cam.cx + math.copysign(0.9 * half_w, dx) * bool(dx),
                      cam.cy + math.copysign(0.9 * half_h, dy) * bool(dy), cam.zoom,
                      cam.width * 2, cam.height * 2, 0, 0, cam.turn), False

    def _bounds(self, state: GameState) -> Bounds | None:
        """The board's extent in world units (a hex map's worked out once per map), for a
        page of the whole board: a table or a map that takes no more pixels at this zoom
        than a page twice the viewport is drawn whole, and panning at that zoom never
        renders a page again (a table of 200 units, zoomed in a little, used to render one
        every half viewport)."""
        board = state.board
        if isinstance(board, TableBoard):
            return (0.0, 0.0, board.width, board.height)
        key = self._board_key(state)
        if self._extent[0] != key:
            self._extent = (key, hexlayout.bounds(board.cells))
        return self._extent[1]

    def _build_ahead(self, state: GameState, view: ViewState, whole: bool = False,
                     reuse: tuple[pygame.Surface | None, ...] = (None, None, None)
                     ) -> Iterator[None]:
        """The steps of :meth:`_zoom_ahead` (``view`` has the camera of the new page): the
        base (table, then each terrain piece), the ground (each unit's arcs, the blend, the
        marks), then the units. A layer is adopted only once whole, so a frame drawn between
        two steps never sees a half-painted one. ``reuse``: surfaces no frame shows any more
        to paint the base, the ground and the board into (None: new ones)."""
        yield from self._base_steps(state, view, reuse[0])
        need = self._ground_needs(state, view)
        yield from self._ground_steps(state, view, need, reuse[1])
        ground = self._base if need is None else self._ground
        assert ground is not None
        board = layer_like(reuse[2], ground)
        yield from copy_steps(board, ground)
        yield
        moving = self._moving(view)
        ops: list[Op] = []
        for unit, colour in self._units_to_draw(state, None, moving):
            steps = self._unit_steps(state, view, unit, colour, board.get_rect())
            if steps:  # a unit off the page costs no step of its own
                run_ops(board, steps)
                ops += steps
                yield
        self._ops = (self._ops_key(state, view, moving, board), ops)
        self._board, self._units_key = board, (self._ground_key, id(state), view.revision,
                                               moving)
        self._board_for = self._showing(state, view)
        self.page.adopt(view.camera, whole)
        self.stats["board_renders"] += 1

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

    def _base_key_of(self, state: GameState, view: ViewState) -> Hashable:
        """What the base layer of ``view``'s camera shows (it is redrawn when this changes)."""
        return (view.camera.key(), (view.camera.width, view.camera.height),
                self._board_key(state), tuple(state.terrain), view.grid, self.palette.name,
                self.board_marks(state, view), self.light(state, view), self.relief(state))

    def _base_layer(self, state: GameState, view: ViewState) -> pygame.Surface:
        """The base layer of ``view``'s camera, painted again only when it shows otherwise."""
        for _ in self._base_steps(state, view, self._base):
            pass
        assert self._base is not None
        return self._base

    def _base_steps(self, state: GameState, view: ViewState, reuse: pygame.Surface | None
                    ) -> Iterator[None]:
        """Bring the base layer up to date a step at a time, into ``reuse`` when it has the
        size (None: a new surface, so a frame drawn between two steps of a board built ahead
        keeps the old layer); the layer is adopted only once whole."""
        key = self._base_key_of(state, view)
        if self._base is not None and key == self._base_key:
            return
        base = new_layer((view.camera.width, view.camera.height), reuse)
        if base is not reuse:
            yield  # a new surface of a page takes a slice of its own
        yield from self._paint_base(base, state, view)
        light = self.light(state, view)
        if light != "day":  # night shades the ground, not the units on it
            base.fill(LIGHT_SHADE[light], special_flags=pygame.BLEND_MULT)
        self._base, self._base_key = base, key
        self.stats["base_renders"] += 1

    def _paint_base(self, base: pygame.Surface, state: GameState, view: ViewState
                    ) -> Iterator[None]:
        """Paint the base layer of a camera, a step at a time: the table or hex map, then
        each terrain piece (see :meth:`_build_ahead`)."""
        cam = view.camera
        board = state.board
        if isinstance(board, TableBoard):  # the table covers most of it: one fill a pixel
            draw_board.draw_table(base, board, cam, False, self.palette,
                                  self.palette.background)
            if view.grid:
                yield
                yield from draw_board.grid_steps(base, board, cam, self.palette)
            for piece in state.terrain:
                yield
                draw_board.draw_terrain(base, (piece,), cam, self.palette, self._font)
            return
        base.fill(self.palette.background)
        yield from draw_board.hexmap_steps(base, board, cam, self.palette, self._font,
                                           self.relief(state))
        marks = self.board_marks(state, view)
        if marks:
            draw_board.draw_marks(base, marks, cam, self.palette, self._font)

    def _ground_needs(self, state: GameState, view: ViewState
                      ) -> GroundNeed | None:
        """The key of the ground layer and the trays whose arcs it shows; None when the ground
        is the base itself (a hex board, or a table with neither arcs nor marks)."""
        board = state.board
        arcs = self._arc_trays(state, view)
        marks = self.board_marks(state, view) if isinstance(board, TableBoard) else ()
        if not isinstance(board, TableBoard) or not (arcs or marks):
            return None
        return (self._base_key, arcs), tuple(tray for _, tray in arcs)

    def _ground_layer(self, state: GameState, view: ViewState) -> pygame.Surface:
        """The base with the arcs and, on a table, the ruleset's marks over them (the base
        itself when there is neither); redrawn only when the base or the arcs change."""
        self._base_layer(state, view)
        need = self._ground_needs(state, view)
        if not self._patch_ground(state, view, need):
            for _ in self._ground_steps(state, view, need, self._ground):
                pass
        ground = self._base if need is None else self._ground
        assert ground is not None
        return ground

    def _patch_ground(self, state: GameState, view: ViewState,
                      need: GroundNeed | None) -> bool:
        """Bring the ground to ``need`` (:meth:`_ground_needs`) by repainting only where
        one tray's arcs and the next tray's differ (:meth:`ArcsPainter.patch`: the selected
        unit moved, or another one is selected), when the ground shows the same base with
        one tray's arcs and the table has no marks over them; False (nothing done)
        otherwise. The rectangles are kept for the board layer (:meth:`_patch_board`)."""
        ground, base, old = self._ground, self._base, self._ground_key
        if (need is None or ground is None or base is None or not isinstance(old, tuple)
                or old[0] != need[0][0] or len(old[1]) != 1 or len(need[1]) != 1
                or need[0] == old or self.board_marks(state, view)):
            return False
        board = state.board
        assert isinstance(board, TableBoard)
        rects = self.arcs.patch(ground, base, board, (old[1][0][1], need[1][0]), view.camera,
                                self.arc_colour, (old, need[0]))
        if rects is None:
            return False
        self._ground_patch = (old, need[0], rects)
        self._ground_key = need[0]
        return True

    def _ground_steps(self, state: GameState, view: ViewState,
                      need: GroundNeed | None,
                      reuse: pygame.Surface | None) -> Iterator[None]:
        """Bring the ground layer (``need``: :meth:`_ground_needs`) up to date over the
        current base a step at a time, into ``reuse`` as :meth:`_base_steps` does."""
        if need is None:
            self._ground_key = (self._base_key, self._arc_trays(state, view))
            return
        if self._ground is not None and need[0] == self._ground_key:
            return
        self._ground_patch = None
        assert self._base is not None
        ground = layer_like(reuse, self._base)
        yield from copy_steps(ground, self._base)
        yield
        yield from self._paint_ground(ground, state, view, need)
        self._ground, self._ground_key = ground, need[0]

    def _paint_ground(self, ground: pygame.Surface, state: GameState, view: ViewState,
                      need: GroundNeed) -> Iterator[None]:
        """Paint the arcs of the trays of ``need`` (:meth:`_ground_needs`) and a table's
        marks over a copy of the base, a step at a time (see :meth:`_build_ahead`)."""
        board = state.board
        assert isinstance(board, TableBoard)
        yield from self.arcs.paint(ground, board, need[1], view.camera, self.arc_colour,
                                   need[0])
        marks = self.board_marks(state, view)
        if marks:
            yield
            draw_board.draw_marks(ground, marks, view.camera, self.palette, self._font)

    def _font(self, size: int, bold: bool) -> pygame.font.Font:
        return self.fonts.get(size, bold=bold)

    def arc_colour(self, arc: Arc) -> RGB:
        """The overlay colour of an arc."""
        return arc_colour(self.palette, arc)

    # --- units ----------------------------------------------------------------------------

    def unit_colour(self, state: GameState, unit: Unit) -> RGB:
        """The side colour of a unit under the current palette."""
        try:
            player = state.player(unit.owner)
        except KeyError:
            return (160, 160, 160)
        return self.palette.player_colour(player.number, player.colour)

    def _unit_steps(
        self, state: GameState, view: ViewState, unit: Unit, colour: RGB, clip: pygame.Rect,
    ) -> list[Op]:
        """How to draw one unit (its sprite, a large unit's hexes, its height tag); nothing
        when its sprite and tag cannot reach ``clip`` (the look is not even asked then)."""
        cam = view.camera
        tray = view.overrides.get(unit.id, unit.tray)
        if tray is not None:
            sx, sy = cam.to_screen(tray.x, tray.y)
            reach = math.hypot(tray.width, tray.depth) / 2 * cam.zoom + max(6.0, cam.zoom * 0.6)
            if not shows(clip, sx, sy, reach, lambda: bool(self._height(state, view, unit.id))):
                return []
            sprite, offset = self._tray_sprite(unit, tray, colour, cam.zoom,
                                               self._tray_ident(state, view, unit))
            look = self.look(state, view, unit.id)
            steps: list[Op] = []
        elif unit.hex is not None:
            over = view.hex_overrides.get(unit.id)
            if over is not None:
                wx, wy, angle = over
            else:
                wx, wy = hexlayout.hex_centre(unit.hex.q, unit.hex.r)
                angle = hexlayout.facing_angle(unit.hex_facing)
            sx, sy = cam.to_screen(wx, wy)
            look = self.look(state, view, unit.id)
            steps = []
            anchor = (unit.hex.q, unit.hex.r)
            reach = max(cam.zoom * footprint_reach(look, anchor), cam.zoom * 1.05) + 4
            if not shows(clip, sx, sy, reach, lambda: bool(look and look.height)):
                return []
            if look is not None and len(look.hexes) > 1:  # one hex: the token shows it
                steps.append(partial(draw_units.draw_footprint, look=look, anchor=anchor,
                                     at=(wx, wy), cam=cam, colour=colour))
            sprite, offset = self._hex_sprite(unit, cam.angle(angle), colour, cam.zoom)
        else:
            return []
        steps.append((sprite, (round(sx - offset[0]), round(sy - offset[1]))))
        tag = self._height_tag(look.height if look else "", cam.zoom)
        if tag is not None:
            lift = cam.zoom * (LABEL_ROOM / 2 - LABEL_DROP) + 2  # just above the label
            steps.append((tag, tag.get_rect(midbottom=(round(sx), round(sy - lift))).topleft))
        return steps

    def _height(self, state: GameState, view: ViewState, uid: str) -> str:
        look = self.look(state, view, uid)
        return look.height if look is not None else ""

    def _height_tag(self, text: str, zoom: float) -> pygame.Surface | None:
        """A unit's height tag, rendered once per (text, zoom)."""
        if not text:
            return None
        key = ("tag", text, round(zoom, 4))
        hit = self._sprites.get(key)
        if hit is not None:
            return hit[0]
        tag = draw_units.height_tag(self._font, text, zoom)
        if tag is not None:
            self._remember(key, tag, (0.0, 0.0))
        return tag

    def _remember(self, key: Hashable, sprite: pygame.Surface, offset: Point) -> None:
        if len(self._sprites) > SPRITE_CACHE_LIMIT:
            self._sprites.clear()
            self._contents.clear()  # numbers are never given twice: no stale sprite is hit
        self._sprites[key] = (sprite, offset)
        self.stats["sprite_renders"] += 1

    def _local_bases(self, look: UnitLook, home: Tray) -> tuple[ModelBase, ...]:
        """Each base of ``look`` (given on the table at the unit's tray ``home``) in the
        tray's own frame, where the sprite draws it whatever tray it is drawn at (dragged,
        turned, animated). A ruleset that keeps a base's ring while the unit stays gives the
        same ring object: it is turned into the frame once, not at every new game moment
        (200 units of 20 bases each, issue 32)."""
        rings = self._rings
        if len(rings) > RING_CACHE_LIMIT:
            rings.clear()
        out = []
        for base in look.bases:
            hit = rings.get(id(base.points))
            if hit is None or hit[0] is not base.points or (hit[1] is not home
                                                             and hit[1] != home):
                local = tuple(home.table_to_local(x, y) for x, y in base.points)
                hit = rings[id(base.points)] = (base.points, home, local)
            out.append(ModelBase(hit[2], base.kind, base.mark, base.label))
        return tuple(out)

    def _bases_of(self, look: UnitLook, home: Tray) -> tuple[tuple[ModelBase, ...], int]:
        """:meth:`_local_bases` of ``look`` at ``home`` and a number naming their value (the
        same number for the same bases). A ruleset that gives the same look object while a
        unit's look stays the same gets both back by identity at every new game moment,
        without turning or hashing its bases again (200 units of 20 bases, issue 32)."""
        looked = self._looked
        hit = looked.get(id(look))
        if hit is not None and hit[0] is look and (hit[1] is home or hit[1] == home):
            return hit[2], hit[3]
        if len(looked) > LOOK_CACHE_LIMIT:
            looked.clear()
            self._base_numbers.clear()
        local = self._local_bases(look, home)
        token = self._base_numbers.get(local)
        if token is None:
            token = self._base_numbers[local] = next(self._numbers)
        looked[id(look)] = (look, home, local, token)
        return local, token

    def _tray_ident(self, state: GameState, view: ViewState, unit: Unit
                    ) -> tuple[int, tuple[ModelBase, ...]]:
        """What a unit's tray sprite shows besides its tray's shape, the zoom and the colour
        (its models left, name, status and the look's bases in the tray's own frame), as a
        number and the bases; worked out once per unit and game state revision, and the same
        number for the same content, so the sprite cache is asked with a short key (a pan
        or a zoom asks it for every unit in view)."""
        key = (id(self.ruleset), id(state), view.revision)
        if self._idents[0] != key:
            self._idents = (key, {})
        cache = self._idents[1]
        hit = cache.get(unit.id)
        if hit is None:
            look = self.look(state, view, unit.id)
            home = unit.tray
            local, token = (self._bases_of(look, home)
                            if look is not None and look.bases and home is not None else ((), -1))
            content = (models_left(unit), unit.name, status_text(unit), token)
            number = self._contents.get(content)
            if number is None:
                number = self._contents[content] = next(self._numbers)
            hit = cache[unit.id] = (number, local)
        return hit

    def _tray_sprite(
        self, unit: Unit, tray: Tray, colour: RGB, zoom: float,
        ident: tuple[int, tuple[ModelBase, ...]],
    ) -> tuple[pygame.Surface, Point]:
        """The sprite of ``unit`` drawn as ``tray`` (its own or where it is dragged) at
        ``zoom``, cached; ``ident``: :meth:`_tray_ident`."""
        number, local = ident
        key = ("tray", tray.facing, tray.width, tray.depth, tray.files, tray.ranks,
               round(zoom, 4), colour, number)
        hit = self._sprites.get(key)
        if hit is not None:
            return hit
        left = models_left(unit)
        text = status_text(unit)
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
        across, down = label_room(tray)
        draw_label(sprite, self.fonts, unit.name, text, off, across * zoom, down * zoom)
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
        # the facing wedge goes under the label (long and narrow, it still reads beside the
        # name on every facing); the label stays inside its own hex and a little low, so a
        # height tag above it never covers the name, and lines that do not fit give way
        # (the counters first: the unit card and the hover say them)
        pygame.draw.polygon(sprite, (250, 250, 250), facing_wedge(c, angle, zoom))
        pygame.draw.polygon(sprite, (20, 20, 20), facing_wedge(c, angle, zoom), 1)
        draw_label(sprite, self.fonts, unit.name, text, (c[0], c[1] + zoom * LABEL_DROP),
                   zoom * 1.1, zoom * LABEL_ROOM)
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


GroundNeed = tuple[tuple[Hashable, tuple[tuple[str, Tray], ...]], tuple[Tray, ...]]
"""What a ground layer shows (the base's key and each unit's arcs shown: its key) and the
trays whose arcs it shows (see :meth:`Renderer._ground_needs`)."""

PATCH_SHARE = 0.25
"""The most of a board layer a patch may redraw (see :meth:`Renderer._patch_board`); beyond
it the layer is drawn again whole."""


def _drawn_alike(shown: tuple[Hashable, ...], now: tuple[Hashable, ...]) -> bool:
    """Whether unit steps drawn under :meth:`Renderer._ops_key` ``shown`` may be carried to
    ``now``: the same state object, moving units, camera, palette, ruleset, board size and
    sides' colours (the game moment, second, may differ: what changed is then told by
    ``view.carry``)."""
    return shown[0] == now[0] and shown[2:] == now[2:]


def _changed_rects(before: list[tuple[str, list[Op]]], after: list[tuple[str, list[Op]]],
                   bounds: pygame.Rect) -> list[pygame.Rect] | None:
    """Where the units whose steps changed between ``before`` and ``after`` (each unit's steps,
    kept steps being the same list) were and are drawn, within ``bounds``, the overlapping
    rectangles merged; None when a changed unit is drawn by a call (its extent unknown), the
    units are not the same ones in the same order, or the rectangles cover more than
    :data:`PATCH_SHARE` of ``bounds``."""
    if [uid for uid, _ in before] != [uid for uid, _ in after]:
        return None
    rects: list[pygame.Rect] = []
    for (_, old), (_, new) in zip(before, after, strict=True):
        if old is new:
            continue
        for op in (*old, *new):
            if callable(op):
                return None
            rect = pygame.Rect(op[1], op[0].get_size()).clip(bounds)
            if rect.width and rect.height:
                rects.append(rect)
    merged: list[pygame.Rect] = []
    for rect in rects:
        hits = [m for m in merged if m.colliderect(rect)]
        for m in hits:
            merged.remove(m)
        merged.append(rect.unionall(hits) if hits else rect)
    area = sum(r.width * r.height for r in merged)
    return merged if area <= PATCH_SHARE * bounds.width * bounds.height else None


def _links_of(ruleset: Ruleset, state: GameState, ids: Iterable[str]
              ) -> dict[str, frozenset[str]] | None:
    """The look links of the units ``ids`` (:meth:`~Ruleset.look_links`); None when the
    ruleset tells none for one of them."""
    out: dict[str, frozenset[str]] = {}
    for uid in ids:
        found = ruleset.look_links(state, uid)
        if found is None:
            return None
        out[uid] = found
    return out


def footprint_reach(look: UnitLook | None, anchor: tuple[int, int]) -> float:
    """How far (world units) the hexes a large unit covers reach from its own hex's centre:
    its farthest hex's centre, a hex's radius and its outline's half width; 0 without a
    footprint (a unit whose footprint cannot reach the layer is left out of it, as any
    other unit is)."""
    if look is None or not look.hexes:
        return 0.0
    ax, ay = hexlayout.hex_centre(*anchor)
    return 1.1 + max(math.hypot(x - ax, y - ay)
                     for x, y in (hexlayout.hex_centre(q, r) for q, r in look.hexes))


def label_room(tray: Tray) -> tuple[float, float]:
    """How far a tray reaches from its centre across and down the screen (inches): the
    horizontal and vertical chords through its centre, so the label of a turned tray stays on
    it and never on a unit it touches."""
    a = math.radians(tray.facing)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    big = float("inf")
    across = min(tray.width / c if c > 1e-9 else big, tray.depth / s if s > 1e-9 else big)
    down = min(tray.depth / c if c > 1e-9 else big, tray.width / s if s > 1e-9 else big)
    return across, down


def fit_camera(camera: Camera, state: GameState) -> None:
    """Frame the whole board in the camera (turned as the board stands)."""
    board = state.board
    camera.turn = turn_for(board)
    if isinstance(board, TableBoard):
        camera.fit(0.0, 0.0, board.width, board.height, 0.04)
    else:
        camera.fit(*hexlayout.bounds(board.cells), 0.04)
