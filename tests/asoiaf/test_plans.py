"""ASOIAF plans (issue 24): one charge basis serves the check, the button, the odds and the
handler; its plan predicts where the charger starts and its exact chance of contact."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from game.core.actions import Choose
from game.core.game import Game
from game.core.odds import outcome_distributions
from game.core.pending import PlayerDecision, Refusal
from game.core.plan import Outcomes, Plan
from game.rulesets.asoiaf import plans
from game.rulesets.asoiaf import ruleset as as_ruleset
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.inspection import charge_preview
from game.rulesets.asoiaf.odds import charge_probability
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, rules_and_state, scenario, table
from tests.asoiaf.test_mutants import _two
from tests.conformance.test_plans import _misplaced
from tests.counting import count_calls


def test_as_chg_3_a_charge_plan_is_worked_out_once_and_gives_the_exact_contact_chance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-CHG-3: the charge basis of one charge is computed once in one position (check,
    button, odds entry point, handler); its contact chance is D6 + Speed against the
    distance, as the button's hint says."""
    game = table(_two(10.5))  # Speed 5: only a 6 reaches
    calls = count_calls(monkeypatch, as_ruleset.chg, "plan_charge")
    charge, rules, state = Charge("sworn", "guard"), game.ruleset, game.state
    assert game.why_not(charge) is None
    offer = rules.present(state, charge)
    outcomes = outcome_distributions(game, charge)
    plan = rules.plan(state, charge)
    assert isinstance(plan, Plan) and isinstance(outcomes, Outcomes)
    contact = outcomes.get("contact")
    assert contact is not None and contact.probability(1) == Fraction(1, 6)
    assert contact.probability(1) == charge_probability(5, plan.detail.needed)
    assert "(17%)" in offer.hint
    game.apply(charge)
    assert len(calls) == 1


# --- every action planned (issue 24 for ASOIAF, issue 29 major 2) --------------------------


def _faces(target: int) -> Fraction:
    """The chance one D6 meets ``target``: a 6 always does, a 1 never (written out here,
    apart from the resolver's own ``succeeds``)."""
    return Fraction(sum(1 for f in range(1, 7) if f == 6 or (f != 1 and f >= target)), 6)


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)}


def _by_hand(dice: int, to_hit: int, defense: int, panic: int, capacity: int
             ) -> tuple[dict[int, Fraction], dict[int, Fraction], Fraction]:
    """Hits, unblocked wounds and the chance of a failed Panic Test of an attack without
    re-rolls, worked out by hand from the rules: each die hits (AS-RES-2), each hit is
    blocked or not (AS-RES-4), a unit that took wounds and stands tests 2D6 against its
    target (AS-RES-7, AS-PNC-1)."""
    hits = _binomial(dice, _faces(to_hit))
    wounds: dict[int, Fraction] = {}
    for h, ph in hits.items():
        for w, pw in _binomial(h, 1 - _faces(defense)).items():
            wounds[w] = wounds.get(w, Fraction(0)) + ph * pw
    below = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b < panic), 36)
    failed = sum((p for w, p in wounds.items() if 0 < w < capacity), Fraction(0)) * below
    return hits, wounds, failed


