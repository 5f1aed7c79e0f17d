"""The rules lens: asks the geometry and the rulesets what the hovered unit means to the
selected one, and packs the answers into a :class:`~game.ui.view.HoverOverlay`.

Nothing here decides a rule: range and sight come from :mod:`game.geometry`, charge and melee
odds from each ruleset's ``preview`` module (imported lazily; a ruleset without one simply
shows fewer lines). Results are cached per (state revision, viewer, target).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
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


@dataclass
class SightWorld:
    """The geometry world of one state: live trays and sight-blocking terrain, plus the
    polygon of every obstacle index (trays first, then terrain, as
    :meth:`game.geometry.world.World.obstacle_keys`)."""

    world: Any
    ids: frozenset[str]
    polygons: list[Polygon]

    @classmethod
    def of(cls, state: GameState) -> SightWorld:
        """Build the world of a state (``world`` is None without ``game.geometry.world``)."""
        module = _module("game.geometry.world")
        trays = {u.id: u.tray for u in state.live_units() if u.tray is not None and u.on_board}
        walls = [t.polygon for t in state.terrain if t.has("blocks-sight")]
        polygons = [t.polygon for t in trays.values()] + walls
        if module is None or not trays:
            return cls(None, frozenset(), polygons)
        terrain = [module.Terrain(p, frozenset({module.BLOCKS_SIGHT})) for p in walls]
        return cls(module.World(trays, terrain), frozenset(trays), polygons)

    def sight_from(self, state: GameState, viewer_id: str) -> dict[str, Any]:
        """Line of Sight from one tray to every other live tray (``Sight`` records whose
        ``blockers`` index :attr:`polygons`). Uses the world's batched query; if the world
        is missing or fails, asks :func:`game.geometry.sight.line_of_sight` per target."""
        if viewer_id not in self.ids:
            return {}
        if self.world is not None:
            try:
                return dict(self.world.sight_from(viewer_id))
            except (ValueError, TypeError, IndexError, KeyError, AttributeError):
                pass  # a geometry cache under change must not take the table down
        return self._sight_slow(state, viewer_id)

    def _sight_slow(self, state: GameState, viewer_id: str) -> dict[str, Any]:
        from game.geometry.sight import line_of_sight

        order = [u.id for u in state.live_units() if u.tray is not None and u.on_board]
        viewer = state.units[viewer_id].tray
        assert viewer is not None
        out: dict[str, Any] = {}
        for k, uid in enumerate(order):
            if uid == viewer_id:
                continue
            others = [i for i in range(len(self.polygons)) if i < len(order)
                      and order[i] in (viewer_id, uid)]
            keep = [i for i in range(len(self.polygons)) if i not in others]
            res = line_of_sight(viewer, self.polygons[k], [self.polygons[i] for i in keep])
            out[uid] = dataclasses.replace(res, blockers=tuple(keep[b] for b in res.blockers))
        return out


class RulesLens:
    """Computes and caches hover overlays (owned by a table scene or the renderer tools)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, str, str], HoverOverlay] = {}
        self._modules: dict[str, ModuleType | None] = {}
        self._world_key: tuple[int, int] | None = None
        self._world: SightWorld | None = None
        self._sight_from: dict[str, dict[str, Any]] = {}

    def clear(self) -> None:
        """Forget every cached answer."""
        self._cache.clear()
        self._world_key = None
        self._world = None
        self._sight_from.clear()

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
        self._sync(state, revision)
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
        """Line of Sight from the cached world: every target's answer is computed once per
        (state revision, viewer) by :meth:`World.sight_from` (see :meth:`prepare`)."""
        if viewer.tray is None or target.tray is None:
            return None, None, []
        sights = self._sights_from(state, viewer.id)
        result = sights.get(target.id)
        if result is None:
            return None, None, []
        seg: Segment | None = None
        if result.witness is not None:
            (ax, ay), (bx, by) = result.witness
            seg = ((float(ax), float(ay)), (float(bx), float(by)))
            if seg[0] == seg[1]:
                seg = (viewer.tray.front_arrow, seg[1])
        world = self._world
        blockers = [world.polygons[i] for i in result.blockers
                    if world is not None and 0 <= i < len(world.polygons)]
        return bool(result.visible), seg, blockers

    def prepare(self, state: GameState, revision: int, viewer_id: str | None) -> None:
        """Precompute the viewer's Line of Sight to every unit (call on selection), so that
        hovering a new unit costs a dictionary look-up."""
        viewer = state.units.get(viewer_id or "")
        if viewer is not None and viewer.tray is not None and viewer.on_board:
            self._sync(state, revision)
            self._sights_from(state, viewer.id)

    def _sync(self, state: GameState, revision: int) -> None:
        """Drop the world and cached answers when the state or its revision changed."""
        key = (id(state), revision)
        if self._world_key != key:
            self._world_key = key
            self._world = None
            self._sight_from.clear()
            self._cache.clear()

    def _sights_from(self, state: GameState, viewer_id: str) -> dict[str, Any]:
        hit = self._sight_from.get(viewer_id)
        if hit is None:
            if self._world is None:
                self._world = SightWorld.of(state)
            hit = self._world.sight_from(state, viewer_id)
            self._sight_from[viewer_id] = hit
        return hit

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
        visible, clear, blocked = self._hex_sight(state, viewer, target)
        if visible is True:
            lines.append(f"Line of Sight: yes ({len(clear)} corner lines) [HX-LOS-1]")
        elif visible is False:
            lines.append(f"Line of Sight: no ({len(blocked)} clear corner line"
                         f"{'' if len(blocked) == 1 else 's'}, 2 needed) [HX-LOS-1]")
        if target.owner != viewer.owner:
            preview = self._call(state.ruleset, "melee_preview", state, viewer.id, target.id)
            if preview is not None:
                if getattr(preview, "valid", False):
                    lines.extend(melee_lines(preview, viewer.name, target.name))
                else:
                    lines.append(f"Melee: not possible - {getattr(preview, 'refusal', '')}")
        return HoverOverlay(
            viewer=viewer.id, target=target.id, range_from=a, range_to=b, distance=None,
            visible=visible, witness=clear[0] if clear else None, witness_lines=clear,
            blocked_lines=blocked, lines=tuple(lines),
        )

    def _hex_sight(
        self, state: GameState, viewer: Unit, target: Unit
    ) -> tuple[bool | None, tuple[Segment, ...], tuple[Segment, ...]]:
        """Corner Line of Sight (HX-LOS-1) from :func:`hex_line_of_sight`: (visible, the clear
        corner lines when visible, the too few clear lines when not), in UI world units."""
        from game.core.state import HexBoard
        from game.geometry.hexgrid import hex_line_of_sight

        board = state.board
        if not isinstance(board, HexBoard) or viewer.hex is None or target.hex is None:
            return None, (), ()
        blocking = set(board.blocking())
        blocking |= {u.hex for u in state.live_units() if u.hex is not None
                     and u.id not in (viewer.id, target.id)}
        result = hex_line_of_sight(viewer.hex, viewer.hex_facing, target.hex, blocking)
        lines = tuple(geometry_to_world(seg) for seg in result.lines)
        return (True, lines, ()) if result.visible else (False, (), lines)


