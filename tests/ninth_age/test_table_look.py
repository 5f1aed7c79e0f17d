"""What the table is told to draw of a Ninth Age unit: every model base, characters marked,
models in contact and supporting models marked in combat, casualties shown until the round
ends and gone after it (issue 14 item 7)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.inspect import UnitLook
from game.geometry.ranked import model_polygons, supporting_models
from game.rulesets.ninth_age.engage import contacts
from game.rulesets.ninth_age.units import NinthUnit, reform
from game.scenario import load_scenario
from game.ui.draw_units import CHARACTER
from game.ui.headless import init_headless
from game.ui.palette import palette_named
from game.ui.render import Renderer
from game.ui.view import ViewState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _game(name: str):  # type: ignore[no-untyped-def]
    return load_scenario(SCENARIOS / f"{name}.toml").new_game()


def _look(game, uid: str) -> UnitLook:  # type: ignore[no-untyped-def]
    look = game.ruleset.unit_look(game.state, uid)
    assert look is not None
    return look


def test_every_model_base_is_in_the_look_with_characters_marked() -> None:
    game = _game("ninth_age_battle")
    for unit in game.state.units.values():
        assert isinstance(unit, NinthUnit) and unit.tray is not None
        look = _look(game, unit.id)
        formation = unit.formation()
        assert len(look.bases) == len(formation.slots)
        polys = model_polygons(unit.tray, formation)
        for base, slot in zip(look.bases, formation.slots, strict=True):
            assert (base.kind == "character") == (slot.pool != "rf")
            named = unit.character(slot.key)  # a character by its name, never its key
            assert base.label == ("" if named is None else named.profile.name)
            assert "_" not in base.label
            assert base.mark == "none"  # nobody fights at deployment
            ring = list(polys[slot.key].exterior.coords)[:-1]
            assert [tuple(map(float, p)) for p in ring] == list(base.points)
    assert any(b.kind == "character" for u in game.state.units.values()
               for b in _look(game, u.id).bases)


def test_models_in_contact_and_supporting_models_are_marked_in_combat() -> None:
    game = _game("ninth_age_character_in_contact")
    state = game.state
    orcs, guard = state.units["orcs"], state.units["guard"]
    assert isinstance(orcs, NinthUnit) and isinstance(guard, NinthUnit)
    touching = contacts(orcs, guard)
    assert touching
    support = set(supporting_models(orcs.formation(), touching,
                                    1 if orcs.model.has("spear") else 0, orcs.alive_keys()))
    keys = {s.key: b.mark for b, s in
            zip(_look(game, "orcs").bases, orcs.formation().slots, strict=True)}
    assert {k for k, m in keys.items() if m == "contact"} == touching
    assert {k for k, m in keys.items() if m == "support"} == support - touching
    assert support  # the scenario has a rank behind the models in contact


def test_casualties_stay_marked_until_the_round_ends_then_leave() -> None:
    game = _game("ninth_age_character_in_contact")
    guard = game.state.units["guard"]
    assert isinstance(guard, NinthUnit)
    before = len(_look(game, "guard").bases)
    dead = [s.key for s in guard.formation().slots if s.pool == "rf"][-2:]
    guard.removed = list(dead)
    look = _look(game, "guard")
    keys = {s.key: b.mark for b, s in zip(look.bases, guard.formation().slots, strict=True)}
    assert {k for k, m in keys.items() if m == "casualty"} == set(dead)
    reform(guard)
    after = _look(game, "guard")
    assert len(after.bases) == before - 2
    assert not any(b.mark == "casualty" for b in after.bases)


def test_a_character_is_drawn_with_its_star() -> None:
    init_headless()
    game = _game("ninth_age_character_in_contact")
    state = game.state
    guard = state.units["guard"]
    assert isinstance(guard, NinthUnit) and guard.tray is not None
    hero = next(b for b in _look(game, "guard").bases if b.kind == "character")
    surface = pygame.Surface((800, 600))
    view = ViewState()
    view.camera.resize(0, 0, 800, 600)
    view.camera.fit(guard.tray.x - 5, guard.tray.y - 5, guard.tray.x + 5, guard.tray.y + 5, 0)
    Renderer(palette_named("default"), ruleset=game.ruleset).draw(surface, state, view)
    cx = sum(p[0] for p in hero.points) / len(hero.points)
    cy = sum(p[1] for p in hero.points) / len(hero.points)
    sx, sy = view.camera.to_screen(cx, cy)
    assert surface.get_at((round(sx), round(sy)))[:3] == CHARACTER