def test_as_res_2_4_7_an_attacks_plan_gives_its_exact_hits_wounds_and_panic() -> None:
    """AS-RES-2, AS-RES-4, AS-RES-7, AS-PNC-1: the plan of an attack reports the hits, the
    wounds of unblocked hits and the chance the defender fails its Panic Test exactly as
    the rules give them by hand; the hover's wounds chart and expectations are the plan's."""
    game = scenario("attack_example")
    rules, state = rules_and_state(game)
    plan = rules.plan(state, Attack("guard", "sworn"))
    assert isinstance(plan, Plan)
    mods = plan.detail.mods
    sworn = state.units["sworn"]
    assert isinstance(sworn, AsoiafUnit)
    hits, wounds, failed = _by_hand(mods.dice.value, mods.to_hit.value, mods.defense.value,
                                    mods.panic.value, sworn.wounds_left)
    outcomes = plan.outcomes
    assert dict(outcomes.get("hits").values) == {k: p for k, p in hits.items() if p}  # type: ignore[union-attr]
    assert dict(outcomes.get("wounds").values) == {k: p for k, p in wounds.items() if p}  # type: ignore[union-attr]
    assert outcomes.get("panic").probability(1) == failed  # type: ignore[union-attr]
    assert {"AS-RES-1", "AS-RES-2", "AS-RES-4", "AS-PNC-1"} <= set(plan.rules)
    assert any(m.rules == ("AS-RES-2",) for m in plan.modifiers)
    hover = rules.inspect_pair(state, "guard", "sworn")
    assert hover is not None
    chart = next(c for c in hover.odds if c.title == "Melee attack: wounds")
    total = outcomes.get("total_wounds")
    assert total is not None and [p for _, p in chart.bars] == [p for _, p in total.values]
    assert any(f"expected {float(total.mean()):.2f} wounds" in line.text for line in hover.lines)


def _ask_often(game: Game, unit: str, enemy: str, actions: list[Attack] | list[Charge]
               ) -> None:
    """Ask everything a table and a player ask of a position, three times over: the unit's
    legal actions, its buttons, the hover on ``enemy``, and each action's check, button and
    odds."""
    rules, state = rules_and_state(game)
    for _ in range(3):
        rules.legal_actions_for(state, unit)
        rules.commands(state, unit)
        rules.inspect_pair(state, unit, enemy)
        for action in actions:
            assert game.why_not(action) is None
            rules.present(state, action)
            outcome_distributions(game, action)


def test_as_atk_1_an_attacks_geometry_runs_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-ATK-1, AS-MEL-3/4: an attack's checks (weapon, engagement, facing and shift) run
    once per position and action, however often the listing, the buttons, the hover, the
    odds and the handler ask; one prepared world serves them."""
    game = scenario("attack_example")
    rules, state = rules_and_state(game)
    calls = count_calls(monkeypatch, plans.attacks, "attack_basis")
    built = rules.memo.computed["world"]
    listed = [a for a in rules.legal_actions_for(state, "guard") if isinstance(a, Attack)]
    assert len(listed) > 1
    _ask_often(game, "guard", "sworn", listed)
    assert len(calls) == len(listed)
    assert rules.memo.computed["world"] - built == 1
    aligned = next(a for a in listed if a.align == "100")
    plan = rules.plan(state, aligned)
    assert isinstance(plan, Plan) and plan.placements
    game.apply(aligned)
    assert len(calls) == len(listed)  # the handler applies the plan: no check again
    tray = state.units["guard"].tray
    assert tray is not None and (tray.x, tray.y, tray.facing) == plan.placements[0].pose


def test_as_chg_1_a_charges_geometry_runs_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """AS-CHG-1..4: a charge's basis (sight, reach, arcs, room) is worked out once per
    position and pair, however often the listing, the buttons, the hover, the odds and
    the check ask."""
    game = scenario("charge_example")
    rules, state = rules_and_state(game)
    calls = count_calls(monkeypatch, as_ruleset.chg, "_basis")
    charges = [a for a in rules.legal_actions_for(state, "sworn") if isinstance(a, Charge)]
    assert charges
    _ask_often(game, "sworn", "guard", charges)
    assert len(calls) == len({a.target for a in charges})


def test_as_chg_3_a_charges_plan_reports_its_attack_as_the_hover_does() -> None:
    """AS-CHG-3, AS-CHG-8: a charge's plan gives its contact chance and the odds of the
    attack contact leads to (labelled so); the hover and the preview show those numbers."""
    game = scenario("charge_example")
    rules, state = rules_and_state(game)
    plan = rules.plan(state, Charge("sworn", "guard"))
    assert isinstance(plan, Plan)
    outcomes = plan.outcomes
    contact, total = outcomes.get("contact"), outcomes.get("total_wounds")
    assert contact is not None and contact.probability(1) == Fraction(2, 3)
    assert total is not None and "if the charge makes contact" in total.label
    assert {"hits", "wounds", "panic", "models_lost"} <= set(outcomes.as_mapping())
    hover = rules.inspect_pair(state, "sworn", "guard")
    assert hover is not None
    chart = next(c for c in hover.odds if c.title == "Charge attack: wounds")
    assert [p for _, p in chart.bars] == [p for _, p in total.values]
    preview = charge_preview(rules, state, "sworn", "guard")
    assert preview.attack is not None
    assert preview.attack.expected_wounds == pytest.approx(float(total.mean()))


def test_as_core_3_a_maneuvers_plan_places_the_tray_where_it_ends() -> None:
    """AS-CORE-3: a Maneuver's plan places the tray where pivot, move and pivot end it."""
    game = scenario("charge_example")
    rules, state = rules_and_state(game)
    move = next(a for a in rules.legal_actions_for(state, "sworn")
                if isinstance(a, Maneuver) and a.distance > 0 and a.turn)
    plan = rules.plan(state, move)
    assert isinstance(plan, Plan) and plan.rules == ("AS-CORE-3",) and len(plan.path) == 2
    game.apply(move)
    tray = state.units["sworn"].tray
    assert tray is not None
    assert plan.placements[0].pose == pytest.approx((tray.x, tray.y, tray.facing))


