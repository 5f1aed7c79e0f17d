"""Issue 13 item 10: a unit that already activated carries the ruleset's mark ("done",
``Ruleset.unit_marks``), drawn on the table."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App

from .conftest import SCENARIOS
from .driver import click, frames, make_app, press, screen_of, table

BADGE = (232, 228, 200)


def _badge_near(app: App, pos: tuple[int, int]) -> bool:
    x0, y0 = pos
    return any(tuple(app.screen.get_at((x, y)))[:3] == BADGE
               for x in range(x0 - 20, x0 + 21) for y in range(y0 + 12, y0 + 33))


def test_an_activated_unit_is_marked_done(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml")
    scene = table(app)
    unit = next(u for u in scene.state.live_units(scene.game.current_player() or 1) if u.tray)
    assert unit.tray
    centre = screen_of(app, unit.tray.x, unit.tray.y)
    assert not _badge_near(app, centre)
    click(app, centre)
    press(app, "Hold")  # activate it without acting
    assert unit.id in scene.state.turn.activated, scene.status
    frames(app, 1)
    assert [m.text for m in scene.game.ruleset.unit_marks(scene.state, unit.id)] == ["done"]
    assert _badge_near(app, centre)


def test_the_badges_drawn_from_kept_texts_are_the_badges_drawn_afresh(data_dir: Path) -> None:
    """A badge's text is rendered once and kept (issue 32: every marked unit's badge was
    rendered again every frame); a frame draws the very badges a fresh HUD draws, and one
    with the unit out of view draws none of it."""
    import pygame

    from game.ui.hud import BADGE_INK, Hud

    app = make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml")
    scene = table(app)
    unit = next(u for u in scene.state.live_units(scene.game.current_player() or 1) if u.tray)
    assert unit.tray
    click(app, screen_of(app, unit.tray.x, unit.tray.y))
    press(app, "Hold")
    frames(app, 1)
    assert scene.hud.marks()

    def badges(hud: Hud) -> bytes:
        surface = pygame.Surface(app.screen.get_size())
        hud.draw_marks(surface)
        return pygame.image.tobytes(surface, "RGB")

    kept = badges(scene.hud)
    font = app.fonts.get(13)  # the shared fonts keep what they render: once, kept
    text = "  ".join(m.text for m in next(iter(scene.hud.marks().values())))
    assert font.render(text, True, BADGE_INK) is font.render(text, True, BADGE_INK)
    assert badges(scene.hud) == kept == badges(Hud(scene))
    scene.view.camera.cx += 10_000  # the board far out of view: nothing is drawn
    assert badges(scene.hud) == pygame.image.tobytes(
        pygame.Surface(app.screen.get_size()), "RGB")


def test_the_terrain_legend_names_every_kind_of_ground_in_its_colour(data_dir: Path) -> None:
    """Issue 13 item 10: GODSGLOOM terrain hexes had no legend."""
    app = make_app(data_dir, SCENARIOS / "godsgloom_duel.toml")
    scene = table(app)
    rows = scene.hud.legend_rows()
    assert rows and all(not text.startswith("open") for text, _ in rows)
    frames(app, 1)
    box = scene.hud.draw_legend(app.screen)
    assert box is not None
    for i, (_, colour) in enumerate(rows):
        swatch = (box.left + 12, box.top + 4 + i * 16 + 8)
        assert tuple(app.screen.get_at(swatch))[:3] == colour
    sandbox = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    texts = [text for text, _ in table(sandbox).hud.legend_rows()]
    assert "forest: no line of sight through it; rough (a mark only)" in texts, texts
    assert "water: no unit may stand on it (WB-TBL-1)" in texts, texts


def test_the_legend_steps_aside_while_the_pointer_is_over_it(data_dir: Path) -> None:
    """The legend is drawn over the board's bottom-left corner, where a unit may stand (the
    Ember Archer of realms_skirmish stood faded under it): while the pointer is over the
    legend it is not drawn, and it comes back when the pointer leaves."""
    from .driver import hover

    app = make_app(data_dir, SCENARIOS / "realms_skirmish.toml")
    scene = table(app)
    box = scene.hud.draw_legend(app.screen)
    assert box is not None
    hover(app, box.center)
    assert scene.hud.draw_legend(app.screen) is None
    hover(app, (box.right + 40, box.top - 40))
    assert scene.hud.draw_legend(app.screen) == box


def test_k_puts_the_terrain_key_away_and_brings_it_back(data_dir: Path) -> None:
    """The map's legend covers the units in its corner of a board that fills the window
    (GODSGLOOM's shipped skirmish): K puts it away and brings it back, and the Settings
    screen keeps the choice (``terrain_key``)."""
    import pygame

    from .driver import key

    app = make_app(data_dir, SCENARIOS / "godsgloom_skirmish.toml")
    scene = table(app)
    assert scene.hud.draw_legend(app.screen) is not None
    key(app, pygame.K_k)
    assert not app.settings.terrain_key and scene.hud.draw_legend(app.screen) is None
    key(app, pygame.K_k)
    assert app.settings.terrain_key and scene.hud.draw_legend(app.screen) is not None
