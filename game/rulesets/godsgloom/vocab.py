"""What a GODSGLOOM scenario may say besides its units (issue 24): the terrain keywords its
rules read, with their meaning in player words, and its typed options."""

from __future__ import annotations

from game.core.vocab import OptionSpec, TerrainKeyword
from game.rulesets.godsgloom.attack_test import ATTACK_TESTS, DEFAULT_TEST

TERRAIN_KEYWORDS: tuple[TerrainKeyword, ...] = (
    TerrainKeyword("blocks-sight", "no line of sight through the hex (HX-LOS-1)"),
    TerrainKeyword("impassable", "no unit may enter or stand on the hex"),
    TerrainKeyword("rough", "costs 2 movement points to enter (HX-MOV-1)"),
    TerrainKeyword("stakes", "attacking a unit on it costs the attacker a wound (HX-EFF-1)"),
)
"""The keywords the GODSGLOOM rules read."""

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("attack_test", DEFAULT_TEST, "which Attack Test the melee rolls: "
               + ", ".join(ATTACK_TESTS), "str"),
    OptionSpec("rounds", None, "the game ends after this many rounds (none: no limit)", "int"),
)
"""The ``[rules.options]`` of a GODSGLOOM scenario."""
