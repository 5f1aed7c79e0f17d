"""A unit's setup choices in the battle builder's document (issue 26): declared by the ruleset
(``Ruleset.unit_choices``), made as undo steps, placed by the game's rules, written as ordinary
inline stats that the loader accepts and the builder reads back (the round trip)."""

from __future__ import annotations

import pytest

from game import rulesets
from game.core.choices import CountChoice, JoinChoice, PickChoice, ShapeChoice
from game.core.hashing import state_hash
from game.core.unit_setup import SetupError, UnitSetup
from game.geometry.hexgrid import Hex
from game.rulesets.ninth_age.units import NinthUnit
from game.rulesets.realms.units import RealmsUnit
from game.scenario import FileError, load_scenario_text
from game.scenario.edit import BattleDoc, EditRefused


def values(doc: BattleDoc, uid: str) -> dict[str, object]:
    return {c.key: c.value for c in doc.unit_choices(uid)}


def ninth_doc() -> BattleDoc:
    doc = BattleDoc.new("ninth_age", {"width": 48, "height": 48})
    doc.add_unit("veteran_orcs", 1, (24, 10))
    doc.add_unit("imperial_guard", 2, (24, 38), 180)
    return doc


def test_ninth_age_files_ranks_characters_and_equipment_round_trip() -> None:
    """Models and files (files x ranks), a character joined (NA-ATT-1) and the catalogue's
    equipment (NA-CAT-1): each written as stats over the shipped entry, loaded by the real
    loader into the unit, read back by a new document from the saved text."""
    doc = ninth_doc()
    kinds = {c.key: type(c) for c in doc.unit_choices("u1")}
    assert kinds == {"models": CountChoice, "files": CountChoice, "characters": JoinChoice,
                     "equipment": PickChoice}
    models = next(c for c in doc.unit_choices("u1") if isinstance(c, CountChoice))
    assert (models.low, models.high) == (20, 40)  # the catalogue's Veteran Orcs
    doc.choose("u1", "models", 24)
    doc.choose("u1", "files", 6)
    doc.choose("u1", "characters", ("orc_warlord",))
    doc.choose("u1", "equipment", ("hand_weapon", "shield"))
    scenario = doc.check().scenario
    assert scenario is not None, doc.check().problems
    unit = scenario.state.units["u1"]
    assert isinstance(unit, NinthUnit)
    assert (unit.rf_models, unit.files, [c.key for c in unit.characters]) == (
        24, 6, ["orc_warlord"])
    assert unit.model.equipment == ("hand_weapon", "shield")
    assert unit.tray is not None and (unit.tray.files, unit.tray.ranks) == (6, 5)
    text = doc.text()
    assert 'unit = "veteran_orcs"' in text and 'equipment = ["hand_weapon", "shield"]' in text
    again = BattleDoc.from_text(text)
    assert values(again, "u1") == values(doc, "u1")
    assert again.text() == text
    reloaded = load_scenario_text(text, "battle.toml")
    assert state_hash(reloaded.state) == state_hash(scenario.state)


def test_ninth_age_choices_back_to_the_shipped_entry_write_its_profile() -> None:
    doc = ninth_doc()
    doc.choose("u1", "files", 8)
    doc.choose("u1", "files", 5)  # the shipped entry's files again
    assert doc.unit("u1").get("profile") == "veteran_orcs" and "stats" not in doc.unit("u1")
    doc.undo()
    assert doc.unit("u1")["stats"] == {"unit": "veteran_orcs", "files": 8}
    doc.undo()
    assert doc.unit("u1")["profile"] == "veteran_orcs"


def test_a_choice_out_of_its_bounds_or_not_offered_is_refused() -> None:
    doc = ninth_doc()
    with pytest.raises(EditRefused, match="20 to 40"):
        doc.choose("u1", "models", 41)
    with pytest.raises(EditRefused, match="not offered"):
        doc.choose("u1", "equipment", ("lance",))
    with pytest.raises(EditRefused, match="no such choice"):
        doc.choose("u1", "footprint", ("one",))
    assert values(doc, "u1")["models"] == 20  # nothing changed


