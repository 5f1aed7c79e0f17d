"""The battle builder's right panel (issue 26): what the selection or the current tool
offers, then the problem list of the loader of ``warbench check``.

- a selected unit: its side, its facing (turn buttons), duplicate, delete, and the setup
  choices its ruleset declares (:mod:`game.ui.editor_choices`);
- a selected terrain piece, or a terrain tool: the kind and the keywords the ruleset
  declares, each with its meaning;
- the hex brush: terrain, elevation or keywords;
- the map features the ruleset declares, with their meaning and values;
- a zone: the side it is for, and clearing it;
- the problems: a click selects what a problem is about.

A map feature's form is read from its declared schema (a pydantic model): fields holding a
hex ``(q, r)`` are clicked on the map, the others take their default (or lowest allowed
value) and are changed with - and +.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, get_args

import pygame
from annotated_types import Ge
from pydantic_core import PydanticUndefined

from game.core.vocab import FeatureKind
from game.ui.editor_choices import choices_section
from game.ui.editor_panels import ACCENT, BAD, DIM, ROW, TEXT, chip, chips, panel, quiet, text

if TYPE_CHECKING:
    from game.ui.editor_scene import EditorScene

PAD = 10
HEX_TYPE = tuple[int, int]
BASE_KINDS = ("open",)
"""The plain ground a hex brush may paint besides the palette's terrain kinds."""


