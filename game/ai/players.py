"""Computer players of three strengths (and a random one), each answering whatever the game
waits for when it owns the player: an activation, a decision's offers or free answers, dice.

- ``random``: uniform over the legal actions and sampled continuous moves;
- ``easy``: a plausible action: a few candidates drawn with weight on attacks, each rated
  once (a unit's activation by what the unit then does, as normal rates it: alone it would
  tie with ending the turn), the best mostly kept;
- ``normal``: greedy on the rating (:mod:`game.ai.rating`) of every candidate within a budget,
  the best continuous move refined;
- ``hard``: a finer greedy rating (more moves sampled and refined, more throws, what an
  action opens rated on shared throws), then its best few looked ahead over the rest of its
  own activation (each action chosen as the reply is) and the opponent's likely best reply
  by the normal rating (an expectimax over the computer's own dice), within a time budget.

A player's randomness is its own: a generator seeded from its ``seed`` and the number of
actions played so far, never the game's dice, so the same position gets the same choice.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from game.ai.candidates import STEERED_UNITS, Candidate, candidates, refine
from game.ai.evaluate import DANGER, Evaluator
from game.ai.explain import explain, label
from game.ai.rating import OutcomeModel, Rating, SampledOutcomes, Work, rate
from game.ai.rehearsal import rehearsal
from game.core.actions import Action, EndActivation, RollPending
from game.core.game import Game
from game.core.pending import Chance, Idle, Over

LEVELS = ("random", "easy", "normal", "hard")
"""The computer's strengths, weakest first."""

TOP = 4
"""Candidates a normal player follows to the action they open (:func:`_see_through`)."""

LOOKED = 4
"""Candidates a hard player looks ahead from."""

LOOK_WEIGHT = 0.5
"""How far a hard player's look-ahead moves a candidate's rating from its greedy one: the
reply is one likely reply rated on a few throws, noisier than the greedy rating of the
same candidate, so half of what it tells is taken (a noisy look-ahead alone played no
better than normal: 6-6 on three rulesets)."""

LOOKAHEAD_STEPS = 4
"""Actions of its own run a hard player's look-ahead plays at most after a candidate."""

REPLY_CANDIDATES = 6
"""Candidates a quick greedy choice inside a look-ahead rates."""

OVERRUN = 1.4
"""How far past its budget a hard player may go to finish looking ahead from a candidate
it has begun (:meth:`HardPlayer.expected_ahead`)."""


@dataclass(frozen=True)
class Choice:
    """What the computer does, why in one line, and its best candidates with their ratings."""

    action: Action
    reason: str
    ratings: tuple[tuple[str, float], ...] = ()


class AiPlayer(Protocol):
    """Anything that answers what a game waits for."""

    level: str

    def choose(self, game: Game) -> Choice:
        """The answer to ``game.pending()`` (which must not be over)."""
        ...


@dataclass(frozen=True)
class Budget:
    """What one decision may spend: rehearsed actions (deterministic) and CPU seconds (a
    safety net that only a very slow machine reaches)."""

    actions: int
    seconds: float


def _rng(seed: int, game: Game, level: str) -> random.Random:
    """The player's own generator for this decision (never the game's dice)."""
    return random.Random(f"{seed}:{level}:{len(game.log)}")


def _waiting(game: Game) -> Choice | None:
    """The answer no choice is needed for: the table's dice for a roll."""
    node = game.pending()
    if isinstance(node, Over):
        raise ValueError("the game is over: there is nothing to choose")
    if isinstance(node, Chance):
        return Choice(RollPending(), f"rolls the dice: {node.purpose}")
    return None


def prior(cand: Candidate) -> float:
    """How sensible a candidate looks before any rating: attacks first, ending last."""
    if cand.action.target_id() is not None:
        return 4.0
    if isinstance(cand.action, EndActivation):
        return 0.5
    return 1.0


def ordered(found: list[Candidate], rng: random.Random) -> list[Candidate]:
    """Candidates in the order a budget rates them: ending (cheap, and what every other
    candidate must beat: an attack that costs more than it wins is never the only one
    rated), then aimed at a unit, then the rest shuffled (so a budget cut spreads over moves
    of every unit)."""
    aimed = [c for c in found if c.action.target_id() is not None]
    ends = [c for c in found if isinstance(c.action, EndActivation)]
    rest = [c for c in found if c not in aimed and c not in ends]
    rng.shuffle(rest)
    return ends + aimed + rest


