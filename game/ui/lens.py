"""The rules lens: asks the geometry and the rulesets what the hovered unit means to the
selected one, and packs the answers into a :class:`~game.ui.view.HoverOverlay`.

Nothing here decides a rule: range and sight come from :mod:`game.geometry`, charge and melee
odds from each ruleset's ``preview`` module (imported lazily; a ruleset without one simply
shows fewer lines). Results are cached per (state revision, viewer, target).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from shapely.geometry import MultiPoint, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import nearest_points

from game.core.state import GameState, Unit
from game.geometry.ranges import range_band, range_to
from game.ui.view import HoverOverlay, Segment

Point = tuple[float, float]
CACHE_LIMIT = 256


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


class RulesLens:
    """Computes and caches hover overlays (owned by a table scene or the renderer tools)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str, str], HoverOverlay] = {}
        self._modules: dict[str, ModuleType | None] = {}

    def clear(self) -> None:
        """Forget every cached answer."""
        self._cache.clear()

    def overlay(
        self, state: GameState, revision: int, viewer_id: str | None, target_id: str | None
    ) -> HoverOverlay | None:
        """The overlay for ``target_id`` seen from ``viewer_id`` (None if not applicable)."""
        if not viewer_id or not target_id or viewer_id == target_id:
            return None
        viewer = state.units.get(viewer_id)
        target = state.units.get(target_id)
        if viewer is None or target is None or not viewer.on_board or not target.on_board:
            return None
        key = (revision, viewer_id, target_id)
        hit = self._cache.get(key)
        if hit is None:
            if len(self._cache) > CACHE_LIMIT:
                self._cache.clear()
            hit = self._compute(state, viewer, target)
            self._cache[key] = hit
        return hit

    def _preview_module(self, ruleset: str) -> ModuleType | None:
        if ruleset not in self._modules:
            self._modules[ruleset] = _module(f"game.rulesets.{ruleset}.preview")
        return self._modules[ruleset]

    def _compute(self, state: GameState, viewer: Unit, target: Unit) -> HoverOverlay:
        if viewer.tray is not None and target.tray is not None:
            return self._table_overlay(state, viewer, target)
        return self._hex_overlay(state, viewer, target)

    # --- table -------------------------------------------------------------------------------

    def _table_overlay(self, state: GameState, viewer: Unit, target: Unit) -> HoverOverlay:
        assert viewer.tray is not None and target.tray is not None
        poly = target.tray.polygon
        arrow = viewer.tray.front_arrow
        distance = range_to(viewer.tray, poly)
        near = nearest_points(ShapelyPoint(arrow), poly)[1]
        band = range_band(viewer.tray, poly)
        lines = [f"{viewer.name} -> {target.name}",
                 f'Range {distance:.2f}" ({band or "out of range"}) [AS-RNG-6]']
        visible, witness, blockers = self._table_sight(state, viewer, target)
        if visible is True:
            lines.append("Line of Sight: yes [AS-CHG-1]")
        elif visible is False:
            lines.append(f"Line of Sight: no ({len(blockers)} blocking) [AS-CHG-1]")
        corridor: Polygon | None = None
        if target.owner != viewer.owner:
            corridor = self._charge_lines(state, viewer, target, lines)
            self._attack_lines(state, viewer, target, lines)
        return HoverOverlay(
            viewer=viewer.id, target=target.id, range_from=arrow, range_to=(near.x, near.y),
            distance=distance, band=band, visible=visible, witness=witness,
            blockers=tuple(blockers), corridor=corridor, lines=tuple(lines),
        )

    def _table_sight(
        self, state: GameState, viewer: Unit, target: Unit
    ) -> tuple[bool | None, Segment | None, list[Polygon]]:
        sight = _module("game.geometry.sight")
        if sight is None or viewer.tray is None or target.tray is None:
            return None, None, []
        # Every sight line runs inside the hull of the front edge and the target, so only
        # obstacles meeting that hull can block it (exact prefilter; geometry decides).
        hull = MultiPoint([*viewer.tray.front_edge.coords,
                           *target.tray.polygon.exterior.coords]).convex_hull
        minx, miny, maxx, maxy = hull.bounds
        candidates: list[Polygon] = [
            u.tray.polygon for u in state.live_units()
            if u.tray is not None and u.id not in (viewer.id, target.id)
        ]
        candidates += [t.polygon for t in state.terrain if t.has("blocks-sight")]
        obstacles = [
            p for p in candidates
            if _boxes_meet(p.bounds, (minx, miny, maxx, maxy)) and p.intersects(hull)
        ]
        result = sight.line_of_sight(viewer.tray, target.tray.polygon, obstacles)
        witness = result.witness
        seg: Segment | None = None
        if witness is not None:
            (ax, ay), (bx, by) = witness
            seg = ((float(ax), float(ay)), (float(bx), float(by)))
            if seg[0] == seg[1]:
                seg = (viewer.tray.front_arrow, seg[1])
        blockers = [obstacles[i] for i in result.blockers if 0 <= i < len(obstacles)]
        return bool(result.visible), seg, blockers

    def _call(self, ruleset: str, name: str, *args: Any) -> Any:
        module = self._preview_module(ruleset)
        fn: Callable[..., Any] | None = getattr(module, name, None) if module else None
        if fn is None:
            return None
        try:
            return fn(*args)
        except (KeyError, ValueError, AttributeError, TypeError):
            return None

    def _charge_lines(
        self, state: GameState, viewer: Unit, target: Unit, lines: list[str]
    ) -> Polygon | None:
        preview = self._call(state.ruleset, "charge_preview", state, viewer.id, target.id)
        if preview is None:
            return None
        if not getattr(preview, "valid", False):
            refusal = getattr(preview, "refusal", None)
            lines.append(f"Charge: not possible - {refusal}")
            return None
        needed = getattr(preview, "distance_needed", None)
        roll = getattr(preview, "roll_needed", None)
        prob = getattr(preview, "probability", None)
        arc = getattr(preview, "arc", None)
        arcs = arc if isinstance(arc, tuple | list) else (arc,)
        arc_name = "/".join(str(getattr(a, "value", a)) for a in arcs if a is not None)
        text = "Charge:"
        if arc_name:
            text += f" into {arc_name} arc,"
        if needed is not None:
            text += f' needs {float(needed):.2f}"'
        if roll is not None:
            text += f", roll {roll}+" if isinstance(roll, int) and roll > 1 else (
                ", always arrives" if isinstance(roll, int) else f", roll {roll}")
        if prob is not None:
            text += f" = {_pct(float(prob))}"
        lines.append(text + " [AS-CHG-6]")
        corridor = getattr(preview, "corridor", None)
        return corridor if isinstance(corridor, Polygon) and not corridor.is_empty else None

    def _attack_lines(self, state: GameState, viewer: Unit, target: Unit, lines: list[str]) -> None:
        preview = self._call(state.ruleset, "attack_preview", state, viewer.id, target.id)
        if preview is None:
            return
        if not getattr(preview, "valid", True):
            lines.append(f"Attack: not possible - {getattr(preview, 'refusal', '')}")
            return
        lines.append("Attack: " + _summary(preview))

    # --- hex ---------------------------------------------------------------------------------

    def _hex_overlay(self, state: GameState, viewer: Unit, target: Unit) -> HoverOverlay:
        from game.ui import hexlayout

        if viewer.hex is None or target.hex is None:
            return HoverOverlay(viewer=viewer.id, target=target.id)
        a = hexlayout.hex_centre(viewer.hex.q, viewer.hex.r)
        b = hexlayout.hex_centre(target.hex.q, target.hex.r)
        steps = viewer.hex.distance(target.hex)
        plural = "es" if steps != 1 else ""
        lines = [f"{viewer.name} -> {target.name}", f"Distance {steps} hex{plural}"]
        visible, witness, blocked = self._hex_sight(state, viewer, target)
        if visible is not None:
            lines.append(f"Line of Sight: {'yes' if visible else 'no'}")
        if target.owner != viewer.owner:
            preview = self._call(state.ruleset, "melee_preview", state, viewer.id, target.id)
            if preview is not None:
                if getattr(preview, "valid", False):
                    lines.append("Melee: " + _summary(preview))
                else:
                    lines.append(f"Melee: not possible - {getattr(preview, 'refusal', '')}")
        return HoverOverlay(
            viewer=viewer.id, target=target.id, range_from=a, range_to=b, distance=None,
            visible=visible, witness=witness, blocked_lines=blocked, lines=tuple(lines),
        )

    def _hex_sight(
        self, state: GameState, viewer: Unit, target: Unit
    ) -> tuple[bool | None, Segment | None, tuple[Segment, ...]]:
        from game.core.state import HexBoard
        from game.ui import hexlayout

        grid = _module("game.geometry.hexgrid")
        fn = getattr(grid, "hex_line_of_sight", None)
        board = state.board
        if fn is None or not isinstance(board, HexBoard) or viewer.hex is None:
            return None, None, ()
        blocking = set(board.blocking())
        blocking |= {u.hex for u in state.live_units() if u.hex is not None
                     and u.id not in (viewer.id, target.id)}
        try:
            result = fn(viewer.hex, viewer.hex_facing, target.hex, frozenset(blocking))
        except TypeError:
            return None, None, ()
        scale = hexlayout.SQRT3 / _hex_width(grid) if grid else 1.0
        good: list[Segment] = []
        bad: list[Segment] = []
        for line in getattr(result, "lines", ()):
            seg, ok = _hex_line(line, scale)
            (good if ok else bad).append(seg)
        return bool(result.visible), (good[0] if good else None), tuple(bad)


