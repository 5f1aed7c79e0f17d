"""Draws a ruleset's inspection records: segments, areas, hexes and ghosts on the board, and
the info box with its lines, rule links and odds bar charts.

The painter knows the record *styles* (``sight``, ``blocked``, ``range``, ``path``;
``corridor``, ``reach``, ``blocker``, ``highlight``, ``arc``) and nothing of any rule. After a
frame, :attr:`InspectionPainter.rule_rects` holds where each rule ID was drawn, so the scene
can open its explanation when the player clicks it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from game.core.inspect import Area, HexMark, InfoLine, OddsChart, Segment, Shape
from game.core.present import Ghost
from game.core.state import GameState
from game.geometry.tray import Tray
from game.ui import hexlayout
from game.ui.assets import Fonts
from game.ui.camera import Camera
from game.ui.draw_profile import SIZE as PROFILE_SIZE
from game.ui.draw_profile import beside_rects, draw_beside
from game.ui.draw_profile import wrap as wrap
from game.ui.palette import RGB, Palette
from game.ui.view import HoverOverlay, ViewState

Point = tuple[float, float]
LINK = (120, 190, 255)
TONES: dict[str, RGB] = {"info": (240, 240, 240), "good": (140, 230, 140),
                         "bad": (255, 140, 120)}
BAR_W = 150
LABEL_W = 136


SEGMENT_ORDER = {"path": 0, "blocked": 1, "sight": 2, "range": 3}
"""Drawing order of segment styles: later ones are drawn over earlier ones."""


MAX_BARS = 7
"""Bars drawn per odds chart; a longer chart keeps its most likely run (see shown_bars)."""


def shown_bars(bars: Sequence[tuple[str, Fraction | float]]) -> list[tuple[str, float]]:
    """The bars to draw: all of a short chart; of a long one the :data:`MAX_BARS` - 1
    consecutive bars holding the most probability, with the rest summed into one "others"
    bar, so the hover box stays small and never hides what it describes."""
    values = [(label, float(prob)) for label, prob in bars]
    if len(values) <= MAX_BARS:
        return values
    width = MAX_BARS - 1
    start = max(range(len(values) - width + 1),
                key=lambda i: sum(p for _, p in values[i:i + width]))
    kept = values[start:start + width]
    rest = sum(p for _, p in values) - sum(p for _, p in kept)
    return [*kept, ("others", rest)]


def pct(p: float) -> str:
    """``0.4567`` -> ``45.7%``."""
    return f"{100 * p:.1f}%"


class InspectionPainter:
    """Draws :class:`HoverOverlay` records (owned by the renderer; caches its info boxes)."""

    def __init__(self, palette: Palette, fonts: Fonts) -> None:
        self.palette = palette
        self.fonts = fonts
        self._boxes: dict[Hashable, tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]] = {}
        self.rule_rects: list[tuple[pygame.Rect, str]] = []
        self.info_rect: pygame.Rect | None = None
        self._tags: list[pygame.Rect] = []
        """The tags drawn this frame (a new one moves down until it overlaps none)."""
        self.keep_out: list[pygame.Rect] = []
        """Screen rectangles of the units concerned this frame (their name plates are there):
        a tag that would land on one moves beside them, with a leader line to its place."""
        self.see_through = SeeThrough()
        """The kept layer of this painter's small see-through polygons."""
        self.hex_fills = HexFills()
        """The see-through fills of the last runs of hexes drawn (a unit's reach)."""
        self._spot: tuple[Hashable, object, tuple[int, int]] | None = None
        """The info box's corner: what it was judged for, the record (held) and the corner
        (see :meth:`info_box`)."""

    def reset(self, palette: Palette) -> None:
        """A new palette: drop the cached boxes."""
        self.palette = palette
        self._boxes.clear()

    def begin_frame(self) -> None:
        """Forget last frame's link and box positions."""
        self.rule_rects = []
        self.info_rect = None
        self._tags = []
        self.keep_out = []

    # --- board shapes -----------------------------------------------------------------------

    def shapes(self, surface: pygame.Surface, state: GameState, overlay: HoverOverlay,
               cam: Camera, labels: bool = True) -> None:
        """Draw the record's geometry: areas first, then hexes, ghosts and segments; among
        segments the measured range line last, so it stays readable where a sight line runs
        along it. Without ``labels`` the shapes' tags are left out (the selected unit's own
        record under a hovered pair's, which has its own: they are not copied without their
        labels every frame, ~1 ms for a reach of 60 hexes)."""
        shapes = overlay.inspection.shapes
        for run in _runs(shapes):
            if isinstance(run, tuple):
                self._hexmarks(surface, run, cam, labels)
            elif isinstance(run, Area):
                self._area(surface, run, cam, labels)
            elif isinstance(run, Ghost):
                self._ghost(surface, state, run, cam)
        segments = [s for s in shapes if isinstance(s, Segment)]
        for seg in sorted(segments, key=lambda s: SEGMENT_ORDER.get(s.style, 0)):
            self._segment(surface, seg, cam, labels)

    def _area(self, surface: pygame.Surface, area: Area, cam: Camera, labels: bool) -> None:
        pts = cam.points_to_screen(list(area.points))
        if len(pts) < 3:
            return
        p = self.palette
        colour, alpha, width = {
            "corridor": (p.corridor, 70, 2), "reach": (p.arc_front, 45, 2),
            "blocker": (p.blocker, 0, 4), "highlight": (p.hover, 60, 2),
            "arc": (p.arc_front, 50, 1),
        }.get(area.style, (p.hover, 50, 1))
        if alpha:
            alpha_polygon(surface, pts, colour, alpha, self.see_through)
        pygame.draw.polygon(surface, colour, pts, width)
        if area.label and labels:
            xs, ys = [x for x, _ in pts], [y for _, y in pts]
            # a blocker's name goes just under it, so its outline stays in sight
            y = max(ys) + 26 if area.style == "blocker" else sum(ys) / len(ys) + 14
            self.tag(surface, area.label, (sum(xs) / len(xs), y))

    def _hexmarks(self, surface: pygame.Surface, marks: tuple[HexMark, ...], cam: Camera,
                  labels: bool) -> None:
        """A run of hexes of one style: their see-through fills in one layer, kept while the
        run, the camera and the clip stay (:class:`HexFills`), then each outline and label.
        A unit's reach is dozens of hexes, drawn every frame it is shown (issue 32)."""
        p = self.palette
        colour = {"target": p.corridor, "blocked": p.blocked_line, "reach": p.arc_front}.get(
            marks[0].style, p.hover)
        fills = self.hex_fills.get(surface, marks, cam, colour)
        if fills.layer is not None:
            surface.blit(fills.layer, fills.at)
        for mark, pts in zip(marks, fills.outlines, strict=True):
            pygame.draw.polygon(surface, colour, pts, 2)
            if mark.label and labels:
                self.tag(surface, mark.label,
                         cam.to_screen(*hexlayout.hex_centre(mark.q, mark.r)))

    def _ghost(self, surface: pygame.Surface, state: GameState, ghost: Ghost,
               cam: Camera) -> None:
        pts = ghost_outline(state, ghost)
        if not pts:
            return
        screen = cam.points_to_screen(pts)
        alpha_polygon(surface, screen, (235, 235, 235), 70, self.see_through)
        pygame.draw.polygon(surface, self.palette.hover, screen, 1)

    def _segment(self, surface: pygame.Surface, seg: Segment, cam: Camera,
                 labels: bool) -> None:
        p = self.palette
        colour, width = {"sight": (p.sight_line, 3), "blocked": (p.blocked_line, 2),
                         "range": (p.range_line, 2), "path": (p.hover, 2)}.get(
            seg.style, (p.hover, 1))
        a, b = cam.to_screen(*seg.a), cam.to_screen(*seg.b)
        pygame.draw.line(surface, colour, a, b, width)
        if seg.style == "range":
            pygame.draw.circle(surface, colour, a, 4)
            pygame.draw.circle(surface, colour, b, 4)
        if seg.label and labels:
            self.tag(surface, seg.label, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))

    def tag(self, surface: pygame.Surface, text: str, at: Point) -> None:
        """A small black label centred just above ``at``; where that is on a unit concerned
        (:attr:`keep_out`: where units touch, their name plates are there) it gives way to
        the nearest free place beside them and a leader line points back at ``at``."""
        img = self.fonts.get(14, bold=True).render(text, True, (255, 255, 255))
        box = img.get_rect(center=(round(at[0]), round(at[1]) - 14))
        moved = self._beside_units(box)
        while any(box.inflate(8, 4).colliderect(t) for t in self._tags):
            box.move_ip(0, box.height + 4)
        if moved:
            end = box.inflate(8, 4)
            edge = (min(max(at[0], end.left), end.right), min(max(at[1], end.top), end.bottom))
            pygame.draw.line(surface, self.palette.hover, edge, at, 1)
            pygame.draw.circle(surface, self.palette.hover, (round(at[0]), round(at[1])), 3)
        self._tags.append(box.inflate(8, 4))
        pygame.draw.rect(surface, (0, 0, 0), box.inflate(8, 4))
        surface.blit(img, box)

    def _beside_units(self, box: pygame.Rect) -> bool:
        """Move ``box`` off the :attr:`keep_out` rectangles, to the nearest side of the
        block they form; True if it moved."""
        hit = [k for k in self.keep_out if box.inflate(8, 4).colliderect(k)]
        if not hit:
            return False
        block = hit[0].unionall(self.keep_out)
        start = box.copy()
        spots = [start.move(block.left - 10 - start.right, 0),
                 start.move(block.right + 10 - start.left, 0),
                 start.move(0, block.top - 8 - start.bottom),
                 start.move(0, block.bottom + 8 - start.top)]
        best = min(spots, key=lambda r: (any(r.colliderect(t) for t in self._tags),
                                         abs(r.centerx - start.centerx)
                                         + abs(r.centery - start.centery)))
        box.topleft = best.topleft
        return True

    # --- the info box -------------------------------------------------------------------------

    def overlays(self, surface: pygame.Surface, state: GameState, view: ViewState,
                 outline: Callable[[str], list[Point]]) -> None:
        """The selected unit's own inspection, then the hovered pair's with its info box
        (kept off both units, ``outline`` giving their screen outlines) and side profiles."""
        cam = view.camera
        self.begin_frame()
        overlay = view.overlay
        concerned = {view.selected, *((overlay.viewer, overlay.target) if overlay else ())}
        for uid in sorted(u for u in concerned if u):
            pts = outline(uid)
            if len(pts) >= 2:
                xs, ys = [x for x, _ in pts], [y for _, y in pts]
                rect = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                self.keep_out.append(rect.inflate(rect.width * 0.3, 0))  # plates run wider
        if view.unit_overlay is not None:
            self.shapes(surface, state, view.unit_overlay, cam,
                        labels=overlay is None and not view.ghosts)
        if overlay is None:
            return
        self.shapes(surface, state, overlay, cam)
        outlines = tuple(tuple(outline(uid)) for uid in (overlay.viewer, overlay.target) if uid)

        def avoid() -> list[Point]:
            return [p for points in outlines for p in points] + [
                cam.to_screen(*p) for p in overlay.points()]

        self.info_box(surface, overlay, cam, avoid, view.reserved,
                      (cam.key(), tuple(view.reserved), outlines))
        box = self.info_rect
        if box is not None and overlay.inspection.profiles:
            draw_beside(surface, overlay.inspection.profiles, box, cam,
                        lambda size, bold: self.fonts.get(size, bold=bold))

    def info_box(self, surface: pygame.Surface, overlay: HoverOverlay, cam: Camera,
                 avoid: Sequence[Point] | Callable[[], Sequence[Point]],
                 reserved: Sequence[tuple[int, int, int, int]] = (),
                 key: Hashable = None) -> None:
        """Draw the lines, rule links and odds of ``overlay`` in a viewport corner away from
        ``avoid`` (screen points: the units concerned and the record's geometry, or what
        gives them) and from the ``reserved`` rectangles (the dice tray). ``key``: what
        ``avoid`` and the corner depend on besides the record (the camera, the reserved
        rectangles, the units' outlines): the corner is then worked out once while they and
        the record stay (every frame of a hover judged hundreds of points again)."""
        box, links = self._box(overlay, max(160, min(cam.width - 12, 460)))
        size = box.get_size()
        kept = self._spot
        if key is not None and kept is not None and kept[0] == (key, size) and (
                kept[1] is overlay.inspection):
            x, y = kept[2]
        else:
            points = avoid() if callable(avoid) else avoid
            x, y = box_spot(size, len(overlay.inspection.profiles), cam, points, reserved)
            self._spot = ((key, size), overlay.inspection, (x, y)) if key is not None else None
        surface.blit(box, (x, y))
        self.info_rect = pygame.Rect(x, y, *box.get_size())
        self.rule_rects = [(r.move(x, y), rule) for r, rule in links]

    def _box(self, overlay: HoverOverlay,
             max_width: int) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
        record = overlay.inspection
        # by what the box shows: the same words after an action that changed nothing of them
        # keep their box (a new record came with every action: ~1.5 ms of text a commit)
        key = (record.title, record.lines, record.odds, self.palette.name, max_width)
        hit = self._boxes.get(key)
        if hit is None:
            if len(self._boxes) > 64:
                self._boxes.clear()
            hit = self._render_box(overlay, max_width)
            self._boxes[key] = hit
        return hit

    def _render_box(self, overlay: HoverOverlay,
                    max_width: int) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
        record = overlay.inspection
        rows: list[list[tuple[pygame.Surface, str | None]]] = []
        head = self.fonts.get(15, bold=True)
        for part in wrap(head, record.title, max_width - 16):  # a long title wraps too
            rows.append([(head.render(part.strip(), True, (255, 255, 255)), None)])
        for line in record.lines:
            rows += self._line_rows(line, max_width - 16)
        for chart in record.odds:
            rows += self._chart_rows(chart, max_width - 16)
        rows += self._rule_rows(overlay.rules, max_width - 16)
        w = min(max_width, max(sum(img.get_width() for img, _ in row) for row in rows) + 16)
        h = sum(max(img.get_height() for img, _ in row) for row in rows) + 12
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (10, 12, 16, 230), (0, 0, w, h), border_radius=6)
        pygame.draw.rect(box, (*self.palette.hover, 255), (0, 0, w, h), 1, border_radius=6)
        links: list[tuple[pygame.Rect, str]] = []
        y = 6
        for row in rows:
            x = 8
            for img, rule in row:
                box.blit(img, (x, y))
                if rule is not None:
                    links.append((pygame.Rect(x, y, img.get_width(), img.get_height()), rule))
                x += img.get_width()
            y += max(img.get_height() for img, _ in row)
        return box, links

    def _line_rows(self, line: InfoLine,
                   width: int) -> list[list[tuple[pygame.Surface, str | None]]]:
        font = self.fonts.get(14)
        colour = TONES.get(line.tone, TONES["info"])
        return [[(font.render(part, True, colour), None)] for part in wrap(font, line.text, width)]

    def _rule_rows(self, rules: Sequence[str],
                   width: int) -> list[list[tuple[pygame.Surface, str | None]]]:
        """Every rule ID the record cites, once, as small links on the box's last rows (a tag
        after each line made the box twice as tall and hard to read)."""
        if not rules:
            return []
        font = self.fonts.get(12)
        rows: list[list[tuple[pygame.Surface, str | None]]] = [
            [(font.render("Rules:", True, (150, 150, 160)), None)]]
        for rule in rules:
            img = font.render(f" {rule}", True, LINK)
            if sum(i.get_width() for i, _ in rows[-1]) + img.get_width() > width:
                rows.append([])
            rows[-1].append((img, rule))
        return rows

    def _chart_rows(self, chart: OddsChart,
                    width: int = 444) -> list[list[tuple[pygame.Surface, str | None]]]:
        font, small = self.fonts.get(14, bold=True), self.fonts.get(13)
        rows: list[list[tuple[pygame.Surface, str | None]]] = [
            [(font.render(part.strip(), True, (255, 230, 150)), None)]
            for part in wrap(font, chart.title, width)]  # headings wrap, never run out
        for label, prob in shown_bars(chart.bars):
            rows.append([(self._bar(small, label, prob), None)])
        return rows

    def _bar(self, font: pygame.font.Font, label: str, p: float) -> pygame.Surface:
        """One bar of an odds chart: label, a bar as long as the probability, the percent."""
        h = font.get_height() + 2
        img = pygame.Surface((LABEL_W + BAR_W + 60, h), pygame.SRCALPHA)
        while len(label) > 4 and font.size(label)[0] > LABEL_W - 8:  # never under the bar
            label = label[:-2].rstrip() + "…"
        text = font.render(label, True, (220, 220, 220))
        img.blit(text, (max(0, LABEL_W - 6 - text.get_width()), 1))
        pygame.draw.rect(img, (60, 64, 72), (LABEL_W, 3, BAR_W, h - 6))
        pygame.draw.rect(img, self.palette.corridor,
                         (LABEL_W, 3, round(BAR_W * max(0.0, min(1.0, p))), h - 6))
        img.blit(font.render(pct(p), True, (240, 240, 240)), (LABEL_W + BAR_W + 6, 1))
        return img


