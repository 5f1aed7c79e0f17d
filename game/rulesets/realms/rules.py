"""Whether an attack may be declared, and its plan: RL-ATK-1/2, RL-RNG-1, RL-ELV-1/2/3,
RL-LOS-1, RL-CAP-1, RL-DW-1/2 and RL-SPC-1, over :mod:`.board` and :mod:`.attack`.

Everything here only reads the state, so the legal-action list, the buttons, the hover
inspection and the declaration itself give the same answers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from operator import attrgetter

from game.core.pending import Refusal
from game.core.position import Held
from game.core.present import possessive
from game.core.state import GameState
from game.geometry.elevation import MAX_DOWNWARD_BONUS, SightField
from game.geometry.hexgrid import Hex
from game.rulesets.realms.attack import (
    AttackPlan,
    Situation,
    attack_dice,
    capability_refusal,
    plan_attack,
)
from game.rulesets.realms.blockers import blocker_marks, blocker_words, sight_blockers
from game.rulesets.realms.board import (
    Reach,
    Sighting,
    base_of,
    beyond,
    ground_field,
    hex_board,
    melee_allowed,
    melee_pairs,
    occupant_map,
    reach,
    reachable,
    sight,
    sight_field,
    top_of,
)
from game.rulesets.realms.odds import Odds, attack_odds
from game.rulesets.realms.options import Settings
from game.rulesets.realms.procedure import CommandProc
from game.rulesets.realms.units import UNARMED, RealmsUnit, Weapon

HANDS = ("main", "off", "both", "unarmed")


@dataclass(frozen=True)
class Attempt:
    """An attack that may be declared: what it uses, its range and sight, and its plan."""

    weapon: Weapon
    reach: Reach
    sighting: Sighting
    plan: AttackPlan


def is_night(settings: Settings, state: GameState) -> bool:
    """Whether the current round is a night round (RL-NGT-1, RL-TRN-1)."""
    return state.turn.round in settings.night_rounds


def hand_refusal(unit: RealmsUnit, cmd: CommandProc, hand: str) -> Refusal | None:
    """RL-DW-1 / RL-DW-2 / RL-SPC-1: whether ``hand`` may still attack in this command."""
    if hand not in HANDS:
        return Refusal(f"a hand is one of {', '.join(HANDS)}", ("RL-DW-1",))
    if cmd.action not in ("", "attack"):
        return Refusal(f"{unit.name} has already used its action ({cmd.action})", ("RL-ATK-1",
                                                                                  "RL-SPC-1"))
    main, off = unit.weapon(unit.main), unit.weapon(unit.off)
    used = set(cmd.hands)
    if "both" in used:
        return Refusal(f"{unit.name} made its three-dice attack: both hands are spent",
                       ("RL-DW-1",))
    if hand == "main":
        ok = main is not None and "main" not in used
        return None if ok else Refusal(f"{unit.name} has no unused main-hand weapon",
                                       ("RL-DW-1",))
    if hand == "off":
        ok = off is not None and "off" not in used
        return None if ok else Refusal(f"{unit.name} has no unused off-hand weapon",
                                       ("RL-DW-1",))
    if hand == "both":
        if main is None or off is None or main.type != off.type:
            return Refusal(f"{unit.name} needs two weapons of one attack type for a three-dice "
                           "attack", ("RL-DW-1",))
        return None if not used else Refusal("the three-dice attack uses both hands: it "
                                             "must be the only attack", ("RL-DW-1",))
    if unit.off not in ("free", "shield") or used & {"off", "unarmed"} or not unit.base_die:
        return Refusal(f"{unit.name} needs a free off hand or a shield (and a base die) for "
                       "an unarmed attack", ("RL-DW-2",))
    return None


def sighting(settings: Settings, state: GameState, att: RealmsUnit,
             tgt: RealmsUnit) -> Sighting:
    """RL-LOS-1 for the pair with the table's settings, once per placement of the units."""
    feats = settings.features_for(hex_board(state))
    return settings.memo.get(state, ("sight", att.id, tgt.id), lambda: sight(
        state, feats, att, tgt, settings.sight_cone, settings.head_turn,
        settings.units_block_sight, field(settings, state)))


