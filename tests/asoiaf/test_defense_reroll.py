"""The defender's re-roll of its Defense Dice by a card ability (AS-RES-5: re-rolls first,
then the effects that wait for the defense dice) and the card abilities the table does not
play, named when they would act (AS-CARD-1). Scripted dice throughout."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from game.ai import make_player
from game.ai.candidates import dice_picks
from game.core.hashing import state_hash
from game.core.pending import PickDice, PlayerDecision
from game.core.plan import Plan
from game.core.ruleset import Context, SetupError
from game.core.state import GameState
from game.geometry.arcs import Arc
from game.rulesets.asoiaf.abilities import PROTECTION_OF_THE_CROWN
from game.rulesets.asoiaf.modifiers import Modified, attack_modifiers
from game.rulesets.asoiaf.odds import attack_odds
from game.rulesets.asoiaf.procedures import AttackProc
from game.rulesets.asoiaf.profiles import parse_profile
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, action, first, kinds, refusal_rules, table, unit

GUARD = {"name": "Crown Guard (lesson unit)", "tray": "infantry", "speed": 4, "defense": 4,
         "morale": 7, "attacks": [{"name": "Long Sword", "type": "melee", "hit": 4,
                                   "dice": [6, 5, 4]}]}
HITS = "dice 6 6 6 6 6 6 6"
"""Seven hits from the Sworn Swords' seven attack dice."""


def _guard(abilities: list[str]) -> dict[str, Any]:
    return {"id": "g", "side": 2, "stats": {**GUARD, "abilities": abilities},
            "at": [24.0, 24.8], "facing": 180}


def _game(crown: int | None = 2, abilities: tuple[str, ...] = (PROTECTION_OF_THE_CROWN,),
          ) -> Any:
    options = {"crown": crown} if crown is not None else None
    return table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0), _guard(list(abilities))],
                 options=options)


def _u(game: Any, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]
    assert isinstance(u, AsoiafUnit)
    return u


def test_as_res_5_the_defending_player_chooses_the_defense_reroll() -> None:
    game = _game()
    act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "defense.reroll"
    assert node.player == _u(game, "g").owner == 2 != game.state.turn.active
    assert "AS-RES-5" in node.rules
    assert [o.label for o in node.offers] == ["Keep all dice", "Re-roll every failed die (3 dice)"]
    pick = node.free[0]
    assert isinstance(pick, PickDice) and pick.faces == (1, 2, 3, 4, 5, 6, 6)
    assert game.why_not(pick.answer(frozenset({4, 7}))) is None  # any dice, not only failures


def test_as_res_5_rerolls_come_before_the_blocks_and_the_waiting_effects() -> None:
    game = _game()
    seen: list[tuple[int, ...]] = []

    def hook(state: GameState, proc: AttackProc, ctx: Context) -> None:
        seen.append(proc.defense_dice)
        ctx.emit("test.ability", "looks at the defense dice", ["AS-RES-5"])

    game.ruleset.add_hook("after_defense_dice", hook)
    events = act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6", "choose reroll=1+2",
                 "dice 6 5", "dice 6 6")
    assert seen == [(6, 5, 3, 4, 5, 6, 6)]
    order = kinds(events)
    assert order.index("defense.dice") < order.index("defense.reroll") \
        < order.index("defense.roll") < order.index("test.ability") < order.index("attack.done")
    assert first(events, "defense.roll").data["blocks"] == 6
    rerolled = first(events, "defense.reroll")
    assert rerolled.player == 2 and rerolled.rules == ("AS-RES-5",)
    assert rerolled.data == {"positions": [1, 2], "dice": [6, 5, 3, 4, 5, 6, 6]}
    assert _u(game, "g").models == 12 - 1


def test_as_res_5_keeping_every_die_goes_straight_to_the_blocks() -> None:
    game = _game()
    events = act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6", "choose reroll=none",
                 "dice 6 6")
    assert first(events, "defense.reroll").data["positions"] == []
    assert first(events, "defense.roll").data["blocks"] == 4
    assert _u(game, "g").models == 12 - 3


def test_as_res_5_the_attacker_cannot_pick_and_a_bad_pick_is_refused() -> None:
    game = _game()
    act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    assert refusal_rules(game, "choose reroll=8") == ("AS-RES-5",)
    assert refusal_rules(game, "choose reroll=1+1") == ("AS-RES-5",)
    assert refusal_rules(game, "choose arc=front") == ("AS-RES-5",)


def test_as_res_5_no_choice_without_the_ability_in_effect() -> None:
    for crown, abilities in ((None, (PROTECTION_OF_THE_CROWN,)), (1, (PROTECTION_OF_THE_CROWN,)),
                             (2, ())):
        game = _game(crown, abilities)
        events = act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6", "dice 6 6")
        assert "defense.dice" not in kinds(events) and "attack.done" in kinds(events), crown
        assert _u(game, "g").defense_reroll == ""


def test_as_res_5_all_sixes_leave_nothing_to_reroll() -> None:
    game = _game()
    events = act(game, "attack s g", HITS, "dice 6 6 6 6 6 6 6")
    assert "defense.dice" not in kinds(events) and "attack.done" in kinds(events)


