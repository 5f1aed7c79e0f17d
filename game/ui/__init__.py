"""Warbench ui layer."""
