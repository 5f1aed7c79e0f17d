"""``warbench odds`` (issue 23, item 7): the exact outcome distributions of an action, headless,
from the plan the table reads (game.core.odds.outcome_distributions), never a copy."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

from game.cli import main
from game.core.actions import parse
from game.core.odds import outcome_distributions
from game.core.plan import Outcomes
from game.scenario.loader import load_scenario
from game.scenario.paths import scenario_source
from tests.playing import play


def _odds(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
          after: str | None = None) -> tuple[int, str, str]:
    if after is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(after))
    code = main(["odds", *args, *(["--after", "-"] if after is not None else [])])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_is_the_plans_own_distribution(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _odds(capsys, monkeypatch, "realms_range_four", "attack a -> near",
                           "--json", after="command a\n")
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    game = load_scenario(scenario_source("realms_range_four")).new_game()
    play(game, "command a")
    expected = outcome_distributions(game, parse("attack a -> near", game.ruleset.action_types()))
    assert isinstance(expected, Outcomes) and expected
    exact = {name: {v: Fraction(p) for v, p in pairs}
             for name, pairs in printed["exact"].items()}
    assert exact == expected.as_mapping()
    for name, pairs in printed["distributions"].items():
        assert sum(p for _, p in pairs) == pytest.approx(1.0)
        assert [v for v, _ in pairs] == sorted(exact[name])


def test_text_lists_each_quantity_with_its_rules(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    after = "end\nadvance orcs 8\nadvance goblins 8\nend\nend\nend\nend\nend\nend\nend\n"
    code, out, err = _odds(capsys, monkeypatch, "ninth_age_battle", "shoot goblins -> wardens",
                           after=after)
    assert code == 0, err
    assert "HP lost" in out and "NA-HIT-2" in out and "mean" in out


def test_an_illegal_action_is_refused_with_its_reason(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _odds(capsys, monkeypatch, "ninth_age_battle", "shoot goblins -> wardens")
    assert code == 3
    assert "not legal now" in err and "NA-TURN-1" in err
    assert out == ""


def test_an_unknown_scenario_says_did_you_mean(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = _odds(capsys, monkeypatch, "realms_range_for", "attack a -> near")
    assert code == 2
    assert "did you mean 'realms_range_four'" in err


def test_a_bad_setup_line_stops_with_its_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = _odds(capsys, monkeypatch, "realms_range_four", "attack a -> near",
                         after="command zz\n")
    assert code == 3
    assert "line 1" in err


def test_an_action_whose_plan_reports_no_odds_is_never_called_certain(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A free dice roll (WB-TBL-3) is a simple action kind (its plan carries no odds): the
    command says so instead of calling a dice roll certain."""
    code, out, err = _odds(capsys, monkeypatch, "asoiaf_attack_example", "roll 2d6", "--json")
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["reported"] is False and printed["distributions"] == {}
    code, out, _ = _odds(capsys, monkeypatch, "asoiaf_attack_example", "roll 2d6")
    assert "certain" not in out and "does not report" in out


def test_an_asoiaf_attack_reports_its_plans_odds(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-RES-1..7: an ASOIAF attack's plan reports hits, unblocked wounds, the failed Panic
    Test, all wounds and models removed, each an exact distribution, as the command prints."""
    code, out, err = _odds(capsys, monkeypatch, "asoiaf_attack_example", "attack guard sworn",
                           "--json")
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["reported"] is True
    assert {"hits", "wounds", "panic", "total_wounds", "models_lost"} <= set(
        printed["distributions"])
    assert "AS-PNC-1" in printed["rules"]["panic"]
    game = load_scenario(scenario_source("asoiaf_attack_example")).new_game()
    expected = outcome_distributions(game, parse("attack guard sworn",
                                                 game.ruleset.action_types()))
    assert isinstance(expected, Outcomes)
    exact = {name: {v: Fraction(p) for v, p in pairs}
             for name, pairs in printed["exact"].items()}
    assert exact == expected.as_mapping()


def test_a_planned_move_without_dice_is_certain(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _odds(capsys, monkeypatch, "ninth_age_battle", "advance orcs 8",
                           "--json", after="end\n")
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["reported"] is True and printed["distributions"] == {}


def test_a_godsgloom_melee_reports_its_plans_distributions(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """GODSGLOOM's Melee Attack is a planned kind: ``--json`` gives the plan's exact Wounds
    both ways, health lost, destruction and winner (HX-MEL-30/50), each summing to 1."""
    code, out, err = _odds(capsys, monkeypatch, "godsgloom_duel", "melee a -> d", "--json",
                           after="activate a\n")
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["reported"] is True
    assert {"wounds_to_defender", "wounds_to_attacker", "defender_destroyed",
            "attacker_wins", "defender_wins"} <= set(printed["distributions"])
    for pairs in printed["distributions"].values():
        assert sum(p for _, p in pairs) == pytest.approx(1.0)
    assert "HX-MEL-30" in printed["rules"]["wounds_to_defender"]
    game = load_scenario(scenario_source("godsgloom_duel")).new_game()
    play(game, "activate a")
    expected = outcome_distributions(game, parse("melee a -> d", game.ruleset.action_types()))
    assert isinstance(expected, Outcomes)
    exact = {name: {v: Fraction(p) for v, p in pairs}
             for name, pairs in printed["exact"].items()}
    assert exact == expected.as_mapping()


def test_a_godsgloom_formation_answer_reports_its_odds(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision's answer has a plan too (issue 29): the Shield Wall's odds, headless."""
    after = ("activate a2\nadvance a2 4 2 0\nend\nactivate g5\nadvance g5 3 3 1\n"
             "melee g5 -> a2\n")
    code, out, err = _odds(capsys, monkeypatch, "godsgloom_skirmish",
                           "choose formation=shield-wall", "--json", after=after)
    assert code == 0, err
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["reported"] is True and "wounds_to_defender" in printed["distributions"]
