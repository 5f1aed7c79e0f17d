"""GODSGLOOM facing markers read on every facing, diagonals included (issue 13 item 14): the
white wedge points from the token's centre at the facing and is longer than it is wide; the
labels of two units on neighbouring hexes do not overlap."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.ui import hexlayout
from game.ui.app import App

from .driver import frames, make_app, pixel, screen_of, table

DUEL = Path(__file__).parent / "data" / "godsgloom_duel.toml"
WEDGE = (250, 250, 250)


def _wedge(app: App, uid: str) -> list[tuple[float, float]]:
    """The marker's pixels, relative to the unit's screen centre (y up)."""
    scene = table(app)
    unit = scene.state.units[uid]
    assert unit.hex is not None
    cx, cy = screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r))
    reach = round(scene.view.camera.zoom * 1.1)
    return [(x - cx, cy - y) for x in range(cx - reach, cx + reach + 1)
            for y in range(cy - reach, cy + reach + 1) if pixel(app, (x, y)) == WEDGE]


@pytest.mark.parametrize("facing", range(6))
def test_the_facing_wedge_points_at_the_facing(data_dir: Path, facing: int) -> None:
    app = make_app(data_dir, DUEL)
    scene = table(app)
    scene.state.units["a2"].hex_facing = facing
    scene.revision += 1
    frames(app, 2)
    dots = _wedge(app, "a2")
    assert len(dots) > 20
    dx, dy = hexlayout.direction_vector(facing)
    along = [x * dx + y * dy for x, y in dots]
    across = [-x * dy + y * dx for x, y in dots]
    assert min(along) > 0, "the wedge lies on the facing side of the centre"
    assert max(along) - min(along) > 1.25 * (max(across) - min(across)), "longer than wide"
    tip = max(dots, key=lambda p: p[0] * dx + p[1] * dy)
    angle = math.degrees(math.atan2(tip[0], tip[1]))
    assert abs((angle - hexlayout.facing_angle(facing) + 180) % 360 - 180) < 12


def test_labels_of_neighbouring_hexes_keep_apart(data_dir: Path) -> None:
    """The label box of a unit stays inside its hex's width, so two units side by side on
    one row never print over each other."""
    app = make_app(data_dir, DUEL)
    scene = table(app)
    zoom = scene.view.camera.zoom
    width = math.sqrt(3) * zoom  # a hex's width across its flat sides
    unit = scene.state.units["a2"]
    unit.name = "Ashen Host Line Infantry Veterans"  # a long name, wider than a hex
    sprite, _ = scene.renderer._hex_sprite(unit, 0.0, (200, 40, 40), zoom)
    cols = [x for x in range(sprite.get_width())
            if any(sprite.get_at((x, y)).a for y in range(sprite.get_height()))]
    assert cols and max(cols) - min(cols) < width - 12  # a clear gap between neighbours
