"""The battle builder (issue 26): ``warbench edit [FILE]``, "New battle" and "Edit" in the menu.

The scene edits a :class:`~game.scenario.edit.BattleDoc` (the document lives below the UI:
every change is one of its commands, refused with a reason or done as one undo step) and
draws the document's preview with the table's own renderer. Around the board:

- the top bar: the tools (select, terrain shapes or hex painting, map features, zones) and
  Setup, Undo, Redo, Save, Save draft, Play now, Back;
- on the left, the ruleset's unit catalogue (search, grouped, the unit card on hover) and
  the side units are placed for: drag a unit onto the board;
- on the right, what the current tool or selection offers (a unit's side and facing, a
  terrain piece's kind and keywords with their meanings, the brush, the feature), and the
  problem list of the loader of ``warbench check``: a click selects what a problem is about.

Keys: Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Ctrl+D duplicate, Del delete, Q/E or the
wheel over the selected unit turn it (15 degrees; Shift: 1 degree), T gives it to the next
side, Enter closes a polygon, Esc cancels. Everything the scene offers comes from the
registry and the ruleset's declarations: it names no ruleset.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.state import GameState, HexBoard, TableBoard
from game.core.vocab import ProfileRecord
from game.scenario.edit import BattleDoc, EditRefused
from game.ui import editor_shapes as shapes
from game.ui import hexlayout
from game.ui.editor_import import ListImport
from game.ui.editor_panels import (
    ACCENT,
    BAD,
    DIM,
    ROW,
    TEXT,
    Hits,
    card_box,
    chip,
    groups,
    panel,
    quiet,
)
from game.ui.editor_side import draw_side_panel
from game.ui.labels import fit
from game.ui.render import Renderer, fit_camera
from game.ui.scene import Scene
from game.ui.view import ViewState
from game.ui.zones_draw import draw_zone, draw_zones

if TYPE_CHECKING:
    from game.scenario.loader import Scenario
    from game.ui.app import App

Point = tuple[float, float]
TOP = 44
LEFT_W = 250
"""The catalogue's width at the normal text size."""
RIGHT_W = 310
"""The right panel's width at the normal text size."""
LEFT_SHARE, RIGHT_SHARE = 0.25, 0.32
"""The most of the window's width the catalogue and the right panel take as text grows."""


def side_widths(width: int, scale: float) -> tuple[int, int]:
    """The catalogue's and the right panel's widths in a window ``width`` pixels wide at the
    text size ``scale``: wider as the text grows (so long names keep their words), never more
    than their share of the window (the board keeps the rest)."""
    left = max(LEFT_W, min(round(LEFT_W * scale), int(width * LEFT_SHARE)))
    right = max(RIGHT_W, min(round(RIGHT_W * scale), int(width * RIGHT_SHARE)))
    return left, right
CHECK_EVERY = 0.12
"""Seconds between two placement checks while a unit is dragged (each loads the battle)."""
SHAPES: dict[str, Callable[[Point, Point], list[Point] | None]] = {
    "rectangle": shapes.rectangle, "circle": shapes.circle, "wall": shapes.wall}
"""The ready shapes of terrain, each drawn by one drag."""
TABLE_TOOLS = ("select", "rectangle", "circle", "polygon", "wall", "zone")
HEX_TOOLS = ("select", "paint", "feature", "zone")
TOOL_HINTS = {
    "select": "click a unit or a piece; drag to move; Q/E or the wheel turn; Del deletes",
    "rectangle": "drag a rectangle of terrain",
    "circle": "drag from the centre of a circle of terrain",
    "polygon": "click points; Enter or the first point closes; Backspace takes one back",
    "wall": "drag along a wall",
    "zone": "table: drag the side's zone, or click its corners (Polygon), drag a corner to "
            "move it; hex map: click or drag hexes in and out",
    "paint": "click or drag hexes to paint them with the brush",
    "feature": "click the hex(es) of a feature; right-click a hex takes its features off",
}


def battles_dir(app: App) -> Path:
    """Where the builder saves battles that have no file of their own yet."""
    return app.data_folder / "battles"