def draw_side_panel(scene: EditorScene, surface: pygame.Surface) -> None:
    """The whole right panel, top to bottom."""
    w, h = surface.get_size()
    left = w - scene.right_w
    panel(surface, pygame.Rect(left, 44, scene.right_w, h - 44))
    x, right = left + PAD, w - PAD
    y = 52
    if scene.selected is not None and scene.tool == "select":
        y = _unit_section(scene, surface, x, y, right)
    elif scene.selected_terrain is not None and scene.tool == "select":
        y = _terrain_section(scene, surface, x, y, right)
    elif scene.tool in ("rectangle", "circle", "polygon", "wall"):
        y = _new_terrain_section(scene, surface, x, y, right)
    elif scene.tool == "paint":
        y = _brush_section(scene, surface, x, y, right)
    elif scene.tool == "feature":
        y = _feature_section(scene, surface, x, y, right)
    elif scene.tool == "zone":
        y = _zone_section(scene, surface, x, y, right)
    else:
        y = text(surface, scene.app.fonts, (x, y), "Drag a unit from the list onto the "
                 "board; pick a tool above to draw terrain or zones.", DIM, width=right - x)
    _problems(scene, surface, x, max(y + 12, h // 2), right, h - 8)


def _heading(scene: EditorScene, surface: pygame.Surface, x: int, y: int, words: str) -> int:
    return text(surface, scene.app.fonts, (x, y), words, ACCENT, 14, True) + 4


def _unit_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                  right: int) -> int:
    uid = scene.selected
    entry = next((u for u in scene.doc.units if u.get("id") == uid), None)
    if entry is None or uid is None:
        return y
    fonts = scene.app.fonts
    stats = entry.get("stats")
    profile = entry.get("profile") or (stats.get("unit") if isinstance(stats, dict) else None)
    record = next((r for r in scene.doc.catalogue() if r.id == profile), None)
    y = _heading(scene, surface, x, y, f"Unit {uid}")
    name = record.name if record else str(profile or "inline stats")
    y = text(surface, fonts, (x, y), name + (" (changed)" if stats and record else ""),
             TEXT, width=right - x)
    facing = entry.get("facing", 0)
    where = entry.get("at") or entry.get("hex")
    y = text(surface, fonts, (x, y + 2), f"at {where}, facing {facing}", DIM) + 6
    y = text(surface, fonts, (x, y), "Side (T)", DIM)
    sides = [(str(p.get("name", i)), _setter(scene, uid, i),
              entry.get("side") == i) for i, p in enumerate(scene.doc.players, start=1)]
    y = chips(surface, fonts, scene.hits, x, y + 2, right, sides, prefix="unit side ")
    y = text(surface, fonts, (x, y + 4), "Turn (Q / E, wheel; Shift: 1 degree)", DIM)
    y = chips(surface, fonts, scene.hits, x, y + 2, right, [
        ("Turn left", lambda: scene.turn(-1), False),
        ("Turn right", lambda: scene.turn(1), False)])
    y = chips(surface, fonts, scene.hits, x, y + 4, right, [
        ("Duplicate (Ctrl+D)", scene.duplicate, False),
        ("Delete (Del)", scene.delete, False)])
    return choices_section(scene, surface, uid, x, y + 2, right)


def _setter(scene: EditorScene, uid: str, side: int) -> Callable[[], None]:
    return quiet(lambda: scene.do(lambda: scene.doc.set_side(uid, side),
                                  f"{uid} now plays for side {side}"))


def _kind_chips(scene: EditorScene, surface: pygame.Surface, x: int, y: int, right: int,
                current: str, choose: Callable[[str], None], base: Sequence[str] = ()) -> int:
    kinds = list(dict.fromkeys([*base, *sorted(k for k in scene.app.palette.terrain
                                               if k != "default")]))
    if current not in kinds:
        kinds.insert(0, current)
    return chips(surface, scene.app.fonts, scene.hits, x, y, right,
                 [(k, (lambda k=k: choose(k)), k == current) for k in kinds],  # type: ignore[misc]
                 prefix="kind ")


def _keyword_toggles(scene: EditorScene, surface: pygame.Surface, x: int, y: int, right: int,
                     chosen: Sequence[str], set_words: Callable[[list[str]], None]) -> int:
    """A toggle per declared keyword, its meaning under it."""
    fonts = scene.app.fonts
    for word, meaning in scene.doc.keywords().items():
        on = word in chosen
        words = [w for w in chosen if w != word] if on else [*chosen, word]
        chip(surface, fonts, scene.hits, (x, y), word, lambda v=words: set_words(v),  # type: ignore[misc]
             on, name=f"keyword {word}")
        y = text(surface, fonts, (x + 8, y + ROW), meaning, DIM, 12, width=right - x - 8) + 4
    return y


def _terrain_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                     right: int) -> int:
    index = scene.selected_terrain
    assert index is not None
    piece = scene.doc.terrain[index]
    fonts = scene.app.fonts
    y = _heading(scene, surface, x, y, f"Terrain {index + 1}: {piece.get('kind')}")
    y = text(surface, fonts, (x, y), "drag a corner to move it; Del deletes", DIM) + 4
    y = _kind_chips(scene, surface, x, y, right, str(piece.get("kind", "")),
                    lambda k: _edit_terrain(scene, index, kind=k))
    y = text(surface, fonts, (x, y + 4), "Keywords", DIM) + 2
    y = _keyword_toggles(scene, surface, x, y, right, list(piece.get("keywords", [])),
                         lambda v: _edit_terrain(scene, index, keywords=v))
    return chips(surface, fonts, scene.hits, x, y + 4, right, [("Delete (Del)", scene.delete,
                                                                  False)])


def _edit_terrain(scene: EditorScene, index: int, **changes: Any) -> None:
    scene.do(lambda: scene.doc.edit_terrain(index, **changes))


def _new_terrain_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                         right: int) -> int:
    fonts = scene.app.fonts
    spec = scene.new_terrain
    y = _heading(scene, surface, x, y, f"New terrain: {scene.tool}")
    y = _kind_chips(scene, surface, x, y, right, str(spec["kind"]),
                    lambda k: spec.__setitem__("kind", k))
    y = text(surface, fonts, (x, y + 4), "Keywords", DIM) + 2
    return _keyword_toggles(scene, surface, x, y, right, spec["keywords"],
                            lambda v: spec.__setitem__("keywords", v))


