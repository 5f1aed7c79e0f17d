"""Attack action, combat bonuses and resolution (AS-ATK-*, AS-MEL-*, AS-RNG-*, AS-BON-*,
AS-RES-*, AS-PNC-*, AS-SRG-*, AS-TRG-1)."""

from __future__ import annotations

from game.core.pending import Chance, PlayerDecision
from game.core.ruleset import Context
from game.core.state import GameState
from game.rulesets.asoiaf import geo
from game.rulesets.asoiaf.modifiers import models_lost, succeeds
from game.rulesets.asoiaf.procedures import AttackProc
from game.rulesets.asoiaf.ruleset import RANGES
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, first, kinds, refusal_rules, scenario, table, unit

FOREST = {"kind": "forest", "keywords": ["blocks-sight"],
          "polygon": [[20.0, 15.0], [28.0, 15.0], [28.0, 18.0], [20.0, 18.0]]}


def _u(game: object, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]  # type: ignore[attr-defined]
    assert isinstance(u, AsoiafUnit)
    return u


def test_as_atk_1_attack_is_melee_when_engaged_ranged_otherwise() -> None:
    game = scenario("bowmen_range", [1] * 7)
    events = act(game, "attack bow near")
    assert "Arrow Volley" in first(events, "attack.declared").text
    game = scenario("attack_example")
    assert first(act(game, "attack guard sworn"), "attack.declared").data["weapon"] == "Long Sword"


def test_as_mel_1_melee_only_while_engaged() -> None:
    game = scenario("bowmen_range")
    assert refusal_rules(game, "attack bow near weapon=1") == ("AS-MEL-1", "AS-CORE-6")


def test_as_mel_2_melee_needs_a_melee_attack() -> None:
    shooters = {"name": "Shooters", "speed": 5, "defense": 5, "morale": 6,
                "attacks": [{"name": "Bow", "type": "long", "hit": 4, "dice": [6, 5, 4]}]}
    game = table([{"id": "s", "side": 1, "stats": shooters, "at": [24.0, 20.0]},
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
    assert "AS-MEL-2" in refusal_rules(game, "attack s g")
    assert refusal_rules(game, "attack s g") == ("AS-MEL-2",)
    # naming its only attack, the Bow, is a different refusal: no Ranged Attack while engaged
    assert refusal_rules(game, "attack s g weapon=0") == ("AS-RNG-1", "AS-CORE-6")
    away = table([{"id": "s", "side": 1, "stats": shooters, "at": [24.0, 10.0]},
                  unit("g", 2, "lannister_guardsmen", 24.0, 20.0, 180)])
    assert refusal_rules(away, "charge s -> g") == ("AS-MEL-2",)  # nothing to charge with


def test_as_mel_3_single_enemy_on_the_flank_pivot_to_face() -> None:
    game = scenario("berserkers_flank", [1] * 7)
    events = act(game, "attack bers guard align=50 side=left")
    face = first(events, "attack.face")
    assert face.rules == ("AS-MEL-3", "AS-MEL-4")
    bers = _u(game, "bers")
    assert bers.tray is not None and abs(bers.tray.facing - 270.0) < 1e-6
    assert first(events, "attack.declared").data["arc"] == "front"


def test_as_mel_3_engaged_on_two_sides_cannot_pivot_but_hits_either() -> None:
    game = scenario("two_sides")
    assert refusal_rules(game, "attack bers guard align=100") == ("AS-MEL-3",)
    assert refusal_rules(game, "attack bers guard") == ()
    assert refusal_rules(game, "attack bers halb") == ()


def test_as_mel_4_shift_to_50_percent_leaves_room() -> None:
    game = scenario("berserkers_flank", [1] * 7)
    act(game, "attack bers guard align=50 side=right")
    bers, guard = _u(game, "bers"), _u(game, "guard")
    assert bers.tray is not None and guard.tray is not None
    shared = bers.tray.polygon.buffer(1e-6).intersection(guard.tray.front_edge).length
    assert abs(shared - guard.tray.width / 2) < 1e-3


def test_as_mel_5_any_engaged_enemy_without_line_of_sight() -> None:
    game = scenario("two_sides", [1] * 9)
    events = act(game, "attack bers guard")
    assert first(events, "attack.declared").data["target"] == "guard"
    game = scenario("attack_example")
    assert refusal_rules(game, "attack guard nobody") != ()
    # an enemy touching the unit's rear is outside its Front Arc, so out of Line of Sight,
    # and it may still be attacked in melee
    behind = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                    unit("g", 2, "lannister_guardsmen", 24.0, 15.2, 0)], dice=[1] * 9)
    seen = geo.sight(behind.state, _u(behind, "s"), _u(behind, "g"))
    assert not seen.visible and seen.reason == "out-of-arc"
    assert refusal_rules(behind, "attack s g") == ()
    assert first(act(behind, "attack s g"), "attack.declared").data["target"] == "g"


