"""Step controls over kept game positions: first, back, next, last and jump. The received
turn's preview (:class:`game.pbf.TurnStepper`) and the game-over replay step the same way;
each position is a read-only :class:`~game.core.game.Game` built from a kept state, so
stepping never replays or re-rolls anything."""

from __future__ import annotations

from game.core.game import Game


class StepControls:
    """First, back, next, last and jump over a sequence of kept positions: a subclass says
    how many actions there are (:attr:`count`) and builds the read-only game at a position
    (:meth:`_game_at`); the received turn's preview and the game-over replay share these."""

    position: int
    game: Game

    @property
    def count(self) -> int:
        """How many actions can be stepped through."""
        raise NotImplementedError

    def _game_at(self, position: int) -> Game:
        raise NotImplementedError

    def jump(self, position: int) -> Game:
        """Show the table after ``position`` actions (clamped to 0..count)."""
        self.position = max(0, min(self.count, position))
        self.game = self._game_at(self.position)
        return self.game

    def first(self) -> Game:
        """Show the table before the first action."""
        return self.jump(0)

    def back(self) -> Game:
        """One action back."""
        return self.jump(self.position - 1)

    def next(self) -> Game:
        """One action on."""
        return self.jump(self.position + 1)

    def last(self) -> Game:
        """Show the table after the last action."""
        return self.jump(self.count)
