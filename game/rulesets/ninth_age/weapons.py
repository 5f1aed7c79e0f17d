"""The owner's choice of melee weapon for a round of combat (NA-WPN-1): its offers and the
words that describe a weapon."""

from __future__ import annotations

from game.core.actions import Choose
from game.core.present import Offer
from game.core.state import GameState
from game.rulesets.ninth_age.engage import weapon_choices
from game.rulesets.ninth_age.units import WEAPONS, NinthUnit

BONUSES = {"att": "Att", "off": "Off", "str": "Str", "ap": "AP", "agi": "Agi",
           "charge_str": "Str charging", "charge_ap": "AP charging",
           "charge_agi": "Agi charging"}
"""Weapon bonuses in the words of a profile."""


def weapon_name(weapon: str) -> str:
    """``great_weapon`` as ``Great Weapon``."""
    return weapon.replace("_", " ").title()


def weapon_hint(weapon: str) -> str:
    """What a melee weapon changes, in a few words (units.WEAPONS)."""
    rules = WEAPONS[weapon]
    words = [f"{int(v):+d} {label}" for key, label in BONUSES.items()
             if (v := rules.get(key))]
    if "step" in rules:
        words.append(f"strikes at Agility Step {rules['step']}")
    if rules.get("two_handed"):
        words.append("two-handed (no Shield in melee)")
    if rules.get("extra_rank"):
        words.append("Fight in Extra Rank")
    return ", ".join(words) or "no bonus"


def weapon_offers(state: GameState, token: str) -> tuple[Offer, ...]:
    """One offer per melee weapon a pool may fight with this round (NA-WPN-1)."""
    unit_id, _, pool = token.partition("/")
    unit = state.units[unit_id]
    assert isinstance(unit, NinthUnit)
    choices = weapon_choices(unit).get(pool, ())
    return tuple(Offer(Choose.of(weapon=w), weapon_name(w), hint=weapon_hint(w))
                 for w in choices)
