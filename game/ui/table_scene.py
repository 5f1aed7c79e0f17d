"""The table scene: the board, the side panel (actions, decisions, dice, event log), the
camera, selection and hover overlays, sandbox dragging, animations, undo/redo and saves.

Every change of the game goes through ``Game.apply`` (or ``undo``/``redo``); the scene only
turns input into actions and shows what the core answers.
"""

from __future__ import annotations

import html
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import (
    Action,
    Choose,
    Dice,
    EndActivation,
    MoveHex,
    MoveUnit,
    Pivot,
    RollPending,
)
from game.core.events import Event
from game.core.pending import Chance, IllegalAction, Over, PlayerDecision
from game.core.state import GameState, HexBoard, TableBoard, Unit
from game.geometry.tray import Tray, facing_of_vector
from game.ui import hexlayout
from game.ui.actions import (
    ActionChoice,
    DicePick,
    choices_for,
    dice_pick,
    hex_facing_text,
    is_hex_placed,
    is_targeted,
    option_hex,
    option_label,
    option_pose,
    probe,
)
from game.ui.lens import RulesLens
from game.ui.render import Renderer, fit_camera
from game.ui.scene import Scene
from game.ui.view import Ghost, ViewState

if TYPE_CHECKING:
    from game.physics.table import TrayDrag
    from game.scenario import Session
    from game.ui.app import App

PANEL_W = 350
TOP_H = 38
STATUS_H = 28
PAN_SPEED = 600.0
ANIM_SECONDS = 0.45
ROTATE_STEP = 15.0
LOG_LINES = 80

