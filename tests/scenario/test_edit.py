"""The battle builder's document (issue 26): every command, undo/redo, live validation with
the loader of ``warbench check``, placement by the game's own rules (WB-TBL-1), the limits
of docs/limits.md, Save and Save draft, and the round trip of every shipped scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.hashing import state_hash
from game.geometry.hexgrid import Hex
from game.scenario import FileError, load_scenario
from game.scenario.edit import DRAFT_SUFFIX, HEADER, BattleDoc, EditRefused
from game.scenario.edit_check import preview
from game.scenario.limits import MAX_PIECE_VERTICES, MAX_UNITS
from game.scenario.paths import shipped_scenarios
from game.scenario.writer import leading_comments
from game.scenario.zones import deployment_zone

SHIPPED = shipped_scenarios()


def table_doc() -> BattleDoc:
    doc = BattleDoc.new("sandbox", {"width": 48, "height": 36},
                        [("North", "#3b6fb6"), ("South", "#c0392b")])
    doc.add_unit("infantry", 1, (10, 5))
    doc.add_unit("infantry", 2, (10, 30), 180)
    return doc


def hex_doc() -> BattleDoc:
    doc = BattleDoc.new("realms", {"cols": 8, "rows": 6})
    doc.add_unit("swordsman", 1, (1, 1))
    doc.add_unit("archer", 2, (3, 4), 3)
    return doc


@pytest.mark.parametrize("resource", SHIPPED, ids=[r.name for r in SHIPPED])
def test_every_shipped_scenario_round_trips_through_the_document(resource: object) -> None:
    first = load_scenario(resource)  # type: ignore[arg-type]
    doc = BattleDoc.from_text(first.text)
    check = doc.check()
    assert check.scenario is not None, check.problems
    assert check.scenario.model == first.model
    assert state_hash(check.scenario.state) == state_hash(first.state)
    assert doc.header == (leading_comments(first.text) or list(HEADER))


def test_an_empty_battle_says_what_is_missing_then_loads() -> None:
    doc = BattleDoc.new("sandbox", {"width": 48, "height": 36})
    assert not doc.check().valid
    assert [p.path for p in doc.check().problems] == ["units"]
    doc.add_unit("cavalry", 1, (20, 20))
    assert doc.check().valid


def test_unit_commands_and_undo_redo() -> None:
    doc = table_doc()
    doc.move_unit("u1", (20, 6))
    doc.rotate_unit("u1", 375)
    assert doc.unit("u1")["at"] == [20, 6] and doc.unit("u1")["facing"] == 15
    copy_id = doc.duplicate_unit("u1")
    assert doc.unit(copy_id)["side"] == 1 and doc.unit(copy_id)["at"] != [20, 6]
    doc.set_side(copy_id, 2)
    assert doc.unit(copy_id)["side"] == 2
    doc.delete_unit(copy_id)
    assert [u["id"] for u in doc.units] == ["u1", "u2"]
    assert doc.check().valid
    assert doc.undo() and doc.unit(copy_id)["side"] == 2  # the delete is undone
    assert doc.undo() and doc.unit(copy_id)["side"] == 1
    assert doc.redo() and doc.unit(copy_id)["side"] == 2
    doc.move_unit("u2", (30, 30))  # a new command clears the redo stack
    assert not doc.can_redo
    while doc.undo():
        pass
    assert doc.units == []


def test_hex_units_turn_in_sixths_and_duplicate_beside() -> None:
    doc = hex_doc()
    doc.rotate_unit("u1", 7)
    assert doc.unit("u1")["facing"] == 1
    copy_id = doc.duplicate_unit("u1")
    assert Hex(*doc.unit(copy_id)["hex"]).distance(Hex(1, 1)) == 1
    assert doc.check().valid


def test_placement_follows_the_games_rules_wb_tbl_1() -> None:
    """WB-TBL-1: a unit stands on the board, on no other unit and not on impassable
    ground; the refusal says why and changes nothing."""
    doc = table_doc()
    doc.add_terrain("water", ["impassable"], [(30, 10), (40, 10), (40, 20), (30, 20)])
    before = doc.revision
    for place, why in (((10, 29.5), "overlap"), ((47.5, 10), "leave the table"),
                       ((35, 15), "impassable")):
        assert why in (doc.refusal_at("u1", place) or "")
        with pytest.raises(EditRefused, match=why):
            doc.move_unit("u1", place)
        with pytest.raises(EditRefused, match=why):
            doc.add_unit("solo", 1, place)
    assert doc.revision == before
    hexes = hex_doc()
    with pytest.raises(EditRefused, match="covers"):
        hexes.move_unit("u2", (1, 1))


def test_terrain_commands_and_declared_keywords() -> None:
    doc = table_doc()
    i = doc.add_terrain("forest", ["blocks-sight"], [(20, 15), (26, 15), (26, 20)])
    doc.edit_terrain(i, kind="wood", keywords=["rough"],
                     polygon=[(20, 15), (26, 15), (26, 20), (20, 20)])
    assert doc.terrain[i] == {"kind": "wood", "keywords": ["rough"],
                              "polygon": [[20, 15], [26, 15], [26, 20], [20, 20]]}
    with pytest.raises(EditRefused, match="not a terrain keyword"):
        doc.add_terrain("forest", ["mud"], [(1, 15), (5, 15), (5, 18)])
    doc.edit_terrain(i, polygon=[(20, 15), (26, 20), (26, 15), (20, 20)])  # crosses itself
    assert [(p.target, p.path) for p in doc.check().problems] == [
        (("terrain", 0), "terrain[0].polygon")]
    doc.delete_terrain(i)
    assert doc.terrain == [] and doc.check().valid


def test_hex_painting_features_and_their_problems() -> None:
    doc = hex_doc()
    doc.paint_hex(2, 2, terrain="hill", elevation=4)
    doc.paint_hex(2, 2, keywords=["impassable"])
    assert doc.hex_entry(2, 2) == {"at": [2, 2], "terrain": "hill", "elevation": 4,
                                   "keywords": ["impassable"]}
    doc.paint_hex(2, 2, terrain="open", elevation=0, keywords=[])
    assert "hexes" not in doc.data["hexmap"]  # a plain hex needs no entry
    doc.begin_stroke()  # a brush dragged over three hexes: one undo step
    for q in (2, 3, 4):
        doc.paint_hex(q, 2, elevation=3)
    doc.end_stroke()
    assert doc.undo() and "hexes" not in doc.data["hexmap"]
    assert doc.redo() and len(doc.data["hexmap"]["hexes"]) == 3
    kinds = [k.key for k in doc.feature_kinds()]
    assert kinds == ["obstructions", "walls", "pads"]
    doc.add_feature("walls", {"between": [[4, 1], [5, 1]], "height": 3})
    doc.add_feature("pads", {"between": [[0, 0], [0, 0]]})
    problems = doc.check().problems
    assert [p.target for p in problems] == [("feature", "pads", 0)]
    doc.delete_feature("pads", 0)
    assert doc.check().valid
    with pytest.raises(EditRefused, match="declares no map feature"):
        doc.add_feature("bells", {"at": [0, 0]})
    doc.paint_hex(1, 1, keywords=["impassable"])  # under a unit: a problem of the unit
    assert [p.target for p in doc.check().problems] == [("unit", "u1")]


def test_zones_setup_and_options() -> None:
    doc = table_doc()
    doc.set_zone(1, [(0, 0), (48, 0), (48, 10), (0, 10)])
    scenario = doc.check().scenario
    assert scenario is not None and deployment_zone(scenario, 1) is not None
    doc.set_zone(1, None)
    assert doc.zone(1) is None
    hexes = hex_doc()
    hexes.set_zone(2, [(3, 4), (2, 4)])
    scenario = hexes.check().scenario
    assert scenario is not None and deployment_zone(scenario, 2) == {Hex(3, 4), Hex(2, 4)}
    hexes.set_round_limit(5)
    hexes.set_option("night_rounds", [2])
    assert hexes.options() == {"rounds": 5, "night_rounds": [2]}
    assert hexes.option_specs()[0].key == "rounds"
    with pytest.raises(EditRefused, match="has no option"):
        hexes.set_option("nights", 2)
    with pytest.raises(EditRefused, match="no round limit"):
        doc.set_round_limit(4)
    hexes.set_players([("A", "#111111"), ("B", "#222222"), ("C", "#333333")])
    assert hexes.zone(2) == [[2, 4], [3, 4]] and hexes.check().valid
    with pytest.raises(EditRefused, match="2 to 8 players"):
        hexes.set_players([("Alone", "#111111")])
    hexes.set_board({"cols": 10, "rows": 8})
    hexes.set_meta(name="Renamed", seed=4)
    assert hexes.check().valid and hexes.data["scenario"]["name"] == "Renamed"
    with pytest.raises(EditRefused, match="plays on a hex board"):
        hexes.set_board({"width": 48, "height": 48})


def test_the_limits_are_refused_with_a_clear_message() -> None:
    doc = BattleDoc.new("sandbox", {"width": 240, "height": 240})
    doc.add_unit("token", 1, (5, 5))
    doc.data["units"] += [  # a full battle, written directly (placing each is the slow way)
        {"id": f"t{i}", "side": 1 + i % 2, "profile": "token",
         "at": [5 + (i % 20) * 10, 15 + (i // 20) * 10]} for i in range(MAX_UNITS - 1)]
    assert len(doc.units) == MAX_UNITS
    with pytest.raises(EditRefused, match=f"at most {MAX_UNITS} units"):
        doc.add_unit("token", 1, (200, 200))
    with pytest.raises(EditRefused, match=f"at most {MAX_UNITS} units"):
        doc.duplicate_unit("u1")
    ring = [(100 + i % 2, 100 + i) for i in range(MAX_PIECE_VERTICES + 1)]
    with pytest.raises(EditRefused, match=f"at most {MAX_PIECE_VERTICES} points"):
        doc.add_terrain("hill", [], ring)


def test_save_only_when_valid_and_drafts_marked(tmp_path: Path) -> None:
    doc = BattleDoc.new("sandbox", {"width": 48, "height": 36})
    with pytest.raises(EditRefused, match="save a draft"):
        doc.save(tmp_path / "battle.toml")
    draft = doc.save_draft(tmp_path / "battle.toml")
    assert draft.name == "battle" + DRAFT_SUFFIX
    assert draft.read_text().startswith("# DRAFT")
    again = BattleDoc.open(draft)
    again.add_unit("infantry", 1, (10, 10))
    saved = again.save(draft)
    assert saved.name == "battle.toml"
    assert "DRAFT" not in saved.read_text()
    assert load_scenario(saved).model.units[0].profile == "infantry"


def test_the_preview_draws_what_loads_and_leaves_out_what_does_not() -> None:
    doc = BattleDoc.new("realms", {"cols": 8, "rows": 6})
    assert not doc.check().valid
    empty = preview(doc.data)
    assert empty is not None and empty.state.units == {}
    doc.add_unit("swordsman", 1, (1, 1))
    doc.add_unit("archer", 2, (3, 4))
    doc.paint_hex(1, 1, keywords=["impassable"])  # u1 now stands where it may not
    doc.add_feature("pads", {"between": [[0, 0], [0, 0]]})
    shown = preview(doc.data)
    assert shown is not None and list(shown.state.units) == ["u2"]
    assert BattleDoc.new("sandbox", {"width": 48, "height": 36}).data["scenario"]
    broken = dict(doc.data, scenario={"name": "x", "ruleset": "nope"})
    assert preview(broken) is None


@pytest.mark.parametrize("text", [
    "units = 3\n[scenario]\nname = 'x'\nruleset = 'sandbox'\n",
    "[scenario]\nname = 'x'\nruleset = 'sandbox'\n[hexmap]\nradius = 3\nhexes = [1, 2]\n",
    "scenario = 'sandbox'\n",
    "players = [{ name = 'a', colour = '#000000' }, 'b']\n",
])
def test_a_file_not_shaped_as_a_battle_is_refused_not_half_opened(text: str) -> None:
    with pytest.raises(FileError) as caught:
        BattleDoc.from_text(text)
    assert all("to edit the battle" in p.message for p in caught.value.problems)


def test_a_wrong_but_well_shaped_draft_opens_with_its_problems() -> None:
    doc = BattleDoc.from_text("[scenario]\nname = 'x'\nruleset = 'nope'\n[table]\nwidth = 'w'\n")
    assert not doc.check().valid and doc.preview() is None
    assert {p.path for p in doc.check().problems} >= {"table.width", "players"}
