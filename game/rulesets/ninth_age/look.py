"""How the table draws a Ninth Age unit (records only; nothing here draws): every model base
at its place in the formation (NA-ATT-1), characters marked, models in contact (NA-CON-1) and
supporting models (NA-RST-1) marked while the unit is in combat, and the models killed this
round shown as casualties where they stood until the round ends (NA-FRZ-1, NA-CAS-1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.inspect import BaseKind, BaseMark, ModelBase, UnitLook
from game.core.state import GameState
from game.geometry.ranked import RANK_AND_FILE, slot_ring, supporting_models
from game.geometry.tray import Side
from game.rulesets.ninth_age.engage import (
    contacts,
    engaged_enemies,
    engaged_side,
)
from game.rulesets.ninth_age.memo import remembered, unit_key
from game.rulesets.ninth_age.units import NinthUnit


def fighting_models(state: GameState, unit: NinthUnit,
                    engaged: Sequence[NinthUnit] | None = None) -> tuple[set[str], set[str]]:
    """Keys of the unit's living models in contact with an enemy (NA-CON-1), and of those
    supporting them from behind through the front (NA-RST-1; a spear fights one rank more).
    ``engaged``: the unit's engaged enemies when the caller has them."""
    touching: set[str] = set()
    support: set[str] = set()
    formation = unit.formation()
    extra = 1 if unit.model.has("spear") else 0
    for enemy in engaged_enemies(state, unit) if engaged is None else engaged:
        mine = contacts(unit, enemy)
        touching |= mine
        if engaged_side(unit, enemy) is Side.FRONT:
            support |= set(supporting_models(formation, mine, extra, unit.alive_keys()))
    return touching, support - touching


def unit_look(state: GameState, unit_id: str,
              table: Mapping[str, tuple[str, ...]] | None = None) -> UnitLook | None:
    """Every base of the unit (see the module docstring); None for another kind of unit.
    ``table``: this position's contact table (:func:`.engage.contact_table`) when the caller
    holds it. The look is remembered on the unit under everything it reads (the unit's own
    key and its engaged enemies' trays): the table asks all 200 looks at each new game
    moment, and an action changes a few units (issue 32)."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, NinthUnit) or unit.tray is None or unit.destroyed:
        return None
    engaged = engaged_enemies(state, unit, table)
    key = ("look", unit_key(unit), tuple((e.id, e.tray) for e in engaged))
    return remembered(unit, key, lambda: _look(state, unit, engaged))


def _look(state: GameState, unit: NinthUnit, engaged: Sequence[NinthUnit]) -> UnitLook:
    """:func:`unit_look` worked out: each base marked (casualty, contact, support)."""
    formation = unit.formation()
    gone = set(unit.removed)
    touching, support = fighting_models(state, unit, engaged)
    tray = unit.tray
    assert tray is not None  # unit_look asks only units on the table
    rings = remembered(unit, ("rings", unit_key(unit)), lambda: {
        slot.key: tuple((float(x), float(y)) for x, y in slot_ring(tray, slot))
        for slot in formation.slots})
    bases = []
    for slot in formation.slots:
        kind: BaseKind = "rank" if slot.pool == RANK_AND_FILE else "character"
        mark: BaseMark = "none"
        if slot.key in gone:
            mark = "casualty"
        elif slot.key in touching:
            mark = "contact"
        elif slot.key in support:
            mark = "support"
        bases.append(ModelBase(rings[slot.key], kind, mark, _label(unit, slot.key, kind)))
    return UnitLook(bases=tuple(bases))


def _label(unit: NinthUnit, key: str, kind: BaseKind) -> str:
    """A character's base is labelled with its name (never the scenario's key); rank-and-file
    bases are not labelled."""
    if kind == "rank":
        return ""
    character = unit.character(key)
    return character.profile.name if character is not None else ""
