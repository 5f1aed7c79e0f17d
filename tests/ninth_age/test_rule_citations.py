"""The engine cites NA-TGT-1 and NA-RST-1 where they decide an allocation (issue 31: a lesson
may declare only what the engine cites while it plays). Each test fails when its rule is
broken: the rank-and-file missing from the targets offered, or supporting models no longer
making Restricted Attacks."""

from __future__ import annotations

from game.core.actions import RollPending, parse
from game.core.events import Event
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.scenario import load_scenario
from tests.conftest import SCENARIOS

from .helpers import play


def _in_contact() -> Game:
    """The Orc Warlord's unit against the Guard and their Captain, at the Melee phase."""
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, "end", "end", "end")
    return game


def test_na_tgt_1_the_warlord_may_always_strike_the_rank_and_file() -> None:
    game = _in_contact()
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "allocate"
    assert "NA-TGT-1" in node.rules
    offered = {str(o.action.get("to")) for o in node.offers}
    assert "guard/rf:4" in offered and "guard/imperial_captain:4" in offered


def test_na_rst_1_supporting_orcs_allocate_restricted_attacks_and_say_so() -> None:
    game = _in_contact()
    events: list[Event] = []
    for _ in range(200):  # the whole round: first offers, every die rolled
        node = game.pending()
        if isinstance(node, Chance):
            events += game.apply(RollPending())
        elif isinstance(node, PlayerDecision):
            events += game.apply(node.offers[0].action)
        else:
            break
    orcs = [e for e in events if e.kind == "melee.allocate" and e.data["unit"] == "orcs"]
    assert any("NA-RST-1" in e.rules for e in orcs), "the supporting ranks' allocation"
    assert any("NA-RST-1" not in e.rules for e in orcs), "the Warlord's, in contact"


def test_na_sht_3_shots_into_a_wood_cite_cover_and_need_a_seven() -> None:
    # Goblins (Aim 5) beyond half range: 6+; the Wardens in a wood, soft cover: 7+, no dice
    scene = SCENARIOS.parent / "game/rulesets/ninth_age/lessons/scenes/na_wood.toml"
    game = load_scenario(scene).new_game()
    play(game, "end", "end")
    into_wood = play(game, "shoot goblins -> wardens")
    declared = next(e for e in into_wood if e.kind == "shoot.declared")
    assert "NA-SHT-3" in declared.rules
    assert "shoot.no_hit" in {e.kind for e in into_wood}
    game = load_scenario(scene).new_game()
    play(game, "end", "end")
    in_open = play(game, "shoot goblins -> knights")
    assert "NA-SHT-3" not in next(e for e in in_open if e.kind == "shoot.declared").rules


def test_na_att_1_a_chief_two_bases_wide_keeps_the_column_two_wide() -> None:
    # a lesson Chief on 40 x 40 mm stands inside the Goblins' (20 x 20 mm) front rank: asked
    # for one file, the unit forms two, and the re-form says which rule placed him
    scene = SCENARIOS.parent / "game/rulesets/ninth_age/lessons/scenes/na_big_base.toml"
    game = load_scenario(scene).new_game()
    play(game, "end")
    reformed = next(e for e in play(game, "reform goblins 1") if e.kind == "unit.reformed")
    assert reformed.data["files"] == 2 and "NA-ATT-1" in reformed.rules


def test_na_con_1_boundaries_touching_at_a_corner_are_in_combat() -> None:
    scene = SCENARIOS.parent / "game/rulesets/ninth_age/lessons/scenes/na_corner.toml"
    game = load_scenario(scene).new_game()
    play(game, "end", "end")  # the Shoot phase
    types = game.ruleset.action_types()
    refusal = game.why_not(parse("shoot left -> wardens", types))
    assert refusal is not None and refusal.rules == ("NA-SHT-1", "NA-CON-1")
    assert game.why_not(parse("shoot right -> wardens", types)) is None
