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


def test_unit_names_are_drawn_whole_on_two_lines_rather_than_cut() -> None:
    """Issue 13 item 14: tray labels were cut ("Lannister Guards...")."""
    from pathlib import Path

    from game.scenario import load_scenario
    from game.ui.headless import init_headless, render_state
    from game.ui.render import Renderer

    init_headless()
    drawn: list[str] = []
    original = Renderer._fit

    def spy(font: pygame.font.Font, text: str, width: float) -> str:
        out = original(font, text, width)
        drawn.append(out)
        return out

    Renderer._fit = staticmethod(spy)  # type: ignore[method-assign]
    try:
        root = Path(__file__).resolve().parents[2]
        state = load_scenario(root / "scenarios" / "asoiaf_skirmish.toml").new_game().state
        render_state(state, (1280, 800))
    finally:
        Renderer._fit = staticmethod(original)  # type: ignore[method-assign]
    names = [u.name for u in state.units.values()]
    assert not [t for t in drawn if t.endswith("…")], drawn
    assert "Lannister" in drawn and "Halberdiers" in drawn, drawn
    assert len(names) == 8
