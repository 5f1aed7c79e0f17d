"""Ninth Age profiles (package data ``units.toml``), their strict validation and the unit state.

A :class:`ModelProfile` is one model's 3rd-edition characteristics (Global: Cha, Mob, Dis,
Height; Defensive: HP, Def, Res, Arm and special saves; Offensive per model part: Att, Off, Str,
AP, Agi) with its equipment. A :class:`UnitEntry` forms a unit: rank-and-file model, count,
files, attached characters and a standard. :func:`build_unit` turns a scenario entry (a unit
entry id, or inline ``stats``) into a :class:`NinthUnit`, reporting every problem with its path.
"""

from __future__ import annotations

import copy
import difflib
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

from game.core.actions import JSON
from game.core.profile_fields import known_names, whole_number
from game.core.ruleset import Context, SetupError, SetupProblem, UnitSetup
from game.core.state import Unit
from game.geometry.ranked import Attached, Base, Formation, FormationError, form_block
from game.geometry.tray import Tray

WEAPONS: Mapping[str, Mapping[str, int | bool | str]] = {
    "hand_weapon": {"parry_with_shield": True},
    "shield": {"arm": 1},
    "spear": {"agi": 1, "ap": 1, "extra_rank": True},
    "great_weapon": {"str": 2, "ap": 2, "two_handed": True, "step": 0},
    "halberd": {"str": 1, "ap": 1, "two_handed": True},
    "lance": {"charge_str": 2, "charge_ap": 2, "charge_agi": 1, "mounted": True},
    "paired_weapons": {"att": 1, "off": 1, "two_handed": True},
    "bow": {"range": 24, "shots": 1, "str": 3, "ap": 0, "ranged": True},
}
"""Weapon effects (3rd-edition weapon rules, see docs/rules/ninth_age.md): characteristic
bonuses, ``step`` (always strike at that Agility Step), ``charge_*`` (Devastating Charge)."""

MELEE_WEAPONS = ("spear", "great_weapon", "halberd", "lance", "paired_weapons")

STAND_IN_MARK = "(stand-in profile)"
"""How a stand-in model's name ends (NA-CAT-1): the numbers an imported unit plays with when
the public data has no sample for it."""

GLOBAL_KEYS = {"height": (0, 5), "cha": (0, 30), "mob": (0, 20), "dis": (0, 10)}
DEFENSIVE_KEYS = {"hp": (1, 10), "def": (0, 10), "res": (0, 10), "arm": (0, 6)}
OPTIONAL_SAVES = {"aegis": (2, 6), "regeneration": (2, 6), "aim": (2, 6)}
PART_KEYS = {"att": (0, 10), "off": (0, 10), "str": (0, 10), "ap": (0, 10), "agi": (0, 10)}
TEXT_KEYS = ("name", "sample", "equipment", "rules", "parts", "base", "height_source",
             "hp_source", "aegis_source", "source")
BASE_MM = (10.0, 200.0)
DICE_VALUES = ("", "1", "2", "3", "4", "5", "6", "D3", "D6")
"""Hit counts an Impact Hits or Stomp value may give (NA-NSM-1)."""

COUNTERS = ("models", "damage")
"""Scenario counters: rank-and-file models left, HP lost by the rank-and-file pool."""


@dataclass(frozen=True)
class Part:
    """One model part's Offensive Characteristics and non-standard attacks (NA-NSM-1)."""

    name: str
    att: int
    off: int
    strength: int
    ap: int
    agi: int
    impact: str = ""
    stomp: str = ""
    uses_weapons: bool = True
    multiple_wounds: int = 1


