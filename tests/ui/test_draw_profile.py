"""The side profile of a sight line (a ProfileChart) is drawn: the ground silhouette, the
figures on it, the sight segment clear or cut where it is blocked, beside the hover box."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.inspect import HexMark, InfoLine, Inspection, ProfileBar, ProfileChart
from game.scenario import load_scenario
from game.ui import hexlayout
from game.ui.assets import Fonts
from game.ui.camera import Camera
from game.ui.draw_profile import (
    BAR_COLOURS,
    BLOCKED,
    CLEAR,
    GROUND,
    SIZE,
    beside_rects,
    profile_surface,
)
from game.ui.headless import init_headless
from game.ui.inspect_draw import box_spot
from game.ui.palette import palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import HoverOverlay, ViewState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
HILL = ProfileChart("Side view", ((0.0, 0.0), (4.0, 0.0), (4.0, 8.0), (8.0, 8.0), (8.0, 0.0),
                                  (12.0, 0.0)), (0.0, 4.0), (12.0, 5.0), (4.0, 4.33),
                    (ProfileBar(0.0, 1.0, 0.0, 5.0, "viewer"),
                     ProfileBar(11.0, 12.0, 0.0, 5.0, "target")), "pegs", ("X-1",))


@pytest.fixture(autouse=True)
def _pygame() -> None:
    init_headless()


def _font(size: int, bold: bool) -> pygame.font.Font:
    return Fonts().get(size, bold=bold)


def colours(img: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = img.get_size()
    return {tuple(img.get_at((x, y))[:3]) for x in range(w) for y in range(h)}  # type: ignore[misc]


def test_a_blocked_profile_shows_ground_figures_and_the_cut() -> None:
    img = profile_surface(HILL, _font)
    assert img.get_size() == SIZE
    seen = colours(img)
    assert {GROUND, BLOCKED, CLEAR, BAR_COLOURS["viewer"], BAR_COLOURS["target"]} <= seen


def test_a_clear_profile_has_no_red() -> None:
    clear = ProfileChart("Side view", ((0.0, 0.0), (12.0, 0.0)), (0.0, 4.0), (12.0, 5.0))
    seen = colours(profile_surface(clear, _font))
    assert CLEAR in seen and BLOCKED not in seen


def test_the_table_draws_the_profile_beside_the_hover_box() -> None:
    game = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game()
    a, b = list(game.state.units)[:2]
    record = Inspection("a -> b", (InfoLine("line"),), (), (), (HILL,))
    surface = pygame.Surface((800, 600))
    view = ViewState(selected=a, hovered=b)
    view.camera.resize(0, 0, 800, 600)
    fit_camera(view.camera, game.state)
    view.overlay = HoverOverlay(a, b, record)
    renderer = Renderer(palette_named("default"))
    renderer.draw(surface, game.state, view)
    box = renderer.painter.info_rect
    assert box is not None
    x = box.left if box.left + SIZE[0] <= 800 else box.right - SIZE[0]  # as draw_beside
    above = pygame.Rect(x, box.top - SIZE[1] - 4, *SIZE)
    below = pygame.Rect(x, box.bottom + 4, *SIZE)
    spot = above if above.top >= 0 else below
    assert GROUND in colours(surface.subsurface(spot.clip(surface.get_rect())))
    plain = pygame.Surface((800, 600))
    view.overlay = HoverOverlay(a, b, Inspection("a -> b", (InfoLine("line"),)))
    Renderer(palette_named("default")).draw(plain, game.state, view)
    assert GROUND not in colours(plain.subsurface(spot.clip(plain.get_rect())))


def test_the_hover_box_corner_leaves_room_for_its_profile() -> None:
    """A unit just above the bottom-left corner's box (where the profile would be drawn) moves
    the box and its profile to another corner: neither covers the unit."""
    cam = Camera()
    cam.resize(0, 0, 800, 600)
    unit = [(100.0, 300.0)]
    x, y = box_spot((300, 200), 1, cam, unit)
    box = pygame.Rect(x, y, 300, 200)
    (profile,) = beside_rects(box, 1, cam)
    assert profile.top >= 0 and profile.bottom <= 600
    assert not box.collidepoint(unit[0]) and not profile.collidepoint(unit[0])
    assert box_spot((300, 200), 0, cam, unit) == (6, 394)  # no profile: the corner as before


def test_every_marked_space_is_kept_clear_of_by_the_hover_box() -> None:
    """A hex mark (each space of a large target, say) is a point the box avoids."""
    record = Inspection("a -> b", (), (HexMark(2, 1, "target"), HexMark(3, 1, "target")))
    points = HoverOverlay("a", "b", record).points()
    assert points == [hexlayout.hex_centre(2, 1), hexlayout.hex_centre(3, 1)]
