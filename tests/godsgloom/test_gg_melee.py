"""HX-MEL-0..80: one test (at least) per step of the Melee Attack Action, with scripted dice.

Plain test units roll 2 attack dice then 1 defence die; the attacker ``a`` stands on (0,0)
facing right, the defender ``d`` on (1,0) facing left (see helpers.duel).
"""

from __future__ import annotations

from game.core.actions import Choose
from game.core.pending import Chance, Idle, PlayerDecision
from game.geometry.hexgrid import Hex
from game.rulesets.godsgloom.actions import MeleeAttack

from .helpers import at, duel, gu, kinds, play, unit

A_WINS = [3, 3, 1, 1, 1, 1]
"""a scores 2 Hits, d nothing: d takes 2 Wounds, a wins on Wounds."""
TIE = [3, 1, 1, 3, 1, 1]
"""1 Wound each way: the defender wins the tie."""
BLOCKED = [{"at": list(h), "terrain": "rocks", "keywords": ["impassable"]}
           for h in ((2, -1), (2, 0), (1, 1))]
"""Rocks filling d's whole Retreat Arc (away from a)."""


def decision(game: object) -> PlayerDecision:
    node = game.pending()  # type: ignore[attr-defined]
    assert isinstance(node, PlayerDecision), node
    return node


def test_hx_mel_0_needs_a_morale_token() -> None:
    game = duel(a={"tokens": 0})
    play(game, "activate a")
    refusal = game.why_not(MeleeAttack("a", "d"))
    assert refusal is not None and "HX-MEL-0" in refusal.rules
    assert MeleeAttack("a", "d") not in game.legal_actions()


def test_hx_mel_10_attacker_pivots_to_face_the_target_hex() -> None:
    game = duel(a={"facing": 3}, dice=A_WINS)
    assert at(game, "a")[1] == 3
    events = play(game, "activate a", "melee a -> d")
    assert at(game, "a")[1] == 1
    pivot = next(e for e in events if e.kind == "unit.pivoted")
    assert "HX-MEL-10" in pivot.rules


def test_hx_mel_10_stakes_destroy_the_attacker_then_the_defender_consolidates() -> None:
    game = duel(a={"stats": {"health": 1}}, hexes=[{"at": [1, 0], "keywords": ["stakes"]}])
    events = play(game, "activate a", "melee a -> d")
    assert gu(game, "a").destroyed
    assert "dice.rolled" not in kinds(events)
    winner = next(e for e in events if e.kind == "melee.winner")
    assert {"HX-MEL-10", "HX-MEL-70"} <= set(winner.rules) and winner.data["unit"] == "d"
    node = decision(game)
    assert node.player == 2 and node.kind == "consolidate"
    play(game, "choose follow=yes", "choose facing=2")
    assert at(game, "d") == (Hex(0, 0), 2)


def test_hx_mel_20_shield_wall_adds_a_defence_die_for_a_token() -> None:
    friend = unit("f", 2, (2, 0), 4)
    game = duel(d={"stats": {"formations": ["shield-wall"]}}, more=[friend])
    play(game, "activate a", "melee a -> d")
    node = decision(game)
    assert node.player == 2 and "HX-MEL-20" in node.rules and "HX-TF-1" in node.rules
    assert Choose.of(formation="shield-wall") in node.options
    play(game, "choose formation=shield-wall")
    assert gu(game, "d").tokens == 2
    play(game, "dice 1 1 1")
    chance = game.pending()
    assert isinstance(chance, Chance) and chance.dice.count == 4


def test_hx_mel_20_no_formation_without_a_friend_beside() -> None:
    game = duel(d={"stats": {"formations": ["shield-wall"]}})
    play(game, "activate a", "melee a -> d")
    assert isinstance(game.pending(), Chance)


def test_hx_mel_20_wedge_adds_an_attack_die() -> None:
    friend = unit("f", 1, (-1, 0), 1)
    game = duel(a={"stats": {"formations": ["wedge"]}}, more=[friend])
    play(game, "activate a", "melee a -> d", "choose formation=wedge")
    chance = game.pending()
    assert isinstance(chance, Chance) and chance.dice.count == 4 and chance.player == 1


