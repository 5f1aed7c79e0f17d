"""File problems: where (file, line, dotted path), what, and a "did you mean".

Every file Warbench reads (scenarios, saves, settings; lessons and turn files reuse it) reports
every problem through one exception type, :class:`FileError` (also known by its older name
:class:`ScenarioError`). A file with any problem is refused whole: the loader collects every
problem it can find and raises one error listing them all. Callers catch this one type: the CLI
exits 2, the desktop app shows the problems and goes on.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file."""

    file: str
    line: int | None
    path: str
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        at = f" {self.path}:" if self.path else ""
        hint = f" (did you mean {self.suggestion!r}?)" if self.suggestion else ""
        return f"{where}:{at} {self.message}{hint}"


class FileError(Exception):
    """A file that cannot be loaded or written; ``problems`` lists every error found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        header = f"{count} problem{'s' if count != 1 else ''}"
        super().__init__(header + ":\n" + "\n".join(f"  {p}" for p in self.problems))

    @classmethod
    def one(cls, file: str, message: str, path: str = "", line: int | None = None) -> FileError:
        """The error of a single problem."""
        return cls([Problem(file, line, path, message)])


ScenarioError = FileError
"""The older name of :class:`FileError` (every loader raises the same type)."""


def dotted(path: Path) -> str:
    """``("units", 2, "profile")`` -> ``units[2].profile``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def did_you_mean(word: str, options: Iterable[str]) -> str | None:
    """The closest option to a misspelt word, if one is close enough."""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return close[0] if close else None


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\".]+)\s*=")


class LineIndex:
    """Maps dotted paths of a TOML document to the line that defines them.

    It reads table headers (``[table]``, ``[[units]]``, with array-of-table counters) and
    ``key =`` lines; a path not found falls back to its longest known prefix.
    """

    def __init__(self, text: str) -> None:
        self.lines: dict[Path, int] = {}
        counters: dict[Path, int] = {}
        current: Path = ()
        for number, raw in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(raw)
            if header and not _KEY.match(raw):
                names = tuple(_split_key(header.group(2)))
                if header.group(1) == "[[":
                    index = counters.get(names, -1) + 1
                    counters[names] = index
                    current = (*names, index)
                else:
                    current = names
                self.lines.setdefault(current, number)
                continue
            key = _KEY.match(raw)
            if key:
                path = (*current, *_split_key(key.group(1)))
                self.lines.setdefault(path, number)

    def line_of(self, path: Path) -> int | None:
        """The line defining ``path`` or its longest known prefix."""
        for end in range(len(path), 0, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return None


def _split_key(key: str) -> list[str]:
    return [part.strip().strip('"') for part in key.split(".")]
