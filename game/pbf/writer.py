"""Playing one's turn: apply actions on the received game and write the next turn file.

:class:`TurnWriter` takes the game where the received file left it and the sender's side. It
rolls sealed dice by itself (from both players' secrets, see :mod:`game.pbf.dice`), answers the
other player's decisions only with their recorded standing orders, and stops the turn -- the
file goes to the other player -- as soon as the game waits for them: their move, their decision
without a standing order, their typed dice (honour mode), or a roll that strict dice leave to
their next file. Nothing of the other player's is ever decided silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.actions import (
    Action,
    ActionSyntaxError,
    Dice,
    DiceSpec,
    FreeRoll,
    RollPending,
    parse,
)
from game.core.events import Event
from game.core.game import Game
from game.core.pending import Chance, IllegalAction, Over, PlayerDecision
from game.pbf.chain import Replay, app_version, can_roll, event_notes, order_answer, other
from game.pbf.dice import SealedDice, chain_secret, commitment
from game.pbf.store import GameStore
from game.pbf.turnfile import KIND_PATTERN, ActionRecord, PbfError, TurnFile, digest


@dataclass
class _Input:
    """One thing the sender did: an action (as given) or a standing-order change."""

    action: Action | None = None
    order: tuple[str, str] | None = None


class TurnWriter:
    """The sender's turn in progress (see module docstring)."""

    def __init__(self, replay: Replay, side: int, store: GameStore) -> None:
        self.replay = replay
        self.game = replay.game
        self.side = side
        self.store = store
        self.sequence = replay.next_sequence()
        if self.sequence < 1:
            raise PbfError("the first file of a game is made by 'warbench pbf new'")
        self.base = len(self.game.log)
        self.base_orders = dict(replay.orders[side])
        self.orders = dict(self.base_orders)
        self.inputs: list[_Input] = []
        if self.sequence == 1:
            self.store.ensure_secret("chain-top")
        self.reveal = self._reveal()
        self.seed = replay.seed_for(self.sequence, self.reveal)
        self.dice = self._fresh_dice()
        self.acted = False
        self.by_order: set[int] = set()
        self.events: list[Event] = []
        self._advance()

    def _reveal(self) -> str:
        """This file's secret: the sender's chain secret for it (see game.pbf.dice)."""
        return self._chain(self.sequence // 2)

    def _chain(self, index: int) -> str:
        top = self.store.secret("chain-top")
        if top is None:
            raise PbfError("your secrets for this game are not on this computer, so your "
                           "turn's dice cannot be sealed; play on the computer that wrote your "
                           "earlier files")
        try:
            return chain_secret(self.replay.first.game_id, self.side, top, index)
        except ValueError as exc:
            raise PbfError(f"the game has reached its length limit: {exc}") from None

    def _fresh_dice(self) -> SealedDice | None:
        return SealedDice(self.seed) if self.seed is not None else None

    @property
    def mode(self) -> str:
        """The game's dice mode."""
        return self.replay.first.dice

    # --- what the game waits for -------------------------------------------------------------

    def waiting_for_me(self) -> bool:
        """Whether the game waits for this sender (else the turn is over: the file can go)."""
        node = self.game.pending()
        if isinstance(node, Over):
            return False
        if isinstance(node, Chance):
            return self.mode == "honour" and node.player == self.side
        return node.player == self.side

    def _advance(self) -> None:
        """Roll sealed dice and apply the other player's standing orders while they answer."""
        while True:
            node = self.game.pending()
            if isinstance(node, Chance):
                if not can_roll(self.mode, self.sequence, self.acted) or self.dice is None:
                    return
                self._apply(Dice(self.dice.rules_roll(self.game.state, node)))
                continue
            if isinstance(node, Over) or node.player == self.side:
                return
            if not isinstance(node, PlayerDecision):
                return
            order = self.replay.orders[node.player].get(node.kind)
            answer = order_answer(self.game, node, order) if order else None
            if answer is None:
                return
            self._apply(answer)
            self.by_order.add(len(self.game.log) - 1)

    def _apply(self, action: Action) -> None:
        self.events.extend(self.game.apply(action))

    # --- the sender's input ----------------------------------------------------------------

    def apply_line(self, line: str) -> list[Event]:
        """Apply one input line: an action, ``order KIND ANSWER`` (``none`` cancels), or
        ``undo``; raise PbfError (nothing changed) if it cannot be done."""
        words = line.split()
        if words and words[0] == "order":
            self.set_order(words[1] if len(words) > 1 else "", " ".join(words[2:]))
            return []
        if line.strip() == "undo":
            self.undo()
            return []
        try:
            action = parse(line, self.game.ruleset.action_types())
        except ActionSyntaxError as exc:
            raise PbfError(str(exc)) from None
        return self.apply(action)

    def set_order(self, kind: str, answer: str) -> None:
        """Record a standing order: when a decision of ``kind`` comes to this player during the
        other's turn, answer ``answer`` (an action text, or ``first``); ``none`` cancels."""
        if not KIND_PATTERN.match(kind) or not answer:
            raise PbfError("a standing order reads: order <decision kind> <answer>")
        if answer != "first" and answer != "none":
            try:
                parse(answer, self.game.ruleset.action_types())
            except ActionSyntaxError as exc:
                raise PbfError(f"the order's answer is not an action: {exc}") from None
        self._set_order(kind, answer)
        self.inputs.append(_Input(order=(kind, answer)))

    def _set_order(self, kind: str, answer: str) -> None:
        if answer == "none":
            self.orders.pop(kind, None)
        else:
            self.orders[kind] = answer

    def apply(self, action: Action) -> list[Event]:
        """Apply one of the sender's actions (see module docstring); PbfError if refused."""
        before = len(self.events)
        self._apply_input(action)
        self.inputs.append(_Input(action=action))
        self._advance()
        return self.events[before:]

    def _apply_input(self, action: Action) -> None:
        if not self.waiting_for_me():
            raise PbfError(f"the turn has passed to {self.replay.name(other(self.side))} "
                           f"({self.describe()}): this file is ready to send")
        if isinstance(action, RollPending):
            raise PbfError("honour dice: type the dice you rolled, like 'dice 6 3'")
        if isinstance(action, Dice) and self.mode != "honour":
            raise PbfError("the dice are sealed: the game rolls them by itself")
        if isinstance(action, FreeRoll):
            action = self._free_roll(action)
        try:
            self._apply(action)
        except IllegalAction as exc:
            raise PbfError(f"'{action}' is not legal: {exc.refusal}") from None
        except (KeyError, ValueError, TypeError) as exc:
            raise PbfError(f"'{action}' cannot be applied ({exc})") from None
        if not isinstance(action, Dice | FreeRoll):
            self.acted = True

    def _free_roll(self, action: FreeRoll) -> FreeRoll:
        if self.mode == "honour":
            if not action.results:
                raise PbfError("honour dice: give the results you rolled, like 'roll 2d6 4 1'")
            return action
        if action.results:
            raise PbfError("the dice are sealed: write the roll without results ('roll 2d6')")
        if self.mode == "strict" or self.dice is None:
            raise PbfError("free rolls need sealed dice (not in strict mode, nor before the "
                           "third file)")
        return FreeRoll(action.spec, self.dice.free_roll(DiceSpec.parse(action.spec)))

    @property
    def sent(self) -> bool:
        """Whether this file was sent (:meth:`send`): then nothing in it can be undone."""
        return self.store.sent(self.sequence) is not None

    def can_undo(self) -> str | None:
        """Why the sender's last input cannot be taken back now, or None if it can."""
        if self.sent:
            return (f"turn {self.sequence} was sent to {self.replay.name(other(self.side))}; "
                    "what you sent cannot be taken back")
        if not self.inputs:
            return "there is nothing of yours to undo in this file"
        return None

    def send(self) -> Path:
        """Write this file into the game's folder and lock it (issue 28.2): after sending, undo
        is refused and no different file for the same turn is written; sending again writes
        the same file. Return its path."""
        turn = self.finish()
        kept = self.store.sent(self.sequence)
        if kept is not None and kept != digest(turn):
            raise PbfError(f"turn {self.sequence} was already sent with other content; a "
                           "second, different file for the same turn is never written")
        path = self.store.save_turn(turn)
        self.store.mark_sent(self.sequence, digest(turn))
        return path

    def undo(self) -> None:
        """Take back the sender's last input of this file (the dice come out the same);
        refused once the file was sent."""
        reason = self.can_undo()
        if reason is not None and self.sent:
            raise PbfError(reason)
        if not self.inputs:
            raise PbfError("there is nothing of yours to undo in this file")
        kept = self.inputs[:-1]
        game = Game.replay(self.game.initial_state, self.game.ruleset,
                           self.game.actions()[: self.base])
        game.opening_events = self.game.opening_events
        self.replay.game = self.game = game
        self.orders, self.inputs, self.acted = dict(self.base_orders), [], False
        self.by_order, self.events = set(), []
        self.dice = self._fresh_dice()
        self._advance()
        for item in kept:
            if item.order is not None:
                self.set_order(*item.order)
            elif item.action is not None:
                self.apply(item.action)

    def describe(self) -> str:
        """What the game waits for, in a few words."""
        node = self.game.pending()
        if isinstance(node, Over):
            return f"the game is over: {node.summary}"
        who = self.replay.name(node.player)
        if isinstance(node, Chance):
            return f"{who}'s dice: {node.purpose}"
        if isinstance(node, PlayerDecision):
            return f"{who} decides ({node.kind}): {node.prompt}"
        return f"{who} to act"

    # --- the file --------------------------------------------------------------------------

    def finish(self) -> TurnFile:
        """The next turn file (PbfError while the game still waits for this sender); its
        chain secret is kept in the store first, so it never reveals a lost secret."""
        if self.waiting_for_me():
            raise PbfError(f"your turn is not finished: {self.describe()}")
        first = self.replay.first
        over = isinstance(self.game.pending(), Over)
        turn = TurnFile(
            game_id=first.game_id, sequence=self.sequence, previous=self.replay.digests[-1],
            app_version=app_version(), ruleset=first.ruleset,
            ruleset_version=first.ruleset_version, scenario_hash=first.scenario_hash,
            scenario_name=first.scenario_name, players=first.players, sender=self.side,
            dice=first.dice, reveal=self.reveal,
            commit=commitment(first.game_id, self.side, self._chain(self.sequence // 2 + 1)),
            orders=tuple(sorted(self.orders.items())), actions=self._records(),
            state=self.game.state_hash(), next_player=None if over else other(self.side))
        return turn.checked()

    def _records(self) -> tuple[ActionRecord, ...]:
        records = []
        for entry in self.game.log[self.base:]:
            records.append(ActionRecord(entry.index + 1, str(entry.action), entry.hash_after,
                                        entry.index in self.by_order, event_notes(entry)))
        return tuple(records)
