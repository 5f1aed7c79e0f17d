"""The selected unit's setup choices in the battle builder's right panel (issue 26).

The ruleset declares them (``Ruleset.unit_choices``, :mod:`game.core.choices`) and the panel
draws each by its type, knowing no ruleset: a number between bounds with - and + (a unit's
models, its files), a pick among named options toggled on and off (equipment, the characters
joined to a unit), and a shape of hexes drawn small (a footprint). A click makes the choice
through the document (:meth:`~game.scenario.edit.BattleDoc.choose`): one undo step, placed by
the game's rules, a refusal said in the status line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.choices import (
    ChoiceOption,
    ChoiceValue,
    CountChoice,
    PickChoice,
    ShapeChoice,
    ShapeOption,
    UnitChoice,
)
from game.ui import hexlayout
from game.ui.camera import Camera
from game.ui.editor_panels import ACCENT, CHIP, CHIP_ON, DIM, PANEL_EDGE, TEXT, chips, quiet, text

if TYPE_CHECKING:
    from game.ui.editor_scene import EditorScene

SHAPE_BOX = 38
"""The side of a footprint's button, in pixels."""
BIG_STEP = 5
"""The larger step offered for a count of wide bounds."""


def choices_section(scene: EditorScene, surface: pygame.Surface, uid: str, x: int, y: int,
                    right: int) -> int:
    """Every choice the unit offers, top to bottom; returns the y below them."""
    for choice in scene.doc.unit_choices(uid):
        y = _choice(scene, surface, uid, choice, x, y + 4, right)
    return y


def _choice(scene: EditorScene, surface: pygame.Surface, uid: str, choice: UnitChoice,
            x: int, y: int, right: int) -> int:
    fonts = scene.app.fonts
    if isinstance(choice, CountChoice):
        y = text(surface, fonts, (x, y), f"{choice.label}: {choice.value}  ({choice.low} to "
                 f"{choice.high})", TEXT)
        steps = [-BIG_STEP, -1, 1, BIG_STEP] if choice.high - choice.low > 2 * BIG_STEP \
            else [-1, 1]
        items: list[tuple[str, Callable[[], None] | None, bool]] = []
        for step in steps:
            value = choice.value + step
            ok = choice.low <= value <= choice.high
            items.append((f"{step:+d}", _maker(scene, uid, choice, value) if ok else None,
                          False))
        y = chips(surface, fonts, scene.hits, x, y + 2, right, items,
                  prefix=f"choice {choice.key} ")
    elif isinstance(choice, PickChoice):
        y = text(surface, fonts, (x, y), choice.label, TEXT)
        y = chips(surface, fonts, scene.hits, x, y + 2, right, [
            (o.label, _maker(scene, uid, choice, _toggled(choice, o.id)), o.id in choice.value)
            for o in choice.options], prefix=f"choice {choice.key} ")
        chosen = [f"{o.label}: {o.meaning}" for o in choice.options
                  if o.id in choice.value and o.meaning]
        for line in chosen:
            y = text(surface, fonts, (x + 8, y), line, DIM, 12, width=right - x - 8)
    else:
        y = _shapes(scene, surface, uid, choice, x, y, right)
    return text(surface, fonts, (x, y + 1), choice.meaning, DIM, 12, width=right - x) + 2


def _shapes(scene: EditorScene, surface: pygame.Surface, uid: str, choice: ShapeChoice,
            x: int, y: int, right: int) -> int:
    """A footprint's options as small drawings of their hexes (the head hex filled)."""
    fonts = scene.app.fonts
    now = next((o for o in choice.options if o.id == choice.value), None)
    y = text(surface, fonts, (x, y), f"{choice.label}: {now.label if now else choice.value}",
             TEXT) + 2
    left = x
    for option in choice.options:
        if x + SHAPE_BOX > right:
            x, y = left, y + SHAPE_BOX + 4
        box = pygame.Rect(x, y, SHAPE_BOX, SHAPE_BOX)
        on = option.id == choice.value
        pygame.draw.rect(surface, CHIP_ON if on else CHIP, box, border_radius=4)
        pygame.draw.rect(surface, ACCENT if on else PANEL_EDGE, box, 1, border_radius=4)
        _draw_cells(surface, box, option.cells, scene.view.camera)
        scene.hits.add(box, f"choice {choice.key} {option.id}",
                       _maker(scene, uid, choice, (option.id,)))
        x += SHAPE_BOX + 4
    return y + SHAPE_BOX + 4


def _draw_cells(surface: pygame.Surface, box: pygame.Rect,
                cells: tuple[tuple[int, int], ...], cam: Camera) -> None:
    """The hexes of a shape fitted in ``box``, as the board draws them at facing 0 (world y
    up, screen y down; turned with a flat-top map's camera)."""
    corners = [[cam.to_view(*p) for p in hexlayout.hex_corners_world(q, r)] for q, r in cells]
    xs = [p[0] for pts in corners for p in pts]
    ys = [p[1] for pts in corners for p in pts]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    scale = (box.width - 8) / span
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    for i, pts in enumerate(corners):
        screen = [(box.centerx + (px - cx) * scale, box.centery - (py - cy) * scale)
                  for px, py in pts]
        pygame.draw.polygon(surface, ACCENT if i == 0 else DIM, screen)
        pygame.draw.polygon(surface, PANEL_EDGE, screen, 1)


def _toggled(choice: PickChoice, option: str) -> tuple[str, ...]:
    """The pick with ``option`` switched: off if chosen, else on (in place of the chosen one
    when only one may be chosen)."""
    if option in choice.value:
        return tuple(v for v in choice.value if v != option)
    if choice.most == 1:
        return (option,)
    order = [o.id for o in choice.options]  # in the order the options are offered
    return tuple(sorted((*choice.value, option), key=order.index))


def _options(choice: UnitChoice) -> tuple[ChoiceOption | ShapeOption, ...]:
    """The named options of a pick or a shape (none for a count)."""
    return () if isinstance(choice, CountChoice) else choice.options


def _maker(scene: EditorScene, uid: str, choice: UnitChoice,
           value: ChoiceValue) -> Callable[[], None]:
    labels = {o.id: o.label for o in _options(choice)}
    words = value if isinstance(value, int) else ", ".join(
        labels.get(v, v) for v in value) or "none"
    return quiet(lambda: scene.do(lambda: scene.doc.choose(uid, choice.key, value),
                                  f"{uid}: {choice.label.lower()} {words}"))
