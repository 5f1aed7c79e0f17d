"""Unit profiles (stat cards) of the asoiaf ruleset: package data and strict inline stats.

A profile gives a unit's Speed, Defense, Morale, wounds per model, tray and attacks. Attack dice
depend on the ranks the unit has left (AS-RES-1): the first entry of ``dice`` is for full ranks,
the next for one rank fewer, and so on.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from game.core.profile_fields import whole_number
from game.core.ruleset import SetupError, SetupProblem
from game.core.state import OMIT_IF_DEFAULT
from game.rulesets.asoiaf.abilities import PLAYED

ATTACK_KINDS = ("melee", "short", "long")
"""Attack types: melee, Short Range (6") and Long Range (12") ranged attacks (AS-RNG-5)."""

PROFILE_KEYS = ("name", "tray", "speed", "defense", "morale", "wounds", "attacks",
                "width", "depth", "files", "ranks")
ABILITIES = "abilities"
"""The optional key naming the card abilities a profile plays (only those the table enforces,
:data:`.abilities.PLAYED`, AS-CARD-1); the catalogue's names of the others stay on its cards."""
ATTACK_KEYS = ("name", "type", "hit", "dice")


@dataclass(frozen=True)
class TrayType:
    """A tray size: width (front edge) and depth in inches, files x ranks of models."""

    width: float
    depth: float
    files: int
    ranks: int


@dataclass(frozen=True)
class AttackProfile:
    """One attack of a stat card: name, kind (melee/short/long), To-Hit and dice by ranks."""

    name: str
    kind: str
    hit: int
    dice: tuple[int, ...]

    @property
    def ranged(self) -> bool:
        """Whether this is a Ranged Attack (AS-RNG-2)."""
        return self.kind != "melee"

    def dice_for(self, ranks_lost: int) -> int:
        """Attack dice with ``ranks_lost`` ranks gone (AS-RES-1); the last entry holds on."""
        index = min(max(ranks_lost, 0), len(self.dice) - 1)
        return self.dice[index]


@dataclass(frozen=True)
class Profile:
    """A unit's stat card."""

    id: str
    name: str
    tray: TrayType
    speed: int
    defense: int
    morale: int
    wounds: int
    attacks: tuple[AttackProfile, ...]
    abilities: tuple[str, ...] = field(default=(), metadata=OMIT_IF_DEFAULT)
    """The card abilities the table plays for this profile (AS-CARD-1); hashed only when
    there are some, so the hashes of older games stay the same."""

    @property
    def models(self) -> int:
        """Models of a full unit (one per tray slot)."""
        return self.tray.files * self.tray.ranks

    def melee_attacks(self) -> tuple[int, ...]:
        """Indexes of the melee attacks (AS-MEL-2)."""
        return tuple(i for i, a in enumerate(self.attacks) if not a.ranged)

    def ranged_attacks(self) -> tuple[int, ...]:
        """Indexes of the ranged attacks (AS-RNG-2)."""
        return tuple(i for i, a in enumerate(self.attacks) if a.ranged)


def _read_data() -> dict[str, Any]:
    text = resources.files("game.rulesets.asoiaf").joinpath("units.toml").read_text("utf-8")
    return tomllib.loads(text)


@cache  # read-only package data, parsed once; callers get a read-only view
def tray_types() -> Mapping[str, TrayType]:
    """The tray types of the package data."""
    data = _read_data()
    return MappingProxyType({
        name: TrayType(float(t["width"]), float(t["depth"]), int(t["files"]), int(t["ranks"]))
        for name, t in data["trays"].items()
    })


@cache
def profiles() -> Mapping[str, Profile]:
    """Every profile of the package data, by id: ``units.toml``, then the full catalogue's
    other cards (``catalogue.toml``, ids ``wcN``)."""
    from game.rulesets.asoiaf.catalogue import catalogue_profiles

    data = _read_data()
    out: dict[str, Profile] = {}
    for pid, raw in data["units"].items():
        out[pid] = parse_profile(pid, raw)
    out.update(catalogue_profiles())
    return MappingProxyType(out)


REQUIRED = "this stat is required"
"""The problem of a stat a profile must give."""