def field(settings: Settings, state: GameState) -> SightField:
    """The height field sight lines read (RL-LOS-1): the board's ground once per board, the
    figures on it once per placement (:func:`placement`: an action that moves no figure, an
    activation or an attack that kills none, finds the field of the position before it)."""
    feats = settings.features_for(hex_board(state))
    ground = settings.memo.static(state, "ground", lambda: ground_field(hex_board(state), feats))
    return settings.memo.get(state, ("field",), lambda: settings.memo.lasting(
        ("field", Held(state.board), settings.units_block_sight, placement(state)),
        lambda: sight_field(state, feats, settings.units_block_sight, ground)))


def placement(state: GameState) -> tuple[tuple[object, ...], ...]:
    """What of the figures in play the height field reads: where each stands and faces,
    its height and the shape it covers."""
    return tuple((u.id, u.hex, u.hex_facing, u.height, u.footprint) for u in state.live_units()
                 if isinstance(u, RealmsUnit))


def pair_reach(settings: Settings, state: GameState, att: RealmsUnit, tgt: RealmsUnit,
               weapon_range: int) -> Reach:
    """RL-RNG-1 / RL-ELV-2 / RL-ELV-3 for the pair at ``weapon_range``, once per placement."""
    return settings.memo.get(state, ("range", att.id, tgt.id, weapon_range), lambda: reach(
        hex_board(state), settings.features_for(hex_board(state)), att, tgt, weapon_range))


WALKS_KEPT = 16
"""Walk searches kept per board (:func:`walk_costs`), the oldest dropped first."""


def walk_costs(settings: Settings, state: GameState, unit: RealmsUnit) -> Mapping[Hex, int]:
    """RL-MOV-1: where the unit can walk and the cost of each, once per placement: kept on
    the board (the memo holds it) under the unit's own walking fields and where every unit
    stands, so the search asked when a unit is selected (the reach it would have under a
    command) is the one its command shows (a command changes the turn, not the placement:
    the commit that begins it searched again, ~2.5 ms at 200 units, issue 32)."""
    kept: dict[Hashable, Mapping[Hex, int]] = settings.memo.static(state, ("walks",), dict)
    key = (unit.id, unit.owner, unit.hex, unit.hex_facing, unit.move, unit.height,
           unit.footprint, tuple(map(_STANDS, state.units.values())))
    found = kept.pop(key, None)
    if found is None:
        found = reachable(state, settings.features_for(hex_board(state)), unit,
                          settings.climb_pegs, settings.pad_cost, occupants(settings, state))
    kept[key] = found  # the newest last
    while len(kept) > WALKS_KEPT:
        del kept[next(iter(kept))]
    return found


_STANDS = attrgetter("id", "owner", "hex", "hex_facing", "footprint", "destroyed")
"""What of a unit decides where others may walk (:func:`walk_costs`)."""


def occupants(settings: Settings, state: GameState) -> Mapping[Hex, RealmsUnit]:
    """Which live unit covers each space, once per placement (the units may be those of
    another state of the same placement, an undo snapshot: compare them by id)."""
    return settings.memo.get(state, ("occupants",), lambda: occupant_map(state))


def plan_odds(settings: Settings, plan: AttackPlan) -> Odds:
    """The exact odds of a plan (:func:`.odds.attack_odds`), once per plan."""
    return settings.memo.lasting(("odds", plan), lambda: attack_odds(plan))


def height_advantage(state: GameState, high: RealmsUnit, low: RealmsUnit) -> bool:
    """RL-HGT-1: ``high`` stands on a higher space AND its top is above ``low``'s top."""
    board = hex_board(state)
    return base_of(board, high) > base_of(board, low) and top_of(board, high) > top_of(board,
                                                                                       low)


def situation(settings: Settings, state: GameState, att: RealmsUnit, tgt: RealmsUnit,
              spell: bool) -> Situation:
    """The board's side of the modifier record."""
    feats = settings.features_for(hex_board(state))
    return Situation(
        night=is_night(settings, state),
        adjacent=bool(melee_pairs(hex_board(state), feats, att, tgt)),
        attacker_high=height_advantage(state, att, tgt),
        defender_high=height_advantage(state, tgt, att),
        spell=spell, spell_perks=settings.spell_perks, spell_night=settings.spell_night,
        physical=settings.physical_types,
        stacking=settings.armor_stacking)


def cone_words(cone: float, turn: float, unit: RealmsUnit) -> str:
    """The sight cone as the table reads it, with where its base width comes from: the text
    gives none, so 60 degrees each side is this project's choice (an option, RL-LOS-1)."""
    head = f" plus {turn:g} as its head turns" if unit.head_turn and turn else ""
    return f"{cone:g} degrees each side{head}; the base cone is the project's choice"


