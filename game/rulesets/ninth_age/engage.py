"""Who fights whom in a round of combat: contacts, supporting models, viable targets, attack
counts and Agility Steps, and the modifier record of each attack.

Everything here reads the frozen positions of the round (NA-FRZ-1) and never changes the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TypeVar, cast

import numpy as np
import shapely

from game.core.state import GameState
from game.geometry.ranked import (
    RANK_AND_FILE,
    Formation,
    boundaries_in_contact,
    engaged_sides,
    model_polygons,
    models_in_contact,
    supporting_models,
)
from game.geometry.tolerance import TOLERANCE
from game.geometry.tray import Side
from game.rulesets.ninth_age.cover import cover
from game.rulesets.ninth_age.memo import remembered, unit_key
from game.rulesets.ninth_age.tables import (
    AttackRecord,
    armour_needs,
    melee_hit_needs,
    shooting_hit_needs,
    special_save_needs,
    to_wound_needs,
)
from game.rulesets.ninth_age.units import WEAPONS, ModelProfile, NinthUnit, Part

T = TypeVar("T")

PROPER_RANK_WIDTH = (5, 5, 5, 3, 3, 1)
"""Models a Proper Rank needs, by Height 0..5 (NA-PRK-1)."""

IMPACT_STEP = 10
"""Impact Hits strike at Agility Step 10; Great Weapons and Stomp at 0 (NA-AGI-1)."""


STOMP_MAX_HEIGHT = 1
"""Stomp Attacks may only go to health pools of Height 0-1 (NA-NSM-1)."""


def ninth_units(state: GameState) -> list[NinthUnit]:
    """The Ninth Age units still in play."""
    return [u for u in state.live_units() if isinstance(u, NinthUnit)]


def in_contact(a: NinthUnit, b: NinthUnit) -> bool:
    """Unit Boundaries touching, corners included (NA-CON-1)."""
    assert a.tray is not None and b.tray is not None
    return boundaries_in_contact(a.tray.polygon, b.tray.polygon)


def engaged_enemies(state: GameState, unit: NinthUnit,
                    table: Mapping[str, tuple[str, ...]] | None = None) -> list[NinthUnit]:
    """Enemy units in contact with ``unit`` (NA-CON-1: the test of :func:`in_contact`), in
    the order of the state's units. Read from the position's contact table
    (:func:`contact_table`, or ``table`` when the caller holds this position's): the table
    draws every unit's look after each action, and each asked this of every enemy (O(n^2)
    distances at 200 units, ~50 ms a commit, issue 32)."""
    assert unit.tray is not None
    found = (contact_table(state) if table is None else table).get(unit.id)
    if found is None or state.units.get(unit.id) is not unit:  # not in play: ask each enemy
        enemies = [e for e in ninth_units(state) if e.owner != unit.owner and e.tray is not None]
        gaps = shapely.distance(unit.tray.polygon, [e.tray.polygon for e in enemies if e.tray])
        return [e for e, gap in zip(enemies, gaps, strict=True) if gap <= TOLERANCE]
    return [cast(NinthUnit, state.units[e]) for e in found]


_CONTACTS: list[tuple[tuple[object, ...], dict[str, tuple[str, ...]]]] = []
"""The last position's contact table, under its key (one entry: see :func:`contact_table`)."""


def _contact_key(state: GameState) -> tuple[object, ...]:
    """Everything the contact table reads: each unit's id, tray, whether it is destroyed, its
    owner and its kind (trays are frozen and replaced by a move, so identical trays are an
    identical position). Read attribute by attribute with C-level maps: the table draws 200
    units' looks per game moment, each asking this."""
    units = state.units.values()
    return (tuple(state.units), tuple(map(_TRAY, units)), tuple(map(_DESTROYED, units)),
            tuple(map(_OWNER, units)), tuple(map(type, units)))


_TRAY, _DESTROYED, _OWNER = attrgetter("tray"), attrgetter("destroyed"), attrgetter("owner")