def ghost_tray(tray: Tray, ghost: Ghost) -> Tray:
    """The tray a ghost with a ``pose`` shows: the unit's own moved there, or the new block
    the ghost declares (a reform)."""
    assert ghost.pose is not None
    if ghost.block is None:
        return tray.moved_to(*ghost.pose)
    width, depth, files, ranks = ghost.block
    return Tray(*ghost.pose, width, depth, files, ranks)


def ghost_outline(state: GameState, ghost: Ghost) -> list[Point]:
    """World outline of a ghost: the unit's tray at the ghost's pose, or the ghost's hex."""
    unit = state.units.get(ghost.unit)
    if ghost.pose is not None and unit is not None and unit.tray is not None:
        return list(ghost_tray(unit.tray, ghost).corners)
    if ghost.hex is not None:
        return hexlayout.hex_corners_world(ghost.hex[0], ghost.hex[1], 0.9)
    return []


def box_spot(size: tuple[int, int], profiles: int, cam: Camera, avoid: Sequence[Point],
             reserved: Sequence[tuple[int, int, int, int]] = ()) -> tuple[int, int]:
    """Where the info box goes, judged with the side profiles drawn beside it
    (:func:`~game.ui.draw_profile.beside_rects`): of each viewport corner, with the profiles
    either on the far side of the box or where the box alone would put them, the spot whose
    box and profiles cover the fewest ``avoid`` points and no ``reserved`` rectangle."""
    w, h = size
    if not profiles:
        return info_corner(size, cam, avoid, reserved)
    block = (max(w, PROFILE_SIZE[0]), h + profiles * (PROFILE_SIZE[1] + 4))
    spots = []
    for bw, bh in (block, size):
        left, top = cam.left + 6, cam.top + 6
        right, bottom = cam.left + cam.width - bw - 6, cam.top + cam.height - bh - 6
        spots += [(left, bottom + bh - h), (right + bw - w, bottom + bh - h),
                  (right + bw - w, top), (left, top)]

    def covered(spot: tuple[int, int]) -> int:
        rect = pygame.Rect(spot[0], spot[1], w, h)
        rects = [rect, *beside_rects(rect, profiles, cam)]
        near = [r.inflate(60, 60) for r in rects]
        hidden = sum(any(n.collidepoint(px, py) for n in near) for px, py in points)
        return hidden + 1000 * sum(bool(r.collidelist(rects) >= 0) for r in map(
            pygame.Rect, reserved))

    points = [(round(px), round(py)) for px, py in avoid]
    return first_clear(spots, covered)