def test_as_core_4_a_retreats_plan_gives_its_d6_plus_speed_and_the_enemies_it_leaves() -> None:
    """AS-CORE-4: a Retreat's plan names the enemies it leaves, keeps the unit where it
    stands until the move is chosen and gives the D6 + Speed it may move, exactly."""
    game = scenario("attack_example")
    rules, state = rules_and_state(game)
    plan = rules.plan(state, Retreat("guard"))
    assert isinstance(plan, Plan) and plan.targets == ("sworn",)
    guard = state.units["guard"]
    assert isinstance(guard, AsoiafUnit) and guard.tray is not None
    speed = guard.stats.speed
    distance = plan.outcomes.get("distance")
    assert distance is not None
    assert dict(distance.values) == {speed + f: Fraction(1, 6) for f in range(1, 7)}
    assert isinstance(rules.plan(state, Retreat("sworn")), Refusal)  # not its turn
    game.apply(Retreat("guard"))
    assert _misplaced(state, plan.placements[0]) is None
    hold = rules.plan(state, Hold("guard"))
    assert isinstance(hold, Refusal)  # the activation is running


def test_as_bon_1_each_reroll_answer_carries_the_odds_of_its_dice() -> None:
    """AS-BON-1: answering the Charge Bonus re-roll, each offer (and a free pick) carries the
    exact hits that follow: the kept dice's hits plus the re-rolled dice's, each rolled once;
    and the wounds and models those hits lead to."""
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard", "choose align=100 side=centre", "dice 6 5 4 3 2 1 1")
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    rules, state = rules_and_state(game)
    keep, misses = (o.action for o in node.offers)
    to_hit = state.procedure.mods.to_hit.value  # type: ignore[union-attr]
    kept = sum(1 for f in (6, 5, 4, 3, 2, 1, 1) if f == 6 or (f != 1 and f >= to_hit))
    p = _faces(to_hit)

    def hits(answer: Choose) -> dict[int, Fraction]:
        plan = rules.plan(state, answer)
        assert isinstance(plan, Plan) and rules.plans_odds(answer, state)
        found = plan.outcomes.get("hits")
        assert found is not None and plan.outcomes.get("models_lost") is not None
        return dict(found.values)

    assert hits(keep) == {kept: Fraction(1)}
    assert hits(misses) == {kept + k: q for k, q in _binomial(7 - kept, p).items()}
    assert hits(Choose.of(reroll="1")) == {kept - 1 + k: q for k, q in _binomial(1, p).items()}
    assert outcome_distributions(game, misses) == rules.plan(state, misses).outcomes  # type: ignore[union-attr]