def test_as_res_5_a_game_without_the_ability_keeps_its_hash() -> None:
    """The new fields are hashed only when set: a plain game hashes as before."""
    plain = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                   {"id": "g", "side": 2, "stats": GUARD, "at": [24.0, 24.8], "facing": 180}])
    inert = _game(None)
    assert _u(inert, "g").stats.abilities == (PROTECTION_OF_THE_CROWN,)
    act(plain, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    act(inert, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    plain_guard = _u(plain, "g")
    inert_guard = _u(inert, "g")
    assert (plain_guard.models, plain_guard.damage) == (inert_guard.models, inert_guard.damage)
    assert state_hash(_game(None, ()).state) == state_hash(
        table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
               {"id": "g", "side": 2, "stats": GUARD, "at": [24.0, 24.8],
                "facing": 180}]).state)


def test_as_res_5_exact_odds_assume_every_failed_die_is_rerolled() -> None:
    game, plain = _game(), _game(None)
    mods = attack_modifiers(_u(game, "s"), _u(game, "g"), 0, Arc.FRONT)
    base = attack_modifiers(_u(plain, "s"), _u(plain, "g"), 0, Arc.FRONT)
    assert mods.defense_reroll == PROTECTION_OF_THE_CROWN and base.defense_reroll == ""
    # one die hitting on 4+, saved on 4+: unblocked 1/4 without the re-roll, 1/8 with it
    one = attack_odds(replace(base, dice=Modified(1)))
    two = attack_odds(replace(mods, dice=Modified(1)))
    assert one.unblocked == {0: Fraction(3, 4), 1: Fraction(1, 4)}
    assert two.unblocked == {0: Fraction(7, 8), 1: Fraction(1, 8)}
    assert attack_odds(mods).expected_wounds < attack_odds(base).expected_wounds
    plan = game.ruleset.plan(game.state, action(game, "attack s g"))
    assert isinstance(plan, Plan) and plan.odds is not None
    assert any("AS-RES-5" in q.rules for q in plan.odds())


def _answer_mean(game: Any, line: str) -> Fraction:
    plan = game.ruleset.plan(game.state, action(game, line))
    assert isinstance(plan, Plan) and plan.odds is not None
    found = plan.odds().get("wounds")
    assert found is not None
    return found.mean()


def test_as_res_5_answer_odds_follow_the_pick() -> None:
    game = _game()
    act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    assert _answer_mean(game, "choose reroll=none") == 3
    assert _answer_mean(game, "choose reroll=1+2+3") == Fraction(3, 2)
    assert _answer_mean(game, "choose reroll=4+5+6+7") == 3 + Fraction(4, 2)


def test_as_res_5_the_computer_answers_the_defense_reroll() -> None:
    game = _game()
    act(game, "attack s g", HITS, "dice 1 2 3 4 5 6 6")
    for level in ("random", "easy", "normal"):
        choice = make_player(level, 3, clock=False, scale=0.1).choose(game).action
        assert game.why_not(choice) is None, level


def test_dice_picks_are_positions_not_faces() -> None:
    import random
    picks = dice_picks((6, 6, 1), random.Random(1))
    assert frozenset({1, 2, 3}) in picks and all(p <= {1, 2, 3} for p in picks)
    assert len(picks) == 8


def test_as_card_1_a_profile_names_only_abilities_the_table_plays() -> None:
    with pytest.raises(SetupError) as err:
        parse_profile("x", {**GUARD, "abilities": ["Order: Shield Wall"]}, "stats.")
    assert "AS-CARD-1" in err.value.problems[0].message


def test_as_card_1_an_unplayed_after_defense_ability_is_named_when_it_would_act() -> None:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("t", 2, "tully_sworn_shields", 24.0, 24.8, 180)])
    events = act(game, "attack s t", HITS, "dice 1 2 3 4 5 6 6", "dice 6 6")
    said = first(events, "card.unplayed")
    assert said.rules == ("AS-CARD-1", "AS-RES-5")
    assert said.data["abilities"] == ["Order: Shield Wall"]
    order = kinds(events)
    assert order.index("defense.roll") < order.index("card.unplayed") < order.index("attack.done")
    assert first(events, "defense.roll").data["blocks"] == 5  # the table adds no block


def test_crown_option_is_checked() -> None:
    from game.rulesets.asoiaf.ruleset import option_problems
    assert option_problems({"crown": 3}) and option_problems({"crown": True})
    assert not option_problems({"crown": 1})


def test_as_card_1_the_card_shows_the_played_ability_and_whether_it_is_in_effect() -> None:
    from game.rulesets.asoiaf.presentation import unit_card

    for crown, tail in ((2, "(AS-RES-5)"), (None, "not in effect in this game")):
        game = _game(crown)
        card = unit_card(game.state, "g")
        assert card is not None
        line = next(x for x in card.lines if x.text.startswith(PROTECTION_OF_THE_CROWN))
        assert line.text.endswith(tail) and "AS-CARD-1" in line.rules
