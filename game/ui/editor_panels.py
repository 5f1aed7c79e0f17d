"""Drawing helpers of the battle builder (issue 26): clickable chips laid out each frame,
the catalogue list with its groups, a unit card box and the problem list.

The builder's panels are immediate-mode: every frame draws its buttons ("chips") and records
where each is (:class:`Hits`), and a click is looked up in the last frame's record. Nothing
here knows a ruleset: the rows are the ruleset's declared catalogue records and keywords.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.core.vocab import ProfileRecord
from game.ui.assets import Fonts

RGB = tuple[int, int, int]
PANEL = (30, 33, 38)
PANEL_EDGE = (60, 64, 72)
TEXT = (228, 226, 218)
DIM = (160, 160, 156)
ACCENT = (230, 190, 60)
BAD = (230, 110, 90)
CHIP = (52, 56, 64)
CHIP_ON = (92, 84, 40)
CHIP_OFF = (40, 42, 46)
ROW = 24


def quiet(action: Callable[[], object]) -> Callable[[], None]:
    """``action`` as a button's callback (its result dropped)."""
    def run() -> None:
        action()
    return run


@dataclass
class Hits:
    """The clickable places drawn this frame: (rect, label, action)."""

    areas: list[tuple[pygame.Rect, str, Callable[[], None]]] = field(default_factory=list)

    def clear(self) -> None:
        """Forget the last frame's places (the next frame draws them again)."""
        self.areas.clear()

    def add(self, rect: pygame.Rect, label: str, action: Callable[[], None]) -> None:
        """Record a clickable place."""
        self.areas.append((rect, label, action))

    def at(self, pos: tuple[int, int]) -> Callable[[], None] | None:
        """The action of the place under ``pos`` (the last drawn wins)."""
        for rect, _, action in reversed(self.areas):
            if rect.collidepoint(pos):
                return action
        return None

    def rect(self, label: str) -> pygame.Rect:
        """Where the place called ``label`` is (tests click it)."""
        for rect, name, _ in self.areas:
            if name == label:
                return rect
        raise KeyError(label)


def chip(surface: pygame.Surface, fonts: Fonts, hits: Hits, pos: tuple[int, int], label: str,
         action: Callable[[], None] | None, on: bool = False, width: int = 0,
         name: str = "", size: int = 13) -> pygame.Rect:
    """A small button (its label at text ``size``); ``action`` None draws it disabled.
    Returns its rect."""
    font = fonts.get(size, bold=on)
    img = font.render(label, True, TEXT if action is not None else DIM)
    rect = pygame.Rect(pos[0], pos[1], max(width, img.get_width() + 14), ROW - 2)
    fill = CHIP_ON if on else CHIP if action is not None else CHIP_OFF
    pygame.draw.rect(surface, fill, rect, border_radius=4)
    pygame.draw.rect(surface, ACCENT if on else PANEL_EDGE, rect, 1, border_radius=4)
    surface.blit(img, img.get_rect(center=rect.center))
    if action is not None:
        hits.add(rect, name or label, action)
    return rect


def chips(surface: pygame.Surface, fonts: Fonts, hits: Hits, left: int, top: int, right: int,
          items: Sequence[tuple[str, Callable[[], None] | None, bool]], prefix: str = "") -> int:
    """A flowing row of chips between ``left`` and ``right``; returns the y below them."""
    x, y = left, top
    for label, action, on in items:
        width = fonts.get(13, bold=on).size(label)[0] + 14
        if x + width > right and x > left:
            x, y = left, y + ROW
        rect = chip(surface, fonts, hits, (x, y), label, action, on, name=prefix + label)
        x = rect.right + 4
    return y + ROW


def text(surface: pygame.Surface, fonts: Fonts, pos: tuple[int, int], line: str,
         colour: RGB = TEXT, size: int = 13, bold: bool = False, width: int = 0) -> int:
    """A line of text (wrapped to ``width`` when given); returns the y below it."""
    font = fonts.get(size, bold)
    y = pos[1]
    for part in wrap(line, font, width) if width else [line]:
        surface.blit(font.render(part, True, colour), (pos[0], y))
        y += font.get_linesize()
    return y


def wrap(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """``line`` broken into pieces no wider than ``width`` pixels."""
    out: list[str] = []
    current = ""
    for word in line.split():
        trial = f"{current} {word}".strip()
        if font.size(trial)[0] <= width or not current:
            current = trial
        else:
            out.append(current)
            current = word
    return [*out, current] if current else out


def groups(records: Sequence[ProfileRecord], search: str) -> list[tuple[str, list[ProfileRecord]]]:
    """The catalogue grouped by faction when the ruleset's records name factions, else by
    what a unit stands on (its tray's size, or the hexes it covers); filtered by a search of
    its name, id or faction; groups and units in name order (a profile of no faction last).
    When nearly every unit stands on a base of its own (whole blocks of models), one list A
    to Z reads better than a group per unit."""
    wanted = search.strip().lower()
    by_faction = any(r.faction for r in records)
    found: dict[str, list[ProfileRecord]] = {}
    for record in records:
        words = (record.name, record.id, record.faction or "")
        if wanted and not any(wanted in w.lower() for w in words):
            continue
        group = (record.faction or NO_FACTION) if by_faction else group_of(record)
        found.setdefault(group, []).append(record)
    if not by_faction and len(found) > 1 and len(found) * 3 > 2 * sum(
            len(rows) for rows in found.values()):
        found = {"units A to Z": [r for rows in found.values() for r in rows]}
    return [(name, sorted(rows, key=lambda r: r.name)) for name, rows in
            sorted(found.items(), key=lambda item: (item[0] == NO_FACTION, item[0]))]


NO_FACTION = "no faction"
"""The group of the profiles a faction-grouped catalogue names no faction for."""


def group_of(record: ProfileRecord) -> str:
    """A catalogue group: the base a unit stands on."""
    if record.base is not None:
        width, depth = record.base
        return f'{round(width, 2):g}" x {round(depth, 2):g}" bases'
    if record.footprint is not None:
        return f"{record.footprint} hex" + ("es" if record.footprint != 1 else "")
    return "other"


def card_box(surface: pygame.Surface, fonts: Fonts, record: ProfileRecord,
             anchor: tuple[int, int]) -> None:
    """The unit card of a catalogue record beside ``anchor``: its name, base and the card
    lines the table shows."""
    font = fonts.get(13)
    base = group_of(record).removesuffix("es").removesuffix("s")
    lines = [f"{record.faction}: {base}" if record.faction else base, *record.card]
    width = min(360, max(font.size(line)[0] for line in [record.name, *lines]) + 20)
    wrapped = [part for line in lines for part in wrap(line, font, width - 20)]
    height = 30 + len(wrapped) * font.get_linesize()
    x = min(anchor[0], surface.get_width() - width - 4)
    y = max(4, min(anchor[1], surface.get_height() - height - 4))
    box = pygame.Rect(x, y, width, height)
    pygame.draw.rect(surface, (20, 22, 26), box, border_radius=6)
    pygame.draw.rect(surface, ACCENT, box, 1, border_radius=6)
    surface.blit(fonts.get(14, bold=True).render(record.name, True, TEXT), (x + 10, y + 6))
    for i, line in enumerate(wrapped):
        surface.blit(font.render(line, True, DIM), (x + 10, y + 26 + i * font.get_linesize()))


def panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A panel's background and edge."""
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
