"""Short explanations of every GODSGLOOM rule ID, in the game's own words (for the table's
rule panel and tooltips). The HX-MEL-* IDs are RULES.md's; the others are the game's own,
documented in docs/rules/godsgloom.md."""

from __future__ import annotations

RULE_TEXTS: dict[str, str] = {
    # Melee Attack Action (RULES.md)
    "HX-MEL-0": "Only a unit with at least one Morale Token left can start a Melee Attack.",
    "HX-MEL-10": "The attacker first turns to face the hex it attacks. Effects that happen "
    "when a melee begins resolve now; if one of them destroys a unit, the other wins at once "
    "and goes straight to consolidation.",
    "HX-MEL-20": "Each side may now put its unit into a Tactical Formation. If a formation "
    "destroys a unit, the other wins at once and goes straight to consolidation.",
    "HX-MEL-30": "Both units make the Attack Test together (the scenario names which test; "
    "the default is described under HX-ATC).",
    "HX-MEL-40": "Effects that trigger once Wounds are dealt, but before anyone has won, "
    "resolve now, even for a unit that was just destroyed.",
    "HX-MEL-50": "If one unit is destroyed the other wins (both destroyed: nobody wins). "
    "Otherwise the unit that dealt more Wounds wins, and a draw goes to the defender. The "
    "loser gives up a Morale Token.",
    "HX-MEL-60": "The winner may push the loser back. The loser can refuse to give ground by "
    "paying a Morale Token (if it has one). A pushed unit steps into a free hex of its "
    "Retreat Arc and turns to face where it came from, and the winner must step into the "
    "hex it left, facing it. With no free hex the loser stays put and pays a Morale Token, "
    "or takes a Wound when it has none.",
    "HX-MEL-70": "Only after destroying its enemy: the winner may step into the empty hex or "
    "stay where it is, and in both cases turns to face any way it likes.",
    "HX-MEL-80": "Effects that happen when a melee ends resolve; the action is over.",
    # Attack Test default (DESIGN.md)
    "HX-ATC-10": "Both units roll at once: each its attack dice and its defence dice.",
    "HX-ATC-20": "Re-rolls come next; a die is re-rolled at most once.",
    "HX-ATC-30": "A die showing 3 or more is a success (a Hit on an attack die, a Block on "
    "a defence die); a 6 is a Critical and counts twice.",
    "HX-ATC-40": "Automatic successes are added after the re-rolls and are never re-rolled.",
    "HX-ATC-50": "Every Block cancels one of the enemy's Hits, in both directions.",
    "HX-ATC-60": "Hits that are left become Wounds. A unit left with exactly 1 health gets a "
    "Weak token; at 0 it is destroyed.",
    # Activations and movement (the game's own)
    "HX-ACT-1": "Players take turns activating one unit each. Every unit acts once a round; a "
    "player with nothing left to activate is skipped.",
    "HX-ACT-2": "An activated unit may move, then take one action: Melee Attack, Rally or "
    "Focus. The action ends the activation, or the player ends it early.",
    "HX-ACT-3": "The game ends when only one side has units left, or after the last round "
    "if the scenario sets one (more units left wins, then more health).",
    "HX-MOV-1": "A unit has as many movement points as its speed. Each hex costs 1 point "
    "(rough ground 2). It cannot enter impassable hexes or hexes with a unit in them.",
    "HX-MOV-2": "Turning on the spot is free before and after a move.",
    "HX-MOV-3": "The three hexes in front of an enemy are its engagement zone. A unit that "
    "steps into one must stop there.",
    "HX-MOV-4": "A unit may always move one hex, whatever it costs.",
    "HX-MOV-5": "A unit that starts its activation in an enemy's engagement zone can only "
    "turn and move one hex; if it moves it cannot attack in melee this activation.",
    "HX-LOS-1": "A unit sees a hex when lines from a corner of its front to at least two "
    "corners of that hex pass no sight-blocking hex. A melee target must be seen.",
    "HX-RAL-1": "Rally: the unit gets back 2 Morale Tokens (1 while engaged), never above "
    "its maximum.",
    "HX-FOC-1": "Focus: in its next Attack Test the unit re-rolls each die that scored "
    "nothing, once; the Focus is then used up.",
    "HX-WEAK-1": "A Weak unit (down to 1 health) rolls one attack die fewer, but never "
    "fewer than one.",
    # Tactical Formations and effects (the game's own)
    "HX-TF-1": "Shield wall: a defender with a friend beside it pays a Morale Token to roll "
    "one more defence die.",
    "HX-TF-2": "Spear hedge: a defender whose front faces the attacker pays a Morale Token "
    "and deals the attacker a Wound before the dice are rolled.",
    "HX-TF-3": "Wedge: an attacker with a friend beside it pays a Morale Token to roll one "
    "more attack die.",
    "HX-EFF-1": "Stakes: attacking a unit that stands among stakes costs the attacker a "
    "Wound as the melee begins.",
    "HX-EFF-2": "Death throes: a unit with it that is destroyed in the Attack Test deals its "
    "enemy one last Wound.",
    "HX-EFF-3": "Veteran: a unit with it that wins a melee and survives gets a Morale Token "
    "back when the action ends.",
}
"""Rule ID -> a short explanation."""
