"""The hover info box wraps long rule explanations instead of running under the side panel."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui.inspect_draw import wrap as wrap_text


def test_long_lines_wrap_within_the_width_and_keep_every_word() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    text = "Charge: not possible - moving straight ahead the unit would not reach its target " * 3
    lines = wrap_text(font, text.strip(), 300)
    assert len(lines) > 1
    assert all(font.size(line)[0] <= 300 for line in lines)
    assert " ".join(part.strip() for part in lines).split() == text.split()


def test_short_lines_stay_whole() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 20)
    line = 'Range 9.20" (long)'
    assert wrap_text(font, line, 600) == [line]
