"""The table's heads-up display: the top bar (round, player to act, phase, what is pending),
the selected unit's card (the ruleset's :class:`~game.core.inspect.UnitCard`), the status line
and the rule explanation box. The hover box is the renderer's (it draws inspections)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.inspect import Relief, TableCondition, UnitCard, UnitMark
from game.core.pending import Chance, PlayerDecision
from game.core.state import HexBoard
from game.ui.draw_board import fill_colour
from game.ui.inspect_draw import TONES, wrap
from game.ui.labels import fit
from game.ui.panel import panel_width

LegendRows = tuple[tuple[tuple[str, ...], tuple[int, int, int]], ...]
"""The terrain legend's rows: each row's wrapped lines and its swatch colour."""

if TYPE_CHECKING:
    from game.ui.table_scene import TableScene

CARD_LINES = 9
LINE_H = 16
"""A text row at the normal text size (see :meth:`Hud.line_h`)."""
BADGE_INK = (20, 20, 20)
"""A mark badge's text colour (the shared fonts render each badge text once and keep it)."""
CONDITION_COLOURS = {"day": (200, 170, 60), "dusk": (150, 110, 160), "night": (46, 62, 130)}
"""The fill of a table condition's badge in the top bar, by its light."""


class Hud:
    """Draws the HUD of one table scene (see module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._card_cache: tuple[tuple[int, str], UnitCard | None] | None = None
        self._rows_cache: tuple[UnitCard, list[tuple[str, str]], int] | None = None
        self.card_scroll = 0
        """The first row of a long card shown (the wheel over the card scrolls it)."""
        self._card_unit: str | None = None
        self._marks: tuple[int, dict[str, tuple[UnitMark, ...]]] | None = None
        self._layers: dict[str, tuple[Hashable, pygame.Surface]] = {}
        self._legend: tuple[Hashable, list[tuple[str, tuple[int, int, int]]]] | None = None
        """The legend's rows and what they were worked out from (see :meth:`legend_rows`)."""
        self._legend_layout: tuple[Hashable, int, LegendRows] | None = None
        """The legend box's width and its rows wrapped to it, and what they came from."""

    def _layer(self, name: str, key: Hashable, size: tuple[int, int],
               paint: Callable[[pygame.Surface], None], alpha: bool = False) -> pygame.Surface:
        """The HUD part ``name`` as a surface of ``size``, painted again only when ``key``
        (everything the painting reads) changes: a frame blits the text it drew before
        (issue 12: text rendered once per change)."""
        hit = self._layers.get(name)
        if hit is not None and hit[0] == key and hit[1].get_size() == size:
            return hit[1]
        layer = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
        paint(layer)
        self._layers[name] = (key, layer)
        return layer

    def panel_w(self) -> int:
        """The side panel's width now (wider with larger text: :func:`panel_width`)."""
        return panel_width(self.scene.app.screen.get_width(), self.scene.app.fonts.scale)

    def line_h(self) -> int:
        """A text row in pixels at the player's text size (16 at normal size)."""
        return max(LINE_H, round(LINE_H * self.scene.app.fonts.scale))

    def pending_text(self) -> str:
        """What the game waits for, in a player's words."""
        s = self.scene
        node = s.pending()
        if isinstance(node, PlayerDecision):
            return node.prompt
        if isinstance(node, Chance):
            # "Orcs to roll", "Stark to roll": right for plural and singular side names
            return f"{s.state.player(node.player).name} to roll {node.dice} for {node.purpose}"
        if s.computer_decides():
            return "the computer's activation"
        return "your activation"

    def top_text(self) -> str:
        """``Round 2 of 6 - Stark to act (Movement phase): your activation`` (the round limit
        when the ruleset has one)."""
        s = self.scene
        player = s.game.current_player()
        limit = s.game.ruleset.round_limit(s.state)
        head = f"Round {s.state.turn.round}" + (f" of {limit}" if limit else "")
        if player is None:
            return f"{head}  -  game over"
        if s.pbf is not None and not s.pbf.waiting_for_me():
            return f"{head}  -  {self.pbf_text()}"
        phase = s.state.turn.phase
        phase_text = f" ({phase} phase)" if phase else ""
        name, waiting = s.state.player(player).name, self.pending_text()
        if waiting.startswith(f"{name} ") and not phase_text:
            return f"{head}  -  {waiting}"  # "Stark rolls 1d6 for ...": said once
        if s.computer is not None and s.computer.owns(player):
            name = s.computer.name(player)  # "Lannister (computer, normal) to act: ..."
        return f"{head}  -  {name} to act{phase_text}: {waiting}"

    def pbf_text(self) -> str:
        """A turn by file that waits for the other player, who is at another computer: never
        "Lannister, your turn" on this screen (issue 28.6), but what this player does now."""
        writer = self.scene.pbf
        name = writer.replay.name(2 if writer.side == 1 else 1)
        if writer.sent:
            return f"turn file sent: waiting for {name}'s answer"
        return f"your part is done: press Send turn to write the file for {name}"

    def top_line(self, width: int) -> tuple[str, pygame.font.Font]:
        """The top bar's text and font for ``width`` pixels: a smaller font before any of it
        is cut off (a long roll's purpose)."""
        fonts = self.scene.app.fonts
        text = self.top_text()
        for size in (17, 15, 13):
            font = fonts.get(size, bold=True)
            if font.size(text)[0] <= width:
                return text, font
        return fit(font, text, width), font

    def marks(self) -> dict[str, tuple[UnitMark, ...]]:
        """``Ruleset.unit_marks`` of every unit on the board, asked once per revision."""
        s = self.scene
        if self._marks is None or self._marks[0] != s.revision:
            found = {u.id: s.game.ruleset.unit_marks(s.state, u.id) for u in s.state.live_units()
                     if u.on_board}
            self._marks = (s.revision, {k: v for k, v in found.items() if v})
        return self._marks[1]

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Each unit's marks (``done`` for an activated unit...) as small badges on the unit."""
        from game.ui import hexlayout

        s = self.scene
        font = s.app.fonts.get(13)
        viewport = s.viewport()
        surface.set_clip(viewport)
        for unit_id, marks in self.marks().items():
            unit = s.state.units[unit_id]
            if unit.tray is not None:
                x, y = s.view.camera.to_screen(unit.tray.x, unit.tray.y)
            elif unit.hex is not None:
                x, y = s.view.camera.to_screen(*hexlayout.hex_centre(unit.hex.q, unit.hex.r))
            else:
                continue
            img = font.render("  ".join(m.text for m in marks), True, BADGE_INK)  # kept
            # under the unit's name label (which is centred on the unit)
            box = img.get_rect(center=(round(x), round(y) + 22)).inflate(8, 2)
            if not box.colliderect(viewport):
                continue  # out of view: nothing of it would show
            pygame.draw.rect(surface, (232, 228, 200), box, border_radius=5)
            pygame.draw.rect(surface, (40, 40, 40), box, 1, border_radius=5)
            surface.blit(img, img.get_rect(center=box.center))
        surface.set_clip(None)

    def legend_rows(self) -> list[tuple[str, tuple[int, int, int]]]:
        """One row per terrain kind on the board (not plain open ground): its name with what
        its rules keywords mean, in the words the ruleset declares for them
        (``Ruleset.terrain_keywords``), and the colour it is drawn in. Worked out again only
        when the board's cells or terrain, the palette or the ruleset change (a hex map of
        3600 cells took milliseconds a frame; so did a key naming every cell: the cells are
        known by their map, as the renderer's base layer knows them)."""
        s = self.scene
        board = s.state.board
        cells = (id(board.cells), len(board.cells)) if isinstance(board, HexBoard) else ()
        key = (id(board), cells, tuple(map(id, s.state.terrain)), s.app.palette.name,
               id(s.game.ruleset), s.renderer.relief(s.state))
        if self._legend is None or self._legend[0] != key:
            self._legend = (key, self._legend_rows())
        return self._legend[1]

    def _legend_rows(self) -> list[tuple[str, tuple[int, int, int]]]:
        s = self.scene
        board = s.state.board
        found: dict[str, set[str]] = {}
        if isinstance(board, HexBoard):
            for cell in board.cells.values():
                if cell.terrain != "open" or cell.keywords:
                    found.setdefault(cell.terrain, set()).update(cell.keywords)
        for piece in s.state.terrain:
            found.setdefault(piece.kind, set()).update(piece.keywords)
        palette = s.app.palette
        ruleset = s.game.ruleset

        def meaning(word: str) -> str:
            declared = ruleset.terrain_keyword(word)
            return declared.meaning if declared is not None else word.replace("-", " ")

        rows = [(f"{kind}: {'; '.join(meaning(k) for k in sorted(words))}"
                 if words else kind, palette.terrain_colour(kind))
                for kind, words in sorted(found.items())]
        relief = s.renderer.relief(s.state)
        if relief is None or not isinstance(board, HexBoard):
            return rows
        return [self._relief_row(board, relief, kind, text)
                for (text, _), kind in zip(rows, sorted(found), strict=True)]

    def _relief_row(self, board: HexBoard, relief: Relief, kind: str,
                    text: str) -> tuple[str, tuple[int, int, int]]:
        """A legend row on a board with relief: the swatch in the shade the kind is drawn at
        (its commonest height) and its heights in the ruleset's unit ("mesa, 12 pegs")."""
        levels = [c.elevation for c in board.cells.values()] or [0]
        heights = [c.elevation for c in board.cells.values() if c.terrain == kind]
        if not heights:
            return text, self.scene.app.palette.terrain_colour(kind)
        common = max(set(heights), key=heights.count)
        colour = fill_colour(self.scene.app.palette, kind, common, min(levels), max(levels),
                             relief)
        low, high = min(heights), max(heights)
        span = f"{low}" if low == high else f"{low}-{high}"
        head, colon, rest = text.partition(": ")
        return f"{head}, {span} {relief.unit}".rstrip() + (f": {rest}" if colon else ""), colour

    def draw_legend(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The terrain legend in the board's bottom-left corner (None when there is none, when
        the player put it away with K, or when the pointer is over it: a unit standing under
        the legend is then seen whole).
        It takes at most half the board's width; a row too long for that wraps under its
        swatch instead of being cut (at any text size)."""
        rows = self.legend_rows()
        if not rows or not self.scene.app.settings.terrain_key:
            return None  # none, or the player put it away (K)
        view = self.scene.viewport()
        width, wrapped = self.legend_layout(rows, view.width // 2)
        lines = sum(len(parts) for parts, _ in wrapped)
        box = pygame.Rect(view.left + 8, view.bottom - 8 - 8 - self.line_h() * lines, width,
                          8 + self.line_h() * lines)
        info = self.scene.renderer.painter.info_rect
        if info is not None and box.colliderect(info):
            return None  # the hover box is there now: it matters more
        if box.collidepoint(self.scene.mouse):
            return None  # the pointer looks at the board under it: the legend steps aside
        if box.collidelist([pygame.Rect(r) for r in self.scene.view.reserved]) >= 0:
            return None  # so does the dice tray (a row of the legend peeked out under it)
        surface.blit(self._layer("legend", wrapped, box.size,
                                 lambda layer: self._paint_legend(layer, wrapped), alpha=True),
                     box.topleft)
        return box

    def legend_layout(self, rows: list[tuple[str, tuple[int, int, int]]], most: int
                      ) -> tuple[int, LegendRows]:
        """The legend box's width (its longest row, at most ``most`` pixels) and each row's
        text wrapped to it: worked out once per change (the legend is drawn every frame)."""
        key = (tuple(rows), most, self.line_h())
        if self._legend_layout is None or self._legend_layout[0] != key:
            font = self.scene.app.fonts.get(13)
            width = min(most, 12 + max(font.size(text)[0] for text, _ in rows) + 22)
            wrapped = tuple((tuple(wrap(font, text, max(40, width - 30))), colour)
                            for text, colour in rows)
            self._legend_layout = (key, width, wrapped)
        return self._legend_layout[1], self._legend_layout[2]

    def _paint_legend(self, layer: pygame.Surface, rows: LegendRows) -> None:
        font = self.scene.app.fonts.get(13)
        layer.fill((20, 22, 26, 200))
        line = 0
        for parts, colour in rows:
            y = 4 + line * self.line_h()
            pygame.draw.rect(layer, colour, pygame.Rect(6, y + 2, 12, 12))
            pygame.draw.rect(layer, (200, 200, 196), pygame.Rect(6, y + 2, 12, 12), 1)
            for part in parts:
                layer.blit(font.render(part.strip(), True, (230, 228, 220)),
                           (24, 4 + line * self.line_h()))
                line += 1

    def draw(self, surface: pygame.Surface) -> None:
        """Top bar, unit card, status line."""
        self._top(surface)
        self._card(surface)
        self._status(surface)

    def draw_explanation(self, surface: pygame.Surface) -> None:
        """The explanation of the rule the player clicked, and any question to answer
        (drawn over everything)."""
        if self.scene.explanation is not None:
            self._explanation(surface)
        if self.scene.confirm is not None:
            self._confirm(surface, self.scene.confirm)

    def _confirm(self, surface: pygame.Surface, text: str) -> None:
        vp = self.scene.viewport()
        font = self.scene.app.fonts.get(16, bold=True)
        lines = wrap(font, text, min(560, vp.width - 80))
        box = pygame.Rect(0, 0, min(600, vp.width - 40), 30 + 24 * len(lines))
        box.center = vp.center
        pygame.draw.rect(surface, (14, 16, 20), box, border_radius=8)
        pygame.draw.rect(surface, (230, 190, 60), box, 2, border_radius=8)
        for i, line in enumerate(lines):
            img = font.render(line.strip(), True, (245, 240, 225))
            surface.blit(img, img.get_rect(midtop=(box.centerx, box.top + 15 + 24 * i)))

    def conditions(self) -> tuple[TableCondition, ...]:
        """The ruleset's table conditions now (night...), shown as badges in the top bar."""
        s = self.scene
        return s.renderer.conditions(s.state, s.view)

    def _badges_width(self, conditions: tuple[TableCondition, ...]) -> int:
        font = self.scene.app.fonts.get(14, bold=True)
        return sum(font.size(c.word)[0] + 26 for c in conditions)

    def _top(self, surface: pygame.Surface) -> None:
        s = self.scene
        w, _ = surface.get_size()
        fonts = s.app.fonts
        player = s.game.current_player()
        legend = sum(fonts.get(13).size(pl.name)[0] + 26 for pl in s.state.players)
        conditions = self.conditions()
        room = w - self.panel_w() - legend - 50 - self._badges_width(conditions)
        text, head = self.top_line(room)
        colours = tuple((pl.name, s.app.palette.player_colour(pl.number, pl.colour))
                        for pl in s.state.players)
        key = (text, head, player, colours, s.session.scenario.name, conditions)
        surface.blit(self._layer("top", key, (w, s.top_h),
                                 lambda layer: self._paint_top(layer, text, head, player)),
                     (0, 0))

    def _paint_badges(self, layer: pygame.Surface, right: int) -> int:
        """Each table condition as a badge ending at ``right``; returns where they begin."""
        font = self.scene.app.fonts.get(14, bold=True)
        x = right
        for condition in reversed(self.conditions()):
            img = font.render(condition.word, True, (245, 245, 255))
            box = pygame.Rect(0, 8, img.get_width() + 16, 22)
            x -= box.width + 10
            box.x = x
            pygame.draw.rect(layer, CONDITION_COLOURS[condition.light], box, border_radius=11)
            pygame.draw.rect(layer, (200, 205, 235), box, 1, border_radius=11)
            layer.blit(img, img.get_rect(center=box.center))
        return x

    def _paint_top(self, layer: pygame.Surface, text: str, head: pygame.font.Font,
                   player: int | None) -> None:
        s = self.scene
        w, top_h = layer.get_size()
        layer.fill((16, 18, 22))
        fonts = s.app.fonts
        if player is not None:
            p = s.state.player(player)
            pygame.draw.rect(layer, s.app.palette.player_colour(p.number, p.colour),
                             (0, 0, 14, top_h))
        layer.blit(head.render(text, True, (245, 245, 240)),
                   (24, 9 + (fonts.get(17, bold=True).get_height() - head.get_height()) // 2))
        x = w - self.panel_w() - 10
        for pl in reversed(s.state.players):
            colour = s.app.palette.player_colour(pl.number, pl.colour)
            img = fonts.get(13).render(pl.name, True, (240, 240, 240))
            x -= img.get_width() + 26
            pygame.draw.rect(layer, colour, (x, 12, 14, 14))
            layer.blit(img, (x + 18, 11))
        self._paint_badges(layer, x - 6)
        name = fonts.get(13).render(s.session.scenario.name, True, (170, 170, 170))
        layer.blit(name, (w - self.panel_w() + 8, 4))

    def card_height(self) -> int:
        """Pixels the unit card takes under the tools row."""
        card = self._card_record()
        rows = 1 if card is None else len(self._card_rows(card))
        return self._card_head() + 6 + self.line_h() * rows

    def _card_head(self) -> int:
        """The card's title row in pixels (24 at the normal text size)."""
        return max(24, self.scene.app.fonts.get(16, bold=True).get_linesize() + 4)

    def card_top(self) -> int:
        """Where the card starts under the top bar: below the tools row, whose buttons grow
        with the text size."""
        return self.scene.panel.bh + 12

    def _card_record(self) -> UnitCard | None:
        """The ruleset's card of the selected unit (asked once per game revision)."""
        s = self.scene
        uid = s.view.selected
        if not uid or uid not in s.state.units:
            return None
        key = (s.revision, uid)
        if uid != self._card_unit:  # another unit's card starts at its top
            self._card_unit, self.card_scroll = uid, 0
        if self._card_cache is None or self._card_cache[0] != key:
            self._card_cache = (key, s.game.ruleset.unit_card(s.state, uid))
        return self._card_cache[1]

    def _card_rows(self, card: UnitCard) -> list[tuple[str, str]]:
        """The card's rows as shown: a long card shows :data:`CARD_LINES` - 1 of its rows
        from :attr:`card_scroll` and a last row saying how many more the wheel brings (the
        wrapping is worked out once per card record: every frame draws the card)."""
        width = self.panel_w()
        if self._rows_cache is None or self._rows_cache[0] is not card \
                or self._rows_cache[2] != width:
            self._rows_cache = (card, self._wrap_card(card), width)
        rows = self._rows_cache[1]
        if len(rows) <= CARD_LINES:
            return rows
        room = CARD_LINES - 1
        top = self.card_scroll = max(0, min(self.card_scroll, len(rows) - room))
        below = len(rows) - top - room
        hint = (f"... and {below} more lines (wheel over the card)" if below
                else f"(wheel up: {top} lines above)")
        return [*rows[top:top + room], (hint, "info")]

    def _wrap_card(self, card: UnitCard) -> list[tuple[str, str]]:
        font = self.scene.app.fonts.get(13)
        return [(part, str(line.tone)) for line in card.lines
                for part in wrap(font, line.text, self.panel_w() - 44)]

    def card_rect(self) -> pygame.Rect:
        """Where the unit card is on the screen (the wheel scrolls it there)."""
        w = self.scene.app.screen.get_width()
        return pygame.Rect(w - self.panel_w(), self.scene.top_h + self.card_top(),
                           self.panel_w(), self.card_height())

    def scroll_card(self, rows: int) -> bool:
        """Scroll a long card by ``rows`` (positive: down); whether it could scroll."""
        card = self._card_record()
        if card is None or self._rows_cache is None or self._rows_cache[0] is not card:
            return False
        total = len(self._rows_cache[1])
        if total <= CARD_LINES:
            return False
        before = self.card_scroll
        self.card_scroll = max(0, min(before + rows, total - (CARD_LINES - 1)))
        return self.card_scroll != before

    def _card(self, surface: pygame.Surface) -> None:
        s = self.scene
        w, h = surface.get_size()
        card = self._card_record()
        colour = None
        if card is not None:
            owner = s.state.player(s.state.units[s.view.selected or ""].owner)
            colour = s.app.palette.player_colour(owner.number, owner.colour)
        size = (self.panel_w(), h - s.top_h)
        surface.blit(self._layer("card", (card, colour, self.card_scroll, self.card_top(),
                                          s.app.fonts.scale), size,
                                 lambda layer: self._paint_card(layer, card, colour)),
                     (w - self.panel_w(), s.top_h))

    def _paint_card(self, layer: pygame.Surface, card: UnitCard | None,
                    colour: tuple[int, int, int] | None) -> None:
        """The selected unit's card on the panel's layer (or the hint to select one)."""
        fonts = self.scene.app.fonts
        layer.fill((30, 33, 38))
        y = self.card_top()
        if card is None or colour is None:
            layer.blit(fonts.get(14).render("Click a unit to select it.", True,
                                            (190, 190, 190)), (10, y + 8))
            return
        pygame.draw.rect(layer, colour, (8, y + 4, 10, self.card_height() - 8))
        size = next((z for z in (16, 15, 14, 13) if fonts.get(z, bold=True).size(
            card.title)[0] <= self.panel_w() - 40), 13)  # shrink a long title, then cut it
        title = fonts.get(size, bold=True)
        layer.blit(title.render(fit(title, card.title, self.panel_w() - 40), True,
                                (255, 255, 255)), (26, y + 2))
        y += self._card_head()
        font = fonts.get(13)
        for text, tone in self._card_rows(card):
            layer.blit(font.render(text, True, TONES.get(tone, TONES["info"])), (26, y))
            y += self.line_h()

    def _status(self, surface: pygame.Surface) -> None:
        s = self.scene
        w, h = surface.get_size()
        text = s.status or "F1: controls"
        surface.blit(self._layer("status", text, (w, s.status_h),
                                 lambda layer: self._paint_status(layer, text)),
                     (0, h - s.status_h))

    def _paint_status(self, layer: pygame.Surface, text: str) -> None:
        layer.fill((16, 18, 22))
        font = self.scene.app.fonts.get(14)
        layer.blit(font.render(fit(font, text, layer.get_width() - 20), True, (235, 225, 190)),
                   (10, 6))

    def _explanation(self, surface: pygame.Surface) -> None:
        s = self.scene
        assert s.explanation is not None
        rule, text = s.explanation
        vp = s.viewport()
        box = pygame.Rect(vp.left + 40, vp.bottom - 190, vp.width - 80, 170)
        pygame.draw.rect(surface, (14, 16, 20), box, border_radius=8)
        pygame.draw.rect(surface, (230, 190, 60), box, 2, border_radius=8)
        fonts = s.app.fonts
        surface.blit(fonts.get(16, bold=True).render(rule, True, (240, 200, 90)),
                     (box.left + 14, box.top + 10))
        y = box.top + 36
        rows = 5 if s.explained_lesson is not None else 6  # the last row offers the lesson
        for line in wrap(fonts.get(14), text, box.width - 28)[:rows]:
            surface.blit(fonts.get(14).render(line.strip(), True, (240, 240, 240)),
                         (box.left + 14, y))
            y += 20
        lesson = s.explained_lesson
        if lesson is not None:
            offer = f"L: take the lesson \"{lesson.title}\""
            surface.blit(fonts.get(14, bold=True).render(offer, True, (120, 200, 255)),
                         (box.left + 14, box.bottom - 26))
        hint = fonts.get(12).render("Esc closes, F2: all the rules, F1: how to play", True,
                                    (160, 160, 160))
        surface.blit(hint, (box.right - hint.get_width() - 10, box.top + 10))
