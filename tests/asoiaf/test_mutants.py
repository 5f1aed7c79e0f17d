"""Tests that kill the mutations the outside review saw survive (issue 11 item 11): each one
fails when its rule is broken in the ruleset's own code path, not in a helper. The mutations
themselves are listed in ``tools/mutate.py`` (run in CI by ``tests/test_mutations.py``)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.core.actions import Dice
from game.core.pending import Chance, PlayerDecision
from game.geometry.tray import Side
from game.rulesets.asoiaf.actions import Attack, Charge
from game.rulesets.asoiaf.geo import engaged_enemies
from game.rulesets.asoiaf.inspection import attack_preview
from game.rulesets.asoiaf.odds import attack_odds
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf import helpers
from tests.asoiaf.helpers import act, first, kinds, refusal_rules, rules_and_state, table, unit


def _u(game: object, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]  # type: ignore[attr-defined]
    assert isinstance(u, AsoiafUnit)
    return u


def _two(gap: float, **extra: object) -> list[dict[str, Any]]:
    """Sworn Swords (front edge at y = 12.4) facing Guardsmen ``gap`` inches ahead."""
    return [unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
            unit("guard", 2, "lannister_guardsmen", 24.0, 12.4 + gap + 2.4, 180, **extra)]


STOUT = {"name": "Stout", "tray": "infantry", "speed": 4, "defense": 5, "morale": 7,
         "attacks": [{"name": "Spear", "type": "melee", "hit": 4, "dice": [6, 5, 4]}]}


def test_as_res_4_the_resolver_blocks_on_a_natural_six() -> None:
    # Defense 5 with the Rear Bonus (+2) needs a 7: only a natural 6 can block (AS-RES-4)
    stout = {"id": "d", "side": 2, "stats": STOUT, "at": [24.0, 24.8], "facing": 0.0}
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0), stout,
                  unit("h", 2, "lannister_guardsmen", 4.0, 44.0, 180)], dice=[6] * 14)
    events = act(game, "attack s d")
    assert first(events, "attack.declared").data["defense"] == 7
    assert first(events, "attack.done").data["wounds"] == 0
    assert _u(game, "d").models == 12


def test_as_chg_6_a_failed_charge_stops_one_inch_short_of_a_unit() -> None:
    # the "fail" reading: a unit stands 3" ahead, 1" into the path; the roll (1 + 5 = 6") falls
    # short of the target and the move stops 1" short of that unit: 2", not 6" or 3"
    units = [*_two(9.0), unit("friend", 1, "stark_sworn_swords", 19.5, 12.4 + 3.0 + 2.4, 0)]
    game = table(units, dice=[1, 6, 6], options={"charge_blocked_path": "fail"})
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.roll").data["result"] == "failed"
    failed = first(events, "charge.failed")
    assert abs(float(failed.data["moved"]) - 2.0) < 1e-3  # type: ignore[arg-type]
    friend = _u(game, "friend").tray
    sworn = _u(game, "sworn").tray
    assert sworn is not None and friend is not None
    assert abs(sworn.polygon.distance(friend.polygon) - 1.0) < 1e-3


def test_as_chg_15_rough_beyond_a_failed_charge_costs_nothing() -> None:
    # the path to contact enters rough 7.5" ahead (so a 5+ is needed); a roll of 2 moves 7"
    # and stops before it: the failed move is not shortened
    rough = {"kind": "rough ground", "keywords": ["rough"],
             "polygon": [[18.0, 19.9], [30.0, 19.9], [30.0, 20.2], [18.0, 20.2]]}
    game = table(_two(8.0), [rough], dice=[2, 6, 6])
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.declared").data["needed"] == 10
    assert "charge.terrain" not in kinds(events)
    assert float(first(events, "charge.failed").data["moved"]) == 7.0  # type: ignore[arg-type]


def test_as_chg_4_contact_is_in_the_arc_the_charger_started_in() -> None:
    # the charger starts in the Guardsmen's Right Arc, but its tray stands mostly in the Front
    # Arc when it makes contact: it still aligns on the right edge, the arc it started in
    game = table([unit("c", 1, "stark_sworn_swords", 30.0, 30.0, 240),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 0)], dice=[6])
    events = act(game, "charge c -> g")
    assert first(events, "charge.declared").data["arc"] == "right"
    node = game.pending()
    if isinstance(node, PlayerDecision) and node.kind == "charge.align":
        events += act(game, str(node.options[0]))
    aligned = first(events, "charge.align")
    assert aligned.data["arc"] == "right"
    c, g = _u(game, "c").tray, _u(game, "g").tray
    assert c is not None and g is not None
    assert c.polygon.buffer(1e-4).intersection(g.edge(Side.RIGHT)).length > 1.0


def test_as_rng_3_the_target_is_checked_again_after_the_shift() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 12.4 + 12.0 + 2.4, 180)])
    assert refusal_rules(game, "attack bow g") == ()  # 12" exactly: long range
    refusal = game.why_not(Attack("bow", "g", dx=0.0, dy=-1.0))  # backs off to 13"
    assert refusal is not None and "AS-RNG-5" in refusal.rules


def _shot_into_melee(units: list[dict[str, Any]]) -> set[object]:
    """The friends that take an AS-RNG-8 Panic Test when ``bow`` shoots ``g``."""
    game = table(units, dice=[6] * 40)
    assert refusal_rules(game, "attack bow g") == ()
    events = act(game, "attack bow g")
    return {e.data["unit"] for e in events if e.kind == "panic.test" and "AS-RNG-8" in e.rules}


def test_as_rng_8_every_engaged_friend_takes_a_panic_test() -> None:
    assert _shot_into_melee([unit("bow", 1, "stark_bowmen", 14.0, 14.0),
                             unit("sw", 1, "stark_sworn_swords", 24.0, 20.0),
                             unit("f", 1, "stark_sworn_swords", 29.15, 25.5, 270),
                             unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)]) == {"sw", "f"}


def _surge(extra: list[dict[str, Any]]) -> list[object]:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1),
                  unit("far", 2, "lannister_guardsmen", 4.0, 44.0, 180), *extra],
                 dice=[6] * 7 + [1] * 7)
    return list(act(game, "attack s g"))


def test_as_srg_1_no_free_maneuver_while_still_engaged() -> None:
    # another enemy still touches the attacker's flank: it may not Surge Forth
    events = _surge([unit("h", 2, "lannister_guardsmen", 18.85, 19.0, 90)])
    assert "unit.destroyed" in kinds(events)
    assert first(events, "surge.forth").data["free_moves"] == 0  # type: ignore[attr-defined]


def test_as_srg_1_no_free_pivot_for_a_friend_engaged_elsewhere() -> None:
    # the friend touching the destroyed enemy is engaged with another one too: no free Pivot
    events = _surge([unit("f", 1, "stark_sworn_swords", 29.15, 25.5, 270),
                     unit("h", 2, "lannister_guardsmen", 33.95, 25.5, 270)])
    assert first(events, "surge.forth").data["free_moves"] == 1  # type: ignore[attr-defined]


def test_as_mel_5_the_target_must_be_engaged() -> None:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180),
                  unit("h", 2, "lannister_guardsmen", 24.0, 34.0, 180)])
    assert refusal_rules(game, "attack s g") == ()
    assert refusal_rules(game, "attack s h") == ("AS-MEL-5",)
    assert not [a for a in game.legal_actions() if isinstance(a, Attack) and a.target == "h"]


def test_as_chg_2_another_unit_takes_the_room_to_align() -> None:
    # two units in front of the target leave a 3.5" gap: seen through it, but no room for a
    # 5.5" tray at 50% or more
    game = table([*_two(10.0), unit("l", 2, "lannister_guardsmen", 19.75, 20.0, 180),
                  unit("r", 2, "lannister_guardsmen", 28.75, 20.0, 180)])
    assert refusal_rules(game, "charge sworn -> guard") == ("AS-CHG-2",)


def test_as_chg_7_the_nearest_legal_overlap_when_no_alignment_fits() -> None:
    # a rock before the target's front edge and a unit to its right leave only offsets between
    # the 50% and 100% placements: the charger takes the nearest legal overlap
    rock = {"kind": "rock", "keywords": ["impassable"],
            "polygon": [[21.3, 22.0], [21.6, 22.0], [21.6, 22.4], [21.3, 22.4]]}
    game = table([unit("c", 1, "stark_sworn_swords", 24.5, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180),
                  unit("r", 2, "lannister_guardsmen", 31.75, 20.0, 180)], [rock], dice=[6])
    events = act(game, "charge c -> g")
    aligned = first(events, "charge.align")
    assert "x" in aligned.data and aligned.data["align"] == 0, aligned.text
    c, g = _u(game, "c").tray, _u(game, "g").tray
    assert c is not None and g is not None
    assert c.polygon.buffer(1e-4).intersection(g.front_edge).length >= 2.75 - 1e-3
    assert 21.6 - 1e-3 <= c.polygon.bounds[0] <= 23.5 + 1e-3


def _rear_mods_game() -> object:
    return table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 0)])


def test_as_bon_3_odds_with_the_rear_bonus_match_the_resolver() -> None:
    preview = attack_preview(*rules_and_state(_rear_mods_game()), "s", "g")  # type: ignore[arg-type]
    assert preview.modifiers is not None and preview.modifiers.defense.value == 5
    exact = attack_odds(preview.modifiers)
    rng = random.Random(3)
    runs = 300
    counts: Counter[int] = Counter()
    for _ in range(runs):
        game = _rear_mods_game()
        act(game, "attack s g")  # type: ignore[arg-type]
        while isinstance(node := game.pending(), Chance):  # type: ignore[attr-defined]
            game.apply(Dice(tuple(rng.randint(1, node.dice.sides)  # type: ignore[attr-defined]
                                  for _ in range(node.dice.count))))
        counts[12 - _u(game, "g").models] += 1
    mean = sum(k * v for k, v in counts.items()) / runs
    assert abs(mean - exact.expected_removed) < 0.35, (mean, exact.expected_removed)
    for k, p in exact.removed.items():
        assert abs(counts[k] / runs - float(p)) < 0.08, (k, counts[k] / runs, float(p))


def test_as_chg_3_legal_actions_keep_charges_of_speed_plus_five_to_six() -> None:
    game = table(_two(10.5))  # Speed 5: only a 6 reaches
    assert refusal_rules(game, "charge sworn -> guard") == ()
    assert Charge("sworn", "guard") in game.legal_actions()


def test_as_chg_15_a_failed_charge_entering_rough_ground_loses_the_penalty() -> None:
    # rough ground 1" ahead, rough_penalty 2: the failed roll of 2 (7") enters it, so the
    # failed move is 7 - 2 = 5" (AS-CHG-15 with the option; the issue 30 boundary)
    rough = {"kind": "rough ground", "keywords": ["rough"],
             "polygon": [[18.0, 13.4], [30.0, 13.4], [30.0, 13.8], [18.0, 13.8]]}
    game = table(_two(9.0), [rough], dice=[2, 6, 6], options={"rough_penalty": 2})
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.roll").data["result"] == "failed"
    assert first(events, "charge.terrain").data["penalty"] == 2.0
    assert float(first(events, "charge.failed").data["moved"]) == 5.0  # type: ignore[arg-type]


def test_as_rng_8_a_friend_engaged_with_the_target_and_another_enemy_tests_too() -> None:
    # the Sworn Swords fight the shot Guardsmen in front and other Guardsmen on their flank:
    # engaged with the target (not only with it), they still take the Panic Test (AS-RNG-8)
    assert _shot_into_melee([unit("bow", 1, "stark_bowmen", 34.0, 12.0),
                             unit("sw", 1, "stark_sworn_swords", 24.0, 20.0),
                             unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180),
                             unit("h", 2, "lannister_guardsmen", 18.85, 19.0, 90)]) == {"sw"}


def test_as_atk_1_a_friendly_unit_is_no_target() -> None:
    # two friends in base contact: attacking one's own side is refused for AS-ATK-1 alone
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("f", 1, "stark_sworn_swords", 24.0, 24.8, 180),
                  unit("g", 2, "lannister_guardsmen", 4.0, 44.0, 180)])
    assert refusal_rules(game, "attack s f") == ("AS-ATK-1",)


def test_as_core_6_a_quarter_inch_apart_is_not_engaged() -> None:
    # Engaged means base contact: trays touching are engaged, a quarter inch apart are not
    touching = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                      unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
    assert engaged_enemies(touching.state, _u(touching, "s")) == ["g"]
    apart = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                   unit("g", 2, "lannister_guardsmen", 24.0, 25.05, 180)])
    assert engaged_enemies(apart.state, _u(apart, "s")) == []


def test_as_res_3_hits_are_counted_from_the_dice_the_effects_leave() -> None:
    # an "after attack dice" effect that turns every die to a 6: the hits count those dice
    game = helpers.scenario("attack_example")
    rolled: list[int] = []

    def hook(state: object, proc: Any, ctx: object) -> None:
        proc.attack_dice = tuple(6 for _ in proc.attack_dice)
        rolled.append(len(proc.attack_dice))

    game.ruleset.add_hook("after_attack_dice", hook)  # type: ignore[attr-defined]
    events = act(game, "attack guard sworn")
    assert rolled and first(events, "attack.hits").data["hits"] == rolled[0]


def test_as_rng_6_range_is_from_the_front_arrow_not_the_tray_corner() -> None:
    # Guardsmen ahead and to the right: 11.8" from the Bowmen's front-right corner but
    # sqrt(2.75^2 + 11.8^2) = 12.1" from their Front Arrow: out of long range (AS-RNG-6)
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0 + 5.5, 26.6, 180)])
    bow, g = _u(game, "bow").tray, _u(game, "g").tray
    assert bow is not None and g is not None
    assert abs(bow.polygon.distance(g.polygon) - 11.8) < 1e-6
    assert refusal_rules(game, "attack bow g") == ("AS-RNG-5", "AS-RNG-6", "AS-RNG-7")