def test_as_rng_1_no_ranged_attack_while_engaged() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
    assert refusal_rules(game, "attack bow g weapon=0") == ("AS-RNG-1", "AS-CORE-6")


def test_as_rng_2_ranged_attack_needs_a_ranged_weapon() -> None:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 20.0, 180)])
    assert "AS-RNG-2" in refusal_rules(game, "attack s g")


def test_as_rng_3_shift_up_to_two_inches_keeping_a_target() -> None:
    game = scenario("bowmen_range")
    assert refusal_rules(game, "attack bow near dx=1.5 dy=1.0") == ()
    assert refusal_rules(game, "attack bow near dx=2.0 dy=1.0") == ("AS-RNG-3",)
    assert refusal_rules(game, "attack bow far dx=2.0") != ()
    game = scenario("bowmen_range", [1] * 7)
    events = act(game, "attack bow near dx=1.0")
    assert first(events, "attack.shift").rules == ("AS-RNG-3",)


def test_as_rng_4_target_must_be_in_line_of_sight() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)], [FOREST])
    assert refusal_rules(game, "attack bow g") == ("AS-RNG-4",)


def test_as_rng_5_short_range_six_long_range_twelve() -> None:
    assert RANGES == {"short": 6.0, "long": 12.0}
    near = table([unit("c", 1, "crannogman_trackers", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 20.8, 180)])  # 6" exactly
    assert refusal_rules(near, "attack c g") == ()
    far = table([unit("c", 1, "crannogman_trackers", 24.0, 10.0),
                 unit("g", 2, "lannister_guardsmen", 24.0, 21.0, 180)])
    assert "AS-RNG-5" in refusal_rules(far, "attack c g")


def test_as_rng_6_range_from_front_arrow_in_and_out_of_long_range() -> None:
    game = scenario("bowmen_range")
    assert refusal_rules(game, "attack bow near") == ()
    assert refusal_rules(game, "attack bow far") == ("AS-RNG-5", "AS-RNG-6", "AS-RNG-7")
    edge = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 26.8, 180)])  # 12" exactly
    assert refusal_rules(edge, "attack bow g") == ()


def test_as_rng_7_range_is_not_a_stat_that_can_be_changed() -> None:
    bad = {"name": "x", "speed": 5, "defense": 5, "morale": 6,
           "attacks": [{"name": "Bow", "type": "long", "hit": 4, "dice": [6], "range": 20}]}
    try:
        table([{"id": "s", "side": 1, "stats": bad, "at": [24.0, 20.0]},
               unit("g", 2, "lannister_guardsmen", 24.0, 40.0, 180)])
    except Exception as exc:
        assert "range" in str(exc)
    else:
        raise AssertionError("a range stat must be refused")


def test_as_rng_8_firing_into_melee_panics_engaged_friends() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 14.0, 14.0),
                  unit("sw", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)],
                 dice=[6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6, 6, 1, 1])
    assert refusal_rules(game, "attack bow g") == ()
    events = act(game, "attack bow g")
    panics = [e for e in events if e.kind == "panic.test"]
    assert panics[-1].data["unit"] == "sw" and "AS-RNG-8" in panics[-1].rules
    order = kinds(events)
    assert order.index("attack.done") < len(order) - 1 - order[::-1].index("panic.test")
    assert _u(game, "sw").models == 12 - 4


