"""A save's text written again after every action at the cost of what changed (issue 32).

The autosave rewrites the whole save after each action. Written from scratch, that is every
action's dictionary again, the hash chain over the whole log again (one SHA-256 per action)
and a pretty-printed JSON text of it all: ~10 ms of a commit after 600 actions, growing with
the game. :class:`SaveText` keeps, per logged entry, the action's JSON text and its link of the
chain, and writes the document from them: only the actions logged since the last write are
worked out. An undo or a replay is noticed by identity (the first entry that is no longer the
one remembered) and what follows it is worked out again.

The text is a save like any other (:func:`game.scenario.saves.save_document`, the same
values): one top-level field a line, each action and each link on a line of its own.
"""

from __future__ import annotations

import json
from typing import Any

from game.core.game import LogEntry
from game.scenario.saves import Session, history_link_text, save_fields

LISTS = ("actions", "history")
"""The document's fields that grow with the log (one item a line)."""


class SaveText:
    """One session's save text, kept up to date entry by entry (see module docstring)."""

    def __init__(self) -> None:
        self._start = ""
        """The chain's anchor the links below were worked out from."""
        self._entries: list[LogEntry] = []
        self._actions: list[str] = []
        """Each entry's action as compact JSON text (sorted keys)."""
        self._links: list[str] = []
        """Each entry's link of the hash chain, as JSON text."""
        self._fixed: tuple[object, str] | None = None
        """The scenario part (it never changes during a game) and its JSON text."""

    def text(self, session: Session) -> str:
        """The save of ``session`` now: the same document as ``save_document(session)``."""
        game = session.game
        start = game.initial_hash()
        if start != self._start:
            self._start, self._entries, self._actions, self._links = start, [], [], []
        log, kept = game.log, self._entries
        same = 0
        while same < min(len(log), len(kept)) and log[same] is kept[same]:
            same += 1
        del kept[same:], self._actions[same:], self._links[same:]
        link = json.loads(self._links[-1]) if self._links else start
        for entry in log[same:]:
            action = json.dumps(entry.action.to_dict(), sort_keys=True, separators=(",", ":"))
            link = history_link_text(link, action, entry.hash_after)
            kept.append(entry)
            self._actions.append(action)
            self._links.append(json.dumps(link))
        fields = save_fields(session)
        lines = []
        for key in sorted([*fields, *LISTS]):
            if key == "actions":
                value = _lines(self._actions)
            elif key == "history":
                value = _lines(self._links)
            elif key == "scenario":
                value = self._scenario_text(fields[key])
            else:
                value = json.dumps(fields[key], sort_keys=True)
            lines.append(f" {json.dumps(key)}: {value}")
        return "{\n" + ",\n".join(lines) + "\n}"

    def _scenario_text(self, scenario: Any) -> str:
        """The scenario part's JSON text, written once per game (it holds the whole scenario
        file: tens of kilobytes at 200 units)."""
        if self._fixed is None or self._fixed[0] != scenario:
            self._fixed = (scenario, json.dumps(scenario, sort_keys=True))
        return self._fixed[1]


def _lines(items: list[str]) -> str:
    """A JSON list with one item a line."""
    return "[\n  " + ",\n  ".join(items) + "\n ]" if items else "[]"
