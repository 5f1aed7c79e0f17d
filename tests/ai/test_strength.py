"""What makes the computer's choices sound (issue 25): attacks and charges are rated once the
fights they start are fought, ending is always rated, a decision's answer is rated by what it
does, a run of actions ends with an activation, and the reach hint draws a side into reach."""

from __future__ import annotations

import copy
import math
import random
from dataclasses import replace

from game.ai.candidates import Candidate, repeated
from game.ai.evaluate import REACH, Evaluator
from game.ai.players import Budget, GreedyPlayer, _rate_all, ordered
from game.ai.rating import SampledOutcomes, Work, rate
from game.ai.rehearsal import rehearsal
from game.core.actions import EndActivation, RollPending, parse
from game.core.game import Game
from game.core.pending import Chance, Idle
from game.rulesets.ninth_age.units import NinthUnit
from game.scenario import load_scenario
from tests.ai.positions import brute_duel
from tests.conftest import SCENARIOS


def _game(name: str) -> Game:
    return load_scenario(SCENARIOS / f"{name}.toml").new_game()


def _work(game: Game, actions: int = 400) -> Work:
    return Work(Evaluator(game.ruleset), random.Random(1), actions, float("inf"))


def test_ending_is_rated_first_then_the_attacks() -> None:
    game = _game("godsgloom_skirmish")
    types = game.ruleset.action_types()
    found = [Candidate(parse("face a1 2", types)), Candidate(parse("melee a1 -> g1", types)),
             Candidate(EndActivation())]
    order = [str(c.action) for c in ordered(found, random.Random(0))]
    assert order == ["end", "melee a1 -> g1", "face a1 2"]


def test_ending_is_rated_after_the_player_s_whole_run_is_ended() -> None:
    """NA-TURN-1: ending the charge phase of a Ninth Age turn is rated once the move, shoot
    and melee phases are ended too: the position rated is the opponent's turn."""
    game = _game("ninth_age_battle")
    node = game.pending()
    assert isinstance(node, Idle)
    rating = rate(rehearsal(game), Candidate(EndActivation()), node.player,
                  SampledOutcomes(samples=1), _work(game))
    assert rating is not None
    after = rating.outcomes[0].game.pending()
    assert getattr(after, "player", None) != node.player


def test_a_run_of_actions_ends_at_an_ended_activation() -> None:
    """HX-ACT-1, HX-ACT-2: a player whose opponent has activated every unit activates unit
    after unit and may end each activation: ends of earlier activations are not repeats."""
    game = _game("godsgloom_skirmish")
    player = game.current_player()
    assert player is not None
    game.state.turn.activated += [u.id for u in game.state.live_units() if u.owner != player]
    for unit in [u.id for u in game.state.live_units(player)][:3]:
        game.apply(parse(f"activate {unit}", game.ruleset.action_types()))
        game.apply(EndActivation())
    assert game.current_player() == player and len(game.log) == 6
    assert ("end", None) not in repeated(game, player)


def test_the_reach_hint_counts_the_threat_that_can_strike_next() -> None:
    """RL-MOV-1, RL-RNG-1: a realms unit reaches its move plus its longest weapon's range; a
    side with a unit brought into reach of an enemy scores its share of threat more."""
    game = _game("realms_skirmish")
    state, ruleset = game.state, game.ruleset
    assert ruleset.unit_reach(state, "ar1") == 9.0  # move 4 (RL-MOV-1) + bow range 5 (RL-RNG-1)
    assert ruleset.unit_reach(state, "tw2") == 0.0 and ruleset.unit_threat(state, "tw2") == 0.0
    evaluator = Evaluator(ruleset)
    before = evaluator.striking(state, 1)
    far = copy.deepcopy(state)
    for unit in far.live_units(2):
        unit.hex = None  # nothing to strike: no share
        unit.destroyed = True
    assert evaluator.striking(far, 1) == 0.0 < before <= 1.0
    assert REACH > 0


def test_the_reach_hint_is_off_where_a_ruleset_declares_none() -> None:
    game = _game("sandbox_hex")
    assert game.ruleset.unit_reach(game.state, "b1") is None
    evaluator = Evaluator(game.ruleset)
    assert evaluator.striking(game.state, 1) == 0.0 == evaluator.danger(game.state, 1)


