"""The asoiaf ruleset through the plug-in contract (issue 9): per-unit legal actions,
commands with labels and target refusals, a snapping Maneuver steer, the unit card, and
inspections computed with this instance's options (AS-CHG-15 ``rough_penalty``)."""

from __future__ import annotations

import random

from shapely.geometry import Polygon

from game.core.actions import Choose, Dice
from game.core.game import Game
from game.core.inspect import Area, OddsChart, Segment
from game.core.pending import Chance, Over
from game.rulesets.asoiaf import AsoiafRuleset
from game.rulesets.asoiaf.actions import Charge, Hold, Maneuver
from game.rulesets.asoiaf.inspection import charge_preview
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, rules_and_state, scenario, table, unit

ROUGH = {"kind": "rough ground", "keywords": ["rough"],
         "polygon": [[18.0, 14.0], [30.0, 14.0], [30.0, 15.0], [18.0, 15.0]]}
WALL = {"kind": "wall", "keywords": ["blocks-sight", "impassable"],
        "polygon": [[20.0, 16.0], [28.0, 16.0], [28.0, 17.0], [20.0, 17.0]]}


def _two(gap: float) -> list[dict[str, object]]:
    return [unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
            unit("guard", 2, "lannister_guardsmen", 24.0, 12.4 + gap + 2.4, 180)]


def _rules(game: Game) -> AsoiafRuleset:
    assert isinstance(game.ruleset, AsoiafRuleset)
    return game.ruleset


def test_legal_actions_for_is_each_units_share_of_legal_actions() -> None:
    rng = random.Random(5)
    compared = 0
    for name in ("skirmish", "two_sides", "flank_charge", "attack_example"):
        game = scenario(name)
        for _ in range(25):
            node = game.pending()
            if isinstance(node, Over):
                break
            if isinstance(node, Chance):
                game.apply(Dice(tuple(rng.randint(1, node.dice.sides)
                                      for _ in range(node.dice.count))))
                continue
            every = game.legal_actions()
            rules, state = _rules(game), game.state
            for uid in state.units:
                mine = [a for a in every if a.actor() == uid] if not state.procedures else []
                assert rules.legal_actions_for(state, uid) == mine
                compared += 1
            game.apply(rng.choice(every))
    assert compared > 100


def test_commands_label_offers_and_explain_refused_targets() -> None:
    game = scenario("charge_example")
    rules, state = rules_and_state(game)
    commands = {c.key: c for c in rules.commands(state, "sworn")}
    assert set(commands) == {"charge", "attack", "maneuver", "retreat", "hold"}
    charge = commands["charge"]
    assert charge.enabled and charge.targeted
    assert all(o.label.startswith("Charge ") and "=" not in o.label for o in charge.offers)
    assert all(o.ghost is not None and o.target == "guard" for o in charge.offers)
    assert charge.target_refusal is not None
    friendly = charge.target_refusal("sworn")
    assert friendly is not None and friendly.rules
    assert commands["retreat"].refusal is not None
    assert "AS-CORE-4" in commands["retreat"].refusal.rules
    enemy = {c.key: c for c in rules.commands(state, "guard")}
    assert enemy["charge"].refusal is not None and not enemy["charge"].enabled


