"""What a Ninth Age scenario may say besides its units (issue 24): the terrain keywords its
rules read, with their meaning in player words, and its typed options."""

from __future__ import annotations

from game.core.vocab import OptionSpec, TerrainKeyword

DEFAULT_ROUNDS = 6
"""Game turns when a scenario does not say."""

TERRAIN_KEYWORDS: tuple[TerrainKeyword, ...] = (
    TerrainKeyword("blocks-sight", "no line of sight through it; hard cover (NA-SHT-3)"),
    TerrainKeyword("impassable", "no unit may stand on or move through it"),
    TerrainKeyword("hindering", "soft cover for units behind or in it (NA-SHT-3)"),
    TerrainKeyword("hard-cover", "hard cover for units behind it (NA-SHT-3)"),
)
"""The keywords the Ninth Age rules read."""

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("rounds", DEFAULT_ROUNDS, "game turns before the game ends, 1 to 20", "int"),
)
"""The ``[rules.options]`` of a Ninth Age scenario."""
