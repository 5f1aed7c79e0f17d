"""The hover info box wraps long rule explanations instead of running under the side panel."""

from __future__ import annotations

import os
from typing import Any

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


def test_unit_names_are_drawn_whole_on_two_lines_rather_than_cut(monkeypatch: Any) -> None:
    """Issue 13 item 14: tray labels were cut ("Lannister Guards...")."""
    from pathlib import Path

    from game.scenario import load_scenario
    from game.ui import labels
    from game.ui.headless import init_headless, render_state

    init_headless()
    drawn: list[str] = []
    original = labels.fit

    def spy(font: pygame.font.Font, text: str, width: float) -> str:
        out = original(font, text, width)
        drawn.append(out)
        return out

    monkeypatch.setattr(labels, "fit", spy)
    root = Path(__file__).resolve().parents[2]
    state = load_scenario(root / "scenarios" / "asoiaf_skirmish.toml").new_game().state
    render_state(state, (1280, 800))
    names = [u.name for u in state.units.values()]
    assert not [t for t in drawn if t.endswith("…")], drawn
    assert "Lannister" in drawn and "Halberdiers" in drawn, drawn
    assert len(names) == 8


def test_a_units_counters_wrap_between_counters_rather_than_cut() -> None:
    """Issue 13 (left over): a label read "health 3/8 to…"; the counters now take a second
    line, broken between two counters, and none is cut."""
    from game.ui.labels import wrap_counters

    pygame.font.init()
    font = pygame.font.Font(None, 16)
    text = "health 3/8  tokens 2  shaken"
    width = font.size("health 3/8  tokens 2")[0] - 1
    lines = wrap_counters(font, text, width)
    assert lines == ["health 3/8", "tokens 2  shaken"]
    assert all(font.size(line)[0] <= width for line in lines)
    assert wrap_counters(font, text, 2000) == [text]
