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


def test_the_one_pass_text_is_the_canonical_forms_json() -> None:
    """The state hash's one-pass writer writes exactly what ``json.dumps`` writes of the
    canonical form, for every kind of value the form knows: keys and set members that
    escaping would sort differently, non-ASCII text, enums, floats, nested and frozen
    dataclasses (whose kept text is reused), omitted defaults."""
    import dataclasses
    import enum
    import json

    from game.core.hashing import _text, canonical
    from game.core.state import Player

    class Colour(enum.Enum):
        RED = "red"
        ONE = 1

    @dataclasses.dataclass(frozen=True)
    class Leaf:
        z: float
        a: tuple[int, ...]

    @dataclasses.dataclass
    class Tree:
        name: str
        leaves: list[Leaf]
        tags: frozenset[str]
        table: dict[object, object]
        colour: Colour = Colour.RED

    leaf = Leaf(0.1, (1, -2))
    tree = Tree(
        name='é "quoted" \\ \n',
        leaves=[leaf, leaf, Leaf(float("inf"), ())],
        tags=frozenset({"b", "a\"", "a", "\u00e9", "~"}),
        table={"b": 1, 'a"': [None, True, False], "a": {2.5, 3}, 7: Colour.ONE,
               (1, "x"): {"k": leaf}, "é": Player(1, "P", "#000000")},
    )
    for value in (tree, [tree, {"x": tree}], {frozenset({1, 2}), frozenset({"1"})}):
        reference = json.dumps(canonical(value), sort_keys=True, separators=(",", ":"))
        assert _text(value) == reference
        assert _text(value) == reference  # the frozen leaves' kept text