def info_corner(size: tuple[int, int], cam: Camera, avoid: Sequence[Point],
                reserved: Sequence[tuple[int, int, int, int]] = ()) -> tuple[int, int]:
    """The first viewport corner (bottom-left, bottom-right, top-right, top-left) whose box
    keeps clear of every ``avoid`` point and ``reserved`` rectangle; the one with the fewest
    points under it otherwise. Bottom corners come first: the top of the board is where the
    opponent's units stand."""
    w, h = size
    left, top = cam.left + 6, cam.top + 6
    right, bottom = cam.left + cam.width - w - 6, cam.top + cam.height - h - 6
    spots = [(left, bottom), (right, bottom), (right, top), (left, top)]

    def covered(spot: tuple[int, int]) -> int:
        rect = pygame.Rect(spot[0], spot[1], w, h)
        near = rect.inflate(60, 60)
        hidden = sum(near.collidepoint(px, py) for px, py in points)
        return hidden + 1000 * sum(bool(rect.colliderect(r)) for r in reserved)

    points = [(round(px), round(py)) for px, py in avoid]
    return first_clear(spots, covered)


def first_clear(spots: Sequence[tuple[int, int]],
                covered: Callable[[tuple[int, int]], int]) -> tuple[int, int]:
    """The first of ``spots`` that ``covered`` finds clear (0), else the one it finds least
    covered (the first of those): the answer of ``min`` over (cover, order) without judging
    the spots after a clear one (the box is placed every frame a hover shows)."""
    best: tuple[int, int] | None = None
    least = 0
    for spot in spots:
        cover = covered(spot)
        if cover == 0:
            return spot
        if best is None or cover < least:
            best, least = spot, cover
    assert best is not None
    return best