class EditorScene(Scene):
    """The battle builder's main screen (see the module docstring)."""

    title = "Battle builder"

    def __init__(self, app: App, doc: BattleDoc) -> None:
        super().__init__(app)
        self.doc = doc
        self.hits = Hits()
        self._toolbar_fit: tuple[Hashable, int] | None = None
        """The toolbar's text size and the labels, window width and text scale it fits."""
        self.view = ViewState(show_arcs=False)
        self.renderer = Renderer(app.palette, app.fonts)
        self.tool = "select"
        self.side = 1
        """The side new units and zones are for."""
        self.selected: str | None = None
        self.selected_terrain: int | None = None
        self.marked_hex: tuple[int, int] | None = None
        self.message = ""
        self.message_bad = False
        self.search: Any = None
        self.catalogue_rows: list[tuple[pygame.Rect, ProfileRecord]] = []
        self.catalogue_scroll = 0
        self.hover_record: ProfileRecord | None = None
        self.drag: dict[str, Any] | None = None
        """What the pointer drags: a new unit, a unit, a vertex, a shape, a pan, a brush."""
        self.points: list[Point] = []
        """The polygon being drawn (the polygon tool, or a zone drawn as a polygon)."""
        self.zone_shape = "rectangle"
        """How the zone tool draws a table's zone: ``rectangle`` (a drag) or ``polygon``
        (click its corners)."""
        self.brush: dict[str, Any] = {"what": "terrain", "terrain": "hill", "elevation": 1,
                                      "keywords": []}
        self.new_terrain: dict[str, Any] = {"kind": "forest", "keywords": []}
        self.feature_key: str | None = None
        self.feature_values: dict[str, Any] = {}
        self.feature_hexes: list[tuple[int, int]] = []
        self.saved_revision = doc.revision
        self._last_check = 0.0
        self._check_every = CHECK_EVERY
        self._fitted = False
        self.importer = ListImport(self)
        """"Import list": an army list as the selected side (its dialogs)."""

    # --- scene protocol --------------------------------------------------------------------

    def enter(self) -> None:
        from pygame_gui.elements import UITextEntryLine

        self.search = UITextEntryLine(pygame.Rect(8, TOP + 66, self.left_w - 16, 30),
                                      self.app.manager, placeholder_text="search units")
        self._fit()

    def leave(self) -> None:
        self.search = None
        self.importer.close()

    def _fit(self) -> None:
        board = self.board_rect()
        self.view.camera.resize(board.x, board.y, board.w, board.h)
        scenario = self.doc.preview()
        if scenario is not None:
            fit_camera(self.view.camera, scenario.state)
            self._fitted = True

    def may_close(self) -> bool:
        """Closing the window keeps unsaved work as a draft (nothing built is lost)."""
        self.keep_draft()
        return True

    def keep_draft(self) -> Path | None:
        """Save a draft when the battle changed since it was last saved."""
        if self.doc.revision == self.saved_revision or not self.doc.units:
            return None
        path = self.save_draft()
        if path is not None:
            self.saved_revision = self.doc.revision
        return path

    def help_lines(self) -> list[tuple[str, str]]:
        return [("drag from the list", "put a unit on the board"),
                ("Q / E, wheel on the unit", "turn the selected unit (Shift: 1 degree)"),
                ("Ctrl+D / Del / T", "duplicate / delete / next side"),
                ("Ctrl+Z / Ctrl+Y", "undo / redo"),
                ("Ctrl+S", "save (a valid battle)"),
                ("Ctrl+I", "import an army list as the selected side"),
                ("Enter / Esc", "close the polygon / cancel"),
                ("right-drag", "pan the board; the wheel zooms")]

    @property
    def left_w(self) -> int:
        """The catalogue's width now (it grows with the text size)."""
        return side_widths(self.app.screen.get_width(), self.app.fonts.scale)[0]

    @property
    def right_w(self) -> int:
        """The right panel's width now (it grows with the text size)."""
        return side_widths(self.app.screen.get_width(), self.app.fonts.scale)[1]

    @property
    def row_h(self) -> int:
        """A catalogue row's height at the text size now."""
        return max(ROW, round(ROW * self.app.fonts.scale))

    def board_rect(self) -> pygame.Rect:
        """Where the board is drawn."""
        w, h = self.app.screen.get_size()
        status = max(26, self.app.fonts.get(13).get_linesize() + 8)  # the status line's strip
        return pygame.Rect(self.left_w, TOP, w - self.left_w - self.right_w, h - TOP - status)

    @property
    def state(self) -> GameState | None:
        """The preview's state (None when not even the setup loads)."""
        scenario = self.doc.preview()
        return scenario.state if scenario is not None else None

    @property
    def tools(self) -> tuple[str, ...]:
        """The tools of this board kind."""
        return HEX_TOOLS if self.doc.board_kind == "hex" else TABLE_TOOLS

    def say(self, text: str, bad: bool = False) -> None:
        """Show a line under the board (and a toast for a refusal)."""
        self.message, self.message_bad = text, bad
        if bad:
            self.app.notify(text, 4.0)

    def do(self, command: Callable[[], object], done: str = "") -> bool:
        """Run a document command; a refusal is said, never raised."""
        try:
            command()
        except EditRefused as exc:
            self.say(str(exc), bad=True)
            return False
        if done:
            self.say(done)
        if self.selected is not None and not any(u.get("id") == self.selected
                                                 for u in self.doc.units):
            self.selected = None
        if self.selected_terrain is not None and self.selected_terrain >= len(self.doc.terrain):
            self.selected_terrain = None
        if not self._fitted:
            self._fit()
        return True

    # --- commands the buttons call ----------------------------------------------------------

    def undo(self) -> None:
        """Undo the last change."""
        self.say("undone" if self.doc.undo() else "nothing to undo")
        self._drop_stale_selection()

    def redo(self) -> None:
        """Redo the last undone change."""
        self.say("redone" if self.doc.redo() else "nothing to redo")
        self._drop_stale_selection()

    def _drop_stale_selection(self) -> None:
        self.do(lambda: None)

    def save(self) -> Path | None:
        """Save the battle as a scenario file (only a valid one)."""
        target = self._target()
        try:
            path = self.doc.save(target)
        except EditRefused as exc:
            self.say(str(exc), bad=True)
            return None
        except OSError as exc:
            self.say(f"cannot save: {exc.strerror or exc}", bad=True)
            return None
        self.saved_revision = self.doc.revision
        self.say(f"saved {path}")
        self.app.notify(f"Saved {path.name}")
        return path

    def save_draft(self) -> Path | None:
        """Save the battle as it is, marked as a draft."""
        try:
            path = self.doc.save_draft(self._target())
        except OSError as exc:
            self.say(f"cannot save: {exc.strerror or exc}", bad=True)
            return None
        self.say(f"draft saved {path}")
        self.app.notify(f"Draft saved: {path.name}")
        return path

    def _target(self) -> Path:
        """The file Save writes: the battle's own file if it is the player's, else a new
        one in the battles folder named after the battle."""
        if self.doc.path is not None and battles_dir(self.app) in self.doc.path.parents:
            return self.doc.path
        name = str(self.doc.data.get("scenario", {}).get("name", "battle"))
        slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "battle"
        return battles_dir(self.app) / f"{slug}.toml"

    def play_now(self) -> None:
        """Start the battle (hotseat) when it is valid; F5 comes back before its first
        action (:class:`~game.ui.editor_play.BuilderTableScene`)."""
        from game.scenario import new_session
        from game.ui.editor_play import BuilderTableScene
        from game.ui.screens import hold_autosave

        scenario = self.doc.check().scenario
        if scenario is None:
            self.say("the battle is not valid yet: see the problems", bad=True)
            return
        session = new_session(scenario)
        hold_autosave(self.app, session)
        self.app.switch(BuilderTableScene(self.app, session, self))

    def back(self) -> None:
        """Back to the menu."""
        from game.ui.screens import MenuScene

        kept = self.keep_draft()
        note = f"The battle you were building was kept as a draft: {kept.name}" if kept else ""
        self.app.switch(MenuScene(self.app, message=note))

    def setup(self) -> None:
        """The setup form for this battle."""
        from game.ui.editor_setup import EditorSetupScene

        self.app.switch(EditorSetupScene(self.app, self))

    def set_tool(self, tool: str) -> None:
        """Choose a tool (a polygon being drawn is dropped)."""
        self.tool, self.points, self.feature_hexes, self.drag = tool, [], [], None
        self.say(TOOL_HINTS.get(tool, ""))

    def select_problem(self, target: tuple[Any, ...]) -> None:
        """Select what a problem is about and bring it into view."""
        kind = target[0]
        if kind == "unit" and isinstance(target[1], str):
            self.set_tool("select")
            self.selected, self.selected_terrain = target[1], None
            entry = next((u for u in self.doc.units if u.get("id") == target[1]), {})
            self._centre(entry.get("at") or entry.get("hex"), "hex" in entry)
        elif kind == "terrain":
            self.set_tool("select")
            self.selected, self.selected_terrain = None, int(target[1])
            pts = self.polygon(int(target[1]))
            if pts:
                self._centre(pts[0], False)
        elif kind in ("hex", "feature"):
            hexes = [target[1:3]] if kind == "hex" else self._feature_hexes(target[1],
                                                                             target[2])
            if hexes:
                self.marked_hex = (int(hexes[0][0]), int(hexes[0][1]))
                self._centre(list(self.marked_hex), True)
        else:
            self.setup()

    def _feature_hexes(self, key: str, index: int) -> list[list[int]]:
        entries = self.doc.features(key)
        entry = entries[index] if 0 <= index < len(entries) else {}
        return [list(v) for v in entry.values() if _is_hex(v)] + [
            list(h) for v in entry.values() if isinstance(v, list) and all(map(_is_hex, v))
            for h in v]

    def _centre(self, place: Any, is_hex: bool) -> None:
        if not isinstance(place, list | tuple) or len(place) != 2:
            return
        x, y = hexlayout.hex_centre(int(_num(place[0])), int(_num(place[1]))) if is_hex \
            else place
        cam = self.view.camera
        cam.cx, cam.cy = cam.to_view(_num(x), _num(y))  # the centre is in the view's frame

    # --- input -----------------------------------------------------------------------------

    def before_gui(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if self.importer.handle(event) or (self.importer.busy and event.type in (
                pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                pygame.KEYDOWN)):
            return  # the import's dialog has the mouse and the keys
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._press(event.pos, event.button)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, event.rel)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release(event.pos, event.button)
        elif event.type == pygame.KEYDOWN and not (self.search is not None
                                                   and self.search.is_focused):
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        keys: dict[tuple[bool, int], Callable[[], None]] = {
            (True, pygame.K_z): self.redo if shift else self.undo,
            (True, pygame.K_y): self.redo,
            (True, pygame.K_s): quiet(self.save),
            (True, pygame.K_d): self.duplicate,
            (True, pygame.K_i): self.importer.open,
            (False, pygame.K_DELETE): self.delete,
            (False, pygame.K_q): lambda: self.turn(-1, shift),
            (False, pygame.K_e): lambda: self.turn(1, shift),
            (False, pygame.K_t): self.next_side,
            (False, pygame.K_RETURN): self.close_polygon,
            (False, pygame.K_BACKSPACE): self.drop_point,
            (False, pygame.K_ESCAPE): self.cancel,
        }
        action = keys.get((ctrl, event.key))
        if action is not None:
            action()

    def drop_point(self) -> None:
        """Backspace: take back the last point of the polygon being drawn."""
        if self.points:
            self.points.pop()

    def cancel(self) -> None:
        """Esc: drop what is being drawn, else the selection."""
        if self.points or self.drag or self.feature_hexes:
            self.points, self.drag, self.feature_hexes = [], None, []
        else:
            self.selected = self.selected_terrain = self.marked_hex = None

    def duplicate(self) -> None:
        """Ctrl+D: a copy of the selected unit beside it."""
        if self.selected is not None:
            uid = self.selected
            made: list[str] = []
            if self.do(lambda: made.append(self.doc.duplicate_unit(uid))):
                self.selected = made[0]
                self.say(f"{uid} duplicated as {made[0]}")

    def delete(self) -> None:
        """Del: delete the selected unit or terrain piece."""
        if self.selected is not None:
            uid = self.selected
            self.do(lambda: self.doc.delete_unit(uid), f"{uid} deleted")
        elif self.selected_terrain is not None:
            index = self.selected_terrain
            self.do(lambda: self.doc.delete_terrain(index), "terrain deleted")

    def turn(self, steps: int, free: bool = False) -> None:
        """Turn the selected unit: 15 degrees a step (1 with Shift), a sixth on a hex map."""
        if self.selected is None:
            return
        uid = self.selected
        entry = next((u for u in self.doc.units if u.get("id") == uid), {})
        facing = _num(entry.get("facing"))
        new: float
        if self.doc.board_kind == "hex":
            new = (int(facing) + steps) % 6
        else:
            new = shapes.snapped_facing(facing + steps * (1 if free else shapes.SNAP_DEGREES),
                                        free)
        self.do(lambda: self.doc.rotate_unit(uid, new), f"{uid} faces {new:g}")

    def next_side(self) -> None:
        """T: give the selected unit to the next side (or place for the next side)."""
        count = len(self.doc.players)
        if self.selected is None:
            self.side = self.side % count + 1
            return
        uid = self.selected
        entry = next((u for u in self.doc.units if u.get("id") == uid), {})
        side = int(entry.get("side", 1)) % count + 1
        self.do(lambda: self.doc.set_side(uid, side), f"{uid} now plays for side {side}")

    def close_polygon(self) -> None:
        """Enter: finish the polygon being drawn (a terrain piece, or the side's zone)."""
        if self.tool in ("polygon", "zone") and len(self.points) >= 3:
            pts = list(self.points)
            self.points = []
            if self.tool == "polygon":
                self._add_terrain(pts)
                return
            side = self.side
            self.do(lambda: self.doc.set_zone(side, _rounded(pts)),
                    f"zone of side {side} set: {len(pts)} corners")

    def _wheel(self, event: pygame.event.Event) -> bool:
        pos = pygame.mouse.get_pos()
        if not self.board_rect().collidepoint(pos):
            if pygame.Rect(0, TOP + 100, self.left_w, 10000).collidepoint(pos):
                self.catalogue_scroll = max(0, self.catalogue_scroll - int(event.y) * self.row_h)
                return True
            return False
        over = self.unit_at(self.view.camera.to_world(*pos))
        if over is not None and over == self.selected:
            free = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            self.turn(1 if event.y > 0 else -1, free)
        else:
            self.view.camera.zoom_at(1.15 if event.y > 0 else 1 / 1.15, *pos)
        return True

    def _press(self, pos: tuple[int, int], button: int) -> None:
        action = self.hits.at(pos)
        if action is not None and button == 1:
            action()
            return
        for rect, record in self.catalogue_rows:
            if rect.collidepoint(pos) and button == 1:
                self.drag = {"kind": "new", "record": record, "pos": pos}
                return
        if not self.board_rect().collidepoint(pos):
            return
        world = self.view.camera.to_world(*pos)
        if button == 3 and self.tool != "feature":
            self.drag = {"kind": "pan", "pos": pos}
            return
        handlers: dict[str, Callable[[Point, int], None]] = {
            "select": self._press_select, "rectangle": self._press_shape,
            "circle": self._press_shape, "wall": self._press_shape,
            "polygon": self._press_polygon, "zone": self._press_zone,
            "paint": self._press_paint, "feature": self._press_feature}
        handlers[self.tool](world, button)

    def _press_select(self, world: Point, button: int) -> None:
        vertex = self._vertex_at(world)
        if vertex is not None:
            self.drag = {"kind": "vertex", "index": vertex, "at": world}
            return
        uid = self.unit_at(world)
        if uid is not None:
            self.selected, self.selected_terrain = uid, None
            entry = next(u for u in self.doc.units if u.get("id") == uid)
            self.drag = {"kind": "move", "unit": uid, "start": world, "at": world,
                         "facing": _num(entry.get("facing")), "moved": False}
            return
        self.selected = None
        self.selected_terrain = self.terrain_at(world)

    def _press_shape(self, world: Point, button: int) -> None:
        self.drag = {"kind": "shape", "start": world, "at": world}

    def _press_polygon(self, world: Point, button: int) -> None:
        reach = 10 / self.view.camera.zoom
        if shapes.closes(self.points, world, reach):
            self.close_polygon()
        elif len(self.points) < 64:
            bounds = self._table_bounds() if self.tool == "zone" else None
            self.points.append(shapes.snap(world, bounds))

    def _press_zone(self, world: Point, button: int) -> None:
        if self.doc.board_kind == "hex":
            self.drag = {"kind": "zonehex", "hexes": set(), "adding": None, "last": world}
            self._zone_hex(world)
            return
        corner = None if self.points else self._zone_corner_at(world)
        if corner is not None:  # a corner of the side's zone: drag it
            self.drag = {"kind": "zonecorner", "index": corner, "at": world}
        elif self.zone_shape == "polygon":
            self._press_polygon(world, button)
        else:
            self.drag = {"kind": "shape", "start": world, "at": world}

    def _press_paint(self, world: Point, button: int) -> None:
        self.drag = {"kind": "paint", "done": set(), "last": world}
        self.doc.begin_stroke()
        self._paint(world)

    def _press_feature(self, world: Point, button: int) -> None:
        q, r = hexlayout.world_to_axial(*world)
        if button == 3:
            self._remove_features(q, r)
            return
        self._feature_click(q, r)

    def _motion(self, pos: tuple[int, int], rel: tuple[int, int]) -> None:
        self.hover_record = next((rec for rect, rec in self.catalogue_rows
                                  if rect.collidepoint(pos)), None)
        if self.drag is None:
            return
        world = self.view.camera.to_world(*pos)
        kind = self.drag["kind"]
        if kind == "pan":
            self.view.camera.pan_pixels(*rel)
        elif kind in ("move", "shape", "vertex", "new", "zonecorner"):
            self.drag["at"] = world
            self.drag["moved"] = True
            self.drag["pos"] = pos
        elif kind in ("paint", "zonehex"):
            stroke = self._paint if kind == "paint" else self._zone_hex
            for point in _along(self.drag.get("last", world), world):
                stroke(point)
            if self.drag is not None:
                self.drag["last"] = world

    def _release(self, pos: tuple[int, int], button: int) -> None:
        drag, self.drag = self.drag, None
        self.doc.end_stroke()
        if drag is None:
            return
        world = self.view.camera.to_world(*pos)
        kind = drag["kind"]
        if kind == "new" and self.board_rect().collidepoint(pos):
            self._drop_new(drag["record"], world)
        elif kind == "move" and drag.get("moved"):
            self._drop_move(drag["unit"], self._moved_place(drag, world))
        elif kind == "vertex" and self.selected_terrain is not None:
            self._drop_vertex(drag["index"], world)
        elif kind == "shape":
            self._drop_shape(drag["start"], world)
        elif kind == "zonehex":
            self._commit_zone_hexes(drag)
        elif kind == "zonecorner" and drag.get("moved"):
            self._drop_zone_corner(drag["index"], world)

    # --- placing units ---------------------------------------------------------------------

    def unit_place(self, world: Point, size: tuple[float, float] | None,
                   facing: float) -> tuple[float, float]:
        """Where a unit dropped at ``world`` stands: the hex under it, or the point snapped
        flush to a table edge near it."""
        if self.doc.board_kind == "hex":
            q, r = hexlayout.world_to_axial(*world)
            return (q, r)
        point = (round(world[0], 1), round(world[1], 1))  # a tenth of an inch: tidy files
        bounds = self._table_bounds()
        if size is None or bounds is None:
            return point
        return shapes.snap_to_edges(point, facing, size, bounds)

    def _new_facing(self) -> float:
        """New units face the enemy: side 1 away from its edge, the others towards it."""
        if self.doc.board_kind == "hex":
            return 0 if self.side == 1 else 3
        return 0.0 if self.side == 1 else 180.0

    def _drop_new(self, record: ProfileRecord, world: Point) -> None:
        facing = self._new_facing()
        place = self.unit_place(world, record.base, facing)
        made: list[str] = []
        if self.do(lambda: made.append(self.doc.add_unit(record.id, self.side, place, facing))):
            self.selected, self.selected_terrain = made[0], None
            self.set_tool("select")
            self.say(f"{record.name} placed as {made[0]}")

    def _moved_place(self, drag: dict[str, Any], world: Point) -> tuple[float, float]:
        uid = drag["unit"]
        entry = next((u for u in self.doc.units if u.get("id") == uid), {})
        if "hex" in entry:
            return self.unit_place(world, None, 0)
        x, y = entry.get("at", (0, 0))
        target = (x + world[0] - drag["start"][0], y + world[1] - drag["start"][1])
        return self.unit_place(target, self._size_of(uid), drag["facing"])

    def _drop_move(self, uid: str, place: tuple[float, float]) -> None:
        self.do(lambda: self.doc.move_unit(uid, place), f"{uid} moved")

    def _size_of(self, uid: str) -> tuple[float, float] | None:
        state = self.state
        unit = state.units.get(uid) if state is not None else None
        return (unit.tray.width, unit.tray.depth) if unit and unit.tray else None

    def unit_at(self, world: Point) -> str | None:
        """The unit under a world point (its tray, or a hex it covers)."""
        state = self.state
        if state is None:
            return None
        if isinstance(state.board, HexBoard):
            q, r = hexlayout.world_to_axial(*world)
            for uid in state.units:
                look = self.renderer.look(state, self.view, uid)
                covered = look.hexes if look is not None and look.hexes else ()
                unit = state.units[uid]
                if (unit.hex is not None and (unit.hex.q, unit.hex.r) == (q, r)) or (
                        (q, r) in covered):
                    return uid
            return None
        from shapely.geometry import Point as ShapelyPoint

        spot = ShapelyPoint(world)
        for uid, unit in reversed(list(state.units.items())):
            if unit.tray is not None and unit.tray.polygon.covers(spot):
                return uid
        return None

    def polygon(self, index: int) -> list[Point]:
        """A terrain piece's points ([] where a draft holds something else)."""
        pieces = self.doc.terrain
        points = pieces[index].get("polygon") if 0 <= index < len(pieces) else None
        if not isinstance(points, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(
                    isinstance(v, int | float) and not isinstance(v, bool) for v in p)
                for p in points):
            return []
        return [(float(p[0]), float(p[1])) for p in points]

    def terrain_at(self, world: Point) -> int | None:
        """The terrain piece under a world point (the last drawn)."""
        from shapely.geometry import Point as ShapelyPoint
        from shapely.geometry import Polygon

        spot = ShapelyPoint(world)
        for i in reversed(range(len(self.doc.terrain))):
            pts = self.polygon(i)
            if len(pts) >= 3 and Polygon(pts).buffer(0).covers(spot):
                return i
        return None

    # --- terrain ---------------------------------------------------------------------------

    def _table_bounds(self) -> tuple[float, float] | None:
        state = self.state  # the loaded board: its size is checked
        if state is None or not isinstance(state.board, TableBoard):
            return None
        return (state.board.width, state.board.height)

    def _drop_shape(self, start: Point, end: Point) -> None:
        bounds = self._table_bounds() if self.tool == "zone" else None
        start, end = shapes.snap(start, bounds), shapes.snap(end, bounds)
        if self.tool == "zone":
            rect = shapes.rectangle(start, end)
            if rect is not None:
                side = self.side
                self.do(lambda: self.doc.set_zone(side, _rounded(rect)),
                        f"zone of side {side} set")
            return
        make = SHAPES.get(self.tool)
        pts = make(start, end) if make is not None else None
        if pts is not None:
            self._add_terrain(pts)

    def _add_terrain(self, pts: list[Point]) -> None:
        kind = str(self.new_terrain["kind"])
        if self.tool == "wall" and kind == "forest":
            kind = "wall"
        keywords = list(self.new_terrain["keywords"])
        made: list[int] = []
        if self.do(lambda: made.append(self.doc.add_terrain(kind, keywords, _rounded(pts))),
                   f"{kind} added"):
            self.selected_terrain, self.selected = made[0], None

    def _vertex_at(self, world: Point) -> int | None:
        if self.selected_terrain is None or self.selected_terrain >= len(self.doc.terrain):
            return None
        reach = 8 / self.view.camera.zoom
        for i, (x, y) in enumerate(self.polygon(self.selected_terrain)):
            if math.dist((x, y), world) <= reach:
                return i
        return None

    def zone_corners(self, side: int) -> list[Point]:
        """The corners of a side's table zone as written ([] for none, or a draft's odd
        values), in the order the file lists them."""
        zone = self.doc.zone(side) if self.doc.board_kind == "table" else None
        if not zone or not all(isinstance(p, list) and len(p) == 2 for p in zone):
            return []
        return [(_num(p[0]), _num(p[1])) for p in zone]

    def _zone_corner_at(self, world: Point) -> int | None:
        reach = 8 / self.view.camera.zoom
        return next((i for i, p in enumerate(self.zone_corners(self.side))
                     if math.dist(p, world) <= reach), None)

    def _drop_zone_corner(self, index: int, world: Point) -> None:
        pts = self.zone_corners(self.side)
        if not 0 <= index < len(pts):
            return
        pts[index] = shapes.snap(world, self._table_bounds())
        side = self.side
        self.do(lambda: self.doc.set_zone(side, _rounded(pts)), "zone corner moved")

    def _drop_vertex(self, index: int, world: Point) -> None:
        piece = self.selected_terrain
        assert piece is not None
        pts = self.polygon(piece)
        if not 0 <= index < len(pts):
            return
        pts[index] = (round(world[0], 2), round(world[1], 2))
        self.do(lambda: self.doc.edit_terrain(piece, polygon=pts), "corner moved")

    # --- hexes -----------------------------------------------------------------------------

    def _paint(self, world: Point) -> None:
        q, r = hexlayout.world_to_axial(*world)
        state = self.state
        done = self.drag["done"] if self.drag else set()
        if (q, r) in done or state is None or not isinstance(state.board, HexBoard) or \
                _hex(q, r) not in state.board.cells:
            return
        done.add((q, r))
        brush = self.brush
        if brush["what"] == "terrain":
            self.do(lambda: self.doc.paint_hex(q, r, terrain=str(brush["terrain"])))
        elif brush["what"] == "elevation":
            self.do(lambda: self.doc.paint_hex(q, r, elevation=int(brush["elevation"])))
        else:
            self.do(lambda: self.doc.paint_hex(q, r, keywords=list(brush["keywords"])))

    def _zone_hex(self, world: Point) -> None:
        assert self.drag is not None
        q, r = hexlayout.world_to_axial(*world)
        zone = {tuple(h) for h in (self.doc.zone(self.side) or [])}
        if self.drag["adding"] is None:
            self.drag["adding"] = (q, r) not in zone
        self.drag["hexes"].add((q, r))

    def _commit_zone_hexes(self, drag: dict[str, Any]) -> None:
        zone = {(int(h[0]), int(h[1])) for h in (self.doc.zone(self.side) or [])}
        zone = zone | drag["hexes"] if drag["adding"] else zone - drag["hexes"]
        side = self.side
        self.do(lambda: self.doc.set_zone(side, sorted(zone) or None),
                f"zone of side {side}: {len(zone)} hexes")

    def _feature_click(self, q: int, r: int) -> None:
        kind = next((k for k in self.doc.feature_kinds() if k.key == self.feature_key), None)
        if kind is None:
            self.say("choose a feature on the right", bad=True)
            return
        from game.ui.editor_side import feature_entry, feature_hex_count

        self.feature_hexes.append((q, r))
        if len(self.feature_hexes) < feature_hex_count(kind):
            self.say(f"{kind.key}: now click its other hex")
            return
        entry = feature_entry(kind, self.feature_hexes, self.feature_values)
        self.feature_hexes = []
        self.do(lambda: self.doc.add_feature(kind.key, entry), f"{kind.key} placed")

    def _remove_features(self, q: int, r: int) -> None:
        for kind in self.doc.feature_kinds():
            for i in reversed(range(len(self.doc.features(kind.key)))):
                if [q, r] in self._feature_hexes(kind.key, i):
                    self.do(partial(self.doc.delete_feature, kind.key, i),
                            f"{kind.key} removed")
                    return

    # --- frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._last_check += dt
        drag = self.drag
        if drag is not None and drag["kind"] in ("move", "new") and drag.get("moved") and \
                self._last_check >= self._check_every:
            self._last_check = 0.0
            started = time.perf_counter()
            drag["refusal"] = self._drag_refusal(drag)
            # a big battle's check takes longer: ask less often, so the drag stays smooth
            self._check_every = max(CHECK_EVERY, 3 * (time.perf_counter() - started))

    def _drag_refusal(self, drag: dict[str, Any]) -> str | None:
        world = drag["at"]
        if drag["kind"] == "new":
            if not self.board_rect().collidepoint(drag["pos"]):
                return None
            record = drag["record"]
            facing = self._new_facing()
            return self.doc.refusal_at(None, self.unit_place(world, record.base, facing),
                                       facing, record.id, self.side)
        return self.doc.refusal_at(drag["unit"], self._moved_place(drag, world), drag["facing"])

    def draw(self, surface: pygame.Surface) -> None:
        self.hits.clear()
        surface.fill((22, 24, 28))
        board = self.board_rect()
        if self.view.camera.width != board.w or self.view.camera.height != board.h:
            self.view.camera.resize(board.x, board.y, board.w, board.h)
        scenario = self.doc.preview()
        if scenario is not None:
            self._draw_board(surface, scenario)
        else:
            surface.blit(self.app.fonts.get(16).render(
                "The setup does not load: see the problems on the right", True, BAD),
                (board.x + 20, board.y + 20))
        self._draw_top(surface)
        self._draw_catalogue(surface)
        draw_side_panel(self, surface)
        self._draw_status(surface)
        if self.hover_record is not None and self.drag is None:
            card_box(surface, self.app.fonts, self.hover_record,
                     (self.left_w + 8, pygame.mouse.get_pos()[1]))

    def _draw_board(self, surface: pygame.Surface, scenario: Scenario) -> None:
        state = scenario.state
        self.renderer.ruleset = scenario.ruleset
        self.view.revision = self.doc.revision
        self.view.selected = self.selected if self.selected in state.units else None
        self.view.grid = self.app.settings.grid
        self.renderer.draw(surface, state, self.view)
        clip = surface.get_clip()
        surface.set_clip(self.board_rect())
        draw_zones(surface, state, self.view.camera, self.app.fonts.get(14, bold=True))
        self._draw_missing(surface, state)
        self._draw_hex_keywords(surface, state)
        self._draw_terrain_selection(surface)
        self._draw_zone_corners(surface)
        self._draw_drag(surface)
        if self.marked_hex is not None:
            pts = self.view.camera.points_to_screen(hexlayout.hex_corners_world(*self.marked_hex))
            pygame.draw.polygon(surface, BAD, pts, 3)
        surface.set_clip(clip)

    def _draw_missing(self, surface: pygame.Surface, state: GameState) -> None:
        """Units of the battle the preview could not place: a red cross where they are."""
        cam = self.view.camera
        for entry in self.doc.units:
            uid = entry.get("id")
            if isinstance(uid, str) and uid in state.units:
                continue
            place = entry.get("at") or entry.get("hex")
            if not isinstance(place, list) or len(place) != 2:
                continue
            x, y = hexlayout.hex_centre(int(_num(place[0])), int(_num(place[1]))) if \
                "hex" in entry else place
            sx, sy = cam.to_screen(_num(x), _num(y))
            for d in (-1, 1):
                pygame.draw.line(surface, BAD, (sx - 9, sy - 9 * d), (sx + 9, sy + 9 * d), 3)
            label = self.app.fonts.get(12, bold=True).render(str(entry.get("id")), True, BAD)
            surface.blit(label, (sx + 10, sy - 8))

    def _draw_hex_keywords(self, surface: pygame.Surface, state: GameState) -> None:
        """The keywords of painted hexes, written small on them (the board draws a hex by
        its terrain; the builder shows what rules it carries too)."""
        if not isinstance(state.board, HexBoard) or self.view.camera.zoom < 18:
            return
        font = self.app.fonts.get(10, bold=True)
        for h, cell in state.board.cells.items():
            if cell.keywords:
                x, y = self.view.camera.to_screen(*hexlayout.hex_centre(h.q, h.r))
                img = font.render(" ".join(sorted(cell.keywords)), True, (250, 240, 200),
                                  (40, 36, 30))
                surface.blit(img, img.get_rect(center=(x, y - self.view.camera.zoom * 0.45)))

    def _draw_terrain_selection(self, surface: pygame.Surface) -> None:
        if self.selected_terrain is None or self.selected_terrain >= len(self.doc.terrain):
            return
        pts = self.view.camera.points_to_screen(
            self.polygon(self.selected_terrain))
        if len(pts) >= 3:
            pygame.draw.polygon(surface, ACCENT, pts, 2)
        for p in pts:
            pygame.draw.circle(surface, ACCENT, p, 5)

    def _draw_zone_corners(self, surface: pygame.Surface) -> None:
        """With the zone tool on a table: the side's zone corners, to drag (a corner being
        dragged shows the zone as it will be)."""
        if self.tool != "zone":
            return
        pts = self.zone_corners(self.side)
        drag = self.drag
        if drag is not None and drag["kind"] == "zonecorner" and drag.get("moved") and \
                0 <= drag["index"] < len(pts):
            pts[drag["index"]] = shapes.snap(drag["at"], self._table_bounds())
            pygame.draw.polygon(surface, ACCENT, self.view.camera.points_to_screen(pts), 2)
        for p in self.view.camera.points_to_screen(pts):
            pygame.draw.circle(surface, ACCENT, p, 5)

    def _draw_drag(self, surface: pygame.Surface) -> None:
        cam = self.view.camera
        if self.points:
            pts = cam.points_to_screen(self.points)
            mouse = pygame.mouse.get_pos()
            pygame.draw.lines(surface, ACCENT, False, [*pts, mouse], 2)
            pygame.draw.circle(surface, ACCENT, pts[0], 7, 2)
        drag = self.drag
        if drag is None or not drag.get("moved", drag["kind"] == "shape"):
            return
        if drag["kind"] == "shape":
            self._draw_shape_ghost(surface, drag)
        elif drag["kind"] in ("new", "move"):
            self._draw_unit_ghost(surface, drag)

    def _draw_shape_ghost(self, surface: pygame.Surface, drag: dict[str, Any]) -> None:
        bounds = self._table_bounds() if self.tool == "zone" else None
        start, end = shapes.snap(drag["start"], bounds), shapes.snap(drag["at"], bounds)
        if self.tool == "zone":
            pts = shapes.rectangle(start, end)
            if pts:
                colour = self.app.palette.player_colour(self.side, self.doc.players[
                    self.side - 1].get("colour", "#ffffff"))
                draw_zone(surface, [self.view.camera.points_to_screen(pts)], colour)
            return
        make = SHAPES.get(self.tool)
        pts = make(start, end) if make is not None else None
        if pts:
            pygame.draw.polygon(surface, ACCENT, self.view.camera.points_to_screen(pts), 2)

    def _draw_unit_ghost(self, surface: pygame.Surface, drag: dict[str, Any]) -> None:
        if drag["kind"] == "new" and not self.board_rect().collidepoint(drag["pos"]):
            return
        refusal = drag.get("refusal")
        colour = BAD if refusal else ACCENT
        outline = self._ghost_outline(drag)
        if outline:
            pygame.draw.polygon(surface, colour, self.view.camera.points_to_screen(outline), 3)
        if refusal:
            sx, sy = drag["pos"]
            img = self.app.fonts.get(13, bold=True).render(refusal, True, BAD)
            surface.blit(img, (sx + 16, sy + 12))

    def _ghost_outline(self, drag: dict[str, Any]) -> list[Point]:
        from game.geometry.tray import Tray

        world = drag["at"]
        if drag["kind"] == "new":
            record = drag["record"]
            facing, size = self._new_facing(), record.base
            place = self.unit_place(world, size, facing)
        else:
            facing, size = drag["facing"], self._size_of(drag["unit"])
            place = self._moved_place(drag, world)
        if self.doc.board_kind == "hex":
            return hexlayout.hex_corners_world(int(place[0]), int(place[1]))
        if size is None:
            return []
        tray = Tray(x=place[0], y=place[1], facing=facing, width=size[0], depth=size[1])
        return list(tray.corners)

    def _draw_top(self, surface: pygame.Surface) -> None:
        w = surface.get_width()
        panel(surface, pygame.Rect(0, 0, w, TOP))
        fonts = self.app.fonts
        valid = self.doc.check().valid
        items: list[tuple[str, Callable[[], None] | None]] = [
            ("Setup", self.setup),
            ("Undo", self.undo if self.doc.can_undo else None),
            ("Redo", self.redo if self.doc.can_redo else None),
            ("Save", quiet(self.save) if valid else None),
            ("Save draft", quiet(self.save_draft)),
            ("Import list", self.importer.open if valid else None),
            ("Play now", self.play_now if valid else None),
            ("Back", self.back),
        ]
        size = self._toolbar_size([t.capitalize() for t in self.tools] + [i[0] for i in items],
                                  w)
        x = 8
        for tool in self.tools:
            x = chip(surface, fonts, self.hits, (x, 10), tool.capitalize(),
                     lambda t=tool: self.set_tool(t), self.tool == tool,  # type: ignore[misc]
                     size=size).right + 4
        x += 12
        for label, action in items:
            x = chip(surface, fonts, self.hits, (x, 10), label, action, size=size).right + 4

    def _toolbar_size(self, labels: list[str], width: int) -> int:
        """The largest text size (13 down to 8) at which the toolbar's chips fit in one row of
        ``width`` pixels: at a large text size in a small window every tool and Back stay
        on screen."""
        key = (tuple(labels), width, self.app.fonts.scale)
        if self._toolbar_fit is None or self._toolbar_fit[0] != key:
            size = next((size for size in range(13, 8, -1)
                         if 8 + 12 + sum(self.app.fonts.get(size, bold=True).size(label)[0] + 18
                                         for label in labels) <= width), 8)
            self._toolbar_fit = (key, size)  # measured once per change, not every frame
        return self._toolbar_fit[1]

    def _draw_catalogue(self, surface: pygame.Surface) -> None:
        h = surface.get_height()
        panel(surface, pygame.Rect(0, TOP, self.left_w, h - TOP))
        fonts = self.app.fonts
        cls = self.doc.ruleset_class()
        title = cls.title if cls is not None else self.doc.ruleset_name
        surface.blit(fonts.get(14, bold=True).render(title, True, TEXT), (8, TOP + 6))
        x = 8
        for i, seat in enumerate(self.doc.players[:8], start=1):
            name = str(seat.get("name", i))[:10]
            x = chip(surface, fonts, self.hits, (x, TOP + 30), name,
                     lambda s=i: setattr(self, "side", s), self.side == i,  # type: ignore[misc]
                     name=f"side {i}").right + 3
            if x > self.left_w - 40:
                break
        text = self.search.get_text() if self.search is not None else ""
        self.catalogue_rows = []
        y = TOP + 104 - self.catalogue_scroll
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, TOP + 100, self.left_w, h - TOP - 100))
        for group, records in groups(self.doc.catalogue(), text):
            surface.blit(fonts.get(12, bold=True).render(group, True, ACCENT), (10, y))
            y += 20
            for record in records:
                rect = pygame.Rect(6, y, self.left_w - 12, self.row_h)
                if rect.bottom > TOP + 100 and rect.top < h:
                    lit = record is self.hover_record
                    pygame.draw.rect(surface, (60, 64, 74) if lit else (40, 43, 50), rect,
                                     border_radius=4)
                    font = fonts.get(13)
                    label = font.render(fit(font, record.name, rect.w - 14), True, TEXT)
                    surface.blit(label, (rect.x + 8, rect.y + 4),
                                 pygame.Rect(0, 0, rect.w - 12, rect.h))
                    self.catalogue_rows.append((rect, record))
                y += self.row_h + 2
        surface.set_clip(clip)

    def _draw_status(self, surface: pygame.Surface) -> None:
        board = self.board_rect()
        line = self.message or TOOL_HINTS.get(self.tool, "")
        colour = BAD if self.message_bad else DIM
        font = self.app.fonts.get(13)
        img = font.render(fit(font, line, board.width - 16), True, colour)
        surface.blit(img, (board.x + 8, board.bottom + 4))


