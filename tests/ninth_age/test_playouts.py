"""Random playouts of the battle over several seeds: after every action no two units' bases
overlap, every pool's HP stays in range and removed models are models of the unit; undo/redo,
replay and save/load give the same state hash; every event cites a known rule."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from shapely.ops import unary_union

from game.core.actions import Action, EndActivation, RollPending
from game.core.game import Game
from game.core.pending import Chance, Over, PlayerDecision
from game.geometry.ranked import casualty_order, model_polygons
from game.rulesets.ninth_age.actions import Advance, Charge, Shoot
from game.rulesets.ninth_age.texts import RULE_TEXTS
from game.rulesets.ninth_age.units import NinthUnit
from game.scenario import Scenario, Session, load_save, load_scenario_text, write_save
from tests.conftest import SCENARIOS
from tests.playing import random_playout

SEEDS = range(4)


def _scenario(seed: int) -> Scenario:
    text = (SCENARIOS / "ninth_age_battle.toml").read_text("utf-8")
    text = text.replace("seed = 9", f"seed = {seed}")
    return load_scenario_text(text + "\n[rules]\nallow_undo_dice = true\n[rules.options]\n"
                              "rounds = 4\n")


def _pick(game: Game, rng: random.Random) -> Action:
    node = game.pending()
    if isinstance(node, Chance):
        return RollPending()
    if isinstance(node, PlayerDecision):
        return rng.choice(node.offers).action
    actions = game.legal_actions()
    for kind, chance in ((Charge, 0.9), (Shoot, 0.9)):
        mine = [a for a in actions if isinstance(a, kind)]
        if mine and rng.random() < chance:
            return rng.choice(mine)
    moves = [a for a in actions if isinstance(a, Advance) and not _archer_march(game, a)]
    if moves and rng.random() < 0.7:
        return max(moves, key=lambda a: (a.distance, rng.random()))
    return EndActivation()


def _archer_march(game: Game, move: Advance) -> bool:
    """Archers keep to an Advance so that they may still shoot."""
    unit = game.state.units[move.unit]
    assert isinstance(unit, NinthUnit)
    return unit.model.aim is not None and move.distance > unit.model.mob


def _check_invariants(game: Game) -> None:
    seen = []
    for u in game.state.units.values():
        assert isinstance(u, NinthUnit)
        assert 0 <= u.rf_damage < u.model.hp or u.rf_damage == 0
        assert u.rf_alive() >= 0
        for c in u.characters:
            assert 0 <= c.hp <= c.profile.hp
        if not u.on_board:
            continue
        assert u.tray is not None
        f = u.formation()
        keys = {s.key for s in f.slots}
        assert set(u.removed) <= keys and len(set(u.removed)) == len(u.removed)
        dead_rf = [k for k in u.removed if f.slot(k).pool == "rf"]
        assert set(dead_rf) == set(casualty_order(f)[:len(dead_rf)]), "NA-CAS-1 order"
        polys = model_polygons(u.tray, f, u.alive_keys())
        shrunk = unary_union([p.buffer(-1e-4, join_style="mitre") for p in polys.values()])
        for other in seen:
            assert not shrunk.intersects(other), f"{u.name} overlaps another unit"
        seen.append(shrunk)


@functools.cache
def _play(seed: int) -> tuple[Scenario, Game]:
    sc = _scenario(seed)
    game = sc.new_game()
    random_playout(game, _pick, _check_invariants, seed, 2500, check_every=5, undo_every=37)
    _check_invariants(game)
    return sc, game


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_random_battle_keeps_invariants_and_hashes(seed: int, tmp_path: Path) -> None:
    sc, game = _play(seed)
    assert isinstance(game.pending(), Over), "the round limit ends every game"
    for event in game.events():
        for rule in event.rules:
            assert rule in RULE_TEXTS or rule.startswith("WB-"), rule
    assert game.replayed().state_hash() == game.state_hash()
    path = write_save(Session(sc, game), tmp_path / "save.json")
    assert load_save(path).game.state_hash() == game.state_hash()


@pytest.mark.slow
def test_playouts_reach_combat_shooting_and_break_tests() -> None:
    kinds: set[str] = set()
    for seed in SEEDS:
        kinds |= {e.kind for e in _play(seed)[1].events()}
    assert {"charge.contact", "shoot.declared", "melee.round", "melee.wounds",
            "melee.score", "melee.break"} <= kinds