KEPT_AREA = 256 * 256
"""Pixels up to which a see-through polygon is drawn through the kept layer: clearing a part of
it costs what a new layer's zeroed memory does not, so a big polygon (a unit's overlay
zoomed in, half the window) takes a new layer, and the many small ones of a reach share
one."""


class SeeThrough:
    """One painter's kept see-through layer (grown as needed), for its small polygons: a reach
    of dozens of hexes made a new surface for each, every frame (issue 32)."""

    def __init__(self) -> None:
        self._layer: pygame.Surface | None = None

    def layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The kept layer, at least ``size`` big, its top-left ``size`` cleared and clipped
        (drawn into as a layer of that size: nothing beyond it)."""
        layer = self._layer
        if layer is None or layer.get_width() < size[0] or layer.get_height() < size[1]:
            width = max(size[0], layer.get_width() if layer else 0)
            height = max(size[1], layer.get_height() if layer else 0)
            layer = self._layer = pygame.Surface((width, height), pygame.SRCALPHA)
        area = pygame.Rect((0, 0), size)
        layer.set_clip(area)
        layer.fill((0, 0, 0, 0), area)
        return layer


HEX_FILL_ALPHA = 60
"""Opacity of a marked hex's fill."""

HEX_SCALE = 0.92
"""A marked hex's outline, as a share of the hex: neighbouring marks stay apart."""


