"""Warbench physics layer."""
