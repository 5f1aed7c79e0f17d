"""LessonRun: steps through a lesson headless (no pygame), never leaving the learner stuck.

- *say* steps show a caption; *demo* steps apply their actions at once with the lesson's own
  dice; *try* steps wait for the learner's actions and judge them by the step's success
  predicate; *ask* steps wait for an answer; *play* steps let the learner play on freely
  (against the computer when the step names an ``opponent``: the table plays that side),
  nothing judged, and leave no trace: Next goes on from the position the step began with.
- Next, back, restart step and restart lesson are always available; undo takes back the
  learner's last action inside a try (dice included: lessons are not bound by WB-HIST-1).
- Every die is fixed by the lesson: each demo or try step replaces the scripted queue with its
  own ``dice``, and a roll the queue cannot answer comes from the scenario's seeded generator,
  which gives the same numbers every time (nothing is left to chance).
- A legal move that ends the learner's turn without reaching the goal is a wrong move: its
  authored explanation (or else the engine's own account of what happened) is shown with the
  events it caused, and the step restarts from its start.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.actions import Action, ActionSyntaxError, RollPending, parse
from game.core.events import Event
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.pending import Chance, Over, PlayerDecision, Refusal
from game.core.state import GameState
from game.learn.explain import explain
from game.learn.loader import Lesson, Step
from game.learn.model import WrongMove
from game.learn.predicates import all_hold, fill
from game.learn.progress import mark_done

MAX_ROLLS = 64
"""Guard against a ruleset that keeps asking for dice after one learner action."""


END_EVENTS = frozenset({"activation.end", "turn.handover", "game.over"})
"""Events that close a learner's attempt: their turn is over, judged or not."""


class LessonError(Exception):
    """A lesson that cannot be played as written (a demo action the engine refuses)."""


@dataclass(frozen=True)
class Feedback:
    """What the lesson says about the learner's last input.

    ``kind``: ``refused`` (nothing changed), ``progress`` (go on), ``solved``, ``wrong`` (the
    step restarted; ``events`` are the consequence that was played out), ``correct`` or
    ``incorrect`` (an ask), ``info``.
    """

    kind: str
    text: str
    rules: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Hint:
    """A tiered hint: tier 1 is text, tier 2 adds the solution actions to draw."""

    tier: int
    text: str
    actions: tuple[Action, ...] = ()


@dataclass
class _Start:
    """The game at the start of a step and the events that happened before it."""

    state: GameState
    history: tuple[Event, ...]


