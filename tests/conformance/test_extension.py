"""The extension test (issue 24): Hex Tag, the toy ruleset of this folder, brings its own
terrain keyword (``mud``), map feature (``[[hexmap.bells]]``), lesson and bench table, all
declared in its own module, and plays through the real loader, ``warbench learn --verify``,
``warbench bench play`` and the real table with no edit outside this folder: registering it is
one entry in the registry, made here for the test's duration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import rulesets
from game.cli import main as cli
from game.core.actions import parse
from game.core.game import Game
from game.core.state import HexBoard
from game.geometry.hexgrid import Hex
from game.rulesets import RulesetEntry
from game.scenario import load_scenario, load_scenario_text, new_session
from game.scenario.problems import ScenarioError
from game.ui import play_bench
from tests.conformance.toy import Bell, Runner, TagRuleset

HERE = Path(__file__).resolve().parent
SCENE = HERE / "lessons" / "scenes" / "tag_mud.toml"
TOY = RulesetEntry.of(TagRuleset)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hex Tag in the registry, after the shipped systems."""
    monkeypatch.setattr(rulesets, "RULESETS", (*rulesets.RULESETS, TOY))


@pytest.fixture
def alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hex Tag as the only registered system (its lessons alone, for speed)."""
    monkeypatch.setattr(rulesets, "RULESETS", (TOY,))


def test_the_loader_reads_its_keyword_and_feature(registered: None) -> None:
    """TOY-TER-1 / TOY-BEL-1 vocabulary: the scene loads with the mud and the bell the toy
    declares; the board carries the toy's own record."""
    scenario = load_scenario(SCENE)
    board = scenario.state.board
    assert isinstance(board, HexBoard)
    assert board.features == (Bell(Hex(-1, 0)),)
    assert board.cells[Hex(1, 0)].has("mud")
    assert isinstance(scenario.state.units["r1"], Runner)


def test_words_the_toy_does_not_declare_are_refused(registered: None) -> None:
    """A misspelt keyword and a misspelt feature: refused at their line and path, with the
    toy's own words suggested."""
    text = SCENE.read_text(encoding="utf-8").replace('["mud"]', '["mdu"]').replace(
        "hexmap.bells", "hexmap.bels")
    with pytest.raises(ScenarioError) as err:
        load_scenario_text(text, "tag.toml")
    shown = [str(p) for p in err.value.problems]
    assert any("hexmap.hexes[1].keywords[0]" in p and "did you mean 'mud'?" in p for p in shown)
    assert any("hexmap.bels" in p and "did you mean 'bells'?" in p for p in shown)


def _play(game: Game, *texts: str) -> None:
    for text in texts:
        game.apply(parse(text, game.ruleset.action_types()))


def test_toy_bel_1_stepping_onto_a_bell_gives_a_stamina_back(registered: None) -> None:
    game = new_session(load_scenario(SCENE)).game
    runner = game.state.units["b1"]
    assert isinstance(runner, Runner)
    runner.stamina, runner.hex = 2, Hex(-1, 1)
    _play(game, "step b1 -1 0")
    assert runner.stamina == 3
    assert any(e.kind == "unit.rang" and "TOY-BEL-1" in e.rules for e in game.events())


@pytest.mark.parametrize(("where", "tagged"), [((1, 0), True), ((2, 0), False)])
def test_toy_ter_1_a_runner_in_mud_is_tagged_out_by_one_pip_less(
        registered: None, where: tuple[int, int], tagged: bool) -> None:
    """The dodger (5+) in the mud at (1, 0) is tagged out by a 4; on dry ground it dodges."""
    game = new_session(load_scenario(SCENE), extra_dice=[4]).game
    game.state.units["r1"].hex = Hex(*where)
    _play(game, "end", "tag b1 -> r1", "choose dice=1")
    assert game.state.units["r1"].destroyed is tagged


def test_learn_verify_replays_its_lesson(alone: None, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    """``warbench learn --verify`` finds the toy's lesson through its contract and replays it."""
    assert cli(["learn", "--verify"]) == 0
    out = capsys.readouterr().out
    assert "ok    tag-mud" in out and "1 of 1 lessons verified" in out


def test_bench_play_drives_the_real_table_on_its_bench_table(
        registered: None, capsys: pytest.CaptureFixture[str]) -> None:
    """``warbench bench play --ruleset tag``: its generated table of 12 runners, played by
    posted events on the real App and table scene, with the hover odds it declares."""
    assert play_bench.main(["--json", "--ruleset", "tag", "--actions", "20"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    figures = report["tables"]["tag 12"]
    assert figures["units"] == 12 and figures["odds_pairs"] > 0
    assert figures["select_ms_p95"] > 0 and figures["hover_first_ms_p95"] > 0
    assert figures["commit_ms_p95"] > 0 and figures["actions_played"] > 0