def _runs(shapes: Sequence[Shape]) -> list[Shape | tuple[HexMark, ...]]:
    """The shapes in order, each run of hexes of one style gathered in a tuple."""
    out: list[Shape | tuple[HexMark, ...]] = []
    for shape in shapes:
        last = out[-1] if out else None
        if isinstance(shape, HexMark) and isinstance(last, tuple) and (
                last[0].style == shape.style):
            out[-1] = (*last, shape)
        else:
            out.append((shape,) if isinstance(shape, HexMark) else shape)
    return out


@dataclass(frozen=True)
class HexFill:
    """A run of hexes' outlines on the screen and their fills in one see-through layer
    (None when none is on the clip), blitted at ``at``."""

    outlines: tuple[list[Point], ...]
    layer: pygame.Surface | None
    at: tuple[int, int]


class HexFills:
    """The fills of the runs of hexes drawn lately, kept by run, camera, clip and colour: the
    marks of one run do not overlap (:data:`HEX_SCALE`), so their fills go in one layer with
    one blit, the same layer every frame while they are shown."""

    KEEP = 4
    """Runs kept (a unit's own record and a hovered pair's, a few frames apart; a layer may
    be as big as the table's viewport)."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, HexFill] = {}

    def get(self, surface: pygame.Surface, marks: tuple[HexMark, ...], cam: Camera,
            colour: RGB) -> HexFill:
        """The fill of ``marks`` seen through ``cam`` on ``surface``'s clip."""
        clip = surface.get_clip() or surface.get_rect()
        key = (tuple((m.q, m.r) for m in marks), cam.key(), tuple(clip), colour)
        kept = self._kept.pop(key, None)
        if kept is None:
            kept = hex_fill(marks, cam, clip, colour)
        self._kept[key] = kept  # the newest last
        while len(self._kept) > self.KEEP:
            del self._kept[next(iter(self._kept))]
        return kept


