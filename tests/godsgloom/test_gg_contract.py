"""GODSGLOOM through the ruleset plug-in contract: the procedure loop, typed decisions,
presentation (labels, ghosts, buttons), per-unit legal actions, the stat card and the
inspection records (distance, corner Line of Sight HX-LOS-1, melee odds). Also HX-MEL-60:
a pushed unit never enters a hex held by another unit.
"""

from __future__ import annotations

import random
import re

import pytest

from game.core.actions import Choose
from game.core.game import Game
from game.core.inspect import HexMark, Inspection, Segment
from game.core.pending import Idle, IllegalAction, Over, PlayerDecision
from game.core.plan import Plan
from game.geometry.hexgrid import Hex, direction_to, hex_corners
from game.rulesets.godsgloom.actions import Activate, Advance, Face, MeleeAttack
from game.rulesets.godsgloom.activation import Activation, current_activation
from game.rulesets.godsgloom.melee import Melee
from game.rulesets.godsgloom.melee_steps import ActivationSteps, MeleeSteps
from game.rulesets.godsgloom.plans import winning_chances
from game.rulesets.godsgloom.ruleset import GodsgloomRuleset

from .helpers import at, duel, gu, play, scenario, unit
from .test_gg_playouts import TERRAIN, UNITS

A_WINS = [3, 3, 1, 1, 1, 1]
SYNTAX = re.compile(r"=|->|\bchoose\b|_")
"""What action syntax looks like; player-facing labels never contain it."""


def rules(game: Game) -> GodsgloomRuleset:
    ruleset = game.ruleset
    assert isinstance(ruleset, GodsgloomRuleset)
    return ruleset


def decision(game: Game) -> PlayerDecision:
    node = game.pending()
    assert isinstance(node, PlayerDecision), node
    return node


def assert_plain(node: PlayerDecision) -> None:
    labels = [o.label for o in node.offers]
    assert len(set(labels)) == len(labels), labels
    for label in labels:
        assert label and not SYNTAX.search(label), label


# --- the procedure loop and the options ------------------------------------------------------


def test_melee_runs_on_the_core_procedure_loop_with_options_on_the_instance() -> None:
    game = duel(options={"attack_test": "plain", "rounds": 3})
    ruleset = rules(game)
    assert ruleset.test.name == "plain" and ruleset.rounds == 3
    assert "godsgloom" not in game.state.extra
    assert isinstance(ruleset.loop.steps_for(Melee(step="start", player=1, attacker="a",
                                                   defender="d")), MeleeSteps)
    play(game, "activate a")
    assert isinstance(ruleset.loop.steps_for(game.state.procedures[-1]), ActivationSteps)
    play(game, "melee a -> d")
    assert isinstance(game.state.procedure, Melee)


def test_hx_mel_30_the_instance_attack_test_scores_the_dice() -> None:
    """Two games from the same state hash score the same dice by their own instance's test."""
    plain, default = duel(options={"attack_test": "plain"}), duel()
    play(plain, "activate a", "melee a -> d", "dice 3 6 1", "dice 1 1 1")
    play(default, "activate a", "melee a -> d", "dice 3 6 1", "dice 1 1 1")
    assert gu(plain, "d").health == 3 and gu(default, "d").health == 1


# --- typed decisions ---------------------------------------------------------------------------


def test_yes_no_decisions_are_two_clear_offers() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d")
    push = decision(game)
    assert_plain(push)
    assert [o.label for o in push.offers] == ["Push Blue inline back", "Do not push"]
    assert [o.action for o in push.offers] == [Choose.of(push="yes"), Choose.of(push="no")]
    assert push.offers[0].hint and push.offers[1].hint
    play(game, "choose push=yes")
    stand = decision(game)
    assert_plain(stand)
    assert [o.action for o in stand.offers] == [Choose.of(stand="yes"), Choose.of(stand="no")]
    assert "Morale Token" in stand.offers[0].label


def test_retreat_offers_ghost_hexes_facing_back() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no")
    node = decision(game)
    assert_plain(node)
    for offer in node.offers:
        assert offer.ghost is not None and offer.ghost.unit == "d"
        values = offer.action.as_dict()  # type: ignore[attr-defined]
        assert offer.ghost.hex == (int(values["q"]), int(values["r"]))
        back = direction_to(Hex(*offer.ghost.hex), Hex(1, 0))
        assert offer.ghost.hex_facing == back
        assert f"({values['q']},{values['r']})" in offer.label


