"""Undo keeps whole snapshots only for the recent actions and keyframes further back, and can
still take back any action of a long game exactly (issue 32: memory grows by one snapshot per
UNDO_KEYFRAME actions, not one per action)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.core.actions import Action, EndActivation, FreeRoll, MoveUnit
from game.core.game import UNDO_KEYFRAME, UNDO_RECENT, Game
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


def _long_game(actions: int) -> tuple[Game, list[str]]:
    """A sandbox table played at random for ``actions`` actions: free moves, free dice and
    hand-overs, on a solo table where any action may be undone; with the state hash before
    the first action and after each one."""
    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    game.state.options = replace(game.state.options, allow_undo_others=True,
                                 allow_undo_dice=True)
    hashes = [game.state_hash()]
    rng = random.Random(11)
    while len(game.log) < actions:
        game.apply(_some_action(game, rng))
        hashes.append(game.state_hash())
    return game, hashes


def _some_action(game: Game, rng: random.Random) -> Action:
    """A free roll, a hand-over or a legal free move of one of the active player's units."""
    roll = rng.random()
    if roll < 0.3:
        return FreeRoll("2d6")
    if roll < 0.45:
        return EndActivation()
    mine = [u for u in game.state.live_units(game.state.turn.active) if u.tray is not None]
    for _ in range(20):
        unit = rng.choice(mine)
        assert unit.tray is not None
        move = MoveUnit(unit.id, unit.tray.x + rng.uniform(-3, 3),
                        unit.tray.y + rng.uniform(-3, 3), rng.uniform(0, 360))
        if game.why_not(move) is None:
            return move
    return EndActivation()


def test_only_recent_snapshots_and_keyframes_are_kept() -> None:
    game, _ = _long_game(UNDO_RECENT + 3 * UNDO_KEYFRAME + 7)
    n = len(game.log)
    kept = [i for i, s in enumerate(game._undo) if s is not None]
    old = [i for i in kept if i < n - UNDO_RECENT]
    assert all(i % UNDO_KEYFRAME == 0 for i in old)
    assert len(kept) <= UNDO_RECENT + n // UNDO_KEYFRAME + 1


def test_undoing_every_action_of_a_long_game_gives_each_state_back_exactly() -> None:
    game, hashes = _long_game(UNDO_RECENT + 2 * UNDO_KEYFRAME + 5)
    assert [entry.hash_after for entry in game.log] == hashes[1:]
    while game.log:
        game.undo()
        assert game.state_hash() == hashes[len(game.log)], len(game.log)


def test_redo_after_a_deep_undo_replays_to_the_same_state() -> None:
    game, _ = _long_game(UNDO_RECENT + UNDO_KEYFRAME + 10)
    final = game.state_hash()
    steps = len(game.log) - 3
    for _ in range(steps):
        game.undo()
    for _ in range(steps):
        game.redo()
    assert game.state_hash() == final


def test_snapshots_share_unchanged_units_and_undo_restores_a_private_copy() -> None:
    """Issue 32: an undo snapshot is the last one's unit object for every unit the action
    before did not change; the state an undo restores is a copy, so playing on from it never
    changes what the history keeps (every earlier state still hashes as it did)."""
    from game.core.hashing import state_hash

    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    hashes = [game.state_hash()]
    for k in range(6):
        game.apply(FreeRoll("1d6", (1 + k % 6,)))
        hashes.append(game.state_hash())
    first, second = game._undo[-2], game._undo[-1]
    assert first is not None and second is not None
    shared = [uid for uid in second.units if second.units[uid] is first.units[uid]]
    assert shared, "a free roll changes no unit: every unit is shared"
    assert all(u is not game.state.units[uid] for uid, u in second.units.items())
    game.undo(game.log[-1].actor)
    restored = game.state
    assert state_hash(restored) == hashes[-2]
    assert all(restored.units[uid] is not first.units[uid] for uid in restored.units)
    unit = next(iter(restored.units.values()))
    unit.destroyed = not unit.destroyed  # the live state changed in place
    assert [state_hash(s) for s in game._undo if s is not None] == hashes[:len(game._undo)]


def test_same_tells_values_whose_canonical_texts_differ() -> None:
    """A snapshot shares a unit only when it is the same value down to the types: 1 and 1.0
    are equal but hash differently."""
    from game.core.hashing import same
    from game.geometry.tray import Tray

    assert same([1, "a", (2.5, None)], [1, "a", (2.5, None)])
    assert not same(1, 1.0) and not same(True, 1) and not same(0.0, -0.0)
    assert not same(Tray(10, 5, 0, 4, 2), Tray(10.0, 5, 0, 4, 2))
    assert same({"a": [1]}, {"a": [1]}) and not same({1: 0}, {1.0: 0})
