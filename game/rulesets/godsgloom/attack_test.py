"""The Attack Test (HX-MEL-30) and the one record of the numbers it uses.

The seed gives no Attack Test; the game ships the DESIGN.md default (``"default"``) and keeps it
replaceable per scenario through the ruleset option ``attack_test``:

The ruleset instance holds the chosen test (``GodsgloomRuleset.test``); nothing reads it from
the game state.

- HX-ATC-10 Both units roll at once, each its whole pool: attack dice first, then defence dice.
  The attacker's pool is one chance node, the defender's the next.
- HX-ATC-30 Each die showing the test's threshold or more (3+) is a success: a Hit on an attack
  die, a Block on a defence die; a Critical (a 6) is worth two.
- HX-ATC-20 Re-rolls: a unit with a Focus marker re-rolls each of its failed dice once (one
  chance node per unit, attacker first); the marker is then spent (HX-FOC-1).
- HX-ATC-40 Automatic successes (profile ``auto_hits``/``auto_blocks``) are added after the
  re-rolls and are never re-rolled.
- HX-ATC-50 Each Block cancels one enemy Hit, both ways.
- HX-ATC-60 Remaining Hits are Wounds; a unit left at exactly 1 health gains a Weak token, at
  0 or less it is destroyed.

:func:`pools_for` computes each unit's pool with its ``(delta, rule)`` modifiers once; the
resolver, the odds and the preview all read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets.godsgloom.effects import FORMATIONS
from game.rulesets.godsgloom.units import GodsUnit

SIDES = 6
"""The Attack Test rolls six-sided dice."""


@dataclass(frozen=True)
class AttackTest:
    """A named way to score Attack Test dice (replaceable per scenario, HX-MEL-30)."""

    name: str
    threshold: int
    critical: int | None
    critical_value: int
    summary: str

    def value(self, face: int) -> int:
        """Successes one die showing ``face`` scores (HX-ATC-30)."""
        if self.critical is not None and face >= self.critical:
            return self.critical_value
        return 1 if face >= self.threshold else 0

    def failed(self, face: int) -> bool:
        """Whether a die scored nothing (a Focus re-rolls it, HX-ATC-20)."""
        return self.value(face) == 0

    def score(self, faces: Sequence[int]) -> int:
        """Successes of several dice."""
        return sum(self.value(f) for f in faces)


ATTACK_TESTS: dict[str, AttackTest] = {
    t.name: t
    for t in (
        AttackTest("default", 3, 6, 2, "3+ succeeds, a 6 is a Critical worth two"),
        AttackTest("plain", 4, None, 1, "4+ succeeds, no Criticals"),
    )
}
"""Attack Tests a scenario may name with the option ``attack_test``."""

DEFAULT_TEST = "default"


@dataclass(frozen=True)
class Modifier:
    """One change to a pool, with the rule that makes it."""

    stat: str
    delta: int
    rule: str
    note: str


@dataclass(frozen=True)
class Pool:
    """What one unit rolls in an Attack Test, and why."""

    unit: str
    attack: int
    defence: int
    auto_hits: int
    auto_blocks: int
    rerolls: bool
    modifiers: tuple[Modifier, ...] = ()

    @property
    def dice(self) -> int:
        """Dice rolled at once: attack dice, then defence dice (HX-ATC-10)."""
        return self.attack + self.defence


def pool_of(unit: GodsUnit, formations: Sequence[str]) -> Pool:
    """The pool of ``unit`` with its Weak token, Focus marker and declared formations."""
    mods: list[Modifier] = []
    attack, defence = unit.attack, unit.defence
    if unit.weak and attack > 1:  # HX-WEAK-1
        mods.append(Modifier("attack", -1, "HX-WEAK-1", "Weak: one attack die fewer"))
        attack -= 1
    for name in formations:
        formation = FORMATIONS[name]
        if formation.attack_dice:
            mods.append(Modifier("attack", formation.attack_dice, formation.rule, name))
            attack += formation.attack_dice
        if formation.defence_dice:
            mods.append(Modifier("defence", formation.defence_dice, formation.rule, name))
            defence += formation.defence_dice
    if unit.focus:
        mods.append(Modifier("rerolls", 1, "HX-FOC-1", "Focus: re-roll failed dice"))
    if unit.auto_hits:
        mods.append(Modifier("auto_hits", unit.auto_hits, "HX-ATC-40", "automatic Hits"))
    if unit.auto_blocks:
        mods.append(Modifier("auto_blocks", unit.auto_blocks, "HX-ATC-40", "automatic Blocks"))
    return Pool(unit.id, attack, defence, unit.auto_hits, unit.auto_blocks, unit.focus,
                tuple(mods))


@dataclass(frozen=True)
class TestResult:
    """The scored Attack Test: each side's Hits, Blocks and the Wounds it inflicts."""

    attacker_hits: int
    attacker_blocks: int
    defender_hits: int
    defender_blocks: int

    @property
    def wounds_to_defender(self) -> int:
        """Attacker's Hits left after the defender's Blocks (HX-ATC-50/60)."""
        return max(0, self.attacker_hits - self.defender_blocks)

    @property
    def wounds_to_attacker(self) -> int:
        """Defender's Hits left after the attacker's Blocks (HX-ATC-50/60)."""
        return max(0, self.defender_hits - self.attacker_blocks)


def successes(test: AttackTest, pool: Pool, faces: Sequence[int]) -> tuple[int, int]:
    """(Hits, Blocks) of a pool's final faces, automatic successes included (HX-ATC-30/40)."""
    hits = test.score(faces[: pool.attack]) + pool.auto_hits
    blocks = test.score(faces[pool.attack:]) + pool.auto_blocks
    return hits, blocks


def score_test(test: AttackTest, attacker: Pool, attacker_faces: Sequence[int],
               defender: Pool, defender_faces: Sequence[int]) -> TestResult:
    """Score both pools (HX-ATC-30..50)."""
    ah, ab = successes(test, attacker, attacker_faces)
    dh, db = successes(test, defender, defender_faces)
    return TestResult(ah, ab, dh, db)
