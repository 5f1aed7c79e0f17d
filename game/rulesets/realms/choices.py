"""The setup choice of a realms unit (issue 26, ``Ruleset.unit_choices``): the spaces it
covers, its footprint, from one space to seven (RL-MOV-1; a unit of more than one space is
Large, RL-DEF-2). The unit's facing turns the shape (the builder's turn keys).

A footprint other than the profile's is written as inline stats over the shipped profile
(``stats = { unit = "wyrm", footprint = [[0, 0], [0, -1], [1, -1]] }``, docs/scenarios.md); the
profile's own footprint is written as the ``profile`` again. A unit with full inline stats
offers no choice (its file holds its whole card).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.core.choices import ChoiceValue, ShapeChoice, ShapeOption, UnitChoice
from game.core.ruleset import SetupError, SetupProblem, UnitSetup
from game.rulesets.realms.units import Profile

Cells = tuple[tuple[int, int], ...]

SHAPES: tuple[ShapeOption, ...] = (
    ShapeOption("one", "1 space", ((0, 0),)),
    ShapeOption("two", "2 spaces, head and body", ((0, 0), (0, -1))),
    ShapeOption("line3", "3 spaces in a line", ((0, 0), (0, -1), (0, -2))),
    ShapeOption("triangle", "3 spaces, a triangle", ((0, 0), (0, -1), (1, -1))),
    ShapeOption("diamond", "4 spaces, a diamond", ((0, 0), (0, -1), (1, -1), (1, -2))),
    ShapeOption("wedge", "5 spaces, a wedge", ((0, 0), (0, -1), (1, -1), (-1, -1), (0, -2))),
    ShapeOption("flower", "7 spaces, a ring round the body",
                ((0, 0), (0, -1), (1, -1), (1, -2), (0, -2), (-1, -1), (-1, 0))),
)
"""The footprints offered: offsets from the head space for facing 0 (the head first, the
body behind it), each shape connected."""
KEY = "footprint"
_KEPT = frozenset({"unit", KEY})
"""The stats a unit's entry may hold for its footprint to be chosen here."""


def unit_choices(setup: UnitSetup, profiles: Mapping[str, Profile]) -> tuple[UnitChoice, ...]:
    """The footprint choice of a unit written as a profile or as stats over one."""
    found = _current(setup, profiles)
    if found is None:
        return ()
    base, cells = found
    options = list(SHAPES)
    for label, shape in (("the profile's", base.footprint), ("as written", cells)):
        if all(o.cells != shape for o in options):
            options.append(ShapeOption(f"custom{len(options)}",
                                       f"{len(shape)} spaces, {label}", shape))
    now = next(o.id for o in options if o.cells == cells)
    return (ShapeChoice(KEY, "Footprint", tuple(options), now,
                        "the spaces it covers, turned with its facing (RL-MOV-1); more than "
                        "one space makes it Large (RL-DEF-2)"),)


def make_choice(setup: UnitSetup, key: str, value: ChoiceValue,
                profiles: Mapping[str, Profile]) -> UnitSetup:
    """``setup`` covering the chosen footprint (see the module docstring)."""
    choices = unit_choices(setup, profiles)
    choice = next((c for c in choices if c.key == key), None)
    if not isinstance(choice, ShapeChoice):
        raise SetupError([SetupProblem(key, "this unit offers no such choice")])
    shape = next((o for o in choice.options if value == (o.id,)), None)
    if shape is None:
        raise SetupError([SetupProblem(key, f"not a footprint offered: {value!r}")])
    found = _current(setup, profiles)
    assert found is not None  # it offered the choice
    base, _ = found
    if shape.cells == base.footprint:
        return replace(setup, profile=base.id, stats=None)
    stats: dict[str, Any] = {"unit": base.id, KEY: [list(c) for c in shape.cells]}
    return replace(setup, profile=None, stats=stats)


def _current(setup: UnitSetup, profiles: Mapping[str, Profile]) -> tuple[Profile, Cells] | None:
    """The shipped profile a unit is written over and the footprint it covers now."""
    if setup.stats is None:
        base = profiles.get(str(setup.profile))
        return (base, base.footprint) if base is not None else None
    base = profiles.get(str(setup.stats.get("unit")))
    raw = setup.stats.get(KEY)
    if base is None or not set(setup.stats) <= _KEPT:
        return None
    if raw is None:
        return base, base.footprint
    if not isinstance(raw, list) or not all(isinstance(c, list | tuple) and len(c) == 2
                                            for c in raw):
        return None
    return base, tuple((int(c[0]), int(c[1])) for c in raw)
