"""Table animations: units gliding to their new pose, and the dice tray of the last roll."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.actions import DiceSpec
from game.core.events import Event
from game.core.state import GameState
from game.geometry.tray import Tray
from game.ui import hexlayout
from game.ui.assets import Fonts
from game.ui.inspect_draw import wrap
from game.ui.view import ViewState

ANIM_SECONDS = 0.45
DICE_SECONDS = 3.0
READ_SECONDS = 1.2
"""How long the landed dice stay before a hand-over hides the table (the roller reads them)."""
Poses = dict[str, tuple[Tray | None, Any, int]]


@dataclass
class Anim:
    """A unit gliding from one pose to another."""

    unit: str
    start: tuple[float, float, float]
    end: tuple[float, float, float]
    tray: Tray | None
    t: float = 0.0


@dataclass
class DiceShow:
    """The dice tray animation of one roll."""

    frames: list[Any]
    sides: int
    label: str
    t: float = 0.0


DICE_W, DICE_H = 300, 150
"""The dice area, where the dice tumble (:func:`game.physics.dice.tumble`'s box)."""
CAPTION_LINES = 3
"""Rows of the caption strip under the dice."""


def dice_tray_rect(viewport: pygame.Rect, fonts: Fonts | None = None) -> pygame.Rect:
    """Where the dice tray is drawn, in the viewport's lower left corner: the dice area and,
    under it, the caption strip, :data:`CAPTION_LINES` rows of the caption font tall and as
    wide as the text size needs (``fonts``: the app's; None measures the normal size)."""
    line = fonts.get(12).get_linesize() if fonts is not None else 15
    scale = fonts.scale if fonts is not None else 1.0
    wide = min(round(DICE_W * scale), int(viewport.width * 0.45))  # not over half the board
    w, h = max(DICE_W, wide), DICE_H + CAPTION_LINES * line + 8
    return pygame.Rect(viewport.left + 12, viewport.bottom - 24 - h, w, h)


def poses(state: GameState) -> Poses:
    """Every unit's tray, hex and hex facing (to animate from after a change)."""
    return {u.id: (u.tray, u.hex, u.hex_facing) for u in state.units.values()}


class Animator:
    """Runs the glides and the dice tray of one table scene."""

    def __init__(self) -> None:
        self.anims: dict[str, Anim] = {}
        self.dice: DiceShow | None = None

    def start(self, before: Poses, state: GameState) -> None:
        """Glide every unit whose pose changed since ``before``."""
        for uid, (tray, hx, hf) in before.items():
            unit = state.units.get(uid)
            if unit is None or not unit.on_board:
                continue
            if tray is not None and unit.tray is not None and tray != unit.tray:
                self.anims[uid] = Anim(uid, (tray.x, tray.y, tray.facing),
                                       (unit.tray.x, unit.tray.y, unit.tray.facing), unit.tray)
            elif hx is not None and unit.hex is not None and (hx, hf) != (unit.hex,
                                                                          unit.hex_facing):
                a = hexlayout.hex_centre(hx.q, hx.r)
                b = hexlayout.hex_centre(unit.hex.q, unit.hex.r)
                self.anims[uid] = Anim(uid, (*a, hexlayout.facing_angle(hf)),
                                       (*b, hexlayout.facing_angle(unit.hex_facing)), None)

    def show_dice(self, events: list[Event], state: GameState) -> None:
        """Tumble the dice of the last roll among ``events`` (the faces as rolled)."""
        for event in events:
            if event.kind not in ("dice.rolled", "dice.free"):
                continue
            from game.physics.dice import tumble  # loaded once, in an idle frame if it can be

            raw = event.data.get("results")
            results = tuple(int(v) for v in raw if isinstance(v, int)) if isinstance(
                raw, list) else ()
            spec_text = str(event.data.get("dice") or event.data.get("spec") or "d6")
            try:
                sides = DiceSpec.parse(spec_text).sides
            except ValueError:
                sides = 6
            if results and len(results) <= 30:
                frames = tumble(results, sides, seed=state.dice_drawn * 7919 + len(results))
                self.dice = DiceShow(frames, sides, event.text)

    def busy(self) -> bool:
        """Whether the acting player is still watching a result: units gliding, or dice not
        yet landed and read."""
        if self.anims:
            return True
        show = self.dice
        return show is not None and show.t < len(show.frames) / 60 + READ_SECONDS

    def step(self, dt: float, view: ViewState) -> None:
        """Advance the glides (into ``view``'s overrides) and the dice tray."""
        if self.dice is not None:
            self.dice.t += dt
            if self.dice.t > DICE_SECONDS:
                self.dice = None
        for uid, anim in list(self.anims.items()):
            anim.t += dt / ANIM_SECONDS
            if anim.t >= 1.0:
                del self.anims[uid]
                view.overrides.pop(uid, None)
                view.hex_overrides.pop(uid, None)
                continue
            s = anim.t * anim.t * (3 - 2 * anim.t)
            x = anim.start[0] + (anim.end[0] - anim.start[0]) * s
            y = anim.start[1] + (anim.end[1] - anim.start[1]) * s
            df = (anim.end[2] - anim.start[2] + 180) % 360 - 180
            f = (anim.start[2] + df * s) % 360
            if anim.tray is not None:
                view.overrides[uid] = anim.tray.moved_to(x, y, f)
            else:
                view.hex_overrides[uid] = (x, y, f)

    def draw_dice(self, surface: pygame.Surface, viewport: pygame.Rect, fonts: Fonts) -> None:
        """The dice tray in the viewport's lower left corner; faces stay upright (a 6 never
        reads as a 9) while the dice tumble."""
        show = self.dice
        if show is None:
            return
        tray = dice_tray_rect(viewport, fonts)
        pygame.draw.rect(surface, (50, 30, 20), tray.inflate(10, 10), border_radius=8)
        box = pygame.Rect(tray.left, tray.top, tray.width, DICE_H)
        pygame.draw.rect(surface, (30, 90, 50), box)
        frame = show.frames[min(len(show.frames) - 1, int(show.t * 60))]
        font = fonts.get(16, bold=True)
        for die in frame:
            side = max(26, round(26 * fonts.scale))  # the face's digit fits at any text size
            img = pygame.Surface((side, side), pygame.SRCALPHA)
            img.fill((245, 245, 240))
            pygame.draw.rect(img, (30, 30, 30), img.get_rect(), 1)
            rot = pygame.transform.rotate(img, math.degrees(die.angle))
            centre = (box.left + die.x, box.top + die.y)
            surface.blit(rot, rot.get_rect(center=centre))
            label = font.render(str(die.face), True, (20, 20, 20))
            surface.blit(label, label.get_rect(center=centre))
        strip = pygame.Rect(tray.left, box.bottom, tray.width, tray.bottom - box.bottom)
        self._caption(surface, strip, fonts, show.label)

    @staticmethod
    def _caption(surface: pygame.Surface, strip: pygame.Rect, fonts: Fonts, label: str
                 ) -> None:
        """The roll's purpose and result in the strip under the dice (never over them),
        wrapped on up to :data:`CAPTION_LINES` rows spaced by the font's own line height;
        a caption too long for them takes a smaller font before its middle gives way to
        "…", so the result at its end is never cut off."""
        pygame.draw.rect(surface, (24, 26, 30), strip)
        font, lines = fonts.get(12), [label]
        for size in (12, 11, 10):
            font = fonts.get(size)
            lines = [line.strip() for line in wrap(font, label, strip.width - 8)]
            if len(lines) <= CAPTION_LINES:
                break
        if len(lines) > CAPTION_LINES:
            lines = [*lines[:CAPTION_LINES - 2], "…", lines[-1]]
        y = strip.top + 4
        for line in lines:
            caption = font.render(line, True, (255, 255, 255))
            surface.blit(caption, (strip.left + 4, y))
            y += font.get_linesize()
