"""The rules lens: asks the ruleset instance what the hovered unit means to the selected one
(:meth:`~game.core.ruleset.Ruleset.inspect_pair`) and what the selected unit can do
(:meth:`~game.core.ruleset.Ruleset.inspect_unit`), and wraps the answers for the renderer.

Nothing here decides or words a rule: the ruleset's :class:`~game.core.inspect.Inspection`
records carry the text, the rule IDs, the odds and the geometry. Answers are cached per
(state revision, viewer, target), so hovering back and forth costs a dictionary look-up.
"""

from __future__ import annotations

from game.core.ruleset import Ruleset
from game.core.state import GameState
from game.ui.view import HoverOverlay

CACHE_LIMIT = 256
CacheKey = tuple[int, int, str, str | None]


class RulesLens:
    """Fetches and caches inspection overlays (owned by a table scene or the render tools)."""

    def __init__(self) -> None:
        self._cache: dict[CacheKey, HoverOverlay | None] = {}

    def clear(self) -> None:
        """Forget every cached answer (call when the game state changed)."""
        self._cache.clear()

    def overlay(
        self, ruleset: Ruleset, state: GameState, revision: int, viewer_id: str | None,
        target_id: str | None,
    ) -> HoverOverlay | None:
        """What ``viewer_id`` makes of ``target_id`` (None when either is missing, off the
        board, the same unit, or the ruleset has nothing to say)."""
        if not viewer_id or not target_id or viewer_id == target_id:
            return None
        if not (self._on_board(state, viewer_id) and self._on_board(state, target_id)):
            return None
        return self._cached(ruleset, state, revision, viewer_id, target_id)

    def unit_overlay(
        self, ruleset: Ruleset, state: GameState, revision: int, unit_id: str | None
    ) -> HoverOverlay | None:
        """What the selected unit can do now (its reach, arcs, notes), or None."""
        if not unit_id or not self._on_board(state, unit_id):
            return None
        return self._cached(ruleset, state, revision, unit_id, None)

    def prepare(self, ruleset: Ruleset, state: GameState, revision: int,
                viewer_id: str | None) -> None:
        """Fetch the selected unit's own inspection at selection time (not on first draw)."""
        self.unit_overlay(ruleset, state, revision, viewer_id)

    @staticmethod
    def _on_board(state: GameState, unit_id: str) -> bool:
        unit = state.units.get(unit_id)
        return unit is not None and unit.on_board

    def _cached(
        self, ruleset: Ruleset, state: GameState, revision: int, viewer_id: str,
        target_id: str | None,
    ) -> HoverOverlay | None:
        key = (id(state), revision, viewer_id, target_id)
        if key in self._cache:
            return self._cache[key]
        if len(self._cache) > CACHE_LIMIT:
            self._cache.clear()
        if target_id is None:
            record = ruleset.inspect_unit(state, viewer_id)
        else:
            record = ruleset.inspect_pair(state, viewer_id, target_id)
        found = None if record is None else HoverOverlay(viewer_id, target_id, record)
        self._cache[key] = found
        return found
