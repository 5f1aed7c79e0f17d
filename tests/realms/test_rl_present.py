"""What the table gets from the realms ruleset: labelled offers with ghosts, buttons, the pair
inspection (range, 2.5D sight witness or blocking spaces, odds with rule IDs) and unit cards."""

from __future__ import annotations

import pytest

from game.core.inspect import HexMark, Segment
from game.core.pending import PlayerDecision
from game.rulesets.realms.actions import Command, Walk

from .helpers import duel, play, ru, unit

BOW4 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 4}}, "main": "bow"}


def test_inspection_shows_the_sight_witness_and_odds() -> None:
    g = duel(d={"stats": {"armor": {"slash": 2}}})
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None
    sights = [s for s in insp.shapes if isinstance(s, Segment) and s.style == "sight"]
    assert len(sights) == 1
    assert any("RL-LOS-1" in line.rules for line in insp.lines)
    assert any("RL-ARM-1" in line.rules for line in insp.lines)
    assert insp.odds and sum(p for _, p in insp.odds[0].bars) == 1
    assert "RL-ARM-1" in insp.odds[0].rules


def test_inspection_marks_the_blocking_space() -> None:
    g = duel(a={"stats": BOW4}, d_at=(3, 0), hexes=[{"at": [2, 0], "elevation": 12}])
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None
    blocked = [s for s in insp.shapes if isinstance(s, HexMark) and s.style == "blocked"]
    assert (2, 0) in [(m.q, m.r) for m in blocked]
    assert any(line.tone == "bad" and "RL-LOS-1" in line.rules for line in insp.lines)


def test_offers_have_labels_and_ghosts() -> None:
    g = duel()
    offer = g.ruleset.present(g.state, Command("a"))
    assert offer.label == "Command a"
    play(g, "command a")
    walk = next(a for a in g.legal_actions() if isinstance(a, Walk))
    offer = g.ruleset.present(g.state, walk)
    assert offer.ghost is not None and offer.ghost.hex == (walk.q, walk.r)
    buttons = {c.key: c for c in g.ruleset.commands(g.state, "a")}
    assert buttons["attack"].enabled and buttons["attack"].targeted
    assert "wounds" in buttons["attack"].offers[0].hint


def test_the_cancel_vote_belongs_to_the_other_player() -> None:
    g = duel()
    play(g, "command a", "attack a -> d", "choose declared=cancel")
    node = g.pending()
    assert isinstance(node, PlayerDecision) and node.player == 2
    assert {o.label for o in node.offers} == {"Agree to cancel", "Refuse: the attack goes on"}


def test_inspection_profile_and_unit_reach() -> None:
    g = duel(a={"stats": BOW4}, d_at=(3, 0), hexes=[{"at": [2, 0], "elevation": 12}])
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None
    assert "Profile (pegs): eyes 4 | 0 12 | target top 5" in insp.text()
    play(g, "command a")
    mine = g.ruleset.inspect_unit(g.state, "a")
    assert mine is not None
    reach = [s for s in mine.shapes if isinstance(s, HexMark) and s.style == "reach"]
    assert (1, 0) in [(m.q, m.r) for m in reach] and (2, 0) not in [(m.q, m.r) for m in reach]


def test_unit_card_lists_every_stat_with_rules() -> None:
    g = duel(a={"profile": "wyrm"}, more=[])
    card = g.ruleset.unit_card(g.state, "a")
    assert card is not None
    text = " ".join(line.text for line in card.lines)
    for needle in ("Wounds 0/14", "covers 2 space", "neck reach", "Armor: martial 1",
                   "tail sweep"):
        assert needle in text


def test_rl_mov_1_walk_is_a_pointing_command_that_the_wheel_turns() -> None:
    from game.geometry.hexgrid import Hex, hex_center

    g = duel(a={"stats": {"move": 2}}, d_at=(3, 0))
    play(g, "command a")
    walk = {c.key: c for c in g.ruleset.commands(g.state, "a")}["walk"]
    assert walk.enabled and walk.steer is not None and not walk.offers
    offer = walk.steer.build(hex_center(Hex(-1, 1)), 0.0, False)
    assert offer is not None and offer.action == Walk("a", -1, 1, 1)
    assert g.why_not(offer.action) is None
    turned = walk.steer.build(hex_center(Hex(-1, 1)), 120.0, False)
    assert turned is not None and turned.action == Walk("a", -1, 1, 3)
    assert walk.steer.build((500.0, 500.0), 0.0, False) is None  # off the board
    far = walk.steer.build(hex_center(Hex(-4, 0)), 0.0, False)
    assert far is not None and "RL-MOV-1" in str(g.why_not(far.action))  # beyond its move


