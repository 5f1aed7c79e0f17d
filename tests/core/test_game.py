"""The Game protocol on the sandbox ruleset: legality, dice, history, replay, hashing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import (
    Dice,
    EndActivation,
    FreeRoll,
    Game,
    Idle,
    IllegalAction,
    MoveHex,
    MoveUnit,
    Pivot,
    RollPending,
)
from game.core.ruleset import OVERLAP_AREA
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def table_game() -> Game:
    return load_scenario(SCENARIOS / "sandbox_table.toml").new_game()


def hex_game() -> Game:
    return load_scenario(SCENARIOS / "sandbox_hex.toml").new_game()


def test_game_starts_idle_with_player_one_and_an_opening_event() -> None:
    game = table_game()
    assert game.pending() == Idle(player=1, round=1)
    assert [e.kind for e in game.opening_events] == ["round.start"]


def test_wb_tbl_1_sandbox_move_changes_the_tray_and_logs_an_event() -> None:
    game = table_game()
    events = game.apply(MoveUnit("n1", 10.0, 8.0, 45.0))
    tray = game.state.units["n1"].tray
    assert tray is not None and (tray.x, tray.y, tray.facing) == (10.0, 8.0, 45.0)
    assert events[0].kind == "unit.moved" and events[0].rules == ("WB-TBL-1",)


@pytest.mark.parametrize(
    "action, reason",
    [
        (MoveUnit("s1", 10.0, 8.0, 0.0), "belongs to another player"),
        (MoveUnit("n1", 30.0, 8.0, 0.0), "overlap"),
        (MoveUnit("n1", 1.0, 8.0, 0.0), "leave the table"),
        (MoveUnit("n1", 10.0, 18.0, 0.0), "impassable"),
        (MoveUnit("zz", 10.0, 8.0, 0.0), "no unit"),
        (Dice((3,)), "no dice"),
        (RollPending(), "no dice"),
    ],
)
def test_wb_tbl_1_illegal_actions_are_refused_and_change_nothing(action, reason) -> None:
    game = table_game()
    before = game.state_hash()
    refusal = game.why_not(action)
    assert refusal is not None and reason in refusal.reason
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert game.state_hash() == before
    assert game.log == []


def test_wb_tbl_2_pivot_turns_in_place_unless_it_would_overlap() -> None:
    game = table_game()
    game.apply(Pivot("n1", 90.0))
    tray = game.state.units["n1"].tray
    assert tray is not None and tray.facing == 90.0 and (tray.x, tray.y) == (18.0, 8.0)


def test_wb_tbl_3_free_roll_is_seeded_and_recorded_with_its_results() -> None:
    first, second = table_game(), table_game()
    rolled = first.apply(FreeRoll("2d6"))
    assert second.apply(FreeRoll("2d6")) == rolled
    recorded = first.log[-1].action
    assert isinstance(recorded, FreeRoll) and len(recorded.results) == 2
    assert rolled[0].data["total"] == sum(recorded.results)
    given_roll = first.apply(FreeRoll("3d6", (1, 2, 3)))
    assert given_roll[0].data["total"] == 6


def test_wb_tbl_4_end_hands_over_round_robin_and_counts_rounds() -> None:
    game = hex_game()
    seen = []
    for _ in range(4):
        game.apply(EndActivation())
        seen.append((game.state.turn.round, game.state.turn.active))
    assert seen == [(1, 2), (1, 3), (2, 1), (2, 2)]


def test_wb_tbl_1_hex_moves_respect_the_map_and_other_units() -> None:
    game = hex_game()
    game.apply(MoveHex("b1", 0, 3, 0))
    assert game.state.units["b1"].hex is not None
    assert "impassable" in str(game.why_not(MoveHex("b1", 1, -1, 0)))
    assert "off the map" in str(game.why_not(MoveHex("b1", 9, 0, 0)))
    assert "already stands" in str(game.why_not(MoveHex("b1", 0, -4, 0)))


def test_undo_and_redo_restore_the_same_hash() -> None:
    game = table_game()
    start = game.state_hash()
    game.apply(MoveUnit("n1", 10.0, 8.0, 0.0))
    after = game.state_hash()
    game.undo()
    assert game.state_hash() == start
    game.redo()
    assert game.state_hash() == after
    assert not game.can_redo()


def test_wb_hist_1_a_player_cannot_undo_their_own_dice() -> None:
    game = table_game()
    game.apply(FreeRoll("2d6"))
    game.apply(MoveUnit("n1", 10.0, 8.0, 0.0))
    game.undo()
    # The free roll is not a chance node: it may be undone (its numbers come back on redo).
    assert game.can_undo() is None


def test_wb_hist_2_undo_takes_back_only_your_own_actions_since_the_hand_over() -> None:
    game = table_game()
    game.apply(MoveUnit("n1", 10.0, 8.0, 0.0))
    game.apply(EndActivation())
    assert game.current_player() == 2
    before = game.state_hash()
    refusal = game.can_undo()
    assert refusal is not None and refusal.rules == ("WB-HIST-2",)
    with pytest.raises(IllegalAction):
        game.undo()
    assert game.state_hash() == before
    south = next(u for u in game.state.live_units(2))
    game.apply(Pivot(south.id, 90.0))
    assert game.can_undo() is None  # South's own action since the hand-over
    game.undo()
    assert game.state_hash() == before
    refusal = game.can_undo()
    assert refusal is not None and refusal.rules == ("WB-HIST-2",)  # never North's end


def test_wb_hist_2_a_solo_table_may_undo_anything() -> None:
    from dataclasses import replace

    game = table_game()
    game.apply(EndActivation())
    game.state.options = replace(game.state.options, allow_undo_others=True)
    assert game.can_undo() is None
    game.undo()
    assert game.current_player() == 1


def test_replay_rebuilds_the_same_game() -> None:
    game = table_game()
    for action in (MoveUnit("n1", 10.0, 8.0, 10.0), FreeRoll("d6"), EndActivation()):
        game.apply(action)
    assert game.replayed().state_hash() == game.state_hash()


def _random_sandbox_action(game: Game, rng: random.Random):
    state = game.state
    mine = [u for u in state.live_units(state.turn.active)]
    pick = rng.random()
    if pick < 0.08:
        return EndActivation()
    if pick < 0.14:
        return FreeRoll(f"{rng.randint(1, 3)}d6")
    unit = rng.choice(mine) if mine else rng.choice(list(state.units.values()))
    if unit.hex is not None:
        return MoveHex(unit.id, rng.randint(-6, 6), rng.randint(-6, 6), rng.randint(0, 5))
    if pick < 0.3:
        return Pivot(unit.id, float(rng.randint(0, 359)))
    return MoveUnit(unit.id, rng.uniform(-2, 50), rng.uniform(-2, 38), rng.uniform(0, 360))


def _no_overlaps(game: Game) -> bool:
    trays = [u.tray for u in game.state.live_units() if u.tray is not None]
    for i, a in enumerate(trays):
        for b in trays[i + 1 :]:
            if a.polygon.intersection(b.polygon).area > OVERLAP_AREA:
                return False
    return True


@pytest.mark.parametrize("scenario", ["sandbox_table.toml", "sandbox_hex.toml"])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_playouts_keep_every_invariant(scenario: str, seed: int) -> None:
    game = load_scenario(SCENARIOS / scenario).new_game()
    rng = random.Random(seed)
    for _ in range(40):
        action = _random_sandbox_action(game, rng)
        before = game.state_hash()
        if game.why_not(action) is not None:
            with pytest.raises(IllegalAction):
                game.apply(action)
            assert game.state_hash() == before
            continue
        for event in game.apply(action):
            assert event.rules
        assert _no_overlaps(game)
        if rng.random() < 0.2:
            after = game.state_hash()
            refusal = game.can_undo()
            if refusal is not None:  # WB-HIST-2: the action was the other player's (a hand-over)
                assert refusal.rules == ("WB-HIST-2",)
                assert game.log[-1].actor != game.current_player()
                continue
            game.undo()
            assert game.state_hash() == before
            game.redo()
            assert game.state_hash() == after
    assert game.replayed().state_hash() == game.state_hash()