@dataclass(frozen=True)
class ModelProfile:
    """A model's characteristics (see the module docstring)."""

    id: str
    name: str
    height: int
    base: Base
    cha: int
    mob: int
    dis: int
    hp: int
    def_: int
    res: int
    arm: int
    parts: tuple[Part, ...]
    aegis: int | None = None
    regeneration: int | None = None
    aim: int | None = None
    equipment: tuple[str, ...] = ()
    sample: tuple[str, ...] = ()
    wield: str = ""
    """The melee weapon its owner chose for this round of combat ("" = the default)."""

    def has(self, weapon: str) -> bool:
        """Whether the model carries ``weapon``."""
        return weapon in self.equipment

    @property
    def melee_weapons(self) -> tuple[str, ...]:
        """The melee weapons it may fight with: every melee weapon it carries other than its
        Hand Weapon (which it may use only when it carries no other: rule 'Hand Weapon')."""
        return tuple(w for w in self.equipment if w in MELEE_WEAPONS) or ("hand_weapon",)

    @property
    def melee_weapon(self) -> str:
        """The melee weapon it fights with: the one chosen for the round, else the first it
        carries (a Hand Weapon if none)."""
        return self.wield or self.melee_weapons[0]

    def wielding(self, weapon: str) -> ModelProfile:
        """The same model fighting with ``weapon`` (one of :attr:`melee_weapons`)."""
        return self if weapon == self.melee_weapon else replace(self, wield=weapon)

    @property
    def armour(self) -> int:
        """Armour against melee attacks: the model's, +1 for a Shield unless a Two-Handed
        weapon is used (capped at 6 by the armour table, NA-SAV-1)."""
        two_handed = bool(WEAPONS[self.melee_weapon].get("two_handed"))
        return self.arm + (1 if self.has("shield") and not two_handed else 0)

    @property
    def parry(self) -> bool:
        """Hand Weapon and Shield give Parry."""
        return self.melee_weapon == "hand_weapon" and self.has("shield")


@dataclass(frozen=True)
class UnitEntry:
    """How a unit is formed from profiles."""

    id: str
    name: str
    model: str
    models: int
    files: int
    characters: tuple[str, ...] = ()
    standard: bool = False
    mix: tuple[tuple[str, int], ...] = ()
    """Rank-and-file models of other profiles among ``models`` (model id, count): a mixed
    health pool (NA-TGT-4)."""
    equipment: tuple[str, ...] | None = None
    """The rank-and-file's equipment chosen for this unit, replacing its model's (None: the
    model's own)."""


@dataclass(kw_only=True)
class Mixed:
    """Rank-and-file models of another profile in a unit's pool, and how many stand
    (NA-TGT-4): a count, not places in the formation."""

    profile: ModelProfile
    alive: int


@dataclass(kw_only=True)
class Character:
    """An attachable model in a unit: its own health pool (NA-HP-1)."""

    key: str
    profile: ModelProfile
    hp: int


def stand_ins(unit: NinthUnit) -> list[str]:
    """The names of the stand-in models in ``unit`` (NA-CAT-1), rank-and-file first."""
    profiles = (unit.model, *(m.profile for m in unit.mixed),
                *(c.profile for c in unit.characters))
    return list(dict.fromkeys(p.name for p in profiles if p.name.endswith(STAND_IN_MARK)))


def say_stand_ins(units: Sequence[NinthUnit], ctx: Context) -> None:
    """NA-CAT-1: as a stand-in's numbers are about to decide dice (a shot, a round of combat),
    the log says they are stand-ins, never the army book's."""
    for unit in units:
        names: list[JSON] = list(stand_ins(unit))
        if names:
            ctx.emit("profile.stand_in", f"{unit.name} plays with "
                     f"{', '.join(map(str, names))}: the public data has no stat line for it, so "
                     "its numbers are stand-ins, not the army book's.", ("NA-CAT-1",),
                     player=unit.owner, unit=unit.id, models=names)


SHARED_MEMOS = frozenset({"_formation_memo", "_engage_memo"})
"""A unit's remembered answers (outside its dataclass fields) that its copies share."""


