"""Strict scenario loading: every error listed with file, line, dotted path and a suggestion;
nothing but ScenarioError ever escapes, even on random documents and mutations."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.scenario import ScenarioError, load_scenario, load_scenario_text
from tests.conftest import DATA, SCENARIOS

SHIPPED = sorted(SCENARIOS.glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_scenario_loads(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.state.units
    game = scenario.new_game()
    assert game.state_hash() == scenario.new_game().state_hash()


def _problems(path: Path) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return [str(p) for p in info.value.problems]


def test_broken_scenario_lists_every_error_with_line_path_and_suggestion() -> None:
    problems = _problems(DATA / "broken_scenario.toml")
    text = "\n".join(problems)
    expected = [
        ("broken_scenario.toml:5: scenario.seed:", None),
        ("broken_scenario.toml:9: table.heigth: unknown key", "did you mean 'height'?"),
        ("broken_scenario.toml:13: terrain[0].keywords[0]:", "did you mean 'blocks-sight'?"),
        ("broken_scenario.toml:14: terrain[0].polygon:", None),
        ("broken_scenario.toml:18: players[0].colour:", None),
        ("broken_scenario.toml:27: units[0].profle: unknown key", "did you mean 'profile'?"),
        ("broken_scenario.toml:34: units[1].at[1]:", None),
    ]
    for start, hint in expected:
        matching = [p for p in problems if start in p]
        assert matching, f"missing {start!r} in:\n{text}"
        if hint:
            assert hint in matching[0]
    assert len(problems) == len(expected) + 1  # the missing 'height' too
    assert any("table.height: this key is required" in p for p in problems)


def test_cross_reference_errors_are_all_listed() -> None:
    problems = "\n".join(_problems(DATA / "broken_crossrefs.toml"))
    assert ":20: units[0].side: side 3 has no player" in problems
    assert ":27: units[1].profile: unknown sandbox profile" in problems
    assert "did you mean 'infantry'?" in problems
    assert ":40: units[3].at: s2 would overlap s1" in problems
    assert ":46: units[4].at: s3 would leave the table" in problems


def test_toml_syntax_error_reports_its_line() -> None:
    with pytest.raises(ScenarioError) as info:
        load_scenario_text('[scenario]\nname = "x"\nruleset = \n', "bad.toml")
    (problem,) = info.value.problems
    assert problem.line == 3 and "not valid TOML" in problem.message


def test_a_save_under_another_name_is_recognised_as_one() -> None:
    """A save is JSON; read as a scenario (any name but .json) the problem says what it is
    and how to open it, not only that it is not TOML."""
    with pytest.raises(ScenarioError) as info:
        load_scenario_text('{\n "actions": []\n}\n', "game.save")
    (problem,) = info.value.problems
    assert "not valid TOML" in problem.message and "give it a .json name" in problem.message


def test_unknown_ruleset_suggests_the_closest() -> None:
    text = (SCENARIOS / "sandbox_table.toml").read_text().replace(
        'ruleset = "sandbox"', 'ruleset = "sandbx"'
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario_text(text, "x.toml")
    assert info.value.problems[0].suggestion == "sandbox"


def test_missing_file_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(DATA / "no_such_file.toml")


# --- fuzzing: nothing but ScenarioError escapes ---------------------------------------------

SCALARS = st.one_of(
    st.integers(-100, 100),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=8),
    st.booleans(),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6), inner, max_size=4),
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["scenario", "table", "hexmap", "terrain", "players", "units", "dice", "rules", "x"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=st.dictionaries(KEYS, VALUES, max_size=6))
def test_fuzz_random_documents_raise_only_scenario_errors(doc: dict) -> None:
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        return
    with pytest.raises(ScenarioError):
        load_scenario_text(text, "fuzz.toml")


BASE = {
    path.name: tomllib.loads(path.read_text()) for path in SHIPPED
}


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))


def _set(node, path, value):
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


def _delete(node, path):
    for part in path[:-1]:
        node = node[part]
    del node[path[-1]]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_mutated_scenarios_load_or_raise_scenario_error(data: st.DataObject) -> None:
    import copy

    name = data.draw(st.sampled_from(sorted(BASE)))
    doc = copy.deepcopy(BASE[name])
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        path = data.draw(st.sampled_from(paths))
        if data.draw(st.booleans()):
            _set(doc, path, data.draw(VALUES))
        else:
            _delete(doc, path)
    try:
        text = tomli_w.dumps(doc)
    except (TypeError, ValueError):
        return
    try:
        scenario = load_scenario_text(text, "mutant.toml")
    except ScenarioError as exc:
        assert exc.problems
        return
    scenario.new_game()
