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


def test_numbers_agree_with_their_nouns_in_prompts_and_offers() -> None:
    """"allocate 1 attack", never "1 attacks" (the allocation prompt's wording)."""
    from game.rulesets.ninth_age.texts import counted

    assert counted(1, "attack") == "1 attack"
    assert counted(0, "attack") == "0 attacks"
    assert counted(3, "Proper Rank") == "3 Proper Ranks"


def test_na_alc_1_an_allocation_answer_reads_in_shown_names_never_unit_keys() -> None:
    """The status label read "To guard/imperial_captain:2" (a typed answer, keys and all)."""
    from game.core.actions import Choose

    game = load_scenario(SCENARIOS / "ninth_age_d6_hits.toml").new_game()
    guard = game.state.units["guard"]
    assert isinstance(guard, NinthUnit) and guard.characters
    captain = guard.characters[0]
    label = game.ruleset.present(
        game.state, Choose.of(to=f"guard/rf:2+guard/{captain.key}:2")).label
    assert label == (f"2 on {guard.name} (rank and file), "
                     f"2 on {guard.name}: {captain.profile.name}"), label
    assert captain.key not in label and "/" not in label
