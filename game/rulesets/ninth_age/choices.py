"""The setup choices of a Ninth Age unit (issue 26, ``Ruleset.unit_choices``): its models and
files (so its files x ranks), the characters joined to it (NA-ATT-1) and the equipment its
catalogue entry offers (NA-CAT-1).

A choice is written as the ordinary inline ``stats`` of a unit entry over a shipped one
(``stats = { unit = "veteran_orcs", files = 6, models = 24, characters = ["orc_warlord"],
equipment = ["hand_weapon", "shield"] }``, docs/scenarios.md); a value equal to the shipped
entry's is left out, so a unit with no choice made is written as its ``profile`` again.
Choices are offered only for units written that way (a unit with an inline model keeps its
own stats, edited in its file).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from game.core.choices import (
    ChoiceOption,
    ChoiceValue,
    CountChoice,
    JoinChoice,
    PickChoice,
    UnitChoice,
)
from game.core.ruleset import SetupError, SetupProblem, UnitSetup
from game.rulesets.ninth_age.catalogue import SAMPLE_UNITS, CatalogueUnit, find
from game.rulesets.ninth_age.units import (
    WEAPONS,
    ModelProfile,
    UnitEntry,
    entry_from_mapping,
)
from game.rulesets.ninth_age.weapons import weapon_hint, weapon_name

MAX_MODELS = 100
"""Rank-and-file models a unit entry may have (docs/scenarios.md)."""
MAX_FILES = 20
"""Files a unit entry may have (docs/scenarios.md)."""
HAND_WEAPON = "hand_weapon"
"""Every model carries a Hand Weapon besides its options (the catalogue lists only some)."""
CHOICE_KEYS = ("models", "files", "characters", "equipment")
"""The ``stats`` keys the choices write."""
_KEPT = frozenset({"unit", "name", "standard", "mix", "sample", "size_source", *CHOICE_KEYS})
"""Keys a unit's stats may hold for its choices to be offered (no inline model)."""


def catalogue_unit(entry: UnitEntry, entries: Mapping[str, UnitEntry]) -> CatalogueUnit | None:
    """The public catalogue's unit a shipped entry samples (NA-CAT-1): the one named for it,
    else the one whose sample entry has the same rank-and-file model."""
    by_id = {eid: name for name, eid in SAMPLE_UNITS.items()}
    name = by_id.get(entry.id) or next(
        (n for eid, n in by_id.items() if eid in entries and entries[eid].model == entry.model),
        None)
    return find(name, "") if name is not None else None


def unit_choices(setup: UnitSetup, models: Mapping[str, ModelProfile],
                 entries: Mapping[str, UnitEntry]) -> tuple[UnitChoice, ...]:
    """The choices of a unit written as a shipped entry or inline stats over one."""
    found = _current(setup, models, entries)
    if found is None:
        return ()
    base, entry = found
    cat = catalogue_unit(base, entries)
    out: list[UnitChoice] = []
    if not _single(base, cat):
        low, high = _model_bounds(cat, entry.models)
        seen = f" (the catalogue's {cat.min_models} to {cat.max_models})" if cat and (
            cat.min_models and cat.max_models) else ""
        out.append(CountChoice("models", "Models", low, high, entry.models,
                               "rank-and-file models" + seen))
        ranks = math.ceil((entry.models + len(entry.characters)) / max(entry.files, 1))
        out.append(CountChoice("files", "Files", 1, MAX_FILES, entry.files,
                               f"models in the front rank: {entry.files} x {ranks} ranks"))
        chars = _character_models(models, entries)
        out.append(JoinChoice(
            "characters", "Characters joined",
            tuple(ChoiceOption(mid, models[mid].name, f"{models[mid].hp} HP") for mid in chars),
            entry.characters, 0, len(chars),
            "characters stand in the unit's front rank (NA-ATT-1)"))
    own = models[entry.model].equipment
    now = entry.equipment if entry.equipment is not None else own
    offered = list(dict.fromkeys([HAND_WEAPON, *own, *_catalogue_weapons(cat), *now]))
    out.append(PickChoice(
        "equipment", "Equipment", tuple(ChoiceOption(w, weapon_name(w), _hint(w))
                                        for w in offered),
        tuple(now), 0, len(offered),
        "the rank-and-file's weapons and shield" + (
            ", as the catalogue offers them (NA-CAT-1)" if cat is not None else "")))
    return tuple(out)


