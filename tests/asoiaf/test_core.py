"""Round structure, Maneuver, Retreat, end of game, setup and action text forms (AS-CORE-*)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.actions import parse
from game.core.pending import Chance, Over, PlayerDecision
from game.rulesets.asoiaf import create
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.geo import engaged_enemies
from game.rulesets.asoiaf.texts import RULE_TEXTS
from game.rulesets.asoiaf.units import AsoiafUnit
from game.scenario.problems import ScenarioError
from tests.asoiaf.helpers import act, first, kinds, refusal_rules, scenario, table, unit

TYPES = create({}).action_types()
ids = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True)
floats = st.floats(-180, 180, allow_nan=False).map(lambda f: round(f, 3))


@given(ids, ids, floats)
def test_charge_round_trips(u: str, t: str, p: float) -> None:
    a = Charge(u, t, p)
    assert parse(str(a), TYPES) == a


@given(ids, ids, st.integers(-1, 3), st.sampled_from(["keep", "100", "50"]),
       st.sampled_from(["none", "left", "right"]), floats, floats)
def test_attack_round_trips(u: str, t: str, w: int, al: str, side: str, dx: float,
                            dy: float) -> None:
    a = Attack(u, t, w, al, side, dx, dy)
    assert parse(str(a), TYPES) == a


@given(ids, floats, st.floats(0, 12, allow_nan=False), floats)
def test_maneuver_retreat_hold_round_trip(u: str, turn: float, d: float, then: float) -> None:
    for a in (Maneuver(u, turn, d, then), Retreat(u), Hold(u)):
        assert parse(str(a), TYPES) == a


def _u(game: object, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]  # type: ignore[attr-defined]
    assert isinstance(u, AsoiafUnit)
    return u


def test_as_core_1_alternating_activations_and_rounds() -> None:
    game = table([unit("a", 1, "stark_sworn_swords", 10.0, 6.0),
                  unit("b", 1, "stark_bowmen", 30.0, 6.0),
                  unit("x", 2, "lannister_guardsmen", 20.0, 42.0, 180)])
    act(game, "hold a")
    assert game.state.turn.active == 2
    act(game, "hold x")
    assert game.state.turn.active == 1
    assert refusal_rules(game, "hold a") == ("AS-CORE-1",)
    events = act(game, "hold b")
    assert first(events, "round.start").data["round"] == 2
    assert game.state.turn.active == 1 and game.state.turn.activated == []


def test_as_core_2_one_action_then_the_activation_ends() -> None:
    game = scenario("attack_example")
    assert refusal_rules(game, "end") == ("AS-CORE-2",)
    events = act(game, "attack guard sworn")
    assert kinds(events)[-2:] == ["activation.end", "turn.handover"]


def test_as_core_3_maneuver_rules() -> None:
    game = table([unit("a", 1, "stark_sworn_swords", 24.0, 6.0),
                  unit("x", 2, "lannister_guardsmen", 24.0, 24.0, 180)])
    assert refusal_rules(game, "maneuver a 0.0 6.0") == ("AS-CORE-3",)
    assert refusal_rules(game, "maneuver a 0.0 5.0 then=90.0") == ()
    near = table([unit("a", 1, "stark_sworn_swords", 24.0, 6.0),
                  unit("x", 2, "lannister_guardsmen", 24.0, 16.3, 180)])
    assert refusal_rules(near, "maneuver a 0.0 5.0") == ("AS-CORE-3",)  # ends within 1"
    events = act(game, "maneuver a 90.0 5.0 then=-90.0")
    a = _u(game, "a")
    assert a.tray is not None and abs(a.tray.x - 29.0) < 1e-6 and abs(a.tray.facing) < 1e-6
    assert "AS-CORE-3" in first(events, "unit.maneuvered").rules
    assert refusal_rules(scenario("two_sides"), "maneuver bers 0.0 1.0") == (
        "AS-CORE-3", "AS-CORE-6")


def test_as_core_4_retreat_then_free_enemy_pivot() -> None:
    game = scenario("attack_example", [4])
    assert refusal_rules(scenario("bowmen_range"), "retreat bow") == (
        "AS-CORE-4", "AS-CORE-6")
    act(game, "retreat guard")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "retreat.move"
    back = next(o for o in node.options if str(o).startswith("choose dir=back distance=10.0"))
    act(game, str(back))
    assert engaged_enemies(game.state, _u(game, "guard")) == []
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "free.pivot"
    assert node.player == 2 and "AS-CORE-4" in node.rules


def test_as_core_5_game_over_at_the_round_limit_or_when_a_side_is_gone() -> None:
    game = table([unit("a", 1, "stark_sworn_swords", 10.0, 6.0),
                  unit("x", 2, "lannister_guardsmen", 20.0, 42.0, 180, models=3)],
                 options={"rounds": 1})
    events = act(game, "hold a", "hold x")
    over = first(events, "game.over")
    assert over.rules == ("AS-CORE-5",) and isinstance(game.pending(), Over)
    assert game.state.outcome is not None and game.state.outcome.winner == 1
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1)],
                 dice=[6] * 7 + [1] * 7)
    act(game, "attack s g")
    assert game.state.outcome is not None and game.state.outcome.winner == 1


def test_as_core_6_engaged_means_base_contact() -> None:
    game = scenario("attack_example")
    assert engaged_enemies(game.state, _u(game, "guard")) == ["sworn"]
    game = scenario("bowmen_range")
    assert engaged_enemies(game.state, _u(game, "bow")) == []


def test_profiles_inline_stats_list_every_problem() -> None:
    bad = {"name": "x", "speed": 0, "defense": 9, "morale": 6, "colour": "red",
           "attacks": [{"name": "Bow", "type": "longbow", "hit": 4, "dice": []}]}
    with pytest.raises(ScenarioError) as err:
        table([{"id": "s", "side": 1, "stats": bad, "at": [24.0, 20.0]},
               unit("g", 2, "lannister_guardsmen", 24.0, 40.0, 180)])
    text = str(err.value)
    for word in ("speed", "defense", "colour", "type", "dice"):
        assert word in text


def test_bad_counters_and_options_are_refused() -> None:
    with pytest.raises(ScenarioError):
        table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0, models=13),
               unit("g", 2, "lannister_guardsmen", 24.0, 40.0, 180)])
    with pytest.raises(ScenarioError):
        table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
               unit("g", 2, "lannister_guardsmen", 24.0, 40.0, 180)], options={"round": 3})


def test_every_rule_cited_by_the_code_has_a_text_and_every_text_is_cited() -> None:
    import re

    from tests.conftest import ROOT
    package = ROOT / "game" / "rulesets" / "asoiaf"
    cited = {i for p in package.rglob("*.py") if p.name != "texts.py"
             for i in re.findall(r"AS-[A-Z]+-[0-9A-Z]+", p.read_text())}
    assert cited <= set(RULE_TEXTS), sorted(cited - set(RULE_TEXTS))
    assert set(RULE_TEXTS) <= cited, sorted(set(RULE_TEXTS) - cited)


def test_dice_arrive_as_chance_nodes_only() -> None:
    game = scenario("charge_example")
    act(game, "charge sworn -> guard")
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 1 and node.dice.sides == 6
