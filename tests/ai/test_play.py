"""The computer plays every ruleset (issue 25): short seeded matches keep every invariant and
try no illegal action, and every kind of decision the conformance playouts reach is answered
with an action the game accepts."""

from __future__ import annotations

import functools

import pytest

from game.ai import make_player
from game.ai.match import check_sides, run_match, side_labels
from game.core.game import Game
from game.core.pending import PlayerDecision
from game.scenario import Scenario, load_scenario
from tests.conformance.cases import CASES, Case, walk
from tests.conftest import SCENARIOS

MAIN = ("asoiaf_skirmish", "ninth_age_battle", "realms_skirmish", "godsgloom_skirmish")
"""Each ruleset's main shipped battle."""


@functools.cache
def _scenario(name: str) -> Scenario:
    return load_scenario(SCENARIOS / f"{name}.toml")


@pytest.mark.parametrize("name", MAIN)
def test_short_matches_try_no_illegal_action_and_break_no_invariant(name: str) -> None:
    report = run_match(_scenario(name), ["normal", "random"], games=2, seed=3, max_actions=24,
                       scale=0.2)
    summary = report.summary()
    assert summary["illegal_actions"] == 0, report.illegal
    assert summary["invariant_breaks"] == 0, report.breaks
    assert report.games == 2 and all(report.times), "both sides decided"


def test_a_whole_small_game_ends_and_counts_its_result() -> None:
    report = run_match(_scenario("godsgloom_duel"), ["easy", "random"], games=1, seed=1)
    summary = report.summary()
    assert summary["illegal_actions"] == summary["invariant_breaks"] == 0
    assert report.unfinished == 0
    assert sum(report.wins) + report.draws == 1
    assert set(summary["decision_ms_p95"]) == {"easy", "random"}  # type: ignore[arg-type]


def test_sides_are_checked_and_labelled() -> None:
    assert check_sides(["human", "normal"]) is not None
    assert check_sides(["normal"]) is not None
    assert check_sides(["normal", "cunning"]) is not None
    assert check_sides(["hard", "random"]) is None
    assert side_labels(["normal", "normal"]) == ["normal#1", "normal#2"]


def _first_decisions(case: Case) -> list[Game]:
    """The first position of each kind of decision in the case's conformance playouts."""
    seen: dict[str, Game] = {}
    for seed in (0, 1):
        for game, _ in walk(case, seed):
            node = game.pending()
            if isinstance(node, PlayerDecision) and node.kind not in seen:
                seen[node.kind] = game
    return list(seen.values())


REGISTERED = [c for c in CASES if c.registered]


@pytest.mark.parametrize("case", REGISTERED, ids=[c.id for c in REGISTERED])
def test_every_decision_kind_is_answered_with_an_accepted_action(case: Case) -> None:
    for game in _first_decisions(case):
        node = game.pending()
        assert isinstance(node, PlayerDecision)
        for level in ("easy", "normal"):
            choice = make_player(level, 2, clock=False, scale=0.1).choose(game)
            assert game.why_not(choice.action) is None, (node.kind, level, choice.action)
            assert choice.reason


def test_both_games_of_a_pair_get_the_same_table_dice() -> None:
    """The duplicate format: games 1 and 2 (seats swapped) deal the same table dice, the
    next pair others."""
    from game.ai.match import table_dice
    from game.core.actions import DiceSpec

    spec = DiceSpec(count=3, sides=6)
    throws = [[table_dice(7, index).roll(spec) for _ in range(20)] for index in range(4)]
    assert throws[0] == throws[1] and throws[2] == throws[3]
    assert throws[0] != throws[2]