def parse_profile(pid: str, raw: Mapping[str, Any], prefix: str = "") -> Profile:
    """Check a profile mapping strictly; raise SetupError listing every problem."""
    problems: list[SetupProblem] = []
    for key in raw:
        if key not in PROFILE_KEYS and key != ABILITIES:
            problems.append(SetupProblem(f"{prefix}{key}", "unknown stat",
                                         _close(key, PROFILE_KEYS)))
    trays = tray_types()
    tray = _tray(raw, trays, prefix, problems)
    speed = whole_number(raw, "speed", f"{prefix}speed", 1, 20, problems, None, REQUIRED)
    defense = whole_number(raw, "defense", f"{prefix}defense", 1, 7, problems, None, REQUIRED)
    morale = whole_number(raw, "morale", f"{prefix}morale", 2, 13, problems, None, REQUIRED)
    wounds = whole_number(raw, "wounds", f"{prefix}wounds", 1, 20, problems, 1, REQUIRED)
    attacks = _attacks(raw.get("attacks"), f"{prefix}attacks", problems)
    abilities = _abilities(raw.get(ABILITIES, []), f"{prefix}{ABILITIES}", problems)
    name = raw.get("name", pid)
    if not isinstance(name, str) or not name:
        problems.append(SetupProblem(f"{prefix}name", "expected a non-empty text"))
        name = pid
    if problems:
        raise SetupError(problems)
    assert tray is not None
    return Profile(pid, name, tray, speed, defense, morale, wounds, attacks, abilities)


def _abilities(value: Any, path: str, problems: list[SetupProblem]) -> tuple[str, ...]:
    """AS-CARD-1: a profile may name only abilities the table plays (a card's other
    abilities are listed by name on the card, never passed off as played)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(SetupProblem(path, "expected a list of ability names"))
        return ()
    for name in value:
        if name not in PLAYED:
            problems.append(SetupProblem(path, f"{name!r} is not an ability this table plays "
                                         f"(it plays: {', '.join(PLAYED)}; AS-CARD-1)",
                                         _close(name, tuple(PLAYED))))
    return tuple(v for v in value if v in PLAYED)


def _tray(
    raw: Mapping[str, Any], trays: Mapping[str, TrayType], prefix: str,
    problems: list[SetupProblem],
) -> TrayType | None:
    kind = raw.get("tray", "infantry")
    if not isinstance(kind, str) or kind not in trays:
        problems.append(SetupProblem(f"{prefix}tray", f"unknown tray {kind!r}; expected one of "
                                     f"{', '.join(trays)}", _close(str(kind), tuple(trays))))
        return None
    base = trays[kind]
    width = _num(raw, "width", prefix, problems, base.width)
    depth = _num(raw, "depth", prefix, problems, base.depth)
    files = whole_number(raw, "files", f"{prefix}files", 1, 10, problems, base.files, REQUIRED)
    ranks = whole_number(raw, "ranks", f"{prefix}ranks", 1, 10, problems, base.ranks, REQUIRED)
    return TrayType(width, depth, files, ranks)


def _attacks(value: Any, path: str, problems: list[SetupProblem]) -> tuple[AttackProfile, ...]:
    if not isinstance(value, list) or not value:
        problems.append(SetupProblem(path, "expected a list of attacks"))
        return ()
    out = []
    for i, item in enumerate(value):
        here = f"{path}[{i}]"
        if not isinstance(item, Mapping):
            problems.append(SetupProblem(here, "expected a table with name, type, hit, dice"))
            continue
        for key in item:
            if key not in ATTACK_KEYS:
                problems.append(SetupProblem(f"{here}.{key}", "unknown attack key",
                                             _close(key, ATTACK_KEYS)))
        kind = item.get("type")
        if kind not in ATTACK_KINDS:
            problems.append(SetupProblem(f"{here}.type", f"expected one of "
                                         f"{', '.join(ATTACK_KINDS)}", _close(str(kind),
                                                                              ATTACK_KINDS)))
        hit = whole_number(item, "hit", f"{here}.hit", 1, 7, problems, None, REQUIRED)
        dice = item.get("dice")
        if (not isinstance(dice, list) or not dice
                or not all(isinstance(d, int) and not isinstance(d, bool) and 0 < d <= 40
                           for d in dice)):
            problems.append(SetupProblem(f"{here}.dice", "expected a list of dice counts "
                                         "(whole numbers 1..40), full ranks first"))
            dice = [1]
        name = item.get("name", f"attack {i + 1}")
        if not isinstance(name, str):
            problems.append(SetupProblem(f"{here}.name", "expected a text"))
            name = f"attack {i + 1}"
        out.append(AttackProfile(name, str(kind), hit, tuple(dice)))
    return tuple(out)


def _num(
    raw: Mapping[str, Any], key: str, prefix: str, problems: list[SetupProblem], default: float,
) -> float:
    value = raw.get(key, default)
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= 24:
        problems.append(SetupProblem(f"{prefix}{key}", "expected a size in inches (0..24]"))
        return default
    return float(value)


def _close(word: str, options: tuple[str, ...]) -> str | None:
    close = difflib.get_close_matches(word, list(options), n=1)
    return close[0] if close else None
