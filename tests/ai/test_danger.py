"""The danger hints and term (issue 25): every shipped ruleset says how far its units strike
(``unit_reach``) and how hard (``unit_threat``), and the computer weighs the harm the enemies
in reach can do next, so it does not walk a unit up to be struck for a step closer."""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai.evaluate import COUNTER, Evaluator
from game.ai.players import Budget, GreedyPlayer
from game.core.actions import parse
from game.core.game import Game
from game.core.state import Unit
from game.rulesets.asoiaf.charge import MAX_ROLL
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.godsgloom.units import GodsUnit
from game.rulesets.ninth_age.units import NinthUnit
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


def _game(name: str) -> Game:
    return load_scenario(SCENARIOS / f"{name}.toml").new_game()


def test_an_asoiaf_unit_reaches_its_charge_or_its_range_and_threatens_its_hits() -> None:
    """AS-CHG-3: a charge reaches Speed + 6; AS-RNG-5: short 6", long 12"; AS-RES-1/2: the
    threat is the best attack's dice for the ranks left times its chance to hit."""
    game = _game("asoiaf_skirmish")
    for unit in game.state.live_units():
        assert isinstance(unit, AsoiafUnit) and unit.tray is not None
        stats = unit.stats
        edges = [stats.speed + MAX_ROLL] * bool(stats.melee_attacks()) + [
            {"short": 6.0, "long": 12.0}[stats.attacks[i].kind] for i in stats.ranged_attacks()]
        assert game.ruleset.unit_reach(game.state, unit.id) == max(edges) + unit.tray.depth
        best = max(a.dice[0] * (7 - a.hit) / 6 for a in stats.attacks)
        assert math.isclose(game.ruleset.unit_threat(game.state, unit.id), best)


def test_a_godsgloom_unit_reaches_its_speed_and_a_neighbour() -> None:
    """HX-MOV-1, HX-ACT-2, HX-MEL-10: a Move of up to its speed, then a Melee Attack on a
    neighbouring hex; HX-MEL-0: without a Morale Token only its neighbours."""
    game = _game("godsgloom_skirmish")
    unit = game.state.units["a1"]
    assert isinstance(unit, GodsUnit)
    assert game.ruleset.unit_reach(game.state, "a1") == unit.speed + 1
    assert game.ruleset.unit_threat(game.state, "a1") == unit.attack / 2 + unit.auto_hits
    unit.tokens = 0
    assert game.ruleset.unit_reach(game.state, "a1") == 1.0


def test_a_ninth_age_unit_reaches_its_charge_or_its_bow_after_an_advance() -> None:
    """NA-CHG-1: the Charge reach; NA-MOV-1, NA-SHT-1: an Advance then a bow's 24"; a fleeing
    unit strikes nothing."""
    game = _game("ninth_age_battle")
    for unit in game.state.live_units():
        assert isinstance(unit, NinthUnit) and unit.tray is not None
        model = unit.model
        edge = max(model.cha, model.mob + 24 if "bow" in model.equipment else 0)
        assert game.ruleset.unit_reach(game.state, unit.id) == edge + unit.tray.depth
        assert game.ruleset.unit_threat(game.state, unit.id) > 0
    assert isinstance(unit, NinthUnit)
    unit.fled = True
    assert game.ruleset.unit_reach(game.state, unit.id) == 0.0
    assert game.ruleset.unit_threat(game.state, unit.id) == 0.0


def _brute_and_skirmishers() -> tuple[Game, Unit, Unit]:
    """GODSGLOOM's skirmish with only the brute (a5, player 1) and the enemy skirmishers
    (g5, player 2) left on the board."""
    game = _game("godsgloom_skirmish")
    for unit in list(game.state.live_units()):
        if unit.id not in {"a5", "g5"}:
            unit.hex, unit.destroyed = None, True
    return game, game.state.units["a5"], game.state.units["g5"]


