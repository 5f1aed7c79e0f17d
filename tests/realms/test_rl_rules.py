"""Every realms rule, one test (or more) named after its ID; each fails if the rule breaks."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.actions import parse
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.rulesets.realms.attack import AttackPlan
from game.rulesets.realms.rules import Attempt, attempt

from .helpers import FORMS, board_features, duel, game, kinds, play, ru, unit, why

BOW4 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 4}}, "main": "bow"}
FREE = {"off": "free"}
SPARE = [unit("x", 2, (-3, 3), 1)]
"""A second unit for side 2 when its first is a building (buildings do not keep a side in)."""


def plan(g: Game, att: str, tgt: str, hand: str = "main") -> AttackPlan:
    found = attempt(g.ruleset.settings, g.state, ru(g, att), tgt, hand)  # type: ignore[attr-defined]
    assert isinstance(found, Attempt), found
    return found.plan


def fight(g: Game, *dice: int, hand: str = "main", target: str = "d") -> list[Any]:
    """Command a, attack ``target`` and roll ``dice`` (attack dice then defense die)."""
    g.state.scripted_dice.extend(dice)
    return play(g, "command a", f"attack a -> {target} hand={hand}", "choose declared=roll")


def resolved(events: list[Any]) -> dict[str, Any]:
    return next(e.data for e in events if e.kind == "attack.resolved")


# --- RL-ATK-1/2, RL-TRN-1 ------------------------------------------------------------------


def test_rl_atk_1_attack_only_after_moving_and_within_a_command() -> None:
    g = duel(a={"stats": FREE}, d={"stats": {"health": 30}})
    assert "RL-ATK-1" in why(g, "attack a -> d")  # no command begun
    play(g, "command a")
    fight_events = play(g, "attack a -> d", "choose declared=roll", "dice 1", "dice 1", "dice 1")
    assert "attack.resolved" in kinds(fight_events)
    assert "RL-ATK-1" in why(g, "walk a -1 0 1")  # the move comes before the action


def test_rl_atk_1_rearrange_is_the_action_after_the_move() -> None:
    from game.rulesets.realms.actions import Rearrange

    g = duel(a={"profile": "archer"}, d_at=(3, 0))
    play(g, "command a", "walk a -1 0 1")
    assert Rearrange("a", "dagger") in g.legal_actions()
    events = play(g, "rearrange a dagger")
    assert ru(g, "a").main == "dagger" and ru(g, "a").inventory == ("bow",)
    assert "turn.handover" in kinds(events)  # rearranging was the action: the command ends


def test_rl_atk_1_move_then_attack() -> None:
    g = duel(d_at=(2, 0), d={"stats": {"health": 30}})
    play(g, "command a")
    assert "RL-RNG-1" in why(g, "attack a -> d")
    play(g, "walk a 1 0 1")
    assert why(g, "attack a -> d") == ""


def test_rl_atk_2_friends_and_missing_targets_are_refused() -> None:
    g = duel(more=[unit("f", 1, (0, 1), 1)])
    play(g, "command a")
    assert "RL-ATK-2" in why(g, "attack a -> f")
    assert "RL-ATK-2" in why(g, "attack a -> nobody")


def test_rl_trn_1_players_alternate_commands_and_night_rounds() -> None:
    g = duel(options={"night_rounds": [2]})
    assert g.state.turn.active == 1
    events = play(g, "command a", "end")
    assert g.state.turn.active == 2 and "turn.handover" in kinds(events)
    assert "RL-TRN-1" in why(g, "command a")
    events = play(g, "command d", "end")
    assert g.state.turn.round == 2
    light = next(e for e in events if e.kind == "round.light")
    assert light.data["night"] is True and "RL-NGT-1" in light.rules


# --- range -------------------------------------------------------------------------------


def test_rl_rng_1_range_four_does_not_count_the_attackers_space() -> None:
    g = duel(a={"stats": BOW4}, d_at=(4, 0), more=[unit("e", 2, (-4, 0), 1)])
    play(g, "command a")
    assert why(g, "attack a -> d") == ""  # 4 spaces away
    play(g, "walk a -1 0 1")
    assert "RL-RNG-1" in why(g, "attack a -> d")  # 5 spaces away


def test_rl_rng_1_no_range_means_neighbours_only() -> None:
    g = duel(d_at=(2, 0))
    play(g, "command a")
    assert "RL-RNG-1" in why(g, "attack a -> d")


def test_rl_rng_1_any_space_under_a_large_target_counts() -> None:
    long_body = {"footprint": [[0, 0], [0, -1]], "health": 20}  # facing east: tail to the west
    g = duel(a={"stats": BOW4}, d={"stats": long_body, "facing": 1}, d_at=(6, 0), radius=6)
    play(g, "command a")
    assert "RL-RNG-1" in why(g, "attack a -> d")  # head 6 away, tail 5
    g = duel(a={"stats": BOW4}, d={"stats": long_body, "facing": 1}, d_at=(5, 0), radius=6)
    play(g, "command a")
    assert why(g, "attack a -> d") == ""  # only the tail on (4,0) is within 4


# --- elevation ---------------------------------------------------------------------------


def test_rl_elv_1_melee_up_a_step_needs_the_lower_unit_taller() -> None:
    g = duel(hexes=[{"at": [1, 0], "elevation": 5}])
    play(g, "command a")
    assert "RL-ELV-1" in why(g, "attack a -> d")
    g = duel(hexes=[{"at": [1, 0], "elevation": 4}])
    play(g, "command a")
    assert why(g, "attack a -> d") == ""


@pytest.mark.parametrize("form", FORMS)
def test_rl_elv_1_transit_pads_and_walls(form: str) -> None:
    g = duel(hexes=[{"at": [1, 0], "elevation": 12}],
             **board_features(form, pads=[[[0, 0], [1, 0]]]))
    play(g, "command a")
    assert why(g, "attack a -> d") == ""  # linked by a pad: exempt
    g = duel(**board_features(form, walls=[{"between": [[0, 0], [1, 0]], "height": 6}]))
    play(g, "command a")
    assert "RL-ELV-1" in why(g, "attack a -> d")
    g = duel(**board_features(form, walls=[{"between": [[0, 0], [1, 0]], "height": 5}]))
    play(g, "command a")
    assert "RL-ELV-1" not in why(g, "attack a -> d")


def test_rl_elv_2_ten_pegs_above_adds_two_range() -> None:
    bow2 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 2}}, "main": "bow"}
    g = duel(a={"stats": bow2}, d_at=(4, 0), hexes=[{"at": [0, 0], "elevation": 10}])
    play(g, "command a")
    assert why(g, "attack a -> d") == ""
    g = duel(a={"stats": bow2}, d_at=(4, 0), hexes=[{"at": [0, 0], "elevation": 9}])
    play(g, "command a")
    assert "RL-RNG-1" in why(g, "attack a -> d")


def test_rl_elv_3_peg_distance_across_a_gap() -> None:
    # a chasm of 7 void hexes on the corner line from (0,0) to (4,4): 41.6 pegs -> range 7,
    # where counting spaces would give 8
    from game.geometry.hexgrid import Hex, hex_line

    voids = [{"at": [h.q, h.r], "terrain": "void"} for h in hex_line(Hex(0, 0), Hex(4, 4))[1:-1]]
    bow7 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 7}}, "main": "bow"}
    g = duel(a={"stats": bow7, "facing": 0}, d_at=(4, 4), hexes=voids, radius=9)
    play(g, "command a")
    assert why(g, "attack a -> d") == ""
    g = duel(a={"stats": bow7, "facing": 0}, d_at=(4, 4), radius=9)
    play(g, "command a")
    assert "RL-RNG-1" in why(g, "attack a -> d")


# --- sight -------------------------------------------------------------------------------


def test_rl_los_1_a_hill_hides_and_the_head_turns() -> None:
    g = duel(a={"stats": BOW4}, d_at=(3, 0), hexes=[{"at": [2, 0], "elevation": 12}])
    play(g, "command a")
    assert "RL-LOS-1" in why(g, "attack a -> d")
    # behind-left (south-west) of an east-facing archer: 120 degrees off its facing
    g = duel(a={"stats": BOW4}, d_at=(0, -2))
    play(g, "command a")
    assert why(g, "attack a -> d") == ""  # the head turns 90 degrees
    g = duel(a={"stats": {**BOW4, "head_turn": False}}, d_at=(0, -2))
    play(g, "command a")
    assert "RL-LOS-1" in why(g, "attack a -> d")


def test_rl_los_1_a_long_neck_looks_over() -> None:
    neck = {**BOW4, "neck_reach": 6}
    hill = [{"at": [2, 0], "elevation": 8}]
    g = duel(a={"stats": neck}, d_at=(3, 0), hexes=hill)
    play(g, "command a")
    assert why(g, "attack a -> d") == ""
    g = duel(a={"stats": BOW4}, d_at=(3, 0), hexes=hill)
    play(g, "command a")
    assert "RL-LOS-1" in why(g, "attack a -> d")


def test_rl_los_1_eyeless_units_see_from_the_weapon_front() -> None:
    g = duel(a={"stats": {**BOW4, "eyeless": True, "eye": 2, "head_turn": False}},
             d_at=(0, -2))
    play(g, "command a")
    assert "RL-LOS-1" in why(g, "attack a -> d")


# --- capability, declaration -------------------------------------------------------------


def test_rl_cap_1_buildings_need_siege_beasts_machines_or_deities() -> None:
    g = duel(d={"profile": "watchtower"}, more=SPARE)
    play(g, "command a")
    assert "RL-CAP-1" in why(g, "attack a -> d")
    g = duel(a={"stats": {"abilities": ["beast"]}}, d={"profile": "watchtower"}, more=SPARE)
    play(g, "command a")
    assert why(g, "attack a -> d") == ""
    g = duel(a={"stats": {"weapons": {"ram": {"die": 8, "type": "siege"}}, "main": "ram"}},
             d={"profile": "watchtower"}, more=SPARE)
    play(g, "command a")
    assert why(g, "attack a -> d") == ""
    g = duel(d={"stats": {"immune": ["slash"]}})
    play(g, "command a")
    assert "RL-CAP-1" in why(g, "attack a -> d")


def test_rl_dec_1_a_declared_attack_must_be_carried_out() -> None:
    g = duel(d={"stats": {"health": 30}})
    play(g, "command a", "attack a -> d")
    node = g.pending()
    assert isinstance(node, PlayerDecision) and "RL-DEC-1" in node.rules
    assert "RL-DEC-1" in why(g, "end")
    play(g, "choose declared=cancel", "choose cancel=refuse")
    node = g.pending()
    assert isinstance(node, PlayerDecision)
    assert [o.label for o in node.offers] == ["Roll the attack"]  # no second request
    play(g, "choose declared=roll")
    assert isinstance(g.pending(), Chance)


def test_rl_dec_1_one_refusal_among_three_players_keeps_the_attack() -> None:
    from game.scenario import load_scenario_text

    from .helpers import scenario_text

    text = scenario_text([unit("a", 1, (0, 0), 1), unit("d", 2, (1, 0), 4),
                          unit("c", 3, (-3, 3), 1)])
    text = text.replace('[[units]]', '[[players]]\nname = "Green"\ncolour = "#00aa00"\n'
                        '[[units]]', 1)
    g = load_scenario_text(text).new_game()
    play(g, "command a", "attack a -> d", "choose declared=cancel", "choose cancel=agree")
    node = g.pending()
    assert isinstance(node, PlayerDecision) and node.player == 3 and node.kind == "cancel"
    events = play(g, "choose cancel=refuse")
    assert "attack.cancel_refused" in kinds(events)
    assert isinstance(g.pending(), PlayerDecision)  # back to the attacker: roll it


def test_rl_dec_1_everyone_may_agree_to_cancel() -> None:
    g = duel()
    events = play(g, "command a", "attack a -> d", "choose declared=cancel",
                  "choose cancel=agree")
    assert "attack.cancelled" in kinds(events) and ru(g, "d").wounds == 0
    assert why(g, "attack a -> d") == ""  # the action was not spent


# --- damage, night, armor, defense -------------------------------------------------------


def test_rl_dmg_1_weapon_die_plus_base_die() -> None:
    g = duel(d={"stats": {"health": 30, "defense_die": 0}})
    assert plan(g, "a", "d").dice == (8, 6)
    fight(g, 7, 5)
    assert ru(g, "d").wounds == 12


def test_rl_ngt_1_precision_lowers_the_largest_die_first() -> None:
    from game.rulesets.realms.attack import night_dice

    assert night_dice((8, 6), 3) == (6, 5)  # d8+d6 at precision 3 rolls as d5+d6
    assert night_dice((8, 6), 9) == (5,)  # the d8 is gone, 1 more off the d6
    assert night_dice((8, 6), 14) == ()
    g = duel(a={"stats": {"precision": 3}}, options={"night_rounds": [1]},
             d={"stats": {"health": 30, "defense_die": 0}})
    assert plan(g, "a", "d").dice == (6, 5)
    play(g, "command a", "attack a -> d", "choose declared=roll")
    node = g.pending()
    assert isinstance(node, Chance) and node.dice.sides == 6 and "RL-DMG-1" in node.rules
    g = duel(a={"stats": {"precision": 14}}, options={"night_rounds": [1]})
    play(g, "command a")
    assert "RL-NGT-1" in why(g, "attack a -> d")


def test_rl_arm_1_armor_of_the_attack_type() -> None:
    def armor(kind: dict[str, int], weapon: str = "slash") -> int:
        stats = {"weapons": {"w": {"die": 8, "type": weapon}}, "main": "w"}
        return plan(duel(a={"stats": stats}, d={"stats": {"armor": kind}}), "a", "d").armor

    assert armor({"slash": 2}) == 2
    assert armor({"pierce": 2}) == 0
    assert armor({"universal": 1}) == 1 and armor({"siege": 3}, "fire") == 3
    assert armor({"martial": 2}) == 2 and armor({"martial": 2}, "fire") == 0
    g = duel(d={"stats": {"armor": {"slash": 3}, "defense_die": 0, "health": 30}})
    fight(g, 5, 4)
    assert ru(g, "d").wounds == 6


def test_rl_def_1_defense_die_and_counterattack() -> None:
    g = duel(d={"stats": {"health": 30}})
    events = fight(g, 2, 1, 6)  # 3 damage, defense 6: turned by 3
    data = resolved(events)
    assert (data["damage"], data["counter"]) == (0, 3)
    assert ru(g, "a").wounds == 3 and ru(g, "d").wounds == 0
    g = duel(d={"stats": {"health": 30}})
    fight(g, 6, 5, 4)
    assert ru(g, "d").wounds == 7


def test_rl_def_2_counters_need_adjacency_unless_the_attacker_is_large() -> None:
    g = duel(a={"stats": BOW4}, d_at=(3, 0))
    assert not plan(g, "a", "d").counter
    large = {**BOW4, "footprint": [[0, 0], [-1, 0]]}
    g = duel(a={"stats": large}, d_at=(3, 0))
    assert plan(g, "a", "d").counter
    g = duel(a={"stats": {**large, "abilities": ["ranged_unit"]}}, d_at=(3, 0))
    assert not plan(g, "a", "d").counter
    g = duel(a={"stats": BOW4}, d_at=(3, 0), d={"stats": {"health": 30}})
    g.state.scripted_dice.extend([1, 1, 6])
    play(g, "command a", "attack a -> d", "choose declared=roll")
    assert ru(g, "a").wounds == 0


def test_rl_def_3_after_armor_blocks_every_defense_point_wounds() -> None:
    g = duel(d={"stats": {"armor": {"slash": 9}, "health": 30}})
    events = fight(g, 5, 4, 3)  # 9 stopped by 9 armor; defense 3 -> 3 counter wounds
    data = resolved(events)
    assert data["blocked"] and (data["damage"], data["counter"]) == (0, 3)
    g = duel(d={"stats": {"armor": {"slash": 9}, "defense_die": 0}})
    assert resolved(fight(g, 5, 4))["counter"] == 0  # armor alone never turns it


def test_rl_ngt_2_night_lowers_the_counterattack() -> None:
    g = duel(a={"stats": {"precision": 0, "health": 30}},
             d={"stats": {"health": 30, "precision": 2}}, options={"night_rounds": [1]})
    data = resolved(fight(g, 1, 1, 6))  # 2 damage, defense 6: 4 back, minus 2 at night
    assert data["counter"] == 2


def test_rl_pre_1_pre_rolled_modifiers_never_go_below_zero() -> None:
    from game.rulesets.realms.attack import resolve

    p = AttackPlan((8, 6), "slash", 0, 6, -2, True, 0)
    assert resolve(p, (3, 2), 1).defense == 0 and resolve(p, (3, 2), 1).damage == 5
    assert resolve(p, (3, 2), 4).defense == 2
    q = AttackPlan((8, 6), "slash", 0, 6, 2, True, 0)
    assert resolve(q, (3, 2), 4).counter == 1


def test_rl_hgt_1_height_advantage_needs_both_base_and_top() -> None:
    g = duel(hexes=[{"at": [0, 0], "elevation": 3}])
    assert plan(g, "a", "d").defense_mod == -1
    g = duel(hexes=[{"at": [0, 0], "elevation": 3}], d={"stats": {"height": 9}})
    assert not any(m.rule == "RL-HGT-1" for m in plan(g, "a", "d").modifiers)
    # higher space but not the higher top; the taller defender on lower ground neither
    g = duel(hexes=[{"at": [1, 0], "elevation": 3}])
    assert plan(g, "a", "d").defense_mod == 1


def test_rl_frt_1_fortify_heals_and_defends_until_the_next_turn() -> None:
    g = duel(d={"stats": {"health": 30}, "damage": 2})
    play(g, "command a", "end")
    events = play(g, "command d", "fortify d")
    assert "unit.fortified" in kinds(events)
    assert ru(g, "d").wounds == 1 and ru(g, "d").fortified
    assert plan(g, "a", "d").defense_mod == 1
    events = play(g, "command a", "end")
    assert not ru(g, "d").fortified and "unit.fortify_ends" in kinds(events)
    play(g, "command d", "walk d 2 0 4")
    assert "RL-FRT-1" in why(g, "fortify d")


# --- special attacks, spells, dual wielding ----------------------------------------------


def test_rl_spc_1_spells_cost_mana_and_skip_perks() -> None:
    mage = {"mana": 3, "spells": {"bolt": {"dice": [8, 6], "type": "fire", "range": 4,
                                           "cost": 2}}}
    g = duel(a={"stats": mage}, hexes=[{"at": [0, 0], "elevation": 3}],
             d={"stats": {"health": 30}})
    play(g, "command a", "cast a -> d bolt")
    assert ru(g, "a").mana == 1
    proc = g.state.procedures[-1]
    assert proc.plan.defense_mod == 0  # type: ignore[attr-defined]
    g = duel(a={"stats": mage}, hexes=[{"at": [0, 0], "elevation": 3}],
             options={"spell_perks": True})
    play(g, "command a", "cast a -> d bolt")
    assert g.state.procedures[-1].plan.defense_mod == -1  # type: ignore[attr-defined]
    g = duel(a={"stats": {**mage, "mana": 1}})
    play(g, "command a")
    assert "RL-SPC-1" in why(g, "cast a -> d bolt")


def test_rl_spc_1_special_attacks_keep_perks_and_replace_the_attack() -> None:
    special = {"off": "free", "specials": {"slam": {"dice": [10, 6], "type": "blunt"}}}
    g = duel(a={"stats": special}, hexes=[{"at": [0, 0], "elevation": 3}],
             d={"stats": {"health": 40}})
    play(g, "command a", "special a -> d slam")
    proc = g.state.procedures[-1]
    assert proc.plan.dice == (10, 6) and proc.plan.defense_mod == -1  # type: ignore[attr-defined]
    g = duel(a={"stats": special}, d={"stats": {"health": 40}})
    play(g, "command a", "attack a -> d", "choose declared=roll", "dice 1", "dice 1", "dice 1")
    assert "RL-SPC-1" in why(g, "special a -> d slam")


def test_rl_dw_1_two_separate_attacks_or_one_of_three_dice() -> None:
    twin = {"weapons": {"b1": {"die": 6, "type": "slash"}, "b2": {"die": 4, "type": "slash"}},
            "main": "b1", "off": "b2"}
    g = duel(a={"stats": twin}, d={"stats": {"health": 40}})
    assert plan(g, "a", "d", "both").dice == (6, 6, 4)
    fight(g, 1, 1, 1, hand="main")
    assert why(g, "attack a -> d hand=off") == ""
    assert "RL-DW-1" in why(g, "attack a -> d hand=both")
    mixed = {**twin, "weapons": {"b1": {"die": 6, "type": "slash"},
                                 "b2": {"die": 4, "type": "blunt"}}}
    g = duel(a={"stats": mixed})
    play(g, "command a")
    assert "RL-DW-1" in why(g, "attack a -> d hand=both")


def test_rl_dw_2_free_hand_or_shield_gives_an_unarmed_attack() -> None:
    g = duel(a={"stats": {"off": "shield"}}, d={"stats": {"health": 40}})
    assert plan(g, "a", "d", "unarmed").dice == (6,)
    fight(g, 1, 1, 1)
    assert why(g, "attack a -> d hand=unarmed") == ""
    g.state.scripted_dice.extend([1, 1])
    events = play(g, "attack a -> d hand=unarmed", "choose declared=roll")
    assert [e.data["dice"] for e in events if e.kind == "attack.declared"] == [[6]]
    assert "turn.handover" in kinds(events)  # both hands spent: the command is over
    g = duel(d={"stats": {"health": 40}})  # off hand "none"
    play(g, "command a")
    assert "RL-DW-2" in why(g, "attack a -> d hand=unarmed")


# --- movement ----------------------------------------------------------------------------


def test_rl_mov_1_a_large_unit_cannot_swing_its_tail_up_a_cliff() -> None:
    """Turning at the end of a walk swings a large unit's other spaces round its head: a rise
    under them is climbed like a step (a cliff refuses it, a slope costs movement)."""
    wyrm = {"profile": "wyrm"}
    g = duel(a=dict(wyrm, facing=0), d_at=(3, 0), hexes=[{"at": [-1, 0], "elevation": 12}])
    play(g, "command a")  # its tail is on (0,-1); facing 1 swings it onto (-1,0), 12 pegs up
    assert "RL-MOV-1" in why(g, "walk a 0 0 1") and "cliff" in why(g, "walk a 0 0 1")
    assert not any(a == parse("walk a 0 0 1", g.ruleset.action_types())
                   for a in g.legal_actions())
    g = duel(a=dict(wyrm, facing=0), d_at=(3, 0), hexes=[{"at": [-1, 0], "elevation": 3}])
    play(g, "command a")
    assert why(g, "walk a 0 0 1") == ""  # 3 pegs: one climbing space more, within its move
    play(g, "walk a 0 0 1")
    assert ru(g, "a").hex_facing == 1


@pytest.mark.parametrize("form", FORMS)
def test_rl_mov_1_climbing_costs_cliffs_and_pads(form: str) -> None:
    from game.rulesets.realms.board import step_cost

    assert step_cost(0, 5, 3) == 1 and step_cost(3, 5, 3) == 2 and step_cost(-9, 5, 3) == 1
    assert step_cost(5, 5, 3) is None
    g = game([unit("a", 1, (0, 0), 1, stats={"move": 2}), unit("d", 2, (-3, 3), 1)],
             hexes=[{"at": [1, 0], "elevation": 12}, {"at": [2, 0], "elevation": 12}])
    play(g, "command a")
    assert "RL-MOV-1" in why(g, "walk a 1 0 1")  # a cliff
    g = game([unit("a", 1, (0, 0), 1, stats={"move": 2}), unit("d", 2, (-3, 3), 1)],
             hexes=[{"at": [1, 0], "elevation": 12}, {"at": [2, 0], "elevation": 12}],
             **board_features(form, pads=[[[0, 0], [1, 0]]]))
    play(g, "command a")
    assert why(g, "walk a 2 0 1") == ""  # up the pad, then along the top


def test_rl_trn_1_the_game_ends_with_the_last_command_of_the_last_round() -> None:
    """With ``rounds = 2`` the game is over when the second player ends its round-2 command:
    no third round begins, and the game ends in round 2."""
    g = duel(options={"rounds": 2})
    play(g, "command a", "end", "command d", "end", "command a", "end")
    assert g.state.outcome is None and g.state.turn.round == 2
    events = play(g, "command d", "end")
    assert g.state.outcome is not None and g.state.turn.round == 2
    assert "round.start" not in kinds(events) and "game.over" in kinds(events)