def _bounds(pts: Sequence[Point], clip: pygame.Rect) -> pygame.Rect:
    """The whole pixels a polygon through ``pts`` may touch, cropped to ``clip``."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    rect = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                       math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
    return rect.clip(clip)


def hex_fill(marks: Sequence[HexMark], cam: Camera, clip: pygame.Rect,
             colour: RGB) -> HexFill:
    """The :class:`HexFill` of ``marks``: each outline in screen points, and their fills
    drawn into one see-through layer cropped to their bounds and ``clip``."""
    outlines = tuple(cam.points_to_screen(hexlayout.hex_corners_world(m.q, m.r, HEX_SCALE))
                     for m in marks)
    rect = _bounds([p for pts in outlines for p in pts], clip)
    if rect.width <= 0 or rect.height <= 0:
        return HexFill(outlines, None, (0, 0))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    for pts in outlines:
        pygame.draw.polygon(layer, (*colour, HEX_FILL_ALPHA),
                            [(x - rect.left, y - rect.top) for x, y in pts])
    return HexFill(outlines, layer, rect.topleft)


def alpha_polygon(surface: pygame.Surface, pts: Sequence[Point], colour: RGB,
                  alpha: int, kept: SeeThrough | None = None) -> None:
    """Fill a polygon see-through, on a layer cropped to its bounds and the clip: ``kept``'s
    for a small polygon (up to :data:`KEPT_AREA` pixels), else a new one."""
    rect = _bounds(pts, surface.get_clip() or surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return
    small = kept is not None and rect.width * rect.height <= KEPT_AREA
    layer = kept.layer(rect.size) if kept is not None and small else pygame.Surface(
        rect.size, pygame.SRCALPHA)
    local = [(x - rect.left, y - rect.top) for x, y in pts]
    pygame.draw.polygon(layer, (*colour, alpha), local)
    surface.blit(layer, rect.topleft, pygame.Rect((0, 0), rect.size))
