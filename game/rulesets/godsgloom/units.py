"""GODSGLOOM units and their profiles (stat cards, TOML package data).

A unit fills one hex and faces one of its six edges (``hex``/``hex_facing`` of the core
:class:`~game.core.state.Unit`). It has health (wounds left), Morale Tokens up to a maximum,
attack and defence dice, a speed in movement points, a Weak token once it is down to exactly
1 health (HX-WEAK-1), and a Focus marker after a Focus action (HX-FOC-1).
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from game.core.actions import JSON
from game.core.ruleset import SetupError, SetupProblem, UnitSetup
from game.core.state import Unit

STAT_KEYS = ("health", "tokens", "attack", "defence", "speed")
"""Whole-number stats every profile gives (all at least 1 except tokens, at least 0)."""

OPTIONAL_KEYS = ("name", "auto_hits", "auto_blocks", "formations", "abilities")
"""Profile keys that may be left out."""

COUNTERS = ("health", "tokens")
"""Scenario counters a GODSGLOOM unit takes (current health and Morale Tokens)."""


@dataclass(frozen=True)
class Profile:
    """A stat card: the numbers a unit starts from."""

    id: str
    name: str
    health: int
    tokens: int
    attack: int
    defence: int
    speed: int
    auto_hits: int = 0
    auto_blocks: int = 0
    formations: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()


@dataclass(kw_only=True)
class GodsUnit(Unit):
    """A unit on the hex map with its GODSGLOOM stats and counters."""

    health: int
    max_health: int
    tokens: int
    max_tokens: int
    attack: int
    defence: int
    speed: int
    auto_hits: int = 0
    auto_blocks: int = 0
    formations: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    weak: bool = False
    focus: bool = False

    def status(self) -> dict[str, JSON]:
        """Counters for the table and summaries."""
        return {
            "health": self.health,
            "max_health": self.max_health,
            "tokens": self.tokens,
            "max_tokens": self.max_tokens,
            "weak": self.weak,
            "focus": self.focus,
        }


def profile_from_mapping(pid: str, data: Mapping[str, Any], where: str,
                         known: Mapping[str, Sequence[str]]) -> Profile:
    """Check one profile table; raise SetupError with every problem (paths under ``where``).

    ``known`` gives the formation and ability names that exist (keys ``formations`` and
    ``abilities``).
    """
    problems: list[SetupProblem] = []
    for key in data:
        if key not in STAT_KEYS and key not in OPTIONAL_KEYS:
            close = difflib.get_close_matches(key, [*STAT_KEYS, *OPTIONAL_KEYS], n=1)
            problems.append(SetupProblem(f"{where}.{key}", "unknown stat",
                                         close[0] if close else None))
    numbers: dict[str, int] = {}
    for key in (*STAT_KEYS, "auto_hits", "auto_blocks"):
        value = data.get(key, 0 if key.startswith("auto") else None)
        low = 0 if key in ("tokens", "auto_hits", "auto_blocks") else 1
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 20:
            problems.append(SetupProblem(f"{where}.{key}", f"expected a whole number {low}..20"))
            continue
        numbers[key] = value
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("formations", "abilities"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(SetupProblem(f"{where}.{key}", "expected a list of names"))
            continue
        problems.extend(SetupProblem(f"{where}.{key}", f"unknown {key[:-1]} {v!r}",
                                     ", ".join(known[key]))
                        for v in value if v not in known[key])
        lists[key] = tuple(value)
    name = data.get("name", pid)
    if not isinstance(name, str):
        problems.append(SetupProblem(f"{where}.name", "expected a text"))
    if problems:
        raise SetupError(problems)
    return Profile(id=pid, name=str(name), formations=lists["formations"],
                   abilities=lists["abilities"], **numbers)


def load_profiles(known: Mapping[str, Sequence[str]]) -> dict[str, Profile]:
    """The shipped profiles (``profiles.toml`` package data), by id."""
    text = resources.files(__package__).joinpath("profiles.toml").read_text("utf-8")
    return {pid: profile_from_mapping(pid, data, pid, known)
            for pid, data in tomllib.loads(text).items()}


def build_unit(setup: UnitSetup, profiles: Mapping[str, Profile],
               known: Mapping[str, Sequence[str]]) -> GodsUnit:
    """A unit from a scenario entry: profile or inline stats, then counters (health, tokens).

    Every problem is reported at once in a :class:`SetupError`.
    """
    problems: list[SetupProblem] = []
    try:
        profile = _profile_of(setup, profiles, known)
    except SetupError as exc:
        problems.extend(exc.problems)
        profile = None
    if setup.hex is None:
        problems.append(SetupProblem("hex", "a GODSGLOOM unit stands on a hex"))
    for key in setup.counters:
        if key not in COUNTERS:
            problems.append(SetupProblem(key, f"GODSGLOOM units do not use {key!r} (only "
                                         "health and tokens)"))
    if profile is None:
        raise SetupError(problems)
    health = setup.counters.get("health", profile.health)
    tokens = setup.counters.get("tokens", profile.tokens)
    if not isinstance(health, int) or not 1 <= health <= profile.health:
        problems.append(SetupProblem("health", f"expected 1..{profile.health} (the profile's)"))
    if not isinstance(tokens, int) or not 0 <= tokens <= profile.tokens:
        problems.append(SetupProblem("tokens", f"expected 0..{profile.tokens} Morale Tokens"))
    if problems:
        raise SetupError(problems)
    return GodsUnit(
        id=setup.id, name=setup.name or profile.name, owner=setup.owner, profile=profile.id,
        hex=setup.hex, hex_facing=setup.hex_facing, health=health, max_health=profile.health,
        tokens=tokens, max_tokens=profile.tokens, attack=profile.attack,
        defence=profile.defence, speed=profile.speed, auto_hits=profile.auto_hits,
        auto_blocks=profile.auto_blocks, formations=profile.formations,
        abilities=profile.abilities, weak=health == 1,
    )


def _profile_of(setup: UnitSetup, profiles: Mapping[str, Profile],
                known: Mapping[str, Sequence[str]]) -> Profile:
    if setup.stats is not None:
        return profile_from_mapping("inline", setup.stats, "stats", known)
    if setup.profile is None or setup.profile not in profiles:
        close = difflib.get_close_matches(str(setup.profile), list(profiles), n=1)
        raise SetupError([SetupProblem("profile", f"unknown GODSGLOOM profile "
                                       f"{setup.profile!r}", close[0] if close else None)])
    return profiles[setup.profile]


__all__ = ["COUNTERS", "GodsUnit", "Profile", "build_unit", "load_profiles"]