@dataclass(frozen=True)
class Follow:
    """How a player rates the actions an action opens (:func:`_see_through`): by ``model``,
    and with ``common`` each on the same throws of its dice (:meth:`Work.same_dice`): the
    best of ratings on throws of their own is the luckiest, not the best."""

    model: OutcomeModel
    common: bool = False


QUICK_FOLLOW = Follow(SampledOutcomes(samples=1, exact=1))
"""Normal's: one throw each, as its budget allows."""


@dataclass
class RandomPlayer:
    """Uniform over the legal actions and sampled continuous moves."""

    seed: int = 0
    level: str = "random"

    def choose(self, game: Game) -> Choice:
        done = _waiting(game)
        if done is not None:
            return done
        rng = _rng(self.seed, game, self.level)
        cand = rng.choice(candidates(game, rng))
        return Choice(cand.action, f"{_label(game, cand)}: picked at random")


@dataclass
class GreedyPlayer:
    """Rates candidates on rehearsal copies and takes the best (normal); ``easy`` rates only a
    few drawn by :func:`prior` and sometimes keeps a worse one."""

    seed: int = 0
    level: str = "normal"
    budget: Budget = Budget(200, 0.2)
    model: OutcomeModel = field(default_factory=SampledOutcomes)
    danger: float = DANGER
    """Weight of the danger the enemy puts its units in (:meth:`Evaluator.danger`)."""
    steered: int = STEERED_UNITS
    """Units whose continuous moves are sampled per decision (:func:`candidates`)."""
    refinements: int = 1
    """Rounds of sampling again around the best continuous move (:func:`refine`)."""
    follow: Follow = field(default_factory=lambda: QUICK_FOLLOW)
    """How the actions an action opens are rated (:func:`_see_through`)."""

    def choose(self, game: Game) -> Choice:
        done = _waiting(game)
        if done is not None:
            return done
        started = time.process_time()  # listing the candidates counts against the budget
        rng = _rng(self.seed, game, self.level)
        node = game.pending()
        player = node.player  # type: ignore[union-attr]
        found = candidates(game, rng, self.steered)
        if len(found) == 1:
            return Choice(found[0].action, f"{_label(game, found[0])}: the only answer")
        work = Work(Evaluator(game.ruleset, self.danger, game.state), rng, self.budget.actions,
                    self.budget.seconds, started=started, dice_seed=rng.getrandbits(32))
        ratings = self.ratings(game, found, player, work)
        best = self.pick(ratings, rng)
        return Choice(best.action, explain(game, best), _top(game, ratings))

    def ratings(self, game: Game, found: list[Candidate], player: int,
                work: Work) -> list[Rating]:
        """The candidates rated within the budget, best first (the best move refined)."""
        root = rehearsal(game)
        pool = self.pool(found, work.rng)
        rated = _rate_all(root, pool, player, self.model, work, same=True)
        rated = _see_through(root, rated, player, work, self.follow)
        for round_ in range(self.refinements if self.level != "easy" else 0):
            steered = next((r for r in rated if r.candidate.steer is not None), None)
            if steered is None or (round_ and work.exhausted()):
                break  # the first refinement always (normal's), more while the budget lasts
            more = refine(game, steered.candidate, work.rng)
            rated = sorted(rated + _rate_all(root, more, player, self.model, work, True,
                                             same=True),
                           key=lambda r: -r.value)
        return rated

    def pool(self, found: list[Candidate], rng: random.Random) -> list[Candidate]:
        """The candidates to rate: all in budget order (easy: a few drawn by prior)."""
        if self.level != "easy":
            return ordered(found, rng)
        drawn: list[Candidate] = []
        left = list(found)
        while left and len(drawn) < 4:
            pick = rng.choices(left, weights=[prior(c) for c in left])[0]
            drawn.append(pick)
            left.remove(pick)
        return drawn

    def pick(self, rated: list[Rating], rng: random.Random) -> Rating:
        """The best rating (easy: sometimes another of its few)."""
        if self.level == "easy" and len(rated) > 1 and rng.random() < 0.35:
            return rng.choice(rated[1:])
        return rated[0]


