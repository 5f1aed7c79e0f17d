"""What the computer considers and how it rates a run's end, kept cheap (issue 25: a normal
decision on The Ninth Age's battle spent a fifth of its budget pointing every unit's steer at
every enemy, and asked every legal action of the table to find the one that ends a run)."""

from __future__ import annotations

import math
import random

import pytest

from game.ai.candidates import AROUND, REACH_FRACTIONS, STEER_ENEMIES, steer_points
from game.ai.evaluate import Evaluator, position
from game.ai.rating import Work
from game.ai.rehearsal import rehearsal
from game.core.actions import EndActivation
from game.core.game import Game
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def _on_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-6 * max(1.0, math.dist(a, b) ** 2)


def test_a_steer_is_pointed_at_the_nearest_enemies_only() -> None:
    game = load_scenario(SCENARIOS / "ninth_age_battle.toml").new_game()
    unit = next(iter(game.state.live_units(1)))
    here = position(unit)
    assert here is not None
    enemies = sorted((p for e in game.state.live_units() if e.owner != unit.owner
                      if (p := position(e)) is not None), key=lambda p: math.dist(p, here))
    assert len(enemies) > STEER_ENEMIES  # the battle has more: some are left out
    points = steer_points(game, unit.id, random.Random(3))
    assert len(points) == STEER_ENEMIES * len(REACH_FRACTIONS) + AROUND
    towards = points[:-AROUND]
    for i, there in enumerate(enemies[:STEER_ENEMIES]):
        assert all(_on_segment(p, here, there)
                   for p in towards[i * len(REACH_FRACTIONS):(i + 1) * len(REACH_FRACTIONS)])
    assert towards[-1] == pytest.approx(enemies[STEER_ENEMIES - 1])  # the farthest kept


def test_a_run_is_ended_without_listing_every_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rating a charge ends the player's run: the end is asked alone (``why_not``), and the
    run is ended all the same."""
    game = rehearsal(load_scenario(SCENARIOS / "ninth_age_battle.toml").new_game())
    player = game.current_player()
    assert game.why_not(EndActivation()) is None

    def listed(self: Game) -> list[object]:
        raise AssertionError("every legal action was listed to find the end")

    monkeypatch.setattr(Game, "legal_actions", listed)
    work = Work(Evaluator(game.ruleset), random.Random(1), 100, math.inf)
    work.run_out(game, player)
    assert game.log and isinstance(game.log[0].action, EndActivation)