def _boxes_meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two (minx, miny, maxx, maxy) boxes overlap or touch."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _hex_width(grid: ModuleType) -> float:
    """Width of a hex in the geometry module's units (sqrt(3) for circumradius 1)."""
    centre = getattr(grid, "hex_center", None) or getattr(grid, "hex_centre", None)
    if centre is None:
        return hexlayout_sqrt3()
    try:
        from game.geometry.hexgrid import Hex

        x0, _ = centre(Hex(0, 0))
        x1, _ = centre(Hex(1, 0))
        return float(abs(x1 - x0)) or hexlayout_sqrt3()
    except (TypeError, ValueError):
        return hexlayout_sqrt3()


def hexlayout_sqrt3() -> float:
    """sqrt(3): hex width for a unit circumradius."""
    from game.ui.hexlayout import SQRT3

    return SQRT3


def _hex_line(line: Any, scale: float) -> tuple[Segment, bool]:
    """A geometry sight line (segment + verdict) in UI world units (screen y up)."""
    seg = getattr(line, "segment", line)
    ok = bool(getattr(line, "clear", getattr(line, "visible", True)))
    (ax, ay), (bx, by) = seg[0], seg[1]
    return ((ax * scale, -ay * scale), (bx * scale, -by * scale)), ok


def _summary(preview: Any) -> str:
    """A readable line from a preview record's numeric fields and probabilities."""
    parts: list[str] = []
    fields = getattr(preview, "__dataclass_fields__", {})
    for name in fields:
        if name in ("valid", "refusal", "corridor", "witness", "arc"):
            continue
        value = getattr(preview, name)
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, float):
            is_prob = "prob" in name or "chance" in name
            parts.append(f"{name.replace('_', ' ')} {_pct(value) if is_prob else f'{value:.2f}'}")
        elif isinstance(value, int | str):
            parts.append(f"{name.replace('_', ' ')} {value}")
    return ", ".join(parts[:5])
