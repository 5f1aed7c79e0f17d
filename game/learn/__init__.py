"""Warbench learn layer."""