def contact_table(state: GameState) -> dict[str, tuple[str, ...]]:
    """Unit id -> the ids of the enemies in contact with it (NA-CON-1), for every Ninth Age
    unit in play with a tray. Built once per position: boxes widened by the tolerance pick
    the candidate pairs (one array test), then the exact distance of :func:`in_contact` for
    each candidate in one vectorised call, so every answer is the per-pair test's. Kept for
    the last position only, by value (ids, never unit objects: an undo snapshot shares the
    trays of the live state, and must get its own units back)."""
    key = _contact_key(state)
    if _CONTACTS and _CONTACTS[0][0] == key:
        return _CONTACTS[0][1]
    units = [u for u in ninth_units(state) if u.tray is not None]
    table: dict[str, list[str]] = {u.id: [] for u in units}
    if len(units) > 1:
        polys = [u.tray.polygon for u in units if u.tray is not None]
        box = shapely.bounds(polys)
        lo, hi = box[:, :2] - 2 * TOLERANCE, box[:, 2:] + 2 * TOLERANCE
        owners = np.array([u.owner for u in units])
        near = owners[:, None] != owners[None, :]
        for axis in (0, 1):  # one 2-D test per axis: ``all`` over an axis of two was ~2 ms
            near &= lo[:, None, axis] <= hi[None, :, axis]
            near &= lo[None, :, axis] <= hi[:, None, axis]
        first, second = np.nonzero(near)
        if len(first):
            gaps = shapely.distance(np.array(polys, dtype=object)[first],
                                    np.array(polys, dtype=object)[second])
            for i, j, gap in zip(first.tolist(), second.tolist(), gaps.tolist(), strict=True):
                if gap <= TOLERANCE:
                    table[units[i].id].append(units[j].id)
    done = {uid: tuple(found) for uid, found in table.items()}
    _CONTACTS[:] = [(key, done)]
    return done


def combats(state: GameState) -> list[list[str]]:
    """Groups of units locked in combat with each other (connected by contact), each sorted."""
    units = ninth_units(state)
    seen: set[str] = set()
    out: list[list[str]] = []
    for u in units:
        if u.id in seen or not engaged_enemies(state, u):
            continue
        group, todo = set(), [u]
        while todo:
            cur = todo.pop()
            if cur.id in group:
                continue
            group.add(cur.id)
            todo.extend(engaged_enemies(state, cur))
        seen |= group
        out.append(sorted(group))
    return out


def engaged_side(unit: NinthUnit, enemy: NinthUnit) -> Side:
    """The facing of ``unit`` the enemy is engaged with: the edge sharing the longest stretch
    with the enemy's boundary; on a corner-only touch, the first of front, flank, rear
    (reading). Remembered per pair of boundaries."""
    return remembered(unit, ("side", unit.tray, enemy.tray),
                      lambda: _engaged_side(unit, enemy))


def _engaged_side(unit: NinthUnit, enemy: NinthUnit) -> Side:
    assert unit.tray is not None and enemy.tray is not None
    zone = enemy.tray.polygon.buffer(TOLERANCE)
    best, length = Side.FRONT, -1.0
    for side in (Side.FRONT, Side.LEFT, Side.RIGHT, Side.REAR):
        if side not in engaged_sides(unit.tray, enemy.tray.polygon):
            continue
        shared = float(unit.tray.edge(side).intersection(zone).length)
        if shared > length + TOLERANCE:
            best, length = side, shared
    return best


def proper_ranks(unit: NinthUnit) -> int:
    """Proper Ranks (NA-PRK-1): ranks of at least 5 (Height 0-2), 3 (3-4) or 1 (5) models,
    counting gaps as filled from the back (NA-FRZ-1): living models fill ranks front first."""
    width = PROPER_RANK_WIDTH[unit.model.height]
    formation = unit.formation()
    sizes = formation.rank_sizes()
    alive = unit.rf_alive() + sum(1 for c in unit.characters if c.hp > 0
                                  and not formation.slot(c.key).side)
    ranks = 0
    for size in sizes:
        take = min(size, alive)
        alive -= take
        if take >= width:
            ranks += 1
    return ranks


@dataclass(frozen=True)
class Target:
    """A health pool of an enemy unit: ``pool`` is ``rf`` or a character's key."""

    unit: str
    pool: str

    @property
    def token(self) -> str:
        """``unit/pool`` as one word of an answer."""
        return f"{self.unit}/{self.pool}"

    @staticmethod
    def parse(token: str) -> Target | None:
        """The target of ``unit/pool`` (None if malformed)."""
        unit, sep, pool = token.partition("/")
        return Target(unit, pool) if sep and unit and pool else None