def test_a_wider_unit_is_placed_by_the_games_rules_wb_tbl_1() -> None:
    """Files widen the tray; a width that would cross the other unit or the table's edge is
    refused with the placement rule's reason, and nothing changes."""
    doc = BattleDoc.new("ninth_age", {"width": 48, "height": 48})
    doc.add_unit("veteran_orcs", 1, (6, 10))
    with pytest.raises(EditRefused, match="table"):
        doc.choose("u1", "files", 20)
    assert doc.unit("u1") == {"id": "u1", "side": 1, "profile": "veteran_orcs",
                              "at": [6, 10], "facing": 0}


def test_a_unit_with_an_inline_model_offers_no_choices() -> None:
    ruleset = rulesets.create("ninth_age")
    inline = UnitSetup(id="x", owner=1, x=10, y=10, stats={
        "unit": "veteran_orcs", "model": {"name": "Odd", "height": 1, "base": [25, 25]}})
    assert ruleset.unit_choices(inline) == ()
    with pytest.raises(SetupError):
        ruleset.make_choice(inline, "files", 4)


def test_a_lance_needs_a_mount_in_a_units_equipment() -> None:
    """The entry-level ``equipment`` key is checked as a model's is: a Lance needs a mount."""
    text = ninth_doc().text().replace('profile = "veteran_orcs"',
                                      'stats = { unit = "veteran_orcs", equipment = ["lance"] }')
    with pytest.raises(FileError, match="Lance"):
        load_scenario_text(text, "battle.toml")


def test_realms_footprints_of_any_size_round_trip_and_turn_with_the_unit() -> None:
    """A footprint chosen among the declared shapes (RL-MOV-1), written as stats over the
    shipped profile, covers its spaces turned with the unit's facing; more than one space
    makes it Large (RL-DEF-2)."""
    doc = BattleDoc.new("realms", {"radius": 5})
    doc.add_unit("swordsman", 1, (0, 0))
    doc.add_unit("archer", 2, (0, 3), 3)
    shape = doc.unit_choices("u1")[0]
    assert isinstance(shape, ShapeChoice) and shape.value == "one"
    assert len({len(o.cells) for o in shape.options}) >= 5  # sizes 1 to 7
    doc.choose("u1", "footprint", ("triangle",))
    doc.rotate_unit("u1", 2)
    scenario = doc.check().scenario
    assert scenario is not None, doc.check().problems
    unit = scenario.state.units["u1"]
    assert isinstance(unit, RealmsUnit)
    assert unit.footprint == ((0, 0), (0, -1), (1, -1)) and unit.large
    assert unit.name == "Swordsman"
    text = doc.text()
    assert values(BattleDoc.from_text(text), "u1") == {"footprint": "triangle"}
    assert state_hash(load_scenario_text(text, "b.toml").state) == state_hash(scenario.state)
    doc.choose("u1", "footprint", ("one",))
    assert doc.unit("u1")["profile"] == "swordsman"


def test_a_bigger_footprint_on_another_unit_is_refused() -> None:
    doc = BattleDoc.new("realms", {"radius": 5})
    doc.add_unit("wyrm", 1, (0, 0))
    doc.add_unit("swordsman", 2, (0, -2))
    with pytest.raises(EditRefused, match="covers"):
        doc.choose("u1", "footprint", ("line3",))
    assert values(doc, "u1") == {"footprint": "two"}


def test_realms_stats_over_a_profile_change_only_what_they_name() -> None:
    ruleset = rulesets.create("realms")
    unit = ruleset.build_unit(UnitSetup(id="w", owner=1, hex=Hex(0, 0),
                                        stats={"unit": "wyrm", "health": 20}))
    shipped = ruleset.build_unit(UnitSetup(id="w", owner=1, hex=Hex(0, 0), profile="wyrm"))
    assert isinstance(unit, RealmsUnit) and isinstance(shipped, RealmsUnit)
    assert (unit.health, unit.move, unit.footprint) == (20, shipped.move, shipped.footprint)
    with pytest.raises(SetupError, match="unknown realms profile"):
        ruleset.build_unit(UnitSetup(id="w", owner=1, hex=Hex(0, 0), stats={"unit": "wyrn"}))


def test_rulesets_without_choices_offer_none() -> None:
    doc = BattleDoc.new("asoiaf", {"width": 48, "height": 48})
    doc.add_unit("stark_sworn_swords", 1, (24, 10))
    assert doc.unit_choices("u1") == ()
    with pytest.raises(EditRefused, match="no such choice"):
        doc.choose("u1", "files", 3)
