"""The Charge action (AS-CHG-1..15, AS-CHG-EX)."""

from __future__ import annotations

from game.core.pending import PlayerDecision
from game.rulesets.asoiaf.geo import in_contact
from game.rulesets.asoiaf.inspection import charge_preview
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import (
    SCENARIOS,
    SCRIPTS,
    act,
    first,
    kinds,
    refusal_rules,
    rules_and_state,
    run_cli,
    scenario,
    table,
    unit,
)

FOREST = {"kind": "forest", "keywords": ["blocks-sight"],
          "polygon": [[20.0, 15.0], [28.0, 15.0], [28.0, 18.0], [20.0, 18.0]]}


def _u(game: object, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]  # type: ignore[attr-defined]
    assert isinstance(u, AsoiafUnit)
    return u


def _two(gap: float, **extra: object) -> list[dict[str, object]]:
    """Sworn Swords facing Guardsmen front to front, ``gap`` inches apart."""
    return [unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
            unit("guard", 2, "lannister_guardsmen", 24.0, 12.4 + gap + 2.4, 180, **extra)]


def test_as_chg_1_target_must_be_in_line_of_sight() -> None:
    game = table(_two(8.0), [FOREST])
    assert refusal_rules(game, "charge sworn -> guard") == ("AS-CHG-1",)


def test_as_chg_2_no_room_to_align_fifty_percent() -> None:
    wall = {"kind": "wall", "keywords": ["impassable"],
            "polygon": [[16.0, 21.9], [32.0, 21.9], [32.0, 22.4], [16.0, 22.4]]}
    game = table(_two(10.0), [wall])
    assert refusal_rules(game, "charge sworn -> guard") == ("AS-CHG-2",)


def test_as_chg_3_never_beyond_speed_plus_six() -> None:
    assert refusal_rules(table(_two(11.0)), "charge sworn -> guard") == ()
    assert refusal_rules(table(_two(11.5)), "charge sworn -> guard") == ("AS-CHG-3",)


def test_as_chg_4_majority_arc_flank_and_the_50_50_choice() -> None:
    game = scenario("flank_charge")
    assert charge_preview(*rules_and_state(game), "sworn", "guard").arc[0].value == "right"
    tie = table([unit("greg", 1, "gregor_clegane", 16.25, 17.4, 45),
                 unit("guard", 2, "lannister_guardsmen", 24.0, 24.8, 180)])
    act(tie, "charge greg -> guard")
    node = tie.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.arc"
    assert {str(o) for o in node.options} == {"choose arc=front", "choose arc=right"}


def test_as_chg_5_pivot_must_keep_target_seen_and_reachable() -> None:
    game = scenario("flank_charge")
    assert refusal_rules(game, "charge sworn -> guard pivot=4.086") == ()
    assert "AS-CHG-5" in refusal_rules(game, "charge sworn -> guard pivot=90.0")


def test_as_chg_6_seed_example_failed_charge_moves_its_full_seven_inches() -> None:
    # the seed example: 8" away, D6 2 + Speed 5 = 7": the full move ends 1" short of the
    # target only because it is 8" away (stopping 1" short of a unit in the path is
    # test_mutants.test_as_chg_6_a_failed_charge_stops_one_inch_short_of_a_unit)
    game = scenario("charge_example", [2, 4, 3])
    start = _u(game, "sworn").tray
    events = act(game, "charge sworn -> guard")
    roll = first(events, "charge.roll")
    assert roll.data["d6"] == 2 and roll.data["distance"] == 7 and roll.data["result"] == "failed"
    failed = first(events, "charge.failed")
    assert failed.data["moved"] == 7.0 and abs(float(failed.data["short"]) - 1.0) < 1e-6  # type: ignore[arg-type]
    end = _u(game, "sworn").tray
    assert start is not None and end is not None
    assert abs(end.polygon.distance(start.advanced(7.0).polygon)) < 1e-9
    assert end.polygon.equals_exact(start.advanced(7.0).polygon, 1e-9)


def test_as_chg_7_align_at_100_or_50_the_player_chooses() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.rules == ("AS-CHG-7",)
    assert len(node.options) == 3
    events = act(game, "choose align=50 side=left")
    assert first(events, "charge.align").data["align"] == 50
    sworn, guard = _u(game, "sworn"), _u(game, "guard")
    assert sworn.tray is not None and guard.tray is not None
    assert in_contact(sworn.tray, guard.tray) and abs(sworn.tray.x - 21.25) < 1e-6


def test_as_chg_8_melee_attack_with_the_charge_bonus() -> None:
    game = scenario("charge_example", [3])
    events = act(game, "charge sworn -> guard", "choose align=100 side=centre")
    declared = first(events, "attack.declared")
    assert "AS-CHG-8" in declared.rules and declared.data["charge_bonus"] is True


def test_as_chg_9_pivot_move_align_are_one_move() -> None:
    game = scenario("flank_charge", [6])
    events = act(game, "charge sworn -> guard pivot=4.086")
    assert "AS-CHG-9" in first(events, "charge.pivot").rules
    assert "AS-CHG-9" in first(events, "charge.contact").rules


STAKES_AHEAD = {"kind": "stakes", "keywords": ["stakes"],
                "polygon": [[18.0, 19.0], [30.0, 19.0], [30.0, 19.6], [18.0, 19.6]]}
STAKES_RIGHT = {"kind": "stakes", "keywords": ["stakes"],
                "polygon": [[28.0, 17.0], [29.0, 17.0], [29.0, 18.0], [28.0, 18.0]]}