def test_hx_mel_20_spear_hedge_destroying_the_attacker_skips_to_consolidation() -> None:
    game = duel(a={"stats": {"health": 1}}, d={"stats": {"formations": ["spear-hedge"]}})
    events = play(game, "activate a", "melee a -> d", "choose formation=spear-hedge")
    assert gu(game, "a").destroyed and "dice.rolled" not in kinds(events)
    winner = next(e for e in events if e.kind == "melee.winner")
    assert "HX-MEL-20" in winner.rules and winner.data["unit"] == "d"
    assert decision(game).kind == "consolidate"


def test_hx_mel_30_default_attack_test_criticals_and_blocks_both_ways() -> None:
    game = duel(dice=[6, 3, 6, 3, 1, 3])
    events = play(game, "activate a", "melee a -> d")
    test = next(e for e in events if e.kind == "melee.test")
    assert "HX-MEL-30" in test.rules
    assert test.data["attacker_hits"] == 3 and test.data["attacker_blocks"] == 2
    assert test.data["defender_hits"] == 1 and test.data["defender_blocks"] == 1
    assert test.data["wounds_to_defender"] == 2 and test.data["wounds_to_attacker"] == 0
    assert gu(game, "d").health == 2 and gu(game, "a").health == 4


def test_hx_mel_30_attack_test_is_replaceable_by_option() -> None:
    game = duel(dice=[3, 6, 1, 1, 1, 1], options={"attack_test": "plain"})
    events = play(game, "activate a", "melee a -> d")
    test = next(e for e in events if e.kind == "melee.test")
    assert test.data["attacker_hits"] == 1  # 3 fails at 4+, 6 is no Critical


def test_hx_mel_30_weak_token_at_exactly_one_health() -> None:
    game = duel(d={"stats": {"health": 3}}, dice=A_WINS)
    events = play(game, "activate a", "melee a -> d")
    assert gu(game, "d").health == 1 and gu(game, "d").weak
    assert any(e.kind == "unit.weak" and "HX-WEAK-1" in e.rules for e in events)


