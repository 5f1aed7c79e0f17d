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
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("game", "tests", "scenarios", "pyproject.toml")
AS = "game/rulesets/asoiaf/"
T = "tests/asoiaf/"


@dataclass(frozen=True)
class Mutation:
    """One deliberate bug: ``original`` in ``path`` becomes ``mutated``; ``tests`` must fail."""

    rule: str
    path: str
    original: str
    mutated: str
    tests: tuple[str, ...]


MUTATIONS: tuple[Mutation, ...] = (
    Mutation("AS-RES-4", AS + "procedures/attack.py",
             '"after_defense_dice", ctx)  # AS-RES-5\n'
             "        proc.blocks = sum(succeeds(d, target) for d in proc.defense_dice)",
             '"after_defense_dice", ctx)  # AS-RES-5\n'
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
    Mutation("AS-CHG-14", AS + "inspection.py",
             'stakes = bool(geo.terrain_hit(state, geo.corridor(plan.start, plan.distance), ("s',
             'stakes = False and bool(geo.terrain_hit(state, geo.corridor(plan.start, '
             'plan.distance), ("s',
             (T + "test_odds.py::test_as_chg_11_14_charge_odds_count_disorderly_and_stakes_like_"
                  "the_procedure",)),
    Mutation("AS-RNG-3", AS + "attacks.py",
             "        tray = tray.translated(action.dx, action.dy)\n"
             "    return ranged_refusal(state, unit, target, weapon, tray, world=world)",
             "        tray = tray\n"
             "    return ranged_refusal(state, unit, target, weapon, tray, world=world)",
             (T + "test_mutants.py::test_as_rng_3_the_target_is_checked_again_after_the_shift",)),
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
             "mods.defense.value, mods.panic.value,",
             "mods.defense.value, mods.panic.base,",
             (T + "test_mutants.py::test_as_bon_3_odds_with_the_rear_bonus_match_the_resolver",)),
    Mutation("AS-CHG-3", AS + "charge.py",
             "limit = attacker.stats.speed + MAX_ROLL + TOLERANCE",
             "limit = attacker.stats.speed + MAX_ROLL - 1.0 + TOLERANCE",
             (T + "test_mutants.py::test_as_chg_3_legal_actions_keep_charges_of_speed_plus_five_"
                  "to_six",)),
)


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
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           *tests], cwd=root, env=env, capture_output=True, text=True,
                          check=False)
    return done.returncode == 0


def mutate(mutations: tuple[Mutation, ...]) -> dict[Mutation, bool]:
    """Each mutation -> True if it survived (the tests still passed). The selections must
    pass on the unmutated copy first (else the result would mean nothing)."""
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
    return results


def main(argv: list[str]) -> int:
    """Run the mutations (of the rule IDs given, else all); 1 if any survived."""
    chosen = tuple(m for m in MUTATIONS if not argv or m.rule in argv)
    results = mutate(chosen)
    for m, survived in results.items():
        print(f"{'SURVIVED' if survived else 'killed  '}  {m.rule:10} {m.path}: "
              f"{m.mutated.strip()[:70]!r}")
    survivors = sum(results.values())
    print(f"{len(results) - survivors} killed, {survivors} survived")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