@dataclass
class HardPlayer(GreedyPlayer):
    """A greedy rating finer than normal's (more continuous moves sampled and refined, more
    throws per outcome, more of the budget), then its best few candidates each looked ahead
    one reply deep: an expectimax over the outcomes of its own action (the computer's own
    dice), the rest of its own run played as the reply is chosen (:meth:`continue_run`),
    then the opponent's likely best reply -- the candidate the normal rating rates best for
    the opponent (:func:`best_reply`) -- and the expected score over that reply's
    outcomes once the opponent's run is ended, within the budget; the look-ahead moves a
    rating :data:`LOOK_WEIGHT` of the way from its greedy value."""

    level: str = "hard"
    budget: Budget = Budget(1500, 1.1)
    model: OutcomeModel = field(default_factory=lambda: SampledOutcomes(samples=8))
    steered: int = 2 * STEERED_UNITS
    refinements: int = 2
    follow: Follow = field(default_factory=lambda: Follow(SampledOutcomes(samples=4), True))
    looked: int = LOOKED
    """Candidates looked ahead from."""
    look_weight: float = LOOK_WEIGHT
    greedy_share: float = 0.6
    """Share of the budget the greedy rating may spend before the look-ahead."""

    def ratings(self, game: Game, found: list[Candidate], player: int,
                work: Work) -> list[Rating]:
        share = self.greedy_share
        first = Work(work.evaluator, work.rng, round(self.budget.actions * share),
                     self.budget.seconds * share, dice_seed=work.dice_seed)
        greedy = super().ratings(game, found, player, first)
        work.ended = first.ended  # the look-ahead rates its own run as normal did
        top = greedy[:self.looked]
        if len(top) < 2:
            return greedy
        deeper: list[Rating] = []
        for rating in top:
            if work.exhausted() and len(deeper) >= 2:
                break
            work.same_dice()  # each candidate's look-ahead meets the same throws
            ahead = self.expected_ahead(rating, player, work)
            value = rating.value + self.look_weight * (ahead - rating.value)
            deeper.append(Rating(rating.candidate, value, rating.outcomes, then=rating.then))
        looked = {r.action for r in deeper}
        rest = [r for r in greedy if r.action not in looked]
        return sorted(deeper, key=lambda r: -r.value) + rest

    def expected_ahead(self, rating: Rating, me: int, work: Work) -> float:
        """The expected :meth:`look_ahead` over ``rating``'s outcomes, taken in
        :func:`spread_order` (a prefix of an enumeration of every throw spreads over its
        faces). A candidate begun is looked at whole while the search stays within
        :data:`OVERRUN` times its budget; past that (after at least one outcome) the rest
        are left out and the mean is over those looked at. An outcome's look-ahead may take
        a few hundred ms on a table of trays, and a candidate of eight sampled throws used
        to be finished whatever the budget said: hard's p95 went past 2 s (issue 25)."""
        outcomes = rating.outcomes
        total = weight = 0.0
        for index in spread_order(len(outcomes)):
            if weight > 0 and work.exhausted(OVERRUN):
                break
            outcome = outcomes[index]
            total += outcome.weight * self.look_ahead(outcome.game, me, work)
            weight += outcome.weight
        return total / weight if weight > 0 else rating.value

    def look_ahead(self, game: Game, me: int, work: Work) -> float:
        """``me``'s expected score once the rest of ``me``'s run is played (:meth:`continue_run`)
        and the opponent has made their best reply (each of its outcomes weighed), their run
        then ended (:meth:`Work.run_out`: the fights they began are fought, as a candidate's
        own rating ends its run): a reply after which they act on is one step of their turn
        (one move of a side that plays a whole turn of moves), not a position to score mid-way;
        ``game`` stays as it is."""
        copy = self.continue_run(game, me, work)
        node = copy.pending()
        if not isinstance(node, Idle) or node.player == me:
            return work.evaluator.score(copy.state, me, copy.current_player())
        reply = best_reply(copy, node.player, work)
        if reply is None or not reply.outcomes:
            return work.evaluator.score(copy.state, me, copy.current_player())
        for outcome in reply.outcomes:  # the reply's own copies: ended in place
            work.run_out(outcome.game, node.player)
        return sum(o.weight * work.evaluator.score(o.game.state, me, o.game.current_player())
                   for o in reply.outcomes)

    def continue_run(self, game: Game, me: int, work: Work) -> Game:
        """The position once ``me`` has played on from ``game`` for at most
        :data:`LOOKAHEAD_STEPS` actions, each chosen as the opponent's reply is
        (:func:`best_reply`: rated over its outcomes, an activation followed to the action it
        opens) and played on one of its outcomes, drawn by weight with the computer's own
        generator; ``game`` itself if ``me`` does not act on (a copy otherwise)."""
        here = game
        for _ in range(LOOKAHEAD_STEPS):
            node = here.pending()
            if not isinstance(node, Idle) or node.player != me or work.exhausted():
                break
            follow = best_reply(here, me, work)
            if follow is None or not follow.outcomes:
                break
            weights = [o.weight for o in follow.outcomes]
            here = work.rng.choices(follow.outcomes, weights=weights)[0].game
        return here