HELP: list[tuple[str, str]] = [
    ("Left click", "select a unit / pick a target / pick a ghost placement"),
    ("Left drag (sandbox)", "drag your tray; it pushes your trays, stops at others"),
    ("Q / E, Shift+wheel", "turn the dragged or selected unit (sandbox)"),
    ("Right/middle drag", "pan the table"),
    ("Arrows / WASD", "pan the table"),
    ("Wheel", "zoom around the cursor"),
    ("Hover an enemy", "range, line of sight, charge odds from the selected unit"),
    ("Action buttons", "disabled ones say why (rule ID) when hovered"),
    ("Space / R", "roll the dice the game waits for"),
    ("Enter", "end the activation"),
    ("G", "inch grid on / off"),
    ("Tab", "arcs of every unit on / off"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (dice you rolled cannot be undone)"),
    ("Ctrl+S / Ctrl+O", "save / load"),
    ("Click a [rule ID]", "in the event log: the rule explained"),
]


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


class TableScene(Scene):
    """The table (see module docstring)."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.renderer = Renderer(app.palette, app.fonts)
        self.lens = RulesLens()
        self.view = ViewState(grid=app.settings.grid, all_arcs=app.settings.show_all_arcs)
        self.revision = 0
        self.mode: tuple[str, Any] | None = None
        self.variants: list[Action] = []
        self.status = ""
        self.explanation: tuple[str, str] | None = None
        self.drag: TrayDrag | None = None
        self.hex_drag: str | None = None
        self.pan_from: tuple[int, int] | None = None
        self.pointer = (0.0, 0.0)
        self.anims: dict[str, Anim] = {}
        self.dice: DiceShow | None = None
        self.widgets: dict[Any, Any] = {}
        self.refusals: dict[Any, str] = {}
        self.extras: list[Any] = []
        self.log_box: Any = None
        self.dice_entry: Any = None
        self._panel_key: Any = None
        self._fitted = False
        self.last_player = self.game.current_player()
        self.maneuver_then = 0.0
        self.dice_pick: DicePick | None = None
        self.picked: set[int] = set()
        self.die_buttons: dict[int, Any] = {}
        self.pick_confirm: Any = None

    # --- properties --------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game being played."""
        return self.session.game

    @property
    def state(self) -> GameState:
        """The current game state (a new object after undo)."""
        state: GameState = self.session.game.state
        return state

    def help_lines(self) -> list[tuple[str, str]]:
        return HELP

    # --- layout ------------------------------------------------------------------------------

    def viewport(self) -> pygame.Rect:
        """The table's area of the window."""
        w, h = self.app.screen.get_size()
        return pygame.Rect(0, TOP_H, w - PANEL_W, h - TOP_H - STATUS_H)

    def enter(self) -> None:
        self.renderer.set_palette(self.app.palette)
        self.view.grid = self.app.settings.grid
        vp = self.viewport()
        self.view.camera.resize(vp.left, vp.top, vp.width, vp.height)
        if not self._fitted:
            fit_camera(self.view.camera, self.state)
            self._fitted = True
        self._panel_key = None
        self.log_box = None

    def leave(self) -> None:
        self.widgets.clear()
        self.refusals.clear()
        self.log_box = None
        self.dice_entry = None
        self._panel_key = None

    # --- the side panel ------------------------------------------------------------------

    def _panel_state(self) -> Any:
        return (self.revision, self.view.selected, self.mode and self.mode[0],
                tuple(map(str, self.variants)), self.app.screen.get_size())

    def _rebuild_panel(self) -> None:
        from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine

        for element in list(self.widgets) + list(self.refusals) + self.extras:
            element.kill()
        self.extras = []
        if self.log_box is not None:
            self.log_box.kill()
        if self.dice_entry is not None:
            self.dice_entry.kill()
        self.widgets.clear()
        self.refusals.clear()
        self.dice_entry = None
        self.dice_pick = None
        self.pick_confirm = None
        self.die_buttons = {}
        manager = self.app.manager
        w, h = self.app.screen.get_size()
        x0 = w - PANEL_W + 8
        y = TOP_H + 4

        def button(label: str, fn: Any, width: int, x: int, y: int, tip: str | None = None,
                   enabled: bool = True) -> Any:
            b = UIButton(pygame.Rect(x, y, width, 30), label, manager, tool_tip_text=tip)
            if enabled:
                self.widgets[b] = fn
            else:
                b.disable()  # type: ignore[no-untyped-call]
                self.refusals[b] = tip or ""
            return b

        tools = [("Undo", self.undo), ("Redo", self.redo), ("Save", self.save),
                 ("Load", self.load), ("Menu", self.to_menu)]
        bw = (PANEL_W - 16 - 4 * 4) // 5
        undo_refusal = self.game.can_undo()
        for i, (label, fn) in enumerate(tools):
            enabled = True
            tip = None
            if label == "Undo" and undo_refusal is not None:
                enabled, tip = False, str(undo_refusal)
            if label == "Redo" and not self.game.can_redo():
                enabled, tip = False, "there is nothing to redo"
            button(label, fn, bw, x0 + i * (bw + 4), y, tip, enabled)
        y += 38 + 62
        node = self.game.pending()
        y = self._build_actions(button, x0, y)
        y = self._build_decision(node, button, x0, y, UITextBox)
        if isinstance(node, Chance):
            self.extras.append(UITextBox(html.escape(f"Dice {node.dice}: {node.purpose}"),
                                         pygame.Rect(x0, y, PANEL_W - 16, 64), manager))
            y += 68
            button("Roll the dice (Space)", self.roll, PANEL_W - 16, x0, y)
            y += 34
            self.dice_entry = UITextEntryLine(pygame.Rect(x0, y, 180, 30), manager)
            self.dice_entry.set_text("")
            button("Use my dice", self.use_real_dice, PANEL_W - 16 - 186, x0 + 186, y,
                   "type the faces you rolled at the table, e.g. 3 5")
            y += 38
        log_top = max(y + 6, h // 2)
        self.log_box = UITextBox(self._log_html(), pygame.Rect(x0, log_top, PANEL_W - 16,
                                                                 h - log_top - STATUS_H - 6),
                                 manager)
        if hasattr(self.log_box, "scroll_bar") and self.log_box.scroll_bar is not None:
            self.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _build_actions(self, button: Any, x0: int, y: int) -> int:
        sel = self.view.selected
        node = self.game.pending()
        if self.variants:
            for action in self.variants[:8]:
                button(option_label(action, self._names()), self._performer(action),
                       PANEL_W - 16, x0, y)
                y += 34
            button("Cancel", self.cancel_mode, PANEL_W - 16, x0, y)
            return y + 40
        if sel and sel in self.state.units and not isinstance(node, PlayerDecision | Chance):
            choices = choices_for(self.game, sel, self._hover_enemy())
            col = (PANEL_W - 16 - 6) // 2
            for i, choice in enumerate(choices):
                tip = str(choice.refusal) if choice.refusal else self._action_tip(choice)
                x = x0 + (i % 2) * (col + 6)
                button(choice.label, self._chooser(choice), col, x, y, tip, choice.enabled)
                if i % 2 == 1:
                    y += 34
            if len(choices) % 2 == 1:
                y += 34
        end_refusal = self.game.why_not(EndActivation())
        button("End activation (Enter)", self.end_activation, PANEL_W - 16, x0, y,
               str(end_refusal) if end_refusal else "hand over to the next player",
               end_refusal is None)
        return y + 40

    def _action_tip(self, choice: ActionChoice) -> str:
        doc = (choice.action_type.__doc__ or "").strip().splitlines()
        return doc[0] if doc else choice.label

    def _build_decision(self, node: Any, button: Any, x0: int, y: int, box: Any) -> int:
        if not isinstance(node, PlayerDecision):
            return y
        who = self.state.player(node.player).name
        rules = f" [{', '.join(node.rules)}]" if node.rules else ""
        self.extras.append(box(html.escape(f"{who}: {node.prompt}{rules}"),
                               pygame.Rect(x0, y, PANEL_W - 16, 58), self.app.manager))
        y += 62
        pick = dice_pick(node.options, node.prompt, self.state.procedure)
        if pick is not None:
            return self._build_dice_pick(pick, button, x0, y)
        for option in node.options[:10]:
            button(option_label(option, self._names()), self._performer(option), PANEL_W - 16, x0,
                   y, str(option))
            y += 34
        return y + 6

    def _build_dice_pick(self, pick: DicePick, button: Any, x0: int, y: int) -> int:
        """One toggle button per rolled die, a confirm button and "keep all"."""
        self.dice_pick = pick
        self.picked = set()
        self.die_buttons = {}
        size = min(38, (PANEL_W - 16) // max(1, len(pick.faces)) - 4)
        for i, face in enumerate(pick.faces, start=1):
            b = button(str(face), self._die_toggler(i), size, x0 + (i - 1) * (size + 4), y,
                       f"die {i}: click to pick it for the re-roll")
            self.die_buttons[i] = b
        y += 36
        self.pick_confirm = button("Re-roll the picked dice", self.confirm_dice_pick,
                                   PANEL_W - 16, x0, y, "re-roll exactly the dice picked above")
        y += 34
        if pick.none is not None:
            button("Keep all dice", self._performer(pick.none), PANEL_W - 16, x0, y)
            y += 34
        return y + 6

    def _die_toggler(self, position: int) -> Any:
        return lambda: self.toggle_die(position)

    def toggle_die(self, position: int) -> None:
        """A die of a pick-dice decision was clicked: pick it, or put it back."""
        self.picked ^= {position}
        b = self.die_buttons.get(position)
        if b is not None:
            (b.select if position in self.picked else b.unselect)()
        pick = self.dice_pick
        chosen = ", ".join(map(str, sorted(self.picked))) or "none"
        ok = pick is not None and pick.option_for(frozenset(self.picked)) is not None
        self.status = f"Picked dice: {chosen}" + ("" if ok else " (not a legal pick yet)")
        if self.pick_confirm is not None:
            self.pick_confirm.set_text(f"Re-roll dice {chosen}" if self.picked else
                                       "Re-roll the picked dice")

    def confirm_dice_pick(self) -> None:
        """Apply the option that re-rolls exactly the picked dice (or say which exist)."""
        pick = self.dice_pick
        if pick is None:
            return
        option = pick.option_for(frozenset(self.picked))
        if option is None:
            legal = " | ".join("+".join(map(str, sorted(k))) for k in pick.options)
            self.status = (f"No option re-rolls exactly dice "
                           f"{', '.join(map(str, sorted(self.picked))) or 'none'}; "
                           f"you may pick: {legal}")
            return
        self.perform(option)

    def _names(self) -> dict[str, str]:
        return {u.id: u.name for u in self.state.units.values()}

    def _performer(self, action: Action) -> Any:
        return lambda: self.perform(action)

    def _chooser(self, choice: ActionChoice) -> Any:
        return lambda: self.choose_action(choice)

    def _log_html(self) -> str:
        lines: list[str] = []
        for event in self.game.events()[-LOG_LINES:]:
            links = " ".join(f"<a href='{r}'>[{r}]</a>" for r in event.rules)
            colour = "#9aa0a8"
            if event.player is not None:
                try:
                    p = self.state.player(event.player)
                    rgb = self.app.palette.player_colour(p.number, p.colour)
                    colour = "#{:02x}{:02x}{:02x}".format(*rgb)
                except KeyError:
                    pass
            lines.append(f"<font color='{colour}'>&#9632;</font> {html.escape(event.text)} {links}")
        return "<br>".join(lines) or "No events yet."

    # --- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.widgets:
            self.widgets[event.ui_element]()
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED and event.ui_element in self.refusals:
            self.status = f"Not now: {self.refusals[event.ui_element]}"
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.explain(str(event.link_target))
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
              and event.ui_element is self.dice_entry):
            self.use_real_dice()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                            pygame.MOUSEWHEEL):
            if event.type == pygame.MOUSEMOTION and self._explain_disabled(event.pos):
                return
            self._mouse(event)

    def _explain_disabled(self, pos: tuple[int, int]) -> bool:
        """Hovering a disabled button shows why it is disabled (pygame-gui sends no hover
        events for disabled buttons)."""
        for element, reason in self.refusals.items():
            if element.rect.collidepoint(pos):
                self.status = f"Not now: {reason}"
                return True
        return False

    def _typing(self) -> bool:
        return self.dice_entry is not None and bool(self.dice_entry.is_focused)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_s:
            self.save()
        elif ctrl and event.key == pygame.K_o:
            self.load()
        elif self._typing():
            return
        elif event.key == pygame.K_ESCAPE:
            if self.explanation:
                self.explanation = None
            elif self.mode or self.variants:
                self.cancel_mode()
            else:
                self.to_menu()
        elif event.key in (pygame.K_SPACE, pygame.K_r):
            if isinstance(self.game.pending(), Chance):
                self.roll()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.end_activation()
        elif event.key in (pygame.K_q, pygame.K_e):
            self.rotate(-ROTATE_STEP if event.key == pygame.K_q else ROTATE_STEP)
        elif event.key == pygame.K_g:
            self.view.grid = not self.view.grid
            self.app.settings.grid = self.view.grid
        elif event.key == pygame.K_TAB:
            self.view.all_arcs = not self.view.all_arcs

    def _over_table(self, pos: tuple[int, int]) -> bool:
        return self.viewport().collidepoint(pos) and not self.app.manager.get_hovering_any_element()

    def _mouse(self, event: pygame.event.Event) -> None:
        cam = self.view.camera
        if event.type == pygame.MOUSEWHEEL:
            mx, my = pygame.mouse.get_pos()
            if not self.viewport().collidepoint((mx, my)):
                return
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            if self.drag is not None or shift:
                self.rotate(ROTATE_STEP * (1 if event.y < 0 else -1))
            elif self.mode and self.mode[0] == "maneuver":
                self.maneuver_then += ROTATE_STEP * (1 if event.y < 0 else -1)
                self._update_maneuver()
            else:
                cam.zoom_at(1.15 ** event.y, mx, my)
            return
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            self._motion(pos, event.rel)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (2, 3) and self.viewport().collidepoint(pos):
                self.pan_from = pos
            elif event.button == 1 and self._over_table(pos):
                self._press(pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.pan_from = None
            elif event.button == 1:
                self._release(pos)

    def _motion(self, pos: tuple[int, int], rel: tuple[int, int]) -> None:
        if self.pan_from is not None:
            self.view.camera.pan_pixels(rel[0], rel[1])
            return
        self.pointer = self.view.camera.to_world(*pos)
        if not self.viewport().collidepoint(pos):
            return
        self.view.hovered = self.unit_at(self.pointer)
        self.view.hovered_ghost = self.ghost_at(self.pointer)
        if self.mode and self.mode[0] == "maneuver":
            self._update_maneuver()
        elif self.mode and self.mode[0] == "target" and self.view.hovered:
            self._explain_target(self.view.hovered)

    # --- hit tests -------------------------------------------------------------------------

    def unit_at(self, point: tuple[float, float]) -> str | None:
        """The live unit under a world point."""
        px, py = point
        qr = hexlayout.world_to_axial(px, py) if isinstance(self.state.board, HexBoard) else None
        for unit in self.state.live_units():
            tray = self.view.overrides.get(unit.id, unit.tray)
            if tray is not None:
                across, along = tray.table_to_local(px, py)
                if abs(across) <= tray.width / 2 and abs(along) <= tray.depth / 2:
                    return unit.id
            elif unit.hex is not None and qr == (unit.hex.q, unit.hex.r):
                return unit.id
        return None

    def ghost_at(self, point: tuple[float, float]) -> str | None:
        """The decision ghost under a world point."""
        px, py = point
        for ghost in self.view.ghosts:
            if ghost.tray is not None:
                across, along = ghost.tray.table_to_local(px, py)
                if abs(across) <= ghost.tray.width / 2 and abs(along) <= ghost.tray.depth / 2:
                    return ghost.key
            elif ghost.hex is not None and hexlayout.world_to_axial(px, py) == ghost.hex:
                return ghost.key
        return None

    # --- clicks ----------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        point = self.view.camera.to_world(*pos)
        ghost = self.ghost_at(point)
        if ghost is not None:
            self._pick_ghost(ghost)
            return
        uid = self.unit_at(point)
        if self.mode and self.mode[0] == "target":
            if uid:
                self._pick_target(uid)
            return
        if self.mode and self.mode[0] == "maneuver":
            self._commit_maneuver()
            return
        self.select(uid)
        if uid and self._can_drag(uid):
            self._start_drag(uid, point)

    def select(self, uid: str | None) -> None:
        """Select a unit (or nothing): its arcs and action buttons appear."""
        self.view.selected = uid
        self.variants = []
        self.lens.prepare(self.state, self.revision, uid)
        unit = self.state.units.get(uid) if uid else None
        self.status = f"Selected {unit.name}" if unit else ""

    def _release(self, pos: tuple[int, int]) -> None:
        if self.drag is not None:
            self._finish_drag()
        elif self.hex_drag is not None:
            self._finish_hex_drag(self.view.camera.to_world(*pos))

    # --- modes: targets, variants, ghosts, maneuver -----------------------------------------

    def choose_action(self, choice: ActionChoice) -> None:
        """An action button was pressed."""
        sel = self.view.selected
        if sel is None:
            return
        t = choice.action_type
        if is_targeted(t):
            self.mode = ("target", choice)
            self.view.targets = frozenset(str(getattr(a, "target", "")) for a in choice.legal)
            self.status = f"{choice.label}: click a highlighted target (Esc cancels)"
        elif is_hex_placed(t):
            self.mode = ("hex", choice)
            self._hex_ghosts(choice.legal)
            self.status = f"{choice.label}: click a highlighted hex"
        elif _is_continuous(t):
            self.mode = ("maneuver", choice)
            self.maneuver_then = 0.0
            self.status = f"{choice.label}: point where to go, wheel turns at the end, click"
            self._update_maneuver()
        elif len(choice.legal) == 1:
            self.perform(choice.legal[0])
        else:
            self.variants = list(choice.legal)

    def cancel_mode(self) -> None:
        """Leave targeting / placing / variants."""
        self.mode = None
        self.variants = []
        self.view.targets = frozenset()
        self.view.ghosts = ()
        self.view.overrides.pop("__maneuver__", None)
        self.status = ""

    def _explain_target(self, uid: str) -> None:
        assert self.mode is not None
        choice: ActionChoice = self.mode[1]
        if uid in self.view.targets:
            self.status = f"{choice.label} {self.state.units[uid].name}: click to declare"
            return
        candidate = probe(choice.action_type, self.view.selected or "", uid)
        refusal = self.game.why_not(candidate) if candidate else None
        self.status = f"Not a target: {refusal}" if refusal else ""

    def _pick_target(self, uid: str) -> None:
        assert self.mode is not None
        choice: ActionChoice = self.mode[1]
        matching = [a for a in choice.legal if getattr(a, "target", None) == uid]
        if not matching:
            self._explain_target(uid)
            return
        self.cancel_mode()
        if len(matching) == 1:
            self.perform(matching[0])
        else:
            self.variants = matching
            self.status = (f"{choice.label} {self.state.units[uid].name}: {len(matching)} ways "
                           "- pick one in the panel")

    def _hex_ghosts(self, actions: tuple[Action, ...]) -> None:
        seen: dict[tuple[int, int], list[Action]] = {}
        for a in actions:
            where = option_hex(a)
            if where:
                seen.setdefault(where[:2], []).append(a)
        self.hex_options = seen
        self.view.ghosts = tuple(Ghost(key=f"{q},{r}", label="", hex=(q, r)) for q, r in seen)

    def _pick_ghost(self, key: str) -> None:
        if self.mode and self.mode[0] == "maneuver":  # clicking the end-pose ghost itself
            self._commit_maneuver()
            return
        node = self.game.pending()
        if isinstance(node, PlayerDecision):
            for option in node.options:
                if str(option) == key:
                    self.perform(option)
                    return
        if self.mode and self.mode[0] == "hex":
            q, r = (int(v) for v in key.split(","))
            options = self.hex_options.get((q, r), [])
            self.cancel_mode()
            if len(options) == 1:
                self.perform(options[0])
            elif options:
                self.variants = options

    def _maneuver_action(self) -> Action | None:
        assert self.mode is not None
        unit = self.state.units.get(self.view.selected or "")
        if unit is None or unit.tray is None:
            return None
        tray = unit.tray
        dx, dy = self.pointer[0] - tray.x, self.pointer[1] - tray.y
        facing = facing_of_vector(dx, dy)
        turn = round(((facing - tray.facing + 180) % 360) - 180, 1)
        distance = round(max(0.0, math.hypot(dx, dy) - tray.depth / 2), 1)
        choice: ActionChoice = self.mode[1]
        return probe(choice.action_type, unit.id, None, turn=turn, distance=distance,
                     then=self.maneuver_then) or probe(choice.action_type, unit.id, None,
                                                       turn=turn, distance=distance)

    def _update_maneuver(self) -> None:
        action = self._maneuver_action()
        unit = self.state.units.get(self.view.selected or "")
        if action is None or unit is None or unit.tray is None:
            return
        turn = float(getattr(action, "turn", 0.0))
        dist = float(getattr(action, "distance", 0.0))
        then = float(getattr(action, "then", 0.0))
        end = unit.tray.pivoted(turn).advanced(dist).pivoted(then)
        refusal = self.game.why_not(action)
        label = f'{dist:.1f}"' + (" ok" if refusal is None else " x")
        self.view.ghosts = (Ghost(key="__maneuver__", label=label, tray=end),)
        self.status = (f"{action}: legal, click to move" if refusal is None
                       else f"{action}: {refusal}")

    def _commit_maneuver(self) -> None:
        action = self._maneuver_action()
        if action is None:
            return
        if self.perform(action):
            self.cancel_mode()

    # --- sandbox dragging ----------------------------------------------------------------

    def _can_drag(self, uid: str) -> bool:
        unit = self.state.units[uid]
        if unit.tray is not None:
            test: Action = MoveUnit(uid, unit.tray.x, unit.tray.y, unit.tray.facing)
        elif unit.hex is not None:
            test = MoveHex(uid, unit.hex.q, unit.hex.r, unit.hex_facing)
        else:
            return False
        return self.game.why_not(test) is None

    def _start_drag(self, uid: str, point: tuple[float, float]) -> None:
        unit = self.state.units[uid]
        if unit.hex is not None:
            self.hex_drag = uid
            return
        from game.physics.table import TrayDrag

        board = self.state.board
        trays = {u.id: u.tray for u in self.state.live_units() if u.tray is not None}
        movable = [u.id for u in self.state.live_units()
                   if u.owner == unit.owner and u.tray is not None]
        obstacles = [t.polygon for t in self.state.terrain if t.has("impassable")]
        table = (board.width, board.height) if isinstance(board, TableBoard) else None
        self.drag = TrayDrag(uid, trays, movable, obstacles, table, point)
        self.drag_started = time.perf_counter()

    def _step_drag(self, dt: float) -> None:
        if self.drag is None:
            return
        self.drag.step(self.pointer, min(dt, 1 / 20))
        self.view.overrides = {k: v for k, v in self.drag.current().items()
                               if not k.startswith("__")}

    def _finish_drag(self) -> None:
        """Release: settle the physics, separate slivers, apply what the core accepts
        (falling back to the farthest accepted pose; see :mod:`game.ui.dragcommit`)."""
        from game.ui.dragcommit import commit_drag

        drag = self.drag
        self.drag = None
        if drag is None:
            return
        drag.settle()
        self.view.overrides = {}
        before = {u.id: u.tray for u in self.state.live_units() if u.tray is not None}
        proposed = {m.unit: before[m.unit].moved_to(m.x, m.y, m.facing)
                    for m in drag.moved() if m.unit in before}
        if not proposed:
            return
        board = self.state.board
        outcome = commit_drag(
            before, proposed, [t.polygon for t in self.state.terrain if t.has("impassable")],
            (board.width, board.height) if isinstance(board, TableBoard) else None,
            self.game.why_not, lambda action: self.perform(action, animate=False))
        self.status = outcome.summary()

    def _finish_hex_drag(self, point: tuple[float, float]) -> None:
        uid = self.hex_drag
        self.hex_drag = None
        unit = self.state.units.get(uid or "")
        if unit is None or unit.hex is None:
            return
        q, r = hexlayout.world_to_axial(*point)
        if (q, r) != (unit.hex.q, unit.hex.r):
            self.perform(MoveHex(unit.id, q, r, unit.hex_facing))

    def rotate(self, degrees: float) -> None:
        """Turn the dragged tray, or pivot the selected unit (sandbox, WB-TBL-2)."""
        if self.drag is not None:
            self.drag.rotate(degrees)
            return
        unit = self.state.units.get(self.view.selected or "")
        if unit is None:
            return
        if unit.tray is not None:
            self.perform(Pivot(unit.id, round((unit.tray.facing + degrees) % 360, 1)))
        else:
            step = 1 if degrees > 0 else -1
            self.perform(Pivot(unit.id, float((unit.hex_facing + step) % 6)))

    # --- applying ----------------------------------------------------------------------------

    def perform(self, action: Action, animate: bool = True) -> bool:
        """Apply an action through the core; show the refusal if it is illegal."""
        before = self._poses()
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.status = f"Refused: {exc.refusal}"
            return False
        self.variants = []
        if self.mode and self.mode[0] != "maneuver":
            self.cancel_mode()
        self._changed(before, events, animate)
        self.status = events[-1].text if events else str(action)
        return True

    def roll(self) -> None:
        """Let the game roll the dice it waits for."""
        self.perform(RollPending())

    def use_real_dice(self) -> None:
        """Answer the dice with the faces typed in (dice rolled at the table)."""
        if self.dice_entry is None:
            return
        text = self.dice_entry.get_text().replace(",", " ")
        try:
            faces = tuple(int(w) for w in text.split())
        except ValueError:
            self.status = "Type the faces as numbers, e.g. 3 5"
            return
        self.perform(Dice(faces))

    def end_activation(self) -> None:
        """End the activation (hand over)."""
        self.perform(EndActivation())

    def _poses(self) -> dict[str, tuple[Tray | None, Any, int]]:
        return {u.id: (u.tray, u.hex, u.hex_facing) for u in self.state.units.values()}

    def _changed(self, before: dict[str, Any], events: list[Event], animate: bool) -> None:
        self.revision += 1
        self.lens.clear()
        if animate and self.app.settings.animate:
            self._start_anims(before)
        self._show_dice(events)
        if self.view.selected and self.view.selected in self.state.units and not (
                self.state.units[self.view.selected].on_board):
            self.view.selected = None
        self._check_flow()

    def _start_anims(self, before: dict[str, Any]) -> None:
        for uid, (tray, hx, hf) in before.items():
            unit = self.state.units.get(uid)
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

    def _show_dice(self, events: list[Event]) -> None:
        from game.core.actions import DiceSpec
        from game.physics.dice import tumble

        for event in events:
            if event.kind not in ("dice.rolled", "dice.free"):
                continue
            raw = event.data.get("results")
            results = tuple(int(v) for v in raw if isinstance(v, int)) if isinstance(
                raw, list) else ()
            spec_text = str(event.data.get("dice") or event.data.get("spec") or "d6")
            try:
                sides = DiceSpec.parse(spec_text).sides
            except ValueError:
                sides = 6
            if results and len(results) <= 30:
                frames = tumble(results, sides, seed=self.state.dice_drawn * 7919 + len(results))
                self.dice = DiceShow(frames, sides, event.text)

    def _check_flow(self) -> None:
        node = self.game.pending()
        if isinstance(node, Over):
            from game.scenario import clear_autosave
            from game.ui.screens import EndScene

            winner = "No winner" if node.winner is None else (
                f"{self.state.player(node.winner).name} wins")
            clear_autosave()
            self.app.switch(EndScene(self.app, winner, node.summary, self))
            return
        player = self.game.current_player()
        if player != self.last_player and player is not None:
            self.last_player = player
            self.view.selected = None
            if self.app.settings.handoff_screen and len(self.state.players) > 1:
                from game.ui.screens import HandoffScene

                p = self.state.player(player)
                note = (f"Round {self.state.turn.round}: " + self._pending_text())
                self.app.switch(HandoffScene(self.app, self, p.name,
                                             self.app.palette.player_colour(p.number, p.colour),
                                             note))

    def _pending_text(self) -> str:
        node = self.game.pending()
        if isinstance(node, PlayerDecision):
            return node.prompt
        if isinstance(node, Chance):
            return f"roll {node.dice} for {node.purpose}"
        return "your activation"

    # --- history and files -----------------------------------------------------------------

    def undo(self) -> None:
        """Ctrl+Z: take back the last action (the core's dice protection may refuse)."""
        before = self._poses()
        try:
            entry = self.game.undo()
        except IllegalAction as exc:
            self.status = f"Cannot undo: {exc.refusal}"
            self.app.notify(self.status)
            return
        self.status = f"Undone: {entry.action}"
        self.last_player = self.game.current_player()
        self._changed(before, [], True)

    def redo(self) -> None:
        """Ctrl+Y: apply the undone action again."""
        before = self._poses()
        try:
            entry = self.game.redo()
        except IllegalAction as exc:
            self.status = f"Cannot redo: {exc.refusal}"
            return
        self.status = f"Redone: {entry.action}"
        self._changed(before, list(entry.events), True)

    def save(self) -> Path:
        """Ctrl+S: write a save into the data folder's saves/."""
        from game.scenario import write_save
        from game.ui.screens import saves_dir

        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = Path(self.session.scenario.file).stem or "game"
        path = write_save(self.session, saves_dir(self.app) / f"{name}-{stamp}.json")
        self.status = f"Saved to {path}"
        self.app.notify(f"Saved {path.name}")
        return path

    def load(self) -> None:
        """Ctrl+O: pick a save to load."""
        from game.ui.screens import LoadScene

        self.app.switch(LoadScene(self.app))

    def to_menu(self) -> None:
        """Back to the main menu (the autosave keeps the game)."""
        from game.ui.screens import MenuScene

        self.app.switch(MenuScene(self.app))

    def explain(self, rule: str) -> None:
        """Show a rule explained in the game's own words (event log link)."""
        try:
            from game.learn import explain

            text = explain(rule)
        except (ImportError, KeyError, ValueError) as exc:
            text = f"No explanation available ({exc})."
        self.explanation = (rule, text)

    # --- frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._keys_pan(dt)
        self._step_drag(dt)
        self._step_anims(dt)
        if self.dice is not None:
            self.dice.t += dt
            if self.dice.t > 3.0:
                self.dice = None
        self._refresh_overlay()
        key = self._panel_state()
        if key != self._panel_key:
            self._panel_key = key
            self._rebuild_panel()

    def _keys_pan(self, dt: float) -> None:
        if self._typing():
            return
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_RIGHT] or keys[pygame.K_d]) - (keys[pygame.K_LEFT] or keys[pygame.K_a])
        dy = (keys[pygame.K_DOWN] or keys[pygame.K_s]) - (keys[pygame.K_UP] or keys[pygame.K_w])
        if (dx or dy) and not (pygame.key.get_mods() & pygame.KMOD_CTRL):
            self.view.camera.pan_pixels(-dx * PAN_SPEED * dt, -dy * PAN_SPEED * dt)

    def _step_anims(self, dt: float) -> None:
        for uid, anim in list(self.anims.items()):
            anim.t += dt / ANIM_SECONDS
            if anim.t >= 1.0:
                del self.anims[uid]
                self.view.overrides.pop(uid, None)
                self.view.hex_overrides.pop(uid, None)
                continue
            s = anim.t * anim.t * (3 - 2 * anim.t)
            x = anim.start[0] + (anim.end[0] - anim.start[0]) * s
            y = anim.start[1] + (anim.end[1] - anim.start[1]) * s
            df = (anim.end[2] - anim.start[2] + 180) % 360 - 180
            f = (anim.start[2] + df * s) % 360
            if anim.tray is not None:
                self.view.overrides[uid] = anim.tray.moved_to(x, y, f)
            else:
                self.view.hex_overrides[uid] = (x, y, f)

    def _refresh_overlay(self) -> None:
        self.view.overlay = self.lens.overlay(self.state, self.revision, self.view.selected,
                                              self.view.hovered)
        node = self.game.pending()
        if isinstance(node, PlayerDecision):
            self.view.ghosts = self._decision_ghosts(node)
        elif self.mode is None and self.view.ghosts:
            self.view.ghosts = ()

    def _decision_ghosts(self, node: PlayerDecision) -> tuple[Ghost, ...]:
        unit = self._decision_unit(node)
        ghosts: list[Ghost] = []
        for option in node.options:
            pose = option_pose(option)
            where = option_hex(option)
            label = option_label(option, self._names())
            if pose and unit is not None and unit.tray is not None:
                ghosts.append(Ghost(str(option), label, tray=unit.tray.moved_to(*pose)))
            elif where:
                ghosts.append(Ghost(str(option), label, hex=where[:2], facing=where[2]))
        return tuple(ghosts)

    def _decision_unit(self, node: PlayerDecision) -> Unit | None:
        candidates: list[Any] = []
        for option in node.options:
            if isinstance(option, Choose):
                candidates.append(option.get("unit"))
        proc = self.state.procedure
        for name in ("unit", "attacker", "charger"):
            candidates.append(getattr(proc, name, None))
        candidates += [self.state.turn.current_unit, self.view.selected]
        for uid in candidates:
            if isinstance(uid, str) and uid in self.state.units:
                return self.state.units[uid]
        return None

    def _hover_enemy(self) -> str | None:
        sel = self.state.units.get(self.view.selected or "")
        hov = self.state.units.get(self.view.hovered or "")
        if sel and hov and hov.owner != sel.owner:
            return hov.id
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((22, 24, 28))
        self.view.active_player = self.game.current_player()
        self.view.revision = self.revision
        self.renderer.draw(surface, self.state, self.view)
        self._draw_top(surface)
        self._draw_unit_card(surface)
        self._draw_status(surface)
        if self.dice is not None:
            self._draw_dice(surface)
        if self.explanation is not None:
            self._draw_explanation(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        pygame.draw.rect(surface, (16, 18, 22), (0, 0, w, TOP_H))
        player = self.game.current_player()
        fonts = self.app.fonts
        if player is not None:
            p = self.state.player(player)
            colour = self.app.palette.player_colour(p.number, p.colour)
            pygame.draw.rect(surface, colour, (0, 0, 14, TOP_H))
            text = f"Round {self.state.turn.round}  -  {p.name} to act: {self._pending_text()}"
        else:
            text = f"Round {self.state.turn.round}  -  game over"
        legend = sum(fonts.get(13).size(pl.name)[0] + 26 for pl in self.state.players)
        head = fonts.get(17, bold=True)
        surface.blit(head.render(Renderer._fit(head, text, w - PANEL_W - legend - 50), True,
                                 (245, 245, 240)), (24, 9))
        x = w - PANEL_W - 10
        for pl in reversed(self.state.players):
            colour = self.app.palette.player_colour(pl.number, pl.colour)
            img = fonts.get(13).render(pl.name, True, (240, 240, 240))
            x -= img.get_width() + 26
            pygame.draw.rect(surface, colour, (x, 12, 14, 14))
            surface.blit(img, (x + 18, 11))
        name = self.session.scenario.name
        img = fonts.get(13).render(name, True, (170, 170, 170))
        surface.blit(img, (w - PANEL_W + 8, TOP_H - 2 - img.get_height() + 2 - 18))

    def _draw_unit_card(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        x0, y0 = w - PANEL_W, TOP_H
        pygame.draw.rect(surface, (30, 33, 38), (x0, y0, PANEL_W, surface.get_height() - y0))
        unit = self.state.units.get(self.view.selected or "")
        fonts = self.app.fonts
        y = y0 + 42
        if unit is None:
            surface.blit(fonts.get(14).render("Click a unit to select it.", True,
                                              (190, 190, 190)), (x0 + 10, y + 8))
            return
        owner = self.state.player(unit.owner)
        colour = self.app.palette.player_colour(owner.number, owner.colour)
        pygame.draw.rect(surface, colour, (x0 + 8, y + 4, 10, 48))
        surface.blit(fonts.get(16, bold=True).render(unit.name, True, (255, 255, 255)),
                     (x0 + 26, y + 2))
        from game.ui.render import status_text

        info = f"{owner.name}  {status_text(unit)}"
        surface.blit(fonts.get(13).render(info, True, (210, 210, 210)), (x0 + 26, y + 24))
        where = (f'({unit.tray.x:.1f}, {unit.tray.y:.1f}) facing {unit.tray.facing:.0f}'
                 if unit.tray else (f"hex ({unit.hex.q}, {unit.hex.r}) facing "
                                    f"{hex_facing_text(unit.hex_facing)}" if unit.hex else ""))
        surface.blit(fonts.get(12).render(where, True, (160, 160, 160)), (x0 + 26, y + 41))

    def _draw_status(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        pygame.draw.rect(surface, (16, 18, 22), (0, h - STATUS_H, w, STATUS_H))
        text = self.status or "F1: controls"
        img = self.app.fonts.get(14).render(text[:160], True, (235, 225, 190))
        surface.blit(img, (10, h - STATUS_H + 6))

    def _draw_dice(self, surface: pygame.Surface) -> None:
        show = self.dice
        assert show is not None
        vp = self.viewport()
        box = pygame.Rect(vp.left + 12, vp.bottom - 174, 300, 150)
        pygame.draw.rect(surface, (50, 30, 20), box.inflate(10, 10), border_radius=8)
        pygame.draw.rect(surface, (30, 90, 50), box)
        frame = show.frames[min(len(show.frames) - 1, int(show.t * 60))]
        font = self.app.fonts.get(16, bold=True)
        for die in frame:
            img = pygame.Surface((26, 26), pygame.SRCALPHA)
            img.fill((245, 245, 240))
            pygame.draw.rect(img, (30, 30, 30), img.get_rect(), 1)
            label = font.render(str(die.face), True, (20, 20, 20))
            img.blit(label, label.get_rect(center=(13, 13)))
            rot = pygame.transform.rotate(img, math.degrees(die.angle))
            surface.blit(rot, rot.get_rect(center=(box.left + die.x, box.top + die.y)))
        caption = self.app.fonts.get(12).render(show.label[:48], True, (255, 255, 255))
        surface.blit(caption, (box.left + 4, box.bottom - 16))

    def _draw_explanation(self, surface: pygame.Surface) -> None:
        assert self.explanation is not None
        rule, text = self.explanation
        vp = self.viewport()
        box = pygame.Rect(vp.left + 40, vp.bottom - 190, vp.width - 80, 170)
        pygame.draw.rect(surface, (14, 16, 20), box, border_radius=8)
        pygame.draw.rect(surface, (230, 190, 60), box, 2, border_radius=8)
        fonts = self.app.fonts
        surface.blit(fonts.get(16, bold=True).render(rule, True, (240, 200, 90)),
                     (box.left + 14, box.top + 10))
        y = box.top + 36
        for line in _wrap(text, fonts.get(14), box.width - 28)[:6]:
            surface.blit(fonts.get(14).render(line, True, (240, 240, 240)), (box.left + 14, y))
            y += 20
        hint = fonts.get(12).render("Esc closes", True, (160, 160, 160))
        surface.blit(hint, (box.right - hint.get_width() - 10, box.top + 10))


def _is_continuous(action_type: type[Action]) -> bool:
    """Whether an action has free numeric fields (placed by pointing, like a Maneuver)."""
    import typing

    from game.ui.actions import required_fields

    hints = typing.get_type_hints(action_type)
    return any(hints.get(f.name) is float for f in required_fields(action_type))


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap for a font."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
