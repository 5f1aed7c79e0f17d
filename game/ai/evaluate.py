"""How good a position is for one player, from the ruleset's evaluation hints.

A ruleset says what a unit is worth now (:meth:`Ruleset.unit_worth`, in the measure its victory
counts), how dangerous it is (:meth:`Ruleset.unit_threat`) and what objectives a side holds
(:meth:`Ruleset.objective_score`). The score is the difference of the sides' worth as a share of
everything on the board, a win or a loss outweighing any material, and a small pull towards
the enemy so that a side that is not yet fighting closes in (a quiet position is otherwise
flat for every move). Where the ruleset ends its games at a round limit and says how far a
round may swing the lead, the score also weighs the chance to be ahead when it ends
(:meth:`Evaluator.endgame`). Where the ruleset
says how far units strike (:meth:`Ruleset.unit_reach`),
the score also weighs the danger a side stands in: the harm the enemies in reach of its units
can do on their next activations beyond what it can do back (:meth:`Evaluator.danger`), so a
unit does not walk into the reach of an enemy it cannot reach back for a step closer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.ruleset import Ruleset
from game.core.state import GameState, HexBoard, Unit
from game.geometry.hexgrid import hex_center

WIN = 10.0
"""A won game's score: more than any material difference (which is at most 1)."""

PULL = 0.04
"""Weight of closing in on the enemy, against material as a share of the board's worth."""

REACH = 0.05
"""Weight of the share of a side's threat that can strike an enemy on its next activation
(rulesets that declare :meth:`Ruleset.unit_reach`): more than walking any unit a few steps
closer, so a side brings one unit into reach before it spreads its walks."""

DANGER = 0.5
"""Weight of the harm the enemy can do next (:meth:`Evaluator.danger`), against material:
half of what losing it would cost, as the enemy may strike elsewhere or be struck first."""

COUNTER = 0.75
"""Share of the harm a side can do back that offsets the danger it stands in (the enemy, who
acts next, strikes first)."""

ENDGAME = 0.5
"""Weight of the chance to be ahead when the last round ends (:meth:`Evaluator.endgame`),
against material."""

OTHER_STRIKES = 0.25
"""Weight of the enemies' strikes other than their worst one in :meth:`Evaluator.danger`
(where activations alternate only one strikes before the side acts again; where a side
plays a whole turn they all do)."""