GOLDEN = (math.sqrt(5.0) - 1.0) / 2.0
"""The golden ratio's fractional part: multiples of it spread evenly over [0, 1)."""


def spread_order(count: int) -> list[int]:
    """The indices ``0 .. count - 1`` in an order whose every prefix spreads over the range
    (sorted by ``i * GOLDEN mod 1``, a low-discrepancy sequence): the first few of every
    throw of a die are low, high and middle faces, not the lowest ones."""
    return sorted(range(count), key=lambda i: (i * GOLDEN) % 1.0)


REPLY_MODEL = SampledOutcomes(samples=2)
"""How a reply's outcomes are rehearsed: every throw of one die, else two throws."""


def best_reply(game: Game, player: int, work: Work) -> Rating | None:
    """The opponent's likely best reply on ``game`` (a rehearsal copy, which it leaves as it
    is): :data:`REPLY_CANDIDATES` of their candidates in budget order (ending, then those
    aimed at a unit, then the rest), each rated by the normal rating for them over its
    outcomes; an action after which they act on (activating a unit, a move before the
    attack) is followed by the best next action of the same unit on its outcome, whose
    outcomes it then stands for -- every one that changes nothing yet (each unit they may
    activate is weighed by what it would do) and the best two others, budget permitting."""
    found = ordered(candidates(game, work.rng), work.rng)[:REPLY_CANDIDATES]
    rated = _rate_all(game, found, player, REPLY_MODEL, work)
    base = work.evaluator.score(game.state, player)
    best: Rating | None = None
    for rank, rating in enumerate(rated):
        flat = abs(rating.immediate - base) < 1e-9
        if (flat or rank < 2) and not work.exhausted():
            rating = _reply_follow(rating, player, work)
        if best is None or rating.value > best.value:
            best = rating
    return best


def _reply_follow(rating: Rating, player: int, work: Work) -> Rating:
    """``rating`` raised to the best next action of the same unit (or ending) after it, with
    that action's outcomes, when its one outcome leaves ``player`` acting on and the next
    action rates better; else ``rating`` itself."""
    only = rating.outcomes[0].game if len(rating.outcomes) == 1 else None
    node = only.pending() if only is not None else None
    if only is None or not isinstance(node, Idle) or node.player != player or \
            isinstance(rating.action, EndActivation):
        return rating
    actor = rating.action.actor()
    found = [c for c in ordered(candidates(only, work.rng), work.rng)
             if actor is None or c.action.actor() in (actor, None)]
    follow = _rate_all(only, found[:REPLY_CANDIDATES], player, REPLY_MODEL, work)
    if follow and follow[0].value > rating.value:
        return Rating(rating.candidate, follow[0].value, follow[0].outcomes)
    return rating


def quick_best(game: Game, player: int, work: Work, actor: str | None = None,
               follow: Follow = QUICK_FOLLOW) -> Rating | None:
    """The best of a few candidates on ``game`` (a rehearsal copy), rated as ``follow``
    says (one rehearsal each by default); with ``actor``, only that unit's actions and those
    of no unit (ending)."""
    found = ordered(candidates(game, work.rng), work.rng)
    if actor is not None:
        found = [c for c in found if c.action.actor() in (actor, None)]
    found = found[:REPLY_CANDIDATES]
    if len(found) <= 1:
        return Rating(found[0], 0.0, ()) if found else None
    rated = _rate_all(game, found, player, follow.model, work, common=follow.common)
    return rated[0] if rated else None