def test_danger_counts_the_enemies_in_reach_net_of_what_can_be_struck_back() -> None:
    """HX-MOV-1, HX-ACT-2: the skirmishers (speed 5) strike the brute 6 hexes away, not 7; 3
    hexes away the brute (speed 2) strikes them back harder, and its danger is gone."""
    game, brute, skirmishers = _brute_and_skirmishers()
    state, evaluator = game.state, Evaluator(game.ruleset)
    assert brute.hex is not None
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 7)
    assert evaluator.danger(state, 1) == 0.0
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 6)
    assert evaluator.danger(state, 1) == game.ruleset.unit_threat(state, "g5") > 0
    assert evaluator.score(state, 1) < Evaluator(game.ruleset, 0.0).score(state, 1)
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 3)  # the brute strikes back harder
    assert evaluator.harm(state, {1}, {2}) > evaluator.harm(state, {2}, {1}) > 0
    assert evaluator.danger(state, 1) == 0.0


def test_danger_is_smaller_for_the_side_that_strikes_first() -> None:
    """HX-MOV-1, HX-ACT-2: the brute and the skirmishers 3 hexes apart, each in the other's
    reach. With the brute to act next the skirmishers stand in the danger of its strike less
    what they strike back; with the skirmishers to act next (a look-ahead's position after
    the opponent's reply) they strike first and only :data:`COUNTER` of the brute's harm
    counts against all of theirs: less danger, a better score than the same position with
    the enemy to act. 6 hexes apart the brute cannot strike back at all."""
    game, brute, skirmishers = _brute_and_skirmishers()
    state, evaluator = game.state, Evaluator(game.ruleset)
    assert brute.hex is not None
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 3)
    theirs, mine = evaluator.harm(state, {1}, {2}), evaluator.harm(state, {2}, {1})
    assert theirs > mine > 0  # the brute hurts the skirmishers more than they hurt it
    assert evaluator.danger(state, 2) == theirs - COUNTER * mine
    assert evaluator.danger(state, 2, first=True) == max(0.0, COUNTER * theirs - mine)
    assert evaluator.danger(state, 2, first=True) < evaluator.danger(state, 2)
    assert evaluator.score(state, 2, acting=2) > evaluator.score(state, 2, acting=1)
    assert evaluator.score(state, 2, acting=1) == evaluator.score(state, 2)
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 6)  # the brute cannot strike back
    assert evaluator.danger(state, 1, first=True) == COUNTER * evaluator.danger(state, 1) > 0


def test_the_danger_term_keeps_a_slow_unit_out_of_a_faster_enemy_s_reach() -> None:
    """HX-MOV-1: the brute (speed 2, reach 3) walking towards the skirmishers (speed 5, reach
    6) 7 hexes away: without the danger term a step into their reach rates as well as any
    (it is closer); with it the brute stays out of their reach."""
    game = _game("godsgloom_skirmish")
    state = game.state
    for unit in list(state.live_units()):
        if unit.id not in {"a1", "a5", "g1", "g5"}:
            unit.hex, unit.destroyed = None, True
    brute, skirmishers = state.units["a5"], state.units["g5"]
    assert brute.hex is not None
    skirmishers.hex = replace(brute.hex, r=brute.hex.r + 7)
    assert isinstance(brute, GodsUnit)
    brute.focus = True  # HX-FOC-1: one marker at a time, so focusing after the move adds nothing
    game.apply(parse("activate a5", game.ruleset.action_types()))

    def gap_after(danger: float) -> int:
        """Hexes between the skirmishers and where the brute advances to."""
        choice = GreedyPlayer(1, "normal", Budget(4000, math.inf), danger=danger).choose(game)
        verb, _, q, r, _ = str(choice.action).split()
        assert verb == "advance" and brute.hex is not None and skirmishers.hex is not None
        return replace(brute.hex, q=int(q), r=int(r)).distance(skirmishers.hex)

    assert game.ruleset.unit_reach(state, "g5") == 6.0
    assert gap_after(0.0) <= 6  # into their reach: it is a step closer
    assert gap_after(0.5) > 6


def test_a_godsgloom_focus_marker_is_worth_something() -> None:
    """HX-FOC-1: a Focus marker re-rolls the blanks of the unit's next Attack Test, so
    focusing is worth more than ending an activation with nothing done."""
    game = _game("godsgloom_skirmish")
    unit = game.state.units["a1"]
    assert isinstance(unit, GodsUnit)
    before = game.ruleset.unit_worth(game.state, "a1")
    unit.focus = True
    assert game.ruleset.unit_worth(game.state, "a1") > before
