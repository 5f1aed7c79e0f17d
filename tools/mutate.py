"""A small mutation check: does the suite fail when a rule is broken?

Each :class:`Mutation` names a file, an exact snippet of its code, the broken snippet that
replaces it, the rule ID it breaks and the pytest selection that must catch it. The script copies
the tree (``game``, ``tests``, ``scenarios``, ``pyproject.toml``) to a temporary directory,
applies one mutation at a time there (restoring the file afterwards, whatever happens), runs
the selection and reports each mutation as killed (the tests failed) or survived. The working
tree is never touched.

A snippet that no longer occurs exactly once is an error, not a skip: a refactor must update
this list, so the list can never silently stop testing anything.

    python tools/mutate.py            # every mutation
    python tools/mutate.py AS-RES-4   # the ones of these rule IDs
    python tools/mutate.py NA-        # the ones of a ruleset (rule IDs with this prefix)
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("game", "tests", "scenarios", "pyproject.toml")
AS = "game/rulesets/asoiaf/"
T = "tests/asoiaf/"
NA = "game/rulesets/ninth_age/"
TN = "tests/ninth_age/"
TNC = TN + "test_combat.py::"
TNB = TN + "test_boundaries.py::"
RANKED = "game/geometry/ranked.py"
RL = "game/rulesets/realms/"
TR = "tests/realms/test_rl_rules.py::"
TRB = "tests/realms/test_rl_boundaries.py::"
ELEV = "game/geometry/elevation.py"
GG = "game/rulesets/godsgloom/"
TGA = "tests/godsgloom/test_gg_activation.py::"
TGM = "tests/godsgloom/test_gg_melee.py::"
TGC = "tests/godsgloom/test_gg_catalogue.py::"


@dataclass(frozen=True)
class Mutation:
    """One deliberate bug: ``original`` in ``path`` becomes ``mutated``; ``tests`` must fail."""

    rule: str
    path: str
    original: str
    mutated: str
    tests: tuple[str, ...]


AS_MUTATIONS: tuple[Mutation, ...] = (
    Mutation("AS-CARD-1", AS + "presentation.py",
             '    if unplayed(facts.abilities):\n        lines.append(InfoLine("Not enforced by '
             'Warbench: "',
             '    if False:\n        lines.append(InfoLine("Not enforced by Warbench: "',
             ("tests/rosters/test_asoiaf_catalogue.py::test_card_lists_abilities_as_not_enforced_"
              "AS_CARD_1",)),
    Mutation("AS-RES-4", AS + "procedures/attack.py",
             "        unplayed_now(defender, ctx)\n"
             "        proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)",
             "        unplayed_now(defender, ctx)\n"
             "        proc.blocks = sum(d >= target for d in proc.defense_dice)",
             (T + "test_mutants.py::test_as_res_4_the_resolver_blocks_on_a_natural_six",)),
    Mutation("AS-CHG-6", AS + "procedures/charge.py",
             "moved = max(0.0, d_b - 1.0) if stop_short else limit",
             "moved = max(0.0, d_b - 0.0) if stop_short else limit",
             (T + "test_mutants.py::test_as_chg_6_a_failed_charge_stops_one_inch_short_of_a_"
                  "unit",)),
    Mutation("AS-CHG-15", AS + "procedures/charge.py",
             "geo.terrain_hit(state, geo.corridor(proc.start, allowed), (",
             "geo.terrain_hit(state, geo.corridor(proc.start, allowed + 9), (",
             (T + "test_mutants.py::test_as_chg_15_rough_beyond_a_failed_charge_costs_nothing",)),
    Mutation("AS-CHG-4", AS + "charge.py",
             "arcs = geo.arc_of(geo.tray_of(target), tray)  # AS-CHG-4",
             "arcs = (Arc.FRONT,)  # AS-CHG-4",
             (T + "test_charge.py::test_as_chg_4_majority_arc_flank_and_the_50_50_choice",
              T + "test_mutants.py::test_as_chg_4_contact_is_in_the_arc_the_charger_started_in")),
    Mutation("AS-CHG-4", AS + "procedures/charge.py",
             "return chg.placements(state, unit, target, Arc(proc.arc), geo.tray_of(unit), world)",
             "return chg.placements(state, unit, target, geo.arc_of(geo.tray_of(target), "
             "geo.tray_of(unit))[0], geo.tray_of(unit), world)",
             (T + "test_mutants.py::test_as_chg_4_contact_is_in_the_arc_the_charger_started_in",)),
    Mutation("AS-CHG-11", AS + "procedures/charge.py",
             "push_attack(state, unit, target, melee[0], not proc.disorderly, ctx,",
             "push_attack(state, unit, target, melee[0], True, ctx,",
             (T + "test_charge.py::test_as_chg_11_disorderly_charge_on_a_one_no_bonus",)),
    Mutation("AS-CHG-14", AS + "procedures/charge.py",
             "wounds = d3 + 1", "wounds = d3",
             (T + "test_charge.py::test_as_chg_14_stakes_d3_plus_one_wounds_once_before_the_"
                  "attack",)),
    Mutation("AS-CHG-9", AS + "procedures/charge.py",
             "proc.crossed_stakes = proc.crossed_stakes or bool(",
             "proc.crossed_stakes = proc.crossed_stakes or False and bool(",
             (T + "test_charge.py::test_as_chg_9_stakes_reached_only_by_the_alignment_count",)),
    Mutation("AS-MEL-5", AS + "attacks.py",
             "if target.id not in engaged:  # AS-MEL-5",
             "if target.id not in engaged or not geo.sight(state, unit, target).visible:",
             (T + "test_attack.py::test_as_mel_5_any_engaged_enemy_without_line_of_sight",)),
    Mutation("AS-CHG-13", AS + "procedures/others.py",
             "if end.polygon.distance(charger.polygon) < KEEP_AWAY - TOLERANCE:",
             "if end.polygon.distance(charger.polygon) < KEEP_AWAY - 0.5:",
             (T + "test_others.py::test_as_chg_13_the_owner_moves_an_unalignable_enemy_one_"
                  "inch_away",)),
    Mutation("AS-CHG-13", AS + "procedures/others.py",
             "    if not flush:\n        return []",
             "    if True:\n        return []",
             (T + "test_others.py::test_as_chg_13_an_enemy_touched_on_its_flank_keeps_facing_"
                  "and_flank",)),
    Mutation("AS-CHG-14", AS + "plans.py",
             "stakes = bool(geo.terrain_hit(state, geo.corridor(found.start, found.distance),",
             "stakes = False and bool(geo.terrain_hit(state, geo.corridor(found.start, "
             "found.distance),",
             (T + "test_odds.py::test_as_chg_11_14_charge_odds_count_disorderly_and_stakes_like_"
                  "the_procedure",)),
    Mutation("AS-RNG-3", AS + "attacks.py",
             "        tray = tray.translated(action.dx, action.dy)\n"
             "    # cull: the same visibility",
             "        tray = tray\n"
             "    # cull: the same visibility",
             (T + "test_mutants.py::test_as_rng_3_the_target_is_checked_again_after_the_shift",)),
    Mutation("AS-CHG-15", AS + "procedures/charge.py",
             "allowed = max(0.0, allowed - self.rules.rough_penalty)",
             "allowed = max(0.0, allowed - 0.0)",
             (T + "test_mutants.py::test_as_chg_15_a_failed_charge_entering_rough_ground_loses_"
                  "the_penalty",)),
    Mutation("AS-RNG-8", AS + "procedures/attack.py",
             "friends = [f for f in geo.live(state) if target.id in engaged.get(f.id, ())]",
             "friends = [f for f in geo.live(state) if engaged.get(f.id, ()) == [target.id]]",
             (T + "test_mutants.py::test_as_rng_8_a_friend_engaged_with_the_target_and_another_"
                  "enemy_tests_too",)),
    Mutation("AS-RNG-8", AS + "procedures/attack.py",
             "shot_friends=tuple(f.id for f in friends) if mods.ranged else ())",
             "shot_friends=tuple(f.id for f in friends[:1]) if mods.ranged else ())",
             (T + "test_mutants.py::test_as_rng_8_every_engaged_friend_takes_a_panic_test",)),
    Mutation("AS-SRG-1", AS + "procedures/attack.py",
             "if attacker.on_board and not geo.engaged_enemies(state, attacker, world=world):",
             "if attacker.on_board:",
             (T + "test_mutants.py::test_as_srg_1_no_free_maneuver_while_still_engaged",)),
    Mutation("AS-SRG-1", AS + "procedures/attack.py",
             "if engaged[f.id] == [target.id])",
             "if target.id in engaged[f.id])",
             (T + "test_mutants.py::test_as_srg_1_no_free_pivot_for_a_friend_engaged_elsewhere",)),
    Mutation("AS-MEL-5", AS + "attacks.py",
             "if target.id not in engaged:  # AS-MEL-5",
             "if False:  # AS-MEL-5",
             (T + "test_mutants.py::test_as_mel_5_the_target_must_be_engaged",)),
    Mutation("AS-CHG-2", AS + "charge.py",
             "    obstacles = align_obstacles(state, attacker.id, target.id, world=world)\n"
             "    return geo.can_align_50(",
             "    obstacles = [t.polygon for t in state.terrain if t.has('impassable')]\n"
             "    return geo.can_align_50(",
             (T + "test_mutants.py::test_as_chg_2_another_unit_takes_the_room_to_align",)),
    Mutation("AS-CHG-7", AS + "charge.py",
             "    near = geo.nearest_legal(mover, host, edge, obstacles, state)\n"
             "    return [near] if near is not None else []",
             "    near = geo.nearest_legal(mover, host, edge, obstacles, state)\n"
             "    return []",
             (T + "test_review.py::test_as_chg_7_the_closest_alignment_is_searched_on_the_table",
              T + "test_mutants.py::test_as_chg_7_the_nearest_legal_overlap_when_no_alignment_fits"
              )),
    Mutation("AS-BON-2", AS + "odds.py",
             "mods.to_hit.value, mods.defense.value, mods.panic.value,",
             "mods.to_hit.value, mods.defense.base, mods.panic.value,",
             (T + "test_mutants.py::test_as_bon_3_odds_with_the_rear_bonus_match_the_resolver",)),
    Mutation("AS-BON-3", AS + "odds.py",
             "mods.to_hit.value, mods.defense.value, mods.panic.value,",
             "mods.to_hit.value, mods.defense.value, mods.panic.base,",
             (T + "test_mutants.py::test_as_bon_3_odds_with_the_rear_bonus_match_the_resolver",)),
    Mutation("AS-CHG-3", AS + "charge.py",
             "limit = attacker.stats.speed + MAX_ROLL + TOLERANCE",
             "limit = attacker.stats.speed + MAX_ROLL - 1.0 + TOLERANCE",
             (T + "test_mutants.py::test_as_chg_3_legal_actions_keep_charges_of_speed_plus_five_"
                  "to_six",)),
    Mutation("AS-ATK-1", AS + "attacks.py",
             "    if target.owner == unit.owner:\n        return Refusal(f\"{target.name} is a "
             "friendly unit\"",
             "    if False:\n        return Refusal(f\"{target.name} is a friendly unit\"",
             (T + "test_mutants.py::test_as_atk_1_a_friendly_unit_is_no_target",)),
    Mutation("AS-BON-1", AS + "procedures/attack.py",
             "            can_reroll = mods.charge_bonus and any(d < 6 for d in results)",
             "            can_reroll = False",
             (T + "test_audit.py::test_as_bon_1_charge_bonus_may_reroll_any_dice",)),
    Mutation("AS-CHG-1", AS + "charge.py",
             "    if not seen.visible:  # AS-CHG-1",
             "    if False:  # AS-CHG-1",
             (T + "test_charge.py::test_as_chg_1_target_must_be_in_line_of_sight",)),
    Mutation("AS-CHG-5", AS + "charge.py",
             "    if start is not tray:  # AS-CHG-5",
             "    if False:  # AS-CHG-5",
             (T + "test_charge.py::test_as_chg_5_pivot_must_keep_target_seen_and_reachable",)),
    Mutation("AS-CHG-8", AS + "procedures/charge.py",
             'int(answer.get("weapon") or 0), not proc.disorderly, ctx, ("AS-CHG-8",),',
             '0, not proc.disorderly, ctx, ("AS-CHG-8",),',
             (T + "test_review.py::test_as_chg_8_the_charger_chooses_its_melee_attack",)),
    Mutation("AS-CHG-10", AS + "procedures/charge.py",
             "        proc.step = END\n        state.procedures.append(panic_test(unit.id,",
             "        proc.step = END\n        (lambda *_: None)(panic_test(unit.id,",
             (T + "test_charge.py::test_as_chg_10_failed_charge_panic_test_and_activation_ends",)),
    Mutation("AS-CHG-12", AS + "charge.py",
             "    if geo.engaged_enemies(state, attacker, world=world):\n        return Refusal(",
             "    if False:\n        return Refusal(",
             (T + "test_charge.py::test_as_chg_12_no_charge_while_engaged",)),
    Mutation("AS-CHG-EX", AS + "procedures/charge.py",
             "        success = total >= proc.distance_needed + proc.penalty - TOLERANCE",
             "        success = total + 1 >= proc.distance_needed + proc.penalty - TOLERANCE",
             (T + "test_charge.py::test_as_chg_ex_seed_examples_through_the_cli",)),
    Mutation("AS-CHG-EX", AS + "procedures/charge.py",
             "        example = (\"AS-CHG-EX\",) if proc.roll in (least, least - 1) else ()",
             "        example = (\"AS-CHG-EX\",) if proc.roll in (least + 1, least) else ()",
             (T + "test_rule_citations.py::test_as_chg_ex_the_roll_cites_the_example_at_the_"
                  "least_roll_and_one_below",)),
    Mutation("AS-CORE-1", AS + "activation.py",
             "    if unit.id in state.turn.activated:\n        return Refusal(",
             "    if False:\n        return Refusal(",
             (T + "test_core.py::test_as_core_1_alternating_activations_and_rounds",)),
    Mutation("AS-CORE-2", AS + "ruleset.py",
             '        return Refusal("an activation ends by itself after its action; use \'hold '
             'UNIT\' to "',
             '        return None\n        return Refusal("an activation ends by itself after '
             'its action; use \'hold UNIT\' to "',
             (T + "test_core.py::test_as_core_2_one_action_then_the_activation_ends",)),
    Mutation("AS-CORE-3", AS + "moves.py",
             "    return None if problem is None else Refusal(problem, (\"AS-CORE-3\",))",
             "    return None",
             (T + "test_core.py::test_as_core_3_maneuver_rules",)),
    Mutation("AS-CORE-4", AS + "ruleset.py",
             "        if not enemies:\n"
             "            return Refusal(f\"{got.name} is not engaged: only an engaged unit "
             "retreats\"",
             "        if False:\n            return Refusal(f\"{got.name} is not engaged: only "
             "an engaged unit retreats\"",
             (T + "test_core.py::test_as_core_4_retreat_then_free_enemy_pivot",)),
    Mutation("AS-CORE-5", AS + "activation.py",
             "    best = max(scores.values())\n    leaders = [n for n, s in scores.items() if s == "
             "best]",
             "    best = min(scores.values())\n    leaders = [n for n, s in scores.items() if s == "
             "best]",
             (T + "test_core.py::test_as_core_5_game_over_at_the_round_limit_or_when_a_side_is_"
                  "gone",)),
    Mutation("AS-CORE-6", AS + "moves.py",
             "    if geo.engaged_enemies(state, unit, world=world):  # trays touching (AS-CORE-6)",
             "    if False:  # trays touching (AS-CORE-6)",
             (T + "test_rule_citations.py::test_as_core_6_touching_trays_are_engaged_and_the_"
                  "refusals_say_so",)),
    Mutation("AS-CORE-6", AS + "geo.py",
             "CONTACT = 1e-4\n",
             "CONTACT = 0.5\n",
             (T + "test_mutants.py::test_as_core_6_a_quarter_inch_apart_is_not_engaged",)),
    Mutation("AS-MEL-1", AS + "attacks.py",
             "    if not ranged and not engaged:\n        return Refusal(",
             "    if False:\n        return Refusal(",
             (T + "test_attack.py::test_as_mel_1_melee_only_while_engaged",)),
    Mutation("AS-MEL-2", AS + "attacks.py",
             "        pool = unit.stats.melee_attacks() if engaged else "
             "unit.stats.ranged_attacks()",
             "        pool = unit.stats.attacks and (0,) if engaged else "
             "unit.stats.ranged_attacks()",
             (T + "test_attack.py::test_as_mel_2_melee_needs_a_melee_attack",)),
    Mutation("AS-MEL-2", AS + "charge.py",
             "    if not attacker.stats.melee_attacks():\n        return Refusal(",
             "    if False:\n        return Refusal(",
             (T + "test_rule_citations.py::test_as_mel_2_a_unit_without_a_melee_weapon_is_told_"
                  "why_it_cannot_charge",)),
    Mutation("AS-MEL-3", AS + "attacks.py",
             "        if len(engaged) > 1:\n            return Refusal(f\"{unit.name} is engaged "
             "with several enemies and may not \"",
             "        if False:\n            return Refusal(f\"{unit.name} is engaged "
             "with several enemies and may not \"",
             (T + "test_audit.py::test_as_mel_3_several_enemies_no_facing_change_and_no_shift_out_"
                  "of_contact",)),
    Mutation("AS-MEL-4", AS + "attacks.py",
             "        if lost:\n            return Refusal(f\"engaged with several enemies",
             "        if False:\n            return Refusal(f\"engaged with several enemies",
             (T + "test_audit.py::test_as_mel_3_several_enemies_no_facing_change_and_no_shift_out_"
                  "of_contact",)),
    Mutation("AS-PNC-1", AS + "modifiers.py",
             "    return max(0, target - total)",
             "    return max(0, target - total - 1)",
             (T + "test_attack.py::test_as_pnc_1_seed_example_panic_fails_by_two_four_models_"
                  "lost",)),
    Mutation("AS-PNC-2", AS + "procedures/attack.py",
             "        if proc.wounds:\n            proc.step = PANIC_ROLL",
             "        if proc.removed:\n            proc.step = PANIC_ROLL",
             (T + "test_attack.py::test_as_pnc_2_multi_wound_models_test_even_without_a_model_"
                  "lost",)),
    Mutation("AS-RES-1", AS + "modifiers.py",
             "    dice = Modified(attack.dice_for(attacker.ranks_lost), ())  # AS-RES-1",
             "    dice = Modified(attack.dice_for(0), ())  # AS-RES-1",
             (T + "test_attack.py::test_as_res_1_attack_dice_by_ranks_left",)),
    Mutation("AS-RES-2", AS + "modifiers.py",
             "    if face == 6:\n        return True",
             "    if False:\n        return True",
             (T + "test_attack.py::test_as_res_2_natural_six_hits_natural_one_misses",)),
    Mutation("AS-RES-3", AS + "procedures/attack.py",
             '            self._window(state, proc, "after_attack_dice", ctx)  # AS-RES-3\n'
             "            proc.hits = sum(succeeds(d, proc.mods.to_hit.value) for d in "
             "proc.attack_dice)",
             "            proc.hits = sum(succeeds(d, proc.mods.to_hit.value) for d in "
             "proc.attack_dice)\n"
             '            self._window(state, proc, "after_attack_dice", ctx)  # AS-RES-3',
             (T + "test_mutants.py::test_as_res_3_hits_are_counted_from_the_dice_the_effects_"
                  "leave",)),
    Mutation("AS-RES-5", AS + "procedures/attack.py",
             "        unplayed_now(defender, ctx)\n"
             "        proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)",
             "        unplayed_now(defender, ctx)",
             (T + "test_attack.py::test_as_res_5_after_defense_dice_effects_see_final_dice",)),
    Mutation("AS-RES-5", AS + "procedures/attack.py",
             '            defender.owner, "defense.reroll",',
             '            3 - defender.owner, "defense.reroll",',
             ("tests/asoiaf/test_defense_reroll.py::test_as_res_5_the_defending_player_chooses_"
              "the_defense_reroll",)),
    Mutation("AS-RES-6", AS + "modifiers.py",
             "    left_damage = 0 if removed >= models else total - removed * wounds_per_model",
             "    left_damage = 0",
             (T + "test_attack.py::test_as_res_6_wounds_remove_last_rank_right_to_left_and_keep_"
                  "damage",)),
    Mutation("AS-RES-7", AS + "procedures/attack.py",
             "        if proc.wounds:\n            proc.step = PANIC_ROLL",
             "        if True:\n            proc.step = PANIC_ROLL",
             (T + "test_attack.py::test_as_res_7_no_wounds_automatic_panic_pass",)),
    Mutation("AS-RES-8", AS + "procedures/attack.py",
             '        self._window(state, proc, "after_attacked", ctx)\n',
             "",
             (T + "test_attack.py::test_as_res_8_attack_completed_then_after_attacked",)),
    Mutation("AS-RNG-1", AS + "attacks.py",
             "    if ranged and engaged:\n        return Refusal(",
             "    if False:\n        return Refusal(",
             (T + "test_attack.py::test_as_rng_1_no_ranged_attack_while_engaged",)),
    Mutation("AS-RNG-2", AS + "attacks.py",
             "        pool = unit.stats.melee_attacks() if engaged else "
             "unit.stats.ranged_attacks()",
             "        pool = unit.stats.melee_attacks() if engaged else tuple(range(len("
             "unit.stats.attacks)))",
             (T + "test_attack.py::test_as_rng_2_ranged_attack_needs_a_ranged_weapon",)),
    Mutation("AS-RNG-4", AS + "attacks.py",
             "    if not seen.visible:\n        return Refusal(f\"{target.name} is not in Line "
             "of Sight",
             "    if False:\n        return Refusal(f\"{target.name} is not in Line of Sight",
             (T + "test_attack.py::test_as_rng_4_target_must_be_in_line_of_sight",)),
    Mutation("AS-RNG-5", AS + "attacks.py",
             "    limit = RANGES[attack.kind]\n",
             "    limit = RANGES[attack.kind] + 1.0\n",
             (T + "test_attack.py::test_as_rng_5_short_range_six_long_range_twelve",)),
    Mutation("AS-RNG-6", AS + "attacks.py",
             "    distance = range_to(tray, geo.tray_of(target).polygon)",
             "    distance = float(tray.polygon.distance(geo.tray_of(target).polygon))",
             (T + "test_mutants.py::test_as_rng_6_range_is_from_the_front_arrow_not_the_tray_"
                  "corner",)),
    Mutation("AS-RNG-7", AS + "attacks.py",
             "    limit = RANGES[attack.kind]\n",
             "    limit = RANGES[\"long\"]\n",
             (T + "test_attack.py::test_as_rng_5_short_range_six_long_range_twelve",)),
    Mutation("AS-SRG-2", AS + "procedures/attack.py",
             "        if proc.mods.ranged or not proc.destroyed:",
             "        if not proc.destroyed:",
             (T + "test_attack.py::test_as_srg_2_no_surge_forth_after_a_ranged_kill",)),
    Mutation("AS-TRG-1", AS + "procedures/attack.py",
             "            proc.removed += removed\n            if proc.destroyed:\n"
             '                self._window(state, proc, "after_destroyed", ctx)  # AS-TRG-1\n'
             "        else:",
             "            proc.removed += removed\n        else:",
             (T + "test_attack.py::test_as_trg_1_destroyed_then_attacked_then_surge_forth",)),
)


NA_MUTATIONS: tuple[Mutation, ...] = (
    Mutation("NA-CAT-1", NA + "catalogue.py",
             'notes.append(f"{unit.name}: STAND-IN profile (the stat line is not public; '
             'NA-CAT-1)")',
             'notes.append(f"{unit.name}: profile")',
             ("tests/rosters/test_import.py::test_units_without_a_public_stat_line_say_they_are_"
              "stand_ins_NA_CAT_1",)),
    Mutation("NA-AGI-1", NA + "engage.py",
             "    return agi + (1 if unit.charged else 0)",
             "    return agi",
             (TNC + "test_na_agi_1_steps_high_to_low_with_charge_bonus_and_great_weapons_at_0",)),
    Mutation("NA-AGI-1", NA + "engage.py",
             '        if "step" in weapon:\n            return int(weapon["step"])',
             '        if False:\n            return int(weapon["step"])',
             (TNC + "test_na_agi_1_steps_high_to_low_with_charge_bonus_and_great_weapons_at_0",)),
    Mutation("NA-ALC-1", NA + "allocation.py",
             "        return s.attacks * len(s.models)\n    value",
             "        return s.attacks\n    value",
             (TNB + "test_na_alc_1_a_group_of_several_models_allocates_all_their_attacks",)),
    Mutation("NA-ALC-1", NA + "allocation.py",
             "    if sum(out.values()) != total:",
             "    if sum(out.values()) > total:",
             (TNC + "test_na_alc_1_a_split_must_use_every_attack_on_viable_targets",)),
    Mutation("NA-ALC-2", NA + "engage.py",
             "merged[model] = ((*before, *(o for o in opts if o not in before)), was or "
             "restricted)",
             "merged[model] = (opts, was or restricted)",
             (TNC + "test_na_alc_2_a_model_touching_two_units_may_strike_either",)),
    Mutation("NA-ALC-2", NA + "allocation.py",
             "        if token not in options or not count.isdigit():",
             "        if not count.isdigit():",
             (TNC + "test_na_alc_1_a_split_must_use_every_attack_on_viable_targets",)),
    Mutation("NA-ALC-3", NA + "engage.py",
             "opts = tuple(model_options(unit, formation, ahead, enemy))",
             "opts = tuple(model_options(unit, formation, m, enemy))",
             (TNC + "test_na_alc_3_supporting_models_allocate_as_the_model_in_front",)),
    Mutation("NA-ATT-1", RANKED,
             "    if len(sides) > MAX_SIDE_MODELS:",
             "    if len(sides) > MAX_SIDE_MODELS + 1:",
             ("tests/geometry/test_ranked.py", TN + "test_turn.py::test_na_att_1_warbench_check_"
              "refuses_a_unit_that_cannot_be_formed")),
    Mutation("NA-CAS-1", RANKED,
             "            if hi != lo:\n                order.append(row[hi].key)",
             "            if False:\n                order.append(row[hi].key)",
             ("tests/geometry/test_ranked.py::test_na_cas_1_casualties_from_the_back_and_both_"
              "ends", TNC + "test_na_cas_1_casualties_leave_in_the_casualty_order")),
    Mutation("NA-CHG-1", NA + "moves.py",
             "    if gap > charger.model.cha:",
             "    if gap > charger.model.cha + 1.0:",
             (TNB + "test_na_chg_1_the_charge_reach_is_exactly_cha",)),
    Mutation("NA-CHG-2", NA + "moves.py",
             "    return [a for a in ARC_ORDER if a in held]",
             "    return [Arc.FRONT] if held else []",
             (TN + "test_turn.py::test_na_chg_2_facing_by_the_arc_of_the_chargers_front_middle_"
                   "then_aligned", TN + "test_turn.py::test_na_chg_2_on_a_dividing_line_the_"
                                   "charger_picks_the_facing")),
    Mutation("NA-CON-1", RANKED,
             "    return bool(a.distance(b) <= TOLERANCE)",
             "    return bool(a.intersection(b).length > TOLERANCE)",
             (TNB + "test_na_con_1_units_touching_only_at_a_corner_are_in_contact",)),
    Mutation("NA-CON-1", RANKED,
             "    found = {k for k, p in polys.items() if p.distance(enemy) <= TOLERANCE}",
             "    found = {k for k, p in polys.items() if p.distance(enemy) <= 0.05}",
             ("tests/geometry/test_ranked.py::test_na_con_1_no_contact_one_millimetre_away",)),
    Mutation("NA-CS-1", NA + "combat.py",
             "    return sum(proc.lost.get(u, 0) for u in enemy_ids) + static_score(state, mine, "
             "enemies)",
             "    return static_score(state, mine, enemies)",
             (TNC + "test_na_cs_1_flank_charge_scores_and_a_failed_break_test_breaks",)),
    Mutation("NA-CS-1", NA + "score.py",
             "                score += 2\n                break",
             "                score += 1\n                break",
             (TNC + "test_na_cs_1_flank_charge_scores_and_a_failed_break_test_breaks",)),
    Mutation("NA-FRZ-1", NA + "combat.py",
             "        for unit in _live(state, proc):\n            reform(unit)",
             "        for unit in _live(state, proc):\n            pass",
             (TNC + "test_na_frz_1_the_round_is_frozen_then_the_unit_reforms",)),
    Mutation("NA-HIT-1", NA + "combat.py",
             "        return Chance(roller, DiceSpec(b.count, 6),",
             "        return Chance(roller, DiceSpec(max(1, b.count - 1), 6),",
             (TNC + "test_na_hit_1_one_die_per_attack_allocated",)),
    Mutation("NA-HIT-2", NA + "tables.py",
             "    if diff >= 4:\n        return 2",
             "    if diff >= 5:\n        return 2",
             (TN + "test_tables.py::test_na_hit_2_to_hit_table_every_cell",)),
    Mutation("NA-HIT-3", NA + "tables.py",
             "2 if diff >= 2 else 6)",
             "2 if diff >= 3 else 6)",
             (TN + "test_tables.py::test_na_hit_3_to_wound_table_every_cell",)),
    Mutation("NA-HIT-4", NA + "tables.py",
             "    return min(6, max(2, to_hit_needs(offensive, defensive) - modifier))",
             "    return min(6, max(3, to_hit_needs(offensive, defensive) - modifier))",
             (TN + "test_tables.py::test_na_hit_4_melee_to_hit_is_clamped_and_a_6_hits",)),
    Mutation("NA-HIT-4", NA + "tables.py",
             "    needs = aim + int(long_range) + int(moved) + cover\n"
             "    return max(2, needs) if needs <= 6 else NO_ROLL",
             "    needs = aim + int(long_range) + int(moved) + cover\n"
             "    return max(3, needs) if needs <= 6 else NO_ROLL",
             (TNB + "test_na_hit_4_a_shot_may_need_as_little_as_2_plus",)),
    Mutation("NA-HP-1", NA + "engage.py",
             "    multiple = min(part.multiple_wounds, tp.hp) if kind == \"standard\" else 1",
             "    multiple = part.multiple_wounds if kind == \"standard\" else 1",
             (TN + "test_weapons.py::test_na_hp_1_multiple_wounds_capped_by_the_targets_hp_in_"
                   "play",)),
    Mutation("NA-HP-1", NA + "score.py",
             "        taken = min(wounds, room)",
             "        taken = wounds",
             (TNC + "test_na_hp_1_loss_carries_over_and_never_exceeds_the_pool",)),
    Mutation("NA-MOV-1", NA + "moves.py",
             "    if not 0 <= distance <= 2 * unit.model.mob + 1e-9:",
             "    if not 0 <= distance <= 3 * unit.model.mob + 1e-9:",
             (TNB + "test_na_mov_1_a_march_is_twice_mob_and_no_more",)),
    Mutation("NA-MOV-1", NA + "moves.py",
             "ENEMY_GAP = 1.0", "ENEMY_GAP = 0.5",
             (TNB + "test_na_mov_1_a_move_may_not_end_within_one_inch_of_an_enemy",)),
    Mutation("NA-MOV-2", NA + "moves.py",
             "    return last, ahead + wheel_distance(first, degrees) + then, unary_union(ground)",
             "    return last, ahead + then, unary_union(ground)",
             (TN + "test_moves.py::test_na_mov_2_advance_then_wheel_then_advance_counts_the_"
                   "wheel",)),
    Mutation("NA-MOV-3", NA + "moves.py",
             "    half = unit.model.mob / 2.0",
             "    half = float(unit.model.mob)",
             (TN + "test_moves.py::test_na_mov_3_a_shift_steps_back_or_sideways_at_most_half_the_"
                   "advance_rate",)),
    Mutation("NA-NSM-1", NA + "combat.py",
             "hits = sum((r + 1) // 2 for r in results)",
             "hits = sum(r // 2 for r in results)",
             (TNC + "test_na_nsm_1_d3_impact_hits_read_a_d6_halved",)),
    Mutation("NA-NSM-1", NA + "engage.py",
             "STOMP_MAX_HEIGHT = 1\n", "STOMP_MAX_HEIGHT = 4\n",
             (TNC + "test_na_nsm_1_stomp_goes_only_to_height_0_1_pools",)),
    Mutation("NA-PRK-1", NA + "engage.py",
             "PROPER_RANK_WIDTH = (5, 5, 5, 3, 3, 1)",
             "PROPER_RANK_WIDTH = (5, 5, 5, 3, 3, 3)",
             (TNC + "test_na_prk_1_a_height_5_giant_is_a_proper_rank_alone",)),
    Mutation("NA-PRK-1", NA + "engage.py",
             "PROPER_RANK_WIDTH = (5, 5, 5, 3, 3, 1)",
             "PROPER_RANK_WIDTH = (5, 5, 4, 3, 3, 1)",
             (TNB + "test_na_prk_1_height_2_ranks_need_five_models",)),
    Mutation("NA-RST-1", NA + "engage.py",
             "        budget = profile.height if restricted else None",
             "        budget = None",
             (TNC + "test_na_rst_1_supporting_and_flank_attacks_are_capped_at_height",)),
    Mutation("NA-RST-1", NA + "engage.py",
             "                plan.setdefault((m, opts, True), []).append(m)",
             "                plan.setdefault((m, opts, False), []).append(m)",
             (TN + "test_rule_citations.py::test_na_rst_1_supporting_orcs_allocate_restricted_"
                  "attacks_and_say_so",)),
    Mutation("NA-SAV-1", NA + "tables.py",
             "    needs = 7 - min(armour, ARMOUR_CAP) + ap",
             "    needs = 7 - armour + ap",
             (TN + "test_tables.py::test_na_sav_1_armour_is_capped_at_6_and_a_1_fails",)),
    Mutation("NA-SAV-2", NA + "tables.py",
             "    return max(value, SPECIAL_SAVE_FAILS + 1)",
             "    return max(value, SPECIAL_SAVE_FAILS)",
             (TN + "test_tables.py::test_na_sav_2_special_saves_fail_on_1_and_2",)),
    Mutation("NA-SHT-1", NA + "moves.py",
             "    if shooter.marched:\n        return Refusal",
             "    if False:\n        return Refusal",
             (TN + "test_turn.py::test_na_sht_1_shooting_range_arc_and_march",)),
    Mutation("NA-SHT-2", NA + "sight.py",
             "SIGHT_HALF_ANGLE = 45.0", "SIGHT_HALF_ANGLE = 60.0",
             (TN + "test_sight.py",)),
    Mutation("NA-SHT-3", NA + "cover.py",
             "HARD_COVER = 2", "HARD_COVER = 1",
             (TN + "test_cover.py::test_na_sht_3_a_unit_partly_in_the_way_gives_hard_cover",)),
    Mutation("NA-ATT-1", RANKED,
             "    files = max(min(files, cells_needed), widest) if cells_needed else 0",
             "    files = min(files, cells_needed) if cells_needed else 0",
             (TN + "test_rule_citations.py::test_na_att_1_a_chief_two_bases_wide_keeps_the_"
                  "column_two_wide",)),
    Mutation("NA-CON-1", NA + "engage.py",
             "    return [e for e, gap in zip(enemies, gaps, strict=True) if gap <= TOLERANCE]",
             "    return [e for e, gap in zip(enemies, gaps, strict=True) if gap < -TOLERANCE]",
             (TN + "test_rule_citations.py::test_na_con_1_boundaries_touching_at_a_corner_are_in_"
                  "combat",)),
    Mutation("NA-SHT-3", NA + "cover.py",
             "SOFT_COVER = 1\n", "SOFT_COVER = 0\n",
             (TN + "test_rule_citations.py::test_na_sht_3_shots_into_a_wood_cite_cover_and_need_"
                  "a_seven",)),
    Mutation("NA-TGT-1", NA + "engage.py",
             "    if pool_alive(enemy, RANK_AND_FILE):\n        out.append(",
             "    if False:\n        out.append(",
             (TN + "test_rule_citations.py::test_na_tgt_1_the_warlord_may_always_strike_the_"
                  "rank_and_file",)),
    Mutation("NA-TGT-1", NA + "engage.py",
             "    else:\n        chars = [c.key for c in enemy.characters if pool_alive(enemy, "
             "c.key)]",
             "    else:\n        chars = touched_characters(unit, formation, model, enemy)",
             (TNB + "test_na_tgt_1_every_model_may_strike_every_character_once_the_rank_and_file_"
                    "is_gone",)),
    Mutation("NA-TGT-2", NA + "engage.py",
             "        chars = touched_characters(unit, formation, model, enemy)\n    else:",
             "        chars = [c.key for c in enemy.characters]\n    else:",
             (TNC + "test_na_alc_2_na_tgt_2_characters_are_options_only_for_models_touching_"
                    "them",)),
    Mutation("NA-TGT-3", NA + "engage.py",
             "    few = target.rf_alive() < (3 if target.model.height >= 3 else 5)",
             "    few = target.rf_alive() < (3 if target.model.height >= 3 else 6)",
             (TNB + "test_na_tgt_3_five_rank_and_file_still_hide_a_character_four_do_not",)),
    Mutation("NA-TGT-3", NA + "engage.py",
             "    few = target.rf_alive() < (3 if target.model.height >= 3 else 5)",
             "    few = target.rf_alive() < (3 if target.model.height >= 4 else 5)",
             (TNB + "test_na_tgt_3_height_3_uses_fewer_than_3_rank_and_file",)),
    Mutation("NA-TGT-3", NA + "engage.py",
             "            if few or c.profile.height != target.model.height]",
             "            if few]",
             (TNC + "test_na_tgt_3_shots_reach_characters_only_by_height_or_few_rank_and_file",)),
    Mutation("NA-TGT-4", NA + "engage.py",
             "    top = max(counts.values(), default=0)",
             "    top = min(counts.values(), default=0)",
             (TNC + "test_na_tgt_4_a_mixed_pool_uses_its_largest_fraction",)),
    Mutation("NA-TGT-4", NA + "combat.py",
             "    return tied if len(tied) > 1 else []",
             "    return []",
             (TNB + "test_na_tgt_4_a_tie_of_kinds_is_the_attackers_choice_and_decides_every_"
                    "roll",)),
    Mutation("NA-TGT-4", NA + "engage.py",
             "        profile = next((p for p in tied if p.id == fraction), tied[0] if tied else "
             "profile)",
             "        profile = tied[0] if tied else profile",
             (TNB + "test_na_tgt_4_a_tie_of_kinds_is_the_attackers_choice_and_decides_every_"
                    "roll",)),
    Mutation("NA-TGT-4", NA + "engage.py",
             "    if pool == RANK_AND_FILE and unit.mixed:",
             "    if False:",
             (TNB + "test_na_tgt_4_the_largest_fraction_decides_without_asking",)),
    Mutation("NA-TGT-4", NA + "score.py",
             "        if best is None or unit.mixed[best].alive <= own:",
             "        if True:",
             (TNB + "test_na_tgt_4_casualties_leave_the_most_numerous_kind_first",)),
    Mutation("NA-TGT-5", NA + "combat.py",
             "            keep = len(results)  # one hit of each model's roll stays (NA-TGT-5)",
             "            keep = 1",
             (TNB + "test_na_tgt_5_one_hit_of_each_models_roll_stays_on_the_original_target",)),
    Mutation("NA-TGT-5", NA + "allocation.py",
             "    if keep and out.get(keep, 0) < max(1, least):",
             "    if False:",
             (TNC + "test_na_tgt_5_the_owner_aims_rolled_hits_and_one_stays_on_that_aim",)),
    Mutation("NA-TURN-1", NA + "ruleset.py",
             'PHASES = ("charge", "move", "shoot", "melee")',
             'PHASES = ("charge", "shoot", "move", "melee")',
             (TN + "test_turn.py::test_na_turn_1_phases_in_order_and_actions_only_in_their_"
                   "phase",)),
    Mutation("NA-WPN-1", NA + "combat.py",
             "        unit.wielding[pool] = weapon\n",
             "        pass\n",
             (TN + "test_choices.py::test_na_wpn_1_the_owner_picks_the_weapon_and_it_changes_the_"
                   "round",)),
)


RL_MUTATIONS: tuple[Mutation, ...] = (
    Mutation("RL-ARM-1", RL + "attack.py",
             'if kind in (attack_type, "siege", "universal")',
             'if kind in (attack_type, "siege")',
             (TR + "test_rl_arm_1_armor_of_the_attack_type",)),
    Mutation("RL-ATK-1", RL + "ruleset.py",
             '        if cmd is None:\n            return Refusal("begin a unit command first"',
             '        if False:\n            return Refusal("begin a unit command first"',
             (TR + "test_rl_atk_1_attack_only_after_moving_and_within_a_command",)),
    Mutation("RL-ATK-2", RL + "rules.py",
             '    if tgt.owner == att.owner:\n        return Refusal(f"{tgt.name} is a friend"',
             '    if False:\n        return Refusal(f"{tgt.name} is a friend"',
             (TR + "test_rl_atk_2_friends_and_missing_targets_are_refused",)),
    Mutation("RL-CAP-1", RL + "attack.py",
             'and attack_type != "siege" and not any(',
             'and not any(',
             (TR + "test_rl_cap_1_buildings_need_siege_beasts_machines_or_deities",)),
    Mutation("RL-DEC-1", RL + "procedure.py",
             "            if len(proc.votes) == len(state.players) - 1:",
             "            if proc.votes:",
             (TR + "test_rl_dec_1_one_refusal_among_three_players_keeps_the_attack",
              TR + "test_rl_dec_1_everyone_may_agree_to_cancel")),
    Mutation("RL-DEF-1", RL + "attack.py",
             "        damage, counter = max(0, net), max(0, -net)",
             "        damage, counter = max(0, net), 0",
             (TR + "test_rl_def_1_defense_die_and_counterattack",)),
    Mutation("RL-DEF-2", RL + "attack.py",
             "(where.adjacent or (att.large and not att.has(",
             "(True or (att.large and not att.has(",
             (TR + "test_rl_def_2_counters_need_adjacency_unless_the_attacker_is_large",)),
    Mutation("RL-DEF-3", RL + "attack.py",
             "        damage, counter = 0, defense",
             "        damage, counter = 0, 0",
             (TR + "test_rl_def_3_after_armor_blocks_every_defense_point_wounds",)),
    Mutation("RL-DMG-1", RL + "attack.py",
             "    return weapon, (*weapon.dice, *base)",
             "    return weapon, weapon.dice",
             (TR + "test_rl_dmg_1_weapon_die_plus_base_die",)),
    Mutation("RL-DW-1", RL + "rules.py",
             "        if main is None or off is None or main.type != off.type:",
             "        if main is None or off is None:",
             (TR + "test_rl_dw_1_two_separate_attacks_or_one_of_three_dice",)),
    Mutation("RL-DW-2", RL + "rules.py",
             'if unit.off not in ("free", "shield") or',
             'if unit.off not in ("free",) or',
             (TR + "test_rl_dw_2_free_hand_or_shield_gives_an_unarmed_attack",)),
    Mutation("RL-ELV-1", ELEV,
             "    lower_height = height_a if base_a <= base_b else height_b",
             "    lower_height = height_a if base_a >= base_b else height_b",
             (TRB + "test_rl_elv_1_the_lower_units_height_decides_not_the_higher_ones",)),
    Mutation("RL-ELV-1", ELEV,
             "    if transit_pad:\n        return True",
             "    if False:\n        return True",
             (TR + "test_rl_elv_1_transit_pads_and_walls",)),
    Mutation("RL-ELV-2", ELEV,
             "    return min(MAX_DOWNWARD_BONUS, (attacker_base - target_base) // "
             "attacker_height)",
             "    return min(MAX_DOWNWARD_BONUS, (attacker_base - target_base + 1) // "
             "attacker_height)",
             (TR + "test_rl_elv_2_ten_pegs_above_adds_two_range",)),
    Mutation("RL-ELV-3", RL + "board.py",
             "    return bool(inner) and not any(is_space(board, h) for h in inner)",
             "    return bool(inner) and not all(is_space(board, h) for h in inner)",
             (TRB + "test_rl_elv_3_a_line_with_some_spaces_counts_spaces_not_pegs",)),
    Mutation("RL-ELV-3", RL + "board.py",
             "        return peg_range(a, b)  # RL-ELV-3",
             "        return a.distance(b)  # RL-ELV-3",
             (TR + "test_rl_elv_3_peg_distance_across_a_gap",)),
    Mutation("RL-ELV-3", RL + "board.py",
             "              for d, a, t in pairs if d == dist)  # measured in pegs (RL-ELV-3)",
             "              for d, a, t in pairs if d != dist)  # measured in pegs (RL-ELV-3)",
             ("tests/realms/test_rl_gap_cited.py::test_rl_elv_3_an_attack_across_a_chasm_cites_"
              "the_peg_range",)),
    Mutation("RL-FRT-1", RL + "attack.py",
             "        if tgt.fortified:\n            mod += 1",
             "        if tgt.fortified:\n            mod += 0",
             (TR + "test_rl_frt_1_fortify_heals_and_defends_until_the_next_turn",)),
    Mutation("RL-HGT-1", RL + "rules.py",
             "    return base_of(board, high) > base_of(board, low) and top_of(board, high)",
             "    return base_of(board, high) > base_of(board, low) or top_of(board, high)",
             (TR + "test_rl_hgt_1_height_advantage_needs_both_base_and_top",)),
    Mutation("RL-LOS-1", RL + "options.py",
             '    "head_turn": 90,', '    "head_turn": 45,',
             (TRB + "test_rl_los_1_the_head_turns_a_full_90_degrees",)),
    Mutation("RL-LOS-1", RL + "board.py",
             "    ahead = PEGS_PER_SPACE / 2 if unit.eyeless else EYE_FORWARD",
             "    ahead = EYE_FORWARD",
             (TRB + "test_rl_los_1_an_eyeless_unit_looks_from_its_space_front_edge",)),
    Mutation("RL-LOS-1", RL + "board.py",
             "    r = unit.neck_reach\n",
             "    r = 0\n",
             (TR + "test_rl_los_1_a_long_neck_looks_over",)),
    Mutation("RL-MOV-1", RL + "board.py",
             "    if rise >= height:\n        return None",
             "    if rise > height:\n        return None",
             (TR + "test_rl_mov_1_climbing_costs_cliffs_and_pads",)),
    Mutation("RL-NGT-1", RL + "attack.py",
             "    out = sorted(dice, reverse=True)\n",
             "    out = sorted(dice)\n",
             (TR + "test_rl_ngt_1_precision_lowers_the_largest_die_first",)),
    Mutation("RL-NGT-1", RL + "attack.py",
             "    if where.night and att.precision and (not where.spell or where.spell_night):",
             "    if where.night and att.precision and (not where.spell or where.spell_perks):",
             (TRB + "test_rl_ngt_1_night_lowers_a_spell_and_the_table_says_so",)),
    Mutation("RL-PRE-1", RL + "attack.py",
             "        mods.extend(_no_defense_die(tgt, where, perks))",
             "        pass",
             (TRB + "test_rl_pre_1_no_defense_die_means_no_pre_rolled_bonus_and_the_hover_says_"
                    "so",)),
    Mutation("RL-NGT-2", RL + "attack.py",
             "    cut = tgt.precision if where.night and counter else 0",
             "    cut = 0",
             (TR + "test_rl_ngt_2_night_lowers_the_counterattack",)),
    Mutation("RL-PRE-1", RL + "attack.py",
             "    defense = max(0, defense_roll + plan.defense_mod) if plan.defense_die else 0",
             "    defense = defense_roll + plan.defense_mod if plan.defense_die else 0",
             (TR + "test_rl_pre_1_pre_rolled_modifiers_never_go_below_zero",)),
    Mutation("RL-RNG-1", RL + "board.py",
             "for a in spaces(att) for t in spaces(tgt)]",
             "for a in spaces(att)[:1] for t in spaces(tgt)]",
             (TRB + "test_rl_rng_1_range_counts_from_a_large_attackers_tail_space",)),
    Mutation("RL-RNG-1", RL + "board.py",
             "for a in spaces(att) for t in spaces(tgt)]",
             "for a in spaces(att) for t in spaces(tgt)[:1]]",
             (TR + "test_rl_rng_1_any_space_under_a_large_target_counts",)),
    Mutation("RL-RNG-1", RL + "board.py",
             "        return peg_range(a, b)  # RL-ELV-3\n    return a.distance(b)\n",
             "        return peg_range(a, b)  # RL-ELV-3\n    return a.distance(b) + 1\n",
             (TR + "test_rl_rng_1_range_four_does_not_count_the_attackers_space",
              "tests/realms/test_rl_sight.py::test_rl_rng_1_unit_range_matches_every_pair")),
    Mutation("RL-SPC-1", RL + "ruleset.py",
             '            if kind == "spell" and unit.mana < special.cost:',
             '            if False:',
             (TR + "test_rl_spc_1_spells_cost_mana_and_skip_perks",)),
    Mutation("RL-TRN-1", RL + "rules.py",
             "    return state.turn.round in settings.night_rounds",
             "    return state.turn.round + 1 in settings.night_rounds",
             (TR + "test_rl_trn_1_players_alternate_commands_and_night_rounds",)),
)


GG_MUTATIONS: tuple[Mutation, ...] = (
    Mutation("HX-ACT-1", GG + "ruleset.py",
             "        if unit.id in state.turn.activated:\n            return Refusal(",
             "        if False:\n            return Refusal(",
             (TGA + "test_hx_act_1_players_alternate_and_each_unit_acts_once_a_round",)),
    Mutation("HX-ACT-2", GG + "ruleset.py",
             "        if act.moved:\n            return Refusal(f\"{unit.name} has already moved\"",
             "        if False:\n            return Refusal(f\"{unit.name} has already moved\"",
             (TGA + "test_hx_act_2_the_standard_action_ends_the_activation",)),
    Mutation("HX-ACT-3", GG + "activation.py",
             "    if len(sides) > 1:\n        return False",
             "    if len(sides) > 0:\n        return False",
             (TGA + "test_hx_act_3_game_over_when_a_side_has_no_units",)),
    Mutation("HX-ACT-3", GG + "activation.py",
             "        if rounds is not None and state.turn.round >= rounds:",
             "        if rounds is not None and state.turn.round > rounds:",
             (TGA + "test_hx_act_3_round_limit_scores_units_then_health",)),
    Mutation("HX-ATC-10", GG + "attack_test.py",
             "        return self.attack + self.defence",
             "        return self.attack",
             (TGC + "test_hx_atc_10_each_side_rolls_its_whole_pool_attack_dice_first",)),
    Mutation("HX-ATC-20", GG + "melee.py",
             "    return [i for i, f in enumerate(proc.faces[unit_id]) if test.failed(f)]",
             "    return [i for i, f in enumerate(proc.faces[unit_id]) if not test.failed(f)]",
             (TGA + "test_hx_foc_1_focus_rerolls_failed_dice_in_the_next_attack_test",)),
    Mutation("HX-ATC-30", GG + "attack_test.py",
             "        return 1 if face >= self.threshold else 0",
             "        return 1 if face > self.threshold else 0",
             ("tests/godsgloom/test_gg_odds.py::test_hx_atc_30_one_die_against_one_die_by_hand",)),
    Mutation("HX-ATC-40", GG + "attack_test.py",
             "    hits = test.score(faces[: pool.attack]) + pool.auto_hits",
             "    hits = test.score(faces[: pool.attack])",
             ("tests/godsgloom/test_gg_audit.py", "tests/godsgloom/test_gg_odds.py")),
    Mutation("HX-ATC-50", GG + "attack_test.py",
             "        return max(0, self.attacker_hits - self.defender_blocks)",
             "        return self.attacker_hits",
             (TGM + "test_hx_mel_30_default_attack_test_criticals_and_blocks_both_ways",)),
    Mutation("HX-ATC-60", GG + "melee.py",
             "    elif unit.health == 1 and not unit.weak:",
             "    elif unit.health == 2 and not unit.weak:",
             (TGC + "test_hx_atc_60_wounds_weak_at_exactly_one_and_destroyed_at_zero_or_less",)),
    Mutation("HX-EFF-1", GG + "effects.py",
             '    return 1 if hex_board(state).cells[defender.hex].has("stakes") else 0',
             "    return 0",
             (TGC + "test_hx_eff_1_stakes_wound_the_attacker_before_the_dice",)),
    Mutation("HX-EFF-2", GG + "effects.py",
             '    return 1 if destroyed and "death-throes" in unit.abilities else 0',
             "    return 0",
             (TGM + "test_hx_mel_40_death_throes_resolve_though_the_unit_was_destroyed",)),
    Mutation("HX-EFF-3", GG + "effects.py",
             '    if won and not unit.destroyed and "veteran" in unit.abilities:',
             '    if won and not unit.destroyed and "veteran" not in unit.abilities:',
             (TGM + "test_hx_mel_80_end_of_action_veteran_regains_a_token",)),
    Mutation("HX-FOC-1", GG + "ruleset.py",
             "        unit.focus = True\n",
             "        unit.focus = False\n",
             (TGA + "test_hx_foc_1_focus_rerolls_failed_dice_in_the_next_attack_test",)),
    Mutation("HX-LOS-1", GG + "board.py",
             '    blocking = hex_board(state).blocking("blocks-sight") - {viewer.hex, target}',
             "    blocking: set[Hex] = set()",
             (TGA + "test_hx_los_1_sight_blocked_by_a_sight_blocking_hex",)),
    Mutation("HX-LOS-1", GG + "ruleset.py",
             "    if not sight(state, attacker, target.hex, facing).visible:  # HX-LOS-1",
             "    if False:  # HX-LOS-1",
             ("tests/godsgloom/test_gg_sight_cited.py::test_hx_los_1_a_target_not_seen_cannot_"
              "be_attacked",)),
    Mutation("HX-MEL-0", GG + "ruleset.py",
             "    if attacker.tokens < 1:  # HX-MEL-0",
             "    if attacker.tokens < 0:  # HX-MEL-0",
             (TGM + "test_hx_mel_0_needs_a_morale_token",)),
    Mutation("HX-MEL-10", GG + "melee.py",
             "        attacker.hex_facing = facing\n",
             "        pass\n",
             (TGM + "test_hx_mel_10_attacker_pivots_to_face_the_target_hex",)),
    Mutation("HX-MEL-20", GG + "effects.py",
             "        return has_adjacent_friend(state, unit)",
             "        return True",
             (TGM + "test_hx_mel_20_no_formation_without_a_friend_beside",)),
    Mutation("HX-MEL-30", GG + "attack_test.py",
             'AttackTest("default", 3, 6, 2,',
             'AttackTest("default", 3, 6, 1,',
             (TGM + "test_hx_mel_30_default_attack_test_criticals_and_blocks_both_ways",)),
    Mutation("HX-MEL-40", GG + "melee.py",
             "        if wounds and not foe.destroyed:",
             "        if wounds and not foe.destroyed and not unit.destroyed:",
             (TGM + "test_hx_mel_40_death_throes_resolve_though_the_unit_was_destroyed",)),
    Mutation("HX-MEL-50", GG + "melee.py",
             '    return "attacker" if wounds_by_attacker > wounds_by_defender else "defender"',
             '    return "attacker" if wounds_by_attacker >= wounds_by_defender else "defender"',
             (TGM + "test_hx_mel_50_a_tie_goes_to_the_defender",)),
    Mutation("HX-MEL-60", GG + "melee.py",
             "    return sorted(h for h in retreat_arc(loser.hex, winner.hex) if is_empty(state, "
             "h))",
             "    return sorted(h for h in retreat_arc(loser.hex, winner.hex))",
             ("tests/godsgloom/test_gg_contract.py::test_hx_mel_60_push_never_enters_a_hex_held_"
              "by_another_unit",)),
    Mutation("HX-MEL-70", GG + "melee.py",
             "    if loser.destroyed:\n        proc.step = CONSOLIDATE\n        return",
             "    if loser.destroyed:\n        proc.step = END\n        return",
             (TGM + "test_hx_mel_70_consolidation_follow_up_and_free_pivot",)),
    Mutation("HX-MEL-80", GG + "melee.py",
             "        gain = veteran_tokens(winner, won=True)",
             "        gain = 0",
             (TGM + "test_hx_mel_80_end_of_action_veteran_regains_a_token",)),
    Mutation("HX-MOV-1", GG + "board.py",
             "ROUGH_COST = 2", "ROUGH_COST = 1",
             (TGA + "test_hx_mov_1_speed_rough_impassable_and_units",)),
    Mutation("HX-MOV-2", GG + "ruleset.py",
             "        unit.hex_facing = action.facing\n        ctx.emit(\"unit.pivoted\"",
             "        pass\n        ctx.emit(\"unit.pivoted\"",
             (TGA + "test_hx_mov_2_free_pivots_before_and_after_the_move",)),
    Mutation("HX-MOV-3", GG + "board.py",
             "        if here != start and here in zones:",
             "        if False:",
             (TGA + "test_hx_mov_3_entering_an_engagement_zone_stops_the_move",)),
    Mutation("HX-MOV-4", GG + "board.py",
             "    out = {n for n in start.neighbors() if is_open(n)}  # HX-MOV-4",
             "    out: set[Hex] = set()  # HX-MOV-4",
             (TGA + "test_hx_mov_4_a_one_hex_move_is_always_allowed",)),
    Mutation("HX-MOV-5", GG + "ruleset.py",
             "        if act.started_engaged and act.moved:  # HX-MOV-5",
             "        if False:  # HX-MOV-5",
             (TGA + "test_hx_mov_5_starting_engaged_one_hex_then_no_melee",)),
    Mutation("HX-RAL-1", GG + "ruleset.py",
             "RALLY_ENGAGED = 1\n", "RALLY_ENGAGED = 2\n",
             (TGA + "test_hx_ral_1_rally_regains_tokens",)),
    Mutation("HX-TF-1", GG + "effects.py",
             '"HX-TF-1", defence_dice=1)', '"HX-TF-1", defence_dice=0)',
             (TGM + "test_hx_mel_20_shield_wall_adds_a_defence_die_for_a_token",)),
    Mutation("HX-TF-2", GG + "effects.py",
             '"HX-TF-2", wounds_enemy=1)', '"HX-TF-2", wounds_enemy=0)',
             (TGM + "test_hx_mel_20_spear_hedge_destroying_the_attacker_skips_to_consolidation",)),
    Mutation("HX-TF-3", GG + "effects.py",
             '"HX-TF-3", attack_dice=1)', '"HX-TF-3", attack_dice=0)',
             (TGM + "test_hx_mel_20_wedge_adds_an_attack_die",)),
    Mutation("HX-WEAK-1", GG + "attack_test.py",
             "    if unit.weak and attack > 1:  # HX-WEAK-1",
             "    if False:  # HX-WEAK-1",
             (TGA + "test_hx_weak_1_a_weak_unit_rolls_one_attack_die_fewer",)),
)


MUTATIONS: tuple[Mutation, ...] = (AS_MUTATIONS + NA_MUTATIONS + RL_MUTATIONS
                                   + GG_MUTATIONS)


class SnippetMissing(RuntimeError):
    """A mutation's original snippet is not in its file exactly once (update the list)."""


