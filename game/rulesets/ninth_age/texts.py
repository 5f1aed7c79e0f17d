"""The Ninth Age's rule IDs and their paraphrase in the game's own words (the catalogue)."""

from __future__ import annotations

RULE_TEXTS: dict[str, str] = {
    "NA-ALC-1": "In melee every attack is given a target, and all attacks of one Agility Step "
    "are given theirs before any dice for hits are rolled.",
    "NA-ALC-2": "A melee attack may target the rank-and-file of any enemy unit whose boundary "
    "the attacker touches, or any character it touches.",
    "NA-ALC-3": "A model making Supporting Attacks chooses targets as though it stood in the "
    "front rank of its own file.",
    "NA-HIT-1": "A Standard Melee Attack rolls one D6 per point of the model part's Attack "
    "Value.",
    "NA-HIT-2": "To hit in melee, compare the attacker's Offensive Skill with the defender's "
    "Defensive Skill: 4 or more better hits on 2+, 1 to 3 better on 3+, up to 3 worse on 4+, "
    "4 or more worse on 5+. A 1 misses and a 6 hits.",
    "NA-HIT-3": "Hits then roll to wound from Strength against Resilience (2 or more above: 2+, "
    "1 above: 3+, equal: 4+, 1 below: 5+, 2 or more below: 6+), then the defender saves with "
    "its armour reduced by the attack's Armour Penetration.",
    "NA-HIT-4": "After modifiers a melee hit roll is never easier than 2+ nor harder than 6+, "
    "and a 6 still hits when modifiers would forbid it.",
    "NA-NSM-1": "Attacks that are not Standard Melee Attacks, such as Impact Hits and Stomp, "
    "bring their own number of hits, Strength, AP and rules.",
    "NA-TGT-1": "The rank-and-file of a unit can always be targeted; a unit without any lets "
    "attacks target any of its models.",
    "NA-TGT-2": "Melee attacks, supporting ones included, may target characters they are in "
    "contact with.",
    "NA-TGT-3": "Shots of one unit at one moment all pick one enemy unit; they may go to its "
    "rank-and-file, or to a character whose Height differs from theirs or that stands in a unit "
    "of fewer than 5 rank-and-file (fewer than 3 at Height 3 or more).",
    "NA-TGT-4": "When the models of a health pool differ, every roll uses the values of its "
    "most numerous kind; on a tie the attacker picks.",
    "NA-TGT-5": "When one attack turns into several hits, its hits are allocated anew once "
    "their number is known, and at least one stays on the first target.",
    "NA-SAV-1": "The armour save needs 7 minus Armour plus AP; Armour from every source adds up "
    "to at most 6; a 1 always fails.",
    "NA-SAV-2": "After a failed armour save a model may take one special save (Aegis or "
    "Regeneration), which AP does not affect and which always fails on a 1 or 2.",
    "NA-AGI-1": "Models strike in Agility order, highest first, fixed when the round starts: a "
    "charger adds 1, Great Weapons strike at 0, Impact Hits at 10, Stomp at 0. Every model in "
    "contact attacks at its step; both sides' attacks at one step land together, and the dead "
    "are removed only after all of them.",
    "NA-RST-1": "Supporting Attacks (second rank, against enemies at the front) and attacks "
    "against an enemy at the unit's flank or rear are limited to as many as the model's Height.",
    "NA-CON-1": "Units touching at their boundaries, corners included, are in contact; models "
    "are in contact when their bases touch, or across an empty gap of their unit when a straight "
    "line square to the engaged edges joins them.",
    "NA-ATT-1": "Characters stand in the front rank or as near it as they fit: a base matching "
    "the rank-and-file's (or a whole multiple of it) inside the block, any other base at a side "
    "of the front, one per side.",
    "NA-HP-1": "The rank-and-file share one health pool and every character has its own; each "
    "unsaved wound takes one HP from its pool, whole models are removed and left-over loss "
    "carries over; Multiple Wounds never take more than the target's HP.",
    "NA-CAS-1": "Casualties leave from the back rank first; losses from the front rank come "
    "equally from both of its ends; models of another pool are stepped over.",
    "NA-FRZ-1": "During a round of combat unit boundaries and models do not move; gaps count as "
    "filled from behind.",
    "NA-PRK-1": "A Proper Rank has at least 5 models at Height 0-2, 3 at Height 3-4, 1 at "
    "Height 5.",
    "NA-CS-1": "Each side scores: +1 for charging, +2 for each enemy flank or rear engaged, +1 "
    "per Proper Rank of its best unit (at most 4), +1 per standard, and +1 per HP the enemy "
    "lost. The lower side's units test Discipline on 2D6 with the difference as a penalty "
    "(at most 2 when Steady); a unit that fails is Broken and leaves the combat.",
    "NA-TURN-1": "A player's turn runs through the Charge, Move, Shoot and Melee phases in "
    "that order; in the Melee phase every combat fights one round, both sides striking; then "
    "the other player takes a turn. The game ends after its rounds or when a side has no units.",
    "NA-CHG-1": "In the Charge phase a unit that is not in combat may charge an enemy in its "
    "Front Arc whose boundary is within its Charge reach (Cha inches).",
    "NA-CHG-2": "The charged unit's arc that holds the middle of the charger's front decides "
    "the facing it is charged in; the charger moves straight into contact with that facing, "
    "turned to face it and slid along it to touch with as much of its front as it can, never "
    "through another unit or impassable ground.",
    "NA-MOV-1": "In the Move phase each unit not in combat and that did not charge may move "
    "once: straight ahead or in a wheel about a front corner, up to its Mob (an Advance) or "
    "up to twice it (a March), or turn in place; never through units or impassable ground, "
    "off the table, or to end within 1 inch of an enemy.",
    "NA-MOV-2": "A combined move goes straight ahead, wheels about a front corner, and goes "
    "straight on again (either straight part may be nothing); the distance the wheel's outer "
    "corner travels counts with the straight parts against the Advance or March rate, and all "
    "the ground it sweeps must be free.",
    "NA-MOV-3": "Instead a unit may step straight back or straight to its left or right, "
    "keeping its facing, up to half its Advance rate; that is its whole move.",
    "NA-SHT-1": "In the Shoot phase a unit with a ranged weapon that is not in combat and did "
    "not March shoots at an enemy not in combat, in its Front Arc and within range; the first "
    "rank shoots (and the second with a bow); to hit needs the Aim, one worse beyond half range "
    "and one worse after moving.",
    "NA-SHT-2": "A unit shoots only at a target it can see: a straight line from its front "
    "edge, at most 45 degrees off its facing, to the target's boundary inside its Front Arc, "
    "passing through no other unit and no terrain that blocks sight.",
    "NA-SHT-3": "Cover: a target model is hidden when every such line to the middle of its "
    "base crosses something in the way. When at least half of the target's models in the Front "
    "Arc are hidden by hard things (a unit as tall as the target or taller, terrain that blocks "
    "sight or gives hard cover) the shots need two more; when at least half are hidden counting "
    "soft things too (a shorter unit, hindering ground), or the target stands in hindering "
    "ground, they need one more.",
    "NA-WPN-1": "A model fights with a melee weapon other than its Hand Weapon when it carries "
    "one; carrying several, its owner picks one for each pool when the round of combat starts, "
    "and it fights the whole round with it.",
    "NA-CAT-1": "The public 3rd-edition data has no stat lines: an imported army list plays "
                "with the project's sample profiles where they exist and otherwise with a "
                "stand-in profile named as such, never with numbers passed off as the army "
                "book's.",
}
"""Every NA rule ID of the catalogue and the game's own NA-TURN/CHG/MOV/SHT IDs."""


def counted(n: int, noun: str, plural: str = "") -> str:
    """``1 attack``, ``2 attacks``: a number with its noun in agreement (``plural`` when the
    noun does not just take an ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
