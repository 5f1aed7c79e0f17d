"""Warbench rulesets layer."""
