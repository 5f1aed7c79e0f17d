"""docs/actions.md matches the program (issue 23, item 6): every example in it is read by the
real parser and played on its shipped scenario with the real :class:`Game`, and the page cannot
fall behind the code: every action verb every ruleset registers and every decision every
ruleset asks is shown in a played example.

An example is a fenced ``text`` block, which is also an actions file for ``warbench run``
(lines starting ``#`` are comments to it). Comment lines the test reads:

- ``# scenario: NAME``: play the block on the shipped scenario NAME (``warbench run NAME``);
- ``# waits: KIND``: the game now waits for the decision KIND, which the next line answers;
- ``# refused: WORDS``: the next line, the block's last, is refused with a reason holding WORDS;
- ``# expect: EVENT``: the lines so far produced an event of kind EVENT.

As with ``warbench run``, dice the game waits for before a line that is not ``dice`` or
``rolldice`` are rolled with the scenario's seeded dice. The same blocks on the rules pages
(``docs/rules/*.md``: the ``text`` blocks that name a scenario) are played too, so their
examples work as written.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from game import rulesets
from game.core.actions import TABLE_ACTIONS, Dice, RollPending, parse
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.scenario.loader import Scenario, load_scenario
from game.scenario.paths import shipped_scenario
from tests.conftest import ROOT
from tests.docs.fences import DOCS, Fence, fences, page_text

PAGE = "actions.md"
RULE_PAGES = tuple(f"rules/{p.name}" for p in sorted((DOCS / "rules").glob("*.md")))
HISTORY = ("undo", "redo")
_DIRECTIVE = re.compile(r"^#\s*(scenario|waits|refused|expect):\s*(\S.*)$")
_RULE_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z0-9]+-\d+\b")


@dataclass
class Step:
    """One line of an example: an action's text (or ``undo``/``redo``) and what the comments
    above and below it say about it."""

    line: int
    text: str
    waits: str | None = None
    refused: str | None = None
    expect: list[str] = field(default_factory=list)


@dataclass
class Example:
    """A fenced ``text`` block read as a script."""

    page: str
    fence: Fence
    scenario: str | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def where(self) -> str:
        return self.fence.where(self.page)


def read_example(page: str, fence: Fence) -> Example:
    """The block as steps; a directive that cannot be placed fails here, naming the line."""
    example = Example(page, fence)
    waits: str | None = None
    refused: str | None = None
    for offset, raw in enumerate(fence.lines):
        line, here = raw.strip(), f"docs/{page}:{fence.line + offset}"
        match = _DIRECTIVE.match(line)
        if match:
            key, value = match.group(1), match.group(2).strip()
            if key == "scenario":
                example.scenario = value
            elif key == "waits":
                waits = value
            elif key == "refused":
                refused = value
            else:
                assert example.steps, f"{here}: '# expect:' before any action"
                example.steps[-1].expect.append(value)
            continue
        text = line.split("#", 1)[0].strip()  # as warbench run reads an actions file
        if text:
            example.steps.append(Step(fence.line + offset, text, waits, refused))
            waits = refused = None
    assert waits is None and refused is None, f"{example.where}: a directive with no line after"
    assert all(s.refused is None for s in example.steps[:-1]), \
        f"{example.where}: only the last line of an example may be refused (warbench run stops)"
    return example


def examples(page: str) -> list[Example]:
    """Every ``text`` example of a page."""
    return [read_example(page, f) for f in fences(page) if f.language == "text"]


def played(page: str) -> list[Example]:
    """The examples of a page that name a scenario."""
    return [e for e in examples(page) if e.scenario is not None]


ALL_PLAYED = [e for page in (PAGE, *RULE_PAGES) for e in played(page)]


@cache
def scenario(name: str) -> Scenario:
    """A shipped scenario, loaded once (each example plays a fresh game of it)."""
    source = shipped_scenario(name)
    assert source is not None, f"{name!r} is not a shipped scenario"
    return load_scenario(source)


def section_ruleset(section: str) -> str | None:
    """The ruleset a section of actions.md is about: the name in backticks in its heading."""
    found = re.search(r"\(`(\w+)`\)", section)
    return found.group(1) if found else None


def roll_waiting_dice(game: Game) -> list[str]:
    """What ``warbench run`` does before a line that is not a dice answer: roll the dice the
    game waits for with its seeded dice. The kinds of the events."""
    kinds: list[str] = []
    while isinstance(game.pending(), Chance):
        kinds += [e.kind for e in game.apply(RollPending())]
    return kinds


def play(example: Example) -> tuple[Game, list[str]]:
    """Play an example as the page says it goes; the game and every event kind."""
    assert example.scenario is not None
    game = scenario(example.scenario).new_game()
    types = game.ruleset.action_types()
    kinds = [e.kind for e in game.opening_events]
    for step in example.steps:
        at = f"docs/{example.page}:{step.line}"
        if step.text in HISTORY:
            (game.undo if step.text == "undo" else game.redo)()
        else:
            action = parse(step.text, types)
            if not isinstance(action, Dice | RollPending):
                kinds += roll_waiting_dice(game)
            if step.waits is not None:
                node = game.pending()
                assert isinstance(node, PlayerDecision) and node.kind == step.waits, \
                    f"{at}: expected the decision {step.waits!r}, the game waits for {node}"
            refusal = game.why_not(action)
            if step.refused is not None:
                assert refusal is not None, f"{at}: {step.text!r} is accepted"
                assert step.refused in refusal.reason, f"{at}: refused with {refusal}"
                continue
            assert refusal is None, f"{at}: {step.text!r} is refused: {refusal}"
            kinds += [e.kind for e in game.apply(action)]
        for kind in step.expect:
            assert kind in kinds, f"{at}: no {kind!r} event; events were {kinds}"
    return game, kinds


# --- every example is read and played --------------------------------------------------------


@pytest.mark.parametrize("example", [*examples(PAGE), *(e for page in RULE_PAGES
                                                        for e in played(page))],
                         ids=lambda e: e.where)
def test_every_example_reads_with_the_real_parser(example: Example) -> None:
    """Each line is an action of the example's ruleset (or undo/redo), and each example of
    actions.md plays on a scenario of the ruleset its section is about."""
    assert example.scenario is not None, f"{example.where}: name a '# scenario:'"
    loaded = scenario(example.scenario)
    types = rulesets.create(loaded.ruleset.name, loaded.model.rules.options).action_types()
    for step in example.steps:
        if step.text not in HISTORY:
            parse(step.text, types)
    wanted = section_ruleset(example.fence.section) if example.page == PAGE else None
    assert wanted in (None, loaded.ruleset.name), \
        f"{example.where}: a {loaded.ruleset.name} scenario in the {wanted} section"


@pytest.mark.parametrize("example", ALL_PLAYED, ids=lambda e: e.where)
def test_every_example_plays_as_the_page_says(example: Example) -> None:
    """Accepted lines are accepted, the decision named is the one waited for, a refused line
    is refused with the words the page gives, and the events named happen."""
    play(example)


# --- the page cannot fall behind the code ----------------------------------------------------


def played_lines(ruleset: str | None = None) -> list[str]:
    """Every line played by the examples of actions.md (of one ruleset's scenarios)."""
    return [s.text for e in played(PAGE) if e.scenario is not None
            and ruleset in (None, scenario(e.scenario).ruleset.name) for s in e.steps]


def section_text(ruleset: str) -> str:
    """The text of the section of actions.md about ``ruleset`` (a name in backticks in its
    heading, or words of the heading: ``every ruleset``)."""
    parts = re.split(r"^## ", page_text(PAGE), flags=re.MULTILINE)
    found = [p for p in parts if section_ruleset(p.splitlines()[0]) == ruleset
             or ruleset in p.splitlines()[0]]
    assert found, f"docs/{PAGE} has no section about `{ruleset}`"
    return found[0]


TABLE_VERBS = sorted({t.verb for t in TABLE_ACTIONS})


@pytest.mark.parametrize("name", rulesets.names())
def test_every_action_verb_of_every_ruleset_is_shown_and_played(name: str) -> None:
    """A ruleset's own verbs are in its section's table and played on its scenarios; so a new
    action makes this test fail until the page shows it."""
    own = sorted({t.verb for t in rulesets.create(name).action_types()} - set(TABLE_VERBS))
    text, lines = section_text(name), played_lines(name)
    for verb in own:
        assert f"`{verb} " in text or f"`{verb}`" in text, f"`{verb}` is not in the {name} table"
        assert any(line.split()[0] == verb for line in lines), f"no {name} example plays {verb}"


@pytest.mark.parametrize("verb", [*TABLE_VERBS, *HISTORY])
def test_every_table_action_is_shown_and_played(verb: str) -> None:
    """The table's actions (every ruleset's) and ``undo``/``redo`` are in the first table and
    played somewhere."""
    first = section_text("every ruleset")
    assert f"`{verb}" in first, f"`{verb}` is not in the table actions' table"
    assert any(line.split()[0] == verb for line in played_lines()), f"no example plays {verb}"


def decision_kinds(name: str) -> list[str]:
    """The decisions a ruleset's code can ask, as patterns: every ``PlayerDecision(...)`` call
    under ``game/rulesets/<name>/`` with its kind (an f-string's fields match any words)."""
    patterns: list[str] = []
    for path in sorted((ROOT / "game" / "rulesets" / name).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "PlayerDecision"):
                continue
            kind = node.args[1] if len(node.args) > 1 else \
                next(k.value for k in node.keywords if k.arg == "kind")
            patterns.append(_kind_pattern(kind, path))
    return sorted(set(patterns))


def _kind_pattern(kind: ast.expr, path: Path) -> str:
    if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
        return re.escape(kind.value)
    if isinstance(kind, ast.JoinedStr):
        return "".join(re.escape(v.value) if isinstance(v, ast.Constant) else r"\w+"
                       for v in kind.values)
    raise AssertionError(f"{path}: a decision kind the test cannot read: {ast.dump(kind)}")


def test_decision_kinds_are_read_from_the_code() -> None:
    """The scan finds the decisions it must (so an empty scan cannot pass the test below)."""
    assert "allocate" in decision_kinds("ninth_age")
    assert r"free\.\w+" in decision_kinds("asoiaf")
    assert decision_kinds("sandbox") == []


@pytest.mark.parametrize("name", rulesets.names())
def test_every_decision_of_every_ruleset_is_answered_in_an_example(name: str) -> None:
    """Each decision the ruleset's code asks is named in its section and answered in a played
    example (``# waits: KIND`` checked against the game), so a new decision fails here."""
    waited = [s.waits for e in played(PAGE) if e.scenario is not None
              and scenario(e.scenario).ruleset.name == name for s in e.steps if s.waits]
    text = section_text(name)
    for pattern in decision_kinds(name):
        shown = [k for k in waited if re.fullmatch(pattern, k)]
        assert shown, f"no {name} example answers a decision {pattern!r}"
        for kind in shown:
            assert f"`{kind}`" in text, f"the decision `{kind}` is not in the {name} section"


def test_every_rule_id_the_page_cites_exists() -> None:
    """Rule IDs in the tables are real ones (the catalogue of every ruleset)."""
    catalogue = rulesets.catalogue()
    cited = set(_RULE_ID.findall(page_text(PAGE)))
    assert cited and not cited - set(catalogue), sorted(cited - set(catalogue))
