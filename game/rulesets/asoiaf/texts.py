"""Short explanations of every asoiaf rule ID, in the game's own words (shown when a player
clicks an event)."""

from __future__ import annotations

RULE_TEXTS: dict[str, str] = {
    # structure (this ruleset's own IDs, docs/rules/asoiaf.md)
    "AS-CORE-1": "Players take turns activating one unit each. A player with no unit left to "
                 "activate sits out; when every unit has acted, a new round starts.",
    "AS-CORE-2": "An activation is one action: Charge, Attack, Maneuver, Retreat, or nothing "
                 "(hold). The activation ends as soon as the action is done.",
    "AS-CORE-3": "Maneuver: turn, move straight ahead up to Speed, turn again. Not while "
                 "engaged, never through other units or impassable ground, and never ending "
                 "within 1\" of an enemy.",
    "AS-CORE-4": "Retreat (engaged units only): roll a D6, slide back or sideways up to that "
                 "plus Speed (forward too if attacked in flank or rear), then face any way. "
                 "Enemies left free may turn for free.",
    "AS-CORE-5": "The game ends when one side has no units left, or at the round limit, when "
                 "the side with more wounds left wins.",
    "AS-CORE-6": "Units whose trays touch an enemy tray are engaged.",
    # attack action (seed 000)
    "AS-ATK-1": "Attacking means either fighting in melee or shooting; which one depends on "
                "the unit and whether it is in combat.",
    "AS-MEL-1": "Melee attacks are only for units already in base contact with an enemy.",
    "AS-MEL-2": "A unit needs a melee weapon on its card to fight in melee (and to charge).",
    "AS-MEL-3": "Fighting a single enemy on its flank or rear, a unit may first turn to "
                "face it squarely. Fighting several, it is pinned and keeps its facing.",
    "AS-MEL-4": "The unit may then slide along its enemy to line up centre to centre or "
                "half on, leaving room for a friend (never sliding off another enemy).",
    "AS-MEL-5": "A melee attack may strike any enemy in contact; sight does not matter.",
    "AS-RNG-1": "A unit in base contact with an enemy cannot shoot.",
    "AS-RNG-2": "Only units with a ranged weapon on their card can shoot.",
    "AS-RNG-3": "Before shooting a unit may slide up to 2\", as long as it can still see and "
                "reach a target afterwards.",
    "AS-RNG-4": "The shooter picks one enemy it can see and reach, then resolves the attack.",
    "AS-RNG-5": "Short range reaches 6\", long range 12\".",
    "AS-RNG-6": "Range runs from the shooter's Front Arrow to the closest point of the target's "
                "tray; touching the limit is enough.",
    "AS-RNG-7": "A weapon's range is not an ability: nothing can take it away.",
    "AS-RNG-8": "Shooting at an enemy that is fighting your own units is allowed, but each of "
                "those friends must then test for panic.",
    "AS-BON-1": "Charge Bonus: after a charge, the attacker may roll any of its attack dice "
                "again.",
    "AS-BON-2": "Flank Bonus: hitting from the side makes the defender's saves and panic "
                "test one worse.",
    "AS-BON-3": "Rear Bonus: hitting from behind makes the defender's saves and panic test "
                "two worse.",
    "AS-RES-1": "The number of attack dice depends on how many ranks the attacker still has.",
    "AS-RES-2": "Each attack die at or above the To-Hit number hits; a 6 always hits and a 1 "
                "always misses.",
    "AS-RES-3": "Re-rolls of attack dice happen first, then effects that wait for the attack "
                "roll.",
    "AS-RES-4": "The defender rolls a die per hit; each at or above its Defense blocks a hit. "
                "A 6 always blocks, a 1 never does.",
    "AS-RES-5": "Re-rolls of defense dice happen first, then effects that wait for the defense "
                "roll.",
    "AS-RES-6": "Every hit not blocked is a wound; a wound takes a model from the back rank, "
                "right to left. Tougher models keep their damage.",
    "AS-RES-7": "The defender then tests for panic; if it took no wounds it passes without "
                "rolling, but the test still happened.",
    "AS-RES-8": "The attack is over: effects for 'after being attacked' happen, then a melee "
                "attacker may surge forth.",
    "AS-PNC-1": "Panic test: 2D6 plus modifiers must reach Morale. Missing by N costs N more "
                "wounds.",
    "AS-PNC-2": "Any wound forces the test, even if no model was removed.",
    "AS-SRG-1": "Wiping out an enemy in melee lets the attacker make a free Maneuver if it is "
                "free of combat; friends that fought only that enemy may turn for free.",
    "AS-SRG-2": "Only a melee kill by a unit in contact earns Surge Forth.",
    "AS-TRG-1": "Order after an attack: 'destroyed' effects, then 'attacked' effects, then "
                "Surge Forth.",
    # charge action (seed 001)
    "AS-CHG-1": "A charge target must be in sight when the action starts.",
    "AS-CHG-2": "The side of the target being charged must have room for the charger to "
                "line up at least half on.",
    "AS-CHG-3": "The target must be within Speed + 6: never declare a charge that cannot "
                "possibly arrive.",
    "AS-CHG-4": "The charger hits the side of the target whose zone holds most of its tray; "
                "on an exact split the charger picks.",
    "AS-CHG-5": "The charger may turn first, if it still sees the target and can still reach "
                "it straight ahead.",
    "AS-CHG-6": "Roll a D6 and add Speed; move straight ahead that far. Touching the target "
                "is a success; falling short is a failure (it stops 1\" before anything it would "
                "touch).",
    "AS-CHG-7": "After a successful charge the charger lines up with the target, centred or "
                "half on, or as close to that as it fits.",
    "AS-CHG-8": "Then it fights one melee attack with the Charge Bonus.",
    "AS-CHG-9": "Turning, moving and lining up are one single move.",
    "AS-CHG-10": "A failed charge costs a panic test and ends the activation.",
    "AS-CHG-11": "A charge roll of 1 is disorderly: no Charge Bonus (and no tactics cards).",
    "AS-CHG-12": "A unit already in combat cannot charge.",
    "AS-CHG-13": "Other enemies the charger ends up touching are lined up with it by the "
                 "shortest move, or pushed 1\" away, or just far enough to be free.",
    "AS-CHG-14": "Charging through stakes costs D3+1 wounds, once, before the melee attack.",
    "AS-CHG-15": "Rough or hindering ground slows only the charge move itself (this table: "
                 "2\" less distance); lining up never turns a success into a failure.",
    "AS-CHG-EX": "Example: 8\" away at Speed 5 needs a 3+; a 2 gives 7\" and stops 1\" short.",
    # the catalogue (catalogue.py): what a card says that the table does not play
    "AS-CARD-1": "A unit's card lists the abilities printed on its stat card by name only; the "
                 "table enforces only those it implements and names the others when they would "
                 "act, so results never silently include their effects. Values the public data "
                 "does not give are stand-ins and are marked as such.",
}
"""Every AS-* rule ID -> its explanation."""
