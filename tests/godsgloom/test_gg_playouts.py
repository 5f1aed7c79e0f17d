"""Random playouts over many seeds: invariants after every action, then undo/redo, replay
and save/load must give the same state hash; every event cites a known rule."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest

from game.core.actions import Action, Choose
from game.core.game import Game
from game.core.pending import Over
from game.rulesets.godsgloom.actions import Activate, Advance, Face, MeleeAttack
from game.rulesets.godsgloom.board import gods_units, hex_board
from game.rulesets.godsgloom.texts import RULE_TEXTS
from game.rulesets.godsgloom.units import GodsUnit
from game.scenario import Scenario, Session, load_save, load_scenario, write_save
from tests.conftest import SCENARIOS
from tests.playing import random_playout

from .helpers import scenario, unit

TERRAIN = [
    {"at": [0, 0], "terrain": "tower", "keywords": ["impassable", "blocks-sight"]},
    {"at": [1, -1], "terrain": "wood", "keywords": ["blocks-sight", "rough"]},
    {"at": [-1, 1], "terrain": "bog", "keywords": ["rough"]},
    {"at": [-2, 2], "terrain": "stakes", "keywords": ["stakes"]},
]
UNITS = [
    unit("a1", 1, (-2, 2), 0, profile="spearmen"),
    unit("a2", 1, (-1, 2), 0, profile="brute"),
    unit("a3", 1, (0, 2), 0, profile="elite_guard"),
    unit("g1", 2, (0, -2), 3, profile="line_infantry"),
    unit("g2", 2, (1, -2), 3, profile="line_infantry"),
    unit("g3", 2, (2, -2), 3, profile="skirmishers"),
]
SEEDS = range(12)


def _scenario(seed: int) -> Scenario:
    return scenario(UNITS, hexes=TERRAIN, options={"rounds": 6}, seed=seed,
                    allow_undo_dice=True)


def _pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, keen on fighting and moving towards the enemy."""
    actions = game.legal_actions()
    melee = [a for a in actions if isinstance(a, MeleeAttack)]
    if melee and rng.random() < 0.85:
        return rng.choice(melee)
    moves = [a for a in actions if isinstance(a, Advance)]
    if moves and rng.random() < 0.8:
        return rng.choice(moves)
    useful = [a for a in actions if not isinstance(a, Face)] or actions
    return rng.choice(useful)


def _check_invariants(game: Game) -> None:
    state = game.state
    board = hex_board(state)
    live = gods_units(state)
    hexes = [u.hex for u in live]
    assert len(hexes) == len(set(hexes)), "two units share a hex"
    for u in state.units.values():
        assert isinstance(u, GodsUnit)
        assert 0 <= u.tokens <= u.max_tokens
        assert 0 <= u.health <= u.max_health
        assert u.destroyed == (u.health == 0)
        assert not u.weak or u.health <= 1
        assert 0 <= u.hex_facing <= 5
        if not u.destroyed:
            assert u.hex in board.cells and not board.cells[u.hex].has("impassable")


@functools.cache
def _play(seed: int) -> tuple[Scenario, Game]:
    """One random playout per seed (shared by the tests, which only read it)."""
    sc = _scenario(seed)
    return sc, _run(sc.new_game(), seed)


def _run(game: Game, seed: int, steps: int = 600) -> Game:
    """Play random legal actions, checking the invariants after each and undo/redo often."""
    return random_playout(game, _pick, _check_invariants, seed, steps, undo_every=17)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_invariants_and_hashes(seed: int, tmp_path: Path) -> None:
    sc, game = _play(seed)
    assert isinstance(game.pending(), Over), "the round limit ends every game"
    for event in game.events():
        assert event.rules
        for rule in event.rules:
            assert rule in RULE_TEXTS or rule.startswith("WB-"), rule
    assert game.replayed().state_hash() == game.state_hash()
    path = write_save(Session(sc, game), tmp_path / "save.json")
    assert load_save(path).game.state_hash() == game.state_hash()


def test_playouts_fight_through_the_melee_branches() -> None:
    """Across the seeds, melees happen and reach pushes and consolidations."""
    seen: set[str] = set()
    for seed in SEEDS[:6]:
        _, game = _play(seed)
        seen |= {e.kind for e in game.events()}
        seen |= {str(a) for a in game.actions() if isinstance(a, Choose | Activate)
                 and str(a).startswith("choose")}
    assert {"melee.test", "melee.winner", "unit.destroyed"} <= seen
    assert "choose push=yes" in seen


@pytest.mark.parametrize("seed", range(3))
def test_skirmish_playout_never_breaks_the_rules(seed: int) -> None:
    """The showcase map: random play to the end keeps the invariants and replays exactly."""
    sc = load_scenario(SCENARIOS / "godsgloom_skirmish.toml")
    game = _run(sc.new_game(), seed, steps=1500)
    assert isinstance(game.pending(), Over)
    assert game.replayed().state_hash() == game.state_hash()
