"""The contract's default look links (issue 32): a ruleset that keeps the plain look (a tray
or token drawn from its own unit's fields) links no unit to another, so a commit redraws only
the units it changed; one that draws its own looks and does not say gets None (every look
asked again after each action)."""

from __future__ import annotations

from game.core.inspect import UnitLook
from game.core.state import GameState
from game.rulesets.sandbox import SandboxRuleset


class _OwnLooks(SandboxRuleset):
    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        return None


def test_the_plain_look_links_nothing_and_an_own_look_must_say() -> None:
    assert SandboxRuleset().look_links(GameState.__new__(GameState), "a") == frozenset()
    assert _OwnLooks().look_links(GameState.__new__(GameState), "a") is None