def test_hx_mel_40_death_throes_resolve_though_the_unit_was_destroyed() -> None:
    game = duel(a={"stats": {"health": 2}},
                d={"stats": {"health": 1, "abilities": ["death-throes"]}},
                dice=[3, 1, 1, 3, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    throes = next(e for e in events if "HX-EFF-2" in e.rules)
    assert "HX-MEL-40" in throes.rules
    assert gu(game, "a").destroyed and gu(game, "d").destroyed
    winner = next(e for e in events if e.kind == "melee.winner")
    assert "no winner" in winner.text and "HX-MEL-50" in winner.rules
    assert isinstance(game.pending(), Idle) or game.state.outcome is not None


def test_hx_mel_50_destroying_the_enemy_wins() -> None:
    game = duel(d={"stats": {"health": 2}}, dice=[3, 3, 1, 3, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    winner = next(e for e in events if e.kind == "melee.winner")
    assert winner.data["unit"] == "a" and gu(game, "d").destroyed
    assert decision(game).kind == "consolidate"


def test_hx_mel_50_more_wounds_wins_and_the_loser_loses_a_token() -> None:
    game = duel(dice=A_WINS)
    events = play(game, "activate a", "melee a -> d")
    winner = next(e for e in events if e.kind == "melee.winner")
    assert winner.data["unit"] == "a" and "HX-MEL-50" in winner.rules
    assert gu(game, "d").tokens == 2 and gu(game, "a").tokens == 3
    assert decision(game).kind == "push" and decision(game).player == 1


def test_hx_mel_50_a_tie_goes_to_the_defender() -> None:
    game = duel(dice=TIE)
    events = play(game, "activate a", "melee a -> d")
    winner = next(e for e in events if e.kind == "melee.winner")
    assert winner.data["unit"] == "d" and "tie" in winner.text
    assert gu(game, "a").tokens == 2
    assert decision(game).player == 2  # the defender may push the attacker


def test_hx_mel_60_push_into_retreat_arc() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d", "choose push=yes")
    stand = decision(game)
    assert stand.kind == "stand" and stand.player == 2
    play(game, "choose stand=no")
    retreat = decision(game)
    assert retreat.player == 2 and set(retreat.options) == {
        Choose.of(q=2, r=-1), Choose.of(q=2, r=0), Choose.of(q=1, r=1)}
    events = play(game, "choose q=1 r=1")
    assert at(game, "d") == (Hex(1, 1), 3)  # faces the hex it was pushed from
    assert at(game, "a") == (Hex(1, 0), 0)  # followed up, facing the pushed unit
    assert "unit.followed" in kinds(events)
    assert isinstance(game.pending(), Idle)


def test_hx_mel_60_defender_winning_a_tie_pushes_the_attacker() -> None:
    game = duel(dice=TIE)
    play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no",
         "choose q=-1 r=0")
    assert at(game, "a") == (Hex(-1, 0), 1) and at(game, "d") == (Hex(0, 0), 4)


def test_hx_mel_60_winner_may_decline_to_push() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d", "choose push=no")
    assert at(game, "d") == (Hex(1, 0), 4) and at(game, "a") == (Hex(0, 0), 1)


def test_hx_mel_60_stand_ground_costs_a_token_instead() -> None:
    game = duel(dice=A_WINS)
    events = play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=yes")
    assert gu(game, "d").tokens == 1 and at(game, "d") == (Hex(1, 0), 4)
    assert any(e.kind == "unit.tokens" and "HX-MEL-60" in e.rules for e in events)


def test_hx_mel_60_no_stand_ground_at_zero_tokens() -> None:
    game = duel(d={"tokens": 1}, dice=A_WINS)
    play(game, "activate a", "melee a -> d", "choose push=yes")
    assert gu(game, "d").tokens == 0 and decision(game).kind == "retreat"


def test_hx_mel_60_single_empty_retreat_hex_is_taken() -> None:
    game = duel(dice=A_WINS, hexes=BLOCKED[:2])
    play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no")
    assert at(game, "d") == (Hex(1, 1), 3) and at(game, "a")[0] == Hex(1, 0)


def test_hx_mel_60_impossible_push_costs_a_token() -> None:
    game = duel(dice=A_WINS, hexes=BLOCKED)
    events = play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no")
    assert "melee.push_impossible" in kinds(events)
    assert gu(game, "d").tokens == 1 and gu(game, "d").health == 2
    assert at(game, "d")[0] == Hex(1, 0) and at(game, "a")[0] == Hex(0, 0)


def test_hx_mel_60_impossible_push_at_zero_tokens_costs_a_wound() -> None:
    game = duel(d={"tokens": 1}, dice=A_WINS, hexes=BLOCKED)
    events = play(game, "activate a", "melee a -> d", "choose push=yes")
    wound = [e for e in events if e.kind == "unit.wounded"][-1]
    assert "HX-MEL-60" in wound.rules
    assert gu(game, "d").health == 1 and gu(game, "d").weak and gu(game, "d").tokens == 0
    assert isinstance(game.pending(), Idle)


def test_hx_mel_60_impossible_push_wound_destroys_then_consolidation() -> None:
    game = duel(d={"tokens": 1, "stats": {"health": 3}}, dice=A_WINS, hexes=BLOCKED)
    play(game, "activate a", "melee a -> d", "choose push=yes")
    assert gu(game, "d").destroyed and decision(game).kind == "consolidate"
    play(game, "choose follow=yes", "choose facing=0")
    assert at(game, "a") == (Hex(1, 0), 0)


def test_hx_mel_70_consolidation_follow_up_and_free_pivot() -> None:
    game = duel(d={"stats": {"health": 2}}, dice=[3, 3, 1, 1, 1, 1])
    play(game, "activate a", "melee a -> d")
    node = decision(game)
    assert node.kind == "consolidate" and "HX-MEL-70" in node.rules
    play(game, "choose follow=yes")
    facing = decision(game)
    assert len(facing.options) == 6
    play(game, "choose facing=4")
    assert at(game, "a") == (Hex(1, 0), 4)


def test_hx_mel_70_hold_position_and_pivot() -> None:
    game = duel(d={"stats": {"health": 2}}, dice=[3, 3, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d", "choose follow=no", "choose facing=3")
    assert at(game, "a") == (Hex(0, 0), 3) and "melee.hold" in kinds(events)


def test_hx_mel_70_only_when_the_enemy_was_destroyed() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d", "choose push=no")
    assert isinstance(game.pending(), Idle)


def test_hx_mel_80_end_of_action_veteran_regains_a_token() -> None:
    game = duel(a={"tokens": 2, "stats": {"abilities": ["veteran"]}}, dice=A_WINS)
    events = play(game, "activate a", "melee a -> d", "choose push=no")
    end = next(e for e in events if e.kind == "melee.end")
    assert "HX-MEL-80" in end.rules
    assert gu(game, "a").tokens == 3
    assert any("HX-EFF-3" in e.rules for e in events)
    assert kinds(events).index("melee.end") < kinds(events).index("activation.end")
