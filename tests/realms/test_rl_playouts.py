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
from tests.playing import random_playout

SEEDS = (*range(5), 21)
"""Playout seeds: since the skirmish gave each side a watchtower and seven fighting units (a
level round limit), seed 21 is the first whose playout wounds a unit."""


def _pick(game: Game, rng: random.Random) -> Action:
    """A random legal action, keen on fighting and moving."""
    actions = game.legal_actions()
    fights = [a for a in actions if isinstance(a, Strike | Special | Cast)]
    walks = [a for a in actions if isinstance(a, Walk)]
    others = [a for a in actions if not isinstance(a, Strike | Special | Cast | Walk)]
    roll = rng.random()
    rare = [a for a in fights if isinstance(a, Special | Cast)]
    if rare and roll < 0.5:
        return rng.choice(rare)
    if fights and roll < 0.8:
        return rng.choice(fights)
    if others and (roll < 0.9 or not walks):
        return rng.choice(others)
    return rng.choice(walks or actions)


def check_invariants(game: Game) -> None:
    state = game.state
    board = hex_board(state)
    feats = game.ruleset.feats(state)  # type: ignore[attr-defined]
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
    """Play random legal actions, checking the invariants after each and undo/redo often."""
    return random_playout(game, _pick, check_invariants, seed, steps, undo_every=11)


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


BRAWL = [("s1", 1, "swordsman", (-1, 0), 1), ("m1", 1, "mage", (-2, 1), 1),
         ("w1", 1, "wyrm", (-1, -1), 1), ("a1", 1, "archer", (-3, 1), 1),
         ("d2", 2, "duelist", (1, 0), 4), ("b2", 2, "brawler", (1, -1), 4),
         ("p2", 2, "spearman", (2, -1), 4), ("a2", 2, "archer", (3, -1), 4),
         ("t2", 2, "watchtower", (2, 1), 4), ("x2", 2, "ballista", (3, 0), 4)]


@functools.cache
def _brawl(seed: int) -> tuple[Scenario, Game]:
    from .helpers import scenario, unit

    sc = scenario([unit(i, s, at, f, profile=p) for i, s, p, at, f in BRAWL],
                  hexes=[{"at": [0, 1], "elevation": 4}, {"at": [0, -1], "elevation": 8}],
                  options={"night_rounds": [2, 3], "rounds": 12,
                           "pads": [[[-3, 3], [3, -3]]]}, radius=3, seed=seed)
    return sc, _run(sc.new_game(), seed, steps=700)


@pytest.mark.parametrize("seed", range(8))
def test_random_brawl_keeps_invariants_and_hashes(seed: int, tmp_path: Path) -> None:
    sc, game = _brawl(seed)
    assert isinstance(game.pending(), Over)
    assert game.replayed().state_hash() == game.state_hash()
    path = write_save(Session(sc, game), tmp_path / "save.json")
    assert load_save(path).game.state_hash() == game.state_hash()


def test_brawls_reach_every_kind_of_action() -> None:
    verbs: set[str] = set()
    kinds: set[str] = set()
    for seed in range(8):
        _, game = _brawl(seed)
        verbs |= {a.verb for a in game.actions()}
        kinds |= {e.kind for e in game.events()}
    assert {"command", "walk", "attack", "cast", "special", "fortify", "rearrange"} <= verbs
    assert {"unit.destroyed", "attack.cancel_asked", "unit.fortified"} <= kinds


def test_legal_actions_agree_with_why_not() -> None:
    """At every idle moment of a brawl, a broad set of candidate actions is legal exactly when
    it is listed."""
    from game.core.actions import EndActivation
    from game.core.pending import Idle
    from game.rulesets.realms.actions import Command, Fortify, Rearrange

    sc, _ = _brawl(0)
    game = sc.new_game()
    rng = random.Random(0)
    board = hex_board(game.state)
    for _ in range(40):
        if isinstance(game.pending(), Over):
            break
        if isinstance(game.pending(), Idle):
            legal = set(game.legal_actions())
            units = [u for u in game.state.units.values() if isinstance(u, RealmsUnit)]
            candidates: list[Action] = [EndActivation()]
            for u in units:
                candidates += [Command(u.id), Fortify(u.id), Rearrange(u.id, "dagger")]
                candidates += [Walk(u.id, h.q, h.r, f) for h in board.cells for f in (0, 3)]
                for t in units:
                    candidates += [Strike(u.id, t.id, hand) for hand in
                                   ("main", "off", "both", "unarmed")]
                    candidates += [Special(u.id, t.id, "tail_sweep"), Cast(u.id, t.id, "firebolt")]
            for action in candidates:
                assert (game.why_not(action) is None) == (action in legal), action
        game.apply(_pick(game, rng))
