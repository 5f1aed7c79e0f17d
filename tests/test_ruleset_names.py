"""A ruleset package owns what it brings (issue 24): no file of ``game/`` outside
``game/rulesets/`` names a registered ruleset or imports its package; only the registry
(``game/rulesets/__init__.py``) does. The import half is also an import-linter contract
("Only the registry imports a ruleset", pyproject.toml); this test is the grep half, for
names in text, strings and comments as well."""

from __future__ import annotations

import re
from pathlib import Path

from game import rulesets

GAME = Path(__file__).resolve().parents[1] / "game"
TEXT_SUFFIXES = {".py", ".toml", ".json", ".md", ".txt", ".cfg"}


def _patterns() -> list[re.Pattern[str]]:
    """Every registered ruleset's name and title as words. ``sandbox`` is also the table's own
    word for free moves (``[rules] sandbox = true``, WB-TBL-1): only the ruleset's name as a
    string or module is forbidden for it."""
    out = []
    for entry in rulesets.RULESETS:
        words = {entry.name, entry.name.replace("_", " "), entry.title.split(" (")[0]}
        if entry.name == "sandbox":
            out.append(re.compile(r"[\"']sandbox[\"']|rulesets\.sandbox"))
            continue
        out += [re.compile(rf"(?<![A-Za-z]){re.escape(w)}(?![A-Za-z])", re.IGNORECASE)
                for w in words]
    return out


def _files() -> list[Path]:
    inside = GAME / "rulesets"
    return [p for p in GAME.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES
            and inside not in p.parents and "__pycache__" not in p.parts]


def test_no_file_outside_the_rulesets_names_a_ruleset() -> None:
    found = []
    patterns = _patterns()
    for path in _files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(GAME.parent)}:{n}: {line.strip()}"
                      for p in patterns if p.search(line)]
    assert not found, "ruleset names outside game/rulesets/:\n" + "\n".join(found)


def test_the_patterns_catch_a_ruleset_name() -> None:
    """The test itself is able to fail: each registered name and title is caught."""
    patterns = _patterns()
    for entry in rulesets.RULESETS:
        sample = f'open("{entry.name}")' if entry.name == "sandbox" else f"# {entry.title}"
        assert any(p.search(sample) for p in patterns), entry.name
    assert not any(p.search("state.options.sandbox and not state.procedures")
                   for p in patterns)
