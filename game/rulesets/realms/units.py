"""Realms units and their profiles (stat cards, TOML package data), strictly validated.

A unit covers one or more spaces (its footprint: axial offsets for facing 0, rotated with the
unit's facing; the first offset is the head space), stands ``height`` pegs tall, sees from an
eye point ``eye`` pegs above its base (or from its weapon's front if it is eyeless), may turn
its head (RL-LOS-1) and bend a long neck ``neck_reach`` pegs. It has health and wounds taken, a
base attack die, weapons (die size and attack type), armor by type (RL-ARM-1), a defense die,
precision (RL-NGT-1/2), abilities, mana and spells (RL-SPC-1), and what its hands hold
(RL-DW-1/2).
"""

from __future__ import annotations

import difflib
import functools
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar, overload

from game.core.actions import JSON
from game.core.profile_fields import known_names, whole_number
from game.core.ruleset import SetupError, SetupProblem, UnitSetup
from game.core.state import Unit
from game.geometry.hexgrid import Hex

T = TypeVar("T")

ATTACK_TYPES = ("slash", "pierce", "blunt", "siege", "magic", "fire", "frost", "poison")
"""Attack types a weapon, special attack or spell may have."""
ARMOR_TYPES = (*ATTACK_TYPES, "universal", "martial")
"""Armor types: one per attack type plus Universal and Martial (RL-ARM-1)."""
ABILITIES = ("ranged_unit", "large", "siege", "beast", "war_machine", "deity", "building")
"""Abilities the rules read (RL-CAP-1, RL-DEF-2)."""
DIE_SIZES = (4, 6, 8, 10, 12, 20)
"""Die sizes a profile may use unless the scenario's ``die_sizes`` option says otherwise."""
HANDS = ("free", "shield", "none")
"""What a hand may hold besides a weapon (``none``: no usable hand, e.g. a beast's)."""
COUNTERS = ("damage", "tokens")
"""Scenario counters: ``damage`` = wounds already taken, ``tokens`` = mana left."""

_INTS = {"health": (1, 99), "move": (0, 20), "height": (1, 60), "eye": (0, 60),
         "neck_reach": (0, 30), "precision": (0, 20), "mana": (0, 99)}
_DICE = ("base_die", "defense_die")
_KEYS = (*_INTS, *_DICE, "name", "eyeless", "head_turn", "main", "off", "inventory",
         "weapons", "armor", "abilities", "immune", "footprint", "specials", "spells")


@dataclass(frozen=True)
class Weapon:
    """A weapon, special attack or spell: its dice (one die for a weapon), attack type, range
    in spaces (0: neighbouring spaces only) and mana cost (spells)."""

    name: str
    dice: tuple[int, ...]
    type: str
    range: int = 0
    cost: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Weapon:
        return self  # immutable: undo snapshots share it


UNARMED = Weapon("unarmed", (), "blunt", 0)
"""The off-hand unarmed attack of RL-DW-2: base die only."""


@dataclass(frozen=True)
class Profile:
    """A stat card: the unit's fixed stats, and what its hands hold, what it carries and its
    mana when it starts (``mana`` is its most)."""

    id: str
    name: str
    health: int
    move: int
    height: int
    eye: int
    base_die: int
    defense_die: int
    precision: int
    main: str
    off: str
    weapons: tuple[Weapon, ...] = ()
    inventory: tuple[str, ...] = ()
    armor: tuple[tuple[str, int], ...] = ()
    abilities: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()
    footprint: tuple[tuple[int, int], ...] = ((0, 0),)
    specials: tuple[Weapon, ...] = ()
    spells: tuple[Weapon, ...] = ()
    eyeless: bool = False
    head_turn: bool = False
    neck_reach: int = 0
    mana: int = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Profile:
        return self  # immutable: units and undo snapshots share it


class FromCard(Generic[T]):
    """A unit attribute read from its stat card (``card``), the one place the stat is kept:
    ``health = FromCard()`` reads ``unit.card.health``; ``FromCard("mana")`` another name."""

    def __init__(self, key: str = "") -> None:
        self.key = key

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = self.key or name

    @overload
    def __get__(self, unit: None, owner: type) -> FromCard[T]: ...

    @overload
    def __get__(self, unit: RealmsUnit, owner: type) -> T: ...

    def __get__(self, unit: RealmsUnit | None, owner: type) -> FromCard[T] | T:
        if unit is None:
            return self
        found: T = getattr(unit.card, self.key)
        return found


