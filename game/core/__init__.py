"""Warbench core layer."""
