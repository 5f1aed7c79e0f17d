"""Realms rules proven at their boundaries (issue 30's outside review): each test here failed
with the one-line bug of its row applied by hand (tools/mutate.py keeps those bugs as
mutations): range from a large unit's tail space (RL-RNG-1), a gap with spaces in it
(RL-ELV-3), melee across a step between units of different heights (RL-ELV-1), the head's
90 degree turn and an eyeless unit's sight from its weapon's front (RL-LOS-1). Then the
realms deviations and readings of the review, said on the table: night lowers spells
(RL-NGT-1), no pre-rolled bonus without a defense die (RL-PRE-1), the sight cone and the long
neck's sample (RL-LOS-1)."""

from __future__ import annotations

from typing import Any

from game.geometry.hexgrid import Hex, hex_line
from game.rulesets.realms.board import spaces
from game.rulesets.realms.rules import Attempt, attempt

from .helpers import duel, play, ru, why

BOW4 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 4}}, "main": "bow"}


def _why_attack(**kwargs: Any) -> str:
    g = duel(**kwargs)
    play(g, "command a")
    return why(g, "attack a -> d")


def test_rl_rng_1_range_counts_from_a_large_attackers_tail_space() -> None:
    """RL-RNG-1: a two-space archer facing north-east: its head is 5 spaces from the target,
    its tail 4; a range of 4 reaches from the tail."""
    body = {**BOW4, "footprint": [[0, 0], [0, -1]], "health": 20}
    g = duel(a={"stats": body, "facing": 0}, d_at=(-4, -1), radius=6)
    a, target = ru(g, "a"), Hex(-4, -1)
    assert a.hex is not None and a.hex.distance(target) == 5
    assert min(s.distance(target) for s in spaces(a)) == 4
    play(g, "command a")
    assert why(g, "attack a -> d") == ""


def test_rl_elv_3_a_line_with_some_spaces_counts_spaces_not_pegs() -> None:
    """RL-ELV-3 applies only when nothing lies between: with three of the seven hexes on the
    line from (0,0) to (4,4) void and four still spaces, range is the 8 spaces, not the
    41.6 pegs (7) of a whole gap."""
    line = hex_line(Hex(0, 0), Hex(4, 4))[1:-1]
    assert len(line) == 7
    voids = [{"at": [h.q, h.r], "terrain": "void"} for h in line[:3]]
    bow = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 7}}, "main": "bow"}
    assert "RL-RNG-1" in _why_attack(a={"stats": bow, "facing": 0}, d_at=(4, 4), hexes=voids,
                                     radius=9)
    bow8 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 8}}, "main": "bow"}
    assert _why_attack(a={"stats": bow8, "facing": 0}, d_at=(4, 4), hexes=voids,
                       radius=9) == ""


def test_rl_elv_1_the_lower_units_height_decides_not_the_higher_ones() -> None:
    """RL-ELV-1 across a step of 4 pegs between units of different heights: a 3-peg attacker
    below a 9-peg defender cannot strike up; a 9-peg attacker below a 3-peg defender can."""
    step = [{"at": [1, 0], "elevation": 4}]
    assert "RL-ELV-1" in _why_attack(a={"stats": {"height": 3, "eye": 2}},
                                     d={"stats": {"height": 9}}, hexes=step)
    assert _why_attack(a={"stats": {"height": 9}}, d={"stats": {"height": 3, "eye": 2}},
                       hexes=step) == ""


def test_rl_los_1_the_head_turns_a_full_90_degrees() -> None:
    """RL-LOS-1: behind-left of an east-facing archer (beyond 60 + 45 degrees, within 60 +
    90) is seen only because the head turns up to 90 degrees each side."""
    assert _why_attack(a={"stats": BOW4}, d_at=(-2, -1)) == ""
    assert "RL-LOS-1" in _why_attack(a={"stats": {**BOW4, "head_turn": False}}, d_at=(-2, -1))


def test_rl_los_1_an_eyeless_unit_looks_from_its_space_front_edge() -> None:
    """RL-LOS-1: an eyeless unit sees from its weapon's front (its space's front edge), not
    from the eye point 2 pegs ahead a unit with eyes has: over a 3-peg obstruction the front
    edge sees the target the eye point cannot."""
    block = {"obstructions": [{"at": [1, -1], "height": 3}]}
    looker = {**BOW4, "eye": 2, "head_turn": False}
    assert _why_attack(a={"stats": {**looker, "eyeless": True}}, d_at=(2, -2),
                       features=block) == ""
    assert "RL-LOS-1" in _why_attack(a={"stats": looker}, d_at=(2, -2), features=block)