def test_reach_marks_only_where_the_unit_can_end() -> None:
    g = duel(d_at=(3, 0), more=[unit("f", 1, (-1, 1), 1)])
    play(g, "command a")
    record = g.ruleset.inspect_unit(g.state, "a")
    assert record is not None
    reach = {(m.q, m.r) for m in record.shapes if getattr(m, "style", "") == "reach"}
    assert (-1, 0) in reach and (-1, 1) not in reach  # a friend stands there



def test_rl_spc_1_a_caster_sees_the_odds_of_each_spell_it_can_pay_for() -> None:
    """Out of staff reach, the mage's hover still shows what each affordable spell would do
    (RL-SPC-1); a spell it has not the mana for is left out."""
    g = duel(a={"profile": "mage"}, d_at=(3, 0))
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None
    titles = [c.title for c in insp.odds]
    assert any(t.startswith("firebolt (spell)") for t in titles)
    assert any(t.startswith("frost lance (spell)") for t in titles)
    assert all(sum(p for _, p in c.bars) == 1 for c in insp.odds)
    ru(g, "a").mana = 2  # enough for firebolt (2), not for frost lance (3)
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None
    titles = [c.title for c in insp.odds]
    assert any(t.startswith("firebolt") for t in titles)
    assert not any(t.startswith("frost lance") for t in titles)


def test_rl_dw_1_the_hover_shows_the_off_hand_once_the_main_hand_has_attacked() -> None:
    """In a running command the pair inspection follows the hands already used (RL-DW-1):
    after the main-hand attack its odds are the off hand's."""
    g = duel(a={"profile": "brawler"}, d={"stats": {"health": 30}})
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None and insp.odds[0].title.startswith("axe (main)")
    g.state.scripted_dice.extend([1, 1, 1])  # a small hit: the command goes on
    play(g, "command a", "attack a -> d hand=main", "choose declared=roll")
    insp = g.ruleset.inspect_pair(g.state, "a", "d")
    assert insp is not None and insp.odds[0].title.startswith("mace (off)")


def test_rl_mov_1_a_walk_names_its_facing_in_words() -> None:
    """The by-hand play read "moves from (0,0) to (-1,1), facing 3." and "Walk to (-1,1)
    facing 3": the button and the log name the side (issue 13 leftovers)."""
    g = duel(a={"stats": {"move": 2}}, d_at=(3, 0))
    play(g, "command a")
    offer = g.ruleset.present(g.state, Walk("a", -1, 1, 3))
    assert offer is not None and offer.label == "Walk to (-1,1) facing south-west", offer
    said = [e.text for e in play(g, "walk a -1 1 3") if e.kind == "unit.moved"]
    assert said and said[0].endswith("to (-1,1), facing south-west."), said


def test_rl_mov_1_a_unit_that_may_take_a_command_shows_where_it_could_walk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Selected before its command, a unit shows the spaces it could walk to under one (the
    same marks its command then shows); the enemy's unit, which may take none now, shows
    none. The walk search is asked once for both (a command does not move anyone)."""
    from game.rulesets.realms import rules

    searched: list[str] = []
    real = rules.reachable
    monkeypatch.setattr(rules, "reachable",
                        lambda state, feats, unit, *a: searched.append(unit.id) or real(
                            state, feats, unit, *a))
    g = duel(d_at=(3, 0))

    def marks(uid: str) -> set[tuple[int, int, str]]:
        record = g.ruleset.inspect_unit(g.state, uid)
        assert record is not None
        return {(m.q, m.r, m.label) for m in record.shapes
                if isinstance(m, HexMark) and m.style == "reach"}

    before = marks("a")
    assert before and "Commanded, it may walk" in g.ruleset.inspect_unit(g.state, "a").text()
    assert marks("d") == set()  # not its player's turn
    play(g, "command a")
    assert marks("a") == before
    assert searched == ["a"]
