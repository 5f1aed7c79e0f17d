"""Regenerate the lessons' golden files: ``python -m game.learn.golden [FOLDER]``.

Each shipped lesson is replayed by :func:`game.learn.verify.verify_lesson`; its record (every
demo's and every try solution's events: kind, rule IDs, numbers) is written as
``FOLDER/<lesson id>.json`` (default ``tests/learn/golden``). Review the diff before committing.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from game.learn.loader import load_all
from game.learn.verify import verify_lesson

DEFAULT_FOLDER = Path("tests") / "learn" / "golden"


def golden_text(record: object) -> str:
    """The canonical JSON text of a record (sorted keys, one field a line)."""
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write every lesson's golden file; exit 1 if a lesson does not verify."""
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(args[0]) if args else DEFAULT_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    failed = False
    for lesson in load_all():
        report = verify_lesson(lesson)
        if not report.ok:
            failed = True
            print(f"{lesson.id}: " + "; ".join(report.problems), file=sys.stderr)
            continue
        (folder / f"{lesson.id}.json").write_text(golden_text(report.record), encoding="utf-8")
        print(f"{lesson.id}: {len(report.record)} steps written")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
