"""Health pools, casualties and the combat score of a round of combat (NA-HP-1, NA-CAS-1,
NA-PRK-1, NA-CS-1): pure functions the combat procedure and the inspections share."""

from __future__ import annotations

from game.core.state import GameState
from game.geometry.ranked import RANK_AND_FILE, casualty_order
from game.rulesets.ninth_age.engage import (
    engaged_enemies,
    engaged_side,
    pool_alive,
    proper_ranks,
)
from game.rulesets.ninth_age.units import NinthUnit

MAX_COMBAT_BONUS_RANKS = 4
"""Proper Ranks add at most this much to the combat score (NA-CS-1)."""


def apply_wounds(unit: NinthUnit, pool: str, wounds: int) -> int:
    """Take ``wounds`` HP from a pool (NA-HP-1); remove dead models in casualty order
    (NA-CAS-1); return the HP actually lost (loss beyond the pool is lost)."""
    if pool == RANK_AND_FILE:
        hp = unit.model.hp
        alive = unit.rf_alive()
        room = alive * hp - unit.rf_damage
        taken = min(wounds, room)
        total = unit.rf_damage + taken
        dead = min(total // hp, alive)
        unit.rf_damage = total - dead * hp if dead < alive else 0
        lose_kinds(unit, dead)
        order = casualty_order(unit.formation(), RANK_AND_FILE, unit.alive_keys())
        unit.removed.extend(order[:dead])
        return taken
    char = unit.character(pool)
    if char is None or char.hp <= 0:
        return 0
    taken = min(wounds, char.hp)
    char.hp -= taken
    if char.hp == 0:
        unit.removed.append(char.key)
    return taken


def lose_kinds(unit: NinthUnit, dead: int) -> None:
    """A mixed pool's ``dead`` models, each of its most numerous kind, the unit's own model on
    a tie (reading, NA-TGT-4: the mix is a count, not places); called before they leave."""
    own = unit.rf_alive() - sum(m.alive for m in unit.mixed)
    for _ in range(dead):
        best = max(range(len(unit.mixed)), key=lambda i: unit.mixed[i].alive, default=None)
        if best is None or unit.mixed[best].alive <= own:
            own -= 1
        else:
            unit.mixed[best].alive -= 1


def max_dis(unit: NinthUnit) -> int:
    """The Discipline a unit tests with: the best of its living models (reading)."""
    values = [unit.model.dis] if unit.rf_alive() else []
    values += [c.profile.dis for c in unit.characters if pool_alive(unit, c.key)]
    return max(values, default=0)


def break_penalty(state: GameState, unit: NinthUnit, diff: int) -> int:
    """The Break Test penalty: the score difference, at most 2 when Steady (more Proper Ranks
    than every engaged enemy) (NA-CS-1 reading)."""
    mine = proper_ranks(unit)
    enemies = engaged_enemies(state, unit)
    steady = bool(enemies) and all(mine > proper_ranks(e) for e in enemies)
    return min(diff, 2) if steady else diff


def static_score(state: GameState, mine: list[NinthUnit], enemies: list[NinthUnit]) -> int:
    """The part of NA-CS-1 that does not depend on the dice: +1 if a unit charged, +2 per
    enemy engaged in its flank or rear, +1 per Proper Rank of the best unit (at most +4),
    +1 per standard bearer."""
    score = 1 if any(u.charged for u in mine) else 0
    for e in enemies:
        for u in mine:
            if u in engaged_enemies(state, e) and engaged_side(e, u).name in ("LEFT", "RIGHT",
                                                                                 "REAR"):
                score += 2
                break
    score += min(MAX_COMBAT_BONUS_RANKS, max((proper_ranks(u) for u in mine), default=0))
    score += sum(1 for u in mine if u.standard and u.rf_alive() > 0)
    return score
