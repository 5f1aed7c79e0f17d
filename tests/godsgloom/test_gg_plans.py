"""GODSGLOOM's plans (issue 24) and its decisions' odds (issue 29).

Every action type is a planned kind: the Melee Attack's plan carries its typed detail and the
exact outcomes of the Attack Test, which equal, exactly, those of the resolver enumerated over
every roll of the dice; a formation answer's plan counts the formation; moves carry their
placements; the plan is computed once per position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

from game.core.actions import Choose, EndActivation
from game.core.game import Game
from game.core.hashing import snapshot
from game.core.odds import odds_lines, outcome_distributions, plan_outcomes
from game.core.pending import Chance, PlayerDecision
from game.core.plan import Outcomes, Placement, Plan
from game.core.ruleset import Context
from game.core.state import GameState
from game.rulesets.godsgloom.actions import Activate, Advance, Face, MeleeAttack, Rally
from game.rulesets.godsgloom.plans import MeleeDetail

from .helpers import duel, gu, play, unit

Leaf = tuple[GameState, tuple[object, ...], Fraction]


def _leaves(game: Game, state: GameState, events: tuple[object, ...],
            chance: Fraction) -> Iterator[Leaf]:
    """Every way the dice of the running melee can fall, through the ruleset's own resolver,
    until it asks a player (or ends): each leaf with its events and exact probability."""
    node = game.ruleset.decision(state)
    if not isinstance(node, Chance):
        yield state, events, chance
        return
    count, sides = node.dice.count, node.dice.sides
    each = chance / sides ** count
    for faces in product(range(1, sides + 1), repeat=count):
        branch = snapshot(state)
        ctx = Context()
        game.ruleset.on_dice(branch, faces, ctx)
        yield from _leaves(game, branch, (*events, *ctx.events), each)


def _resolved(game: Game, attacker: str, defender: str) -> dict[str, dict[int, Fraction]]:
    """The exact distribution of every quantity the plan reports, by enumerating every roll
    of the resolver from the moment the attack is declared."""
    start = snapshot(game.state)
    ctx = Context()
    game.ruleset.apply(start, MeleeAttack(attacker, defender), ctx)
    health = {attacker: gu(game, attacker).health, defender: gu(game, defender).health}
    found: dict[str, dict[int, Fraction]] = {}

    def add(name: str, value: int, p: Fraction) -> None:
        found.setdefault(name, {})
        found[name][value] = found[name].get(value, Fraction(0)) + p

    for state, events, p in _leaves(game, start, tuple(ctx.events), Fraction(1)):
        test = next(e for e in events if getattr(e, "kind", "") == "melee.test")
        won = next(e for e in events if getattr(e, "kind", "") == "melee.winner")
        a, d = state.units[attacker], state.units[defender]
        add("wounds_to_defender", test.data["wounds_to_defender"], p)  # type: ignore[attr-defined]
        add("wounds_to_attacker", test.data["wounds_to_attacker"], p)  # type: ignore[attr-defined]
        add("health_lost_defender", health[defender] - d.health, p)  # type: ignore[attr-defined]
        add("health_lost_attacker", health[attacker] - a.health, p)  # type: ignore[attr-defined]
        add("defender_destroyed", int(d.destroyed), p)
        add("attacker_destroyed", int(a.destroyed), p)
        winner = won.data.get("unit")  # type: ignore[attr-defined]
        add("attacker_wins", int(winner == attacker), p)
        add("defender_wins", int(winner == defender), p)
    return {name: {v: q for v, q in sorted(values.items()) if q} for name, values in
            found.items()}


def _plan(game: Game, action: MeleeAttack) -> Plan[MeleeAttack, MeleeDetail]:
    plan = game.ruleset.plan(game.state, action)
    assert isinstance(plan, Plan), plan
    return plan


def test_the_melee_plan_equals_every_roll_of_the_resolver() -> None:
    """The plan's outcomes (wounds both ways, health lost, destruction, winner) equal the
    resolver's, enumerated exactly over all 6^4 rolls, death throes included."""
    game = duel(a={"stats": {"attack": 1, "defence": 1, "health": 2}},
                d={"stats": {"attack": 1, "defence": 1, "health": 2,
                             "abilities": ["death-throes"]}})
    play(game, "activate a")
    plan = _plan(game, MeleeAttack("a", "d"))
    assert plan.outcomes.as_mapping() == _resolved(game, "a", "d")


def test_the_melee_plan_after_the_stakes_equals_every_roll_of_the_resolver() -> None:
    """HX-EFF-1 runs before the dice in the plan as in the resolver (a Weak attacker rolls
    one attack die fewer); health lost counts the stakes' wound."""
    game = duel(a={"stats": {"attack": 2, "defence": 1, "health": 2}},
                d={"stats": {"attack": 1, "defence": 1, "health": 2}},
                hexes=[{"at": [1, 0], "keywords": ["stakes"]}])
    play(game, "activate a")
    plan = _plan(game, MeleeAttack("a", "d"))
    assert plan.detail.attacker_pool is not None and plan.detail.attacker_pool.attack == 1
    assert "HX-EFF-1" in plan.rules and any("stakes" in n for n in plan.detail.notes)
    assert plan.outcomes.as_mapping() == _resolved(game, "a", "d")
    lost = plan.outcomes.get("health_lost_attacker")
    assert lost is not None and lost.at_least(1) == 1


