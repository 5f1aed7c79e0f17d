"""Draws a :class:`~game.core.inspect.ProfileChart`: the side view of a sight line.

The ground is a filled silhouette (distance along the line across, height up), figures stand
on it as bars (the viewer blue, the target gold), the sight segment runs from the eye to the
aim point: green when clear, red from where it is blocked, with a cross at that point. What
stopped the lines beside the drawn one (a wall, a space along a hex edge) stands hatched where
it lies along the line, with its name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.core.inspect import ProfileChart
from game.ui.camera import Camera
from game.ui.palette import RGB

FontGet = Callable[[int, bool], pygame.font.Font]
GROUND: RGB = (150, 126, 92)
GROUND_EDGE: RGB = (70, 56, 40)
CLEAR: RGB = (90, 230, 120)
BLOCKED: RGB = (255, 80, 70)
BAR_COLOURS: dict[str, RGB] = {"viewer": (90, 160, 255), "target": (255, 200, 70),
                               "other": (170, 170, 170)}
SIZE = (340, 150)


def profile_surface(chart: ProfileChart, fonts: FontGet,
                    size: tuple[int, int] = SIZE) -> pygame.Surface:
    """The chart drawn on a new see-through surface of ``size`` pixels."""
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, (10, 12, 16, 245), (0, 0, w, h), border_radius=6)
    pygame.draw.rect(out, (200, 200, 200), (0, 0, w, h), 1, border_radius=6)
    top = 4
    for row in wrap(fonts(13, True), chart.title, w - 16)[:2]:  # a long title wraps
        title = fonts(13, True).render(row, True, (255, 230, 150))
        out.blit(title, (8, top))
        top += title.get_height()
    top += 4
    taken: list[pygame.Rect] = []
    box = pygame.Rect(30, top, w - 40, h - top - 16)
    xs = [p[0] for p in chart.ground] + [chart.eye[0], chart.aim[0]]
    ys = ([p[1] for p in chart.ground] + [chart.eye[1], chart.aim[1], 0.0]
          + [b.top for b in chart.bars])
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys) + 1.0
    sx = box.width / ((x1 - x0) or 1.0)
    sy = box.height / ((y1 - y0) or 1.0)

    def at(d: float, z: float) -> tuple[float, float]:
        return (box.left + (d - x0) * sx, box.bottom - (z - y0) * sy)

    _axis(out, fonts, box, y0, y1, chart.unit)
    if len(chart.ground) >= 2:
        ring = [at(*p) for p in chart.ground]
        ring = [at(chart.ground[0][0], y0), *ring, at(chart.ground[-1][0], y0)]
        pygame.draw.polygon(out, GROUND, ring)
        pygame.draw.lines(out, GROUND_EDGE, False, [at(*p) for p in chart.ground], 2)
    for bar in chart.bars:
        a, b = at(bar.start, bar.top), at(bar.end, bar.bottom)
        rect = pygame.Rect(round(a[0]), round(a[1]), max(3, round(b[0] - a[0])),
                           max(2, round(b[1] - a[1])))
        if bar.style == "blocker":
            _blocker(out, fonts, rect, bar.label, box, taken)
            continue
        pygame.draw.rect(out, BAR_COLOURS.get(bar.style, BAR_COLOURS["other"]), rect)
        pygame.draw.rect(out, (20, 20, 20), rect, 1)
    eye, aim = at(*chart.eye), at(*chart.aim)
    if chart.blocked is None:
        pygame.draw.line(out, CLEAR, eye, aim, 2)
    else:
        cut = at(*chart.blocked)
        pygame.draw.line(out, CLEAR, eye, cut, 2)
        pygame.draw.line(out, BLOCKED, cut, aim, 2)
        pygame.draw.line(out, BLOCKED, (cut[0] - 5, cut[1] - 5), (cut[0] + 5, cut[1] + 5), 3)
        pygame.draw.line(out, BLOCKED, (cut[0] - 5, cut[1] + 5), (cut[0] + 5, cut[1] - 5), 3)
    pygame.draw.circle(out, BAR_COLOURS["viewer"], eye, 4)
    pygame.draw.circle(out, BAR_COLOURS["target"], aim, 4)
    return out


def _blocker(out: pygame.Surface, fonts: FontGet, rect: pygame.Rect, label: str,
             box: pygame.Rect, taken: list[pygame.Rect]) -> None:
    """A blocker beside the drawn line (a wall, a space along a hex edge): hatched in the
    ground's colour with a red outline, its name above it inside the chart, a row lower
    where an earlier name (``taken``) is already there."""
    hatch = pygame.Surface(rect.size, pygame.SRCALPHA)
    hatch.fill((*GROUND, 110))
    for x in range(-rect.height, rect.width, 6):
        pygame.draw.line(hatch, (*GROUND_EDGE, 220), (x, rect.height), (x + rect.height, 0), 1)
    out.blit(hatch, rect.topleft)
    pygame.draw.rect(out, BLOCKED, rect, 1)
    if label:
        img = fonts(11, False).render(label, True, (255, 190, 180))
        x = min(max(box.left, rect.centerx - img.get_width() // 2), box.right - img.get_width())
        spot = pygame.Rect(x, max(box.top, rect.top - img.get_height() - 1), *img.get_size())
        while spot.collidelist(taken) >= 0 and spot.top - img.get_height() >= box.top:
            spot.y -= img.get_height()  # above the names already there
        while spot.collidelist(taken) >= 0 and spot.bottom < box.bottom:
            spot.y += img.get_height()  # else below them
        taken.append(spot)
        out.blit(img, spot.topleft)


def _axis(out: pygame.Surface, fonts: FontGet, box: pygame.Rect, y0: float, y1: float,
          unit: str) -> None:
    """The height scale on the left: the lowest and highest level, and the unit."""
    font = fonts(11, False)
    pygame.draw.line(out, (120, 120, 120), box.bottomleft, box.topleft, 1)
    for value, y in ((y0, box.bottom), (y1, box.top)):
        img = font.render(f"{value:g}", True, (200, 200, 200))
        out.blit(img, (box.left - 4 - img.get_width(), y - img.get_height() // 2))
    if unit:
        img = font.render(unit, True, (200, 200, 200))
        out.blit(img, (box.left, box.bottom + 2))


def beside_rects(box: pygame.Rect, count: int, cam: Camera,
                 size: tuple[int, int] = SIZE) -> list[pygame.Rect]:
    """Where :func:`draw_beside` puts ``count`` charts of ``size`` against the info box
    ``box``: each above the box (and the charts before it) if there is room in the viewport,
    else below; aligned with its left edge unless that runs off the viewport."""
    out: list[pygame.Rect] = []
    w, h = size
    for _ in range(count):
        y = box.top - h - 4 if box.top - h - 4 >= cam.top else box.bottom + 4
        x = box.left if box.left + w <= cam.left + cam.width else box.right - w
        out.append(pygame.Rect(x, y, w, h))
        box = out[-1].union(box)
    return out


def draw_beside(surface: pygame.Surface, charts: Sequence[ProfileChart], box: pygame.Rect,
                cam: Camera, fonts: FontGet) -> None:
    """Each chart against the info box ``box`` (see :func:`beside_rects`)."""
    for chart, rect in zip(charts, beside_rects(box, len(charts), cam), strict=True):
        surface.blit(profile_surface(chart, fonts), rect.topleft)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` pixels (a word longer than
    the width stands alone on its line); continuation lines are indented."""
    if font.size(text)[0] <= width:
        return [text]  # most lines fit: one measure instead of one per word
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and font.size(candidate)[0] > width:
            lines.append(current)
            current = "   " + word
        else:
            current = candidate
    lines.append(current)
    return lines