def pool_profile(unit: NinthUnit, pool: str, fraction: str = "") -> ModelProfile:
    """The profile a pool's rolls use, fighting with the weapon its owner chose for the
    round (NA-WPN-1): a mixed rank-and-file uses its largest fraction's values, on a tie the
    one the attacker chose (``fraction``, a model id; the first of the tie until it has
    chosen), NA-TGT-4."""
    profile = base_profile(unit, pool)
    if pool == RANK_AND_FILE and unit.mixed:
        tied = tied_fractions(unit)
        profile = next((p for p in tied if p.id == fraction), tied[0] if tied else profile)
    weapon = unit.wielding.get(pool)
    return profile.wielding(weapon) if weapon else profile


def tied_fractions(unit: NinthUnit) -> list[ModelProfile]:
    """The largest fraction(s) of a unit's rank-and-file (NA-TGT-4): one profile, or several
    the attacker chooses between."""
    return largest_fraction([p for p, n in unit.fractions() for _ in range(n)])


def base_profile(unit: NinthUnit, pool: str) -> ModelProfile:
    """A pool's profile as the data gives it (before any weapon choice)."""
    if pool == RANK_AND_FILE:
        return unit.model
    char = unit.character(pool)
    assert char is not None
    return char.profile


def weapon_choices(unit: NinthUnit) -> dict[str, tuple[str, ...]]:
    """Pools of ``unit`` whose models carry more than one melee weapon they may use: their
    owner picks one for the round of combat (NA-WPN-1)."""
    pools = [RANK_AND_FILE] if unit.rf_alive() > 0 else []
    pools += [c.key for c in unit.characters if pool_alive(unit, c.key)]
    out: dict[str, tuple[str, ...]] = {}
    for pool in pools:
        weapons = base_profile(unit, pool).melee_weapons
        if len(weapons) > 1:
            out[pool] = weapons
    return out


def largest_fraction(profiles: Sequence[ModelProfile]) -> list[ModelProfile]:
    """NA-TGT-4: the profiles of a mixed pool whose models are the most numerous; more than
    one means a tie the attacker settles."""
    counts: dict[str, int] = {}
    by_id: dict[str, ModelProfile] = {}
    for p in profiles:
        counts[p.id] = counts.get(p.id, 0) + 1
        by_id[p.id] = p
    top = max(counts.values(), default=0)
    return [by_id[k] for k, n in counts.items() if n == top]


def pool_alive(unit: NinthUnit, pool: str) -> bool:
    """Whether a pool still has a model standing."""
    if pool == RANK_AND_FILE:
        return unit.rf_alive() > 0
    char = unit.character(pool)
    return char is not None and char.hp > 0 and pool not in unit.removed


@dataclass(frozen=True)
class Striker:
    """Models of one unit that strike with one part at one step, with their viable targets."""

    unit: str
    pool: str
    part: int
    kind: str
    step: int
    models: tuple[str, ...]
    attacks: int
    options: tuple[str, ...]


def part_step(unit: NinthUnit, profile: ModelProfile, part: Part) -> int:
    """The Agility Step of a part's Standard Melee Attacks (NA-AGI-1): Agi plus weapon bonus,
    +1 when charging (+1 more with a Lance), a Great Weapon always at 0."""
    agi = part.agi
    if part.uses_weapons:
        weapon = WEAPONS[profile.melee_weapon]
        if "step" in weapon:
            return int(weapon["step"])
        agi += int(weapon.get("agi", 0))
        if unit.charged:
            agi += int(weapon.get("charge_agi", 0))
    return agi + (1 if unit.charged else 0)


def part_attacks(profile: ModelProfile, part: Part) -> int:
    """A part's Attack Value with its weapon (Paired Weapons +1)."""
    bonus = int(WEAPONS[profile.melee_weapon].get("att", 0)) if part.uses_weapons else 0
    return part.att + bonus