@dataclass(kw_only=True)
class NinthUnit(Unit):
    """A Ninth Age unit on the table: its boundary is the core ``tray``; the models are the
    formation of ``rf_models`` rank-and-file and its living characters; ``removed`` lists the
    models killed this round (positions stay frozen until the round ends, NA-FRZ-1)."""

    model: ModelProfile
    rf_models: int
    files: int
    characters: list[Character] = field(default_factory=list)
    rf_damage: int = 0
    standard: bool = False
    removed: list[str] = field(default_factory=list)
    charged: bool = False
    moved: bool = False
    marched: bool = False
    fled: bool = False
    wielding: dict[str, str] = field(default_factory=dict)
    """Pool -> the melee weapon its owner chose for the running round of combat."""
    mixed: list[Mixed] = field(default_factory=list)
    """Rank-and-file models of other profiles in the pool (NA-TGT-4); the rest are ``model``."""

    def __deepcopy__(self, memo: dict[int, Any]) -> NinthUnit:
        """A copy that shares what never changes: the frozen model profiles and the
        remembered geometry answers (keyed by everything they read, so they hold for any
        copy). A position copied for every candidate a computer player tries would otherwise
        copy the unit's whole memo each time."""
        for profile in (self.model, *(c.profile for c in self.characters),
                        *(m.profile for m in self.mixed)):
            memo[id(profile)] = profile
        new = object.__new__(type(self))
        memo[id(self)] = new
        for name, value in self.__dict__.items():
            new.__dict__[name] = value if name in SHARED_MEMOS else copy.deepcopy(value, memo)
        return new

    def fractions(self) -> list[tuple[ModelProfile, int]]:
        """The kinds of the rank-and-file pool still standing, with their counts (the unit's
        own model first), NA-TGT-4."""
        others = [(m.profile, m.alive) for m in self.mixed if m.alive > 0]
        own = self.rf_alive() - sum(n for _, n in others)
        return [(p, n) for p, n in [(self.model, own), *others] if n > 0]

    def formation(self) -> Formation:
        """The models as they stand (dead ones included until the round ends). Memoised on
        the instance outside its dataclass fields (so never hashed nor compared): the key is
        everything the formation depends on."""
        key = (self.model.base, self.rf_models, self.files,
               tuple((c.key, c.profile.base) for c in self.characters))
        memo = self.__dict__.get("_formation_memo")
        if memo is not None and memo[0] == key:
            return memo[1]  # type: ignore[no-any-return]
        formation = form_block(self.model.base, self.rf_models, self.files,
                               [Attached(c.key, c.profile.base) for c in self.characters])
        self.__dict__["_formation_memo"] = (key, formation)
        return formation

    def alive_keys(self) -> list[str]:
        """Keys of the models still standing."""
        gone = set(self.removed)
        return [s.key for s in self.formation().slots if s.key not in gone]

    def rf_alive(self) -> int:
        """Rank-and-file models still standing."""
        return self.rf_models - sum(1 for k in self.removed if _is_rf(k))

    def character(self, key: str) -> Character | None:
        """The character called ``key``, if attached."""
        return next((c for c in self.characters if c.key == key), None)

    def status(self) -> dict[str, JSON]:
        """Counters for the table and summaries."""
        out: dict[str, JSON] = {"models": self.rf_alive(), "damage": self.rf_damage}
        for c in self.characters:
            out[f"{c.key}_hp"] = c.hp
        if self.fled:
            out["broken"] = True
        return out

    def status_line(self) -> str:
        """The label's counters in words: rank-and-file models left, HP lost by their pool,
        each character by name with its HP (NA-HP-1), and a broken unit said so."""
        parts = [f"{self.rf_alive()} model{'' if self.rf_alive() == 1 else 's'}"]
        if self.mixed:  # a mixed pool names its kinds (NA-TGT-4)
            parts[0] += " (" + ", ".join(f"{n} {p.name}" for p, n in self.fractions()) + ")"
        if self.rf_damage:
            parts.append(f"{self.rf_damage} HP lost")
        parts += [f"{c.profile.name} {c.hp} HP" for c in self.characters]
        if self.fled:
            parts.append("broken")
        return "  ".join(parts)


