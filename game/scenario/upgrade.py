"""Saves hashed before a ruleset owned its map features (issue 24): their hash, recomputed.

Until then the core state held every hex map's features as one record, ``HexFeatures``, with
three tuples (obstructions, walls, pads); now the board holds the records its ruleset declares
(:attr:`game.core.state.HexBoard.features`). The game is the same, but the canonical form of a
board with features, and so the state hash, changed. A save of that time is replayed as any
save is; :func:`pre_vocabulary_hash` gives the hash the replayed state had in that form, so
the save is verified exactly against what it recorded and then carries on under the new hash.
Boards without features hashed the same in both forms.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from game.core.hashing import canonical
from game.core.state import GameState, HexBoard

PRE_VOCABULARY_KEYS = ("obstructions", "walls", "pads")
"""The three feature tuples of the old core record, in its field order."""


def pre_vocabulary_hash(state: GameState) -> str | None:
    """The state hash in the form of saves before issue 24 (None when it did not differ: a
    board without features, or one whose features did not exist then)."""
    board = state.board
    if not isinstance(board, HexBoard) or not board.features:
        return None
    old: dict[str, list[Any]] = {key: [] for key in PRE_VOCABULARY_KEYS}
    for feature in board.features:
        if feature.key not in old or feature.legacy() is None:
            return None
        old[feature.key].append(canonical(feature.legacy()))
    form = dict(canonical(state))  # copies: a frozen board keeps its canonical form cached
    form["board"] = {**form["board"], "features": {"__type__": "HexFeatures", **old}}
    text = json.dumps(form, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
