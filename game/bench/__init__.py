"""Warbench bench layer."""