def reform(unit: NinthUnit) -> None:
    """End of the frozen round (NA-FRZ-1): the dead leave, the unit closes ranks with the
    same number of files (fewer if fewer models remain), its front edge where it was."""
    gone = set(unit.removed)
    unit.rf_models -= sum(1 for k in gone if _is_rf(k))
    unit.characters = [c for c in unit.characters if c.hp > 0 and c.key not in gone]
    unit.removed = []
    unit.wielding = {}
    if unit.rf_models <= 0 and not unit.characters:
        unit.destroyed = True
        return
    if unit.tray is None:
        return
    f = unit.formation()
    fx, fy = unit.tray.front_arrow
    unit.tray = Tray.with_front_arrow_at(fx, fy, unit.tray.facing, f.width, f.depth,
                                         max(f.files, 1), max(f.ranks, 1))


def _is_rf(key: str) -> bool:
    return key.startswith("rf") and key[2:].isdigit()


def part_from_mapping(data: Any, where: str, problems: list[SetupProblem]) -> Part | None:
    """One model part, or None after recording its problems."""
    if not isinstance(data, Mapping):
        problems.append(SetupProblem(where, "a model part is a table of Att, Off, Str, AP, Agi"))
        return None
    known = {*PART_KEYS, "name", "impact", "stomp", "uses_weapons", "multiple_wounds"}
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), sorted(known), n=1)
            problems.append(SetupProblem(f"{where}.{key}", "unknown part characteristic",
                                         close[0] if close else None))
    values = {("strength" if k == "str" else k): whole_number(data, k, f"{where}.{k}", lo, hi,
                                                              problems)
              for k, (lo, hi) in PART_KEYS.items()}
    special = {}
    for key in ("impact", "stomp"):
        text = str(data.get(key, "")).upper()
        if text not in DICE_VALUES:
            problems.append(SetupProblem(f"{where}.{key}", "expected 1-6, D3 or D6"))
        special[key] = text
    multiple = whole_number(data, "multiple_wounds", f"{where}.multiple_wounds", 1, 6, problems, 1)
    uses = data.get("uses_weapons", True)
    if not isinstance(uses, bool):
        problems.append(SetupProblem(f"{where}.uses_weapons", "expected true or false"))
    return Part(name=str(data.get("name", "model")), impact=special["impact"],
                stomp=special["stomp"], uses_weapons=bool(uses), multiple_wounds=multiple,
                **values)


