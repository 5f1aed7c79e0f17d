"""A ruleset declares its vocabulary and the loader checks it (issue 24): terrain keywords
with their meaning, map features with their schema, typed options, a unit catalogue; a
scenario using a word its ruleset does not declare is refused with file, line, dotted path,
what was expected and a "did you mean"; saves hashed before the map features moved out of the
core still load (the converter)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import rulesets
from game.core.hashing import canonical
from game.core.state import HexBoard
from game.core.vocab import MapFeature
from game.scenario import load_scenario, load_scenario_text
from game.scenario.problems import ScenarioError
from game.scenario.saves import load_save, session_from_document
from game.scenario.upgrade import pre_vocabulary_hash
from tests.realms.helpers import scenario_text, unit

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

TABLE = """[scenario]
name = "t"
ruleset = "{ruleset}"

[table]
width = 48
height = 48

[[terrain]]
kind = "woods"
keywords = [{keywords}]
polygon = [[10, 10], [14, 10], [14, 14]]

[[players]]
name = "A"
colour = "#aa0000"

[[players]]
name = "B"
colour = "#0000aa"

[[units]]
id = "u1"
side = 1
profile = "{profile}"
at = [30, 30]
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(text, "v.toml")
    return [str(p) for p in err.value.problems]


def test_a_keyword_the_ruleset_does_not_declare_is_refused_with_did_you_mean() -> None:
    """The Ninth Age's ``hard-cover`` is its own word: A Song of Ice and Fire refuses it, and a
    misspelt keyword gets the closest declared word, at file, line and dotted path."""
    text = TABLE.format(ruleset="asoiaf", keywords='"hard-cover"', profile="stark_bowmen")
    (found,) = _problems(text)
    assert found.startswith("v.toml:11: terrain[0].keywords[0]: 'hard-cover' is not a terrain "
                            "keyword of the asoiaf ruleset; expected one of: blocks-sight")
    ninth = TABLE.format(ruleset="ninth_age", keywords='"hard-cover"', profile="veteran_orcs")
    assert load_scenario_text(ninth).state.terrain[0].has("hard-cover")
    typo = TABLE.format(ruleset="asoiaf", keywords='"blocks-sigth"', profile="stark_bowmen")
    assert "did you mean 'blocks-sight'?" in _problems(typo)[0]


def test_keyword_problems_are_listed_with_the_type_errors() -> None:
    """Never one problem at a time: a bad keyword and a type error are reported together."""
    text = TABLE.format(ruleset="asoiaf", keywords='"rouhg"', profile="stark_bowmen")
    text = text.replace("width = 48", "width = \"wide\"")
    found = _problems(text)
    assert any("table.width" in p for p in found)
    assert any("terrain[0].keywords[0]" in p and "did you mean 'rough'?" in p for p in found)


def test_a_map_feature_the_ruleset_does_not_declare_is_refused_with_did_you_mean() -> None:
    """realms declares obstructions, walls and pads; a misspelt section is refused with the
    closest, and so is any feature on a ruleset that declares none (GODSGLOOM)."""
    two = [unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4)]
    text = scenario_text(two, features={"wals": [{"between": [[0, 0], [1, 0]], "height": 4}]})
    (found,) = _problems(text)
    assert "hexmap.wals: unknown key 'wals'" in found and "did you mean 'walls'?" in found
    gods = text.replace('ruleset = "realms"', 'ruleset = "godsgloom"').replace("wals", "walls")
    assert any("hexmap.walls" in p and "declares no such map feature" in p
               for p in _problems(gods))


def test_map_features_are_the_rulesets_records_on_the_board() -> None:
    """The board carries the records the ruleset declared, in file order; the core knows
    none of them (a MapFeature with the ruleset's key)."""
    scenario = load_scenario(ROOT / "scenarios" / "realms_skirmish.toml")
    board = scenario.state.board
    assert isinstance(board, HexBoard)
    keys = [f.key for f in board.features]
    assert keys == ["obstructions", "obstructions", "walls", "walls", "pads"]
    assert all(isinstance(f, MapFeature) for f in board.features)
    declared = {k.key for k in scenario.ruleset.map_features}
    assert set(keys) <= declared
    assert "features" not in str(canonical(load_scenario(
        ROOT / "scenarios" / "realms_high_ground.toml").state.board))


def test_every_ruleset_declares_keywords_options_and_a_catalogue() -> None:
    """Every registered ruleset: each keyword has a meaning, each option key a spec with a
    meaning (the specs are exactly its option keys), and its catalogue has a typed record with
    a card for every profile a scenario may name."""
    for entry in rulesets.RULESETS:
        cls = entry.cls
        assert cls.terrain_keywords, entry.name
        assert all(k.meaning for k in cls.terrain_keywords), entry.name
        assert tuple(s.key for s in cls.option_specs) == cls.option_keys, entry.name
        assert all(s.meaning for s in cls.option_specs), entry.name
        ruleset = entry.create()
        records = ruleset.unit_catalogue()
        assert [r.id for r in records] == list(ruleset.profile_ids()), entry.name
        for record in records:
            assert record.card and record.name, (entry.name, record.id)
            assert (record.base is None) != (record.footprint is None), (entry.name, record.id)


def test_shipped_scenarios_use_only_declared_words() -> None:
    """Every shipped scenario still loads: its keywords are its ruleset's."""
    for path in sorted((ROOT / "scenarios").glob("*.toml")):
        load_scenario(path)


def test_a_save_hashed_before_the_features_moved_still_loads_converted() -> None:
    """A version-2 save of the realms skirmish (written by the code before issue 24, whose
    core state held the features) replays, is verified against its recorded hash in the old
    form, and carries a note; a changed hash is still refused."""
    path = DATA / "save_v2_realms_skirmish.json"
    session = load_save(path)
    assert any(note.startswith("converted") for note in session.notes)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert pre_vocabulary_hash(session.game.state) == doc["state_hash"]
    assert session.game.state_hash() != doc["state_hash"]
    doc["state_hash"] = "0" * 64
    with pytest.raises(ScenarioError):
        session_from_document(doc, "tampered.json")


def test_states_without_features_hash_as_before() -> None:
    """The converter has nothing to say about a board without features."""
    state = load_scenario(ROOT / "scenarios" / "realms_high_ground.toml").state
    assert pre_vocabulary_hash(state) is None
