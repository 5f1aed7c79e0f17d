"""What a realms scenario may say besides its units (issue 24): the terrain keywords, with
their meaning in player words, and its typed options (map features: :mod:`.features`)."""

from __future__ import annotations

from game.core.vocab import OptionSpec, TerrainKeyword
from game.rulesets.realms.options import DEFAULTS

TERRAIN_KEYWORDS: tuple[TerrainKeyword, ...] = (
    TerrainKeyword("impassable", "no figure may stand on or walk through the space (RL-MOV-1)"),
    TerrainKeyword("blocks-sight", "drawn as a sight blocker; realms sight goes by heights "
                   "(RL-LOS-1)"),
)
"""The keywords a realms map may carry."""

_MEANINGS: dict[str, tuple[str, str]] = {
    "night_rounds": ("list[int]", "the rounds fought at night"),
    "rounds": ("int", "the game ends after this many rounds (0: no limit)"),
    "die_sizes": ("list[int]", "the die sizes attacks may roll"),
    "physical_types": ("list[str]", "the attack types armor counts against"),
    "armor_stacking": ("str", "several armors: 'max' keeps the largest, 'sum' adds them"),
    "sight_cone": ("int", "degrees a figure sees each side of its facing"),
    "head_turn": ("int", "degrees more a figure whose head turns sees"),
    "units_block_sight": ("bool", "whether figures block sight"),
    "climb_pegs": ("int", "pegs of rise that cost one extra space to climb"),
    "pad_cost": ("int", "spaces a step through a transit pad costs"),
    "spell_perks": ("bool", "whether spells get the weapon perks"),
    "spell_night": ("bool", "whether night lowers a spell's precision as it does a weapon's"),
    "obstructions": ("list[table]", "older form of [[hexmap.obstructions]]"),
    "walls": ("list[table]", "older form of [[hexmap.walls]]"),
    "pads": ("list[list]", "older form of [[hexmap.pads]]"),
}

OPTION_SPECS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(key, default, _MEANINGS[key][1], _MEANINGS[key][0])
    for key, default in DEFAULTS.items())
"""The ``[rules.options]`` of a realms scenario (docs/rules/realms.md), in their order."""