def make_choice(setup: UnitSetup, key: str, value: ChoiceValue,
                models: Mapping[str, ModelProfile],
                entries: Mapping[str, UnitEntry]) -> UnitSetup:
    """``setup`` with one choice made, as inline stats over its shipped entry (see the
    module docstring); SetupError for a choice not offered or a value out of bounds."""
    declared = {c.key: c for c in unit_choices(setup, models, entries)}
    choice = declared.get(key)
    if choice is None:
        raise SetupError([SetupProblem(key, "this unit offers no such choice")])
    _check(choice, value)
    found = _current(setup, models, entries)
    assert found is not None  # it offered the choice
    base, _ = found
    stats: dict[str, Any] = dict(setup.stats or {"unit": base.id})
    shipped: dict[str, Any] = {
        "models": base.models, "files": base.files, "characters": list(base.characters),
        "equipment": list(base.equipment if base.equipment is not None
                          else models[base.model].equipment)}
    written = list(value) if isinstance(value, tuple) else value
    if written == shipped[key]:
        stats.pop(key, None)
    else:
        stats[key] = written
    if set(stats) == {"unit"}:
        return replace(setup, profile=base.id, stats=None)
    entry_from_mapping("inline", stats, "stats", models, base)  # raises what does not fit
    return replace(setup, profile=None, stats=stats)


def _check(choice: UnitChoice, value: ChoiceValue) -> None:
    if isinstance(choice, CountChoice):
        if not isinstance(value, int) or not choice.low <= value <= choice.high:
            raise SetupError([SetupProblem(choice.key, f"{choice.label}: {choice.low} to "
                                           f"{choice.high}")])
        return
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise SetupError([SetupProblem(choice.key, "expected the ids of options")])
    if isinstance(choice, PickChoice):
        ids = {o.id for o in choice.options}
        wrong = [v for v in value if v not in ids]
        if wrong or len(set(value)) != len(value):
            raise SetupError([SetupProblem(choice.key, f"not offered: {', '.join(wrong)}"
                                           if wrong else "an option is chosen twice")])
        if not choice.least <= len(value) <= choice.most:
            raise SetupError([SetupProblem(choice.key, f"choose {choice.least} to "
                                           f"{choice.most}")])


def _current(setup: UnitSetup, models: Mapping[str, ModelProfile],
             entries: Mapping[str, UnitEntry]) -> tuple[UnitEntry, UnitEntry] | None:
    """The shipped entry a unit is written over and the entry it forms now; None for a
    unit whose stats are not written over a shipped entry by these keys."""
    if setup.stats is None:
        entry = entries.get(str(setup.profile))
        return (entry, entry) if entry is not None else None
    base = entries.get(str(setup.stats.get("unit")))
    if base is None or not set(setup.stats) <= _KEPT or not all(
            isinstance(c, str) for c in setup.stats.get("characters", [])):
        return None
    try:
        entry, _ = entry_from_mapping("inline", setup.stats, "stats", models, base)
    except SetupError:
        return None
    return base, entry


def _single(entry: UnitEntry, cat: CatalogueUnit | None) -> bool:
    """A single-model entry (a character alone, a monster): no models, files or joiners."""
    if cat is not None:
        return cat.single
    return entry.models == 1 and entry.files == 1 and not entry.characters


def _model_bounds(cat: CatalogueUnit | None, now: int) -> tuple[int, int]:
    """The models a unit may have: the catalogue's range where it gives one (widened to the
    unit's count now, so a sample's size stays reachable), else 1 to the limit."""
    low = cat.min_models if cat is not None and cat.min_models else 1
    high = cat.max_models if cat is not None and cat.max_models else MAX_MODELS
    return max(1, min(low, now)), min(MAX_MODELS, max(high, now))


def _character_models(models: Mapping[str, ModelProfile],
                      entries: Mapping[str, UnitEntry]) -> tuple[str, ...]:
    """The models that may join a unit: those a shipped entry has joined, and the models
    of the catalogue's characters that stand alone (NA-ATT-1)."""
    joined = [c for e in entries.values() for c in e.characters]
    alone = [e.model for e in entries.values()
             if (cat := catalogue_unit(e, entries)) is not None and cat.category == "Characters"]
    return tuple(m for m in dict.fromkeys([*joined, *alone]) if m in models)


def _catalogue_weapons(cat: CatalogueUnit | None) -> list[str]:
    """The catalogue entry's equipment that the rules play (``units.WEAPONS``)."""
    if cat is None:
        return []
    keys = (re.sub(r"[^a-z]+", "_", e.lower()).strip("_") for e in cat.equipment)
    return [k for k in keys if k in WEAPONS]


def _hint(weapon: str) -> str:
    """A weapon's effect in a few words."""
    if weapon == HAND_WEAPON:
        return "every model's own; with a Shield it gives Parry"
    if weapon == "shield":
        return "+1 Armour; Parry with a Hand Weapon"
    if WEAPONS[weapon].get("ranged"):
        return f'shoots at {WEAPONS[weapon]["range"]}"'
    return weapon_hint(weapon)
