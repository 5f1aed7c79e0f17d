"""Typed decisions (issue 9 item 3, issue 11 items 1 and 9): every answer offered with a
player-facing label, ghosts for placements, and free answers the ruleset checks: any legal
Surge Forth Maneuver or Pivot and any Retreat facing (AS-SRG-1, AS-CORE-4), one "pick dice"
answer for the Charge Bonus re-roll (AS-BON-1)."""

from __future__ import annotations

import time

from game.core.actions import Choose
from game.core.game import Game
from game.core.pending import PickDice, PlayerDecision, PointAnswer
from game.core.present import Offer
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, first, scenario, table, unit


def _surge_table() -> Game:
    return table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("f", 1, "stark_sworn_swords", 29.15, 25.5, 270),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1),
                  unit("h", 2, "lannister_guardsmen", 4.0, 44.0, 180)],
                 dice=[6] * 7 + [1] * 7)


def _decision(game: Game) -> PlayerDecision:
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    return node


def _plain_words(offer: Offer) -> None:
    assert offer.label and "=" not in offer.label and "choose" not in offer.label.lower()


def test_as_srg_1_free_maneuver_takes_any_legal_maneuver() -> None:
    game = _surge_table()
    act(game, "attack s g")
    node = _decision(game)
    assert node.kind == "free.maneuver" and isinstance(node.free[0], PointAnswer)
    for offer in node.offers:
        _plain_words(offer)
    assert all(o.ghost is not None for o in node.offers[1:])
    # a move no sample offers: a 30° pivot left and 3" (issue 11 item 1)
    odd = Choose.of(unit="s", turn=-30.0, distance=3.0, then=15.0)
    assert odd not in node.options and game.why_not(odd) is None
    too_far = Choose.of(unit="s", turn=0.0, distance=9.0)
    refusal = game.why_not(too_far)
    assert refusal is not None and "AS-SRG-1" in refusal.rules
    assert game.why_not(Choose.of(unit="f", skip="yes")) is not None  # not f's turn yet
    events = act(game, str(odd))
    assert first(events, "unit.maneuvered").data["turn"] == -30.0


def test_as_srg_1_free_pivot_takes_any_facing_and_offers_facing_the_enemy() -> None:
    game = _surge_table()
    act(game, "attack s g", "choose unit=s skip=yes")
    node = _decision(game)
    assert node.kind == "free.pivot"
    assert any(o.label.startswith("Face ") for o in node.offers)
    steer = node.free[0]
    assert isinstance(steer, PointAnswer)
    f = game.state.units["f"]
    assert f.tray is not None
    built = steer.steer.build((f.tray.x + 10.0, f.tray.y + 10.0), 0.0, False)
    assert built is not None and built.ghost is not None and built.ghost.pose is not None
    assert built.ghost.pose[2] == 45.0 and game.why_not(built.action) is None
    act(game, "choose unit=f facing=37.5")
    assert f.tray is not None and abs(f.tray.facing - 37.5) < 1e-9


def test_as_core_4_retreat_ends_at_any_legal_facing() -> None:
    game = scenario("attack_example", [4])
    act(game, "retreat guard")
    node = _decision(game)
    assert node.kind == "retreat.move" and isinstance(node.free[0], PointAnswer)
    for offer in node.offers:
        _plain_words(offer)
    odd = Choose.of(dir="back", distance=9.0, facing=200.0)
    assert odd not in node.options and game.why_not(odd) is None
    bad = game.why_not(Choose.of(dir="back", distance=12.0, facing=0.0))
    assert bad is not None and "AS-CORE-4" in bad.rules
    act(game, str(odd))
    guard = game.state.units["guard"]
    assert guard.tray is not None and abs(guard.tray.facing - 200.0) < 1e-9


def test_as_bon_1_reroll_is_one_pick_dice_answer_even_for_many_dice() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1")
    node = _decision(game)
    assert [o.label for o in node.offers] == ["Keep all dice", "Re-roll every miss (4 dice)"]
    picker = node.free[0]
    assert isinstance(picker, PickDice)
    assert game.why_not(Choose.of(reroll="8")) is not None
    assert game.why_not(Choose.of(reroll="2+2")) is not None
    assert game.why_not(picker.answer(frozenset())) is None


def test_as_bon_1_many_dice_decide_fast() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1")
    proc = game.state.procedure
    proc.attack_dice = tuple([2, 3] * 12)  # type: ignore[union-attr]
    started = time.process_time()
    node = _decision(game)
    assert len(node.offers) == 2
    assert game.why_not(Choose.of(reroll="+".join(map(str, range(1, 25))))) is None
    assert time.process_time() - started < 1.0


def test_charge_alignment_offers_have_words_and_ghosts() -> None:
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard")
    node = _decision(game)
    assert node.kind == "charge.align"
    for offer in node.offers:
        _plain_words(offer)
        assert offer.ghost is not None and offer.ghost.unit == "sworn"
    assert "Align 100% (centred)" in [o.label for o in node.offers]
    assert isinstance(game.state.units["sworn"], AsoiafUnit)


def test_bad_free_answers_are_refused_not_crashing() -> None:
    game = scenario("attack_example", [4])
    act(game, "retreat guard")
    for bad in (Choose.of(dir="back", distance="nan", facing=0.0),
                Choose.of(dir="back", distance=3.0, facing="inf"),
                Choose.of(dir="up", distance=3.0, facing=0.0),
                Choose.of(dir="back", distance="x", facing=0.0),
                Choose.of(dir="back")):
        refusal = game.why_not(bad)
        assert refusal is not None and "AS-CORE-4" in refusal.rules
    game = _surge_table()
    act(game, "attack s g")
    for bad in (Choose.of(unit="s", turn="nan", distance=1.0),
                Choose.of(unit="s", facing=10.0),
                Choose.of(unit="zz", skip="yes")):
        assert game.why_not(bad) is not None