def test_as_chg_9_terrain_on_the_path_and_the_aligned_tray_triggers_once() -> None:
    # the straight path and the 50%-right placement both touch stakes: one D3+1, not two
    game = table(_two(8.0), [STAKES_AHEAD, STAKES_RIGHT], dice=[6])
    events = act(game, "charge sworn -> guard", "choose align=50 side=right", "dice 1")
    assert [e.data["wounds"] for e in events if e.kind == "charge.stakes"] == [2]
    assert _u(game, "sworn").models == 10


def test_as_chg_9_stakes_reached_only_by_the_alignment_count() -> None:
    # only the aligned tray enters the stakes: alignment is part of the one charge move
    game = table(_two(8.0), [STAKES_RIGHT], dice=[6])
    events = act(game, "charge sworn -> guard")
    assert "charge.stakes" not in kinds(events)
    events = act(game, "choose align=50 side=right", "dice 2")
    assert [e.data["wounds"] for e in events if e.kind == "charge.stakes"] == [3]
    order = kinds(events)
    assert order.index("charge.align") < order.index("charge.stakes") < order.index(
        "attack.declared")


def test_as_chg_10_failed_charge_panic_test_and_activation_ends() -> None:
    game = scenario("charge_example", [2, 1, 1])
    events = act(game, "charge sworn -> guard")
    order = kinds(events)
    assert order.index("charge.failed") < order.index("panic.test") < order.index(
        "activation.end")
    assert "AS-CHG-10" in first(events, "panic.test").rules
    assert _u(game, "sworn").models == 12 - 4
    assert game.state.turn.active == 2


def test_as_chg_11_disorderly_charge_on_a_one_no_bonus() -> None:
    game = table(_two(5.0), dice=[1])
    events = act(game, "charge sworn -> guard", "choose align=100 side=centre")
    assert first(events, "charge.disorderly").rules == ("AS-CHG-11",)
    assert first(events, "attack.declared").data["charge_bonus"] is False
    events = act(game, "dice 1 2 3 4 5 6 1")
    assert "attack.roll" in kinds(events)
    node = game.pending()
    assert not (isinstance(node, PlayerDecision) and node.kind == "attack.reroll")


def test_as_chg_12_no_charge_while_engaged() -> None:
    game = scenario("two_sides")
    assert refusal_rules(game, "charge bers -> guard") == ("AS-CHG-12", "AS-CORE-6")


def test_as_chg_13_other_enemies_touched_are_aligned() -> None:
    game = table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 24.8, 180),
                  unit("halb", 2, "lannister_halberdiers", 30.05, 24.8, 180)], dice=[6])
    events = act(game, "charge sworn -> guard", "choose align=50 side=right")
    other = first(events, "charge.other")
    assert other.rules == ("AS-CHG-13",) and other.data["unit"] == "halb"
    sworn, guard, halb = _u(game, "sworn"), _u(game, "guard"), _u(game, "halb")
    assert sworn.tray and guard.tray and halb.tray
    assert halb.tray.polygon.intersection(guard.tray.polygon).area < 1e-6
    assert halb.tray.polygon.intersection(sworn.tray.polygon).area < 1e-6


def test_as_chg_14_stakes_d3_plus_one_wounds_once_before_the_attack() -> None:
    stakes = {"kind": "stakes", "keywords": ["stakes"],
              "polygon": [[18.0, 14.0], [30.0, 14.0], [30.0, 15.0], [18.0, 15.0]]}
    game = table(_two(8.0), [stakes], dice=[3])
    act(game, "charge sworn -> guard")
    events = act(game, "choose align=100 side=centre", "dice 2")
    hurt = [e for e in events if e.kind == "charge.stakes"]
    assert len(hurt) == 1 and hurt[0].data["wounds"] == 3
    order = kinds(events)
    assert order.index("charge.stakes") < order.index("attack.declared")
    assert _u(game, "sworn").models == 9


def test_as_chg_15_rough_slows_the_charge_move_only() -> None:
    rough = {"kind": "rough ground", "keywords": ["rough"],
             "polygon": [[18.0, 14.0], [30.0, 14.0], [30.0, 15.0], [18.0, 15.0]]}
    game = table(_two(8.0), [rough], dice=[5])
    preview = charge_preview(*rules_and_state(game), "sworn", "guard")
    assert abs(preview.distance_needed - 10.0) < 1e-6 and preview.roll_needed == 5
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.terrain").rules == ("AS-CHG-15",)
    assert first(events, "charge.roll").data["result"] == "success"
    beside = {"kind": "rough ground", "keywords": ["hindering"],
              "polygon": [[26.8, 18.0], [30.0, 18.0], [30.0, 22.4], [26.8, 22.4]]}
    game = table(_two(8.0), [beside], dice=[3])
    events = act(game, "charge sworn -> guard", "choose align=50 side=right")
    assert first(events, "charge.roll").data["result"] == "success"
    assert "charge.terrain" not in kinds(events)


def test_as_chg_ex_seed_examples_through_the_cli() -> None:
    scen = str(SCENARIOS / "asoiaf_charge_example.toml")
    code, out = run_cli("run", scen, "--actions", str(SCRIPTS / "charge_fail.txt"),
                        "--dice", "2", "4", "3")
    assert code == 0
    assert "charge.declared  unit=sworn target=guard arc=front needed=8 roll_needed=3" in out
    assert "charge.roll  unit=sworn d6=2 speed=5 distance=7 needed=8 result=failed" in out
    assert "moved=7 short=1" in out and "[AS-CHG-6, AS-CHG-10]" in out
    code, out = run_cli("run", scen, "--actions", str(SCRIPTS / "charge_success.txt"))
    assert code == 0 and "result=success" in out and "AS-CHG-8" in out