def _brush_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                   right: int) -> int:
    fonts = scene.app.fonts
    brush = scene.brush
    y = _heading(scene, surface, x, y, "Paint hexes with")
    y = chips(surface, fonts, scene.hits, x, y, right, [
        (label, (lambda k=key: brush.__setitem__("what", k)), brush["what"] == key)  # type: ignore[misc]
        for label, key in (("Terrain", "terrain"), ("Elevation", "elevation"),
                           ("Keywords", "keywords"))], prefix="brush ") + 6
    if brush["what"] == "terrain":
        return _kind_chips(scene, surface, x, y, right, str(brush["terrain"]),
                           lambda k: brush.__setitem__("terrain", k), BASE_KINDS)
    if brush["what"] == "elevation":
        relief = _relief_word(scene)
        y = text(surface, fonts, (x, y), f"Elevation {brush['elevation']} {relief}", TEXT)
        return chips(surface, fonts, scene.hits, x, y + 2, right, [
            ("-", lambda: brush.__setitem__("elevation", max(-50, brush["elevation"] - 1)),
             False),
            ("+", lambda: brush.__setitem__("elevation", min(50, brush["elevation"] + 1)),
             False), ("0", lambda: brush.__setitem__("elevation", 0), False)],
            prefix="elevation ")
    return _keyword_toggles(scene, surface, x, y, right, brush["keywords"],
                            lambda v: brush.__setitem__("keywords", v))


def _relief_word(scene: EditorScene) -> str:
    """How the ruleset reads heights (its declared relief unit), shown beside the brush."""
    scenario = scene.doc.preview()
    if scenario is None:
        return ""
    relief = scenario.ruleset.relief(scenario.state)
    return relief.unit if relief is not None else "levels"


def feature_hex_count(kind: FeatureKind) -> int:
    """How many hexes a feature's entry names (clicked on the map)."""
    return sum(_hexes_in(info.annotation) for info in kind.schema.model_fields.values())


def _hexes_in(annotation: Any) -> int:
    if annotation == HEX_TYPE:
        return 1
    args = get_args(annotation)
    if args and all(a == HEX_TYPE for a in args):
        return len(args)
    return 0


def feature_defaults(kind: FeatureKind) -> dict[str, Any]:
    """The values of a feature's fields that are not hexes: defaults, else the lowest
    allowed number (``ge``), else 1."""
    out: dict[str, Any] = {}
    for name, info in kind.schema.model_fields.items():
        if _hexes_in(info.annotation):
            continue
        if info.default is not PydanticUndefined:
            out[name] = info.default
            continue
        low = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
        out[name] = low if low is not None else 1
    return out


def feature_entry(kind: FeatureKind, hexes: Sequence[tuple[int, int]],
                  values: dict[str, Any]) -> dict[str, Any]:
    """A feature's scenario entry from the clicked hexes and the panel's values."""
    entry: dict[str, Any] = {}
    taken = 0
    for name, info in kind.schema.model_fields.items():
        count = _hexes_in(info.annotation)
        if count == 1:
            entry[name] = list(hexes[taken])
        elif count:
            entry[name] = [list(h) for h in hexes[taken:taken + count]]
        else:
            entry[name] = values.get(name, feature_defaults(kind)[name])
        taken += count
    return entry


