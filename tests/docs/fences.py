"""Fenced code blocks of a Markdown page, with the section each stands in, for the tests that
check the docs against the program (issue 23, item 6)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import ROOT

DOCS = ROOT / "docs"
_FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass(frozen=True)
class Fence:
    """One fenced block: its language word, its lines, the ``## `` section above it and the
    page line where its text starts (for messages)."""

    language: str
    lines: tuple[str, ...]
    section: str
    line: int

    @property
    def text(self) -> str:
        """The block's text, one line each, ending with a newline."""
        return "".join(f"{line}\n" for line in self.lines)

    def where(self, page: str) -> str:
        """``docs/page.md:LINE`` for failure messages."""
        return f"docs/{page}:{self.line}"


def fences(page: str) -> list[Fence]:
    """Every fenced block of ``docs/<page>``, in page order; an unclosed fence is an error."""
    out: list[Fence] = []
    section = ""
    open_at: int | None = None
    language = ""
    body: list[str] = []
    for number, raw in enumerate((DOCS / page).read_text(encoding="utf-8").splitlines(), 1):
        match = _FENCE.match(raw)
        if open_at is None:
            if raw.startswith("## "):
                section = raw[3:].strip()
            elif match:
                open_at, language, body = number + 1, match.group(1), []
        elif raw.strip() == "```":
            out.append(Fence(language, tuple(body), section, open_at))
            open_at = None
        else:
            body.append(raw)
    assert open_at is None, f"docs/{page}:{open_at}: a fenced block is never closed"
    return out


def page_text(page: str) -> str:
    """The whole text of ``docs/<page>``."""
    return Path(DOCS / page).read_text(encoding="utf-8")
