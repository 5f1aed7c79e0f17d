"""The turn (NA-TURN-1), Charge (NA-CHG-1/2), Move (NA-MOV-1), Shoot (NA-SHT-1), setup refusals
(NA-ATT-1 through `warbench check`), the inspection records and exact odds against a seeded
Monte Carlo of the resolver's own rolls."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from game.core.actions import Choose, EndActivation, RollPending
from game.core.odds import odds_lines, plan_outcomes
from game.core.pending import Chance as ChanceNode
from game.core.pending import Idle, PlayerDecision, Refusal
from game.core.plan import Outcomes
from game.geometry.tray import Side
from game.rulesets.ninth_age.actions import Advance, Charge, Reform, Shoot, Turn, Wheel
from game.rulesets.ninth_age.engage import (
    Target,
    attack_record,
    engaged_side,
    in_contact,
    strikers,
)
from game.rulesets.ninth_age.odds import expected, hp_loss, unsaved_chance
from game.rulesets.ninth_age.tables import passes
from game.scenario import ScenarioError, load_scenario, load_scenario_text
from tests.conftest import SCENARIOS

from .helpers import facing_pair, nu, play, scenario, unit


def _two(a: dict[str, object], b: dict[str, object], gap: float = 6.0):  # type: ignore[no-untyped-def]
    """Orcs (side 1, facing north) and an enemy ``gap`` inches ahead, facing south."""
    return scenario([unit("a", 1, (24.0, 10.0), 0.0, **a),
                     unit("b", 2, (24.0, 10.0 + 100 / 25.4 / 2 + gap + 3.0), 180.0, **b)])


def test_na_turn_1_phases_in_order_and_actions_only_in_their_phase() -> None:
    """NA-TURN-1: Charge, Move, Shoot, Melee, then the other player's Charge phase."""
    game = _two({"profile": "orc_warband"}, {"profile": "goblin_archers"}).new_game()
    assert game.state.turn.phase == "charge"
    assert game.why_not(Advance("a", 2.0)) is not None
    play(game, "end")
    assert game.state.turn.phase == "move"
    assert game.why_not(Charge("a", "b")) is not None
    play(game, "end")
    assert game.state.turn.phase == "shoot"
    play(game, "end")  # no combat: the Melee phase ends at once
    assert game.state.turn.phase == "charge" and game.state.turn.active == 2
    assert isinstance(game.pending(), Idle)


def test_na_chg_1_charge_needs_the_front_arc_and_the_reach() -> None:
    """NA-CHG-1: within Cha inches and in the Front Arc; not from behind, not too far."""
    near = _two({"profile": "veteran_orcs"}, {"profile": "imperial_guard"}, gap=6.0).new_game()
    assert near.why_not(Charge("a", "b")) is None
    far = _two({"profile": "veteran_orcs"}, {"profile": "imperial_guard"}, gap=12.0).new_game()
    refusal = far.why_not(Charge("a", "b"))
    assert refusal is not None and "NA-CHG-1" in refusal.rules
    behind = scenario([unit("a", 1, (24.0, 10.0), 180.0, profile="veteran_orcs"),
                       unit("b", 2, (24.0, 20.0), 180.0, profile="imperial_guard")]).new_game()
    refusal = behind.why_not(Charge("a", "b"))
    assert refusal is not None and "Front Arc" in refusal.reason


def test_na_chg_2_facing_by_the_arc_of_the_chargers_front_middle_then_aligned() -> None:
    """NA-CHG-2: the knights' front middle is in the Orcs' left arc: they end flush with the
    Orcs' left flank, facing it, every front model in contact."""
    game = load_scenario(SCENARIOS / "ninth_age_flank_charge.toml").new_game()
    play(game, "charge knights -> orcs")
    knights, orcs = nu(game, "knights"), nu(game, "orcs")
    assert in_contact(knights, orcs)
    assert engaged_side(orcs, knights) is Side.LEFT
    assert engaged_side(knights, orcs) is Side.FRONT
    assert knights.tray is not None and knights.tray.facing == pytest.approx(270.0)
    assert knights.charged


def test_na_chg_2_front_charge_is_slid_to_keep_the_most_contact() -> None:
    """NA-CHG-2: a narrow charger off to one side slides along the edge but stays on it."""
    sc = scenario([unit("a", 1, (27.5, 10.0), 0.0, profile="iron_orc_chariot"),
                   unit("b", 2, (24.0, 18.0), 180.0, profile="imperial_guard")])
    game = sc.new_game()
    play(game, "charge a -> b")
    a, b = nu(game, "a"), nu(game, "b")
    assert a.tray is not None and b.tray is not None
    assert a.tray.polygon.intersection(b.tray.polygon).area < 1e-9
    assert in_contact(a, b)
    assert a.tray.x + a.tray.width / 2 == pytest.approx(b.tray.x + b.tray.width / 2)