def contacts(unit: NinthUnit, enemy: NinthUnit) -> set[str]:
    """Living models of ``unit`` in contact with ``enemy``'s boundary (NA-CON-1)."""
    tray, zone = unit.tray, enemy.tray
    assert tray is not None and zone is not None
    return set(remembered(unit, ("contacts", unit_key(unit), zone),
                          lambda: frozenset(models_in_contact(
                              tray, unit.formation(), zone.polygon, unit.alive_keys()))))


def touched_characters(unit: NinthUnit, formation: Formation, model: str,
                       enemy: NinthUnit) -> list[str]:
    """Enemy characters whose base touches ``model``'s base (NA-ALC-2, NA-TGT-2)."""
    assert unit.tray is not None and enemy.tray is not None
    keys = [c.key for c in enemy.characters if pool_alive(enemy, c.key)]
    if not keys:
        return []
    mine = model_polygons(unit.tray, formation, [model])[model]
    theirs = model_polygons(enemy.tray, enemy.formation(), keys)
    return [k for k, p in theirs.items() if p.distance(mine) <= TOLERANCE]


def model_options(unit: NinthUnit, formation: Formation, model: str,
                  enemy: NinthUnit) -> list[str]:
    """Viable targets of one model in contact with ``enemy`` (NA-ALC-2, NA-TGT-1/2): the
    rank-and-file pool (or every model when it has none) and characters it touches."""
    out = []
    if pool_alive(enemy, RANK_AND_FILE):
        out.append(Target(enemy.id, RANK_AND_FILE).token)
        chars = touched_characters(unit, formation, model, enemy)
    else:
        chars = [c.key for c in enemy.characters if pool_alive(enemy, c.key)]
    out.extend(Target(enemy.id, c).token for c in chars)
    return out


Plan = dict[tuple[str, tuple[str, ...], bool], list[str]]
"""(model, its viable targets, whether restricted) -> models: who strikes whom."""


def _plan(unit: NinthUnit, enemies: Iterable[NinthUnit]) -> tuple[Plan, dict[str, int]]:
    """Models in contact and supporting models with their options and restriction, and the
    Height of every enemy pool (for Stomp). Remembered per state of the units involved."""
    foes = list(enemies)
    return remembered(unit, ("plan", unit_key(unit), tuple(unit_key(e) for e in foes)),
                      lambda: _plan_now(unit, foes))


def _plan_now(unit: NinthUnit, enemies: Iterable[NinthUnit]) -> tuple[Plan, dict[str, int]]:
    formation = unit.formation()
    plan: Plan = {}
    heights: dict[str, int] = {}
    for enemy in enemies:
        heights[Target(enemy.id, RANK_AND_FILE).token] = enemy.model.height
        heights.update((Target(enemy.id, c.key).token, c.profile.height)
                       for c in enemy.characters)
        side = engaged_side(unit, enemy)
        front = contacts(unit, enemy)
        restricted_side = side in (Side.LEFT, Side.RIGHT, Side.REAR)
        for m in sorted(front):
            opts = tuple(model_options(unit, formation, m, enemy))
            plan.setdefault((m, opts, restricted_side), []).append(m)
        if side is Side.FRONT:
            extra = 1 if pool_profile(unit, RANK_AND_FILE).melee_weapon == "spear" else 0
            support = supporting_models(formation, front, extra, unit.alive_keys())
            for m, ahead in sorted(support.items()):
                if m in front:
                    continue
                opts = tuple(model_options(unit, formation, ahead, enemy))
                plan.setdefault((m, opts, True), []).append(m)
    return plan, heights


def strikers(state: GameState, unit: NinthUnit, enemies: Iterable[NinthUnit],
             split: Mapping[str, tuple[int, ...]] | None = None) -> list[Striker]:
    """Every group of models of ``unit`` that must attack this round (NA-AGI-1): models in
    contact, supporting models allocating as the model in front (NA-ALC-3) with Restricted
    Attacks (NA-RST-1) shared among the parts as ``split`` says per pool (default: in profile
    order), and their non-standard attacks (NA-NSM-1)."""
    plan, heights = _plan(unit, enemies)
    return _group(unit, unit.formation(), plan, heights, split or {})


