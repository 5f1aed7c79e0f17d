"""The table's input routing: GUI events, keys, mouse and wheel, turned into calls on the
scene and its current input mode (:mod:`game.ui.modes`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.pending import Chance, PlayerDecision
from game.core.state import GameState, HexBoard
from game.geometry.hexgrid import Hex
from game.ui import hexlayout
from game.ui.modes import DicePickMode, SelectMode, SteerMode
from game.ui.render import fit_camera

if TYPE_CHECKING:
    from pygame_gui import UIManager

    from game.ui.table_scene import TableScene

PAN_SPEED = 600.0
ROTATE_STEP = 15.0


class TableInput:
    """Routes one table scene's input (see module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.terrain_shown: str | None = None
        self.shortcut_keys: set[int] = set()
        """Keys pressed with Ctrl (Ctrl+S): they do not pan until released, even when Ctrl
        is let go first, as people (and xdotool) often do."""

    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: panel buttons and links, keys, then the board's mouse."""
        import pygame_gui

        panel = self.scene.panel
        if self.scene.confirm is not None and event.type != pygame.KEYUP:
            if event.type == pygame.KEYDOWN:  # the question is modal: only keys answer it,
                self._answer_confirm(event)   # no button, click or wheel acts behind it
            return
        if self._held(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in panel.callbacks:
            panel.callbacks[event.ui_element]()
        elif event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self._hover_button(event.ui_element)
        elif event.type == pygame_gui.UI_BUTTON_ON_UNHOVERED:
            self.scene.view.hovered_ghost = self.scene.view.lit_variant = None
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            panel.slider_moved()
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.scene.explain(str(event.link_target))
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
              and event.ui_element is panel.dice_entry):
            self.scene.use_real_dice()
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.shortcut_keys.discard(event.key)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                            pygame.MOUSEWHEEL):
            if event.type == pygame.MOUSEMOTION and self._explain_disabled(event.pos):
                return
            self._mouse(event)

    def _held(self, event: pygame.event.Event) -> bool:
        """While a hand-over is due (the acting player still watches their result), the game
        waits for the next player, who is not seated yet: the keys and buttons that would
        answer for them (Space, R, Enter, the decision, dice and unit buttons, clicks on
        the board) do nothing but say so. The toolbar (Undo, Save, Menu...) still works.
        The same holds while the computer plays: what it answers is never the human's."""
        import pygame_gui

        scene = self.scene
        computer = scene.computer_decides()
        if not scene.flow.handoff_due and not computer:
            return False
        game_key = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE, pygame.K_r, pygame.K_RETURN, pygame.K_KP_ENTER) and not (
            event.mod & pygame.KMOD_CTRL)
        game_button = (event.type == pygame_gui.UI_BUTTON_PRESSED
                       and event.ui_element in scene.panel.callbacks
                       and event.ui_element not in scene.panel.tools)
        board_click = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                       and self._over_table(event.pos))
        if not (game_key or game_button or board_click):
            return False
        player = scene.game.current_player()
        if computer and scene.computer is not None and player is not None:
            scene.status = f"{scene.computer.name(player)} is playing: wait for your turn " \
                           "(F skips its pauses)"
            return True
        name = scene.state.player(player).name if player is not None else "the next player"
        scene.status = f"Handing over to {name}: the table is theirs in a moment"
        return True

    def _hover_button(self, element: object) -> None:
        """A button under the mouse: light its offer's ghost; say why a disabled one is."""
        lit = self.scene.panel.hover_ghosts.get(element)
        self.scene.view.hovered_ghost = self.scene.view.lit_variant = lit
        if element in self.scene.panel.refusals:
            self.scene.status = f"Not now: {self.scene.panel.refusals[element]}"

    def _explain_disabled(self, pos: tuple[int, int]) -> bool:
        """Hovering a disabled button shows why it is disabled (pygame-gui sends no hover
        events for disabled buttons)."""
        for element, reason in self.scene.panel.refusals.items():
            if element.rect.collidepoint(pos):
                self.scene.status = f"Not now: {reason}"
                return True
        return False

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl:
            self.shortcut_keys.add(event.key)
        flow = self.scene.flow
        shortcuts = {pygame.K_z: flow.undo, pygame.K_y: flow.redo, pygame.K_s: flow.save_now,
                     pygame.K_o: flow.load}
        if ctrl and event.key in shortcuts:
            shortcuts[event.key]()
        elif self.scene.panel.typing():
            return
        elif event.key == pygame.K_ESCAPE:
            self._escape()
        elif event.key in (pygame.K_SPACE, pygame.K_r):
            if isinstance(self.scene.pending(), Chance):
                self.scene.roll()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.scene.end_activation()
        elif event.key in (pygame.K_q, pygame.K_e):
            self.scene.rotate(-ROTATE_STEP if event.key == pygame.K_q else ROTATE_STEP)
        elif event.key == pygame.K_g:
            self.scene.view.grid = not self.scene.view.grid
            self.scene.app.settings.grid = self.scene.view.grid
        elif event.key == pygame.K_k:
            settings = self.scene.app.settings
            settings.terrain_key = not settings.terrain_key
        elif event.key == pygame.K_TAB:
            self.scene.view.all_arcs = not self.scene.view.all_arcs
        elif event.key == pygame.K_HOME:
            fit_camera(self.scene.view.camera, self.scene.state)
        elif event.key == pygame.K_l and self.scene.explanation:
            self.scene.open_explained_lesson()
        elif event.key == pygame.K_F2:
            shown = self.scene.explanation
            self.scene.open_rules(shown[0] if shown else None)

    def _escape(self) -> None:
        """Esc closes the explanation, then leaves the mode, then asks before leaving."""
        if self.scene.explanation:
            self.scene.explanation = None
        elif not isinstance(self.scene.mode, SelectMode | DicePickMode):
            self.scene.cancel_mode()
        else:
            self.scene.flow.ask_menu()

    def _answer_confirm(self, event: pygame.event.Event) -> None:
        """The leave-the-table question: Enter leaves, Esc stays; other keys wait."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            self.scene.flow.confirmed()
        elif event.key in (pygame.K_ESCAPE, pygame.K_n):
            self.scene.confirm = None

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.scene.panel.log.handle(event, self.scene.explain):
            return  # the log scrolled, or a rule link in it was clicked
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            self._motion(pos, event.rel)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (2, 3) and self.scene.viewport().collidepoint(pos):
                self.scene.pan_from = pos
            elif event.button == 1 and self._over_table(pos):
                self._press(pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.scene.pan_from = None
            elif event.button == 1:
                self.scene.mode.release(self.scene, self.scene.view.camera.to_world(*pos))

    def _over_table(self, pos: tuple[int, int]) -> bool:
        """Whether a press at ``pos`` is the board's: in the viewport and under no GUI
        element *at* ``pos`` (the manager's own hover flag is worked out once a frame, where
        the pointer was: a click on a unit in the frame the pointer left a panel button, as
        after a slow frame, was lost)."""
        scene = self.scene
        return scene.viewport().collidepoint(pos) and not gui_at(scene.app.manager, pos)

    def _wheel(self, event: pygame.event.Event) -> None:
        mx, my = self.scene.mouse  # the last motion (wheel events carry no position)
        if self.scene.hud.card_rect().collidepoint((mx, my)):
            self.scene.hud.scroll_card(-int(event.y))  # a long unit card scrolls
            return
        if not self.scene.viewport().collidepoint((mx, my)):
            return
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if self.scene.mode.wheel(self.scene, int(event.y), shift):
            return
        if shift:
            self.scene.rotate(ROTATE_STEP * (1 if event.y < 0 else -1))
        else:
            self.scene.view.camera.zoom_at(1.15 ** event.y, mx, my)

    def _motion(self, pos: tuple[int, int], rel: tuple[int, int]) -> None:
        self.scene.mouse = pos
        if self.scene.pan_from is not None:
            self.scene.view.camera.pan_pixels(rel[0], rel[1])
            return
        lit = self.scene.panel.ghost_under(pos)
        self.scene.view.lit_variant = lit
        if lit is not None:  # an offer's button: light its ghost on the board
            self.scene.view.hovered_ghost = lit
            self.scene.view.hovered = None
            return
        self.scene.pointer = self.scene.view.camera.to_world(*pos)
        info = self.scene.renderer.painter.info_rect
        if info is not None and info.collidepoint(pos):
            return  # over the hover box: keep it (its rule links can be clicked)
        if not self.scene.viewport().collidepoint(pos):
            self.scene.view.hovered = None
            self.scene.view.hovered_ghost = None
            return
        self.scene.view.hovered = self.scene.unit_at(self.scene.pointer)
        self.scene.view.hovered_ghost = self.scene.ghost_at(self.scene.pointer)
        if isinstance(self.scene.mode, SelectMode):
            self._show_terrain()
        if isinstance(self.scene.mode, SteerMode):
            self.scene.mode.free = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        self.scene.mode.motion(self.scene, self.scene.pointer)

    def _show_terrain(self) -> None:
        """Name the terrain under the pointer in the status line (when no unit is under it);
        a terrain name shown earlier goes when the pointer leaves the terrain."""
        scene = self.scene
        text = None if scene.view.hovered else terrain_text(scene.state, scene.pointer)
        if text is not None:
            scene.status = self.terrain_shown = text
        elif self.terrain_shown is not None and scene.status == self.terrain_shown:
            scene.status = self.terrain_shown = ""

    def _press(self, pos: tuple[int, int]) -> None:
        for rect, rule in self.scene.renderer.painter.rule_rects:
            if rect.collidepoint(pos):
                self.scene.explain(rule)
                return
        info = self.scene.renderer.painter.info_rect
        if info is not None and info.collidepoint(pos):
            return
        point = self.scene.view.camera.to_world(*pos)
        ghost = self.scene.ghost_at(point)
        if ghost is not None and self._pick_ghost(ghost):
            return
        self.scene.mode.press(self.scene, point)

    def _pick_ghost(self, key: str) -> bool:
        if self.scene.mode.pick_ghost(self.scene, key):
            return True
        node = self.scene.pending()
        if isinstance(node, PlayerDecision) and key.startswith("d") and key[1:].isdigit():
            index = int(key[1:])
            if index < len(node.offers):
                self.scene.perform_offer(node.offers[index])
                return True
        return False

    def keys_pan(self, dt: float) -> None:
        """Pan with the arrows / WASD held (not while typing, not with Ctrl held)."""
        if self.scene.panel.typing():
            return
        if pygame.key.get_mods() & pygame.KMOD_CTRL:
            return  # Ctrl+S saves; it must not pan too
        pressed = pygame.key.get_pressed()
        self.shortcut_keys = {k for k in self.shortcut_keys if pressed[k]}  # a lost KEYUP

        def held(*keys: int) -> bool:
            return any(pressed[k] and k not in self.shortcut_keys for k in keys)

        dx = held(pygame.K_RIGHT, pygame.K_d) - held(pygame.K_LEFT, pygame.K_a)
        dy = held(pygame.K_DOWN, pygame.K_s) - held(pygame.K_UP, pygame.K_w)
        if dx or dy:
            self.scene.view.camera.pan_pixels(-dx * PAN_SPEED * dt, -dy * PAN_SPEED * dt)



def gui_at(manager: UIManager, pos: tuple[int, int]) -> bool:
    """Whether a visible GUI element other than the root container lies under ``pos``: the
    answer the manager's hover flag gives, worked out for this point now."""
    from pygame_gui.core.interfaces import IUIElementInterface

    x, y = manager.calculate_scaled_mouse_position(pos)
    root: object = manager.get_root_container()
    return any(element is not root and element.visible and element.hover_point(x, y)
               for element in manager.get_sprite_group().sprites()
               if isinstance(element, IUIElementInterface))


def terrain_text(state: GameState, point: tuple[float, float]) -> str | None:
    """``Terrain: forest (blocks-sight, rough)`` for the terrain under a board point, or
    ``Hex (4, 0): ruins, elevation 1 (blocks-sight)``; None on open ground."""
    board = state.board
    if isinstance(board, HexBoard):
        q, r = hexlayout.world_to_axial(*point)
        cell = board.cells.get(Hex(q, r))
        if cell is None or (cell.terrain == "open" and not cell.keywords and not cell.elevation):
            return None
        height = f", elevation {cell.elevation}" if cell.elevation else ""
        tags = f" ({', '.join(sorted(cell.keywords))})" if cell.keywords else ""
        return f"Hex ({q}, {r}): {cell.terrain}{height}{tags}"
    if not state.terrain:
        return None
    import shapely  # one vectorised test of every piece: asked on every pointer motion

    outlines = np.asarray([piece.polygon for piece in state.terrain], dtype=object)
    hits = np.flatnonzero(shapely.covers(outlines, shapely.points(point)))
    if not len(hits):
        return None
    piece = state.terrain[int(hits[0])]
    tags = f" ({', '.join(sorted(piece.keywords))})" if piece.keywords else ""
    return f"Terrain: {piece.kind}{tags}"