def test_na_mov_1_advance_march_limits_and_the_one_inch_rule() -> None:
    """NA-MOV-1: up to twice Mob; never to end within 1 inch of an enemy; once a phase."""
    game = _two({"profile": "veteran_orcs"}, {"profile": "imperial_guard"}, gap=6.0).new_game()
    play(game, "end")
    assert game.why_not(Advance("a", 9.0)) is not None  # Mob 4: March 8
    refusal = game.why_not(Advance("a", 7.0))  # 7.43" apart: 0.43" would be left
    assert refusal is not None and "1\"" in refusal.reason
    assert game.why_not(Advance("a", 4.0)) is None
    play(game, "advance a 4")
    assert nu(game, "a").moved and not nu(game, "a").marched
    assert game.why_not(Turn("a", 90.0)) is not None


def test_na_mov_1_never_through_another_unit() -> None:
    sc = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                   unit("f", 1, (24.0, 15.0), 0.0, profile="orc_warlord")])
    game = sc.new_game()
    play(game, "end")
    refusal = game.why_not(Advance("a", 6.0))
    assert refusal is not None and "blocked" in refusal.reason


def test_na_sht_1_shooting_range_arc_and_march() -> None:
    """NA-SHT-1: bows shoot 24 inches ahead; not after a March; the shots roll the Aim."""
    game = _two({"profile": "goblin_archers"}, {"profile": "imperial_guard"},
                gap=10.0).new_game()
    play(game, "end", "end")
    assert game.why_not(Shoot("a", "b")) is None
    events = play(game, "shoot a -> b")
    assert any(e.kind == "shoot.declared" and e.data["shots"] == 10 for e in events)
    far = _two({"profile": "goblin_archers"}, {"profile": "imperial_guard"},
               gap=30.0).new_game()
    play(far, "end", "end")
    refusal = far.why_not(Shoot("a", "b"))
    assert refusal is not None and "beyond" in refusal.reason
    marched = _two({"profile": "goblin_archers"}, {"profile": "imperial_guard"},
                   gap=20.0).new_game()
    play(marched, "end", "advance a 6", "end")
    assert marched.why_not(Shoot("a", "b")) is not None


def test_na_att_1_warbench_check_refuses_a_unit_that_cannot_be_formed() -> None:
    """NA-ATT-1: three mismatching characters, a Height of 7 or a 5 mm base are refused with
    their path; nothing is half-loaded."""
    bad = {"unit": "veteran_orcs", "characters": ["orc_warlord_on_grunter"] * 3}
    model = {"height": 7, "base": [5, 25], "cha": 8, "mob": 4, "dis": 7, "hp": 1, "def": 3,
             "res": 3, "arm": 0, "parts": [{"att": 1, "off": 3, "str": 3, "ap": 0, "agi": 3}]}
    with pytest.raises(ScenarioError) as info:
        scenario([unit("a", 1, (10.0, 10.0), 0.0, stats=bad),
                  unit("b", 2, (30.0, 30.0), 0.0, stats={"model": model, "models": 5})])
    text = str(info.value)
    assert "units.0.stats.characters" in text or "units[0].stats.characters" in text
    assert "height" in text and "base" in text


def test_the_ruleset_refuses_a_hex_board() -> None:
    text = """[scenario]\nname = "x"\nruleset = "ninth_age"\n[hexmap]\nradius = 2\n
[[players]]\nname = "A"\ncolour = "#000000"\n[[players]]\nname = "B"\ncolour = "#ffffff"\n
[[units]]\nid = "a"\nside = 1\nprofile = "veteran_orcs"\nhex = [0, 0]\n"""
    with pytest.raises(ScenarioError):
        load_scenario_text(text)


def test_inspection_shows_contact_arcs_and_exact_odds() -> None:
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    ruleset = game.ruleset
    insp = ruleset.inspect_pair(game.state, "orcs", "guard")
    assert insp is not None and "In contact" in insp.text()
    assert insp.odds and sum(p for _, p in insp.odds[0].bars) == 1
    assert any(getattr(s, "style", "") == "arc" for s in insp.shapes)
    card = ruleset.unit_card(game.state, "orcs")
    assert card is not None and any("sample" in line.text for line in card.lines)
    assert ruleset.inspect_unit(game.state, "orcs") is not None
    labels = [c.label for c in ruleset.commands(game.state, "orcs")]
    assert labels  # the buttons come from the declared actions
    assert ruleset.present(game.state, EndActivation()).label == "End the charge phase"


