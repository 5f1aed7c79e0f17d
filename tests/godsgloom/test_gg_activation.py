"""The game's own activation, movement and action rules (HX-ACT-*, HX-MOV-*, HX-RAL-1,
HX-FOC-1, HX-WEAK-1, HX-LOS-1, HX-ATC-*)."""

from __future__ import annotations

import pytest

from game.core.actions import EndActivation
from game.core.pending import Chance, Idle, Over
from game.geometry.hexgrid import Hex
from game.rulesets.godsgloom.actions import Activate, Advance, Face, Focus, MeleeAttack, Rally
from game.rulesets.godsgloom.board import sight

from .helpers import at, duel, gu, play, scenario, unit


def destinations(game: object, uid: str) -> set[Hex]:
    acts = game.legal_actions()  # type: ignore[attr-defined]
    return {Hex(a.q, a.r) for a in acts if isinstance(a, Advance) and a.unit == uid}


def mover(speed: int = 3, hexes: list[dict[str, object]] | None = None,
          more: list[dict[str, object]] | None = None) -> object:
    units = [unit("m", 1, (0, 0), 1, stats={"speed": speed}),
             unit("far", 2, (-3, 3), 0), *(more or [])]
    game = scenario(units, hexes=hexes or []).new_game()
    play(game, "activate m")
    return game


def test_hx_act_1_players_alternate_and_each_unit_acts_once_a_round() -> None:
    units = [unit("a", 1, (-2, 0), 1), unit("b", 1, (-2, 1), 1), unit("d", 2, (2, 0), 4)]
    game = scenario(units).new_game()
    play(game, "activate a", "end")
    assert game.state.turn.active == 2
    assert game.why_not(Advance("a", -1, 0, 1)) is not None
    play(game, "activate d", "end")
    assert game.state.turn.active == 1
    refusal = game.why_not(Activate("a"))
    assert refusal is not None and "HX-ACT-1" in refusal.rules
    events = play(game, "activate b", "end")
    assert game.state.turn.round == 2 and game.state.turn.active == 2
    assert any(e.kind == "round.start" and "HX-ACT-1" in e.rules for e in events)


def test_hx_act_2_the_standard_action_ends_the_activation() -> None:
    game = duel(a={"tokens": 1})
    play(game, "activate a", "advance a -1 0 1")
    assert game.why_not(Advance("a", -2, 0, 1)) is not None  # one Move only
    play(game, "rally a")
    assert isinstance(game.pending(), Idle) and game.state.turn.active == 2
    assert game.why_not(EndActivation()) is not None


