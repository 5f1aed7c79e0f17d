"""Colour palettes of the table: the default one and a colour-blind-safe one (Okabe-Ito).

A :class:`Palette` is a plain value; the app picks one from the settings and hands it to the
renderer. Player colours come from the scenario, except in the colour-blind-safe palette,
which replaces them by well-separated Okabe-Ito colours in seat order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

RGB = tuple[int, int, int]


def hex_to_rgb(text: str) -> RGB:
    """``#rrggbb`` -> (r, g, b)."""
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


@dataclass(frozen=True)
class Palette:
    """Every colour the renderer uses (RGB tuples)."""

    name: str
    background: RGB
    table: RGB
    table_edge: RGB
    grid: RGB
    grid_major: RGB
    text: RGB
    text_dim: RGB
    arc_front: RGB
    arc_left: RGB
    arc_right: RGB
    arc_rear: RGB
    sight_line: RGB
    blocked_line: RGB
    blocker: RGB
    range_line: RGB
    corridor: RGB
    selection: RGB
    hover: RGB
    slot_empty: RGB
    terrain: dict[str, RGB] = field(default_factory=dict)
    seats: tuple[RGB, ...] = ()

    def terrain_colour(self, kind: str) -> RGB:
        """The fill of a terrain kind: the palette's own, else that of its last word that
        names a known kind ("deep water" like water, "gloomwood" like wood, "stone wall"
        like wall), so a legend never shows six kinds in one colour; a neutral brown else."""
        if kind in self.terrain:
            return self.terrain[kind]
        for word in reversed(kind.lower().split()):
            for known, colour in self.terrain.items():
                if known != "default" and word.endswith(known):
                    return colour
        return self.terrain.get("default", (120, 100, 80))

    def player_colour(self, number: int, declared: str) -> RGB:
        """The colour of seat ``number``: the scenario's, or the palette's fixed seat colour."""
        if self.seats:
            return self.seats[(number - 1) % len(self.seats)]
        return hex_to_rgb(declared)


_TERRAIN: dict[str, RGB] = {
    "forest": (52, 96, 52),
    "woods": (52, 96, 52),
    "hill": (150, 132, 92),
    "water": (64, 110, 160),
    "river": (64, 110, 160),
    "marsh": (88, 118, 96),
    "building": (110, 104, 100),
    "ruins": (128, 120, 112),
    "wall": (96, 92, 88),
    "stakes": (140, 96, 60),
    "wood": (52, 96, 52),
    "ford": (104, 142, 170),
    "tower": (92, 88, 86),
    "stone": (112, 112, 118),
    "rubble": (140, 130, 118),
    "rough": (134, 120, 90),
    "impassable": (70, 66, 64),
    "open": (186, 178, 140),
    "default": (126, 108, 84),
}

DEFAULT = Palette(
    name="default",
    background=(28, 30, 34),
    table=(170, 160, 118),
    table_edge=(92, 72, 48),
    grid=(156, 146, 106),
    grid_major=(140, 130, 92),
    text=(240, 240, 236),
    text_dim=(190, 190, 184),
    arc_front=(60, 170, 90),
    arc_left=(230, 190, 60),
    arc_right=(230, 130, 50),
    arc_rear=(200, 60, 60),
    sight_line=(40, 200, 255),
    blocked_line=(230, 40, 40),
    blocker=(255, 60, 200),
    range_line=(255, 255, 255),
    corridor=(80, 160, 255),
    selection=(255, 255, 255),
    hover=(255, 240, 120),
    slot_empty=(70, 66, 60),
    terrain=_TERRAIN,
)

# Okabe-Ito: distinguishable under the common colour-vision deficiencies.
OKABE_ITO: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "sky": (86, 180, 233),
    "green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "purple": (204, 121, 167),
    "black": (0, 0, 0),
}

COLOUR_BLIND = Palette(
    name="colour-blind",
    background=(28, 30, 34),
    table=(176, 170, 150),
    table_edge=(80, 74, 66),
    grid=(160, 154, 136),
    grid_major=(144, 138, 120),
    text=(250, 250, 250),
    text_dim=(200, 200, 200),
    arc_front=OKABE_ITO["blue"],
    arc_left=OKABE_ITO["yellow"],
    arc_right=OKABE_ITO["sky"],
    arc_rear=OKABE_ITO["vermillion"],
    sight_line=OKABE_ITO["sky"],
    blocked_line=OKABE_ITO["vermillion"],
    blocker=OKABE_ITO["purple"],
    range_line=(255, 255, 255),
    corridor=OKABE_ITO["green"],
    selection=(255, 255, 255),
    hover=OKABE_ITO["yellow"],
    slot_empty=(60, 60, 60),
    terrain={
        **_TERRAIN,
        "forest": (60, 100, 80),
        "woods": (60, 100, 80),
        "water": (70, 100, 150),
        "river": (70, 100, 150),
    },
    seats=(OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["purple"], OKABE_ITO["green"]),
)

PALETTES: dict[str, Palette] = {p.name: p for p in (DEFAULT, COLOUR_BLIND)}


LIGHT_SHADE: dict[str, RGB] = {"day": (255, 255, 255), "dusk": (205, 200, 225),
                                "night": (120, 132, 190)}
"""What the board is multiplied by in each light of
:class:`~game.core.inspect.TableCondition` (a cold blue dark at night, nothing by day)."""


def palette_named(name: str) -> Palette:
    """The palette called ``name`` (the default one for unknown names)."""
    return PALETTES.get(name, DEFAULT)