def test_as_bon_1_charge_bonus_rerolls_chosen_dice() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.rules == ("AS-BON-1",)
    events = act(game, "choose reroll=5+6+7", "dice 6 6 6")
    assert first(events, "attack.hits").data["hits"] == 6


def test_as_bon_2_flank_bonus_worsens_saves_and_panic() -> None:
    game = scenario("flank_charge", [5])
    events = act(game, "charge sworn -> guard", "choose align=100 side=centre")
    declared = first(events, "attack.declared")
    assert declared.data["arc"] == "right"
    assert declared.data["defense"] == 4 and declared.data["panic"] == 8
    assert "AS-BON-2" in declared.rules


def test_as_bon_3_rear_bonus_worsens_saves_and_panic_by_two() -> None:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 0)])
    events = act(game, "attack s g")
    declared = first(events, "attack.declared")
    assert declared.data["arc"] == "rear" and declared.data["defense"] == 5
    assert declared.data["panic"] == 9 and "AS-BON-3" in declared.rules


def test_as_res_1_attack_dice_by_ranks_left() -> None:
    for models, dice in ((12, 7), (8, 5), (5, 5), (4, 4), (1, 4)):
        game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0, models=models),
                      unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
        node = act(game, "attack s g") and game.pending()
        assert isinstance(node, Chance) and node.dice.count == dice, models


def test_as_res_2_natural_six_hits_natural_one_misses() -> None:
    assert succeeds(6, 7) and not succeeds(1, 1) and succeeds(4, 4) and not succeeds(3, 4)
    game = scenario("attack_example")
    assert first(act(game, "attack guard sworn"), "attack.roll").data["hits"] == 4


def _recording(windows: list[str]) -> object:
    def hook(state: GameState, proc: AttackProc, ctx: Context) -> None:
        windows.append(proc.log[-1])
        ctx.emit("test.ability", f"window {proc.log[-1]}", ["AS-TRG-1"])
    return hook


def test_as_res_3_rerolls_first_then_after_attack_dice_effects() -> None:
    game = scenario("charge_example", [3])
    seen: list[tuple[int, ...]] = []

    def hook(state: GameState, proc: AttackProc, ctx: Context) -> None:
        seen.append(proc.attack_dice)
        ctx.emit("test.ability", "looks at the final attack dice", ["AS-RES-3"])

    game.ruleset.add_hook("after_attack_dice", hook)  # type: ignore[attr-defined]
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1",
        "choose reroll=5+6+7", "dice 6 6 6")
    assert seen == [(6, 5, 4, 3, 6, 6, 6)]


def test_as_res_4_defense_dice_block_hits() -> None:
    game = scenario("attack_example")
    events = act(game, "attack guard sworn")
    assert first(events, "defense.roll").data["blocks"] == 2


def test_as_res_5_after_defense_dice_effects_see_final_dice() -> None:
    game = scenario("attack_example")

    def hook(state: GameState, proc: AttackProc, ctx: Context) -> None:
        proc.defense_dice = (6, 6, 6, 6)  # a test ability: every save succeeds
        ctx.emit("test.ability", "all saves", ["AS-RES-5"])

    game.ruleset.add_hook("after_defense_dice", hook)  # type: ignore[attr-defined]
    events = act(game, "attack guard sworn")
    assert first(events, "attack.nowounds").data["wounds"] == 0
    assert _u(game, "sworn").models == 12


def test_as_res_6_wounds_remove_last_rank_right_to_left_and_keep_damage() -> None:
    assert models_lost(4, 0, 3, 4) == (1, 1)
    assert models_lost(4, 2, 3, 1) == (1, 0)
    assert models_lost(2, 0, 3, 9) == (2, 0)
    game = scenario("attack_example")
    sworn = _u(game, "sworn")
    assert sworn.tray is not None
    slots = sworn.tray.model_slots()
    act(game, "attack guard sworn")
    assert sworn.model_points() == slots[:8]
    # two wounds: the two right-hand models of the last rank, found from the tray's geometry
    # (facing north, the last rank is the lowest y and the unit's right is +x)
    game = table([unit("s", 2, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 1, "lannister_guardsmen", 24.0, 24.8, 180)],
                 dice=[6, 6, 1, 1, 1, 1, 1, 1, 6, 6])
    s = _u(game, "s")
    before = set(s.model_points())
    act(game, "attack g s")
    assert s.models == 10
    gone = before - set(s.model_points())
    back = min(p[1] for p in before)
    back_rank = sorted((p for p in before if abs(p[1] - back) < 1e-6), key=lambda p: p[0])
    assert len(back_rank) == 4 and gone == set(back_rank[2:])