def farthest_reach(att: RealmsUnit) -> int:
    """The most spaces any attack of ``att`` can reach (RL-RNG-1: a weapon's range, at least
    neighbours, plus at most :data:`MAX_DOWNWARD_BONUS` from height, RL-ELV-2): every
    weapon either hand holds, the unarmed attack, its specials and its spells."""
    held = (att.weapon(att.main), att.weapon(att.off), UNARMED, *att.specials, *att.spells)
    return max(max(1, w.range) for w in held if w is not None) + MAX_DOWNWARD_BONUS


def may_reach(settings: Settings, state: GameState, att: RealmsUnit, tgt: RealmsUnit) -> bool:
    """False when no attack of ``att`` can reach ``tgt`` (:func:`farthest_reach` against a
    lower bound of the range, :func:`.board.beyond`): :func:`attempt` would refuse every one
    of them on range (RL-RNG-1), so a caller listing legal attacks need not ask it."""
    return bool(in_reach(settings, state, att, [tgt]))


def in_reach(settings: Settings, state: GameState, att: RealmsUnit,
             targets: Iterable[RealmsUnit]) -> list[RealmsUnit]:
    """The ``targets`` that :func:`may_reach` does not rule out, in order: the attacker's
    farthest reach and the board's features worked out once for them all (a unit's legal
    attacks ask it of every enemy after each action, issue 32)."""
    feats = settings.features_for(hex_board(state))
    most = farthest_reach(att)
    return [tgt for tgt in targets if not beyond(feats, att, tgt, most)]


def attempt(settings: Settings, state: GameState, att: RealmsUnit, target_id: str,
            hand: str, special: Weapon | None = None, spell: bool = False,
            seen: Sighting | None = None) -> Attempt | Refusal:
    """RL-ATK-2: whether ``att`` may declare this attack on ``target_id`` (the command's own
    limits aside), with its plan; the first rule that stops it otherwise. ``seen`` is the
    pair's sight if the caller has already worked it out."""
    tgt = state.units.get(target_id)
    if not isinstance(tgt, RealmsUnit) or not tgt.on_board:
        return Refusal(f"there is no unit {target_id!r} in play", ("RL-ATK-2",))
    if tgt.owner == att.owner:
        return Refusal(f"{tgt.name} is a friend", ("RL-ATK-2",))
    weapon, dice = attack_dice(att, hand, special)
    if not dice:
        return Refusal(f"{att.name} has no attack dice for this", ("RL-DMG-1",))
    why = capability_refusal(att, tgt, weapon.type)
    if why is not None:
        return Refusal(why, ("RL-CAP-1", "RL-ATK-2"))
    board, feats = hex_board(state), settings.features_for(hex_board(state))
    rng = pair_reach(settings, state, att, tgt, weapon.range)
    if not rng.ok:
        rules = ("RL-RNG-1", "RL-ELV-2") if rng.bonus else ("RL-RNG-1",)
        return Refusal(f"{tgt.name} is {rng.distance} spaces away; {att.name} reaches "
                       f"{rng.reach}", (*rules, "RL-ATK-2"))
    if weapon.range <= 1 and not melee_allowed(board, feats, att, tgt):
        return Refusal(f"{att.name} and {tgt.name} cannot reach each other across the height "
                       "difference or the obstruction", ("RL-ELV-1", "RL-ATK-2"))
    if seen is None:
        seen = sighting(settings, state, att, tgt)
    if not seen.visible:
        cone = cone_words(settings.sight_cone, settings.head_turn, att)
        if seen.outside_cone:
            return Refusal(f"{tgt.name} is outside {possessive(att.name)} sight cone ({cone})",
                           ("RL-LOS-1", "RL-ATK-2"))
        found = sight_blockers(state, feats, seen, occupants(settings, state))
        return Refusal(f"{tgt.name} is hidden from {att.name} by {blocker_words(found)}",
                       ("RL-LOS-1", "RL-ATK-2"), blocker_marks(found))
    plan = plan_attack(att, tgt, weapon, dice, situation(settings, state, att, tgt, spell))
    if isinstance(plan, str):
        return Refusal(plan, ("RL-NGT-1",))
    return Attempt(weapon, rng, seen, plan)
