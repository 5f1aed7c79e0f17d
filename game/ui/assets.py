"""Where the shipped assets live (``assets/`` beside the package) and font loading."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS_DIR = Path(__file__).resolve().parent.parent.parent / "assets"
FONT_REGULAR = ASSETS_DIR / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf"
THEME_FILE = ASSETS_DIR / "theme.json"


class Fonts:
    """Fonts by size and weight, loaded on first use (owned by the App or a renderer)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The shipped DejaVu Sans at ``size`` pixels."""
        key = (max(6, int(size)), bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), key[0])
            self._cache[key] = font
        return font
