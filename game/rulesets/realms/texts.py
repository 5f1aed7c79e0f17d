"""Every realms rule ID with a paraphrase in the game's own words (the table's rule panel).

The RL-* attack-phase IDs are the rules catalogue's; RL-MOV-1 and RL-TRN-1 are the game's own
defaults for what the attack-phase text leaves open (documented in docs/rules/realms.md).
"""

from __future__ import annotations

RULE_TEXTS: dict[str, str] = {
    "RL-ATK-1": "A unit command is a move followed by one action: an attack, a special attack, "
    "a spell or rearranging the inventory. Attacks only come after the move is over.",
    "RL-ATK-2": "To attack, the target must be in range, in sight and something the attacker "
    "is able to hurt.",
    "RL-RNG-1": "Range is counted in spaces, leaving out the attacker's own space; a unit "
    "without range reaches only neighbouring spaces. Count from any space the attacker covers "
    "to any space under the target.",
    "RL-LOS-1": "The attacker must see the target from its eyes (a unit without eyes looks "
    "from the front of its weapon). A head that turns adds up to 90 degrees to each side, and "
    "a long neck may move the eyes anywhere within its reach.",
    "RL-CAP-1": "Buildings and war machines can only be hurt by siege attacks, beasts, war "
    "machines and deities; some units are immune to certain attackers.",
    "RL-DEC-1": "Once an attack is declared it is carried out, unless every player agrees to "
    "call it off.",
    "RL-DMG-1": "Roll the weapon's die and the unit's base attack die together; their total is "
    "the damage.",
    "RL-NGT-1": "At night the attack is lowered by the attacker's precision before the roll, "
    "starting with the largest die; a die lowered to nothing is dropped and the rest comes off "
    "the next one. An attack lowered to nothing cannot be made at night.",
    "RL-ARM-1": "Armor that matches the attack's type comes off the damage; if it is at least "
    "the damage the attack does nothing. Siege and Universal armor stop any type, Martial "
    "armor stops every physical type.",
    "RL-DEF-1": "After armor the defender rolls its defense die and takes the result off the "
    "damage. Rolling more than what was left turns the attack around: the difference wounds "
    "the attacker as a counterattack.",
    "RL-DEF-2": "Counterattacks only reach an attacker standing next to the defender, except "
    "that a large attacker can always be hurt by one unless it is a Ranged Unit.",
    "RL-DEF-3": "Armor alone never causes a counterattack, but when armor stopped the whole "
    "attack the defender still rolls defense, and every point of it wounds the attacker.",
    "RL-NGT-2": "At night a counterattack's wounds are lowered by the defender's precision "
    "(never below zero).",
    "RL-PRE-1": "Pre-rolled bonuses and penalties change the final defense roll without any "
    "dice; they add up, and penalties never push the roll under zero.",
    "RL-HGT-1": "A unit on a higher space whose top is also higher than its opponent's top has "
    "height advantage: as attacker it gives the target -1 defense, as defender it gets +1.",
    "RL-FRT-1": "Instead of a normal command a unit may fortify: it gives up its move and "
    "action, heals 1 wound at once and has +1 defense until its player's next turn begins.",
    "RL-ELV-1": "An attack at range 1 or less across a height difference needs the lower unit "
    "to be taller than the difference between the two bases, and an obstruction between them "
    "taller than both stops it; spaces joined by a transit pad are exempt.",
    "RL-ELV-2": "A ranged attack on a lower target gains 1 range for each full height of the "
    "attacker between the two bases, up to 3.",
    "RL-ELV-3": "Between spaces that are not neighbours and have no space between them, range "
    "is their distance in pegs divided by 6, rounded up.",
    "RL-SPC-1": "A special attack or a spell takes the place of the standard attack. Spells "
    "cost mana. Special attacks get the usual combat perks; spells do not unless the table "
    "says so.",
    "RL-DW-1": "A unit with a weapon in each hand makes two separate attacks, one per weapon; "
    "with two weapons of the same attack type it may instead make one attack of three dice.",
    "RL-DW-2": "A free off hand, or a shield in it, allows a second attack without a weapon: "
    "base die only, and never part of a combined attack.",
    "RL-MOV-1": "Moving: a unit walks up to its movement in spaces; climbing costs one extra "
    "space per full 3 pegs of rise, a rise as tall as the unit is a cliff it cannot climb, and "
    "stepping onto a linked transit pad costs one space whatever the height.",
    "RL-TRN-1": "Players take turns giving one unit command each; when everyone has had a turn "
    "a new round begins. The scenario says which rounds are at night.",
}
"""Rule ID -> paraphrase (never the source text)."""
