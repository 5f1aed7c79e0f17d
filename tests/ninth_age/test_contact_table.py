"""NA-CON-1 through the position's contact table (issue 32): every unit's engaged enemies
are the per-pair test's (:func:`in_contact` against every enemy, in the state's order) on
crowded random positions, touching at edges and corners included; a moved tray, a
destroyed unit and an undo snapshot each get their own answer."""

from __future__ import annotations

import random
from dataclasses import replace

from game.core.hashing import snapshot
from game.core.state import GameState
from game.rulesets.ninth_age.engage import engaged_enemies, in_contact, ninth_units

from .helpers import nu, scenario, unit


def _per_pair(state: GameState, uid: str) -> list[str]:
    me = state.units[uid]
    return [e.id for e in ninth_units(state)
            if e.owner != me.owner and e.tray is not None
            and in_contact(me, e)]  # type: ignore[arg-type]


def _crowd(seed: int) -> GameState:
    """Ten units, then trays thrown close together (some overlap, some touch exactly)."""
    rng = random.Random(seed)
    units = [unit(f"u{i}", 1 + i % 2, (6.0 + 9.0 * (i % 5), 8.0 + 12.0 * (i // 5)), 0.0,
                  profile="veteran_orcs") for i in range(10)]
    state = scenario(units).new_game().state
    for u in state.units.values():
        assert u.tray is not None
        x = rng.choice([12.0, 12.0 + u.tray.width, rng.uniform(8.0, 20.0)])
        y = rng.choice([12.0, 12.0 + u.tray.depth, rng.uniform(8.0, 20.0)])
        u.tray = replace(u.tray, x=x, y=y, facing=rng.choice([0.0, 90.0, 180.0, 33.0]))
    return state


def test_na_con_1_the_contact_table_answers_as_the_per_pair_test() -> None:
    found = 0
    for seed in range(12):
        state = _crowd(seed)
        for uid in state.units:
            got = [e.id for e in engaged_enemies(state, state.units[uid])]  # type: ignore[arg-type]
            assert got == _per_pair(state, uid), (seed, uid)
            found += len(got)
    assert found > 20  # the positions do put enemies in contact


def test_na_con_1_a_move_a_loss_and_a_snapshot_each_get_their_own_answer() -> None:
    game = scenario([unit("a", 1, (24.0, 20.0), 0.0, profile="veteran_orcs"),
                     unit("b", 2, (24.0, 30.0), 180.0, profile="veteran_orcs")]).new_game()
    a, b = nu(game, "a"), nu(game, "b")
    assert engaged_enemies(game.state, a) == []
    assert a.tray is not None and b.tray is not None
    before = snapshot(game.state)
    b.tray = replace(b.tray, y=a.tray.y + (a.tray.depth + b.tray.depth) / 2.0)
    assert [e.id for e in engaged_enemies(game.state, a)] == ["b"]
    assert engaged_enemies(game.state, a)[0] is b
    assert engaged_enemies(before, before.units["a"]) == []  # type: ignore[arg-type]
    copy = snapshot(game.state)
    assert engaged_enemies(copy, copy.units["a"])[0] is copy.units["b"]  # type: ignore[arg-type]
    b.destroyed = True
    assert engaged_enemies(game.state, a) == []
