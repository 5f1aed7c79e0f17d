"""The Ninth Age: Fantasy Battles, 3rd edition (NA-*): ranked units of model bases, attack
allocation and rounds of combat. Rules and readings: docs/rules/ninth_age.md."""

from __future__ import annotations

from game.rulesets.ninth_age.ruleset import NinthAgeRuleset

__all__ = ["NinthAgeRuleset"]
