"""The base ruleset splits into the contract a ruleset must write and the table helpers it may
reuse (issue 24): a reader sees at once what is required, and Python enforces it."""

from __future__ import annotations

import inspect

import pytest

from game.core.contract import RulesetContract
from game.core.ruleset import Ruleset
from game.core.table_rules import TableRules
from game.rulesets import RULESETS

REQUIRED = {"profile_ids", "build_unit", "legal_actions"}


def test_the_contract_declares_exactly_the_required_methods_abstract() -> None:
    assert RulesetContract.__abstractmethods__ == REQUIRED
    assert Ruleset.__abstractmethods__ == REQUIRED


def test_a_ruleset_that_leaves_a_required_method_out_cannot_be_built() -> None:
    class Halfway(Ruleset):
        name = "halfway"

        def profile_ids(self) -> tuple[str, ...]:
            return ()

    with pytest.raises(TypeError, match="build_unit"):
        Halfway()  # type: ignore[abstract]


def test_every_registered_ruleset_writes_the_whole_contract() -> None:
    for entry in RULESETS:
        assert not inspect.isabstract(entry.cls), entry.name
        entry.create()


def test_the_table_helpers_are_not_part_of_the_contract() -> None:
    helpers = {n for n, v in vars(TableRules).items() if callable(v)}
    assert {"placement_refusal", "hand_over", "tray_for", "allows_free_moves"} <= helpers
    assert not helpers & set(vars(RulesetContract))
    assert not helpers & set(vars(Ruleset))
