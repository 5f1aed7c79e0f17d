"""The Ninth Age's dice tables and the modifier record every roll of an attack uses.

To-hit in melee from Offensive minus Defensive Skill (NA-HIT-2, clamped by NA-HIT-4), to-wound
from Strength minus Resilience (NA-HIT-3), the armour save from Armour minus AP with Armour
capped at 6 (NA-SAV-1), special saves that fail on a 1 or 2 (NA-SAV-2), and shooting to-hit from
Aim with its modifiers. :class:`AttackRecord` holds the numbers one attack needs on each die; the
resolver and the odds (:mod:`.odds`) both read it, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

NO_ROLL = 7
"""A "needs" value no D6 reaches: the roll cannot succeed (no save, cannot hit)."""

ARMOUR_CAP = 6
"""Armour from all sources never exceeds 6 (NA-SAV-1)."""

SPECIAL_SAVE_FAILS = 2
"""A special save always fails on a natural 1 or 2 (NA-SAV-2)."""


def to_hit_needs(offensive: int, defensive: int) -> int:
    """The D6 a melee attack needs to hit (NA-HIT-2): OS-DS >= 4 -> 2+, 1..3 -> 3+,
    -3..0 -> 4+, <= -4 -> 5+."""
    diff = offensive - defensive
    if diff >= 4:
        return 2
    if diff >= 1:
        return 3
    if diff >= -3:
        return 4
    return 5


def melee_hit_needs(offensive: int, defensive: int, modifier: int = 0) -> int:
    """The melee to-hit roll after modifiers (NA-HIT-4): never better than 2+ nor worse than
    6+ (a natural 6 always hits, a natural 1 always misses)."""
    return min(6, max(2, to_hit_needs(offensive, defensive) - modifier))


def to_wound_needs(strength: int, resilience: int, modifier: int = 0) -> int:
    """The D6 a hit needs to wound (NA-HIT-3): Str-Res >= 2 -> 2+, 1 -> 3+, 0 -> 4+,
    -1 -> 5+, <= -2 -> 6+; a natural 6 always wounds, a 1 always fails."""
    diff = strength - resilience
    needs = {1: 3, 0: 4, -1: 5}.get(diff, 2 if diff >= 2 else 6)
    return min(6, max(2, needs - modifier))


def armour_needs(armour: int, ap: int) -> int:
    """The armour save (NA-SAV-1): 7 - Armour + AP with Armour capped at 6; a natural 1 always
    fails, so the best is 2+; :data:`NO_ROLL` when Armour - AP is 0 or less."""
    needs = 7 - min(armour, ARMOUR_CAP) + ap
    return max(2, needs) if needs <= 6 else NO_ROLL


def special_save_needs(value: int | None) -> int:
    """A special save of ``value``+ (Aegis, Regeneration) fails on a natural 1 or 2 whatever
    its value (NA-SAV-2); :data:`NO_ROLL` when the model has none."""
    if value is None:
        return NO_ROLL
    return max(value, SPECIAL_SAVE_FAILS + 1)


def shooting_hit_needs(aim: int, long_range: bool = False, moved: bool = False,
                       cover: int = 0) -> int:
    """The D6 a shot needs: the Aim value, -1 at long range, -1 after moving, -1 soft or -2
    hard cover (``cover`` = 1 or 2); a natural 1 always misses; 7+ cannot hit (reading of the
    shooting rules, docs/rules/ninth_age.md)."""
    needs = aim + int(long_range) + int(moved) + cover
    return max(2, needs) if needs <= 6 else NO_ROLL


def passes(roll: int, needs: int) -> bool:
    """Whether a natural D6 ``roll`` makes ``needs`` (1 always fails; NO_ROLL never passes)."""
    return needs < NO_ROLL and roll != 1 and roll >= needs


@dataclass(frozen=True)
class AttackRecord:
    """What one attack needs on each die, and what an unsaved wound does.

    ``hit`` 0 means the attack hits automatically (Impact Hits, Stomp); ``multiple`` is the
    Multiple Wounds value (1 for none), capped by the target's HP when applied (NA-HP-1).
    """

    hit: int
    wound: int
    armour: int
    special: int
    multiple: int = 1

    def summary(self) -> str:
        """``hit 3+ wound 4+ armour 4+ aegis 5+`` as a player reads it."""
        def show(n: int) -> str:
            return "-" if n >= NO_ROLL else f"{n}+"
        hit = "auto" if self.hit == 0 else show(self.hit)
        parts = [f"hit {hit}", f"wound {show(self.wound)}", f"armour {show(self.armour)}",
                 f"special {show(self.special)}"]
        if self.multiple > 1:
            parts.append(f"x{self.multiple} wounds")
        return ", ".join(parts)