class LessonRun:
    """One learner's pass through a lesson (see module docstring)."""

    def __init__(self, lesson: Lesson, *, record: bool = True,
                 progress_file: Path | None = None) -> None:
        """Start ``lesson`` at its first step; ``record`` stores completion in the data
        folder (``progress_file`` overrides where)."""
        self.lesson = lesson
        self.record = record
        self.progress_file = progress_file
        self.game = self._fresh_game()
        self.index = 0
        self.history: list[Event] = []
        self.step_events: list[Event] = []
        self.solved = False
        self.finished = False
        self.feedback: Feedback | None = None
        self.hint_tier = 0
        self.attempts = 0
        self._starts: list[_Start] = []
        self._undo: list[tuple[GameState, int, int, int]] = []
        self._replied = 0
        self._opened = 0
        self._tried: list[Action] = []
        self._player: int | None = None
        self._setup = _Start(snapshot(self.game.state), ())
        self._opening: GameState | None = None
        """The try's position once its demo actions and the other side's replies are
        played: where the solution starts (see :meth:`solution_labels`)."""
        self._labels: tuple[str, ...] | None = None
        self.engine_rules: set[str] = set()
        """Every rule ID the engine cited since the lesson's setup: in the events of what was
        played, the plans of the actions it accepted, the decisions it posed and the reasons
        it refused an action. The coverage test compares a lesson's declared rules with it."""
        self.restart_lesson()

    # --- questions -------------------------------------------------------------------------

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    def events(self) -> list[Event]:
        """Every event so far (before this step, then this step's)."""
        return [*self.history, *self.step_events]

    def caption(self) -> str:
        """The current caption with its live numbers."""
        return fill(self.step.model.caption, self.game.state, self.events())

    @property
    def learner(self) -> int | None:
        """The learner's side in this step (a try's or play's ``player``, else whoever acted
        at its start)."""
        return self._player

    def opponents(self) -> dict[int, str]:
        """The sides the computer plays in this step, by player number, and its strength:
        every side but the learner's in a play step that names an ``opponent``."""
        level = self.step.model.opponent
        if self.step.kind != "play" or level is None:
            return {}
        return {p.number: level for p in self.game.state.players if p.number != self._player}

    def objective(self) -> str:
        """The objective line: a try's or play's goal, an ask's question, else the title."""
        model = self.step.model
        text = model.objective if model.kind in ("try", "play") else model.question
        return fill(text, self.game.state, self.events()) if text else self.lesson.title

    def rule_notes(self) -> list[str]:
        """The explanations of the step's rule IDs, from the rulesets' own texts."""
        return [explain(rule) for rule in self.step.model.rules]

    def can_next(self) -> bool:
        """Whether Next is open: a try must be solved and an ask answered first."""
        return self.solved

    def can_undo(self) -> bool:
        """Whether the learner has an action to take back in this try."""
        return bool(self._undo)

    def progress(self) -> tuple[int, int]:
        """(current step number from 1, number of steps)."""
        return self.index + 1, len(self.lesson.steps)

    # --- navigation ------------------------------------------------------------------------

    def restart_lesson(self) -> None:
        """Back to the scenario's setup and the first step."""
        self.game = self._fresh_game()
        self.history = list(self.game.opening_events)
        self.game.state.scripted_dice = list(self.lesson.model.lesson.setup_dice)
        for action in self.lesson.setup:
            self.history.extend(self._play(action))
        self.finished = False
        self.engine_rules = set()
        self._setup = _Start(snapshot(self.game.state), tuple(self.history))
        self._starts = []
        self._enter(0)

    def restart_step(self) -> None:
        """Back to the start of the current step."""
        self._restore(self._starts[self.index])
        self._enter(self.index)

    def back(self) -> None:
        """Back to the start of the previous step (or of this one, on the first)."""
        target = max(self.index - 1, 0)
        self._restore(self._starts[target])
        self._enter(target)

    def next(self) -> Feedback:
        """On to the next step (or finish the lesson after the last one)."""
        if not self.solved:
            what = "answer the question" if self.step.kind == "ask" else "reach the objective"
            return self._say("refused", f"First {what}: {self.objective()}")
        if self.index + 1 >= len(self.lesson.steps):
            self.finished = True
            if self.record:
                mark_done(self.lesson.id, self.progress_file)
            return self._say("info", "Lesson complete.")
        if self.step.kind == "play":  # free play leaves no trace on the steps after it
            self._restore(self._starts[self.index])
            self.step_events = []
        self.history.extend(self.step_events)
        self._enter(self.index + 1)
        return self._say("info", self.caption())

    # --- the learner's input -------------------------------------------------------------

    def act(self, action: Action | str) -> Feedback:
        """Play one learner action in a try step and judge the result (in a play step: play
        it, or the computer opponent's, unjudged)."""
        if self.step.kind == "play":
            return self._play_freely(action)
        if self.step.kind != "try":
            return self._say("refused", "This step is for watching: press Next.")
        if self.solved:
            return self._say("refused", "The objective is reached: press Next.")
        if isinstance(action, str):
            try:
                action = parse(action, self.game.ruleset.action_types())
            except (ActionSyntaxError, ValueError) as exc:
                return self._say("refused", f"That is not an action: {exc}")
        known = self._known([*self._tried, action])
        refusal = self.game.why_not(action)
        if refusal is not None:
            self.engine_rules.update(refusal.rules)
            text = refusal.reason
            if known is not None:
                text = f"{fill(known.explain, self.game.state, self.events())} ({text})"
            rules = tuple(refusal.rules) + (tuple(known.rules) if known else ())
            return self._say("refused", text, rules)
        self._undo.append((snapshot(self.game.state), len(self.step_events), len(self._tried),
                           self._replied))
        self.step_events.extend(self._play(action))
        self._tried.append(action)
        self._reply()
        return self._judge()

    def _play_freely(self, action: Action | str) -> Feedback:
        """A move of free play: applied if the rules take it, never judged. Undo takes back
        to before the learner's own last move (the computer's answers since go with it)."""
        if isinstance(action, str):
            try:
                action = parse(action, self.game.ruleset.action_types())
            except (ActionSyntaxError, ValueError) as exc:
                return self._say("refused", f"That is not an action: {exc}")
        refusal = self.game.why_not(action)
        if refusal is not None:
            return self._say("refused", refusal.reason, tuple(refusal.rules))
        if self.game.current_player() == self._player:
            self._undo.append((snapshot(self.game.state), len(self.step_events),
                               len(self._tried), self._replied))
        self.step_events.extend(self._play(action))
        return self._say("progress", "Play on.")

    def _reply(self) -> None:
        """The other side answers its decisions with the step's scripted ``replies``."""
        replies = self.step.replies
        while self._replied < len(replies):
            node = self.game.pending()
            if isinstance(node, Over) or node.player == self._player:
                return
            reply = replies[self._replied]
            if self.game.why_not(reply) is not None:
                return
            self._replied += 1
            self.step_events.extend(self._play(reply))

    def undo(self) -> Feedback:
        """Take back the learner's last action in this try."""
        if not self._undo:
            return self._say("refused", "There is nothing of yours to undo in this step.")
        state, events, tried, self._replied = self._undo.pop()
        self.game = self._game_at(state)
        del self.step_events[events:]
        del self._tried[tried:]
        self.solved = self.step.kind == "play"  # free play has nothing to reach
        return self._say("info", "Taken back.")

    def answer(self, choice: int) -> Feedback:
        """Answer an ask step with the index (from 0) of a choice."""
        model = self.step.model
        if model.kind != "ask":
            return self._say("refused", "There is no question in this step.")
        if not 0 <= choice < len(model.choices):
            return self._say("refused", f"Pick one of the {len(model.choices)} choices.")
        events = self.events()
        if choice == model.answer:
            self.solved = True
            return self._say("correct", fill(model.explain, self.game.state, events),
                             tuple(model.rules))
        reason = model.why[choice] if model.why else "Not this one: look again."
        return self._say("incorrect", fill(reason, self.game.state, events), tuple(model.rules))

    def hint(self) -> Hint:
        """The next hint tier: the hint text first, then the solution to draw."""
        model = self.step.model
        self.hint_tier = min(self.hint_tier + 1, 2)
        if model.kind == "try":
            if self.hint_tier == 1 and model.hint:
                return Hint(1, fill(model.hint, self.game.state, self.events()))
            self.hint_tier = 2
            shown = "; then ".join(self.solution_labels())
            return Hint(2, f"One solution: {shown}", self.step.solution)
        if model.kind == "ask":
            notes = " ".join(self.rule_notes()) or "Read the caption again."
            return Hint(1, notes)
        return Hint(1, "Nothing to do here: read the caption and press Next.")

    def solution_labels(self) -> tuple[str, ...]:
        """The try's solution as the table's buttons word it ("Charge Lannister Guardsmen",
        "Align 100% (centred)"), never its action syntax: each action is worded by the
        ruleset in the position where it is played (the offer's own label when a decision
        offers it), replayed from the try's opening with the other side's replies."""
        if self._labels is None:
            self._labels = self._word_solution()
        return self._labels

    def _word_solution(self) -> tuple[str, ...]:
        if self._opening is None:
            return tuple(str(a) for a in self.step.solution)
        game = self._game_at(self._opening)
        labels: list[str] = []
        replied = 0
        for action in self.step.solution:
            labels.append(_label_in(game, action))
            if game.why_not(action) is not None:
                continue
            _settle(game, action)
            replies = self.step.replies
            while replied < len(replies):
                node = game.pending()
                if isinstance(node, Over) or node.player == self._player:
                    break
                if game.why_not(replies[replied]) is not None:
                    break
                _settle(game, replies[replied])
                replied += 1
        return tuple(labels)

    # --- inside ------------------------------------------------------------------------------

    def _fresh_game(self) -> Game:
        state = snapshot(self.lesson.scenario.state)
        state.scripted_dice = []
        return Game(state, self.lesson.scenario.fresh_ruleset())

    def _game_at(self, state: GameState) -> Game:
        return Game(snapshot(state), self.lesson.scenario.fresh_ruleset(), started=True)

    def _restore(self, start: _Start) -> None:
        self.game = self._game_at(start.state)
        self.history = list(start.history)

    def _enter(self, index: int) -> None:
        self.index = index
        if self.lesson.steps[index].model.reset:
            self.game = self._game_at(self._setup.state)
        del self._starts[index:]
        self._starts.append(_Start(snapshot(self.game.state), tuple(self.history)))
        step = self.step
        self.step_events = []
        self.feedback = None
        self.hint_tier = 0
        self._undo = []
        self._tried = []
        self._replied = 0
        self._opened = 0
        self.solved = step.kind in ("say", "demo", "play")
        if step.kind in ("demo", "try"):
            self.game.state.scripted_dice = list(step.model.dice)
        elif step.kind == "play":
            self.game.state.scripted_dice = []  # free play rolls the scenario's seeded dice
        for action in step.actions:
            refusal = self.game.why_not(action)
            if refusal is not None:
                raise LessonError(f"{self.lesson.file}: step {index + 1} demo action "
                                  f"'{action}' is refused: {refusal.reason}")
            self.step_events.extend(self._play(action))
        self._player = step.model.player or self.game.current_player()
        if step.kind == "try":
            self._reply()
        self._opening, self._labels = snapshot(self.game.state), None
        self._opened = len(self.step_events)

    def _play(self, action: Action) -> list[Event]:
        """Apply ``action``, then answer any roll the scripted dice leave open (seeded);
        note the rules the engine cited on the way (:attr:`engine_rules`)."""
        self.engine_rules.update(_cited(self.game, action))
        events = self.game.apply(action)
        for _ in range(MAX_ROLLS):
            if not isinstance(self.game.pending(), Chance):
                break
            events.extend(self.game.apply(RollPending()))
        self.engine_rules.update(r for e in events for r in e.rules)
        return events

    def _judge(self) -> Feedback:
        model = self.step.model
        state = self.game.state
        if all_hold(model.success, state, self.step_events):
            self.solved = True
            return self._say("solved", f"Objective reached: {self.objective()}",
                             tuple(model.rules))
        early = any(move.when and all_hold(move.when, state, self.step_events)
                    for move in model.wrong)
        if early:
            return self._wrong()
        node = self.game.pending()
        ended = any(e.kind in END_EVENTS for e in self.step_events[self._opened:])
        if not ended and not isinstance(node, Over) and node.player == self._player:
            prompt = f": {node.prompt}" if isinstance(node, PlayerDecision) else "."
            return self._say("progress", f"Go on{prompt}")
        return self._wrong()

    def _wrong(self) -> Feedback:
        """The attempt ended without reaching the goal: explain, then restart the step."""
        consequence = tuple(self.step_events)
        known = self._known(self._tried, consequence)
        if known is not None:
            text = fill(known.explain, self.game.state, self.events())
            rules = tuple(known.rules)
        else:
            happened = [e.text for e in consequence if e.kind != "dice.rolled"][-3:]
            text = (f"That does not reach the objective ({self.objective()}). What happened: "
                    + " ".join(happened))
            rules = tuple(dict.fromkeys(r for e in consequence for r in e.rules))
        self.attempts += 1
        self.restart_step()
        return self._say("wrong", text, rules, consequence)

    def _known(self, tried: list[Action], events: tuple[Event, ...] | None = None) \
            -> WrongMove | None:
        """The authored wrong move this attempt plays (by its ``when`` predicate once the
        consequence is known, else by its actions)."""
        for move, actions in zip(self.step.model.wrong, self.step.wrong, strict=True):
            if events is not None and move.when:
                if all_hold(move.when, self.game.state, events):
                    return move
            elif list(actions[: len(tried)]) == tried and len(tried) == len(actions):
                return move
        return None

    def _say(self, kind: str, text: str, rules: tuple[str, ...] = (),
             events: tuple[Event, ...] = ()) -> Feedback:
        self.feedback = Feedback(kind, text, rules, events)
        return self.feedback


def _cited(game: Game, action: Action) -> tuple[str, ...]:
    """The rules the engine cites for ``action`` before it is applied: the decision it
    answers, and the plan of the check that accepts it."""
    node = game.pending()
    decided = node.rules if isinstance(node, PlayerDecision) else ()
    plan = game.ruleset.plan(game.state, action)
    return (*decided, *(() if isinstance(plan, Refusal) else plan.rules))


def _label_in(game: Game, action: Action) -> str:
    """``action`` as the table words it now: the pending decision's offer label, else the
    ruleset's presentation."""
    node = game.pending()
    if isinstance(node, PlayerDecision):
        for offer in node.offers:
            if offer.action == action:
                return offer.label
    return game.ruleset.present(game.state, action).label


def _settle(game: Game, action: Action) -> None:
    """Apply ``action`` on a scratch game, then roll any dice it leaves open (seeded)."""
    game.apply(action)
    for _ in range(MAX_ROLLS):
        if not isinstance(game.pending(), Chance):
            break
        game.apply(RollPending())
