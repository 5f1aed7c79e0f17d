"""Findings of the outside rules review (issue 11) that give a player back a choice; each test
was written first and failed before its fix."""

from __future__ import annotations

import math
import re

from game.core.actions import Choose
from game.core.game import Game
from game.core.pending import PlayerDecision
from game.rulesets.asoiaf.actions import Attack, Charge
from tests.asoiaf.helpers import act, first, table, unit


def _tied_attacker() -> Game:
    """Sworn Swords touching the Guardsmen's front-left corner, split 50/50 by the corner's
    45° line between the defender's Front and Left Arcs."""
    corner_x, corner_y = 24.0 - 5.5 / 2, 24.0 + 4.8 / 2
    k = 4.8 / 2 / math.sqrt(2)
    return table([unit("a", 1, "stark_sworn_swords", corner_x - k, corner_y + k, 135),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.0, 0)], dice=[3] * 30)


def test_as_bon_2_a_50_50_tie_between_two_defender_arcs_is_the_attackers_choice() -> None:
    game = _tied_attacker()
    act(game, "attack a g")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "attack.arc"
    assert node.player == 1 and "AS-BON-2" in node.rules
    assert {o.action for o in node.offers} == {Choose.of(arc="front"), Choose.of(arc="left")}
    assert all("=" not in o.label for o in node.offers)
    events = act(game, "choose arc=left")
    declared = first(events, "attack.declared")
    assert declared.data["arc"] == "left" and "AS-BON-2" in declared.rules
    assert declared.data["defense"] == game.state.units["g"].stats.defense + 1  # type: ignore[attr-defined]
    assert first(events, "attack.roll").data["dice"]  # then the attack goes on as usual


def test_as_bon_2_the_attacker_may_also_take_the_front() -> None:
    game = _tied_attacker()
    events = act(game, "attack a g", "choose arc=front")
    declared = first(events, "attack.declared")
    assert declared.data["arc"] == "front"
    assert declared.data["defense"] == game.state.units["g"].stats.defense  # type: ignore[attr-defined]


def test_as_bon_2_the_preview_of_a_tie_assumes_the_attackers_better_arc() -> None:
    game = _tied_attacker()
    looked = game.ruleset.inspect_pair(game.state, "a", "g")
    assert looked is not None
    melee = next(line for line in looked.lines if line.text.startswith("Melee attack"))
    assert "AS-BON-2" in melee.rules


ROCK = {"kind": "rock", "keywords": ["impassable"],
        "polygon": [[23.1, 15.63], [23.99, 15.63], [23.99, 16.52], [23.1, 16.52]]}


