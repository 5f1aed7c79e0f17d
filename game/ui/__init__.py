"""Warbench desktop table: pygame-ce window, scenes, renderer, overlays and tools.

Only this package imports pygame (an import-linter contract checks it).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
