"""Flat-top hex maps on screen (issue 26): the camera turns the pointy-top layout a quarter
clockwise, so hexes stand flat-top in columns; the pointer finds the hex under it, the facing
wedge points where the facing now shows, and the builder sets up, paints and places on such a
map by posted events."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from game.geometry.hexgrid import Hex
from game.scenario import load_scenario
from game.ui import hexlayout
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.editor_scene import battles_dir, open_editor
from tests.scenario.test_flat_maps import TEXT
from tests.ui.driver import frames, key, make_app, pixel, table
from tests.ui.test_editor import CTRL, click_at, drop_unit, editor, hex_screen, hit

WEDGE = (250, 250, 250)


def test_the_turned_camera_maps_back_and_frames_the_board() -> None:
    cam = Camera(width=800, height=600, turn=1)
    for point in [(0.0, 0.0), (3.5, -2.0), (-7.25, 11.0)]:
        back = cam.to_world(*cam.to_screen(*point))
        assert math.dist(back, point) < 1e-9
    cam.fit(0.0, 0.0, 20.0, 4.0)  # wide in the world: tall on a turned screen
    xs, ys = zip(*(cam.to_screen(x, y) for x in (0, 20) for y in (0, 4)), strict=True)
    assert max(ys) - min(ys) > max(xs) - min(xs)
    assert all(0 <= x <= 800 for x in xs) and all(0 <= y <= 600 for y in ys)
    before = cam.to_world(300, 200)
    cam.zoom_at(1.5, 300, 200)
    assert math.dist(cam.to_world(300, 200), before) < 1e-9
    assert cam.angle(0) == 90  # facing up in the world shows to the right


@pytest.fixture
def flat_app(tmp_path: Path) -> App:
    path = tmp_path / "flat.toml"
    path.write_text(TEXT.format(orientation='orientation = "flat"'))
    return make_app(tmp_path, path)


def test_hexes_stand_flat_top_in_columns(flat_app: App) -> None:
    cam = table(flat_app).view.camera
    assert cam.turn == 1
    centre = [cam.to_screen(*hexlayout.hex_centre(h.q, h.r)) for h in (Hex(0, 0), Hex(1, 0),
                                                                        Hex(0, 1))]
    assert abs(centre[1][0] - centre[0][0]) < 1e-6 and centre[1][1] > centre[0][1]  # q: down
    assert centre[2][0] > centre[0][0]  # r: the next column, to the right
    corners = sorted(cam.points_to_screen(hexlayout.hex_corners_world(0, 0)),
                     key=lambda p: p[1])
    assert abs(corners[0][1] - corners[1][1]) < 1e-6  # a flat top edge


def test_the_facing_wedge_turns_with_the_map(flat_app: App) -> None:
    """Unit ``b`` faces 1 (east on a pointy-top map): on the turned map it points down."""
    scene = table(flat_app)
    unit = scene.state.units["b"]
    assert unit.hex is not None
    cx, cy = (round(v) for v in scene.view.camera.to_screen(
        *hexlayout.hex_centre(unit.hex.q, unit.hex.r)))
    reach = round(scene.view.camera.zoom * 1.1)
    dots = [(x - cx, y - cy) for x in range(cx - reach, cx + reach + 1)
            for y in range(cy - reach, cy + reach + 1) if pixel(flat_app, (x, y)) == WEDGE]
    assert len(dots) > 20
    tip = max(dots, key=lambda p: math.hypot(*p))
    assert tip[1] > 0 and abs(tip[0]) < tip[1] / 3  # below the centre, nearly straight


def test_the_builder_sets_up_paints_and_places_on_a_flat_map(tmp_path: Path) -> None:
    app = App((1280, 800), data_folder=tmp_path)
    open_editor(app, None)
    frames(app, 1)
    click_at(app, hit(app, "ruleset Realms (spaces and pegs)"))
    click_at(app, hit(app, "orientation Flat-top"))
    click_at(app, hit(app, "Create battle"))
    frames(app, 1)
    scene = editor(app)
    assert scene.doc.data["hexmap"]["orientation"] == "flat"
    frames(app, 1)
    assert scene.view.camera.turn == 1
    drop_unit(app, "swordsman", hex_screen(scene, 2, 6))
    assert scene.doc.unit("u1")["hex"] == [2, 6]
    click_at(app, hit(app, "Paint"))
    click_at(app, hit(app, "brush Elevation"))
    click_at(app, hex_screen(scene, 4, 3))
    assert scene.doc.hex_entry(4, 3).get("elevation") == 1
    scene.side = 2
    drop_unit(app, "archer", hex_screen(scene, 0, 9))
    key(app, pygame.K_s, CTRL)
    loaded = load_scenario(battles_dir(app) / "new_battle.toml")
    assert loaded.state.board.orientation == "flat"  # type: ignore[union-attr]
    assert loaded.state.units["u1"].hex == Hex(2, 6)