@dataclass(kw_only=True)
class RealmsUnit(Unit):
    """A unit on the realms board (see the module docstring): its stat card (``card``, the
    one source of every fixed stat, shared and never changed) and what changes in play:
    wounds taken, what its hands hold and carries, mana left, whether it is fortified."""

    card: Profile
    wounds: int = 0
    main: str
    off: str
    inventory: tuple[str, ...] = ()
    mana: int = 0
    fortified: bool = False
    extra: dict[str, int] = field(default_factory=dict)

    # the card's fixed stats, read through the unit (RL-MOV-1, RL-LOS-1, RL-DMG-1, RL-DEF-1,
    # RL-NGT-1/2, RL-ARM-1, RL-CAP-1, RL-SPC-1); ``max_mana`` is the card's ``mana``
    health: ClassVar[FromCard[int]] = FromCard()
    move: ClassVar[FromCard[int]] = FromCard()
    height: ClassVar[FromCard[int]] = FromCard()
    eye: ClassVar[FromCard[int]] = FromCard()
    eyeless: ClassVar[FromCard[bool]] = FromCard()
    head_turn: ClassVar[FromCard[bool]] = FromCard()
    neck_reach: ClassVar[FromCard[int]] = FromCard()
    base_die: ClassVar[FromCard[int]] = FromCard()
    defense_die: ClassVar[FromCard[int]] = FromCard()
    precision: ClassVar[FromCard[int]] = FromCard()
    weapons: ClassVar[FromCard[tuple[Weapon, ...]]] = FromCard()
    armor: ClassVar[FromCard[tuple[tuple[str, int], ...]]] = FromCard()
    abilities: ClassVar[FromCard[tuple[str, ...]]] = FromCard()
    immune: ClassVar[FromCard[tuple[str, ...]]] = FromCard()
    footprint: ClassVar[FromCard[tuple[tuple[int, int], ...]]] = FromCard()
    specials: ClassVar[FromCard[tuple[Weapon, ...]]] = FromCard()
    spells: ClassVar[FromCard[tuple[Weapon, ...]]] = FromCard()
    max_mana: ClassVar[FromCard[int]] = FromCard("mana")

    def has(self, ability: str) -> bool:
        """Whether the unit has an ability."""
        return ability in self.abilities

    @property
    def large(self) -> bool:
        """Large: the ``large`` ability or a footprint of more than one space (RL-DEF-2)."""
        return self.has("large") or len(self.footprint) > 1

    def weapon(self, key: str) -> Weapon | None:
        """The weapon called ``key`` (None for a hand that holds none)."""
        return next((w for w in self.weapons if w.name == key), None)

    def status(self) -> dict[str, JSON]:
        """Counters shown on the table."""
        out: dict[str, JSON] = {"wounds": self.wounds, "health": self.health}
        if self.max_mana:
            out["mana"] = self.mana
        if self.fortified:
            out["fortified"] = True
        return out


def _die(value: Any, path: str, sizes: Sequence[int], problems: list[SetupProblem],
         allow_none: bool = False) -> int:
    if allow_none and value == 0:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value not in sizes:
        allowed = ", ".join(f"d{s}" for s in sizes) + (" or 0 for none" if allow_none else "")
        problems.append(SetupProblem(path, f"unknown die size {value!r}; expected {allowed}"))
        return 0
    return value


def _names(data: Mapping[str, Any], key: str, where: str, known: Sequence[str],
           problems: list[SetupProblem]) -> tuple[str, ...]:
    return known_names(data.get(key, []), f"{where}.{key}", known, problems) or ()


def _attacks(data: Any, where: str, sizes: Sequence[int], problems: list[SetupProblem],
             many: bool) -> tuple[Weapon, ...]:
    """Weapons (one ``die``) or specials/spells (a ``dice`` list, spells a ``cost``)."""
    if data is None:
        return ()
    if not isinstance(data, Mapping):
        problems.append(SetupProblem(where, "expected a table of named attacks"))
        return ()
    out = []
    for name, spec in data.items():
        path = f"{where}.{name}"
        if not isinstance(spec, Mapping):
            problems.append(SetupProblem(path, "expected a table"))
            continue
        allowed = ("dice", "type", "range", "cost") if many else ("die", "type", "range")
        problems.extend(SetupProblem(f"{path}.{k}", f"unknown key; expected {', '.join(allowed)}")
                        for k in spec if k not in allowed)
        if many:
            raw = spec.get("dice")
            if not isinstance(raw, list) or not raw:
                problems.append(SetupProblem(f"{path}.dice", "expected a list of die sizes"))
                raw = []
            dice = tuple(_die(d, f"{path}.dice[{i}]", sizes, problems) for i, d in enumerate(raw))
        else:
            dice = (_die(spec.get("die"), f"{path}.die", sizes, problems),)
        kind = spec.get("type")
        if kind not in ATTACK_TYPES:
            close = difflib.get_close_matches(str(kind), ATTACK_TYPES, n=1)
            problems.append(SetupProblem(f"{path}.type", f"unknown attack type {kind!r}; "
                                         f"expected one of {', '.join(ATTACK_TYPES)}",
                                         close[0] if close else None))
        rng = whole_number(spec, "range", f"{path}.range", 0, 30, problems, 0)
        cost = whole_number(spec, "cost", f"{path}.cost", 0, 99, problems, 0) if many else 0
        out.append(Weapon(str(name), dice, str(kind), rng, cost))
    return tuple(out)