def test_the_melee_plan_is_typed_and_cites_its_modifiers() -> None:
    """The detail names both sides, the pivot and the pools; each modifier its rule."""
    game = duel(a={"stats": {"auto_hits": 1}}, d={"facing": 4})
    play(game, "activate a")
    plan = _plan(game, MeleeAttack("a", "d"))
    detail = plan.detail
    assert (detail.attacker, detail.defender, detail.facing, detail.test) == ("a", "d", 1,
                                                                             "default")
    assert plan.targets == ("d",)
    assert any(m.rules == ("HX-ATC-40",) for m in plan.modifiers)
    assert {"HX-MEL-0", "HX-MEL-10", "HX-MEL-30"} <= set(plan.rules)


def test_hx_mel_20_a_formation_answer_carries_its_odds() -> None:
    """HX-MEL-20 (the wedge, HX-TF-3): against one defence die, one attack die wounds nothing
    with 25/36, two (with the wedge) with 85/216 (worked by hand from a die's 0/1/2
    successes with 1/3, 1/2, 1/6); the answers' plans say so, the table's words carry them."""
    friend = unit("f", 1, (-1, 0), 1)
    game = duel(a={"stats": {"attack": 1, "formations": ["wedge"]}},
                d={"stats": {"defence": 1}}, more=[friend])
    play(game, "activate a", "melee a -> d")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "formation"
    none, wedge = (plan_outcomes(game.ruleset, game.state, Choose.of(formation=f))
                   for f in ("none", "wedge"))
    assert isinstance(none, Outcomes) and isinstance(wedge, Outcomes)
    missed = {name: q.probability(0) for name, q in
              (("none", none.get("wounds_to_defender")), ("wedge", wedge.get("wounds_to_defender")))
              if q is not None}
    assert missed == {"none": Fraction(25, 36), "wedge": Fraction(85, 216)}
    for offer in node.offers:
        lines = odds_lines(game.ruleset, game.state, offer.action)
        assert any(line.startswith("Wounds to the defender") and "for at least 1" in line
                   for line in lines), lines


def test_answers_without_dice_report_none() -> None:
    """Push, stand, follow-up and facing roll nothing: their plans report no outcomes."""
    game = duel(d={"stats": {"health": 9}})
    play(game, "activate a", "melee a -> d", "dice 6 6 6", "dice 1 1 1")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "push"
    for offer in node.offers:
        assert plan_outcomes(game.ruleset, game.state, offer.action) == Outcomes()


def test_moves_carry_their_placements_and_plain_actions_have_plans() -> None:
    game = duel()
    activate = game.ruleset.plan(game.state, Activate("a"))
    assert isinstance(activate, Plan) and game.ruleset.plans_odds(Activate("a"))
    play(game, "activate a")
    face = game.ruleset.plan(game.state, Face("a", 2))
    assert isinstance(face, Plan)
    assert face.placements == (Placement("a", hex=(0, 0), hex_facing=2),)
    advance = next(a for a in game.legal_actions() if isinstance(a, Advance))
    moved = game.ruleset.plan(game.state, advance)
    assert isinstance(moved, Plan)
    assert moved.placements == (Placement("a", hex=(advance.q, advance.r),
                                          hex_facing=advance.facing),)
    for action in (Rally("a"), EndActivation()):
        found = outcome_distributions(game, action)
        assert found == Outcomes() or not isinstance(found, Outcomes)


def test_a_plan_is_computed_once_per_position() -> None:
    """Listing, presenting, the buttons, the hover and the odds of one position share one
    plan per action: every kind's check runs at most once per action (counted), and the
    reach of the activated unit is searched once."""
    game = duel()
    play(game, "activate a")
    ruleset = game.ruleset
    calls: Counter[object] = Counter()
    for kind in list(ruleset._kinds.values()):

        def counted(state: GameState, action: Any, check: Any = kind.check) -> Any:
            calls[action] += 1
            return check(state, action)

        ruleset.register_kind(replace(kind, check=counted))
    ruleset.memo.forget()
    ruleset.memo.computed.clear()
    for _ in range(2):
        game.legal_actions()
        ruleset.commands(game.state, "a")
        ruleset.inspect_pair(game.state, "a", "d")
        outcome_distributions(game, MeleeAttack("a", "d"))
    assert calls[MeleeAttack("a", "d")] == 1
    assert calls and max(calls.values()) == 1, calls.most_common(3)
    assert ruleset.memo.computed["reach"] == 1


def test_hx_act_2_the_activated_units_actions_are_listed_once_per_position() -> None:
    """HX-ACT-2 (issue 32): the activated unit's buttons and its reach overlay share one list
    of its legal actions per position (a copy each: changing one changes nothing kept), and
    an action gives the next position its own."""
    game = duel()
    play(game, "activate a")
    ruleset = game.ruleset
    ruleset.memo.forget()
    ruleset.memo.computed.clear()
    first = ruleset.legal_actions_for(game.state, "a")
    ruleset.commands(game.state, "a")
    ruleset.inspect_unit(game.state, "a")
    first.clear()
    again = ruleset.legal_actions_for(game.state, "a")
    assert again and ruleset.memo.computed["legal"] == 1
    assert again == [a for a in game.legal_actions() if a.actor() == "a"]
    face = next(a for a in again if isinstance(a, Face))
    game.apply(face)
    assert face not in ruleset.legal_actions_for(game.state, "a")
    assert ruleset.memo.computed["legal"] == 2