def part_splits(profile: ModelProfile) -> list[tuple[int, ...]]:
    """Every way a restricted model may share its Height among its parts' attacks (NA-RST-1),
    the profile-order default first."""
    caps = [part_attacks(profile, p) for p in profile.parts]
    budget = min(profile.height, sum(caps))
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(caps):
            if left == 0:
                out.append(acc)
            return
        for n in range(min(caps[i], left), -1, -1):
            walk(i + 1, left - n, (*acc, n))

    walk(0, budget, ())
    return out


def restricted_choices(unit: NinthUnit,
                       enemies: Iterable[NinthUnit]) -> dict[str, list[tuple[int, ...]]]:
    """Pools of ``unit`` with restricted models this round whose owner has a real choice of
    which parts attack (NA-RST-1), with the choices."""
    plan, _ = _plan(unit, enemies)
    formation = unit.formation()
    out: dict[str, list[tuple[int, ...]]] = {}
    for model, _opts, restricted in plan:
        if not restricted:
            continue
        pool = formation.slot(model).pool
        splits = part_splits(pool_profile(unit, pool))
        if len(splits) > 1:
            out[pool] = splits
    return out


def restricted_models(unit: NinthUnit, enemies: Iterable[NinthUnit]) -> frozenset[str]:
    """Models of ``unit`` making Restricted Attacks this round (NA-RST-1): those supporting
    from behind the front rank and those fighting an enemy at the unit's flank or rear."""
    plan, _ = _plan(unit, enemies)
    return frozenset(model for model, _opts, restricted in plan if restricted)


def _group(unit: NinthUnit, formation: Formation, plan: Plan, heights: dict[str, int],
           split: Mapping[str, tuple[int, ...]]) -> list[Striker]:
    """Gather models with the same pool, part, step, attacks each and options into strikers
    (the default grouping the allocation offers; a model counts once)."""
    merged: dict[str, tuple[tuple[str, ...], bool]] = {}
    for model, opts, restricted in sorted(plan):
        # a model touching two enemies attacks once, choosing among all their pools; it makes
        # Restricted Attacks if either engagement restricts it (reading, NA-ALC-2, NA-RST-1)
        before, was = merged.get(model, ((), False))
        merged[model] = ((*before, *(o for o in opts if o not in before)), was or restricted)
    groups: dict[tuple[str, int, str, int, int, tuple[str, ...]], list[str]] = {}
    for model, (opts, restricted) in sorted(merged.items()):
        pool = formation.slot(model).pool
        profile = pool_profile(unit, pool)
        budget = profile.height if restricted else None
        chosen = split.get(pool)
        for i, part in enumerate(profile.parts):
            attacks = part_attacks(profile, part)
            if budget is not None and chosen is not None and i < len(chosen):
                attacks = min(attacks, chosen[i], budget)  # the owner's split (NA-RST-1)
                budget -= attacks
            elif budget is not None:  # Restricted Attacks: parts in profile order (NA-RST-1)
                attacks = min(attacks, budget)
                budget -= attacks
            if attacks > 0:
                key = (pool, i, "standard", part_step(unit, profile, part), attacks, opts)
                groups.setdefault(key, []).append(model)
            for kind, value in (("impact", part.impact), ("stomp", part.stomp)):
                if not value or restricted or (kind == "impact" and not unit.charged):
                    continue
                step = IMPACT_STEP if kind == "impact" else 0
                aims = opts if kind == "impact" else tuple(
                    o for o in opts if heights.get(o, 0) <= STOMP_MAX_HEIGHT)
                if aims:
                    groups.setdefault((pool, i, kind, step, 0, aims), []).append(model)
    return [Striker(unit.id, pool, part, kind, step, tuple(models), attacks, opts)
            for (pool, part, kind, step, attacks, opts), models in groups.items()]