def test_hx_act_3_game_over_when_a_side_has_no_units() -> None:
    game = duel(d={"stats": {"health": 1}}, dice=[3, 1, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d", "choose follow=no", "choose facing=1")
    over = game.pending()
    assert isinstance(over, Over) and over.winner == 1
    assert any(e.kind == "game.over" and "HX-ACT-3" in e.rules for e in events)
    assert game.legal_actions() == []


def test_hx_act_3_round_limit_scores_units_then_health() -> None:
    game = duel(d={"health": 3}, options={"rounds": 1})
    play(game, "activate a", "end", "activate d", "end")
    over = game.pending()
    assert isinstance(over, Over) and over.winner == 1 and "health" in over.summary


def test_hx_mov_1_speed_rough_impassable_and_units() -> None:
    assert Hex(2, 0) in destinations(mover(2), "m")
    assert Hex(3, 0) not in destinations(mover(2), "m")
    rough = [{"at": [1, 0], "keywords": ["rough"]}]
    assert Hex(1, 0) in destinations(mover(2, rough), "m")
    assert Hex(2, 0) not in destinations(mover(2, rough), "m")
    rock = [{"at": [1, 0], "keywords": ["impassable"]}]
    assert Hex(1, 0) not in destinations(mover(3, rock), "m")
    friend = [unit("f", 1, (1, 0), 1)]
    game = mover(2, more=friend)
    assert Hex(1, 0) not in destinations(game, "m") and Hex(2, 0) not in destinations(game, "m")


def test_hx_mov_2_free_pivots_before_and_after_the_move() -> None:
    game = mover(3)
    play(game, "face m 3", "advance m 1 0 1", "face m 5")
    assert at(game, "m") == (Hex(1, 0), 5)
    assert Face("m", 2) in game.legal_actions()
    play(game, "focus m")
    assert game.why_not(Face("m", 2)) is not None


@pytest.mark.parametrize(("facing", "reachable"), [(4, False), (1, True)])
def test_hx_mov_3_entering_an_engagement_zone_stops_the_move(facing: int,
                                                             reachable: bool) -> None:
    game = mover(3, more=[unit("e", 2, (2, 0), facing)])
    found = destinations(game, "m")
    assert Hex(2, -1) in found
    assert (Hex(3, -1) in found) is reachable


def test_hx_mov_4_a_one_hex_move_is_always_allowed() -> None:
    rough = [{"at": [1, 0], "keywords": ["rough"]}]
    assert Hex(1, 0) in destinations(mover(1, rough), "m")


def test_hx_mov_5_starting_engaged_one_hex_then_no_melee() -> None:
    game = duel(a={"stats": {"speed": 4}})
    events = play(game, "activate a", "end", "activate d")
    assert "HX-MOV-5" in events[-1].rules
    assert destinations(game, "d") <= set(Hex(1, 0).neighbors())
    assert MeleeAttack("d", "a") in game.legal_actions()
    play(game, "advance d 2 0 4")
    refusal = game.why_not(MeleeAttack("d", "a"))
    assert refusal is not None and "HX-MOV-5" in refusal.rules


def test_hx_mov_5_only_pivoting_keeps_the_melee() -> None:
    game = duel()
    play(game, "activate a", "end", "activate d", "face d 3")
    assert game.why_not(MeleeAttack("d", "a")) is None


def test_hx_ral_1_rally_regains_tokens() -> None:
    game = scenario([unit("m", 1, (0, 0), 1, tokens=0), unit("far", 2, (-3, 3), 0)]).new_game()
    play(game, "activate m", "rally m")
    assert gu(game, "m").tokens == 2
    game = duel(a={"tokens": 0})
    play(game, "activate a", "rally a")
    assert gu(game, "a").tokens == 1  # engaged: only one
    game = duel()
    play(game, "activate a")
    refusal = game.why_not(Rally("a"))
    assert refusal is not None and "HX-RAL-1" in refusal.rules


def test_hx_foc_1_focus_rerolls_failed_dice_in_the_next_attack_test() -> None:
    """Also HX-ATC-20 (re-rolls) and HX-ATC-40 (automatic Hits are never re-rolled)."""
    game = duel(a={"stats": {"auto_hits": 1}})
    play(game, "activate a", "focus a")
    assert gu(game, "a").focus
    assert game.why_not(Focus("a")) is not None
    play(game, "activate d", "end", "activate a", "melee a -> d", "dice 1 3 2", "dice 1 1 1")
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 2 and "HX-ATC-20" in node.rules
    events = play(game, "dice 6 3")
    test = next(e for e in events if e.kind == "melee.test")
    assert test.data["attacker_hits"] == 3 + 1 and test.data["attacker_blocks"] == 1
    assert not gu(game, "a").focus


def test_hx_weak_1_a_weak_unit_rolls_one_attack_die_fewer() -> None:
    game = duel(a={"health": 1})
    assert gu(game, "a").weak
    play(game, "activate a", "melee a -> d")
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 2  # 1 attack + 1 defence


def test_hx_los_1_sight_blocked_by_a_sight_blocking_hex() -> None:
    units = [unit("a", 1, (-2, 0), 1), unit("d", 2, (2, 0), 4)]
    clear = scenario(units).new_game()
    seen = sight(clear.state, gu(clear, "a"), Hex(2, 0))
    assert seen.visible and seen.lines
    wall = [{"at": [h, r], "keywords": ["blocks-sight"]} for h, r in ((0, 0), (0, -1), (1, -1),
                                                                       (-1, 1), (0, 1))]
    blocked = scenario(units, hexes=wall).new_game()
    assert not sight(blocked.state, gu(blocked, "a"), Hex(2, 0)).visible
