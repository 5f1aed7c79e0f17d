"""Random playouts over many seeds: invariants after every action (no two units on one space,
wounds in range, units on standable spaces), undo/redo, replay and save/load keep the state
hash, and every event cites a known rule."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from game.core.actions import Action
from game.core.game import Game
from game.core.pending import Over
from game.rulesets.realms.actions import Cast, Special, Strike, Walk
from game.rulesets.realms.board import hex_board, standable
from game.rulesets.realms.texts import RULE_TEXTS
from game.rulesets.realms.units import RealmsUnit, spaces
from game.scenario import Scenario, Session, load_save, load_scenario, write_save
from tests.conftest import SCENARIOS

SEEDS = range(6)


def _pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, keen on fighting and moving."""
    actions = game.legal_actions()
    fights = [a for a in actions if isinstance(a, Strike | Special | Cast)]
    if fights and rng.random() < 0.9:
        return rng.choice(fights)
    walks = [a for a in actions if isinstance(a, Walk)]
    if walks and rng.random() < 0.85:
        return rng.choice(walks)
    return rng.choice(actions)


def check_invariants(game: Game) -> None:
    state = game.state
    board = hex_board(state)
    feats = game.ruleset.settings.features  # type: ignore[attr-defined]
    covered: list[object] = []
    for u in state.units.values():
        assert isinstance(u, RealmsUnit)
        assert 0 <= u.wounds <= u.health and 0 <= u.mana <= u.max_mana
        assert u.destroyed == (u.wounds >= u.health)
        if not u.destroyed:
            for h in spaces(u):
                assert standable(board, feats, h), (u.id, h)
                covered.append(h)
    assert len(covered) == len(set(covered)), "two units on one space"


def _run(game: Game, seed: int, steps: int = 400) -> Game:
    rng = random.Random(seed)
    for step in range(steps):
        if isinstance(game.pending(), Over):
            break
        action = _pick(game, rng)
        assert game.why_not(action) is None, action
        game.apply(action)
        check_invariants(game)
        if step % 11 == 0 and game.can_undo() is None:
            before = game.state_hash()
            game.undo()
            game.redo()
            assert game.state_hash() == before
    return game


@functools.cache
def _skirmish() -> Scenario:
    return load_scenario(SCENARIOS / "realms_skirmish.toml")


@functools.cache
def _play(seed: int) -> Game:
    return _run(_skirmish().new_game(), seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_skirmish_playout_keeps_invariants_and_hashes(seed: int, tmp_path: Path) -> None:
    game = _play(seed)
    assert isinstance(game.pending(), Over), "the round limit ends every game"
    for event in game.events():
        assert event.rules
        for rule in event.rules:
            assert rule in RULE_TEXTS or rule.startswith("WB-"), rule
    assert game.replayed().state_hash() == game.state_hash()
    path = write_save(Session(_skirmish(), game), tmp_path / "save.json")
    assert load_save(path).game.state_hash() == game.state_hash()


def test_playouts_reach_the_attack_branches() -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        seen |= {e.kind for e in _play(seed).events()}
        seen |= {f"rolled:{r}" for e in _play(seed).events() for r in e.rules}
    assert {"attack.resolved", "unit.wounded", "unit.moved", "round.light"} <= seen
    assert "rolled:RL-NGT-1" in seen  # a night round was fought
