"""Explain a rule ID in the game's own words, and an event with its own numbers.

Every registered ruleset declares its catalogue (``Ruleset.rule_texts``, with the table's
own WB-* rules); this module reads it through :func:`game.rulesets.catalogue`.
:func:`explain_event` grows that one line into a short paragraph: what the event's numbers
mean (the roll a charge needs and its chance, hits against the To-Hit number, the Panic Test's
odds, Hits against Blocks), then the explanation of each rule it cites.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from game.core.events import Event
from game.rulesets import catalogue


def rule_texts() -> dict[str, str]:
    """Every explanation available: the catalogue of every registered ruleset (the table's
    own WB-* rules included)."""
    return catalogue()


def explain(rule_id: str) -> str:
    """The explanation of ``rule_id``, or a plain note that the game has none."""
    text = rule_texts().get(rule_id)
    if text is None:
        return f"{rule_id}: no explanation is written for this rule yet."
    return f"{rule_id}: {text}"


def explain_event(event: Event) -> str:
    """A short paragraph on ``event``: its numbers in words, then its rules explained."""
    texts = rule_texts()
    numbers = _NUMBERS.get(event.kind)
    parts = []
    if numbers is not None:
        # an event without the usual numbers is still explained by its rules
        with contextlib.suppress(KeyError, TypeError, ValueError):
            parts.append(numbers(event.data))
    parts += [f"{rule}: {texts[rule]}" for rule in event.rules if rule in texts]
    return "\n".join(parts) or event.text


def d6_at_least(face: int) -> float:
    """The chance that one D6 shows ``face`` or more (faces below 1 always, above 6 never)."""
    return min(max(7 - face, 0), 6) / 6


def two_d6_at_least(total: int) -> float:
    """The chance that 2D6 add up to ``total`` or more."""
    ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total)
    return ways / 36


def _n(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _charge_declared(d: Mapping[str, Any]) -> str:
    roll = int(d["roll_needed"])
    return (f"Needs {_n(d['needed'])}\" to contact: the D6 plus Speed must reach it, so a roll "
            f"of {roll} or more on one D6 = {d6_at_least(roll):.1%}.")


def _charge_roll(d: Mapping[str, Any]) -> str:
    return (f"D6 {d['d6']} + Speed {d['speed']} = {_n(d['distance'])}\" against "
            f"{_n(d['needed'])}\" needed: {d['result']}.")


def _attack_roll(d: Mapping[str, Any]) -> str:
    dice, to_hit = list(d["dice"]), int(d["to_hit"])
    chance = min(max(d6_at_least(to_hit), 1 / 6), 5 / 6)
    return (f"{len(dice)} dice hitting on {to_hit}+ ({chance:.1%} each, {len(dice) * chance:.1f} "
            f"hits expected): {d['hits']} hit(s).")


def _defense_roll(d: Mapping[str, Any]) -> str:
    dice, defense = list(d["dice"]), int(d["defense"])
    chance = min(max(d6_at_least(defense), 1 / 6), 5 / 6)
    return (f"{len(dice)} dice blocking on {defense}+ ({chance:.1%} each): "
            f"{d['blocks']} block(s).")


def _panic_test(d: Mapping[str, Any]) -> str:
    total, target = int(d["total"]), int(d["target"])
    verdict = "passes" if total >= target else f"fails by {d.get('failed_by', target - total)}"
    return (f"2D6 = {total} against {target}+ (a {two_d6_at_least(target):.1%} chance to "
            f"pass): it {verdict}.")


def _melee_test(d: Mapping[str, Any]) -> str:
    return (f"The attacker's {d['attacker_hits']} Hits against the defender's "
            f"{d['defender_blocks']} Blocks: {d['wounds_to_defender']} Wound(s) dealt; the "
            f"defender's {d['defender_hits']} Hits against the attacker's "
            f"{d['attacker_blocks']} Blocks: {d['wounds_to_attacker']} Wound(s) taken.")


def _melee_winner(d: Mapping[str, Any]) -> str:
    by_attacker, by_defender = d["wounds_by_attacker"], d["wounds_by_defender"]
    if by_attacker == by_defender:
        return f"{by_attacker} Wound(s) each: a tie goes to the defender."
    return f"{by_attacker} Wound(s) dealt against {by_defender} taken: more Wounds wins."


_NUMBERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "charge.declared": _charge_declared,
    "charge.roll": _charge_roll,
    "attack.roll": _attack_roll,
    "defense.roll": _defense_roll,
    "panic.test": _panic_test,
    "melee.test": _melee_test,
    "melee.winner": _melee_winner,
}
"""Event kind -> its numbers in words (kinds of the rulesets that exist today)."""
