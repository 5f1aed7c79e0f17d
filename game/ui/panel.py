"""The table's side panel: tools, the selected unit's command buttons, variant lists, the
pending decision (offers and free answers), the dice the game waits for, and the event log.

Everything shown comes from the ruleset's records: :class:`~game.core.present.Command`
buttons (label, ``hint`` tooltip, disabled with their refusal), :class:`~game.core.present.Offer`
labels and ghosts, and a :class:`~game.core.pending.PlayerDecision`'s ``offers`` and ``free``
answers (:class:`~game.core.pending.PickDice`, :class:`~game.core.pending.PickNumber`,
:class:`~game.core.pending.PickSplit`, :class:`~game.core.pending.PointAnswer`); every number
or split answer keeps its own widgets, so several in one decision never read each other's.
The panel rebuilds only when its key changes, and a rebuild keeps every button and text box
that comes back the same (a button's text and size, a text box's text and place; pygame_gui
builds a button's images in about a millisecond, and selecting another unit or committing
an action usually gives the same tools, commands and log): a button's callback, tooltip,
place and enabled state are renewed.
"""

from __future__ import annotations

import html
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import EndActivation, FreeRoll
from game.core.events import Event
from game.core.odds import offer_tip
from game.core.pending import (
    Chance,
    Over,
    PickDice,
    PickNumber,
    PickSplit,
    PlayerDecision,
    PointAnswer,
)
from game.core.present import Command, Offer
from game.ui.labels import fit
from game.ui.log_box import LogBox
from game.ui.modes import DicePickMode, GhostPickMode, SteerMode, TargetMode, short_labels

if TYPE_CHECKING:
    from game.ui.table_scene import TableScene

PANEL_W = 350
"""The side panel's width at the normal text size (see :func:`panel_width`)."""
LOG_LINES = 80
LOG_SETTLE = 16
"""Rebuilds over which the log's top stays at the lowest place its commands needed: a select,
its commit and the settling after it move the commands' end by a row or two each time, and
a text box moved or resized is laid out again (~1 ms a line); one place keeps one box that
new events are appended to (issue 32)."""
FREE_DICE = "2d6"
ROW = 34
"""A button row at the normal text size: a 30-pixel button and its gap."""
PANEL_SHARE = 0.45
"""The most of the window's width a panel widened for larger text may take."""


def panel_width(width: int, scale: float) -> int:
    """The side panel's width in a window ``width`` pixels wide at the text size ``scale``:
    :data:`PANEL_W` at the normal size, wider as the text grows (so button labels keep
    their words), but never more than :data:`PANEL_SHARE` of the window."""
    return max(PANEL_W, min(round(PANEL_W * scale), int(width * PANEL_SHARE)))


@dataclass
class NumberWidget:
    """One number answer's slider and its confirm button."""

    answer: PickNumber
    slider: Any
    button: Any = None

    def value(self) -> float:
        """The slider's value snapped to the answer's step."""
        n = self.answer
        raw = float(self.slider.get_current_value())
        steps = round((raw - n.low) / n.step) if n.step > 0 else 0
        return max(n.low, min(n.high, n.low + steps * n.step))


@dataclass
class SplitWidget:
    """One split answer: a label and a slider for every part but the first, and the confirm
    button naming the whole split (enabled when it is a split at all)."""

    answer: PickSplit
    labels: list[Any] = field(default_factory=list)
    sliders: list[Any] = field(default_factory=list)
    button: Any = None

    def others(self) -> tuple[int, ...]:
        """The counts the sliders give the parts after the first."""
        return tuple(round(float(s.get_current_value())) for s in self.sliders)

    def counts(self) -> tuple[int, ...] | None:
        """Every part's count, or None when the sliders ask for more than there is."""
        return self.answer.counts(self.others())

    def words(self) -> str:
        """``Allocate: 2 on A, 1 on B, 1 on C`` (or what is too many)."""
        counts = self.counts()
        if counts is None:
            over = sum(self.others()) - self.answer.total + self.answer.minimum(0)
            return f"{self.answer.label}: {over} too many"
        return f"{self.answer.label}: " + ", ".join(
            f"{n} on {part}" for part, n in zip(self.answer.parts, counts, strict=True) if n)