def test_a_ninth_age_unit_s_copy_shares_its_profiles_and_remembered_geometry() -> None:
    """A copy for every candidate must not copy the unit's memo; the copy's own fields are
    its own (NA-FRZ-1's ``removed`` list is changed on the copy only)."""
    game = _game("ninth_age_battle")
    unit = next(u for u in game.state.units.values() if isinstance(u, NinthUnit))
    unit.formation()
    twin = copy.deepcopy(unit)
    assert twin.model is unit.model
    assert twin.__dict__["_formation_memo"] is unit.__dict__["_formation_memo"]
    twin.removed.append("x")
    assert unit.removed == [] and twin == copy.deepcopy(twin)


def test_easy_begins_an_activation_instead_of_ending_the_turn() -> None:
    """Easy rates beginning a unit's command by what the unit then does (as normal does):
    rated alone, a command changes nothing on the board and tied with ending the turn, so
    easy ended every realms turn without acting."""
    from game.ai.players import make_player

    for seed in range(1, 6):
        game = _game("realms_skirmish")
        choice = make_player("easy", seed, clock=False).choose(game)
        assert not isinstance(choice.action, EndActivation), (seed, choice.reason)


def test_candidates_rated_one_after_another_meet_the_same_throws() -> None:
    """HX-MEL-30: the brute's Attack Test (six dice) is sampled; the same attack rated twice
    with the computer's dice restarted before each gets the same rating (common random
    numbers: candidates differ by what they do, not by their luck), and different ones
    without the restart."""
    game = brute_duel(activated=True)
    attack = Candidate(parse("melee a5 -> g5", game.ruleset.action_types()))

    def values(same: bool) -> set[float]:
        work = Work(Evaluator(game.ruleset), random.Random(1), 10**6, float("inf"),
                    dice_seed=7)
        rated = _rate_all(rehearsal(game), [attack, attack], 1, SampledOutcomes(), work,
                          same=same)
        return {round(r.value, 9) for r in rated}

    assert len(values(True)) == 1 and len(values(False)) == 2


def _fight_declared() -> Game:
    """The Ninth Age battle in the Empire's first move phase, their knights' charge on the
    veteran orcs declared (the fight is fought in the melee phase, after the move phase)."""
    game = _game("ninth_age_battle")
    while game.current_player() != 2:
        game.apply(EndActivation())
    orcs, knights = game.state.units["orcs"], game.state.units["knights"]
    assert orcs.tray is not None and knights.tray is not None
    knights.tray = replace(knights.tray, x=orcs.tray.x, y=orcs.tray.y + 9.0)
    for action in (parse("charge knights -> orcs", game.ruleset.action_types()),
                   EndActivation()):
        game.apply(action)
        while isinstance(game.pending(), Chance):
            game.apply(RollPending())
    assert game.state.turn.phase == "move" and game.current_player() == 2
    return game


def test_a_fight_already_declared_does_not_make_ending_outrate_every_move() -> None:
    """NA-TURN-1: ending the move phase is rated once the melee phase is fought, the charge
    declared before it with it; a march is rated with the run ended the same way, so the
    units not in the fight still march (they used to stand while a fight was pending)."""
    choice = GreedyPlayer(0, "normal", Budget(80, math.inf)).choose(_fight_declared())
    assert not isinstance(choice.action, EndActivation), choice.ratings


def test_as_res_5_the_computer_never_re_rolls_a_defense_die_that_blocked() -> None:
    """AS-RES-5 answered by the computer: the Crown Guard's Defense Dice show 1 2 4 6 3 (4+
    blocks). Its offered answers are keeping them or re-rolling every failed die; rating
    sixteen more subsets on a few throws each let the luckiest win, and under Xvfb normal
    re-rolled all five, blocks included. Every seed now re-rolls the three that failed."""
    from game.ai.players import make_player
    from game.core.pending import PlayerDecision

    game = _game("asoiaf_crown_guard")
    game.apply(parse("attack sworn crown", game.ruleset.action_types()))
    while isinstance(game.pending(), Chance):
        game.apply(RollPending())
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 2
    for seed in range(1, 7):
        choice = make_player("normal", seed, clock=False).choose(game)
        assert str(choice.action) == "choose reroll=1+2+5", (seed, str(choice.action))


def test_an_activation_s_reason_names_what_it_opens() -> None:
    """Choosing which unit to activate is choosing what it will do (the rating is raised to
    that action): the reason says so ("Activate X, then Move to ...: X closes in on Y"), not
    "nothing changes on the board yet", as the log read under Xvfb."""
    from game.ai.players import make_player

    game = _game("godsgloom_skirmish")
    choice = make_player("normal", 1, clock=False).choose(game)
    assert str(choice.action).startswith("activate"), str(choice.action)
    assert ", then " in choice.reason and "nothing changes" not in choice.reason, choice.reason
