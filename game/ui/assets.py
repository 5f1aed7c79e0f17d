"""Where the shipped assets live (``assets/`` beside the package) and font loading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

ASSETS_DIR = Path(__file__).resolve().parent.parent.parent / "assets"
FONT_REGULAR = ASSETS_DIR / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS_DIR / "fonts" / "DejaVuSans-Bold.ttf"
THEME_FILE = ASSETS_DIR / "theme.json"


class Fonts:
    """Fonts by size and weight, loaded on first use (owned by the App or a renderer)."""

    def __init__(self, scale: float = 1.0) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self.scale = scale
        """Every size asked for is multiplied by this (the text size setting)."""

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The shipped DejaVu Sans at ``size`` pixels times :attr:`scale`."""
        key = (max(6, round(size * self.scale)), bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = MemoFont(str(FONT_BOLD if bold else FONT_REGULAR), key[0])
            self._cache[key] = font
        return font


class MemoFont(pygame.font.Font):
    """A font that renders each (text, colours) once: the HUD, the panel and the labels draw
    the same words every frame, so text is rendered once per change and then blitted. The
    surfaces returned are shared: blit them, never draw on them."""

    LIMIT = 1024

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size)
        self._memo: dict[tuple[object, ...], pygame.Surface] = {}

    def render(self, text: str | bytes | None, antialias: bool,
               color: Any, bgcolor: Any = None, wraplength: int = 0) -> pygame.Surface:
        """:meth:`pygame.font.Font.render`, memoised."""
        key = (text, antialias, _colour_key(color), _colour_key(bgcolor), wraplength)
        img = self._memo.get(key)
        if img is None:
            if len(self._memo) >= self.LIMIT:
                self._memo.clear()
            img = super().render(text, antialias, color, bgcolor, wraplength)
            self._memo[key] = img
        return img


def _colour_key(colour: Any) -> object:
    """A hashable form of a pygame colour argument (None stays None)."""
    return None if colour is None else tuple(pygame.Color(colour))