def model_from_mapping(mid: str, data: Any, where: str) -> ModelProfile:
    """Check one model profile; raise SetupError with every problem (paths under ``where``)."""
    problems: list[SetupProblem] = []
    if not isinstance(data, Mapping):
        raise SetupError([SetupProblem(where, "a model profile is a table")])
    known = {*GLOBAL_KEYS, *DEFENSIVE_KEYS, *OPTIONAL_SAVES, *TEXT_KEYS}
    for key in data:
        if key not in known:
            close = difflib.get_close_matches(str(key), sorted(known), n=1)
            problems.append(SetupProblem(f"{where}.{key}", "unknown characteristic",
                                         close[0] if close else None))
    nums = {k: whole_number(data, k, f"{where}.{k}", lo, hi, problems)
            for k, (lo, hi) in {**GLOBAL_KEYS, **DEFENSIVE_KEYS}.items()}
    saves: dict[str, int | None] = {}
    for key, (lo, hi) in OPTIONAL_SAVES.items():
        saves[key] = whole_number(data, key, f"{where}.{key}", lo, hi,
                                  problems) if key in data else None
    base = data.get("base")
    if (not isinstance(base, list) or len(base) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool)
                       and BASE_MM[0] <= v <= BASE_MM[1] for v in base)):
        problems.append(SetupProblem(f"{where}.base", "expected [width_mm, depth_mm], each "
                                     f"{BASE_MM[0]:g}..{BASE_MM[1]:g}"))
        base = [25, 25]
    equipment = list(_equipment(data.get("equipment", []), f"{where}.equipment", problems)
                     or ())
    raw_parts = data.get("parts")
    parts: list[Part] = []
    if not isinstance(raw_parts, list) or not raw_parts:
        problems.append(SetupProblem(f"{where}.parts", "a model needs at least one part"))
    else:
        for i, p in enumerate(raw_parts):
            part = part_from_mapping(p, f"{where}.parts.{i}", problems)
            if part is not None:
                parts.append(part)
    if "lance" in equipment and parts and all(p.uses_weapons for p in parts):
        problems.append(SetupProblem(f"{where}.equipment", "only a model with a mount (a part "
                                     "with uses_weapons = false) can use a Lance"))
    sample = data.get("sample", [])
    if problems:
        raise SetupError(problems)
    return ModelProfile(
        id=mid, name=str(data.get("name", mid)), height=nums["height"],
        base=Base(float(base[0]), float(base[1])), cha=nums["cha"], mob=nums["mob"],
        dis=nums["dis"], hp=nums["hp"], def_=nums["def"], res=nums["res"], arm=nums["arm"],
        parts=tuple(parts), aegis=saves["aegis"], regeneration=saves["regeneration"],
        aim=saves["aim"], equipment=tuple(equipment), sample=tuple(map(str, sample)))


ENTRY_KEYS = ("name", "unit", "model", "models", "files", "characters", "standard", "sample",
              "size_source", "mix", "equipment")


def entry_from_mapping(eid: str, data: Any, where: str, models: Mapping[str, ModelProfile],
                       base: UnitEntry | None = None) -> tuple[UnitEntry, dict[str, ModelProfile]]:
    """Check a unit entry (or inline ``stats`` over ``base``); return it with any inline
    model profiles it defines (by key). Raises SetupError with every problem."""
    problems: list[SetupProblem] = []
    if not isinstance(data, Mapping):
        raise SetupError([SetupProblem(where, "a unit entry is a table")])
    for key in data:
        if key not in ENTRY_KEYS:
            close = difflib.get_close_matches(str(key), ENTRY_KEYS, n=1)
            problems.append(SetupProblem(f"{where}.{key}", "unknown unit key",
                                         close[0] if close else None))
    inline: dict[str, ModelProfile] = {}

    def model_ref(value: Any, path: str, key: str) -> str:
        if isinstance(value, Mapping):
            try:
                inline[key] = model_from_mapping(key, value, path)
            except SetupError as exc:
                problems.extend(exc.problems)
            return key
        if not isinstance(value, str) or value not in models:
            close = difflib.get_close_matches(str(value), list(models), n=1)
            problems.append(SetupProblem(path, f"unknown model {value!r}",
                                         close[0] if close else None))
            return ""
        return value

    model = model_ref(data["model"], f"{where}.model", "inline") if "model" in data else (
        base.model if base else "")
    if not model:
        problems.append(SetupProblem(f"{where}.model", "give the rank-and-file model"))
    count = whole_number(data, "models", f"{where}.models", 0, 100,
                         problems, base.models if base else None)
    files = whole_number(data, "files", f"{where}.files", 1, 20,
                         problems, base.files if base else 5)
    chars_raw = data.get("characters", list(base.characters) if base else [])
    chars: list[str] = []
    if not isinstance(chars_raw, list):
        problems.append(SetupProblem(f"{where}.characters", "expected a list of models"))
    else:
        for i, c in enumerate(chars_raw):
            chars.append(model_ref(c, f"{where}.characters.{i}", f"char{i}"))
    standard = data.get("standard", base.standard if base else False)
    if not isinstance(standard, bool):
        problems.append(SetupProblem(f"{where}.standard", "expected true or false"))
    mix = _mix(data.get("mix", dict(base.mix) if base else {}), model, {**models, **inline},
               count, f"{where}.mix", problems)
    equipment = _equipment(data.get("equipment", base.equipment if base else None),
                           f"{where}.equipment", problems)
    if problems:
        raise SetupError(problems)
    name = str(data.get("name", base.name if base else eid))
    return UnitEntry(eid, name, model, count, files, tuple(chars), bool(standard),
                     mix, equipment), inline