def _armor(data: Any, where: str, problems: list[SetupProblem]) -> tuple[tuple[str, int], ...]:
    if data is None:
        return ()
    if not isinstance(data, Mapping):
        problems.append(SetupProblem(where, "expected a table of armor type = amount"))
        return ()
    out = []
    for kind, amount in data.items():
        if kind not in ARMOR_TYPES:
            close = difflib.get_close_matches(str(kind), ARMOR_TYPES, n=1)
            problems.append(SetupProblem(f"{where}.{kind}", f"unknown armor type {kind!r}",
                                         close[0] if close else None))
        elif not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 30:
            problems.append(SetupProblem(f"{where}.{kind}", "expected armor 0..30"))
        else:
            out.append((str(kind), amount))
    return tuple(sorted(out))


def _footprint(data: Any, where: str, problems: list[SetupProblem]) -> tuple[tuple[int, int], ...]:
    if data is None:
        return ((0, 0),)
    ok = isinstance(data, list) and data and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(c, int) for c in p) for p in data)
    if not ok:
        problems.append(SetupProblem(f"{where}.footprint", "expected a list of [q, r] offsets"))
        return ((0, 0),)
    cells = tuple((int(p[0]), int(p[1])) for p in data)
    if cells[0] != (0, 0) or len(set(cells)) != len(cells) or len(cells) > 7:
        problems.append(SetupProblem(f"{where}.footprint", "the first offset is [0, 0] (the "
                                     "head space), offsets differ, at most 7"))
    return cells


def _hand(value: Any, path: str, weapons: Sequence[Weapon], problems: list[SetupProblem]) -> str:
    names = [w.name for w in weapons]
    if value in HANDS or value in names:
        return str(value)
    problems.append(SetupProblem(path, f"a hand holds a weapon of the unit or one of "
                                 f"{', '.join(HANDS)}; not {value!r}"))
    return "none"


def profile_from_mapping(pid: str, data: Mapping[str, Any], where: str,
                         sizes: Sequence[int] = DIE_SIZES) -> Profile:
    """Check one profile table; raise SetupError with every problem (paths under ``where``)."""
    problems: list[SetupProblem] = []
    for key in data:
        if key not in _KEYS:
            close = difflib.get_close_matches(key, _KEYS, n=1)
            problems.append(SetupProblem(f"{where}.{key}", "unknown stat",
                                         close[0] if close else None))
    nums = {k: whole_number(data, k, f"{where}.{k}", lo, hi,
                            problems, 0 if k in ("eye", "neck_reach", "mana")
                    else None) for k, (lo, hi) in _INTS.items()}
    base = _die(data.get("base_die"), f"{where}.base_die", sizes, problems, allow_none=True)
    defense = _die(data.get("defense_die"), f"{where}.defense_die", sizes, problems,
                   allow_none=True)
    weapons = _attacks(data.get("weapons"), f"{where}.weapons", sizes, problems, many=False)
    specials = _attacks(data.get("specials"), f"{where}.specials", sizes, problems, many=True)
    spells = _attacks(data.get("spells"), f"{where}.spells", sizes, problems, many=True)
    main = _hand(data.get("main", "none"), f"{where}.main", weapons, problems)
    off = _hand(data.get("off", "free"), f"{where}.off", weapons, problems)
    inventory = _names(data, "inventory", where, [w.name for w in weapons], problems)
    name = data.get("name", pid)
    flags = {k: data.get(k, False) for k in ("eyeless", "head_turn")}
    for key, value in [("name", name), *flags.items()]:
        if not isinstance(value, str if key == "name" else bool):
            problems.append(SetupProblem(f"{where}.{key}", "expected a text" if key == "name"
                                         else "expected true or false"))
    armor = _armor(data.get("armor"), f"{where}.armor", problems)
    abilities = _names(data, "abilities", where, ABILITIES, problems)
    immune = _names(data, "immune", where, (*ABILITIES, *ATTACK_TYPES), problems)
    footprint = _footprint(data.get("footprint"), where, problems)
    if problems:
        raise SetupError(problems)
    return Profile(
        id=pid, name=str(name), health=nums["health"], move=nums["move"],
        height=nums["height"], eye=nums["eye"], base_die=base, defense_die=defense,
        precision=nums["precision"], main=main, off=off, weapons=weapons, inventory=inventory,
        armor=armor, abilities=abilities, immune=immune, footprint=footprint, specials=specials,
        spells=spells, eyeless=bool(flags["eyeless"]), head_turn=bool(flags["head_turn"]),
        neck_reach=nums["neck_reach"], mana=nums["mana"])