def _choices(*lines: str) -> tuple[Game, PlayerDecision]:
    game = scenario("choices")
    act(game, *lines)
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    return game, node


def test_as_chg_8_each_weapon_answer_carries_its_attacks_odds() -> None:
    """AS-CHG-8, AS-BON-1: a charger with two Melee Attacks picks one; each answer carries the
    odds of that attack with the Charge Bonus (a miss rolled again once)."""
    game, node = _choices("charge sworn -> guardsmen", "dice 6", "choose align=100 side=centre",
                          "choose unit=halberdiers x=17.15 y=17.95")
    assert node.kind == "charge.weapon"
    rules, state = rules_and_state(game)
    sworn = state.units["sworn"]
    assert isinstance(sworn, AsoiafUnit)
    for offer in node.offers:
        weapon = sworn.stats.attacks[int(offer.action.get("weapon") or 0)]  # type: ignore[attr-defined]
        plan = rules.plan(state, offer.action)
        assert isinstance(plan, Plan)
        found = plan.outcomes.get("hits")
        p = _faces(weapon.hit)
        assert found is not None
        assert found.mean() == weapon.dice_for(sworn.ranks_lost) * (1 - (1 - p) ** 2)


def test_as_bon_2_each_arc_answer_carries_the_odds_from_that_arc() -> None:
    """AS-BON-2, AS-BON-3: an attacker split 50/50 across two arcs picks one; each answer's
    odds use that arc's Defense and Panic (a Flank or Rear Bonus makes blocks harder)."""
    game, node = _choices("attack outriders knights")
    assert node.kind == "attack.arc"
    rules, state = rules_and_state(game)
    proc = state.procedure
    means = {}
    for offer in node.offers:
        arc = offer.action.get("arc")  # type: ignore[attr-defined]
        plan = rules.plan(state, offer.action)
        assert isinstance(plan, Plan)
        wounds = plan.outcomes.get("wounds")
        assert wounds is not None
        knights = state.units["knights"]
        assert isinstance(knights, AsoiafUnit)
        bonus = {"front": 0, "left": 1, "right": 1, "rear": 2}[str(arc)]
        mods = proc.mods  # type: ignore[union-attr]
        means[arc] = wounds.mean()
        assert wounds.mean() == mods.dice.value * _faces(mods.to_hit.value) * (
            1 - _faces(knights.stats.defense + bonus))
    assert len(set(means.values())) == 2


def test_as_chg_4_each_contact_arc_answer_carries_the_charges_odds() -> None:
    """AS-CHG-4: a charger on the dividing ray picks the arc it contacts; each answer carries
    the charge's contact chance and the odds of the attack from that arc."""
    game, node = _choices("charge berserkers -> crossbowmen")
    assert node.kind == "charge.arc"
    rules, state = rules_and_state(game)
    contacts = set()
    for offer in node.offers:
        plan = rules.plan(state, offer.action)
        assert isinstance(plan, Plan)
        contact = plan.outcomes.get("contact")
        assert contact is not None and plan.outcomes.get("total_wounds") is not None
        contacts.add(contact.probability(1))
    assert len(contacts) == 1


def test_as_chg_7_an_alignment_answer_reports_no_odds() -> None:
    """AS-CHG-7: a charge's alignment has no odds worked out: its plan's outcomes are empty
    and ``warbench odds`` says they are not reported (never that they are certain)."""
    game = scenario("charge_example", [3])
    act(game, "charge sworn -> guard")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.align"
    plan = game.ruleset.plan(game.state, node.offers[0].action)
    assert isinstance(plan, Plan) and not plan.outcomes
    assert not game.ruleset.plans_odds(node.offers[0].action, game.state)
