"""Import army lists into scenarios (``warbench roster import``, the battle builder's
"Import army list"): docs/rosters.md.

:func:`read_list` reads a list file of any supported format (one parser module per format)
into a format-neutral :class:`~game.core.roster.ArmyList`; :func:`import_lists` asks the
ruleset what each entry puts on the table (``Ruleset.list_unit``), places the units in their
side's deployment zone (:mod:`game.scenario.roster.place`) and writes a scenario that the
loader has checked. Every problem of a file or an import is one
:class:`~game.scenario.problems.FileError`; nothing is half-imported: unknown entries refuse
the import unless the player accepts leaving them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.roster import ArmyList
from game.scenario.limits import parse_json, read_limited
from game.scenario.problems import FileError
from game.scenario.roster.battlescribe import parse_ros, parse_rosz
from game.scenario.roster.limits import MAX_LIST_BYTES
from game.scenario.roster.newrecruit import is_new_recruit, parse_new_recruit
from game.scenario.roster.warcouncil import is_stats_json, parse_id_string, parse_stats_json

__all__ = ["ListFile", "parse_list", "read_list"]


@dataclass(frozen=True)
class ListFile:
    """A list file as read: where it came from and its list."""

    file: str
    list: ArmyList


def read_list(path: str | Path) -> ListFile:
    """Read and parse the list file at ``path`` (only that file is read); FileError if it is
    too large, unreadable or not a list of a supported format."""
    file = str(path)
    raw = read_limited(path, MAX_LIST_BYTES, "army list")
    return ListFile(file, parse_list(raw, file))


def parse_list(raw: bytes, file: str) -> ArmyList:
    """The list in ``raw`` (the format is told by its content: a zip, XML, JSON or text)."""
    if len(raw) > MAX_LIST_BYTES:
        raise FileError.one(file, f"the army list is larger than the limit of "
                            f"{MAX_LIST_BYTES:,} bytes")
    if raw[:4] == b"PK\x03\x04" or file.lower().endswith(".rosz"):
        return parse_rosz(raw, file)
    head = raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head == b"<":
        return parse_ros(raw, file)
    if head in (b"{", b"["):
        doc = parse_json(raw, file, "army list")
        return _json_list(doc, file)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileError.one(file, f"the army list is not UTF-8 text ({exc.reason})") from None
    return parse_id_string(text, file)


def _json_list(doc: Any, file: str) -> ArmyList:
    if is_new_recruit(doc):
        return parse_new_recruit(doc, file)
    if is_stats_json(doc):
        return parse_stats_json(doc, file)
    keys = ", ".join(sorted(doc)[:5]) if isinstance(doc, Mapping) else type(doc).__name__
    raise FileError.one(file, "a JSON army list is a New Recruit roster ('roster') or an "
                        f"War Council id-array list ('faction', 'idArray'); this one has {keys}")


def names_of(lists: Sequence[ListFile]) -> str:
    """The files, for messages."""
    return ", ".join(f.file for f in lists)