def load_profiles() -> dict[str, Profile]:
    """The shipped profiles (``profiles.toml`` package data), by id (a fresh dict; the
    immutable profiles are parsed once per process)."""
    return dict(_shipped())


@functools.cache
def _shipped() -> tuple[tuple[str, Profile], ...]:
    return tuple((pid, profile_from_mapping(pid, data, pid))
                 for pid, data in shipped_tables().items())


@functools.cache
def shipped_tables() -> Mapping[str, Mapping[str, Any]]:
    """The shipped profiles' tables as ``profiles.toml`` writes them (read only)."""
    text = resources.files(__package__).joinpath("profiles.toml").read_text("utf-8")
    return MappingProxyType(tomllib.loads(text))


def over_profile(stats: Mapping[str, Any], problems: list[SetupProblem]) -> dict[str, Any]:
    """Inline ``stats`` with ``unit`` naming a shipped profile: that profile's table with
    the other keys changing it (``stats = { unit = "wyrm", footprint = [...] }``); stats
    without ``unit`` as they are."""
    rest = {k: v for k, v in stats.items() if k != "unit"}
    if "unit" not in stats:
        return rest
    base = shipped_tables().get(str(stats["unit"]))
    if base is None:
        close = difflib.get_close_matches(str(stats["unit"]), list(shipped_tables()), n=1)
        problems.append(SetupProblem("stats.unit", f"unknown realms profile {stats['unit']!r}",
                                     close[0] if close else None))
        return rest
    return {**base, **rest}


def build_unit(setup: UnitSetup, profiles: Mapping[str, Profile],
               sizes: Sequence[int] = DIE_SIZES) -> RealmsUnit:
    """A unit from a scenario entry (profile or inline ``stats``, then the ``damage`` and
    ``tokens`` counters); every problem is reported at once in a :class:`SetupError`."""
    problems: list[SetupProblem] = []
    profile: Profile | None = None
    try:
        if setup.stats is not None:
            profile = profile_from_mapping("inline", over_profile(setup.stats, problems),
                                           "stats", sizes)
        elif setup.profile is not None and setup.profile in profiles:
            profile = profiles[setup.profile]
        else:
            close = difflib.get_close_matches(str(setup.profile), list(profiles), n=1)
            problems.append(SetupProblem("profile", f"unknown realms profile {setup.profile!r}",
                                         close[0] if close else None))
    except SetupError as exc:
        problems.extend(exc.problems)
    if setup.hex is None:
        problems.append(SetupProblem("hex", "a realms unit stands on a space: hex = [q, r]"))
    problems.extend(SetupProblem(k, f"realms units do not use {k!r} (only damage = wounds "
                                 "taken and tokens = mana)") for k in setup.counters
                    if k not in COUNTERS)
    if profile is None or problems:
        raise SetupError(problems)
    wounds = setup.counters.get("damage", 0)
    mana = setup.counters.get("tokens", profile.mana)
    if not isinstance(wounds, int) or not 0 <= wounds < profile.health:
        problems.append(SetupProblem("damage", f"wounds taken: 0..{profile.health - 1}"))
    if not isinstance(mana, int) or not 0 <= mana <= profile.mana:
        problems.append(SetupProblem("tokens", f"mana: 0..{profile.mana}"))
    if problems:
        raise SetupError(problems)
    unnamed = profile.id == "inline" and setup.stats and not {"name", "unit"} & set(setup.stats)
    return RealmsUnit(
        id=setup.id, name=setup.name or (setup.id if unnamed else profile.name),
        owner=setup.owner, profile=profile.id, hex=setup.hex, hex_facing=setup.hex_facing,
        card=profile, wounds=wounds, main=profile.main, off=profile.off,
        inventory=profile.inventory, mana=mana)


SINGLE = ((0, 0),)
"""The footprint of a figure on one space."""


def rotate(offset: tuple[int, int], facing: int) -> Hex:
    """An axial footprint offset turned from facing 0 to ``facing`` (60 degrees a step)."""
    q, r = offset
    for _ in range(facing % 6):
        q, r = q + r, -q
    return Hex(q, r)


def footprint_at(unit: RealmsUnit, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    """The spaces ``unit`` would cover with its head space on ``anchor`` facing ``facing``
    (a one-space figure, the common case, without turning anything)."""
    if unit.footprint == SINGLE:
        return (anchor,)
    return tuple(anchor + rotate(o, facing) for o in unit.footprint)


def spaces(unit: RealmsUnit) -> tuple[Hex, ...]:
    """The spaces the unit covers now."""
    assert unit.hex is not None
    return footprint_at(unit, unit.hex, unit.hex_facing)