def test_follow_up_and_facing_offers_name_the_hex_and_the_direction() -> None:
    game = duel(d={"stats": {"health": 2}}, dice=[3, 3, 1, 1, 1, 1])
    play(game, "activate a", "melee a -> d")
    follow = decision(game)
    assert_plain(follow)
    assert follow.offers[0].ghost is not None and follow.offers[0].ghost.hex == (1, 0)
    assert follow.offers[1].label == "Hold position"
    play(game, "choose follow=yes")
    facing = decision(game)
    assert_plain(facing)
    names = [o.label for o in facing.offers]
    assert names == ["Face north-east", "Face east", "Face south-east", "Face south-west",
                     "Face west", "Face north-west"]
    assert all(o.ghost is not None and o.ghost.hex == (1, 0) and o.ghost.hex_facing == f
               for f, o in enumerate(facing.offers))


def test_formation_offers_name_the_formation_and_its_cost() -> None:
    friend = unit("f", 1, (-1, 0), 1)
    game = duel(a={"stats": {"formations": ["wedge"]}}, more=[friend])
    play(game, "activate a", "melee a -> d")
    node = decision(game)
    assert_plain(node)
    assert [o.label for o in node.offers] == ["No formation", "Wedge: +1 attack die "
                                              "(1 Morale Token)"]


# --- HX-MEL-60: never into a hex held by another unit ------------------------------------------


def test_hx_mel_60_push_never_enters_a_hex_held_by_another_unit() -> None:
    """d's Retreat Arc is (2,-1), (2,0), (1,1); a unit of either side on (2,0) takes it out."""
    game = duel(dice=A_WINS, more=[unit("x", 1, (2, 0), 4)])
    play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no")
    node = decision(game)
    assert {o.action for o in node.offers} == {Choose.of(q=2, r=-1), Choose.of(q=1, r=1)}
    refusal = game.why_not(Choose.of(q=2, r=0))
    assert refusal is not None and "HX-MEL-60" in refusal.rules
    with pytest.raises(IllegalAction):
        game.apply(Choose.of(q=2, r=0))
    assert at(game, "d")[0] == Hex(1, 0) and at(game, "x")[0] == Hex(2, 0)


def test_hx_mel_60_retreat_arc_full_of_units_makes_the_push_impossible() -> None:
    held = [unit("x", 1, (2, 0), 4), unit("y", 2, (1, 1), 3), unit("z", 2, (2, -1), 4)]
    game = duel(dice=A_WINS, more=held)
    events = play(game, "activate a", "melee a -> d", "choose push=yes", "choose stand=no")
    assert "melee.push_impossible" in [e.kind for e in events]
    assert at(game, "d")[0] == Hex(1, 0) and gu(game, "d").tokens == 1
    assert {gu(game, u).hex for u in ("x", "y", "z")} == {Hex(2, 0), Hex(1, 1), Hex(2, -1)}


# --- presentation ------------------------------------------------------------------------------


def test_commands_of_the_activated_unit() -> None:
    game = duel(more=[unit("f", 1, (-1, 0), 1)])
    ruleset, state = rules(game), game.state
    before = {c.key: c for c in ruleset.commands(state, "a")}
    assert before["activate"].enabled and not before["melee"].enabled
    assert before["melee"].refusal is not None and "HX-ACT-1" in before["melee"].refusal.rules
    play(game, "activate a")
    cmds = {c.key: c for c in ruleset.commands(state, "a")}
    assert list(cmds) == ["activate", "advance", "face", "melee", "rally", "focus"]
    assert not cmds["activate"].enabled and cmds["activate"].refusal is not None
    advance = cmds["advance"]
    assert advance.enabled and all(o.ghost is not None and o.ghost.hex is not None
                                   and o.ghost.hex_facing is not None for o in advance.offers)
    assert {o.action for o in advance.offers} == {
        a for a in ruleset.legal_actions(state) if isinstance(a, Advance)}
    assert all(not SYNTAX.search(o.label) for o in advance.offers)
    face = cmds["face"]
    assert {o.label for o in face.offers} == {"Face north-east", "Face south-east",
                                              "Face south-west", "Face west", "Face north-west"}
    melee = cmds["melee"]
    assert melee.targeted
    assert [o.label for o in melee.offers_against("d")] == ["Melee attack Blue inline"]
    assert melee.target_refusal is not None
    friend = melee.target_refusal("f")
    assert friend is not None and "HX-MEL-10" in friend.rules
    assert melee.target_refusal("d") is None
    rally = cmds["rally"]
    assert not rally.enabled and rally.refusal is not None
    assert "HX-RAL-1" in rally.refusal.rules
    assert cmds["focus"].enabled