def test_maneuver_steer_stops_at_speed_and_snaps_straight_ahead() -> None:
    game = table([unit("a", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("g", 2, "lannister_guardsmen", 4.0, 44.0, 180)])
    rules, state = rules_and_state(game)
    steer = {c.key: c for c in rules.commands(state, "a")}["maneuver"].steer
    assert steer is not None
    far = steer.build((24.3, 40.0), 0.0, False)  # far past Speed 5, 0.6° off straight ahead
    assert far is not None
    assert (far.action.turn, far.action.distance, far.action.then) == (0.0, 5.0, 0.0)  # type: ignore[attr-defined]
    assert game.why_not(far.action) is None and far.ghost is not None
    near = steer.build((24.0, 14.7), 0.0, False)  # 4.7": close to Speed snaps to it
    assert near is not None and near.action.distance == 5.0  # type: ignore[attr-defined]
    short = steer.build((24.0, 12.0), 20.0, False)
    assert short is not None and short.action.distance == 2.0  # type: ignore[attr-defined]
    assert short.action.then == 20.0 and short.ghost is not None  # type: ignore[attr-defined]
    assert short.ghost.pose is not None and short.ghost.pose[2] == 20.0
    free = steer.build((24.3, 12.0), 0.0, True)
    assert free is not None and free.action.turn != 0.0  # type: ignore[attr-defined]
    assert free.label.startswith("Turn ") and "=" not in free.label


def test_unit_card_lists_stats_attacks_and_what_is_left() -> None:
    game = scenario("charge_example")
    card = _rules(game).unit_card(game.state, "sworn")
    assert card is not None
    text = "\n".join(line.text for line in card.lines)
    sworn = game.state.units["sworn"]
    assert isinstance(sworn, AsoiafUnit)
    assert f"Speed {sworn.stats.speed}" in text and f"Morale {sworn.stats.morale}+" in text
    for attack in sworn.stats.attacks:
        assert f"{attack.name}" in text and f"hits on {attack.hit}+" in text
    assert f"Models {sworn.models} of {sworn.stats.models}" in text


def test_as_chg_15_preview_uses_the_instances_rough_penalty() -> None:
    default = table(_two(8.0), [ROUGH])
    free = table(_two(8.0), [ROUGH], options={"rough_penalty": 0})
    looked = _rules(default).inspect_pair(default.state, "sworn", "guard")
    assert looked is not None and 'needs 10.00"' in looked.text() and "a 5+" in looked.text()
    looked = _rules(free).inspect_pair(free.state, "sworn", "guard")
    assert looked is not None and 'needs 8.00"' in looked.text() and "a 3+" in looked.text()
    preview = charge_preview(*rules_and_state(free), "sworn", "guard")
    assert abs(preview.distance_needed - 8.0) < 1e-6 and preview.roll_needed == 3
    events = act(free, "charge sworn -> guard")
    declared = next(e for e in events if e.kind == "charge.declared")
    assert declared.data["roll_needed"] == 3 and abs(declared.data["needed"] - 8.0) < 1e-6
    charts = [c for c in looked.odds if isinstance(c, OddsChart) and c.title == "Charge roll"]
    assert charts and float(dict(charts[0].bars)["reaches"]) == preview.probability


def test_as_chg_1_inspection_shows_the_witness_or_the_blockers() -> None:
    clear = table(_two(8.0))
    looked = _rules(clear).inspect_pair(clear.state, "sworn", "guard")
    assert looked is not None
    assert any(isinstance(s, Segment) and s.style == "sight" for s in looked.shapes)
    assert any(isinstance(s, Segment) and s.style == "range" and s.label == '8.00"'
               for s in looked.shapes)
    assert any(isinstance(s, Area) and s.style == "corridor" for s in looked.shapes)
    walled = table(_two(8.0), [WALL])
    looked = _rules(walled).inspect_pair(walled.state, "sworn", "guard")
    assert looked is not None and "Line of Sight: no" in looked.text()
    assert any(isinstance(s, Area) and s.style == "blocker" for s in looked.shapes)
    assert any(line.tone == "bad" and "AS-CHG-1" in line.rules for line in looked.lines)


def test_inspect_unit_gives_reach() -> None:
    game = scenario("charge_example")
    looked = _rules(game).inspect_unit(game.state, "sworn")
    assert looked is not None and any(isinstance(s, Area) and s.style == "reach"
                                      for s in looked.shapes)


def test_present_labels_actions_and_free_answers_in_plain_words() -> None:
    game = scenario("charge_example")
    rules, state = rules_and_state(game)
    offer = rules.present(state, Charge("sworn", "guard", 12.0))
    assert offer.label == "Charge Lannister Guardsmen (turn 12° right)" and offer.target == "guard"
    left = rules.present(state, Charge("sworn", "guard", -24.779)).label
    assert left == "Charge Lannister Guardsmen (turn 25° left)", left  # never "pivot -24.779°"
    assert offer.ghost is not None and offer.ghost.pose is not None
    assert rules.present(state, Hold("sworn")).label == "Hold"
    maneuver = rules.present(state, Maneuver("sworn", -30.0, 3.0, 10.0))
    assert maneuver.label == 'Turn 30° left, move 3", then turn 10° right'
    assert maneuver.ghost is not None


def test_present_labels_a_free_answer_of_the_waiting_decision() -> None:
    game = table([unit("s", 1, "stark_sworn_swords", 24.0, 20.0),
                  unit("f", 1, "stark_sworn_swords", 29.15, 25.5, 270),
                  unit("g", 2, "lannister_guardsmen", 24.0, 24.8, 180, models=1),
                  unit("h", 2, "lannister_guardsmen", 4.0, 44.0, 180)],
                 dice=[6] * 7 + [1] * 7)
    act(game, "attack s g")
    rules, state = rules_and_state(game)
    offer = rules.present(state, Choose.of(unit="s", turn=-30.0, distance=3.0, then=0.0))
    assert offer.label == 'Turn 30° left, move 3"' and offer.ghost is not None


def test_as_core_3_the_drawn_reach_stops_at_impassable_terrain() -> None:
    """The selected unit's charge reach was drawn straight through a stone wall: the drawn
    reach stops where the wall stops a move straight ahead, and says paths are not checked."""
    walled = table(_two(8.0), [WALL])
    looked = _rules(walled).inspect_unit(walled.state, "sworn")
    assert looked is not None
    reach = [s for s in looked.shapes if isinstance(s, Area) and s.style == "reach"]
    assert len(reach) == 2
    wall = Polygon(WALL["polygon"])  # type: ignore[arg-type]
    assert all(Polygon(s.points).intersection(wall).area < 1e-6 for s in reach)
    assert any("paths not checked" in s.label for s in reach)
    assert "wall stops a move straight ahead" in looked.text()
    assert "before any path is checked" in looked.text()