# --- the deviations and readings of issue 30, said on the table --------------------------

MAGE = {"mana": 3, "spells": {"bolt": {"dice": [8, 6], "type": "fire", "range": 4,
                                       "cost": 2}}}


def _spell_plan(g: Any) -> Any:
    found = attempt(g.ruleset.settings, g.state, ru(g, "a"), "d", "",
                    ru(g, "a").spells[0], True)
    assert isinstance(found, Attempt), found
    return found.plan


def test_rl_ngt_1_night_lowers_a_spell_and_the_table_says_so() -> None:
    """RL-NGT-1 with RL-SPC-1: precision is a penalty, not a perk, so at night a spell's d8 +
    d6 is lowered by precision 2 to d6 + d6 (the default); the hover and the unit card say
    it. With ``spell_night = false`` the spell keeps its dice and the hover says why."""
    g = duel(a={"stats": MAGE}, options={"night_rounds": [1]})
    assert _spell_plan(g).dice == (6, 6)
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None
    assert any(line.text.startswith("bolt: night: precision 2") and "RL-NGT-1" in line.rules
               for line in view.lines)
    card = g.ruleset.unit_card(g.state, "a")
    assert card is not None and any("lowers attacks and spells" in line.text
                                    for line in card.lines)
    g = duel(a={"stats": MAGE}, options={"night_rounds": [1], "spell_night": False})
    assert _spell_plan(g).dice == (8, 6)
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None and any("does not lower spells" in line.text for line in view.lines)
    card = g.ruleset.unit_card(g.state, "a")
    assert card is not None and any("not spells" in line.text for line in card.lines)


def test_rl_pre_1_no_defense_die_means_no_pre_rolled_bonus_and_the_hover_says_so() -> None:
    """RL-PRE-1 (reading): a fortified defender on higher ground with no defense die gets no
    +1: its defense stays 0 and the hover's modifier lines say why."""
    g = duel(d={"stats": {"defense_die": 0, "health": 30}},
             hexes=[{"at": [1, 0], "elevation": 3}])
    ru(g, "d").fortified = True
    found = attempt(g.ruleset.settings, g.state, ru(g, "a"), "d", "main")
    assert isinstance(found, Attempt)
    assert found.plan.defense_mod == 0
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None
    line = next(li for li in view.lines if li.text.startswith("no defense die"))
    assert "fortified" in line.text and "height advantage" in line.text
    assert line.rules == ("RL-PRE-1",)


def test_rl_los_1_outside_the_cone_names_the_cone_as_the_projects_choice() -> None:
    """RL-LOS-1: the text gives no sight cone; where the cone decides, the hover and the
    refusal say it is 60 degrees each side plus the head's 90, and that the base cone is the
    project's choice."""
    g = duel(a={"stats": {**BOW4, "head_turn": False}}, d_at=(-2, -1))
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None
    line = next(li for li in view.lines if li.text.startswith("Not in sight"))
    assert "60 degrees each side" in line.text and "project's choice" in line.text
    play(g, "command a")
    assert "60 degrees each side; the base cone is the project's choice" in why(
        g, "attack a -> d")
    g = duel(a={"stats": BOW4}, d_at=(-3, 0))
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None
    line = next(li for li in view.lines if li.text.startswith("Not in sight"))
    assert "plus 90 as its head turns" in line.text


def test_rl_los_1_a_long_neck_says_its_reach_is_sampled_where_it_decides() -> None:
    """RL-LOS-1: a long neck seeing over a hill from a bent eye point (not its plain eyes)
    is told that the neck's reach is sampled at 13 eye points; a plain sight says nothing."""
    neck = {**BOW4, "neck_reach": 6}
    g = duel(a={"stats": neck}, d_at=(3, 0), hexes=[{"at": [2, 0], "elevation": 8}])
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None
    assert any("sampled at 13 eye points" in li.text for li in view.lines)
    g = duel(a={"stats": neck}, d_at=(3, 0))
    view = g.ruleset.inspect_pair(g.state, "a", "d")
    assert view is not None and not any("sampled" in li.text for li in view.lines)
