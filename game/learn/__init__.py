"""Rules learning: explanations of rule IDs in the game's own words (and, later, lessons)."""

from game.learn.explain import explain, rule_texts

__all__ = ["explain", "rule_texts"]