def test_odds_match_a_seeded_monte_carlo_of_the_resolver() -> None:
    """The chance of an unsaved wound equals the frequency over seeded rolls judged by the
    same record and the same ``passes`` the resolver uses."""
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    orcs = nu(game, "orcs")
    for pool, target in (("orc_warlord", Target("guard", "imperial_captain")),
                         ("rf", Target("guard", "rf"))):
        record = attack_record(game.state, orcs, pool, 0, "standard", target)
        rng = random.Random(7)
        n, hits = 60_000, 0
        for _ in range(n):
            ok = passes(rng.randint(1, 6), record.hit) and passes(rng.randint(1, 6),
                                                                   record.wound)
            ok = ok and not passes(rng.randint(1, 6), record.armour)
            ok = ok and not passes(rng.randint(1, 6), record.special)
            hits += ok
        p = unsaved_chance(record)
        sigma = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(hits / n - float(p)) < 4 * sigma + 1e-9
        assert p > Fraction(0)


def test_end_is_refused_while_a_combat_waits() -> None:
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, "end", "end", "end")
    assert game.why_not(EndActivation()) is not None
    assert facing_pair  # the helper is shared with the combat tests


def test_na_chg_2_on_a_dividing_line_the_charger_picks_the_facing() -> None:
    """NA-CHG-2: a front middle on the corner-45 ray of the target's front-right corner is in
    two arcs; both charges are offered and end on different edges."""
    w, d = 100 / 25.4, 80 / 25.4  # Imperial Guard with their Captain: 5 x 4 bases of 20 mm
    cx, cy = 24.0, 24.0
    fx, fy = cx + w / 2 + 3.0, cy + d / 2 + 3.0  # on the ray, 3" out
    depth = 50 / 25.4
    back = (math.sin(math.radians(225.0)), math.cos(math.radians(225.0)))
    at = (fx - back[0] * depth / 2, fy - back[1] * depth / 2)
    sc = scenario([unit("a", 1, at, 225.0, profile="iron_orc_chariot"),
                   unit("b", 2, (cx, cy), 0.0, profile="imperial_guard")])
    game = sc.new_game()
    offers = [a for a in game.legal_actions() if isinstance(a, Charge)]
    assert {a.facing for a in offers} == {"front", "right"}
    facings = set()
    for a in offers:
        g = sc.new_game()
        g.apply(a)
        tray = nu(g, "a").tray
        assert tray is not None
        facings.add(round(tray.facing))
    assert facings == {180, 270}


def test_allocation_offers_carry_exact_odds() -> None:
    """NA-ALC-1: each "all on X" offer says what an attack needs, and its answer's plan
    carries the exact HP that pool would lose (the odds the table shows beside it)."""
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, "end", "end", "end")
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    assert all("hit 3+" in o.hint for o in node.offers)
    for offer in node.offers:
        lines = odds_lines(game.ruleset, game.state, offer.action)
        assert len(lines) == 1 and "HP lost by" in lines[0] and "for at least 1" in lines[0]


def test_a_split_allocation_has_the_odds_of_each_pool() -> None:
    """NA-ALC-1: a free split's plan carries the exact HP each pool would lose: each pool's
    distribution is the one of an "all on it" allocation of its share (NA-HP-1)."""
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, "end", "end", "end")
    node = game.pending()
    assert isinstance(node, PlayerDecision)
    first, second = (str(o.action.get("to")).rpartition(":")[0] for o in node.offers[:2])
    split = plan_outcomes(game.ruleset, game.state, Choose.of(to=f"{first}:2+{second}:2"))
    assert isinstance(split, Outcomes)
    assert [q.name for q in split] == [f"hp_lost:{first}", f"hp_lost:{second}"]
    for quantity in split:
        assert sum(p for _, p in quantity.values) == 1 and quantity.mean() > 0
    wrong = plan_outcomes(game.ruleset, game.state, Choose.of(to=f"{first}:1"))
    assert isinstance(wrong, Refusal) and "NA-ALC-1" in wrong.rules


def test_na_mov_1_wheel_pivots_on_the_inner_front_corner_and_pays_the_outer_arc() -> None:
    """NA-MOV-1: a 45 degree wheel to the right keeps the front-right corner and costs
    width x pi/4; a wheel beyond the March allowance or into a unit is refused."""
    sc = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                   unit("f", 1, (23.0, 16.0), 0.0, profile="orc_warlord")])
    game = sc.new_game()
    play(game, "end")
    a = nu(game, "a")
    assert a.tray is not None
    corner = a.tray.corners[1]
    assert game.why_not(Wheel("a", 180.0)) is not None  # 4.92 x pi > 8
    blocked = game.why_not(Wheel("a", -90.0))  # swings its right end into the Warlord
    assert blocked is not None and "blocked" in blocked.reason
    events = play(game, "wheel a 45")
    moved = nu(game, "a").tray
    assert moved is not None and moved.facing == pytest.approx(45.0)
    assert moved.corners[1] == pytest.approx(corner)
    wheel = next(e for e in events if e.kind == "unit.wheeled")
    assert wheel.data["distance"] == pytest.approx(a.tray.width * math.pi / 4)