def copy_tree(dest: Path) -> None:
    """Copy what the tests need into ``dest`` (no caches, no virtual environment)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def check_snippets(mutations: tuple[Mutation, ...], root: Path = ROOT) -> None:
    """Raise :class:`SnippetMissing` unless every original occurs exactly once."""
    for m in mutations:
        count = (root / m.path).read_text().count(m.original)
        if count != 1:
            raise SnippetMissing(f"{m.rule}: snippet found {count} times in {m.path}: "
                                 f"{m.original!r}")


def run_tests(root: Path, tests: tuple[str, ...]) -> bool:
    """Whether the selection passes in the tree at ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root), "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-n", "0", "-p",
                           "no:cacheprovider",
                           *tests], cwd=root, env=env, capture_output=True, text=True,
                          check=False)
    return done.returncode == 0


def mutate(mutations: tuple[Mutation, ...],
           report: Callable[[Mutation, bool], None] | None = None) -> dict[Mutation, bool]:
    """Each mutation -> True if it survived (the tests still passed). The selections must
    pass on the unmutated copy first (else the result would mean nothing); ``report`` hears
    each result as it comes."""
    check_snippets(mutations)
    results: dict[Mutation, bool] = {}
    with tempfile.TemporaryDirectory(prefix="warbench-mutate-") as tmp:
        root = Path(tmp)
        copy_tree(root)
        selection = tuple(dict.fromkeys(t for m in mutations for t in m.tests))
        if not run_tests(root, selection):
            raise RuntimeError(f"the selected tests fail without any mutation: {selection}")
        for m in mutations:
            target = root / m.path
            before = target.read_text()
            try:
                target.write_text(before.replace(m.original, m.mutated, 1))
                results[m] = run_tests(root, m.tests)
            finally:
                target.write_text(before)
            if report is not None:
                report(m, results[m])
    return results


def _print(m: Mutation, survived: bool) -> None:
    print(f"{'SURVIVED' if survived else 'killed  '}  {m.rule:10} {m.path}: "
          f"{m.mutated.strip()[:70]!r}", flush=True)


def main(argv: list[str]) -> int:
    """Run the mutations (of the rule IDs given, else all); 1 if any survived."""
    chosen = tuple(m for m in MUTATIONS if not argv or any(
        m.rule == a or (a.endswith("-") and m.rule.startswith(a)) for a in argv))
    results = mutate(chosen, _print)
    survivors = sum(results.values())
    print(f"{len(results) - survivors} killed, {survivors} survived "
          f"({len(results)} mutations, {len({m.rule for m in results})} rule IDs)")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
