"""Army lists, as the ruleset contract reads them (``Ruleset.list_unit``).

An army-list file (a War Council id string, a BattleScribe roster, ...) is parsed outside the
rulesets into an :class:`ArmyList` of format-neutral :class:`ListEntry` records: what the
player's list builder says (a name, the builder's own id, a model count, the characters joined
to it, its equipment). The ruleset answers each entry with a :class:`ListUnit` (what goes on
the table: a profile or inline stats for the scenario, and notes about stand-ins) or a
:class:`ListSkip` (an unknown entry, with a did-you-mean, or a known one the table has no place
for, such as an attachment).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

ROLES = ("unit", "character", "attachment", "other")
"""What an entry is in its list: a unit, a character (alone or joined to a unit), an
attachment (a War Council attachment or non-combat unit), anything else."""


@dataclass(frozen=True)
class ListEntry:
    """One entry of an army list: ``name`` as the list gives it, ``ref`` the builder's own id
    (a War Council id, a BattleScribe entry id), ``models`` (None: the default size),
    ``characters`` joined to it, ``equipment`` by name, ``where`` in the file (for messages)."""

    name: str
    ref: str = ""
    models: int | None = None
    role: str = "unit"
    characters: tuple[ListEntry, ...] = ()
    equipment: tuple[str, ...] = ()
    where: str = ""

    @property
    def label(self) -> str:
        """How a message names the entry."""
        if self.name and self.ref:
            return f"{self.name} ({self.ref})"
        return self.name or self.ref or "(unnamed entry)"


@dataclass(frozen=True)
class ArmyList:
    """A parsed list: its format's name, the army or faction it names, and its entries."""

    format: str
    army: str
    entries: tuple[ListEntry, ...]
    title: str = ""


@dataclass(frozen=True)
class ListUnit:
    """What an entry puts on the table: a scenario unit's ``profile`` or inline ``stats`` and
    counters, its ``name``, and ``notes`` a player must see (stand-in values, equipment the
    table does not play, characters left out)."""

    name: str
    profile: str | None = None
    stats: Mapping[str, Any] | None = None
    counters: Mapping[str, int] | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ListSkip:
    """An entry that puts nothing on the table: ``unknown`` ones (with a ``suggestion``) and
    known ones the table has no place for (``reason`` says why)."""

    entry: str
    reason: str
    suggestion: str | None = None
    unknown: bool = False

    def __str__(self) -> str:
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        return f"{self.entry}: {self.reason}{hint}"


def closest(word: str, options: Iterable[str]) -> str | None:
    """The option closest to ``word`` (case-insensitive), if any is close."""
    by_lower = {o.lower(): o for o in options}
    found = difflib.get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return by_lower[found[0]] if found else None


def match_by_name(entry: ListEntry, names: Mapping[str, str]) -> str | ListSkip:
    """The profile id whose name (or id) is the entry's name, case and spaces aside; else an
    unknown-entry skip with the closest name. ``names`` maps profile id -> name."""
    wanted = " ".join(entry.name.lower().split())
    for pid, name in names.items():
        if wanted in (pid.lower(), " ".join(name.lower().split())):
            return pid
    return ListSkip(entry.label, "not in this ruleset's catalogue",
                    closest(entry.name, names.values()), unknown=True)
