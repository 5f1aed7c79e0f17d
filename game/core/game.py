"""The Game: one table's state, its ruleset, its seeded dice, its log and its history.

Models: python-chess (value-object moves, a snapshot undo stack), OpenSpiel (decisions and dice
as chance nodes), boardgame.io (a log with metadata, the seeded RNG in the state).

- ``pending()`` says what the game waits for; ``legal_actions()`` and ``why_not()`` never change
  anything; ``apply()`` checks first and changes nothing when it refuses.
- Dice come from a counter-based seeded generator: the ``n``-th roll of a game with seed ``s`` is
  always the same, so undo cannot re-roll and a replay re-applies the very same numbers.
- Scripted dice in the state answer chance nodes automatically, in order.
- Every applied action becomes a :class:`LogEntry` holding the action as recorded (a
  ``rolldice`` is recorded as the ``dice`` it produced) and the events it caused.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from game.core.actions import Action, Choose, Dice, DiceSpec, FreeRoll, RollPending
from game.core.events import Event
from game.core.hashing import UnitTexts, snapshot, state_hash
from game.core.pending import Chance, Idle, IllegalAction, Over, Pending, PlayerDecision, Refusal
from game.core.ruleset import Context, Ruleset
from game.core.state import GameState

MAX_AUTOMATIC_STEPS = 10_000
"""Guard against a ruleset that never stops asking for scripted dice."""

MAX_ACTIONS = 2_000
"""Longest log a game records (a save holds at most this many actions, so no game outgrows
the save that must keep it; see docs/limits.md)."""

UNDO_RECENT = 48
"""Undo snapshots kept whole: the states before the last this many actions (issue 32)."""
UNDO_KEYFRAME = 25
"""Further back, one snapshot every this many actions; undoing to a state in between replays
the recorded actions (their dice included) from the keyframe before it, so any point can
still be taken back while memory grows by one snapshot per 25 actions, not one per action."""


@dataclass(frozen=True)
class LogEntry:
    """One applied action: as recorded, who acted, the events, whose dice were rolled."""

    index: int
    action: Action
    actor: int | None
    events: tuple[Event, ...]
    rolled_by: frozenset[int]
    hash_after: str


Listener = Callable[["Game", LogEntry], None]


class Game:
    """A game in progress (see module docstring)."""

    history: bool = True
    """False for a computer player's rehearsal copy (see ``__init__``). Class-level defaults
    keep a subclass that forwards to another game (a lesson's) working without ``__init__``."""
    _texts: UnitTexts | None = None
    """The history units' texts the hash after an action reads (see :meth:`_hash_after`)."""
    _after: _AfterAction | None = None
    """What the last logged action left as it was (see :class:`_AfterAction`)."""
    _initial_hash: tuple[GameState, str] | None = None
    """:meth:`initial_hash`'s answer, with the initial state object it was computed for."""
    _pending: Pending | None = None
    """Without history, what the game waits for, remembered until the game changes it (a
    rehearsal copy is changed only through apply; a table's game may be edited from outside,
    so it always asks the ruleset)."""

    def __init__(self, state: GameState, ruleset: Ruleset, *, started: bool = False,
                 history: bool = True) -> None:
        """Wrap ``state``; unless ``started``, let the ruleset begin the game. Without
        ``history`` (a computer player's rehearsal copy, thrown away after use) no undo
        snapshot and no state hash is taken per action: the log keeps the actions only, undo
        has nothing to restore, and a refused or failing action may leave the copy spoiled."""
        self.ruleset = ruleset
        self.state = state
        self.history = history
        self._pending = None
        self.opening_events: tuple[Event, ...] = ()
        if not started:
            ctx = Context()
            ruleset.start(state, ctx)
            ruleset.memo.forget()  # start() changed the state in place
            self._settle(ctx, set())
            self.opening_events = tuple(ctx.events)
        self.initial_state = snapshot(state) if history else state
        self.log: list[LogEntry] = []
        self._undo: list[GameState | None] = []
        """The state before each logged action (``_undo[i]`` before ``log[i]``): whole for
        the last :data:`UNDO_RECENT` actions and every :data:`UNDO_KEYFRAME`-th, else None
        (rebuilt by :meth:`_state_before` when undone)."""
        self._redo: list[LogEntry] = []
        self.listeners: list[Listener] = []
        self._texts = UnitTexts()

    # --- questions (never change anything) ---------------------------------------------------

    def pending(self) -> Pending:
        """What the game waits for: a decision, dice, an idle player, or nothing (over)."""
        if self._pending is not None:
            return self._pending
        node = self._waiting_for()
        if not self.history:
            self._pending = node
        return node

    def _waiting_for(self) -> Pending:
        state = self.state
        if state.outcome is not None:
            return Over(state.outcome.winner, state.outcome.summary)
        node = self.ruleset.decision(state)
        if node is not None:
            return node
        return Idle(player=state.turn.active, round=state.turn.round)

    def current_player(self) -> int | None:
        """The player the game waits for (None when over)."""
        node = self.pending()
        return None if isinstance(node, Over) else node.player

    def legal_actions(self) -> list[Action]:
        """Every discrete legal action now (free moves are checked by why_not only)."""
        node = self.pending()
        if isinstance(node, Over):
            return []
        if isinstance(node, Chance):
            return [RollPending()]
        if isinstance(node, PlayerDecision):
            return list(node.options)
        return self.ruleset.legal_actions(self.state)

    def why_not(self, action: Action) -> Refusal | None:
        """Why ``action`` is not legal now (with rule IDs), or None if it is."""
        node = self.pending()
        if isinstance(node, Over):
            return Refusal("the game is over", ())
        if len(self.log) >= MAX_ACTIONS:
            return Refusal(f"the game has reached the limit of {MAX_ACTIONS} actions", ())
        if isinstance(action, Dice | RollPending):
            if not isinstance(node, Chance):
                return Refusal("no dice are waiting to be rolled", ("WB-DICE-1",))
            if isinstance(action, Dice):
                problem = node.dice.accepts(action.results)
                if problem:
                    return Refusal(f"{node.purpose}: {problem}", ("WB-DICE-1",))
            return None
        if isinstance(node, Chance):
            return Refusal(f"roll the dice first: {node.purpose}", ("WB-DICE-1", *node.rules))
        if isinstance(node, PlayerDecision):
            if action in node.options:
                return None  # an offered option is legal by definition
            if node.free and isinstance(action, Choose):
                return self.ruleset.why_not(self.state, action)  # a free answer: checked
            return Refusal(f"{node.prompt} (answer with one of the offered choices)", node.rules)
        try:
            return self.ruleset.why_not(self.state, action)
        except (KeyError, ValueError) as exc:
            return Refusal(f"cannot read {action}: {exc}", ())

    def state_hash(self) -> str:
        """SHA-256 of the state's canonical form."""
        return state_hash(self.state)

    def current_hash(self) -> str:
        """The state hash now, as cheaply as it is known: the last logged action's
        ``hash_after`` when the log has one (taken once, as the action was applied), else
        computed. For code that runs right after an action (the autosave: one hash per
        action, issue 32); a state edited from outside the game needs :meth:`state_hash`."""
        if self.history and self.log and self.log[-1].hash_after:
            return self.log[-1].hash_after
        return self.state_hash()

    def initial_hash(self) -> str:
        """The hash of :attr:`initial_state`, computed once per initial state object; the
        history keeps its units' texts, which the first action's hash reads for the units
        it leaves alone (the first action's snapshot shares them: :meth:`_last_snapshot`)."""
        found = self._initial_hash
        if found is None or found[0] is not self.initial_state:
            state = self.initial_state
            texts = self._texts.known(state, state) if self._texts is not None else None
            found = self._initial_hash = (state, state_hash(state, texts))
        return found[1]

    def actions(self) -> list[Action]:
        """The recorded actions of the log, in order (what a save or replay needs)."""
        return [entry.action for entry in self.log]

    def events(self) -> list[Event]:
        """Every event so far, the opening ones first."""
        out = list(self.opening_events)
        for entry in self.log:
            out.extend(entry.events)
        return out

    # --- applying ------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; raise :class:`IllegalAction` otherwise."""
        entry = self._apply(action)
        self._redo.clear()
        self._notify(entry)
        return list(entry.events)

    def _apply(self, action: Action) -> LogEntry:
        refusal = self.why_not(action)
        if refusal is not None:
            raise IllegalAction(action, refusal)
        actor = self.current_player()
        before = self._snapshot_before() if self.history else None
        ctx = Context()
        rolled_by: set[int] = set()
        try:
            recorded = self._perform(action, ctx, rolled_by)
            self._settle(ctx, rolled_by)
        except Exception:
            self._pending = None
            if before is not None:
                self.state = snapshot(before)  # its unchanged units are the history's
            raise
        if before is not None:
            self._keep_undo(before)
        entry = LogEntry(
            index=len(self.log),
            action=recorded,
            actor=actor,
            events=tuple(ctx.events),
            rolled_by=frozenset(rolled_by),
            hash_after="" if before is None else self._hash_after(before),
        )
        self.log.append(entry)
        return entry

    def _hash_after(self, before: GameState) -> str:
        """The state hash right after an action: the units it left the same as in ``before``
        (the undo snapshot taken as it began) are read from the history's kept texts
        (:class:`~game.core.hashing.UnitTexts`), the same characters as writing them again."""
        if self._texts is None:
            self._texts = UnitTexts()
        known = self._texts.known(self.state, before)
        units = self.state.units
        self._after = _AfterAction(len(self.log) + 1, self.state, before,
                                   {uid: units[uid] for uid in known}, frozenset(known))
        return state_hash(self.state, known)

    def _snapshot_before(self) -> GameState:
        """The undo snapshot of the state as an action begins, sharing the units the history's
        last snapshot already holds (see :func:`~game.core.hashing.snapshot`)."""
        like = self._last_snapshot()
        return snapshot(self.state, like, self._units_same_as(like))

    def _units_same_as(self, like: GameState | None) -> Collection[str] | None:
        """The ids of the units of the state that are :func:`same` as in ``like``, when the
        last action's hash worked them out against that very snapshot and the state is still
        the one it left (the same object, each of those units the very object it was; the
        state changes only through :meth:`apply`, as :meth:`current_hash` also holds); None
        when unknown (the snapshot then compares every unit). At 200 units this saves one of
        the two walks over every unit an action took (issue 32)."""
        found = self._after
        if like is None or found is None or found.state is not self.state or (
                found.before is not like):
            return None
        units = self.state.units
        for uid, unit in found.units.items():
            if units.get(uid) is not unit:
                return None
        return found.ids

    def units_left_alone(self) -> frozenset[str] | None:
        """The ids of the units the last logged action left the same (every field, down to
        the types) as before it, while the game is still right after that action (None after
        an undo, or without history): a table redraws only the others (issue 32). Worked
        out with the action's hash, from the undo snapshot taken as it began."""
        found = self._after
        if found is None or found.log_length != len(self.log) or found.state is not self.state:
            return None
        return found.ids

    def _perform(self, action: Action, ctx: Context, rolled_by: set[int]) -> Action:
        """Do one action; return it as it goes into the log."""
        node = self.pending()
        self._pending = None  # the state changes from here on
        if isinstance(action, RollPending | Dice):
            assert isinstance(node, Chance)
            if isinstance(action, RollPending):
                action = Dice(self._draw(node.dice))
                source = "rolled"
            else:
                source = "given"
            self._feed(node, action.results, source, ctx, rolled_by)
            return action
        if isinstance(action, FreeRoll) and not action.results:
            action = FreeRoll(action.spec, self._draw(DiceSpec.parse(action.spec)))
        elif isinstance(action, FreeRoll):
            self.state.dice_drawn += 1
        self.ruleset.apply(self.state, action, ctx)
        return action

    def _draw(self, spec: DiceSpec) -> tuple[int, ...]:
        """Roll ``spec`` from the counter-based seeded generator (advances the counter)."""
        rng = random.Random(f"{self.state.seed}:{self.state.dice_drawn}")
        self.state.dice_drawn += 1
        return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))

    def _feed(
        self,
        node: Chance,
        results: tuple[int, ...],
        source: str,
        ctx: Context,
        rolled_by: set[int],
    ) -> None:
        """Record a chance node's results (WB-DICE-1) and hand them to the procedure."""
        if source != "rolled":
            self.state.dice_drawn += 1
        rolled_by.add(node.player)
        ctx.emit(
            "dice.rolled",
            f"{node.purpose}: {' '.join(map(str, results))}",
            ("WB-DICE-1", *node.rules),
            player=node.player,
            dice=str(node.dice),
            results=list(results),
            source=source,
        )
        self.ruleset.on_dice(self.state, results, ctx)

    def _settle(self, ctx: Context, rolled_by: set[int]) -> None:
        """Answer chance nodes from the scripted dice while there are enough of them."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            node = self.pending()
            if not isinstance(node, Chance):
                return
            queue = self.state.scripted_dice
            if len(queue) < node.dice.count:
                return
            results = tuple(queue[: node.dice.count])
            problem = node.dice.accepts(results)
            if problem:  # the script does not fit this die: drop it and wait for a roll
                queue.clear()
                ctx.emit("dice.script_dropped", f"The scripted dice do not fit {node.purpose} "
                         f"({problem}); the rest of the script is dropped and the dice wait "
                         "to be rolled.", ("WB-DICE-1", *node.rules), player=node.player)
                return
            del queue[: node.dice.count]
            self._pending = None
            self._feed(node, results, "scripted", ctx, rolled_by)
        raise RuntimeError("the ruleset asked for dice without end")

    def _notify(self, entry: LogEntry) -> None:
        for listener in list(self.listeners):
            listener(self, entry)

    # --- history -------------------------------------------------------------------------------

    def can_undo(self, by: int | None = None) -> Refusal | None:
        """Why the last action cannot be undone by player ``by`` (default: whoever acts now).

        WB-HIST-2: the acting player may take back only their own actions since the last
        hand-over -- never an opponent's move, decision or typed dice -- unless the table allows
        undoing anyone's action (``allow_undo_others``, for solo play). When the game is over,
        the player who made the last action is the acting one (no hand-over happened since).
        WB-HIST-1: not an action whose dice that player rolled, unless the table allows it.
        """
        if not self.log or not self.history:
            return Refusal("there is nothing to undo", ())
        last = self.log[-1]
        if by is not None and by not in {p.number for p in self.state.players}:
            return Refusal(f"there is no player {by} in this game", ("WB-HIST-2",))
        by = self.current_player() if by is None else by
        if by is None:
            by = last.actor
        options = self.state.options
        if last.actor != by and not options.allow_undo_others:
            return Refusal(
                f"the last action was {self._who(last.actor)}'s; "
                f"{self._who(by)} can only take back their own since the hand-over",
                ("WB-HIST-2",),
            )
        if by in last.rolled_by and not options.allow_undo_dice:
            return Refusal(
                f"{self._who(by)} rolled {_rolls_of(last, by)} and cannot take them back",
                ("WB-HIST-1",),
            )
        return None

    def _who(self, player: int | None) -> str:
        """A player's name for a refusal ("nobody" for an action outside any turn)."""
        return "nobody" if player is None else self.state.player(player).name

    def undo(self, by: int | None = None) -> LogEntry:
        """Take back the last action (snapshot restore); raise IllegalAction if not allowed."""
        refusal = self.can_undo(by)
        if refusal is not None:
            raise IllegalAction(self.log[-1].action if self.log else Dice(()), refusal)
        entry = self.log.pop()
        self.state = self._state_before(len(self._undo) - 1)
        self._undo.pop()
        self._redo.append(entry)
        self._notify(entry)
        return entry

    def can_take_back(self, by: int, computer: Collection[int]) -> Refusal | None:
        """Why ``by`` cannot take the game back to before their own last action, against the
        computer players ``computer`` (None: they can; see :meth:`take_back`)."""
        found = self._take_back_count(by, computer)
        return found if isinstance(found, Refusal) else None

    def take_back(self, by: int, computer: Collection[int]) -> list[LogEntry]:
        """WB-HIST-3: against the computer, take back the computer players' actions since
        ``by``'s own last action together with that action (most recent first); raise
        IllegalAction (nothing changes) where WB-HIST-1 or WB-HIST-2 forbids it."""
        found = self._take_back_count(by, computer)
        if isinstance(found, Refusal):
            raise IllegalAction(self.log[-1].action if self.log else Dice(()), found)
        taken = []
        for _ in range(found):
            entry = self.log.pop()
            self.state = self._state_before(len(self._undo) - 1)
            self._undo.pop()
            self._redo.append(entry)
            taken.append(entry)
            self._notify(entry)
        return taken

    def _take_back_count(self, by: int, computer: Collection[int]) -> int | Refusal:
        """How many actions :meth:`take_back` undoes, or why it cannot (WB-HIST-1/2/3)."""
        if not self.history:
            return Refusal("there is nothing to undo", ())
        options = self.state.options
        for count, entry in enumerate(reversed(self.log), start=1):
            if entry.actor in computer or entry.actor is None:
                continue  # the computer's own action or dice go back with the player's
            if entry.actor != by and not options.allow_undo_others:
                return Refusal(f"the last action was {self._who(entry.actor)}'s; "
                               f"{self._who(by)} can only take back their own", ("WB-HIST-2",))
            if by in entry.rolled_by and not options.allow_undo_dice:
                return Refusal(f"{self._who(by)} rolled {_rolls_of(entry, by)} and cannot take "
                               "them back", ("WB-HIST-1",))
            return count
        return Refusal(f"{self._who(by)} has made no move to take back yet", ("WB-HIST-3",))

    def _keep_undo(self, before: GameState) -> None:
        """Keep the state before the action just logged, and thin the snapshots that fell
        out of the recent window to keyframes (see :data:`UNDO_KEYFRAME`)."""
        self._undo.append(before)
        old = len(self._undo) - 1 - UNDO_RECENT
        if old > 0 and old % UNDO_KEYFRAME:
            self._undo[old] = None

    def _last_snapshot(self) -> GameState | None:
        """The undo history's last snapshot, whose unchanged units the next one shares (see
        :func:`~game.core.hashing.snapshot`), if it is kept whole; before the first action,
        the initial state (a snapshot too, that nothing changes: a replay copies it), so the
        first action does not copy every unit (issue 32)."""
        if self._undo:
            return self._undo[-1]
        return self.initial_state if self.history else None

    def _state_before(self, index: int) -> GameState:
        """The state before ``log[index]``, as a live state of its own: a copy of its
        snapshot (the snapshots share their unchanged units, which the live state must not
        change), or the nearest keyframe before it with the recorded actions between
        replayed on a copy (deterministic: the log holds every die as rolled)."""
        kept = self._undo[index]
        if kept is not None:
            return snapshot(kept)
        start = max(i for i in range(index) if self._undo[i] is not None)
        base = self._undo[start]
        assert base is not None
        copy = Game(snapshot(base), self.ruleset, started=True, history=False)
        for entry in self.log[start:index]:
            copy._apply(entry.action)
        return copy.state

    def can_redo(self) -> bool:
        """Whether an undone action can be applied again."""
        return bool(self._redo)

    def redo_action(self) -> Action | None:
        """The action :meth:`redo` would apply next, if any (so a table can name it in the
        words of the decision it answers before it is applied)."""
        return self._redo[-1].action if self._redo else None

    def redo(self) -> LogEntry:
        """Apply again the last undone action (recorded dice included)."""
        if not self._redo:
            raise IllegalAction(Dice(()), Refusal("there is nothing to redo", ()))
        entry = self._apply(self._redo[-1].action)
        self._redo.pop()
        self._notify(entry)
        return entry

    # --- replay ----------------------------------------------------------------------------

    @classmethod
    def replay(cls, initial: GameState, ruleset: Ruleset, actions: Sequence[Action]) -> Game:
        """Rebuild a game from its initial state and recorded actions."""
        game = cls(snapshot(initial), ruleset, started=True)
        for action in actions:
            game._apply(action)
        return game

    def replayed(self) -> Game:
        """A fresh game rebuilt from this one's initial state and log."""
        game = Game.replay(self.initial_state, self.ruleset, self.actions())
        game.opening_events = self.opening_events
        return game


class _AfterAction(NamedTuple):
    """What the last logged action left as it was, worked out once with its hash: the log's
    length and the state right after it, the undo snapshot taken as it began, and the units
    it left :func:`same` as there (by id, each the very object; and their ids). A table
    redraws only the others (:meth:`Game.units_left_alone`); the next action's snapshot
    shares them without comparing again (:meth:`Game._units_same_as`)."""

    log_length: int
    state: GameState
    before: GameState
    units: dict[str, object]
    ids: frozenset[str]


def _rolls_of(entry: LogEntry, player: int) -> str:
    """The dice ``player`` rolled in ``entry`` as a player reads them: ``3, 6 for Panic Test
    of X (7+)`` -- never the answer's syntax (``'dice 3 6'``, issue 13)."""
    rolls = []
    for event in entry.events:
        if event.kind == "dice.rolled" and event.player == player:
            purpose = event.text.rpartition(": ")[0] or "a roll"
            results = event.data.get("results")
            faces = ", ".join(str(r) for r in results) if isinstance(results, list) else "dice"
            rolls.append(f"{faces} for {purpose}")
    return " and ".join(rolls) if rolls else "dice in that action"