def geometry_to_world(seg: tuple[Point, Point]) -> Segment:
    """A segment of :mod:`game.geometry.hexgrid` in UI hex world units (the same plane, see
    :mod:`game.ui.hexlayout`)."""
    (ax, ay), (bx, by) = seg
    return ((float(ax), float(ay)), (float(bx), float(by)))


def _pool_text(pool: Any) -> str:
    """``4 attack + 2 defence dice`` (plus automatic successes and re-rolls)."""
    text = f"{pool.attack} attack + {pool.defence} defence dice"
    extras: list[str] = []
    if getattr(pool, "auto_hits", 0):
        extras.append(f"{pool.auto_hits} auto hit")
    if getattr(pool, "auto_blocks", 0):
        extras.append(f"{pool.auto_blocks} auto block")
    if getattr(pool, "rerolls", False):
        extras.append("re-rolls failures")
    return text + (f" ({', '.join(extras)})" if extras else "")


def _expected(dist: Any) -> float:
    """Expected value of a {wounds: probability} map."""
    return sum(float(k) * float(v) for k, v in dict(dist).items())


def melee_lines(preview: Any, attacker: str, defender: str) -> list[str]:
    """The melee odds of a GODSGLOOM-style preview (win/lose/draw, expected wounds, pools)."""
    lines = [f"Melee: attacker {attacker} wins "
             f"{_pct(getattr(preview, 'win_probability', 0.0))}, defender "
             f"{_pct(getattr(preview, 'defender_win_probability', 0.0))}, no winner "
             f"{_pct(getattr(preview, 'no_winner_probability', 0.0))} [HX-MEL-30]"]
    to_def = getattr(preview, "wounds_to_defender", None)
    to_att = getattr(preview, "wounds_to_attacker", None)
    if to_def or to_att:
        lines.append(f"Expected wounds: to defender {defender} {_expected(to_def or {}):.2f}, "
                     f"to attacker {_expected(to_att or {}):.2f}")
    for label, pool in (("Attacker", getattr(preview, "attacker_pool", None)),
                        ("Defender", getattr(preview, "defender_pool", None))):
        if pool is not None and hasattr(pool, "attack"):
            lines.append(f"{label}: {_pool_text(pool)}")
    lines.extend(str(n) for n in getattr(preview, "notes", ())[:2])
    return lines


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
