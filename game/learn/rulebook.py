"""The rules browser's pages, built headless (no pygame): every rule of a system with its
paraphrase, the lessons that teach it, how often it decided something in the current game and
the rules cited together with it there.

The table's rules browser (:mod:`game.ui.rules_browser`) draws these pages; it knows no ruleset:
the catalogue comes from the game's ruleset (``Ruleset.catalogue()``), the events from the
game's log, the lessons from :func:`game.learn.load_all` (their declared ``rules``, which the
coverage test keeps honest).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.core.events import Event
from game.learn.loader import Lesson


@dataclass(frozen=True)
class RulePage:
    """One rule as the browser shows it."""

    rule: str
    text: str
    lessons: tuple[Lesson, ...] = ()
    """The lessons that declare this rule (and exercise it), basics first."""
    decided: int = 0
    """How many events of the current game cite it."""
    related: tuple[str, ...] = ()
    """Rules cited in the same events of the current game, most often first."""

    def words(self) -> str:
        """The text a search looks in: the ID, the paraphrase and the lesson titles."""
        return " ".join([self.rule, self.text, *(lesson.title for lesson in self.lessons)])


def rulebook(catalogue: Mapping[str, str], events: Iterable[Event],
             lessons: Sequence[Lesson]) -> list[RulePage]:
    """A page per rule of ``catalogue`` (in its order), from the game's ``events`` and the
    ``lessons`` that teach each rule."""
    decided: Counter[str] = Counter()
    together: dict[str, Counter[str]] = {rule: Counter() for rule in catalogue}
    for event in events:
        cited = [r for r in dict.fromkeys(event.rules) if r in catalogue]
        decided.update(cited)
        for rule in cited:
            together[rule].update(r for r in cited if r != rule)
    teaching: dict[str, list[Lesson]] = {}
    for lesson in lessons:
        for rule in lesson.rules:
            teaching.setdefault(rule, []).append(lesson)
    return [RulePage(rule, text, tuple(teaching.get(rule, ())), decided[rule],
                     tuple(r for r, _ in together[rule].most_common()))
            for rule, text in catalogue.items()]


def search(pages: Sequence[RulePage], query: str) -> list[RulePage]:
    """The pages holding every word of ``query`` (any case, in the ID, the paraphrase or a
    lesson's title); all pages for an empty query."""
    words = query.lower().split()
    return [page for page in pages if all(w in page.words().lower() for w in words)]


def game_events(opening: Iterable[Event], log: Iterable[Sequence[Event]]) -> list[Event]:
    """The events of a game: its opening events, then each log entry's."""
    return [*opening, *(event for events in log for event in events)]