def test_the_activated_unit_s_buttons_word_its_moves_only_when_they_are_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel asks only whether each button can be pressed: an activation's moves are
    presented when the Advance command's offers are read, not to build its buttons (one at
    most, to tell that it can be pressed; issue 32), and then they are every legal
    Advance."""
    game = duel()
    ruleset, state = rules(game), game.state
    play(game, "activate a")
    worded: list[object] = []
    present = ruleset.present
    monkeypatch.setattr(ruleset, "present", lambda st, a: worded.append(a) or present(st, a))
    cmds = {c.key: c for c in ruleset.commands(state, "a")}
    assert cmds["advance"].enabled
    assert sum(isinstance(a, Advance) for a in worded) <= 1  # "can it be pressed?"
    assert {o.action for o in cmds["advance"].offers} == {
        a for a in ruleset.legal_actions(state) if isinstance(a, Advance)}
    assert sum(isinstance(a, Advance) for a in worded) == len(cmds["advance"].offers) > 6


def test_present_labels_every_legal_action_without_syntax() -> None:
    game = duel()
    ruleset = rules(game)
    for action in [*ruleset.legal_actions(game.state)]:
        offer = ruleset.present(game.state, action)
        assert offer.action == action and not SYNTAX.search(offer.label), offer.label
    play(game, "activate a")
    for action in ruleset.legal_actions(game.state):
        offer = ruleset.present(game.state, action)
        assert not SYNTAX.search(offer.label), offer.label
        if isinstance(action, MeleeAttack):
            assert offer.target == "d"
        if isinstance(action, Advance | Face):
            assert offer.ghost is not None and offer.ghost.hex_facing == action.facing


def test_present_of_a_decision_answer_is_its_offer() -> None:
    game = duel(dice=A_WINS)
    play(game, "activate a", "melee a -> d")
    node = decision(game)
    for offer in node.offers:
        assert rules(game).present(game.state, offer.action) == offer


def _check_per_unit(game: Game) -> None:
    ruleset, state = rules(game), game.state
    every = ruleset.legal_actions(state)
    for uid in state.units:
        mine = ruleset.legal_actions_for(state, uid)
        assert mine == [a for a in every if a.actor() == uid], uid


@pytest.mark.parametrize("seed", range(3))
def test_legal_actions_for_each_unit_equals_its_share_of_legal_actions(seed: int) -> None:
    game = scenario(UNITS, hexes=TERRAIN, options={"rounds": 3}, seed=seed).new_game()
    rng = random.Random(seed)
    for _ in range(250):
        node = game.pending()
        if isinstance(node, Over):
            break
        if isinstance(node, PlayerDecision):
            assert_plain(node)
        if isinstance(node, Idle):
            _check_per_unit(game)
        actions = game.legal_actions()
        fights = [a for a in actions if isinstance(a, MeleeAttack | Advance)]
        game.apply(rng.choice(fights if fights and rng.random() < 0.8 else actions))


def test_unit_card_shows_health_tokens_dice_speed_formations_and_abilities() -> None:
    game = duel(a={"stats": {"formations": ["wedge"], "abilities": ["veteran"],
                             "auto_hits": 1}}, dice=A_WINS)
    card = rules(game).unit_card(game.state, "a")
    assert card is not None
    text = "\n".join(line.text for line in card.lines)
    for needle in ("Health 4 of 4", "Morale Tokens 3 of 3", "Attack dice 2, defence dice 1",
                   "Automatic Hits 1", "Speed 3", "Wedge", "Veteran"):
        assert needle in text, text
    play(game, "activate a", "melee a -> d")
    weak = rules(game).unit_card(game.state, "d")
    assert weak is not None
    text = "\n".join(line.text for line in weak.lines)
    assert "Health 1 of 4 (Weak)" in text and "Attack dice 1 (2 less 1 for Weak)" in text
    assert any("HX-WEAK-1" in line.rules for line in weak.lines)


# --- inspection --------------------------------------------------------------------------------


def inspect(game: Game, viewer: str, target: str) -> Inspection:
    seen = rules(game).inspect_pair(game.state, viewer, target)
    assert seen is not None
    return seen


def test_hx_los_1_inspection_draws_corner_sight_lines_in_the_hex_plane() -> None:
    game = duel(more=[unit("e", 2, (3, 0), 4)])
    seen = inspect(game, "a", "e")
    assert "Distance 3 hexes" in seen.text()
    sight = [s for s in seen.shapes if isinstance(s, Segment) and s.style == "sight"]
    assert len(sight) >= 2
    mine, theirs = hex_corners(Hex(0, 0)), hex_corners(Hex(3, 0))
    for seg in sight:
        assert any(abs(seg.a[0] - x) < 1e-9 and abs(seg.a[1] - y) < 1e-9 for x, y in mine)
        assert any(abs(seg.b[0] - x) < 1e-9 and abs(seg.b[1] - y) < 1e-9 for x, y in theirs)
    line = next(li for li in seen.lines if "Line of Sight" in li.text)
    assert line.rules == ("HX-LOS-1",) and line.tone == "good"
    assert any("neighbouring hex" in li.text for li in seen.lines)
    assert HexMark(3, 0, "target") in seen.shapes


def test_hx_los_1_inspection_marks_the_blocking_hexes() -> None:
    wood = [{"at": [2, 0], "terrain": "wood", "keywords": ["blocks-sight"]}]
    game = duel(more=[unit("e", 2, (3, 0), 4)], hexes=wood)
    seen = inspect(game, "a", "e")
    line = next(li for li in seen.lines if "Line of Sight" in li.text)
    assert line.tone == "bad" and "HX-LOS-1" in line.rules
    assert HexMark(2, 0, "blocked") in seen.shapes
    assert any(isinstance(s, Segment) and s.style == "blocked" for s in seen.shapes)
    assert not any(isinstance(s, Segment) and s.style == "sight" for s in seen.shapes)


def test_inspection_melee_odds_come_from_the_instance() -> None:
    for options, name in (({}, "default"), ({"attack_test": "plain"}, "plain")):
        game = duel(options=options)
        seen = inspect(game, "a", "d")
        plan = rules(game).melee_preview(game.state, "a", "d")
        assert isinstance(plan, Plan)
        who = next(c for c in seen.odds if c.title == "Who wins")
        assert [p for _, p in who.bars] == list(winning_chances(plan.outcomes))
        assert sum(p for _, p in who.bars) == 1
        wounds = next(c for c in seen.odds if c.title.startswith("Wounds to"))
        assert sum(p for _, p in wounds.bars) == 1
        assert f"Attack Test: {name} (" in seen.text()
        assert "Melee: attacker Red inline wins" in seen.text()
        assert "Attacker: 2 attack + 1 defence dice" in seen.text()


def test_inspection_shows_why_a_melee_is_refused() -> None:
    game = duel(a={"tokens": 0})
    seen = inspect(game, "a", "d")
    line = next(li for li in seen.lines if li.text.startswith("Melee"))
    assert line.tone == "bad" and "HX-MEL-0" in line.rules and not seen.odds


def test_inspect_unit_shows_the_reach_of_the_activated_unit() -> None:
    game = duel()
    before = rules(game).inspect_unit(game.state, "a")
    assert before is not None and "engagement zone" in before.text()  # in d's front arc
    play(game, "activate a")
    seen = rules(game).inspect_unit(game.state, "a")
    assert seen is not None
    reach = {(s.q, s.r) for s in seen.shapes if isinstance(s, HexMark) and s.style == "reach"}
    assert reach == {(a.q, a.r) for a in rules(game).legal_actions(game.state)
                     if isinstance(a, Advance)}


def test_activation_procedure_is_plain_data() -> None:
    game = duel()
    play(game, "activate a")
    proc = game.state.procedure
    assert isinstance(proc, Activation) and proc.unit == "a"
    assert Activate("a") not in game.legal_actions()


def test_advance_button_after_the_move_says_why() -> None:
    game = duel()
    play(game, "activate a", "advance a -1 0 1")
    cmds = {c.key: c for c in rules(game).commands(game.state, "a")}
    advance = cmds["advance"]
    assert not advance.enabled and advance.refusal is not None
    assert "already moved" in advance.refusal.reason
    assert cmds["face"].enabled and cmds["melee"].refusal is not None


@pytest.mark.parametrize("seed", range(2))
def test_hx_mel_10_the_listed_melee_attacks_are_every_one_why_not_accepts(seed: int) -> None:
    """The activated unit's legal Melee Attacks are asked only of its neighbours (HX-MEL-10,
    issue 32); they must be exactly the attacks on any unit in play that ``why_not``
    accepts."""
    game = scenario(UNITS, hexes=TERRAIN, options={"rounds": 3}, seed=seed).new_game()
    rng = random.Random(seed)
    checked = 0
    for _ in range(250):
        node = game.pending()
        if isinstance(node, Over):
            break
        actions = game.legal_actions()
        act = current_activation(game.state)
        if act is not None and not isinstance(node, PlayerDecision):
            listed = {a for a in actions if isinstance(a, MeleeAttack)}
            every = {MeleeAttack(act.unit, uid) for uid in game.state.units if uid != act.unit}
            assert listed == {a for a in every if game.why_not(a) is None}
            checked += bool(listed)
        fights = [a for a in actions if isinstance(a, MeleeAttack | Advance)]
        game.apply(rng.choice(fights if fights and rng.random() < 0.8 else actions))
    assert checked > 3
