"""Every reproducer of issue 10's "escapes": each failed before the fix with an exception other
than the loader's error (or crashed later, in play); now each is refused with a FileError, or
refused as an action, and nothing else escapes."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.cli import main
from game.core import MoveUnit, Pivot
from game.core.actions import ActionSyntaxError, Dice, RollPending, from_dict, parse
from game.core.pending import Chance, IllegalAction
from game.rulesets.asoiaf.actions import Attack
from game.scenario import (
    FileError,
    load_save,
    load_scenario,
    load_scenario_text,
    new_session,
    read_settings_data,
    write_save,
)
from tests.conftest import SCENARIOS

SKIRMISH = (SCENARIOS / "sandbox_table.toml").read_text()
ATTACK = (SCENARIOS / "asoiaf_attack_example.toml").read_text()


def _save_doc(tmp_path: Path) -> dict[str, object]:
    session = new_session(load_scenario(SCENARIOS / "sandbox_table.toml"))
    session.game.apply(MoveUnit("n1", 10.0, 8.0, 30.0))
    path = write_save(session, tmp_path / "base.json")
    doc: dict[str, object] = json.loads(path.read_text())
    return doc


def _check_exit(path: Path) -> int:
    return main(["check", str(path)])


# --- nesting ---------------------------------------------------------------------------------


def test_toml_nested_500_deep_is_a_file_error_and_check_exits_2(tmp_path: Path) -> None:
    text = SKIRMISH + "\n[rules]\noptions = { deep = " + "[" * 500 + "1" + "]" * 500 + " }\n"
    with pytest.raises(FileError, match="nested deeper"):
        load_scenario_text(text)
    path = tmp_path / "deep.toml"
    path.write_text(text)
    assert _check_exit(path) == 2


def test_json_save_1000_deep_is_a_file_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "warbench-save", "actions": ' + "[" * 1000 + "]" * 1000 + "}")
    with pytest.raises(FileError, match="nested deeper"):
        load_save(path)
    assert _check_exit(path) == 2


def test_deeply_nested_settings_file_is_a_file_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"palette": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(FileError):
        read_settings_data(path)
    path.write_text('{"grid": NaN}')
    with pytest.raises(FileError, match="NaN"):
        read_settings_data(path)
    path.unlink()
    assert read_settings_data(path) == {}


# --- non-finite numbers ---------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_non_finite_position_or_facing_in_a_scenario_is_refused(value: str) -> None:
    first = SKIRMISH.index("at = [")
    end = SKIRMISH.index("]", first)
    text = SKIRMISH[:first] + f"at = [{value}, 5.0" + SKIRMISH[end:]
    with pytest.raises(FileError, match="finite"):
        load_scenario_text(text)
    facing = SKIRMISH.replace("facing = 0", f"facing = {value}", 1)
    assert facing != SKIRMISH
    with pytest.raises(FileError, match="finite"):
        load_scenario_text(facing)


@pytest.mark.parametrize("field", ["x", "facing"])
def test_nan_in_a_saved_move_is_a_file_error(tmp_path: Path, field: str) -> None:
    doc = _save_doc(tmp_path)
    doc["actions"][0][field] = math.nan  # type: ignore[index]
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(doc))  # json writes NaN
    with pytest.raises(FileError, match="NaN"):
        load_save(path)
    doc["actions"][0][field] = 1e999  # type: ignore[index]
    path.write_text(json.dumps(doc))  # Infinity
    with pytest.raises(FileError):
        load_save(path)


def test_non_finite_action_values_are_refused_by_text_dict_and_api() -> None:
    game = new_session(load_scenario(SCENARIOS / "asoiaf_attack_example.toml")).game
    types = game.ruleset.action_types()
    with pytest.raises(ActionSyntaxError):
        parse("move guard nan 1.0 0.0", types)
    with pytest.raises(ActionSyntaxError):
        from_dict({"verb": "pivot", "unit": "guard", "facing": math.inf}, types)
    with pytest.raises(ActionSyntaxError):
        MoveUnit("guard", math.nan, 1.0, 0.0)
    with pytest.raises(ActionSyntaxError):
        Pivot("guard", math.inf)
    with pytest.raises(ActionSyntaxError):
        Attack("guard", "sworn", dx=math.nan)
    with pytest.raises(ActionSyntaxError):
        MoveUnit("guard", [1.0], 1.0, 0.0)  # type: ignore[arg-type]


# --- dice faces ------------------------------------------------------------------------------


def test_a_scripted_face_the_die_lacks_does_not_crash_the_first_attack() -> None:
    text = ATTACK.replace("scripted = [6, 5, 5, 4, 1, 1, 6, 5, 2, 1, 2, 2]",
                          "scripted = [7, 7, 7, 7, 7, 7, 7, 7]")
    scenario = load_scenario_text(text)
    game = new_session(scenario).game
    events = game.apply(parse("attack guard sworn", game.ruleset.action_types()))
    assert any(e.kind == "dice.script_dropped" for e in events)
    assert isinstance(game.pending(), Chance)  # the dice wait to be rolled
    assert game.state.scripted_dice == []
    game.apply(RollPending())
    assert game.replayed().state_hash() == game.state_hash()


def test_a_save_with_a_recorded_face_the_die_lacks_is_a_file_error(tmp_path: Path) -> None:
    text = ATTACK.replace("scripted = [6, 5, 5, 4, 1, 1, 6, 5, 2, 1, 2, 2]", "scripted = []")
    session = new_session(load_scenario_text(text))
    session.game.apply(parse("attack guard sworn", session.game.ruleset.action_types()))
    path = write_save(session, tmp_path / "s.json")
    doc = json.loads(path.read_text())
    doc["actions"].append(Dice((7, 1, 1, 1, 1, 1)).to_dict())
    doc["history"].append("0" * 64)  # one link per action: the face is what is refused
    path.write_text(json.dumps(doc))
    with pytest.raises(FileError, match="not a face"):
        load_save(path)
    doc["actions"].pop()
    doc["history"].pop()
    doc["extra_dice"] = [7, 7, 7, 7, 7, 7]
    path.write_text(json.dumps(doc))
    with pytest.raises(FileError, match="differs from the saved game's history"):
        load_save(path)  # a save whose dice were edited is a changed save (issue 28.7)
    doc["version"] = 2  # the older format without a chain: the dice are checked on replay
    del doc["history"]
    path.write_text(json.dumps(doc))
    loaded = load_save(path)  # extra dice that do not fit are dropped, never a crash
    assert isinstance(loaded.game.pending(), Chance)


# --- wrong types and huge numbers -------------------------------------------------------------


def test_a_ruleset_option_of_the_wrong_type_is_a_file_error(tmp_path: Path) -> None:
    text = (SCENARIOS / "godsgloom_duel.toml").read_text()
    text += "\n[rules]\noptions = { attack_test = [1] }\n"
    with pytest.raises(FileError, match=r"attack_test|options"):
        load_scenario_text(text)
    path = tmp_path / "opt.toml"
    path.write_text(text)
    assert _check_exit(path) == 2


def test_an_integer_of_5000_digits_is_a_file_error(tmp_path: Path) -> None:
    with pytest.raises(FileError):
        load_scenario_text(SKIRMISH.replace("seed = 11", "seed = " + "9" * 5000))
    with pytest.raises(FileError, match="too large"):
        load_scenario_text(SKIRMISH.replace("seed = 11", "seed = " + "9" * 30))
    doc = _save_doc(tmp_path)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(doc).replace('"round": 1', '"round": ' + "9" * 5000))
    with pytest.raises(FileError):
        load_save(path)


def test_a_save_with_a_300_character_scenario_name_can_be_saved_again(tmp_path: Path) -> None:
    from game.scenario import reserve_save_path

    doc = _save_doc(tmp_path)
    doc["scenario"]["file"] = "x" * 300 + ".toml"  # type: ignore[index]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(doc))
    session = load_save(path)
    target = reserve_save_path(tmp_path / "saves", Path(session.scenario.file).stem)
    assert len(target.name) < 80
    assert load_save(write_save(session, target)).game.state_hash() == session.game.state_hash()
    with pytest.raises(FileError, match="cannot write"):
        write_save(session, tmp_path / ("y" * 300 + ".json"))


def test_check_never_exits_1_on_the_reproducers(tmp_path: Path) -> None:
    bad = {
        "nan.toml": SKIRMISH.replace("facing = 0", "facing = nan", 1),
        "digits.toml": SKIRMISH.replace("seed = 11", "seed = " + "9" * 5000),
        "deep.toml": SKIRMISH + "x = " + "[" * 600 + "]" * 600 + "\n",
        "bytes.toml": "\x00\xff[[[",
    }
    for name, text in bad.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        assert _check_exit(path) == 2, name


def test_an_illegal_hostile_action_changes_nothing() -> None:
    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    before = game.state_hash()
    with pytest.raises(IllegalAction):
        game.apply(MoveUnit("n1", 1e300, -1e300, 1e300))
    assert game.state_hash() == before


def test_lone_surrogates_in_a_save_or_scenario_text_are_a_file_error(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="Unicode"):
        load_scenario_text(SKIRMISH.replace("Sandbox", "Sand\ud800box", 1))
    doc = _save_doc(tmp_path)
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(doc).replace("Sandbox", "Sand\\ud800box", 1))
    with pytest.raises(FileError, match="Unicode"):
        load_save(path)
    settings = tmp_path / "settings.json"
    settings.write_text('{"palette": "\\udfff"}')
    with pytest.raises(FileError, match="Unicode"):
        read_settings_data(settings)