def _feature_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                     right: int) -> int:
    fonts = scene.app.fonts
    kinds = scene.doc.feature_kinds()
    if not kinds:
        return text(surface, fonts, (x, y), "This ruleset declares no map features.", DIM,
                    width=right - x)
    y = _heading(scene, surface, x, y, "Map features")
    y = chips(surface, fonts, scene.hits, x, y, right, [
        (k.key, (lambda k=k: _choose_feature(scene, k)), k.key == scene.feature_key)  # type: ignore[misc]
        for k in kinds], prefix="feature ")
    kind = next((k for k in kinds if k.key == scene.feature_key), None)
    if kind is None:
        return text(surface, fonts, (x, y + 4), "Choose a feature, then click its hex(es); "
                    "right-click a hex takes its features off.", DIM, width=right - x)
    y = text(surface, fonts, (x, y + 4), kind.meaning, DIM, 12, width=right - x) + 4
    for name, value in scene.feature_values.items():
        y = text(surface, fonts, (x, y), f"{name}: {value}", TEXT)
        if isinstance(value, int) and not isinstance(value, bool):
            y = chips(surface, fonts, scene.hits, x, y + 2, right, [
                ("-", _nudge(scene, name, -1), False), ("+", _nudge(scene, name, 1), False)],
                prefix=f"{name} ")
    return text(surface, fonts, (x, y + 4), f"click {feature_hex_count(kind)} hex(es)", DIM)


def _choose_feature(scene: EditorScene, kind: FeatureKind) -> None:
    scene.feature_key = kind.key
    scene.feature_values = feature_defaults(kind)
    scene.feature_hexes = []


def _nudge(scene: EditorScene, name: str, step: int) -> Callable[[], None]:
    def go() -> None:
        scene.feature_values[name] = max(0, int(scene.feature_values[name]) + step)
    return go


def _zone_section(scene: EditorScene, surface: pygame.Surface, x: int, y: int,
                  right: int) -> int:
    fonts = scene.app.fonts
    y = _heading(scene, surface, x, y, "Deployment zone of")
    y = chips(surface, fonts, scene.hits, x, y, right, [
        (str(p.get("name", i)), (lambda i=i: setattr(scene, "side", i)), scene.side == i)  # type: ignore[misc]
        for i, p in enumerate(scene.doc.players, start=1)], prefix="zone side ")
    zone = scene.doc.zone(scene.side)
    words = "no zone" if zone is None else f"{len(zone)} " + (
        "hexes" if scene.doc.board_kind == "hex" else "corners")
    if scene.doc.board_kind == "table":
        y = text(surface, fonts, (x, y + 4), "Draw it as", DIM)
        y = chips(surface, fonts, scene.hits, x, y + 2, right, [
            (label, (lambda v=value: setattr(scene, "zone_shape", v)),  # type: ignore[misc]
             scene.zone_shape == value)
            for label, value in (("Rectangle", "rectangle"), ("Polygon", "polygon"))],
            prefix="zone shape ")
        y = text(surface, fonts, (x, y), "a rectangle: drag it; a polygon: click its corners, "
                 "Enter or the first corner closes it; drag a corner to move it", DIM, 12,
                 width=right - x)
    y = text(surface, fonts, (x, y + 4), words, TEXT)
    side = scene.side
    return chips(surface, fonts, scene.hits, x, y + 2, right, [
        ("Clear zone", quiet(lambda: scene.do(lambda: scene.doc.set_zone(side, None),
                                              "zone cleared")), False)])


def _problems(scene: EditorScene, surface: pygame.Surface, x: int, y: int, right: int,
              bottom: int) -> None:
    fonts = scene.app.fonts
    check = scene.doc.check()
    if check.valid:
        text(surface, fonts, (x, y), "Valid: ready to save and play", (120, 200, 120), 14, True,
             width=right - x)
        return
    y = text(surface, fonts, (x, y), f"Problems ({len(check.problems)})", BAD, 14, True,
             width=right - x) + 2
    for i, problem in enumerate(check.problems):
        if y > bottom - ROW:
            text(surface, fonts, (x, y), f"... and {len(check.problems) - i} more", DIM)
            return
        top = y
        y = text(surface, fonts, (x + 4, y), str(problem), TEXT, 12, width=right - x - 8)
        rect = pygame.Rect(x, top - 1, right - x, y - top + 2)
        pygame.draw.rect(surface, (70, 50, 50), rect, 1, border_radius=3)
        scene.hits.add(rect, f"problem {i}", lambda t=problem.target: scene.select_problem(t))  # type: ignore[misc]
        y += 3