class SidePanel:
    """The widgets of the side panel of one table scene (see module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.callbacks: dict[Any, Callable[[], None]] = {}
        self.refusals: dict[Any, str] = {}
        self.hover_ghosts: dict[Any, str] = {}
        self.tools: set[Any] = set()
        """The toolbar's buttons (Undo, Save, Menu...): the acting player's still while a
        hand-over is due, when the game's own buttons wait for the next player."""
        self.elements: list[Any] = []
        self.log = LogBox(scene.app.fonts, LOG_LINES)
        """The log's view, kept across rebuilds (new events are appended to it)."""
        self.log_box: Any = None
        self.list_box: Any = None
        self.free_dice_entry: Any = None
        """The scrolling container of a long offer list, if any."""
        self.dice_entry: Any = None
        self.die_buttons: dict[int, Any] = {}
        self.pick_confirm: Any = None
        self.numbers: list[NumberWidget] = []
        self.splits: list[SplitWidget] = []
        self.bh = 30
        """A button's height at the text size of the last build."""
        self.row = ROW
        """A button row (a button and its gap) at the text size of the last build."""
        self._key: Any = None
        self._log_tops: deque[int] = deque(maxlen=LOG_SETTLE)
        """Where the commands of the last rebuilds ended (the log starts below them all)."""
        self._log_height = 0
        """The window height those ends were measured at."""
        self._spare: dict[Hashable, Any] = {}
        """Widgets of the last build that the current one may take back (see :meth:`rebuild`)."""
        self._resting: dict[Hashable, Any] = {}
        """Spares the last build did not take back, hidden: the build after it may (the free
        dice roller and its button leave the panel while dice or a decision are pending and
        come back after; making them again took ~2 ms of a commit, issue 32)."""
        self._made: dict[Any, Hashable] = {}
        """What each plain button and text box was built as (its key among the spares)."""

    # --- lifecycle ------------------------------------------------------------------------

    def invalidate(self) -> None:
        """Rebuild on the next frame."""
        self._key = None

    def clear(self) -> None:
        """Kill every widget."""
        self._recycle()
        for element in [*self._spare.values(), *self._resting.values()]:
            element.kill()
        self._spare, self._resting = {}, {}
        self.log.kill()

    def _recycle(self) -> None:
        """Forget every widget: the plain buttons and text boxes go to the spares (the next
        build takes back those it makes again), the rest are killed."""
        for element in self.elements:
            key = self._made.get(element)
            if key is None or key in self._spare or not _still(element, key):
                element.kill()
            else:
                self._spare[key] = element
        self.elements = []
        self._made = {}
        self.callbacks.clear()
        self.refusals.clear()
        self.hover_ghosts.clear()
        self.tools = set()
        self.log_box = self.dice_entry = self.pick_confirm = self.list_box = None
        self.free_dice_entry = None
        self.numbers, self.splits = [], []
        self.die_buttons = {}

    def _drop_spare(self) -> None:
        """Hide the spares this build did not take back, to rest for one more build; kill
        those that rested through this one unused."""
        for element in self._resting.values():
            element.kill()
        for element in self._spare.values():
            element.unfocus()  # a hidden entry must not take the keys typed meanwhile
            element.hide()
        self._resting, self._spare = self._spare, {}

    def _take(self, key: Hashable) -> Any:
        """A spare or resting widget built as ``key``, shown (None if there is none)."""
        found = self._spare.pop(key, None)
        if found is None:
            found = self._resting.pop(key, None)
            if found is not None:
                found.show()
        return found

    def refresh(self) -> None:
        """Rebuild if the game, the selection, the mode or the window changed."""
        s = self.scene
        key = (s.revision, s.view.selected, id(s.mode), s.app.screen.get_size(),
               s.app.fonts.scale)
        if key != self._key:
            self._key = key
            self.rebuild()

    def ghost_under(self, pos: tuple[int, int]) -> str | None:
        """The ghost key of the offer button under ``pos``, if any."""
        for element, key in self.hover_ghosts.items():
            if element.rect.collidepoint(pos) and element.visible:
                return key
        return None

    def typing(self) -> bool:
        """Whether a text entry has the keyboard."""
        entries = (self.dice_entry, self.free_dice_entry)
        return any(e is not None and bool(e.is_focused) for e in entries)

    # --- building ---------------------------------------------------------------------------

    def button(self, label: str, fn: Callable[[], None] | None, rect: pygame.Rect,
               tip: str | None = None, ghost: str | None = None, container: Any = None) -> Any:
        """A button calling ``fn``; disabled (with ``tip`` as its reason) when ``fn`` is None."""
        from pygame_gui.elements import UIButton

        key = ("button", label, rect.size)
        b = None if container is not None else self._take(key)
        if b is None:
            b = UIButton(rect, label, self.scene.app.manager, tool_tip_text=tip or None,
                         container=container)
        else:
            _renew(b, rect, tip)
        if container is None:
            self._made[b] = key
        self.elements.append(b)
        if fn is None:
            b.disable()
            self.refusals[b] = tip or ""
        else:
            b.enable()
            self.callbacks[b] = fn
        if ghost is not None:
            self.hover_ghosts[b] = ghost
        return b

    def text_box(self, text_html: str, rect: pygame.Rect) -> Any:
        """A read-only text box (its ``<a href>`` links open rule explanations)."""
        from pygame_gui.elements import UITextBox

        key = ("text", text_html, tuple(rect))
        box = self._take(key)
        if box is None:
            box = UITextBox(text_html, rect, self.scene.app.manager)
        self._made[box] = key
        self.elements.append(box)
        return box

    def rebuild(self) -> None:
        """Rebuild every widget from the current game (taking back the unchanged ones)."""
        self._recycle()
        try:
            self._build()
        finally:
            self._drop_spare()

    def _build(self) -> None:
        s = self.scene
        w, h = s.app.screen.get_size()
        scale = s.app.fonts.scale
        self.bh = max(30, round(30 * scale))
        self.row = self.bh + 4
        panel_w = panel_width(w, scale)
        x0, width = w - panel_w + 8, panel_w - 16
        y = self._tools(x0, s.top_h + 4, width) + 4 + s.hud.card_height()
        node = s.pending()
        if s.computer_decides():
            y = self._computer_acts(x0, y, width)  # its decisions are never the human's
        else:
            y = self._commands(x0, y, width, node)
            if isinstance(node, PlayerDecision):
                y = self._decision(node, x0, y, width)
            elif isinstance(node, Chance):
                y = self._chance(node, x0, y, width)
        log_top = self._log_top(y + 6, h)
        self.log_box = self.log.show(self._logged(), self.log_line, pygame.Rect(
            x0, log_top, width, h - log_top - s.status_h - 6))

    def _log_top(self, end: int, height: int) -> int:
        """Where the log starts: below the commands (which end at ``end``) and the middle of
        the window, and below where the commands of the last :data:`LOG_SETTLE` rebuilds
        ended at this window height, so the log keeps its place (and its box) from a select
        to its commit and the settling after it."""
        if self._log_height != height:
            self._log_height = height
            self._log_tops.clear()
        self._log_tops.append(max(end, height // 2))
        return max(self._log_tops)

    def _tools(self, x0: int, y: int, width: int) -> int:
        s = self.scene
        if s.pbf is not None:
            return self._pbf_tools(x0, y, width)
        game = s.game
        bw = (width - 4 * 4) // 5
        undo = s.flow.undo_refusal()
        redo_ok = game.can_redo()
        tools: list[tuple[str, Callable[[], None] | None, str | None]] = [
            ("Undo", s.flow.undo if undo is None else None, None if undo is None else str(undo)),
            ("Redo", s.flow.redo if redo_ok else None, None if redo_ok else "nothing to redo"),
            ("Save", s.flow.save_now, "save the game (Ctrl+S)"),
            ("Load", s.flow.load, "load a saved game (Ctrl+O)"),
            ("Menu", s.flow.ask_menu, "back to the main menu (Esc)"),
        ]
        for i, (label, fn, tip) in enumerate(tools):
            self.tools.add(self.button(label, fn, pygame.Rect(x0 + i * (bw + 4), y, bw, self.bh),
                                       tip))
        return y + self.bh + 8

    def _pbf_tools(self, x0: int, y: int, width: int) -> int:
        """A turn by file: Undo (only this file's own inputs, nothing once sent: issue 28.2),
        Redo, Send turn (twice as wide, so it reads in full: issue 28.6) and Menu."""
        from game.ui.pbf_scene import send_turn

        s = self.scene
        writer = s.pbf
        undo = writer.can_undo()
        redo_ok = s.game.can_redo()
        ready = not writer.waiting_for_me()
        send_tip = ("sent: sends the same file again" if writer.sent else
                    "write your turn file" if ready else "finish your turn first")
        tools: list[tuple[str, Callable[[], None] | None, str | None, int]] = [
            ("Undo", s.flow.undo if undo is None else None, undo, 1),
            ("Redo", s.flow.redo if redo_ok else None, None if redo_ok else "nothing to redo", 1),
            ("Send turn", (lambda: (send_turn(s), None)[1]) if ready else None, send_tip, 2),
            ("Menu", s.flow.ask_menu, "back to the main menu (Esc)", 1),
        ]
        unit = (width - 4 * (len(tools) - 1)) // sum(t[3] for t in tools)
        x = x0
        for label, fn, tip, weight in tools:
            bw = unit * weight + 4 * (weight - 1)
            self.button(label, fn, pygame.Rect(x, y, bw, self.bh), tip)
            x += bw + 4
        return y + self.bh + 8

    def _commands(self, x0: int, y: int, width: int, node: object) -> int:
        s = self.scene
        mode = s.mode
        if isinstance(mode, GhostPickMode):
            return self._variants(mode, x0, y, width)
        sel = s.view.selected
        if sel and sel in s.state.units and not isinstance(node, PlayerDecision | Chance):
            commands = s.commands_of(sel)
            col = (width - 6) // 2
            for i, command in enumerate(commands):
                rect = pygame.Rect(x0 + (i % 2) * (col + 6), y, col, self.bh)
                self._command_button(command, rect)
                if i % 2 == 1:
                    y += self.row
            if len(commands) % 2 == 1:
                y += self.row
        end = s.game.why_not(EndActivation())
        offer = s.game.ruleset.end_offer(s.state)  # what ending does here, in its words
        self.button(f"{offer.label} (Enter)", s.end_activation if end is None else None,
                    pygame.Rect(x0, y, width, self.bh),
                    offer.hint if end is None else s.refusal_text(end))
        y += self.row
        if not isinstance(node, PlayerDecision | Chance):
            y = self._free_dice(x0, y, width)
        return y + 6

    def _free_dice(self, x0: int, y: int, width: int) -> int:
        """A free dice roller (``2d6``, ``3d8``...) where the table allows free rolls."""
        from pygame_gui.elements import UITextEntryLine

        s = self.scene
        if s.game.why_not(FreeRoll(FREE_DICE)) is not None:
            return y
        rect = pygame.Rect(x0, y, 90, self.bh)
        key = ("entry", rect.size)
        entry = self._take(key)  # an earlier build's, moved if the commands moved
        if entry is None:
            entry = UITextEntryLine(rect, s.app.manager)
            entry.set_text(FREE_DICE)
        else:
            _renew(entry, rect, None)
            if not entry.is_focused and entry.get_text() != FREE_DICE:
                entry.set_text(FREE_DICE)
        self._made[entry] = key
        self.elements.append(entry)
        self.free_dice_entry = entry
        self.button("Roll free dice", self.roll_free, pygame.Rect(x0 + 96, y, width - 96, self.bh),
                    "roll any dice, e.g. 2d6 or 3d8 (they count for nothing in the rules)")
        return y + self.row

    def roll_free(self) -> None:
        """Roll the dice typed in the free roller (the game's seeded dice, logged)."""
        text = (self.free_dice_entry.get_text() if self.free_dice_entry else FREE_DICE).strip()
        try:
            action = FreeRoll(text or FREE_DICE)
        except ValueError as exc:
            self.scene.status = f"Type dice like 2d6 ({exc})"
            return
        self.scene.perform(action)

    def _command_button(self, command: Command, rect: pygame.Rect) -> None:
        s = self.scene
        if command.enabled:
            self.button(command.label, lambda: s.choose(command), rect,
                        command.hint or command.label)
        else:
            reason = s.refusal_text(command.refusal) if command.refusal else "not now"
            self.button(command.label, None, rect, reason)

    def _variants(self, mode: GhostPickMode, x0: int, y: int, width: int) -> int:
        s = self.scene
        self.text_box(html.escape(mode.title), pygame.Rect(x0, y, width, self.bh))
        y += self.row
        self.button("Cancel (Esc)", s.cancel_mode, pygame.Rect(x0, y, width, self.bh))
        y += self.row
        y = self.offer_list(mode.offers, x0, y, width, lambda i: str(i))
        return y + 6

    def offer_list(self, offers: tuple[Offer, ...], x0: int, y: int, width: int,
                   ghost_key: Callable[[int], str], odds: bool = False) -> int:
        """One button per offer (label, ``hint`` tooltip, its ghost lit on hover); a long
        list scrolls instead of losing offers. With ``odds`` (a decision's answers) the
        tooltip is the core's :func:`~game.core.odds.offer_tip`: label, hint and the exact
        odds of the answer's plan."""
        from pygame_gui.elements import UIScrollingContainer

        h = self.scene.app.screen.get_size()[1]
        fit = max(3, (h - self.scene.status_h - 130 - y) // self.row)
        container = None
        inner_w, x, top = width, x0, y
        if len(offers) > fit:
            container = UIScrollingContainer(pygame.Rect(x0, y, width, fit * self.row),
                                             self.scene.app.manager, allow_scroll_x=False)
            container.set_scrollable_area_dimensions((width - 22, len(offers) * self.row))
            self.elements.append(container)
            self.list_box = container
            inner_w, x, top = width - 22, 0, 0
        font = self.scene.app.fonts.get(15)
        short = short_labels([o.label for o in offers],
                             lambda text: font.size(text)[0] <= inner_w - 16)
        for i, offer in enumerate(offers):
            ghost = ghost_key(i) if offer.ghost is not None else None
            tip = (offer_tip(self.scene.game.ruleset, self.scene.state, offer) if odds
                   else offer.label if short[i] == offer.label else f"{offer.label}. {offer.hint}")
            self.button(short[i], self._performer(offer),
                        pygame.Rect(x, top + i * self.row, inner_w, self.bh),
                        tip.strip(". ") or None, ghost=ghost, container=container)
        return y + min(len(offers), fit) * self.row

    def _performer(self, offer: Offer) -> Callable[[], None]:
        def perform() -> None:
            self.scene.perform_offer(offer)

        return perform

    def _decision(self, node: PlayerDecision, x0: int, y: int, width: int) -> int:
        s = self.scene
        who = s.state.player(node.player).name
        links = " ".join(f"<a href='{r}'>[{html.escape(r)}]</a>" for r in node.rules)
        height = self.prompt_height(f"{who}: {node.prompt} {' '.join(node.rules)}", width)
        self.text_box(f"{html.escape(who)}: {html.escape(node.prompt)} {links}",
                      pygame.Rect(x0, y, width, height))
        y += height + 4
        for answer in node.free:
            y = self._free(answer, x0, y, width)
        return self.offer_list(node.offers, x0, y, width, lambda i: f"d{i}", odds=True) + 6

    def prompt_height(self, text: str, width: int) -> int:
        """The decision prompt's box: tall enough for all of its lines (no scrolling for a
        prompt of three or four lines), but never more than a fifth of the window."""
        from game.ui.inspect_draw import wrap

        s = self.scene
        font = s.app.fonts.get(15)
        lines = len(wrap(font, text, width - 20))
        per = max(20, font.get_linesize() + 2)  # a line at the text size
        return max(58, min(s.app.screen.get_height() // 5, per * lines + 16))

    def _free(self, answer: object, x0: int, y: int, width: int) -> int:
        if isinstance(answer, PickDice):
            return self._dice_pick(answer, x0, y, width)
        if isinstance(answer, PickNumber):
            return self._number(answer, x0, y, width)
        if isinstance(answer, PickSplit):
            return self._split(answer, x0, y, width)
        if isinstance(answer, PointAnswer):
            s = self.scene
            steer = answer.steer
            self.button("Point on the board", lambda: s.set_mode(
                SteerMode(steer, steer.hint or "Point")), pygame.Rect(x0, y, width, self.bh),
                steer.hint or "choose by pointing on the board; click to confirm")
            return y + self.row
        return y

    def _dice_pick(self, pick: PickDice, x0: int, y: int, width: int) -> int:
        """One toggle button per die, and the confirm button (enabled for a legal pick)."""
        s = self.scene
        mode = s.mode
        if not isinstance(mode, DicePickMode):
            return y  # the scene enters the mode first (TableScene.sync_mode)
        size = max(24, min(self.bh + 8, width // max(1, len(pick.faces)) - 4))
        for i, face in enumerate(pick.faces, start=1):
            b = self.button(str(face), self._toggler(i), pygame.Rect(
                x0 + (i - 1) * (size + 4), y, size, self.bh + 4), f"die {i}: click to pick it")
            self.die_buttons[i] = b
            if i in mode.picked:
                b.select()
        y += self.bh + 8
        self.pick_confirm = self.button(pick.confirm_label, self.confirm_pick,
                                        pygame.Rect(x0, y, width, self.bh), pick.confirm_label)
        self.sync_pick()
        return y + self.row

    def _toggler(self, position: int) -> Callable[[], None]:
        return lambda: self.toggle_die(position)

    def toggle_die(self, position: int) -> None:
        """A die was clicked: pick it or put it back; the confirm button follows."""
        mode = self.scene.mode
        if not isinstance(mode, DicePickMode):
            return
        mode.toggle(position)
        b = self.die_buttons.get(position)
        if b is not None:
            (b.select if position in mode.picked else b.unselect)()
        self.sync_pick()

    def sync_pick(self) -> None:
        """Confirm button text and enabled state from the current pick."""
        s = self.scene
        mode, b = s.mode, self.pick_confirm
        if not isinstance(mode, DicePickMode) or b is None:
            return
        faces = mode.pick.faces  # the picked dice by their faces, as their buttons show them
        chosen = ", ".join(str(faces[i - 1]) for i in sorted(mode.picked) if 0 < i <= len(faces))
        b.set_text(f"{mode.pick.confirm_label}: {chosen}" if chosen else mode.pick.confirm_label)
        refusal = mode.refusal(s.game)
        if refusal is None:
            b.enable()
            s.status = f"Picked {chosen}: confirm to re-roll them"
        elif not chosen:
            b.disable()
            s.status = f"Click the dice to pick them ({s.refusal_text(refusal)})"
        else:
            b.disable()
            s.status = f"Picked {chosen}: {s.refusal_text(refusal)}"
        self.refusals.pop(b, None)
        if refusal is not None:
            self.refusals[b] = s.refusal_text(refusal)

    def confirm_pick(self) -> None:
        """Apply the dice pick (the mode asks the ruleset first)."""
        mode = self.scene.mode
        if isinstance(mode, DicePickMode):
            mode.confirm(self.scene)

    def _number(self, answer: PickNumber, x0: int, y: int, width: int) -> int:
        """A slider and its own confirm button (each number answer keeps its widgets)."""
        from pygame_gui.elements import UIHorizontalSlider

        start = answer.default if answer.default is not None else answer.low
        widget = NumberWidget(answer, UIHorizontalSlider(
            pygame.Rect(x0, y, width, self.bh - 4), start, (answer.low, answer.high),
            self.scene.app.manager, click_increment=answer.step))
        self.elements.append(widget.slider)
        y += self.bh
        widget.button = self.button(self.fitted(answer.label, f": {start:g}", width),
                                    self._number_confirmer(widget),
                                    pygame.Rect(x0, y, width, self.bh), answer.label)
        self.numbers.append(widget)
        return y + self.row

    def fitted(self, text: str, tail: str, width: int) -> str:
        """``text`` and ``tail`` as a button ``width`` pixels wide shows them: the text cut
        with "…" where it would run past the edge, the tail (a slider's value) always
        whole; the whole text is the button's tooltip."""
        font = self.scene.app.fonts.get(14)  # the theme's button font at the text size
        return fit(font, text, width - 16 - font.size(tail)[0]) + tail

    def _number_confirmer(self, widget: NumberWidget) -> Callable[[], None]:
        def confirm() -> None:
            self.scene.perform(widget.answer.answer(widget.value()))

        return confirm

    def _split(self, answer: PickSplit, x0: int, y: int, width: int) -> int:
        """A count for every part but the first (which takes the rest), and one confirm
        button naming the whole split: any legal split can be made, not only two-part ones."""
        from pygame_gui.elements import UIHorizontalSlider, UILabel

        widget = SplitWidget(answer)
        manager = self.scene.app.manager
        for i, part in enumerate(answer.parts[1:], start=1):
            tall = self.bh - 10  # a label's row at the text size
            label = UILabel(pygame.Rect(x0, y, width, tall), f"On {part}: 0", manager)
            self.elements.append(label)
            widget.labels.append(label)
            slider = UIHorizontalSlider(pygame.Rect(x0, y + tall, width, self.bh - 6),
                                        answer.minimum(i), (answer.minimum(i), answer.total),
                                        manager, click_increment=1)
            self.elements.append(slider)
            widget.sliders.append(slider)
            y += tall + self.bh - 2
        widget.button = self.button(self.fitted(widget.words(), "", width),
                                    self._split_confirmer(widget),
                                    pygame.Rect(x0, y, width, self.bh),
                                    f"{answer.label}: the first part ({answer.parts[0]}) "
                                    "takes what the others leave")
        self.splits.append(widget)
        return y + self.row

    def _split_confirmer(self, widget: SplitWidget) -> Callable[[], None]:
        def confirm() -> None:
            counts = widget.counts()
            if counts is not None:
                self.scene.perform(widget.answer.answer(counts))

        return confirm

    @property
    def slider(self) -> Any:
        """The first number answer's slider (None without one)."""
        return self.numbers[0].slider if self.numbers else None

    def sliders(self) -> list[Any]:
        """Every number answer's slider, in the panel's order."""
        return [w.slider for w in self.numbers]

    def number_buttons(self) -> list[Any]:
        """Every number answer's confirm button, in the panel's order."""
        return [w.button for w in self.numbers]

    def slider_moved(self) -> None:
        """Show each slider's snapped value on its own confirm button, and each split's
        counts on its labels and button (enabled only for a split that fits)."""
        for w in self.numbers:
            w.button.set_text(self.fitted(w.answer.label, f": {w.value():g}",
                                          w.button.rect.width))
        for sw in self.splits:
            for label, part, n in zip(sw.labels, sw.answer.parts[1:], sw.others(), strict=True):
                label.set_text(f"On {part}: {n}")
            words = sw.words()
            sw.button.set_text(self.fitted(words, "", sw.button.rect.width))
            sw.button.set_tooltip(f"{words} ({sw.answer.parts[0]} takes what the others "
                                  "leave)")  # the whole split, however the button cuts it
            (sw.button.enable if sw.counts() is not None else sw.button.disable)()

    def _computer_acts(self, x0: int, y: int, width: int) -> int:
        """While the computer answers: who it is and that its moves come by themselves."""
        s = self.scene
        computer = s.computer
        node = s.pending()
        if computer is None or isinstance(node, Over):
            return y
        self.text_box(html.escape(f"{computer.name(node.player)} plays; its reasons go to the "
                                  "log. F: skip its pauses."),
                      pygame.Rect(x0, y, width, self.bh * 3 - 6))
        return y + self.bh * 3

    def _chance(self, node: Chance, x0: int, y: int, width: int) -> int:
        from pygame_gui.elements import UITextEntryLine

        s = self.scene
        roller = s.state.player(node.player).name
        self.text_box(html.escape(f"{roller} to roll {node.dice}: {node.purpose}"),
                      pygame.Rect(x0, y, width, self.bh * 2 + 4))
        y += self.bh * 2 + 8
        self.button("Roll the dice (Space)", s.roll, pygame.Rect(x0, y, width, self.bh))
        y += self.row
        self.dice_entry = UITextEntryLine(pygame.Rect(x0, y, 180, self.bh), s.app.manager)
        self.elements.append(self.dice_entry)
        self.dice_entry.set_text("")
        self.button("Use my dice", s.use_real_dice, pygame.Rect(x0 + 186, y, width - 186, self.bh),
                    "type the faces you rolled at the table, e.g. 3 5")
        return y + self.bh + 8

    def log_line(self, event: Event | str) -> str:
        """One event as a log line: its player's colour, its text, its rule IDs as links (a
        computer move's reason, a plain line, in its own colour)."""
        s = self.scene
        if isinstance(event, str):
            return f"<font color='#e8c860'>{html.escape(event)}</font>"
        links = " ".join(f"<a href='{r}'>[{html.escape(r)}]</a>" for r in event.rules)
        colour = "#9aa0a8"
        if event.player is not None:
            try:
                p = s.state.player(event.player)
                rgb = s.app.palette.player_colour(p.number, p.colour)
                colour = "#{:02x}{:02x}{:02x}".format(*rgb)
            except KeyError:
                pass
        return f"<font color='{colour}'>&#9632;</font> {html.escape(event.text)} {links}"

    def _logged(self) -> list[Event | str]:
        """The events of the game, each computer move's reason before its events."""
        s = self.scene
        if s.computer is None or not s.computer.notes:
            return list(s.game.events())
        out: list[Event | str] = list(s.game.opening_events)
        for entry in s.game.log:
            note = s.computer.note(entry.index, entry.hash_after)
            if note is not None:
                out.append(note)
            out.extend(entry.events)
        return out


def _still(element: Any, key: Hashable) -> bool:
    """Whether a widget still is what it was built as (a button's text may change after its
    build: the dice pick's confirm button; a die may be selected)."""
    if isinstance(key, tuple) and key[0] == "button":
        return bool(element.text == key[1] and not element.is_selected and not element.held)
    return True


def _renew(widget: Any, rect: pygame.Rect, tip: str | None) -> None:
    """A spare widget taken back for ``rect`` (a button of the same label and size, the dice
    entry): a button's tooltip, and its place if the widgets above it changed (moving it
    costs nothing; a new button's images take about a millisecond to build)."""
    if hasattr(widget, "set_tooltip"):
        widget.set_tooltip(tip or None)
    if widget.relative_rect.topleft != rect.topleft:
        widget.set_relative_position(rect.topleft)


__all__ = ["PANEL_W", "SidePanel", "TargetMode", "panel_width"]
