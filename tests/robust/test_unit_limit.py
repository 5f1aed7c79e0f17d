"""The loader allows what the game can play (issue 32): a 200-unit battle of every ruleset
that declares a bench table passes ``warbench check`` at the default limits, plays its first
actions, and one unit more than the limit is refused."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from game.cli import main
from game.core.pending import Chance
from game.rulesets import RULESETS
from game.scenario import new_session
from game.scenario.limits import MAX_UNITS
from game.scenario.loader import load_scenario_text

BENCHED = [e for e in RULESETS if MAX_UNITS in e.cls.bench_sizes]


def test_the_unit_limit_is_two_hundred_and_every_combat_ruleset_has_a_table_that_size() -> None:
    assert MAX_UNITS == 200
    assert len(BENCHED) == 4  # the four rules systems; the sandbox is tested in test_limits


@pytest.mark.parametrize("entry", BENCHED, ids=lambda e: e.name)
def test_a_battle_of_the_limit_passes_check_and_plays(entry: object, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    table = entry.create().bench_table(MAX_UNITS, 5)  # type: ignore[attr-defined]
    assert table is not None
    path = tmp_path / "two_hundred.toml"
    path.write_text(table.text)
    assert main(["check", str(path)]) == 0, capsys.readouterr()
    game = new_session(load_scenario_text(table.text)).game
    assert len(game.state.units) == MAX_UNITS
    rng = random.Random(2)
    start = time.process_time()
    for _ in range(3):
        options = game.legal_actions()
        if not options:
            break
        game.apply(options[0] if isinstance(game.pending(), Chance) else rng.choice(options))
    assert time.process_time() - start < 30.0


def test_one_unit_over_the_limit_is_refused_by_check(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    table = BENCHED[0].create().bench_table(MAX_UNITS + 2, 5)
    assert table is not None
    path = tmp_path / "too_many.toml"
    path.write_text(table.text)
    assert main(["check", str(path)]) == 2
    assert "the limit is 200" in capsys.readouterr().err
