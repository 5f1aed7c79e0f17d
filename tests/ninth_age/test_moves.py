"""Combined moves (NA-MOV-2: advance, wheel, advance within the rate with the wheel counted)
and Shifts back or sideways (NA-MOV-3: half the Advance rate), checked exactly: never through
units or impassable ground, never ending within 1" of an enemy, the swept ground checked; and
offered on the table as pointed moves (Steer) whose offers are checked by ``why_not``."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.game import Game
from game.geometry.tray import Tray
from game.rulesets.ninth_age.actions import Manoeuvre, Shift
from game.rulesets.ninth_age.moves import manoeuvred, shifted, wheel_swept, wheeled

from .helpers import nu, play, scenario, unit


def _field(*others: dict[str, Any], terrain: list[dict[str, Any]] | None = None) -> Game:
    """Veteran Orcs (side 1, Mob from their profile) facing north at (24, 10), and
    ``others``; player 1's Move phase."""
    units = [unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"), *others]
    if not any(u["side"] == 2 for u in others):
        units.append(unit("far", 2, (4.0, 44.0), 180.0, profile="goblin_archers"))
    game = scenario(units, terrain=terrain or ()).new_game()
    play(game, "end")  # the Charge phase ends
    assert game.state.turn.phase == "move"
    return game


def _mob(game: Game) -> float:
    return float(nu(game, "a").model.mob)


def test_na_mov_2_advance_then_wheel_then_advance_counts_the_wheel() -> None:
    """NA-MOV-2: 1" ahead, a 30° wheel and 1" on end where the three parts put the unit and
    cost the straight inches plus the outer corner's arc; within the Advance rate it is an
    Advance, beyond it a March, beyond twice the rate refused."""
    game = _field()
    orcs = nu(game, "a")
    assert orcs.tray is not None
    start = orcs.tray
    arc = start.width * math.radians(30.0)
    expected = wheeled(start.advanced(1.0), 30.0).advanced(1.0)
    assert game.why_not(Manoeuvre("a", 1.0, 30.0, 1.0)) is None
    play(game, "manoeuvre a 1 30 then=1")
    moved = nu(game, "a")
    assert moved.tray is not None
    assert math.isclose(moved.tray.x, expected.x) and math.isclose(moved.tray.y, expected.y)
    assert math.isclose(moved.tray.facing, 30.0)
    assert moved.marched == (2.0 + arc > moved.model.mob)
    event = next(e for e in game.log[-1].events if e.kind == "unit.manoeuvred")
    assert "NA-MOV-2" in event.rules and math.isclose(event.data["distance"], 2.0 + arc)
    again = _field()
    rate = 2 * _mob(again)
    too_far = Manoeuvre("a", rate - arc / 2.0, 30.0, 0.0)  # straight + arc > March rate
    refusal = again.why_not(too_far)
    assert refusal is not None and "NA-MOV-2" in refusal.rules
    assert again.why_not(Manoeuvre("a", rate - arc - 0.01, 30.0, 0.0)) is None


def test_na_mov_2_wheel_then_advance_and_bad_input_refused() -> None:
    """NA-MOV-2: a wheel first then straight on is the same action with nothing ahead; negative
    distances and angles beyond 180 degrees are refused with a reason and change nothing."""
    game = _field()
    before = nu(game, "a").tray
    for bad in (Manoeuvre("a", -1.0, 10.0, 0.0), Manoeuvre("a", 0.0, 200.0, 1.0),
                Manoeuvre("a", 0.0, -10.0, -2.0)):
        refusal = game.why_not(bad)
        assert refusal is not None and "NA-MOV-2" in refusal.rules
    assert nu(game, "a").tray == before
    assert game.why_not(Manoeuvre("a", 0.0, -45.0, 2.0)) is None


def test_na_mov_2_the_wheel_may_not_sweep_through_a_unit() -> None:
    """NA-MOV-2: a friend standing where the outer corner's arc passes (but clear of both end
    positions' straight hulls) blocks the combined move; moved away, it is allowed."""
    game = _field()
    orcs = nu(game, "a")
    assert orcs.tray is not None
    deg = min(90.0, math.degrees((2 * _mob(game) - 1.5) / orcs.tray.width))
    start = orcs.tray.advanced(1.0)
    end = wheeled(start, deg)
    swept = wheel_swept(start, deg)
    gap = swept.difference(orcs.tray.polygon.union(start.polygon).convex_hull).difference(
        end.polygon)
    spot = gap.representative_point()
    blocker = unit("b", 1, (spot.x, spot.y), 0.0, stats={"unit": "veteran_orcs", "models": 1,
                                                          "files": 1})
    assert game.why_not(Manoeuvre("a", 1.0, deg, 0.0)) is None
    blocked = _field(blocker)
    refusal = blocked.why_not(Manoeuvre("a", 1.0, deg, 0.0))
    assert refusal is not None and "blocked" in refusal.reason and "NA-MOV-1" in refusal.rules


def test_na_mov_2_may_not_end_within_1_inch_of_an_enemy_nor_cross_impassable() -> None:
    """NA-MOV-1/2: a combined move ending within 1" of an enemy is refused; so is one whose
    straight part crosses impassable ground."""
    probe = _field()
    orcs = nu(probe, "a")
    assert orcs.tray is not None
    front = orcs.tray.front_arrow[1]
    enemy = unit("e", 2, (24.0, front + 2.5 + 0.5), 180.0,
                 stats={"unit": "veteran_orcs", "models": 1, "files": 1})
    game = _field(enemy)
    assert game.why_not(Manoeuvre("a", 0.0, 0.0, 1.0)) is None
    refusal = game.why_not(Manoeuvre("a", 0.0, 0.0, 2.0))
    assert refusal is not None and "within 1" in refusal.reason
    pond = {"kind": "pond", "keywords": ["impassable"],
            "polygon": [[10.0, 14.0], [38.0, 14.0], [38.0, 15.0], [10.0, 15.0]]}
    wet = _field(terrain=[pond])
    refusal = wet.why_not(Manoeuvre("a", 0.0, 10.0, 3.0))
    assert refusal is not None and "impassable" in refusal.reason


def test_na_mov_3_a_shift_steps_back_or_sideways_at_most_half_the_advance_rate() -> None:
    """NA-MOV-3: a step back, left or right keeps the facing and moves exactly that far; more
    than half the Advance rate, no distance or an unknown direction is refused."""
    game = _field()
    orcs = nu(game, "a")
    assert orcs.tray is not None
    half = _mob(game) / 2.0
    for direction, (dx, dy) in (("back", (0.0, -1.0)), ("left", (-1.0, 0.0)),
                                ("right", (1.0, 0.0))):
        new = shifted(orcs.tray, direction, half)
        assert math.isclose(new.x, orcs.tray.x + dx * half, abs_tol=1e-9)
        assert math.isclose(new.y, orcs.tray.y + dy * half, abs_tol=1e-9)
        assert new.facing == orcs.tray.facing
        assert game.why_not(Shift("a", direction, half)) is None
    for bad in (Shift("a", "back", half + 0.01), Shift("a", "back", 0.0),
                Shift("a", "up", 1.0), Shift("a", "left", -1.0)):
        refusal = game.why_not(bad)
        assert refusal is not None and "NA-MOV-3" in refusal.rules
    play(game, f"shift a left {half:g}")
    moved = nu(game, "a")
    assert moved.moved and not moved.marched and "a" in game.state.turn.activated
    assert game.why_not(Shift("a", "left", 0.5)) is not None  # one move per phase


def test_na_mov_3_a_shift_never_passes_through_a_unit() -> None:
    """NA-MOV-3: a friend right behind the unit blocks a step back."""
    behind = unit("b", 1, (24.0, 6.0), 0.0, stats={"unit": "veteran_orcs", "models": 5,
                                                    "files": 5})
    game = _field(behind)
    half = _mob(game) / 2.0
    refusal = game.why_not(Shift("a", "back", half))
    assert refusal is not None and "blocked" in refusal.reason


def test_na_mov_2_and_3_are_pointed_on_the_table_and_checked() -> None:
    """NA-MOV-2/3: in the Move phase the unit's buttons include the combined move and the
    Shift with a Steer (NA-TURN-1: only the phase's own buttons); pointing ahead-right gives
    a legal wheel-then-advance whose ghost faces the pointer's side, pointing behind a step
    back; the offers pass ``why_not``."""
    game = _field()
    commands = {c.key: c for c in game.ruleset.commands(game.state, "a")}
    combined, step = commands["manoeuvre"], commands["shift"]
    assert combined.enabled and combined.steer is not None
    assert step.enabled and step.steer is not None
    offer = combined.steer.build((27.0, 16.0), 0.0, False)
    assert offer is not None and isinstance(offer.action, Manoeuvre)
    assert offer.action.degrees > 0 and game.why_not(offer.action) is None
    assert offer.ghost is not None and offer.ghost.pose is not None
    assert 0 < offer.ghost.pose[2] < 90
    back = step.steer.build((24.0, 4.0), 0.0, False)
    assert back is not None and isinstance(back.action, Shift)
    assert back.action.direction == "back" and game.why_not(back.action) is None
    play(game, "end")  # the Shoot phase: only its own button, no pointing moves
    later = {c.key: c for c in game.ruleset.commands(game.state, "a")}
    assert set(later) == {"shoot"} and all(c.steer is None for c in later.values())


@settings(max_examples=60, deadline=None)
@given(w=st.floats(1.0, 10.0), d=st.floats(0.5, 8.0), f=st.floats(0.0, 359.0),
       deg=st.floats(-180.0, 180.0))
def test_na_mov_2_the_swept_ground_holds_every_position_of_the_wheel(
        w: float, d: float, f: float, deg: float) -> None:
    """NA-MOV-2: the ground checked for a wheel holds the boundary at every angle of the turn
    (sampled finely), so nothing the unit passes through goes unchecked."""
    tray = Tray(20.0, 20.0, f, w, d)
    ground = wheel_swept(tray, deg).buffer(1e-7)
    for i in range(181):
        at = wheeled(tray, deg * i / 180.0).polygon
        assert at.difference(ground).area < 1e-9
    _, cost, swept = manoeuvred(tray, 1.0, deg, 1.0)
    assert math.isclose(cost, 2.0 + w * abs(math.radians(deg)))
    assert swept.buffer(1e-7).contains(wheel_swept(tray.advanced(1.0), deg))


def test_na_chg_1_a_disabled_charge_button_and_the_hover_say_why() -> None:
    """NA-CHG-1/2: with no legal charge the Charge button's refusal is the game's own reason
    for the nearest enemy (never a bare "no legal use"); an enemy within reach whose charge is
    refused says why in the pair hover; an enabled button explains a non-target on hover."""
    far = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                    unit("e", 2, (24.0, 40.0), 180.0, profile="veteran_orcs")]).new_game()
    button = next(c for c in far.ruleset.commands(far.state, "a") if c.key == "charge")
    assert button.refusal is not None and "beyond the Charge reach" in button.refusal.reason
    assert "NA-CHG-1" in button.refusal.rules
    pond = {"kind": "pond", "keywords": ["impassable"],
            "polygon": [[14.0, 15.0], [34.0, 15.0], [34.0, 16.0], [14.0, 16.0]]}
    wet = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                    unit("e", 2, (24.0, 20.0), 180.0, profile="veteran_orcs")],
                   terrain=[pond]).new_game()
    seen = wet.ruleset.inspect_pair(wet.state, "a", "e")
    assert seen is not None
    assert any(x.text.startswith("No charge:") and "impassable" in x.text for x in seen.lines)
    near = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                     unit("e", 2, (24.0, 20.0), 180.0, profile="veteran_orcs"),
                     unit("f", 2, (4.0, 44.0), 180.0, profile="veteran_orcs")]).new_game()
    ready = next(c for c in near.ruleset.commands(near.state, "a") if c.key == "charge")
    assert ready.enabled and ready.target_refusal is not None
    why = ready.target_refusal("f")
    assert why is not None and "NA-CHG-1" in why.rules


def test_na_turn_1_the_game_ends_after_the_last_round_on_that_round() -> None:
    """NA-TURN-1: with ``rounds = 1`` the game ends when the second player's Melee phase ends,
    the round counter still on 1 (never "Round 2 begins"), the side with more models winning."""
    game = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                     unit("e", 2, (24.0, 40.0), 180.0, profile="goblin_archers")],
                    rounds=1).new_game()
    play(game, "end", "end", "end")  # Charge, Move, Shoot; a Melee without combat ends itself
    assert game.state.outcome is None and game.state.turn.active == 2
    play(game, "end", "end", "end")
    assert game.state.outcome is not None and game.state.turn.round == 1
    assert game.state.outcome.winner == 2  # 25 goblins against 20 orcs
    texts = [e.text for entry in game.log for e in entry.events]
    assert not any("Round 2 begins" in t for t in texts)
