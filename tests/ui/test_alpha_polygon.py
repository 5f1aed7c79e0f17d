"""Per-frame drawing of the overlays made cheaper (issue 32): small see-through polygons are
drawn through a painter's kept layer (a reach of dozens of hexes made a new surface for each,
every frame; a big one takes a new layer, cheaper than clearing the kept one), pixel for
pixel as through a layer of their own, whatever was drawn through the kept
layer before and wherever the clip is; the hover box's corner is judged once per record,
camera and outlines."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import partial

import pygame
import pytest

from game.ui.inspect_draw import SeeThrough, alpha_polygon

Point = tuple[float, float]


def _own_layer(surface: pygame.Surface, pts: Sequence[Point], colour: tuple[int, int, int],
               alpha: int) -> None:
    """The drawing as it was: a new layer cropped to the polygon and the clip."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    rect = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                       math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
    rect = rect.clip(surface.get_clip() or surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, alpha), [(x - rect.left, y - rect.top) for x, y in pts])
    surface.blit(layer, rect.topleft)


@pytest.mark.parametrize("kept_area", [256 * 256, 500])  # 500: most take a new layer
def test_polygons_through_the_kept_layer_are_drawn_as_through_their_own(
        kept_area: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.ui.inspect_draw.KEPT_AREA", kept_area)
    rng = random.Random(4)
    layer = SeeThrough()
    kept, own = pygame.Surface((300, 200)), pygame.Surface((300, 200))
    for surface in (kept, own):
        surface.fill((40, 90, 30))
        surface.set_clip(pygame.Rect(20, 10, 250, 170))
    for n in range(60):
        size = rng.choice((6, 30, 140))  # small after big: the kept layer has leftovers
        cx, cy = rng.uniform(-20, 320), rng.uniform(-20, 220)
        pts = [(cx + size * math.cos(a), cy + size * math.sin(a) * 0.7)
               for a in (i * math.pi / 3 + n for i in range(6))]
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        alpha = rng.randrange(20, 200)
        alpha_polygon(kept, pts, colour, alpha, layer)  # big ones take a new layer
        _own_layer(own, pts, colour, alpha)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(own, "RGB")


def test_the_info_box_corner_is_judged_again_only_when_what_it_avoids_changes() -> None:
    """The hover box's corner is worked out once per record, camera and outlines (issue 32)
    and is the corner a fresh judgement gives."""
    from game.core.inspect import InfoLine, Inspection
    from game.ui.assets import Fonts
    from game.ui.camera import Camera
    from game.ui.inspect_draw import InspectionPainter, box_spot
    from game.ui.palette import palette_named
    from game.ui.view import HoverOverlay

    pygame.init()
    painter = InspectionPainter(palette_named("default"), Fonts())
    surface = pygame.Surface((800, 600))
    cam = Camera(0.0, 0.0, 10.0, 800, 600)
    overlay = HoverOverlay("a", "b", Inspection("Range 6", (InfoLine("in sight"),)))
    asked: list[int] = []

    def avoid_at(x: float, y: float) -> list[Point]:
        asked.append(1)
        return [(x, y)]

    for corner in ((20.0, 580.0), (780.0, 20.0)):  # a unit in a corner, then another
        key = ("outline", corner)
        for _ in range(3):
            painter.info_box(surface, overlay, cam, partial(avoid_at, *corner), (), key)
        assert painter.info_rect is not None
        size = painter.info_rect.size
        assert painter.info_rect.topleft == box_spot(size, 0, cam, [corner])
    assert len(asked) == 2  # once per corner, not once per frame


def _painted_reach(painter: object, surface: pygame.Surface, marks: tuple[object, ...],
                   cam: object) -> bytes:
    """The overlay of a unit whose record marks ``marks``, drawn on a fresh board."""
    from game.core.inspect import Inspection
    from game.core.state import GameState
    from game.ui.view import HoverOverlay

    surface.fill((40, 90, 30))
    overlay = HoverOverlay("a", None, Inspection("reach", (), marks))  # type: ignore[arg-type]
    painter.shapes(surface, GameState.__new__(GameState), overlay, cam)  # type: ignore[attr-defined]
    return pygame.image.tobytes(surface, "RGB")


def test_a_reach_fills_its_hexes_once_and_keeps_them_while_the_camera_stays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit's reach of dozens of hexes is filled in one see-through layer, made again only
    when the marks, the camera or the clip change (issue 32: it was drawn hex by hex every
    frame of a commit), and each hex is filled where it stands and nowhere else."""
    from game.core.inspect import HexMark
    from game.ui import hexlayout, inspect_draw
    from game.ui.assets import Fonts
    from game.ui.camera import Camera
    from game.ui.inspect_draw import InspectionPainter
    from game.ui.palette import palette_named

    pygame.init()
    painter = InspectionPainter(palette_named("default"), Fonts())
    made: list[int] = []
    real = inspect_draw.hex_fill
    monkeypatch.setattr(inspect_draw, "hex_fill", lambda *a: made.append(1) or real(*a))
    surface = pygame.Surface((400, 300))
    cam = Camera(2.0, 2.0, 20.0, 400, 300)
    marks = tuple(HexMark(q, r, "reach", "") for q in range(0, 4) for r in range(0, 3))
    first = _painted_reach(painter, surface, marks, cam)
    assert _painted_reach(painter, surface, marks, cam) == first and made == [1]
    cam.zoom = 24.0
    _painted_reach(painter, surface, marks, cam)
    assert made == [1, 1]  # another camera: filled again
    colour = painter.palette.arc_front
    for mark in marks:  # a hex's centre is its fill over the board
        x, y = cam.to_screen(*hexlayout.hex_centre(mark.q, mark.r))
        got = surface.get_at((round(x), round(y)))[:3]
        assert all(abs(g - (b + (c - b) * 60 / 255)) <= 2
                   for g, b, c in zip(got, (40, 90, 30), colour, strict=True))
    far = cam.to_screen(*hexlayout.hex_centre(5, 1))  # beside the marks, on the screen
    assert surface.get_rect().collidepoint(far)
    assert surface.get_at((round(far[0]), round(far[1])))[:3] == (40, 90, 30)


def test_runs_gather_neighbouring_hexes_of_one_style_only() -> None:
    from game.core.inspect import Area, HexMark
    from game.ui.inspect_draw import _runs

    a, b, c = HexMark(0, 0, "reach"), HexMark(1, 0, "reach"), HexMark(2, 0, "target")
    area = Area(((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)), "reach")
    assert _runs([a, b, c, area, a]) == [(a, b), (c,), area, (a,)]


def test_the_info_box_is_kept_by_its_words_not_by_its_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A new record with the same words (the pair's record asked again after an action that
    changed nothing of them) keeps its rendered box; other words get a new one (issue 32)."""
    from game.core.inspect import InfoLine, Inspection
    from game.ui.assets import Fonts
    from game.ui.inspect_draw import InspectionPainter
    from game.ui.palette import palette_named
    from game.ui.view import HoverOverlay

    pygame.init()
    painter = InspectionPainter(palette_named("default"), Fonts())
    rendered: list[str] = []
    real = painter._render_box
    monkeypatch.setattr(painter, "_render_box",
                        lambda overlay, width: rendered.append(overlay.inspection.title)
                        or real(overlay, width))

    def record(words: str) -> HoverOverlay:
        return HoverOverlay("a", "b", Inspection("Range 6", (InfoLine(words, ("RL-RNG-1",)),)))

    first = painter._box(record("in sight"), 400)
    assert painter._box(record("in sight"), 400) is first  # another record, the same words
    assert painter._box(record("out of sight"), 400) is not first
    assert len(rendered) == 2
