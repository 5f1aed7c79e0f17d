"""The shipped example scenarios, played with their scripted dice, and the rule texts."""

from __future__ import annotations

import re
from pathlib import Path

from game.core.pending import Idle, Over
from game.geometry.hexgrid import Hex
from game.rulesets.godsgloom.texts import RULE_TEXTS
from game.scenario import load_scenario
from tests.conftest import ROOT, SCENARIOS

from .helpers import at, gu, kinds, play

PACKAGE = ROOT / "game" / "rulesets" / "godsgloom"
DOC = ROOT / "docs" / "rules" / "godsgloom.md"
ID = re.compile(r"HX-[A-Z]+-\d+")


def test_hx_mel_60_duel_scenario_push_and_follow_up() -> None:
    game = load_scenario(SCENARIOS / "godsgloom_duel.toml").new_game()
    events = play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no",
                  "choose q=2 r=0")
    assert "unit.weak" in kinds(events) and gu(game, "d").tokens == 2
    assert at(game, "d") == (Hex(2, 0), 4) and at(game, "a") == (Hex(1, 0), 1)
    assert isinstance(game.pending(), Idle) and game.state.turn.active == 2


def test_hx_mel_60_last_stand_scenario_impossible_push_at_zero_tokens() -> None:
    game = load_scenario(SCENARIOS / "godsgloom_last_stand.toml").new_game()
    events = play(game, "activate a", "melee a -> d", "choose push=yes")
    assert "melee.push_impossible" in kinds(events) and gu(game, "d").destroyed
    play(game, "choose follow=yes", "choose facing=1")
    assert at(game, "a") == (Hex(1, 0), 1)
    assert isinstance(game.pending(), Over) and game.pending().winner == 1  # type: ignore[union-attr]


def _code_ids() -> set[str]:
    return {i for p in PACKAGE.rglob("*.py") if p.name != "texts.py"
            for i in ID.findall(p.read_text())}


def test_every_rule_id_has_a_text_and_a_doc_line() -> None:
    assert _code_ids() <= set(RULE_TEXTS)
    doc = DOC.read_text()
    assert all(rule in doc for rule in RULE_TEXTS)


def test_every_rule_text_is_cited_by_code() -> None:
    assert set(RULE_TEXTS) <= _code_ids()


def test_scenario_files_exist() -> None:
    for name in ("godsgloom_skirmish", "godsgloom_duel", "godsgloom_last_stand"):
        assert Path(SCENARIOS / f"{name}.toml").exists()


def test_hx_act_3_the_skirmish_ends_after_its_last_round_and_names_the_winner() -> None:
    """The skirmish had no round limit and could hardly end: it now stops after round 8
    (announced as the last) with the winner or a draw reported."""
    game = load_scenario(SCENARIOS / "godsgloom_skirmish.toml").new_game()
    assert game.ruleset.rounds == 8  # type: ignore[attr-defined]
    texts = [e.text for e in game.events()]
    for _ in range(200):  # every unit activates and does nothing, round after round
        if isinstance(game.pending(), Over):
            break
        unit = next(str(a).split()[1] for a in game.legal_actions()
                    if str(a).startswith("activate "))
        texts += [e.text for e in play(game, f"activate {unit}", "end")]
    over = game.pending()
    assert isinstance(over, Over) and game.state.turn.round == 8
    assert texts[0].startswith("Round 1 of 8 begins") and "Round 8 of 8 (the last) begins." \
        in texts, texts[:3]
    assert texts[-1] == over.summary and over.summary.startswith("The last round is over")
    assert over.winner is not None or "draw" in over.summary