@pytest.mark.slow
def test_odds_match_a_seeded_monte_carlo_of_the_whole_resolver() -> None:
    """The mean of the exact HP-loss distribution of a lone Warlord's 4 attacks on the
    Guard's rank-and-file matches, within 4 standard errors, 300 seeded rounds played through
    the real procedure (chance nodes, allocation, losses)."""
    guard_d = 80 / 25.4
    units = [unit("a", 1, (22.0, 20.0 - 25 / 25.4 / 2), 0.0, profile="orc_warlord"),
             unit("b", 2, (24.0, 20.0 + guard_d / 2), 180.0, profile="imperial_guard")]
    first = scenario(units, seed=0).new_game()
    a, b = nu(first, "a"), nu(first, "b")
    group = strikers(first.state, a, [b])
    assert [s.options for s in group] == [("b/rf",)]
    record = attack_record(first.state, a, "rf", 0, "standard", Target("b", "rf"))
    dist = hp_loss(4, record, 15)
    mean = float(expected(dist))
    var = float(sum((k - expected(dist)) ** 2 * p for k, p in dist.items()))
    total = 0
    runs = 300
    for seed in range(runs):
        game = scenario(units, seed=seed).new_game()
        play(game, "end", "end", "end")
        while isinstance(game.pending(), ChanceNode) and not any(
                e.kind == "melee.wounds" for e in game.events()):
            game.apply(RollPending())
        lost = [e for e in game.events() if e.kind == "melee.wounds" and e.data["unit"] == "b"]
        total += int(lost[0].data["hp"]) if lost else 0  # type: ignore[arg-type]
    assert abs(total / runs - mean) < 4 * (var / runs) ** 0.5


def test_na_tgt_3_shots_at_a_unit_with_a_taller_character_are_allocated_by_the_shooter() -> None:
    """NA-TGT-3: Goblins shooting at Orcs led by a mounted Warlord (Height 2) choose how many
    shots go to him; the split is checked before any die."""
    game = _two({"profile": "goblin_archers"}, {"profile": "warlord_on_grunter_with_orcs"},
                gap=10.0).new_game()
    play(game, "end", "end", "shoot a -> b")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.player == 1 and "shots" in node.prompt
    assert {o.action.get("to") for o in node.offers} == {  # type: ignore[attr-defined]
        "b/rf:10", "b/orc_warlord_on_grunter:10"}
    assert game.why_not(Choose.of(to="b/rf:4+b/orc_warlord_on_grunter:5")) is not None
    play(game, "choose to=b/rf:4+b/orc_warlord_on_grunter:6")
    first = game.pending()
    assert isinstance(first, ChanceNode) and first.dice.count == 4


def test_na_mov_1_reform_changes_files_about_the_centre_as_the_whole_move() -> None:
    """NA-MOV-1: Orcs 5 wide re-form 10 wide about their centre (turned round too); it is
    their move; a reform into a neighbour, or a bad width, is refused with a reason."""
    game = _two({"profile": "veteran_orcs"}, {"profile": "imperial_guard"},
                gap=20.0).new_game()
    play(game, "end")
    before = nu(game, "a").tray
    assert before is not None
    assert Reform("a", 4) in game.legal_actions()
    events = play(game, "reform a 10 turn=180")
    orcs = nu(game, "a")
    assert orcs.tray is not None and orcs.files == 10 and orcs.tray.files == 10
    assert orcs.tray.ranks == 2 and math.isclose(orcs.tray.facing, 180.0)
    assert math.isclose(orcs.tray.x, before.x) and math.isclose(orcs.tray.y, before.y)
    assert math.isclose(orcs.tray.width, 10 * 25 / 25.4)
    assert any(e.kind == "unit.reformed" and "NA-MOV-1" in e.rules for e in events)
    assert game.why_not(Advance("a", 1.0)) is not None  # the reform was its move
    crowded = scenario([unit("a", 1, (24.0, 10.0), 0.0, profile="veteran_orcs"),
                        unit("f", 1, (24.0 + 5.5, 10.0), 0.0, profile="veteran_orcs"),
                        unit("b", 2, (24.0, 40.0), 180.0, profile="imperial_guard")]
                       ).new_game()
    play(crowded, "end")
    wide = crowded.why_not(Reform("a", 10))
    assert wide is not None and "blocked" in wide.reason and "NA-MOV-1" in wide.rules
    bad = crowded.why_not(Reform("a", 0))
    assert bad is not None and "files" in bad.reason
    assert crowded.why_not(Reform("a", 4)) is None