def _equipment(raw: Any, where: str, problems: list[SetupProblem]) -> tuple[str, ...] | None:
    """A unit entry's chosen equipment for its rank-and-file (known weapon names), or None
    to keep the model's own."""
    if raw is None:
        return None
    return known_names(raw, where, list(WEAPONS), problems, "weapon")


def _mix(raw: Any, model: str, models: Mapping[str, ModelProfile], count: int | None,
         where: str, problems: list[SetupProblem]) -> tuple[tuple[str, int], ...]:
    """A mixed pool's other kinds (``mix = { warded_guard = 7 }``, NA-TGT-4): known models
    with the rank-and-file's base and HP (the mix is a count, not places, and one HP pool),
    at most the unit's models in all."""
    if not isinstance(raw, Mapping):
        problems.append(SetupProblem(where, "expected a table of model = count"))
        return ()
    out: list[tuple[str, int]] = []
    own = models.get(model)
    for mid, n in raw.items():
        other = models.get(str(mid))
        if other is None:
            close = difflib.get_close_matches(str(mid), list(models), n=1)
            problems.append(SetupProblem(f"{where}.{mid}", f"unknown model {mid!r}",
                                         close[0] if close else None))
        elif not isinstance(n, int) or isinstance(n, bool) or n < 1:
            problems.append(SetupProblem(f"{where}.{mid}", "expected a count of 1 or more"))
        elif own is not None and (other.base != own.base or other.hp != own.hp):
            problems.append(SetupProblem(f"{where}.{mid}", "a mixed pool's models share the "
                                         "rank-and-file's base and HP"))
        else:
            out.append((str(mid), n))
    if count is not None and sum(n for _, n in out) > count:
        problems.append(SetupProblem(where, f"more mixed models than the unit's {count}"))
    return tuple(out)


def load_data() -> tuple[dict[str, ModelProfile], dict[str, UnitEntry]]:
    """The shipped model profiles and unit entries (``units.toml``)."""
    text = resources.files(__package__).joinpath("units.toml").read_text("utf-8")
    raw = tomllib.loads(text)
    models = {mid: model_from_mapping(mid, d, f"models.{mid}")
              for mid, d in raw["models"].items()}
    entries = {eid: entry_from_mapping(eid, d, f"units.{eid}", models)[0]
               for eid, d in raw["units"].items()}
    for eid, e in entries.items():
        _formation_of(e, models, f"units.{eid}")
    return models, entries


def _formation_of(entry: UnitEntry, models: Mapping[str, ModelProfile],
                  where: str) -> Formation:
    rf = models[entry.model]
    attached = [Attached(f"{c}{i}" if entry.characters.count(c) > 1 else c, models[c].base)
                for i, c in enumerate(entry.characters)]
    try:
        return form_block(rf.base, entry.models, entry.files, attached)
    except FormationError as exc:
        raise SetupError([SetupProblem(f"{where}.characters",
                                       f"cannot be formed (NA-ATT-1): {exc}")]) from exc


