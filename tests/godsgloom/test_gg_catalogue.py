"""Tests for the Attack Test steps, formations and effects that had no test of their own:
HX-ATC-10 (the roll), HX-ATC-60 (Wounds, Weak, destruction), HX-EFF-1 (stakes), HX-TF-2
(spear hedge) and HX-TF-3 (wedge). Scripted dice; each test fails when its rule is broken.

Plain test units roll 2 attack dice then 1 defence die (helpers.PLAIN, health 4, 3 tokens);
``a`` stands on (0,0) facing east, ``d`` on (1,0) facing west.
"""

from __future__ import annotations

from game.core.actions import Choose
from game.core.pending import Chance, PlayerDecision

from .helpers import duel, gu, kinds, play, unit


def test_hx_atc_10_each_side_rolls_its_whole_pool_attack_dice_first() -> None:
    """The attacker's pool is one chance node, the defender's the next, each counting attack
    then defence dice; the first faces of a pool are its attack dice."""
    game = duel(d={"stats": {"attack": 1, "defence": 2}})
    play(game, "activate a", "melee a -> d")
    first = game.pending()
    assert isinstance(first, Chance) and first.player == 1 and first.dice.count == 3
    assert "HX-ATC-10" in first.rules
    play(game, "dice 1 1 3")  # a: attack 1 1 (no Hit), defence 3 (a Block)
    second = game.pending()
    assert isinstance(second, Chance) and second.player == 2 and second.dice.count == 3
    events = play(game, "dice 3 1 1")  # d: attack 3 (a Hit), defence 1 1 (no Block)
    test = next(e for e in events if e.kind == "melee.test")
    assert (test.data["attacker_hits"], test.data["attacker_blocks"]) == (0, 1)
    assert (test.data["defender_hits"], test.data["defender_blocks"]) == (1, 0)
    assert test.data["wounds_to_attacker"] == 0 and test.data["wounds_to_defender"] == 0


def test_hx_atc_60_wounds_weak_at_exactly_one_and_destroyed_at_zero_or_less() -> None:
    # two Wounds on health 3: exactly 1 left -> Weak
    game = duel(d={"stats": {"health": 3}}, dice=[3, 3, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    wound = next(e for e in events if e.kind == "unit.wounded")
    assert "HX-ATC-60" in wound.rules and gu(game, "d").health == 1
    assert gu(game, "d").weak and not gu(game, "d").destroyed
    # two Wounds on health 4: 2 left, neither Weak nor destroyed
    game = duel(dice=[3, 3, 1, 1, 1, 1])
    play(game, "activate a", "melee a -> d")
    assert gu(game, "d").health == 2 and not gu(game, "d").weak
    assert not gu(game, "d").destroyed
    # four Wounds (two Criticals) on health 2: overkill destroys, health stays at 0
    game = duel(d={"stats": {"health": 2}}, dice=[6, 6, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    assert gu(game, "d").destroyed and gu(game, "d").health == 0
    gone = next(e for e in events if e.kind == "unit.destroyed")
    assert "HX-ATC-60" in gone.rules and gone.data["overkill"] == 2
    # exactly enough Wounds: destroyed at 0
    game = duel(d={"stats": {"health": 2}}, dice=[3, 3, 1, 1, 1, 1])
    play(game, "activate a", "melee a -> d")
    assert gu(game, "d").destroyed


def test_hx_eff_1_stakes_wound_the_attacker_before_the_dice() -> None:
    stakes = [{"at": [1, 0], "keywords": ["stakes"]}]
    game = duel(hexes=stakes, dice=[1, 1, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    hurt = next(e for e in events if e.kind == "unit.wounded")
    assert "HX-EFF-1" in hurt.rules and hurt.data["unit"] == "a"
    assert kinds(events).index("unit.wounded") < kinds(events).index("dice.rolled")
    assert gu(game, "a").health == 3 and gu(game, "d").health == 4


def test_hx_eff_1_stakes_under_the_attacker_do_not_hurt_it() -> None:
    game = duel(hexes=[{"at": [0, 0], "keywords": ["stakes"]}], dice=[1, 1, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    assert not any("HX-EFF-1" in e.rules for e in events)
    assert gu(game, "a").health == 4


def test_hx_tf_2_spear_hedge_wounds_the_attacker_for_a_token() -> None:
    game = duel(d={"stats": {"formations": ["spear-hedge"]}})
    play(game, "activate a", "melee a -> d")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 2 and "HX-TF-2" in node.rules
    events = play(game, "choose formation=spear-hedge")
    assert gu(game, "d").tokens == 2 and gu(game, "a").health == 3
    hurt = next(e for e in events if e.kind == "unit.wounded")
    assert "HX-TF-2" in hurt.rules and hurt.data["unit"] == "a"
    assert isinstance(game.pending(), Chance)  # the attacker survived: the test follows


def test_hx_tf_2_spear_hedge_needs_the_attacker_in_front() -> None:
    # d faces east, away from a on its west side: a is not in its front arc
    game = duel(d={"facing": 1, "stats": {"formations": ["spear-hedge"]}})
    play(game, "activate a", "melee a -> d")
    assert isinstance(game.pending(), Chance)


def test_hx_tf_3_wedge_adds_an_attack_die_for_a_token_with_a_friend_beside() -> None:
    friend = unit("f", 1, (-1, 0), 1)
    game = duel(a={"stats": {"formations": ["wedge"]}}, more=[friend],
                dice=[3, 3, 3, 1, 1, 1, 1])
    play(game, "activate a", "melee a -> d")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 1 and "HX-TF-3" in node.rules
    assert Choose.of(formation="wedge") in node.options
    events = play(game, "choose formation=wedge")
    assert gu(game, "a").tokens == 2
    test = next(e for e in events if e.kind == "melee.test")
    assert test.data["attacker_hits"] == 3 and test.data["attacker_blocks"] == 0


def test_hx_tf_3_no_wedge_without_a_friend_beside() -> None:
    game = duel(a={"stats": {"formations": ["wedge"]}})
    play(game, "activate a", "melee a -> d")
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 3
