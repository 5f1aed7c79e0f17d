"""The computer at the table: it answers everything the game asks of the sides it plays
(activations, decisions, re-rolls, dice), at a pace a player can follow, and says why.

The search runs in a worker thread on a detached copy of the game (:func:`game.ai.detached`:
its own state, log and ruleset object, the table's dice forgotten), so the window keeps
drawing at full speed and nothing but the main thread ever touches the live game or a pygame
surface. The worker hands back a :class:`game.ai.Choice`; the main thread checks it with
``Game.why_not`` and applies it through the table (glides, dice, log), then waits for the
animation and the pause of the speed setting before the next one. The skip key (F) finishes
the animations and pauses of the computer's run at once.

Each move is logged with its one-line reason in player words (the AI's explanation), under
the side's name.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import Choice, detached, make_player
from game.core.actions import RollPending
from game.core.game import Game
from game.core.pending import Chance, IllegalAction, Over
from game.core.ruleset import Ruleset

if TYPE_CHECKING:
    from game.ui.table_scene import TableScene

SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds the table waits after each computer move (its animation done), by setting name."""

SKIP_KEY = pygame.K_f
SKIP_HELP = ("F", "skip the computer's animations and pauses (also the Skip button)")

Clock = Callable[[], float]

THINKING_SWITCH = 0.0005
"""The interpreter's switch interval (seconds) while a search runs in the worker thread: the
window's thread waits at most this long for the interpreter lock the search holds, so a
frame stays short (the default, 5 ms, cost a frame up to 5 ms per wait)."""


@dataclass
class Thought:
    """One search in a worker thread: the position it was asked for (``key``) and, once
    ``done`` is set, the choice or the error that stopped it."""

    key: tuple[int, int]
    player: int
    done: threading.Event = field(default_factory=threading.Event)
    choice: Choice | None = None
    error: str | None = None
    thread: threading.Thread | None = None

    def run(self, think: Callable[[], Choice]) -> None:
        """Search (in the worker thread, with the short :data:`THINKING_SWITCH`) and keep the
        answer."""
        before = sys.getswitchinterval()
        sys.setswitchinterval(min(before, THINKING_SWITCH))
        try:
            self.choice = think()
        except Exception as exc:  # a search that fails must not take the window down
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            sys.setswitchinterval(before)
            self.done.set()