def _see_through(root: Game, rated: list[Rating], player: int, work: Work,
                 follow: Follow = QUICK_FOLLOW) -> list[Rating]:
    """Ratings of actions after which the same player acts on (an activation begun, a move
    before the attack) raised to the best action of the same unit that follows them
    (:func:`_follow`), for the actions that change nothing yet and the best :data:`TOP`
    others: choosing which unit to activate is choosing what it will do, and a move is
    worth the attack it opens. Not for the answers to a decision: calling off one's own
    attack to declare it again would rate the attack's luckiest re-rating, not the attack."""
    if not isinstance(root.pending(), Idle):
        return rated  # an answer to a decision is worth what it does, not what may follow
    base = work.evaluator.score(root.state, player)
    direct = {r.action: r.value for r in rated}
    out = []
    for rank, rating in enumerate(rated):
        flat = abs(rating.immediate - base) < 1e-9
        if (flat or rank < TOP) and not work.exhausted() and \
                not isinstance(rating.action, EndActivation):
            opened = _follow(rating, player, direct if flat else {}, work, follow)
            if opened is not None and (flat or opened[0] > rating.value):
                rating = Rating(rating.candidate, opened[0], rating.outcomes, then=opened[1])
        out.append(rating)
    return sorted(out, key=lambda r: -r.value)


DETOUR = 1e-6
"""What a detour costs: an action that changes nothing before one the player could take at
once rates just below taking it at once."""


def _follow(rating: Rating, player: int, direct: dict[Action, float],
            work: Work, follow: Follow = QUICK_FOLLOW) -> tuple[float, Rating] | None:
    """What ``rating``'s action opens: the value of the best action of the same unit (or of
    no unit: ending) after it, and that action's rating, when its one outcome leaves the
    player acting on (None otherwise). Another unit's action is not what this one opens (a
    unit that reforms has spent its move). For an action that changes nothing, an action the
    player could take at once (rated in ``direct``) is worth at most its direct rating less
    :data:`DETOUR`: a free pivot or a reform before ending, or before the same attack, is a
    detour, not a better attack (one sampled throw of the attack after it must not outrate
    its own rating)."""
    only = rating.outcomes[0].game if len(rating.outcomes) == 1 else None
    node = only.pending() if only is not None else None
    if only is None or not isinstance(node, Idle) or node.player != player:
        return None
    best = quick_best(only, player, work, rating.action.actor(), follow)
    if best is None or not best.outcomes:
        return None
    known = direct.get(best.action)
    return (best.value if known is None else min(best.value, known - DETOUR)), best


def _rate_all(root: Game, pool: list[Candidate], player: int, model: OutcomeModel,
              work: Work, extra: bool = False, same: bool = False,
              common: bool = False) -> list[Rating]:
    """Rate candidates in order while the budget lasts (always at least one, or all of
    ``extra`` ones), best first; a stable sort keeps the budget order among equals. With
    ``same`` (a decision's own candidates), each candidate meets the same throws of the
    computer's dice (:meth:`Work.same_dice`), and ending (rated first) tells what ending the
    run changes the score by, which the other candidates are rated with
    (:attr:`Work.ended`)."""
    rated: list[Rating] = []
    for cand in pool:
        if rated and work.exhausted() and not extra:
            break
        if same or common:
            work.same_dice()
        rating = rate(root, cand, player, model, work)
        if rating is None:
            continue
        rated.append(rating)
        if same and isinstance(cand.action, EndActivation):
            change = rating.value - work.evaluator.score(root.state, player)
            work.ended = (player, change) if abs(change) > 1e-9 else None
    return sorted(rated, key=lambda r: -r.value)


def _label(game: Game, cand: Candidate) -> str:
    return label(game, Rating(cand, 0.0, ()))


def _top(game: Game, rated: list[Rating], count: int = 5) -> tuple[tuple[str, float], ...]:
    return tuple((f"{label(game, r)} [{r.action}]", round(r.value, 4)) for r in rated[:count])


def make_player(level: str, seed: int = 0, *, clock: bool = True,
                scale: float = 1.0) -> AiPlayer:
    """A computer player of ``level`` (one of :data:`LEVELS`) with its own ``seed``. Without
    ``clock`` its budgets are counted in rehearsed actions only, so its choices do not depend
    on the machine's speed; ``scale`` shrinks or grows the budgets (quick tests)."""
    def budget(actions: int, seconds: float) -> Budget:
        return Budget(max(1, round(actions * scale)), seconds * scale if clock else math.inf)

    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return GreedyPlayer(seed, "easy", budget(40, 0.1), SampledOutcomes(samples=1, exact=1))
    if level == "normal":
        return GreedyPlayer(seed, "normal", budget(200, 0.2))
    if level == "hard":
        return HardPlayer(seed, "hard", budget(1500, 1.1))
    raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
