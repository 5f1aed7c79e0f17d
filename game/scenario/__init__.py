"""Warbench scenario layer."""
