"""The sandbox's terrain keywords (issue 24): the table's own, and the marks other games'
set-ups carry, kept as words only (the sandbox enforces no rules)."""

from __future__ import annotations

from game.core.vocab import TABLE_KEYWORDS, TerrainKeyword

TERRAIN_KEYWORDS: tuple[TerrainKeyword, ...] = TABLE_KEYWORDS + tuple(
    TerrainKeyword(word, f"{word.replace('-', ' ')} (a mark only)")
    for word in ("rough", "hindering", "stakes", "hard-cover"))
"""The keywords a sandbox table may carry."""
