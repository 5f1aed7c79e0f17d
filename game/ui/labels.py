"""A unit's label on its sprite: its name (on two lines when long), its counters under it,
each line on a dark band so it reads over any colour; and the text-fitting helpers the HUD
shares (a line cut with an ellipsis only when nothing else fits)."""

from __future__ import annotations

import pygame

from game.ui.assets import Fonts

Point = tuple[float, float]
MIN_WIDTH = 28
"""Sprites narrower than this many pixels carry no label (it could not be read)."""
COUNTER_LINES = 2
"""At most this many lines of counters under the name (then the last one is cut)."""


def fit(font: pygame.font.Font, text: str, width: float) -> str:
    """``text`` as it fits in ``width`` pixels: whole, or cut with an ellipsis."""
    if font.size(text)[0] <= width:
        return text
    while len(text) > 3 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def split_name(font: pygame.font.Font, name: str, width: float) -> list[str]:
    """A name on one line if it fits, else on two lines broken at the space nearest its
    middle (unit names are two to four words: "Lannister Halberdiers")."""
    words = name.split()
    if font.size(name)[0] <= width or len(words) < 2:
        return [name]
    cut = min(range(1, len(words)),
              key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def wrap_counters(font: pygame.font.Font, text: str, width: float,
                  most: int = COUNTER_LINES) -> list[str]:
    """A unit's counters (``"health 3/8  tokens 2"``: two spaces between counters) on as
    many lines as they need up to ``most``, broken between counters, never inside one; only
    a last line that still does not fit is cut."""
    parts = [p.strip() for p in text.split("  ") if p.strip()]
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}  {part}" if lines else part
        if lines and font.size(joined)[0] <= width:
            lines[-1] = joined
        elif len(lines) < most:
            lines.append(part)
        else:
            lines[-1] = joined
    return [fit(font, line, width) for line in lines]


def draw_label(sprite: pygame.Surface, fonts: Fonts, name: str, text: str, centre: Point,
               max_width: float, max_height: float | None = None) -> None:
    """Write ``name`` and the counters ``text`` centred on ``centre`` of ``sprite``, within
    ``max_width`` pixels (a smaller font before any cut) and ``max_height`` pixels: lines
    that would spill out of the unit onto a unit it touches give way, the counters first
    (the hover box and the unit card still say them), then the whole label."""
    if max_width < MIN_WIDTH:
        return
    size = max(9, min(15, int(max_width / 9)))
    room = min(max_width * 1.3, sprite.get_width() - 8)  # never clipped by the sprite
    for smaller in range(size, max(8, size - 4) - 1, -1):  # shrink before cutting
        if fonts.get(smaller, bold=True).size(name)[0] <= room:
            size = smaller
            break
    font = fonts.get(size, bold=True)
    small = fonts.get(max(8, size - 2))
    lines = [(font, fit(font, part, room)) for part in split_name(font, name, room)]
    lines += [(small, line) for line in wrap_counters(small, text, room)]
    if max_height is not None:
        lines = fit_height(lines, max_height)
    y = centre[1] - sum(f.get_linesize() for f, _ in lines) / 2
    for f, line in lines:
        img = f.render(line, True, (255, 255, 255))
        box = img.get_rect(midtop=(round(centre[0]), round(y)))
        band = pygame.Surface(box.inflate(6, 0).size, pygame.SRCALPHA)
        band.fill((0, 0, 0, 150))
        sprite.blit(band, box.inflate(6, 0).topleft)
        sprite.blit(img, box)
        y += f.get_linesize()


def fit_height(lines: list[tuple[pygame.font.Font, str]],
               height: float) -> list[tuple[pygame.font.Font, str]]:
    """The label's lines that fit in ``height`` pixels: the last ones go first (counters
    after the name); nothing when not even the name's first line fits."""
    while lines and sum(f.get_linesize() for f, _ in lines) > height:
        lines = lines[:-1]
    return lines
