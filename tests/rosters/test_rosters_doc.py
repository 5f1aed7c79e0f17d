"""docs/rosters.md: every example list on the page imports (into a shipped scenario of the
ruleset that knows it), and the catalogue sizes it gives are the catalogues'."""

from __future__ import annotations

from game.rulesets.asoiaf.catalogue import cards
from game.rulesets.ninth_age.catalogue import catalogue
from game.scenario.loader import load_scenario
from game.scenario.paths import shipped_scenario
from game.scenario.roster import parse_list
from game.scenario.roster.importer import import_lists
from tests.docs.fences import fences, page_text

PAGE = "rosters.md"


def test_every_example_list_imports() -> None:
    examples = [f for f in fences(PAGE) if f.language in ("text", "json")]
    assert len(examples) == 3
    for fence in examples:
        suffix = "txt" if fence.language == "text" else "json"
        army = parse_list(fence.text.encode(), f"example.{suffix}")
        name = "ninth_age_battle" if "roster" in fence.text else "asoiaf_skirmish"
        found = shipped_scenario(name)
        assert found is not None
        result = import_lists([(army, fence.where(PAGE))], into=load_scenario(found))
        assert result.placed, fence.where(PAGE)


def test_the_catalogue_sizes_are_the_catalogues() -> None:
    text = page_text(PAGE)
    factions = {c.faction for c in cards().values()}
    armies = {u.army for u in catalogue().values()}
    assert f"{len(cards())} cards of {len(factions)} factions" in text
    assert f"{len(catalogue())} unit entries of {len(armies)} armies" in text
