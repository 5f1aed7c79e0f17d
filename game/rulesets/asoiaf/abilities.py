"""The card abilities the table plays, and when some of the others would act (AS-CARD-1).

A unit card names its abilities; the table enforces only the ones listed in :data:`PLAYED`.
Of the rest, :data:`AFTER_DEFENSE_DICE` names those printed to act "after rolling Defense
Dice", so that the attack can say, at that very moment, that the card's ability is not played
(AS-CARD-1, AS-RES-5): a result never silently includes or leaves out an ability.

The texts are the public card data's (``Pf2eTools/asoiaf-tmg-data``,
``data/warcouncil/newskills.csv``), in short.
"""

from __future__ import annotations

from collections.abc import Iterable

PROTECTION_OF_THE_CROWN = "Protection of the Crown"
""""While you Control [CROWN], each time this unit is Attacked, it may re-roll any Defense
Dice." The table has no Tactics Board: the scenario says which player controls [CROWN] (the
``crown`` option); without it nobody does and the ability never acts."""

PLAYED: dict[str, str] = {
    PROTECTION_OF_THE_CROWN: "while its player controls [CROWN], it may re-roll any of its "
                             "Defense Dice when attacked (AS-RES-5)",
}
"""Every card ability the table enforces -> what it does, in player words."""

AFTER_DEFENSE_DICE = frozenset({
    "Order: Shield Wall", "Order: Shieldwall", "Hardened", "Battle Prayer",
})
"""Card abilities printed to act after the defender rolls its Defense Dice that the table does
not play (each blocks extra hits): the attack names them when that moment comes."""


def played(names: Iterable[str]) -> tuple[str, ...]:
    """The abilities among ``names`` that the table enforces, in their order."""
    return tuple(n for n in names if n in PLAYED)


def unplayed(names: Iterable[str]) -> tuple[str, ...]:
    """The abilities among ``names`` that the table does not enforce, in their order."""
    return tuple(n for n in names if n not in PLAYED)


def defense_reroll(abilities: Iterable[str], controls_crown: bool) -> str:
    """The ability that lets a unit re-roll its Defense Dice in this game (AS-RES-5), or ""
    (Protection of the Crown acts only while its player controls [CROWN])."""
    return PROTECTION_OF_THE_CROWN if (
        controls_crown and PROTECTION_OF_THE_CROWN in abilities) else ""
