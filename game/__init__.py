"""Warbench: a 2D tactical sandbox that plays miniatures rules exactly and explains them."""

__version__ = "0.2.0"