def build_unit(setup: UnitSetup, models: Mapping[str, ModelProfile],
               entries: Mapping[str, UnitEntry]) -> NinthUnit:
    """A unit from a scenario entry (a unit entry id, or inline ``stats``), counters applied.
    Every problem is reported at once in a :class:`SetupError`; nothing is half-built."""
    problems: list[SetupProblem] = []
    if setup.x is None or setup.y is None:
        problems.append(SetupProblem("at", "a Ninth Age unit stands on a table: at = [x, y]"))
    for key in setup.counters:
        if key not in COUNTERS:
            problems.append(SetupProblem(key, f"Ninth Age units do not use {key!r} (only "
                                         "models and damage)"))
    entry, known = _entry_of(setup, models, entries, problems)
    if entry is None:
        raise SetupError(problems)
    rf = known[entry.model]
    if entry.equipment is not None:  # the unit's own choice of the model's equipment
        if "lance" in entry.equipment and all(p.uses_weapons for p in rf.parts):
            problems.append(SetupProblem("stats.equipment", "only a model with a mount (a "
                                         "part with uses_weapons = false) can use a Lance"))
        rf = replace(rf, equipment=entry.equipment)
    count = setup.counters.get("models", entry.models)
    if not isinstance(count, int) or not 0 <= count <= 100:
        problems.append(SetupProblem("models", "expected 0..100 rank-and-file models"))
        count = entry.models
    damage = setup.counters.get("damage", 0)
    if not isinstance(damage, int) or not 0 <= damage < max(count, 1) * rf.hp:
        problems.append(SetupProblem("damage", "expected HP lost below the pool's HP"))
        damage = 0
    entry = replace(entry, models=count - damage // rf.hp)
    if sum(n for _, n in entry.mix) > entry.models:
        problems.append(SetupProblem("models", "fewer models than the mix names (NA-TGT-4)"))
    try:
        formation = _formation_of(entry, known, "stats" if setup.stats else "profile")
    except SetupError as exc:
        problems.extend(exc.problems)
    if problems:
        raise SetupError(problems)
    keys = [f"{c}{i}" if entry.characters.count(c) > 1 else c
            for i, c in enumerate(entry.characters)]
    chars = [Character(key=k, profile=known[c], hp=known[c].hp)
             for k, c in zip(keys, entry.characters, strict=True)]
    assert setup.x is not None and setup.y is not None
    tray = Tray(setup.x, setup.y, setup.facing, formation.width, formation.depth,
                max(formation.files, 1), max(formation.ranks, 1))
    return NinthUnit(id=setup.id, name=setup.name or entry.name, owner=setup.owner,
                     profile=entry.id, tray=tray, model=rf, rf_models=entry.models,
                     files=entry.files, characters=chars, rf_damage=damage % rf.hp,
                     standard=entry.standard,
                     mixed=[Mixed(profile=known[m], alive=n) for m, n in entry.mix])


def _entry_of(setup: UnitSetup, models: Mapping[str, ModelProfile],
              entries: Mapping[str, UnitEntry],
              problems: list[SetupProblem]) -> tuple[UnitEntry | None, dict[str, ModelProfile]]:
    known = dict(models)
    if setup.stats is not None:
        base_id = setup.stats.get("unit")
        base = entries.get(base_id) if isinstance(base_id, str) else None
        if base_id is not None and base is None:
            close = difflib.get_close_matches(str(base_id), list(entries), n=1)
            problems.append(SetupProblem("stats.unit", f"unknown unit entry {base_id!r}",
                                         close[0] if close else None))
            return None, known
        try:
            entry, inline = entry_from_mapping("inline", setup.stats, "stats", models, base)
        except SetupError as exc:
            problems.extend(exc.problems)
            return None, known
        known.update(inline)
        return entry, known
    if setup.profile not in entries:
        close = difflib.get_close_matches(str(setup.profile), list(entries), n=1)
        problems.append(SetupProblem("profile", f"unknown Ninth Age unit {setup.profile!r}",
                                     close[0] if close else None))
        return None, known
    return entries[str(setup.profile)], known


def weapon_names() -> Sequence[str]:
    """Every weapon a profile may carry."""
    return tuple(WEAPONS)
