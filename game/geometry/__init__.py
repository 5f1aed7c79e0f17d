"""Warbench geometry layer."""