@dataclass
class Evaluator:
    """Scores positions for a player with one ruleset's hints."""

    ruleset: Ruleset
    danger_weight: float = DANGER
    reference: GameState | None = None
    """The position a search starts from (None: each position scored is its own): closing
    in and striking are shares of the side's threat there, in every position the search
    scores, so weakening a unit that is far from the enemy (a unit reformed into a column
    has fewer fighting ranks) lowers the side's share instead of raising that of its other
    units."""
    _extent: dict[int, float] = field(default_factory=dict)
    _weights: dict[int, float] = field(default_factory=dict)

    def worth(self, state: GameState, player: int) -> float:
        """Everything ``player`` has on the board now, with their objectives."""
        units = sum(self.ruleset.unit_worth(state, u.id) for u in state.live_units(player))
        return units + self.ruleset.objective_score(state, player)

    def score(self, state: GameState, player: int, acting: int | None = None) -> float:
        """How good ``state`` is for ``player`` (higher is better; 0 is even). ``acting``:
        the player who acts next, when the caller knows it is ``player`` (a look-ahead's
        position after the opponent's reply): then ``player`` strikes first
        (:meth:`danger`); by default the enemy does, as after ``player``'s own action."""
        mine = self.worth(state, player)
        theirs = sum(self.worth(state, p.number) for p in state.players if p.number != player)
        material = (mine - theirs) / max(1.0, mine + theirs)
        if state.outcome is not None:
            if state.outcome.winner is None:
                return material / 10
            return (WIN if state.outcome.winner == player else -WIN) + material / 10
        exposed = self.danger(state, player, first=acting == player) / max(
            1.0, mine + theirs) if self.danger_weight else 0
        return material + ENDGAME * self.endgame(state, material) + PULL * self.closeness(
            state, player) + REACH * self.striking(state, player) - self.danger_weight * exposed

    def endgame(self, state: GameState, lead: float) -> float:
        """The chance to be ahead when the last round ends, from -1 (surely behind) to 1
        (surely ahead), where the ruleset ends its games at a round limit and says how far a
        round may swing the lead (:meth:`Ruleset.round_swing`; 0 where it does not): the
        lead (the material share) against what the rounds left may swing, as a random walk.
        Behind, a gamble that may turn the lead is worth more than its average (the curve is
        convex there) and waiting loses; ahead, a sure small gain is worth more than a
        gamble. A side behind from the start (63 models against 70 in a battle won by the
        most models standing) waited for good fights until the rounds ran out."""
        limit = self.ruleset.round_limit(state)
        swing = self.ruleset.round_swing(state)
        if limit is None or swing is None:
            return 0.0
        spread = swing * math.sqrt(max(1, limit - state.turn.round + 1))
        return math.erf(lead / (spread * math.sqrt(2.0)))

    def danger(self, state: GameState, player: int, first: bool = False) -> float:
        """The harm the enemies can do to ``player``'s units on their next activations beyond
        what ``player`` can do back (:data:`COUNTER` of it, as the enemy strikes first), in
        the measure of :meth:`Ruleset.unit_worth`; never below 0, and 0 where the ruleset
        declares no reach. Standing in reach of each other is a fight both sides want; a
        unit in reach of an enemy it cannot reach back is in danger.

        ``first``: ``player`` acts next and strikes first, so the enemies' harm counts only
        :data:`COUNTER` of it against all that ``player`` does first (scored as if the enemy
        struck first, a look-ahead's position after the opponent's reply would fear the very
        fights its side is about to open)."""
        enemies = {p.number for p in state.players if p.number != player}
        mine = self.harm(state, enemies, {player})
        if mine <= 0:
            return 0.0
        back = self.harm(state, {player}, enemies)
        if first:
            return max(0.0, COUNTER * mine - back)
        return max(0.0, mine - COUNTER * back)

    def harm(self, state: GameState, strikers: set[int], struck: set[int]) -> float:
        """What the units of ``strikers`` can do to those of ``struck`` next: each striker
        hits the unit in its reach (:meth:`Ruleset.unit_reach`) it hurts most (its threat, at
        most what the unit is worth); the worst strike counts whole, the others by
        :data:`OTHER_STRIKES`."""
        targets = [(u, self.ruleset.unit_worth(state, u.id)) for u in state.live_units()
                   if u.owner in struck]
        strikes = []
        for unit in state.live_units():
            if unit.owner not in strikers:
                continue
            reach = self.ruleset.unit_reach(state, unit.id)
            if reach is None:
                return 0.0
            if reach <= 0:
                continue
            threat = max(0.0, self.ruleset.unit_threat(state, unit.id))
            strikes.append(max((min(threat, worth) for target, worth in targets
                                if gap(unit, target) <= reach), default=0.0))
        if not strikes:
            return 0.0
        worst = max(strikes)
        return worst + OTHER_STRIKES * (sum(strikes) - worst)

    def striking(self, state: GameState, player: int) -> float:
        """The share of ``player``'s threat in units that can strike an enemy on their next
        activation, from the ruleset's :meth:`Ruleset.unit_reach` (0 when it declares none),
        of the side's weight (:meth:`side_weight`)."""
        enemies = [u for u in state.live_units() if u.owner != player]
        ready = 0.0
        for unit in state.live_units(player):
            reach = self.ruleset.unit_reach(state, unit.id)
            if reach is None:
                return 0.0
            if reach > 0 and any(gap(unit, e) <= reach for e in enemies):
                ready += max(0.0, self.ruleset.unit_threat(state, unit.id))
        return min(1.0, ready / self.side_weight(state, player))

    def closeness(self, state: GameState, player: int) -> float:
        """How near ``player``'s units stand to their nearest enemies, from 0 (as far as the
        board allows) to 1 (touching), weighted by the units' threat (the dangerous ones
        close in first), as a share of the side's weight (:meth:`side_weight`)."""
        mine = state.live_units(player)
        enemies = [u for u in state.live_units() if u.owner != player]
        if not mine or not enemies:
            return 0.0
        extent = self.extent(state)
        total = 0.0
        for unit in mine:
            gap = min(distance(unit, e) for e in enemies)
            total += self.weight(state, unit) * max(0.0, 1.0 - gap / extent)
        return total / self.side_weight(state, player)

    def weight(self, state: GameState, unit: Unit) -> float:
        """A unit's weight in :meth:`closeness`: its threat, at least 0.1."""
        return max(0.1, self.ruleset.unit_threat(state, unit.id))

    def side_weight(self, state: GameState, player: int) -> float:
        """The sum of ``player``'s units' :meth:`weight` in :attr:`reference` (remembered),
        else in ``state``."""
        if self.reference is None:
            return sum(self.weight(state, u) for u in state.live_units(player)) or 1.0
        known = self._weights.get(player)
        if known is None:
            reference = self.reference
            known = sum(self.weight(reference, u) for u in reference.live_units(player)) or 1.0
            self._weights[player] = known
        return known

    def extent(self, state: GameState) -> float:
        """The board's size in the units :func:`distance` measures (remembered per board)."""
        board = state.board
        known = self._extent.get(id(board))
        if known is not None:
            return known
        if isinstance(board, HexBoard):
            points = [hex_center(h) for h in board.cells]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            size = max(1.0, math.hypot(max(xs) - min(xs), max(ys) - min(ys)))
        else:
            size = max(1.0, math.hypot(board.width, board.height))
        self._extent[id(board)] = size
        return size


def position(unit: Unit) -> tuple[float, float] | None:
    """Where a unit stands on the board's plane (a tray's centre, a hex's centre)."""
    if unit.tray is not None:
        return (unit.tray.x, unit.tray.y)
    if unit.hex is not None:
        return hex_center(unit.hex)
    return None


def gap(a: Unit, b: Unit) -> float:
    """The distance :meth:`Ruleset.unit_reach` is measured in: hexes between two units on
    hexes, else inches between their centres."""
    if a.hex is not None and b.hex is not None:
        return float(a.hex.distance(b.hex))
    return distance(a, b)


def distance(a: Unit, b: Unit) -> float:
    """Centre to centre on the board's plane (0 when either has no place)."""
    pa, pb = position(a), position(b)
    if pa is None or pb is None:
        return 0.0
    return math.hypot(pa[0] - pb[0], pa[1] - pb[1])
