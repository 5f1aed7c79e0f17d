"""The state hash written field by field (frozen fields' text kept on them) is the hash of the
whole canonical text at once: saves and turn files of earlier versions keep verifying
(issue 32)."""

from __future__ import annotations

import hashlib
import random

import pytest

from game.core.hashing import canonical_text, state_hash
from game.core.pending import Chance
from game.scenario import load_scenario, new_session
from game.scenario.paths import shipped_scenarios


def _whole(state: object) -> str:
    return hashlib.sha256(canonical_text(state).encode("utf-8")).hexdigest()


@pytest.mark.parametrize("path", shipped_scenarios(), ids=lambda p: p.stem)
def test_the_hash_is_the_hash_of_the_whole_canonical_text(path: object) -> None:
    game = new_session(load_scenario(path)).game  # type: ignore[arg-type]
    rng = random.Random(4)
    for _ in range(12):
        assert state_hash(game.state) == _whole(game.state)
        assert state_hash(game.state) == _whole(game.state)  # the kept text, asked again
        options = game.legal_actions()
        if not options:
            break
        game.apply(options[0] if isinstance(game.pending(), Chance) else rng.choice(options))