def test_as_res_7_no_wounds_automatic_panic_pass() -> None:
    game = scenario("attack_example")
    game.state.scripted_dice[:] = [1, 1, 1, 1, 1, 1]
    events = act(game, "attack guard sworn")
    auto = first(events, "panic.auto")
    assert auto.rules == ("AS-RES-7",) and auto.data["taken"] is True


def test_as_res_8_attack_completed_then_after_attacked() -> None:
    game = scenario("attack_example")
    windows: list[str] = []
    for w in ("after_attack_dice", "after_defense_dice", "after_destroyed", "after_attacked"):
        game.ruleset.add_hook(w, _recording(windows))  # type: ignore[attr-defined]
    events = act(game, "attack guard sworn")
    assert windows == ["after_attack_dice", "after_defense_dice", "after_attacked"]
    order = kinds(events)
    assert order.index("attack.done") < len(order) - 1 - order[::-1].index("test.ability")


def test_as_pnc_1_seed_example_panic_fails_by_two_four_models_lost() -> None:
    game = scenario("attack_example")
    events = act(game, "attack guard sworn")
    panic = first(events, "panic.test")
    assert panic.data == {"unit": "sworn", "total": 4, "target": 6, "failed_by": 2}
    assert first(events, "attack.done").data["removed"] == 4
    assert _u(game, "sworn").models == 8


def test_as_pnc_2_multi_wound_models_test_even_without_a_model_lost() -> None:
    game = table([unit("g", 1, "lannister_guardsmen", 24.0, 20.0),
                  unit("o", 2, "stark_outriders", 24.0, 24.9, 180)],
                 dice=[6, 1, 1, 1, 1, 1, 1])
    act(game, "attack g o")
    node = game.pending()
    assert isinstance(node, Chance) and "AS-PNC-1" in node.rules
    assert _u(game, "o").models == 4 and _u(game, "o").damage == 1
    events = act(game, "dice 6 6")
    assert "AS-PNC-2" in first(events, "panic.test").rules


def _surge_table(dice: list[int]) -> object:
    return table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("f", 1, "stark_sworn_swords", 29.15, 25.5, 270),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1),
                  unit("h", 2, "lannister_guardsmen", 4.0, 44.0, 180)], dice=dice)


def test_as_srg_1_surge_forth_free_maneuver_and_friend_pivot() -> None:
    game = _surge_table([6] * 7 + [1] * 7)
    events = act(game, "attack s g")
    assert first(events, "surge.forth").data["free_moves"] == 2
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "free.maneuver"
    act(game, str(node.options[1]))
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "free.pivot"
    act(game, str(node.options[0]))
    assert game.state.procedures == [] and game.state.turn.active == 2


def test_as_srg_2_no_surge_forth_after_a_ranged_kill() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1),
                  unit("h", 2, "lannister_guardsmen", 4.0, 44.0, 180)],
                 dice=[6] * 7 + [1] * 7)
    events = act(game, "attack bow g")
    assert "unit.destroyed" in kinds(events) and "surge.forth" not in kinds(events)


def test_as_trg_1_destroyed_then_attacked_then_surge_forth() -> None:
    game = _surge_table([6] * 7 + [1] * 7)
    windows: list[str] = []
    for w in ("after_destroyed", "after_attacked"):
        game.ruleset.add_hook(w, _recording(windows))  # type: ignore[attr-defined]
    events = act(game, "attack s g")
    assert windows == ["after_destroyed", "after_attacked"]
    order = kinds(events)
    assert order.index("unit.destroyed") < order.index("test.ability")
    assert order.index("attack.done") < order.index("surge.forth")
