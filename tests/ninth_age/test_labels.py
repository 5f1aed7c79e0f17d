"""A Ninth Age unit's label on the table reads in words: characters by name with their HP
(NA-HP-1: each attachable model has its own pool), never by the key a scenario gives them."""

from __future__ import annotations

from game.rulesets.ninth_age.units import NinthUnit
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def test_na_hp_1_the_label_names_each_character_with_its_own_hp() -> None:
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    guard = next(u for u in game.state.units.values()
                 if isinstance(u, NinthUnit) and u.characters)
    captain = guard.characters[0]
    captain.hp -= 1
    line = guard.status_line()
    assert f"{captain.profile.name} {captain.hp} HP" in line
    assert captain.key not in line and "_hp" not in line
    assert line.startswith(f"{guard.rf_alive()} models")
