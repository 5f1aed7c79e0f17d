"""The HUD's parts (top bar, unit card, status line, terrain legend) are painted once per change
and blitted on the frames between (issue 12: text rendered once per change); what a frame
shows is what painting it afresh shows, and a change shows on the very next frame."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.hud import Hud

from .conftest import SCENARIOS
from .driver import click, frames, make_app, screen_of, table


def _fresh(app_scene: object, size: tuple[int, int]) -> bytes:
    """The HUD as a new :class:`Hud` (nothing cached) paints it."""
    surface = pygame.Surface(size)
    hud = Hud(app_scene)  # type: ignore[arg-type]
    hud.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def _cached(hud: Hud, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    hud.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_a_cached_hud_shows_what_a_fresh_one_paints_and_follows_every_change(
        data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml")
    scene = table(app)
    size = app.screen.get_size()
    hud = scene.hud
    assert _cached(hud, size) == _fresh(scene, size)
    painted = {name: layer for name, (_, layer) in hud._layers.items()}
    assert _cached(hud, size) == _fresh(scene, size)
    assert all(hud._layers[name][1] is layer for name, layer in painted.items())  # no repaint
    unit = next(u for u in scene.state.live_units(scene.game.current_player() or 1) if u.tray)
    assert unit.tray is not None
    click(app, screen_of(app, unit.tray.x, unit.tray.y))  # the card and the status change
    assert hud._layers["card"][1] is not painted["card"]
    assert _cached(hud, size) == _fresh(scene, size)
    scene.status = "something else entirely"
    frames(app, 1)
    assert _cached(hud, size) == _fresh(scene, size)


def test_the_top_bar_names_the_round_limit_the_ruleset_declares(data_dir: Path) -> None:
    """AS-CORE-5 (the game ends at the round limit): the table says how many rounds there are,
    from the ruleset's ``round_limit`` (no ruleset name in the table); none without a limit."""
    limited = table(make_app(data_dir, SCENARIOS / "asoiaf_skirmish.toml"))
    assert limited.game.ruleset.round_limit(limited.state) == 6
    assert limited.hud.top_text().startswith("Round 1 of 6  -  ")
    free = table(make_app(data_dir, SCENARIOS / "asoiaf_two_sides.toml"))
    assert free.game.ruleset.round_limit(free.state) is None
    assert free.hud.top_text().startswith("Round 1  -  ")


def test_every_ruleset_declares_the_round_limit_of_its_options() -> None:
    """HX-ACT-3, NA-TURN-1, AS-CORE-5 and the realms ``rounds`` option: each ruleset reports
    the number of rounds its scenario sets (the Ninth Age plays six unless told)."""
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset
    from game.rulesets.godsgloom.ruleset import GodsgloomRuleset
    from game.rulesets.ninth_age.ruleset import NinthAgeRuleset
    from game.rulesets.realms.ruleset import RealmsRuleset
    from game.scenario import load_scenario

    state = load_scenario(SCENARIOS / "asoiaf_two_sides.toml").new_game().state
    for cls in (AsoiafRuleset, GodsgloomRuleset, NinthAgeRuleset, RealmsRuleset):
        assert cls({"rounds": 4}).round_limit(state) == 4, cls.__name__
    assert AsoiafRuleset({}).round_limit(state) is None
    assert GodsgloomRuleset({}).round_limit(state) is None
    assert RealmsRuleset({}).round_limit(state) is None
    assert NinthAgeRuleset({}).round_limit(state) == 6
