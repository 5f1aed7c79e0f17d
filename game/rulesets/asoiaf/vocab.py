"""What an A Song of Ice and Fire scenario may say besides its units (issue 24): the terrain
keywords its rules read, with their meaning in player words, and its typed options."""

from __future__ import annotations

from game.core.vocab import OptionSpec, TerrainKeyword
from game.rulesets.asoiaf.charge import DEFAULT_PENALTY

TERRAIN_KEYWORDS: tuple[TerrainKeyword, ...] = (
    TerrainKeyword("blocks-sight", "no line of sight through it"),
    TerrainKeyword("impassable", "no unit may stand on or move through it"),
    TerrainKeyword("rough", "slows a charge move that enters it (AS-CHG-15)"),
    TerrainKeyword("hindering", "slows a charge move that enters it (AS-CHG-15)"),
    TerrainKeyword("stakes", "charging through costs D3+1 wounds (AS-CHG-14)"),
)
"""The keywords the A Song of Ice and Fire rules read."""

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("rounds", None, "the game ends after this many rounds (none: no limit)", "int"),
    OptionSpec("rough_penalty", DEFAULT_PENALTY, "inches a charge loses when it enters rough "
               "or hindering ground, 0 to 6 (AS-CHG-15)", "float"),
    OptionSpec("charge_blocked_path", "refuse", "a charge whose straight path meets a unit or "
               "impassable ground: 'refuse' it, or let it 'fail' 1\" short (AS-CHG-6)", "str"),
    OptionSpec("crown", None, "the player (1 or 2) who controls [CROWN] all game, for the card "
               "abilities that ask (the table has no Tactics Board; none: nobody, AS-CARD-1)",
               "int"),
)
"""The ``[rules.options]`` of an A Song of Ice and Fire scenario."""
