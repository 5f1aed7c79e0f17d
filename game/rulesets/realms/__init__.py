"""Realms: the spaces-and-pegs skirmish on a 2.5D hex board (RL-*; docs/rules/realms.md).

:mod:`.board` reads the board (elevation, obstructions, walls, transit pads, range, sight,
movement), :mod:`.attack` builds the modifier record and resolves attacks, :mod:`.odds` gives
their exact odds, :mod:`.procedure` runs commands and attacks on the core loop.
"""

from __future__ import annotations

from game.rulesets.realms.ruleset import RealmsRuleset

__all__ = ["RealmsRuleset"]