class ComputerTurn:
    """The computer players of one table scene (see module docstring)."""

    def __init__(self, scene: TableScene, sides: Mapping[int, str],
                 ruleset: Callable[[], Ruleset], *, seed: int = 1,
                 clock: Clock = time.monotonic, threaded: bool = True) -> None:
        self.scene = scene
        self.sides = dict(sides)
        """Player number -> strength of every side the computer plays."""
        self.players = {n: make_player(level, seed + n) for n, level in self.sides.items()}
        self.make_ruleset = ruleset
        self.clock = clock
        self.threaded = threaded
        """False runs the search in the caller (tests that need no thread)."""
        self.thought: Thought | None = None
        self.ready_at = 0.0
        """When the next computer move may be applied (after the pause of the last)."""
        self.skipping = False
        """The skip key was pressed: no pauses until the table is the human's again."""
        self.notes: dict[tuple[int, str], str] = {}
        """The reason of each computer move as a log line, by its log entry (index, hash
        after): the same string object every time, so the log box appends after it."""
        self.moves = 0
        self.skip_button: Any = None
        now = scene.game.current_player()
        self.last_human: int | None = now if now is not None and now not in self.sides else (
            next(iter(self.humans()), None))
        """The person who had the table last (who Undo speaks for)."""

    # --- who plays ------------------------------------------------------------------------

    def owns(self, player: int | None) -> bool:
        """Whether the computer plays ``player``."""
        return player is not None and player in self.sides

    def owns_now(self) -> bool:
        """Whether what the game waits for is the computer's to answer."""
        node = self.scene.pending()
        return not isinstance(node, Over) and self.owns(node.player)

    def humans(self) -> list[int]:
        """The player numbers people play."""
        return [p.number for p in self.scene.state.players if p.number not in self.sides]

    def hand_over_to(self, player: int) -> bool:
        """Whether the table is handed over now that ``player`` acts: only from one person
        to another, never to or from the computer."""
        if player in self.sides:
            return False
        last, self.last_human = self.last_human, player
        return last is not None and last != player and len(self.humans()) > 1

    def human_at_table(self) -> int | None:
        """The person Undo takes back for (None when the computer plays every side)."""
        humans = self.humans()
        if not humans:
            return None
        return self.last_human if self.last_human in humans else humans[0]

    def name(self, player: int) -> str:
        """``Lannister (computer, normal)``."""
        return f"{self.scene.state.player(player).name} (computer, {self.sides[player]})"

    def thinking(self) -> int | None:
        """The player whose move is being searched now, if any."""
        thought = self.thought
        return thought.player if thought is not None and not thought.done.is_set() else None

    # --- per frame ------------------------------------------------------------------------

    def step(self) -> None:
        """Called every frame: start a search, or apply a finished one once the table has
        shown the last move (animation done, pause over)."""
        scene = self.scene
        if not self.owns_now():
            self.skipping = False
            self._forget_stale()
            return
        if scene.confirm is not None:
            return  # a question to the player holds the table
        if self.skipping:
            scene.animator.step(60.0, scene.view)  # every glide and dice tray ends now
        if scene.animator.busy() or self.clock() < self.ready_at:
            return
        node = scene.pending()
        if isinstance(node, Over):
            return
        if isinstance(node, Chance):
            self._apply(node.player, Choice(RollPending(), f"rolls the dice: {node.purpose}"))
            return
        key = self.key()
        thought = self.thought
        if thought is None or thought.key != key:
            if thought is not None and not thought.done.is_set():
                return  # the stale search ends first: its ruleset copy is not shared
            self.start(node.player)
            return
        if not thought.done.is_set():
            return
        self.thought = None
        if thought.choice is None:
            scene.status = f"The computer could not choose ({thought.error})"
            self.sides.pop(thought.player, None)  # the human takes the side over
            scene.app.notify(f"{scene.state.player(thought.player).name} is yours to play now")
            return
        self._apply(thought.player, thought.choice)

    def key(self) -> tuple[int, int]:
        """The game moment a search is for (any change of the game makes a new one)."""
        return (self.scene.revision, len(self.scene.game.log))

    def start(self, player: int) -> Thought:
        """Search ``player``'s move on a detached copy (in a worker thread)."""
        copy = detached(self.scene.game, self.make_ruleset())
        ai = self.players[player]
        thought = Thought(self.key(), player)
        self.thought = thought
        if self.threaded:
            thought.thread = threading.Thread(target=thought.run, args=(lambda: ai.choose(copy),),
                                              name="warbench-computer", daemon=True)
            thought.thread.start()
        else:
            thought.run(lambda: ai.choose(copy))
        return thought

    def _forget_stale(self) -> None:
        thought = self.thought
        if thought is not None and thought.done.is_set():
            self.thought = None

    def _apply(self, player: int, choice: Choice) -> None:
        """Apply the computer's choice through the table, log its reason, start the pause."""
        scene = self.scene
        game: Game = scene.game
        if game.why_not(choice.action) is not None:  # never trusted blindly
            fallback = game.legal_actions()
            if not fallback:
                self.sides.pop(player, None)
                return
            choice = Choice(fallback[0], "(its choice was refused: the first legal one)")
        at = len(game.log)
        try:
            done = scene.perform(choice.action)
        except IllegalAction:
            done = False
        if not done or len(game.log) <= at:
            return
        entry = game.log[at]
        self.notes[(entry.index, entry.hash_after)] = f"{self.name(player)}: {choice.reason}"
        scene.status = f"{scene.state.player(player).name}: {choice.reason}"
        self.moves += 1
        self.ready_at = self.clock() + (0.0 if self.skipping else self.pause())

    def pause(self) -> float:
        """The pause after a computer move, from the speed setting."""
        return SPEEDS.get(self.scene.app.settings.computer_speed, SPEEDS["normal"])

    def skip(self) -> None:
        """Skip the animations and pauses of the computer's moves until the human's turn."""
        if self.owns_now() or self.scene.animator.busy():
            self.skipping = self.owns_now()
            self.ready_at = 0.0
            self.scene.animator.step(60.0, self.scene.view)

    def note(self, index: int, hash_after: str) -> str | None:
        """The reason logged for the log entry ``index`` (None: not a computer move)."""
        return self.notes.get((index, hash_after))

    # --- input and drawing ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The skip key and button (True when the event was theirs)."""
        import pygame_gui

        if event.type == pygame.KEYDOWN and event.key == SKIP_KEY and not (
                event.mod & pygame.KMOD_CTRL) and not self.scene.panel.typing():
            self.skip()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.skip_button:
            self.skip()
            return True
        return False

    def sync_button(self) -> None:
        """Show the Skip button (with its key as tooltip) while the computer plays."""
        from pygame_gui.elements import UIButton

        shown = self.owns_now()
        button = self.skip_button
        if button is not None and (not shown or not button.alive()):
            button.kill()
            self.skip_button = button = None
        if shown and button is None:
            vp = self.scene.viewport()
            self.skip_button = UIButton(pygame.Rect(vp.x + 8, vp.y + 44, 110, 28), "Skip (F)",
                                        self.scene.app.manager, tool_tip_text=SKIP_HELP[1])

    def drop_button(self) -> None:
        """Remove the Skip button (the scene is left)."""
        if self.skip_button is not None:
            self.skip_button.kill()
            self.skip_button = None

    def draw(self, surface: pygame.Surface) -> None:
        """The "thinking..." badge with the side's name, at the top of the board."""
        player = self.thinking()
        if player is None and not self.owns_now():
            return
        node = self.scene.pending()
        who = player if player is not None else getattr(node, "player", None)
        if who is None or who not in self.sides:
            return
        dots = "." * (1 + int(self.clock() * 3) % 3)
        text = f"{self.name(who)} is thinking{dots}" if player is not None else \
            f"{self.name(who)} plays"
        font = self.scene.app.fonts.get(16, bold=True)
        img = font.render(text, True, (255, 255, 255))
        widest = font.size(text.rstrip(".") + "...")[0]  # the box keeps its width as the
        vp = self.scene.viewport()                          # dots come and go
        box = pygame.Rect(vp.x + 8, vp.y + 6, widest + 18, img.get_height() + 10)
        player_rec = self.scene.state.player(who)
        colour = self.scene.app.palette.player_colour(player_rec.number, player_rec.colour)
        pygame.draw.rect(surface, (20, 22, 26), box, border_radius=6)
        pygame.draw.rect(surface, colour, box, 2, border_radius=6)
        surface.blit(img, img.get_rect(midleft=(box.x + 9, box.centery)))