def _along(a: Point, b: Point, step: float = 0.4) -> list[Point]:
    """Points from ``a`` to ``b`` no further apart than ``step`` (a fast stroke of the brush
    still paints every hex it crosses)."""
    count = max(1, math.ceil(math.dist(a, b) / step))
    return [(a[0] + (b[0] - a[0]) * i / count, a[1] + (b[1] - a[1]) * i / count)
            for i in range(1, count + 1)]


def _num(value: Any, default: float = 0.0) -> float:
    """A number of the document, or ``default`` where a draft holds something else."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


def _rounded(pts: list[Point]) -> list[Point]:
    return [(round(x, 2), round(y, 2)) for x, y in pts]


def _is_hex(value: Any) -> bool:
    return isinstance(value, list | tuple) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _hex(q: int, r: int) -> Any:
    from game.geometry.hexgrid import Hex

    return Hex(q, r)


def open_editor(app: App, path: Path | None) -> None:
    """Open the builder on a scenario file (or a draft), or the setup of a new battle."""
    from game.scenario.problems import FileError
    from game.ui.editor_setup import EditorSetupScene
    from game.ui.screens import MenuScene

    if path is None:
        app.switch(EditorSetupScene(app, None))
        return
    try:
        doc = BattleDoc.open(path)
    except FileError as exc:
        app.switch(MenuScene(app, message=f"{path.name}: {exc}"))
        return
    app.switch(EditorScene(app, doc))


def main(path: Path | None, size: str = "1280x800") -> int:
    """``warbench edit [FILE]``: open the window on the battle builder."""
    from game.ui.app import DEFAULT_SIZE, App
    from game.ui.headless import parse_size

    try:
        dims = parse_size(size)
    except ValueError:
        dims = DEFAULT_SIZE
    app = App(dims)
    open_editor(app, path)
    return app.run()
