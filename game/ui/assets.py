"""The shipped assets (fonts, GUI theme) and font loading.

The top-level ``assets/`` folder travels inside the package as ``game.shipped_assets`` (see
``setup.py``) and is read through :mod:`importlib.resources`, so an installed wheel, a zip or a
frozen app finds it as well as a checkout does: fonts are opened from their bytes, and the GUI
theme names its fonts as package resources, never as paths beside the source tree.
"""

from __future__ import annotations

import io
import json
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import pygame

ASSETS_PACKAGE = "game.shipped_assets"
FONT_REGULAR = "fonts/DejaVuSans.ttf"
FONT_BOLD = "fonts/DejaVuSans-Bold.ttf"
THEME_FILE = "theme.json"
_FONT_KEYS = {"regular_path": "regular_resource", "bold_path": "bold_resource",
              "italic_path": "italic_resource", "bold_italic_path": "bold_italic_resource"}


def asset(name: str) -> Traversable:
    """A shipped asset by its name inside ``assets/`` (``fonts/DejaVuSans.ttf``)."""
    return files(ASSETS_PACKAGE).joinpath(name)


SCALED_ELEMENTS = ("button", "label", "text_entry_line", "tool_tip", "selection_list",
                   "drop_down_menu")
"""The widget kinds given the theme's default font (at the text size) when the theme names
none of their own."""


def themed_dict(scale: float = 1.0) -> dict[str, Any]:
    """The GUI theme from ``assets/theme.json``, its font files named as package resources
    (pygame-gui reads those through importlib.resources too) and every font size multiplied
    by ``scale`` (the text size setting), so buttons, lists and text boxes grow with the
    text the table draws itself."""
    data: dict[str, Any] = json.loads(asset(THEME_FILE).read_text("utf-8"))
    default_font = data.get("defaults", {}).get("font")
    for element in SCALED_ELEMENTS:  # pygame-gui reads no default font from "defaults"
        if isinstance(default_font, dict) and "font" not in data.get(element, {}):
            data.setdefault(element, {})["font"] = dict(default_font)
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            if "size" in font:
                font["size"] = str(max(6, round(int(font["size"]) * scale)))
            for path_key, resource_key in _FONT_KEYS.items():
                if path_key in font:
                    font[resource_key] = {"package": ASSETS_PACKAGE,
                                          "resource": font.pop(path_key)}
    return data


class Fonts:
    """Fonts by size and weight, loaded on first use (owned by the App or a renderer)."""

    def __init__(self, scale: float = 1.0) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self.scale = scale
        """Every size asked for is multiplied by this (the text size setting)."""
        self._files: dict[bool, bytes] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The shipped DejaVu Sans at ``size`` pixels times :attr:`scale`."""
        key = (max(6, round(size * self.scale)), bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = MemoFont(io.BytesIO(self._file(bold)), key[0])
            self._cache[key] = font
        return font

    def _file(self, bold: bool) -> bytes:
        """The font file's bytes, read once per weight."""
        data = self._files.get(bold)
        if data is None:
            data = self._files[bold] = asset(FONT_BOLD if bold else FONT_REGULAR).read_bytes()
        return data


class MemoFont(pygame.font.Font):
    """A font that renders each (text, colours) once: the HUD, the panel and the labels draw
    the same words every frame, so text is rendered once per change and then blitted. The
    surfaces returned are shared: blit them, never draw on them."""

    LIMIT = 1024

    def __init__(self, file: io.BytesIO, size: int) -> None:
        super().__init__(file, size)
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
