"""``warbench roster import`` (docs/rosters.md): three real-shaped lists per format (in
tests/data/rosters/) import into scenarios the loader accepts, as a side of a shipped scenario
and as new battles, and those play; unknown entries refuse the import unless accepted; every
unit stands legally in its side's zone, facing the enemy."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import box

from game.ai.players import make_player
from game.cli import main
from game.core.pending import Over
from game.scenario.loader import Scenario, load_scenario, load_scenario_text
from game.scenario.paths import shipped_scenario
from game.scenario.problems import FileError
from game.scenario.roster import read_list
from game.scenario.roster.importer import import_lists
from game.scenario.saves import new_session

DATA = Path(__file__).resolve().parents[1] / "data" / "rosters"
WAR_COUNCIL = ("stark_vanguard.txt", "lannister_host.txt", "free_folk_raid.txt")
ID_ARRAY = ("lannister_stats.json", "nights_watch_stats.json", "targaryen_stats.json")
ROS = ("orcs_grauwasser.ros", "sonnstahl_guard.ros", "dwarven_hold.ros")
ROSZ = ("orcs_grauwasser.rosz", "sonnstahl_guard.rosz", "dwarven_hold.rosz")
NEW_RECRUIT = ("orcs_newrecruit.json", "sonnstahl_newrecruit.json", "dwarves_newrecruit.json")
SHIPPED = {"asoiaf": "asoiaf_skirmish", "ninth_age": "ninth_age_battle"}


def _scenario(name: str) -> Scenario:
    found = shipped_scenario(name)
    assert found is not None
    return load_scenario(found)


def _plays(text: str, steps: int = 8) -> None:
    """The imported scenario loads and takes a few random actions."""
    game = new_session(load_scenario_text(text, "<imported>")).game
    player = make_player("random", seed=3)
    for _ in range(steps):
        if isinstance(game.pending(), Over):
            break
        game.apply(player.choose(game).action)


@pytest.mark.parametrize("file", WAR_COUNCIL + ID_ARRAY + ROS + ROSZ + NEW_RECRUIT)
@pytest.mark.parametrize("side", [1, 2])
def test_each_list_imports_as_a_side_of_a_shipped_scenario_and_plays(file: str,
                                                                     side: int) -> None:
    listed = read_list(DATA / file)
    ruleset = "asoiaf" if file in WAR_COUNCIL + ID_ARRAY else "ninth_age"
    into = _scenario(SHIPPED[ruleset])
    result = import_lists([(listed.list, listed.file)], into=into, side=side)
    assert result.ruleset == ruleset and result.placed
    assert not [s for s in result.skipped if s.unknown]
    loaded = load_scenario_text(result.text)
    others = [u for u in into.state.units.values() if u.owner != side]
    mine = [u for u in loaded.state.units.values() if u.owner == side]
    assert len(loaded.state.units) == len(others) + len(mine) == len(others) + len(
        result.placed)
    edge = box(0, 0, 48, 12) if side == 1 else box(0, 36, 48, 48)
    for unit in mine:  # in the default strip along the side's own edge, facing the enemy
        assert unit.tray is not None and edge.buffer(1e-6).covers(unit.tray.polygon)
        assert unit.tray.facing == (0.0 if side == 1 else 180.0)
    _plays(result.text)


@pytest.mark.parametrize(("first", "second"), [
    ("stark_vanguard.txt", "lannister_host.txt"), ("free_folk_raid.txt", "targaryen_stats.json"),
    ("nights_watch_stats.json", "lannister_stats.json"),
    ("orcs_grauwasser.rosz", "sonnstahl_guard.ros"), ("dwarven_hold.ros", "orcs_newrecruit.json"),
    ("sonnstahl_newrecruit.json", "dwarves_newrecruit.json")])
def test_two_lists_make_a_new_battle_that_plays(first: str, second: str) -> None:
    a, b = read_list(DATA / first), read_list(DATA / second)
    result = import_lists([(a.list, a.file), (b.list, b.file)])
    loaded = load_scenario_text(result.text)
    assert {u.owner for u in loaded.state.units.values()} == {1, 2}
    _plays(result.text)


def test_attachments_and_non_combat_units_are_skipped_with_a_note() -> None:
    listed = read_list(DATA / "stark_vanguard.txt")
    result = import_lists([(listed.list, listed.file)], into=_scenario("asoiaf_skirmish"))
    reasons = {s.entry: s.reason for s in result.skipped}
    assert "attachment" in reasons["20204"] and "non-combat" in reasons["30201"]
    assert len(result.placed) == 5


def test_characters_join_the_unit_their_notes_name() -> None:
    listed = read_list(DATA / "dwarven_hold.ros")
    host = listed.list.entries[0]
    assert host.name == "Clan Warriors" and [c.name for c in host.characters] == ["Thane"]
    orcs = read_list(DATA / "orcs_grauwasser.ros").list
    veterans = next(e for e in orcs.entries if e.name == "Veteran Orcs")
    assert veterans.models == 24 and [c.name for c in veterans.characters] == ["Orc Warlord"]
    assert "Melee: Spear" in veterans.equipment


def test_units_without_a_public_stat_line_say_they_are_stand_ins_NA_CAT_1() -> None:
    listed = read_list(DATA / "dwarven_hold.ros")
    result = import_lists([(listed.list, listed.file)], into=_scenario("ninth_age_battle"))
    assert any("STAND-IN profile" in n and "NA-CAT-1" in n for n in result.notes)
    loaded = load_scenario_text(result.text)
    warriors = next(u for u in loaded.state.units.values() if u.name == "Clan Warriors")
    assert "stand-in" in warriors.model.name and warriors.model.sample  # type: ignore[attr-defined]


def test_unknown_entries_refuse_the_import_unless_accepted(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Stark; 10201, 1O205, 99999\n", encoding="utf-8")
    listed = read_list(bad)
    into = _scenario("asoiaf_skirmish")
    with pytest.raises(FileError) as caught:
        import_lists([(listed.list, listed.file)], into=into)
    text = str(caught.value)
    assert "did you mean '10205'" in text and "--accept-skipped" in text
    result = import_lists([(listed.list, listed.file)], into=into, accept_skipped=True)
    assert len(result.placed) == 1 and len(result.skipped) == 2


def test_a_new_battle_needs_two_lists() -> None:
    listed = read_list(DATA / "stark_vanguard.txt")
    with pytest.raises(FileError, match="two armies"):
        import_lists([(listed.list, listed.file)])


def test_the_command_writes_a_scenario_check_accepts(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "battle.toml"
    code = main(["roster", "import", str(DATA / "stark_vanguard.txt"), "--against",
                 str(DATA / "lannister_stats.json"), "--out", str(out)])
    assert code == 0 and "units placed" in capsys.readouterr().out
    assert main(["check", str(out)]) == 0
    code = main(["roster", "import", str(DATA / "orcs_newrecruit.json"), "--into",
                 "ninth_age_battle", "--side", "2", "--out", str(out), "--json"])
    assert code == 0 and '"ruleset": "ninth_age"' in capsys.readouterr().out
    missing = tmp_path / "nothing.toml"
    code = main(["roster", "import", str(tmp_path / "absent.txt"), "--against",
                 str(DATA / "lannister_stats.json"), "--out", str(missing)])
    assert code == 2 and not missing.exists()
    assert "cannot read" in capsys.readouterr().err


def test_units_stand_in_the_scenarios_own_deployment_zone() -> None:
    """A scenario that gives side 1 a zone (issue 26's deployment zones) gets the list there."""
    from shapely.geometry import Polygon

    from game.scenario.writer import scenario_data, write_text

    data = scenario_data(_scenario("asoiaf_skirmish").model)
    zone = [[0.0, 0.0], [24.0, 0.0], [24.0, 14.0], [0.0, 14.0]]
    data["players"][0]["deployment"] = zone
    into = load_scenario_text(write_text(data), "zoned.toml")
    listed = read_list(DATA / "stark_vanguard.txt")
    result = import_lists([(listed.list, listed.file)], into=into, side=1)
    loaded = load_scenario_text(result.text)
    mine = [u for u in loaded.state.units.values() if u.owner == 1]
    assert len(mine) == 5
    for unit in mine:
        assert unit.tray is not None
        assert Polygon(zone).buffer(1e-6).covers(unit.tray.polygon)