def _pivot_scene() -> Game:
    """A rock blocks the straight path both with no pivot and when pointing at the target's
    centre; pivots of 30° to 57° reach it."""
    return table([unit("a", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("t", 2, "lannister_guardsmen", 28.22, 20.17, 180)], [ROCK])


def test_as_chg_5_a_charge_is_offered_when_only_another_pivot_works() -> None:
    game = _pivot_scene()
    assert game.why_not(Charge("a", "t", 0.0)) is not None
    charges = [a for a in game.legal_actions() if isinstance(a, Charge)]
    assert len(charges) == 1 and 30.0 <= charges[0].pivot <= 57.0
    assert game.why_not(charges[0]) is None
    command = {c.key: c for c in game.ruleset.commands(game.state, "a")}["charge"]
    label = command.offers[0].label  # the pivot in words: "(turn 33° right)"
    assert command.enabled and re.search(r"\(turn \d+° (left|right)\)", label), label


TWO_OF_EACH = {"name": "Duo", "tray": "infantry", "speed": 5, "defense": 4, "morale": 6,
               "attacks": [{"name": "Sword", "type": "melee", "hit": 4, "dice": [7, 5, 4]},
                           {"name": "Axe", "type": "melee", "hit": 3, "dice": [5, 4, 3]},
                           {"name": "Bow", "type": "long", "hit": 4, "dice": [6, 5, 4]},
                           {"name": "Javelins", "type": "short", "hit": 3, "dice": [4, 3, 2]}]}


def _duo(y: float, dice: list[int] | None = None) -> Game:
    duo = {"id": "d", "side": 1, "stats": TWO_OF_EACH, "at": [24.0, 10.0], "facing": 0.0}
    return table([duo, unit("g", 2, "lannister_guardsmen", 24.0, y, 180)], dice=dice or [])


def _weapons(game: Game) -> set[int]:
    return {a.weapon for a in game.legal_actions() if isinstance(a, Attack)}


def test_as_rng_4_each_ranged_attack_in_range_is_offered() -> None:
    assert _weapons(_duo(10.0 + 2.4 + 10.0 + 2.4)) == {2}  # 10": the Bow only (long range)
    assert _weapons(_duo(10.0 + 2.4 + 5.0 + 2.4)) == {2, 3}  # 5": Bow and Javelins


def test_as_mel_5_each_melee_attack_is_offered_when_engaged() -> None:
    game = _duo(10.0 + 2.4 + 2.4)
    assert _weapons(game) == {0, 1}
    events = act(game, "attack d g weapon=1")
    assert first(events, "attack.declared").data["weapon"] == "Axe"


def test_as_chg_8_the_charger_chooses_its_melee_attack() -> None:
    game = _duo(10.0 + 2.4 + 6.0 + 2.4, dice=[6])
    act(game, "charge d -> g")
    node = game.pending()
    if isinstance(node, PlayerDecision) and node.kind == "charge.align":
        act(game, "choose align=100 side=centre")
        node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.weapon"
    assert [o.label for o in node.offers] == ["Attack with Sword", "Attack with Axe"]
    events = act(game, str(node.offers[1].action))
    declared = first(events, "attack.declared")
    assert declared.data["weapon"] == "Axe" and declared.data["charge_bonus"] is True


def _edge_scene(rock_bottom: float, dice: list[int] | None = None) -> Game:
    """The target's left edge ends 0.3" from the table edge (y = 0) and a rock stands above
    the charger's lane from ``rock_bottom`` up; the charger comes from the left."""
    rock = {"kind": "rock", "keywords": ["impassable"],
            "polygon": [[24.0, rock_bottom], [27.25, rock_bottom], [27.25, 9.0], [24.0, 9.0]]}
    return table([unit("c", 1, "stark_sworn_swords", 18.0, 2.8, 90),
                  unit("t", 2, "lannister_guardsmen", 30.0, 2.7, 0)], [rock], dice=dice or [])


def test_as_chg_2_room_to_align_counts_the_table_edge() -> None:
    # 5.3" between the table edge and the rock: no room for the 5.5" tray at any overlap
    game = _edge_scene(5.3)
    refusal = game.why_not(Charge("c", "t", 0.0))
    assert refusal is not None and refusal.rules == ("AS-CHG-2",)
    assert not [a for a in game.legal_actions() if isinstance(a, Charge)]


def test_as_chg_7_the_closest_alignment_is_searched_on_the_table() -> None:
    # 5.6" of room: 100% sticks 0.05" off the table, but a placement just above it fits
    game = _edge_scene(5.6, dice=[6])
    events = act(game, "charge c -> t")
    aligned = first(events, "charge.align")
    assert "x" in aligned.data, aligned.text  # it was placed, not left where it stopped
    tray = game.state.units["c"].tray
    assert tray is not None and game.state.board.polygon.buffer(1e-6).covers(tray.polygon)  # type: ignore[union-attr]
    assert tray.polygon.intersection(game.state.units["t"].tray.polygon).area < 1e-6  # type: ignore[union-attr]


def test_as_rng_3_the_table_offers_a_shift_that_brings_a_target_into_range() -> None:
    game = table([unit("bow", 1, "stark_bowmen", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 12.4 + 13.0 + 2.4, 180)])
    assert game.why_not(Attack("bow", "g")) is not None  # 13": beyond long range
    shots = [a for a in game.legal_actions() if isinstance(a, Attack)]
    assert len(shots) == 1 and 1.0 <= (shots[0].dx ** 2 + shots[0].dy ** 2) ** 0.5 <= 2.0
    assert game.why_not(shots[0]) is None
    label = game.ruleset.present(game.state, shots[0]).label
    assert label.startswith("Shoot Lannister Guardsmen") and "shifting" in label


BOULDER = {"kind": "boulder", "keywords": ["impassable"],
           "polygon": [[23.0, 14.0], [25.0, 14.0], [25.0, 15.0], [23.0, 15.0]]}


def _blocked(option: str | None, dice: list[int]) -> Game:
    options = {"charge_blocked_path": option} if option else None
    return table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 12.4 + 8.0 + 2.4, 180)],
                 [BOULDER], dice=dice, options=options)


def test_as_chg_6_blocked_path_is_refused_by_default() -> None:
    refusal = _blocked(None, []).why_not(Charge("sworn", "guard"))
    assert refusal is not None and "AS-CHG-6" in refusal.rules


def test_as_chg_6_blocked_path_fails_one_inch_short_with_the_fail_reading() -> None:
    game = _blocked("fail", [6, 6, 6])
    assert Charge("sworn", "guard") in game.legal_actions()
    events = act(game, "charge sworn -> guard")
    assert first(events, "charge.blocked").rules == ("AS-CHG-6",)
    failed = first(events, "charge.failed")
    assert abs(failed.data["moved"] - (14.0 - 12.4 - 1.0)) < 1e-3  # 1" short of the boulder
    assert first(events, "panic.test").data["unit"] == "sworn"  # AS-CHG-10


def test_charge_blocked_path_option_is_checked() -> None:
    from game.rulesets.asoiaf.ruleset import option_problems

    assert option_problems({"charge_blocked_path": "maybe"})
    assert not option_problems({"charge_blocked_path": "fail"})
