"""Random playouts: random legal actions and decisions, random dice, whole games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.actions import Dice
from game.core.game import Game
from game.core.pending import Chance, Over
from game.rulesets.asoiaf.units import AsoiafUnit
from game.scenario.saves import load_save, new_session, write_save
from tests.asoiaf.helpers import SCENARIOS, _loaded, scenario

MAX_STEPS = 260


def _no_overlap(game: Game) -> None:
    units = [u for u in game.state.live_units() if isinstance(u, AsoiafUnit)]
    for i, a in enumerate(units):
        assert a.tray is not None and 0 <= a.models <= a.stats.models
        assert 0 <= a.damage < a.stats.wounds
        for b in units[i + 1:]:
            assert b.tray is not None
            assert a.tray.polygon.intersection(b.tray.polygon).area < 1e-5, (a.id, b.id)


def _step(game: Game, rng: random.Random) -> bool:
    node = game.pending()
    if isinstance(node, Over):
        return False
    if isinstance(node, Chance):
        game.apply(Dice(tuple(rng.randint(1, node.dice.sides) for _ in range(node.dice.count))))
        return True
    options = game.legal_actions()
    assert options, f"nothing legal at {node}"
    attacks = [a for a in options if a.verb in ("charge", "attack")]
    pool = attacks if attacks and rng.random() < 0.7 else options
    game.apply(rng.choice(pool))
    return True


CASES = [("skirmish", 0), ("skirmish", 1), ("two_sides", 2), ("flank_charge", 3),
         ("bowmen_range", 4), ("attack_example", 5), ("berserkers_flank", 6), ("two_sides", 7)]


@pytest.mark.parametrize(("name", "seed"), CASES)
def test_random_playouts_keep_invariants(name: str, seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    game = scenario(name)
    hashes = [game.state_hash()]
    for _ in range(MAX_STEPS):
        if not _step(game, rng):
            break
        _no_overlap(game)
        hashes.append(game.state_hash())
    for event in game.events():
        assert event.rules and all(r.startswith(("AS-", "WB-")) for r in event.rules)
    assert game.replayed().state_hash() == game.state_hash()
    session = new_session(_loaded(name))
    for action in game.actions():
        session.game.apply(action)
    path = write_save(session, tmp_path / "save.json")
    assert load_save(path).game.state_hash() == game.state_hash()
    steps = min(6, len(game.log))
    for _ in range(steps):
        game.state.options = type(game.state.options)(allow_undo_dice=True, allow_undo_others=True)
        game.undo()
        assert game.state_hash() == game.log[-1].hash_after if game.log else True
    del hashes


def test_the_default_scenario_is_the_skirmish() -> None:
    from game.cli import default_scenario

    assert default_scenario() == SCENARIOS / "asoiaf_skirmish.toml"