def attack_record(state: GameState, attacker: NinthUnit, pool: str, part_index: int,
                  kind: str, target: Target, fraction: str = "") -> AttackRecord:
    """The modifier record of one attack (what the resolver and the odds both read):
    to-hit from Off-Def (Parry against the front), to-wound from Str-Res, armour with AP,
    the target's special save (NA-HIT-2/3, NA-SAV-1/2), against the target pool's largest
    fraction (``fraction``: the attacker's pick on a tie, NA-TGT-4)."""
    profile = pool_profile(attacker, pool)
    part = profile.parts[part_index]
    defender = state.units[target.unit]
    assert isinstance(defender, NinthUnit)
    tp = pool_profile(defender, target.pool, fraction)
    strength, ap, off = part.strength, part.ap, part.off
    if part.uses_weapons and kind == "standard":
        weapon = WEAPONS[profile.melee_weapon]
        strength += int(weapon.get("str", 0))
        ap += int(weapon.get("ap", 0))
        off += int(weapon.get("off", 0))
        if attacker.charged:
            strength += int(weapon.get("charge_str", 0))
            ap += int(weapon.get("charge_ap", 0))
    defence = tp.def_
    if tp.parry and engaged_side(defender, attacker) is Side.FRONT:
        defence = max(defence, off)
    hit = 0 if kind != "standard" else melee_hit_needs(off, defence)
    special = tp.aegis if tp.aegis is not None else tp.regeneration
    multiple = min(part.multiple_wounds, tp.hp) if kind == "standard" else 1
    return AttackRecord(hit=hit, wound=to_wound_needs(strength, tp.res),
                        armour=armour_needs(tp.armour, ap), special=special_save_needs(special),
                        multiple=multiple)


def bow_range(profile: ModelProfile) -> float:
    """Range in inches of the model's shooting weapon (0 without one)."""
    for w in profile.equipment:
        if WEAPONS[w].get("ranged"):
            return float(WEAPONS[w]["range"])
    return 0.0


def shooting_distance(shooter: NinthUnit, target: NinthUnit) -> float:
    """Inches between the two Unit Boundaries (reading: boundary to boundary)."""
    assert shooter.tray is not None and target.tray is not None
    return float(shooter.tray.polygon.distance(target.tray.polygon))


def shooters(unit: NinthUnit) -> int:
    """Models that shoot: the first rank, plus the second with Shoot in Extra Rank (a bow)
    (reading, docs/rules/ninth_age.md)."""
    ranks = 2 if unit.model.has("bow") else 1
    formation = unit.formation()
    alive = set(unit.alive_keys())
    return sum(1 for s in formation.slots
               if s.pool == "rf" and s.rank < ranks and s.key in alive)


def ranged_options(target: NinthUnit) -> list[str]:
    """Health pools ranged attacks may go to (NA-TGT-3): the rank-and-file always (any model
    when it has none); a character only if its Height differs from the rank-and-file's or
    the unit has fewer than 5 rank-and-file (3 at Height 3 or more)."""
    chars = [c for c in target.characters if pool_alive(target, c.key)]
    if not pool_alive(target, "rf"):
        return [Target(target.id, c.key).token for c in chars]
    few = target.rf_alive() < (3 if target.model.height >= 3 else 5)
    out = [Target(target.id, "rf").token]
    out += [Target(target.id, c.key).token for c in chars
            if few or c.profile.height != target.model.height]
    return out


def shot_record(state: GameState, shooter: NinthUnit, target: Target,
                fraction: str = "") -> AttackRecord:
    """The modifier record of one shot: Aim, -1 beyond half range, -1 after moving, -1 in soft
    and -2 in hard cover (NA-SHT-3); the weapon's Str and AP; armour with a Shield (two hands do not
    stop it against shots)."""
    defender = state.units[target.unit]
    assert isinstance(defender, NinthUnit)
    tp = pool_profile(defender, target.pool, fraction)
    weapon = next(WEAPONS[w] for w in shooter.model.equipment if WEAPONS[w].get("ranged"))
    long_range = shooting_distance(shooter, defender) > bow_range(shooter.model) / 2.0
    hit = shooting_hit_needs(shooter.model.aim or 7, long_range, shooter.moved,
                             cover(state, shooter, defender))
    armour = tp.arm + (1 if tp.has("shield") else 0)
    special = tp.aegis if tp.aegis is not None else tp.regeneration
    return AttackRecord(hit=hit, wound=to_wound_needs(int(weapon["str"]), tp.res),
                        armour=armour_needs(armour, int(weapon["ap"])),
                        special=special_save_needs(special))
