"""Units in contact stay legible (issue 29, major 3): the hover's tags (the distance, the
models that touch, "10 support") give way to the units they describe, moving beside them
with a leader line, and a unit's own name plate never spills onto a unit it touches."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.labels import fit_height
from game.ui.render import label_room

from .conftest import SCENARIOS
from .driver import click, hover, make_app, screen_of, table

CONTACT = SCENARIOS / "ninth_age_character_in_contact.toml"


def test_hover_tags_move_off_units_in_contact(data_dir: Path) -> None:
    app = make_app(data_dir, CONTACT)
    scene = table(app)
    orcs, guard = scene.state.units["orcs"], scene.state.units["guard"]
    assert orcs.tray is not None and guard.tray is not None
    click(app, screen_of(app, orcs.tray.x - 1.5, orcs.tray.y - 1.2))
    assert scene.view.selected == "orcs"
    hover(app, screen_of(app, guard.tray.x + 1.2, guard.tray.y + 1.0))
    hover(app, screen_of(app, guard.tray.x + 1.2, guard.tray.y + 1.1))
    painter = scene.renderer.painter
    assert scene.view.overlay is not None and painter._tags, "no tags drawn"
    units = []
    for uid in ("orcs", "guard"):
        pts = scene.renderer.unit_outline(scene.state, scene.view, uid)
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        units.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    for tag in painter._tags:
        assert not any(tag.colliderect(u.inflate(-2, -2)) for u in units), (tag, units)
    for i, a in enumerate(painter._tags):  # and never on each other
        assert not any(a.colliderect(b) for b in painter._tags[i + 1:])


def test_a_name_plate_keeps_to_its_own_unit() -> None:
    """Lines that would run past the unit go, the counters first, then the name."""
    pygame.font.init()
    font = pygame.font.Font(None, 14)
    lines = [(font, "Imperial Guard"), (font, "15 models"), (font, "Imperial Captain 3 HP")]
    one = font.get_linesize()
    assert fit_height(lines, 3 * one) == lines
    assert [t for _, t in fit_height(lines, 2 * one + 1)] == ["Imperial Guard", "15 models"]
    assert fit_height(lines, one - 1) == []


def test_a_turned_tray_measures_its_room_across_the_screen(data_dir: Path) -> None:
    app = make_app(data_dir, CONTACT)
    tray = table(app).state.units["guard"].tray
    assert tray is not None
    across, down = label_room(tray)
    assert (round(across, 3), round(down, 3)) == (round(tray.width, 3), round(tray.depth, 3))
    turned = tray.moved_to(tray.x, tray.y, 90.0)
    across, down = label_room(turned)
    assert (round(across, 3), round(down, 3)) == (round(tray.depth, 3), round(tray.width, 3))
