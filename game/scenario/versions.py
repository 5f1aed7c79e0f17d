"""Which Warbench wrote a file: saves, autosaves and turn files record ``game.__version__``,
and a file from a newer Warbench is refused with both versions named (issue 23, item 3):
its format may hold what this version cannot read, and guessing would half-load it."""

from __future__ import annotations

import re

import game

_VERSION = re.compile(r"^(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[.+\-].*)?$")


def this_version() -> str:
    """The version of this Warbench (``game.__version__``, the single source)."""
    return game.__version__


def version_key(text: str) -> tuple[int, int, int] | None:
    """``X.Y.Z`` (with any suffix) as numbers, or None if ``text`` is not such a version."""
    match = _VERSION.match(text)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2)), int(match.group(3))


def newer_version(recorded: object) -> str | None:
    """``recorded`` if it names a Warbench newer than this one, else None (a missing or
    unreadable version is an older file's, which never recorded one)."""
    if not isinstance(recorded, str):
        return None
    key, here = version_key(recorded), version_key(this_version())
    if key is None or here is None:
        return None
    return recorded if key > here else None


def newer_message(what: str, recorded: str) -> str:
    """The refusal for a file made by a newer Warbench, naming both versions."""
    return (f"{what} was made by a newer Warbench {recorded}; this is Warbench "
            f"{this_version()}: update Warbench to open it")
