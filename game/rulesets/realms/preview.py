"""What the table shows of realms units: offer labels and ghosts, the pair inspection (range,
2.5D sight with its witness line or blockers, capability, exact odds with every modifier and
its rule) and the stat card. Records only; the table draws them generically."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.inspect import HexMark, InfoLine, Inspection, OddsChart, Segment, UnitCard
from game.core.pending import Refusal
from game.core.plan import Outcomes, Plan, Quantity, distribution
from game.core.present import Command as Button
from game.core.present import Ghost, Offer, Steer
from game.core.state import GameState
from game.core.words import hex_facing_words
from game.geometry.elevation import PEGS_PER_SPACE
from game.geometry.hexgrid import SQRT3, Hex, hex_at_point, hex_center, hex_line
from game.rulesets.realms.actions import Cast, Command, Fortify, Rearrange, Special, Strike, Walk
from game.rulesets.realms.attack import AttackPlan
from game.rulesets.realms.blockers import blocker_marks, blocker_words, sight_blockers
from game.rulesets.realms.board import (
    NECK_SAMPLES,
    Sighting,
    base_of,
    eye_points,
    fits,
    hex_board,
    is_space,
)
from game.rulesets.realms.options import Settings
from game.rulesets.realms.procedure import CommandProc, command_of
from game.rulesets.realms.rules import (
    HANDS,
    Attempt,
    attempt,
    cone_words,
    hand_refusal,
    occupants,
    pair_reach,
    plan_odds,
    sighting,
    walk_costs,
)
from game.rulesets.realms.table import profile_chart
from game.rulesets.realms.units import RealmsUnit, footprint_at, spaces

if TYPE_CHECKING:
    from game.rulesets.realms.ruleset import RealmsRuleset

_TO_LAYOUT = SQRT3 / PEGS_PER_SPACE
"""Pegs -> the hex layout units the table draws in."""


def _layout(p: tuple[float, ...]) -> tuple[float, float]:
    return (p[0] * _TO_LAYOUT, p[1] * _TO_LAYOUT)


def show_command(state: GameState, action: Command, plan: Plan[Any, Any] | Refusal) -> Offer:
    """Taking command of a unit (RL-ATK-1)."""
    unit = state.units.get(action.unit)
    return Offer(action, f"Command {unit.name if unit else action.unit}",
                 "Move, then attack, use a special attack, cast or rearrange; or fortify")


def show_walk(state: GameState, action: Walk, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A walk to a space and facing, with the spaces a large figure also covers and its
    ghost (RL-MOV-1)."""
    walker = state.units.get(action.unit)
    rest = footprint_at(walker, Hex(action.q, action.r), action.facing)[1:] if isinstance(
        walker, RealmsUnit) else ()
    also = f" (also covers {', '.join(f'({h.q},{h.r})' for h in rest)})" if rest else ""
    return Offer(action, f"Walk to ({action.q},{action.r}) facing "
                 f"{hex_facing_words(state, action.facing)}{also}",
                 "Move first; the action comes after (RL-ATK-1)",
                 ghost=Ghost(action.unit, hex=(action.q, action.r),
                             hex_facing=action.facing,
                             label="+ " + " ".join(f"({h.q},{h.r})" for h in rest)
                             if rest else ""))


def show_fortify(state: GameState, action: Fortify, plan: Plan[Any, Any] | Refusal) -> Offer:
    """Fortifying (RL-FRT-1)."""
    return Offer(action, "Fortify", "Heal 1 wound; +1 defense until your next turn")


def show_rearrange(state: GameState, action: Rearrange,
                   plan: Plan[Any, Any] | Refusal) -> Offer:
    """Taking an item in hand (RL-ATK-1)."""
    return Offer(action, f"Take {action.item} in hand", "Rearranging is the unit's action")


def show_attack(state: GameState, action: Strike | Special | Cast,
                plan: Plan[Any, Any] | Refusal) -> Offer:
    """An attack, special attack or spell on a target, its hint the plan's exact chances to
    wound and to be countered (or why it cannot be made)."""
    if isinstance(action, Strike):
        what = HAND_WORDS.get(action.hand, f"{action.hand} hand")
    else:
        what = (action.name if isinstance(action, Special) else action.spell).replace("_", " ")
    target = state.units.get(action.target)
    name = target.name if target is not None else action.target
    return Offer(action, f"{action.verb.capitalize()} {name} ({what})", _odds_hint(plan),
                 target=action.target)


def attack_outcomes(settings: Settings, plan: AttackPlan) -> Outcomes:
    """An attack's outcomes: ``wounds`` to the target and ``counter_wounds`` to the
    attacker, exact, from the plan the resolver uses (RL-DEF-1, RL-DEF-2). The attack
    action's plan, the declared attack's answers (roll it, refuse to call it off) and the
    hover all read them."""
    odds = plan_odds(settings, plan)
    return Outcomes((
        Quantity("wounds", "Wounds to the target", distribution(odds.damage),
                 plan.rules() or ("RL-DEF-1",)),
        Quantity("counter_wounds", "Counter wounds to the attacker",
                 distribution(odds.counter), ("RL-DEF-1", "RL-DEF-2"))))


def attempt_outcomes(rs: RealmsRuleset, state: GameState, action: Strike | Special | Cast,
                     found: Attempt) -> Outcomes:
    """The outcomes the hover shows for an attack it worked out: the action's own plan's
    when the action is legal now with that very attack plan, else (an attack the unit could
    make in a fresh command) the same function's answer for it."""
    plan = rs.plan(state, action)
    if isinstance(plan, Plan) and isinstance(plan.detail, Attempt) \
            and plan.detail.plan == found.plan:
        return plan.outcomes
    return attack_outcomes(rs.settings, found.plan)


def walk_steer(rs: RealmsRuleset, state: GameState, command: Button) -> Button:
    """The Walk button as pointing (RL-MOV-1): the space under the pointer, the unit's
    facing turned 60 degrees a wheel step, instead of a list of every space times six
    facings (the table checks each pointed walk with ``why_not`` and shows the refusal)."""
    if not command.enabled or not command.offers:
        return command
    first = command.offers[0].action
    assert isinstance(first, Walk)
    unit_id = first.unit

    def build(point: tuple[float, float], turn: float, free: bool) -> Offer | None:
        unit = state.units.get(unit_id)
        h = hex_at_point(point[0], point[1])
        if not isinstance(unit, RealmsUnit) or not is_space(hex_board(state), h):
            return None
        facing = (unit.hex_facing + round(turn / 60.0)) % 6
        return rs.present(state, Walk(unit_id, h.q, h.r, facing))

    return Button(command.key, command.label, command.hint, steer=Steer(
        unit_id, build, "Point where the unit goes; the wheel turns it.", turn_step=60.0))


def _odds_hint(plan: Plan[Any, Any] | Refusal) -> str:
    """The chances to wound and to be countered, read from the attack's plan."""
    if isinstance(plan, Refusal):
        return str(plan)
    wounds, counter = plan.outcomes.get("wounds"), plan.outcomes.get("counter_wounds")
    if wounds is None or counter is None:
        return ""
    return f"wounds {float(wounds.at_least(1)):.0%}, counter {float(counter.at_least(1)):.0%}"


def _range_lines(rs: RealmsRuleset, state: GameState, att: RealmsUnit,
                 tgt: RealmsUnit) -> list[InfoLine]:
    board = hex_board(state)
    weapon = att.weapon(att.main)
    rng = pair_reach(rs.settings, state, att, tgt, weapon.range if weapon else 0)
    rules = ("RL-RNG-1", *rng.rules())
    bonus = f" (+{rng.bonus} from height)" if rng.bonus else ""
    reach = InfoLine(f"{rng.distance} space(s) away; reach {rng.reach}{bonus}", rules,
                     "good" if rng.ok else "bad")
    if att.spells or att.specials:  # a caster: the reach of each spell, not only the staff's
        reach = _reaches(rs, state, att, tgt, weapon.name if weapon else "unarmed", rules)
    return [reach,
            InfoLine(f"Bases {base_of(board, att)} and {base_of(board, tgt)} pegs; heights "
                     f"{att.height} and {tgt.height}", ("RL-HGT-1",))]


def _reaches(rs: RealmsRuleset, state: GameState, att: RealmsUnit, tgt: RealmsUnit,
             main: str, rules: tuple[str, ...]) -> InfoLine:
    """"5 space(s) away: in reach of firebolt 5; beyond staff 1, frost lance 4": the
    reach of the main weapon and of every special attack and spell (RL-RNG-1, RL-SPC-1,
    with the height bonus, RL-ELV-2), so a caster's hover shows the spell's range whichever
    it means to use; good when anything reaches."""
    weapon = att.weapon(att.main)
    tries = [(main, weapon.range if weapon else 0),
             *((w.name.replace("_", " "), w.range) for w in (*att.specials, *att.spells))]
    near: list[str] = []
    far: list[str] = []
    distance = 0
    for name, wrange in tries:
        rng = pair_reach(rs.settings, state, att, tgt, wrange)
        distance = rng.distance
        (near if rng.ok else far).append(f"{name} {rng.reach}")
    words = "; ".join(part for part in (
        f"in reach of {', '.join(near)}" if near else "",
        f"beyond {', '.join(far)}" if far else "") if part)
    return InfoLine(f"{distance} space(s) away: {words}", (*rules, "RL-SPC-1"),
                    "good" if near else "bad")


def _profile_line(rs: RealmsRuleset, state: GameState, att: RealmsUnit,
                  tgt: RealmsUnit) -> InfoLine:
    """The side profile of the line between the two head spaces as text: the eyes, the top of
    every space crossed (elevation plus obstruction, pegs) and the target's top."""
    board, feats = hex_board(state), rs.feats(state)
    assert att.hex is not None and tgt.hex is not None
    crossed = hex_line(att.hex, tgt.hex)[1:-1]
    tops = [("gap" if not is_space(board, h) else
             str(board.cells[h].elevation + feats.obstructions.get(h, 0))) for h in crossed]
    eye = base_of(board, att) + (att.eye or att.height)
    top = base_of(board, tgt) + tgt.height
    return InfoLine(f"Profile (pegs): eyes {eye} | " + (" ".join(tops) or "-")
                    + f" | target top {top}", ("RL-LOS-1",))


def inspect_unit(rs: RealmsRuleset, state: GameState, unit_id: str) -> Inspection | None:
    """What the selected unit can do now: where it can walk (while under command and before
    acting), its spaces, and what is left of its command."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, RealmsUnit) or unit.destroyed:
        return None
    shapes: list[HexMark] = [HexMark(h.q, h.r, "highlight") for h in spaces(unit)]
    lines = [InfoLine(f"{unit.name}: {unit.health - unit.wounds} of {unit.health} health "
                      "left", ("RL-DMG-1",))]
    cmd = command_of(state)
    if cmd is None and rs.idle_reason(state, unit_id, Command) is None:
        shapes.extend(_walk_marks(rs, state, unit))
        lines.append(InfoLine(f"Commanded, it may walk up to {unit.move} spaces (marked), "
                              "then act", ("RL-TRN-1", "RL-MOV-1", "RL-ATK-1")))
    elif cmd is not None and cmd.unit == unit_id:
        if not cmd.moved and not cmd.action:
            shapes.extend(_walk_marks(rs, state, unit))
            lines.append(InfoLine(f"May walk up to {unit.move} spaces, then act",
                                  ("RL-MOV-1", "RL-ATK-1")))
        elif cmd.action:
            lines.append(InfoLine(f"Has acted ({cmd.action}"
                                  + (f": {', '.join(cmd.hands)}" if cmd.hands else "") + ")",
                                  ("RL-ATK-1", "RL-DW-1")))
    return Inspection(unit.name, tuple(lines), tuple(shapes))


def _walk_marks(rs: RealmsRuleset, state: GameState, unit: RealmsUnit) -> list[HexMark]:
    """RL-MOV-1: every space the unit can walk to and end on, with the spaces it costs. The
    same marks before and after the unit takes its command (the placement is the same, so
    the walk search is asked once: a commit that begins a command drew them anew, issue 32)."""
    s = rs.settings
    costs = walk_costs(s, state, unit)
    occupied = occupants(s, state)
    feats = rs.feats(state)
    return [HexMark(h.q, h.r, "reach", str(c)) for h, c in costs.items()
            if h != unit.hex and any(fits(state, feats, unit, h, f, occupied)
                                     for f in range(6))]


def _charts(outcomes: Outcomes, found: Attempt, what: str, att: RealmsUnit,
            tgt: RealmsUnit) -> list[OddsChart]:
    """The wound chart of an allowed attack and, when it can be turned negative, the counter
    chart, from the attack's outcomes (:func:`attempt_outcomes`)."""
    wounds, counter = outcomes.get("wounds"), outcomes.get("counter_wounds")
    assert wounds is not None and counter is not None
    out = [OddsChart(f"{found.weapon.name.replace('_', ' ')} ({what}): wounds to {tgt.name}",
                     tuple((str(k), p) for k, p in wounds.values), wounds.rules)]
    if counter.at_least(1) or what in HANDS:
        out.append(OddsChart(f"counter wounds to {att.name}",
                             tuple((str(k), p) for k, p in counter.values), counter.rules))
    return out


def _hand_odds(rs: RealmsRuleset, state: GameState, att: RealmsUnit, tgt: RealmsUnit,
               seen: Sighting, lines: list[InfoLine]) -> list[OddsChart]:
    """The first hand attack ``att`` could make on ``tgt`` (in its running command, with the
    hands it has used; else in a fresh one): its modifiers (added to ``lines``) and odds; the
    main hand's refusal when it cannot."""
    cmd = command_of(state)
    if cmd is None or cmd.unit != att.id:
        cmd = CommandProc(step="command", player=att.owner, unit=att.id)
    for hand in HANDS:
        if hand != "main" and hand_refusal(att, cmd, hand) is not None:
            continue
        if hand == "main" and "main" in cmd.hands:
            continue  # spent in this command (RL-DW-1): the next hand shows
        found = attempt(rs.settings, state, att, tgt.id, hand, seen=seen)
        if isinstance(found, Refusal):
            if hand == "main":
                lines.append(InfoLine(f"Main-hand attack: {found.reason}", found.rules, "bad"))
            continue
        lines.extend(InfoLine(m.text, (m.rule,)) for m in found.plan.modifiers)
        outcomes = attempt_outcomes(rs, state, Strike(att.id, tgt.id, hand), found)
        return _charts(outcomes, found, hand, att, tgt)
    return []


def _special_odds(rs: RealmsRuleset, state: GameState, att: RealmsUnit, tgt: RealmsUnit,
                  seen: Sighting, lines: list[InfoLine]) -> list[OddsChart]:
    """The odds of every special attack and spell ``att`` could use on ``tgt`` now (RL-SPC-1:
    the mana it has), so a caster sees what its spells would do before declaring one; at
    night, a line per spell says what night does to it (RL-NGT-1), added to ``lines``."""
    out: list[OddsChart] = []
    cmd = command_of(state)
    if cmd is not None and cmd.unit == att.id and cmd.action:
        return out  # the command's action is spent: a special or spell replaces it
    for kind, pool in (("special", att.specials), ("spell", att.spells)):
        for special in pool:
            if kind == "spell" and att.mana < special.cost:
                continue
            found = attempt(rs.settings, state, att, tgt.id, "", special, kind == "spell",
                            seen=seen)
            if not isinstance(found, Refusal):
                action: Special | Cast = (Special(att.id, tgt.id, special.name)
                                          if kind == "special" else
                                          Cast(att.id, tgt.id, special.name))
                out += _charts(attempt_outcomes(rs, state, action, found), found, kind, att,
                               tgt)
                if kind == "spell":
                    lines.extend(InfoLine(f"{special.name.replace('_', ' ')}: {m.text}",
                                          (m.rule,)) for m in found.plan.modifiers
                                 if m.rule == "RL-NGT-1")
    return out


def inspect_pair(rs: RealmsRuleset, state: GameState, viewer_id: str,
                 target_id: str) -> Inspection | None:
    """What ``viewer_id`` makes of ``target_id`` (see the module docstring)."""
    att, tgt = state.units.get(viewer_id), state.units.get(target_id)
    if not isinstance(att, RealmsUnit) or not isinstance(tgt, RealmsUnit) or att is tgt \
            or att.destroyed or tgt.destroyed:
        return None
    s = rs.settings
    lines = _range_lines(rs, state, att, tgt)
    lines.append(s.memo.get(state, ("profile", att.id, tgt.id),
                            lambda: _profile_line(rs, state, att, tgt)))
    seen = sighting(s, state, att, tgt)
    shapes: list[Segment | HexMark] = [HexMark(h.q, h.r, "target") for h in spaces(tgt)]
    shapes += [HexMark(h.q, h.r, "highlight") for h in spaces(att)[1:]]  # a large attacker
    if seen.visible and seen.eye is not None and seen.point is not None:
        lines.append(InfoLine(f"In sight: eyes at {seen.eye[2]:g} pegs see a point at "
                              f"{seen.point[2]:g} pegs", ("RL-LOS-1",), "good"))
        shapes.append(Segment(_layout(seen.eye), _layout(seen.point), "sight", "sight"))
    else:
        found = sight_blockers(state, rs.feats(state), seen, occupants(s, state))
        why = (f"outside the sight cone ({cone_words(s.sight_cone, s.head_turn, att)})"
               if seen.outside_cone else f"hidden by {blocker_words(found)}")
        lines.append(InfoLine(f"Not in sight: {why}", ("RL-LOS-1",), "bad"))
        shapes.extend(blocker_marks(found))
        assert att.hex is not None and tgt.hex is not None
        shapes.append(Segment(hex_center(att.hex), hex_center(tgt.hex), "blocked"))
    if att.neck_reach and (not seen.visible or seen.eye != eye_points(
            hex_board(state), att)[0]):  # the sample decided it (RL-LOS-1)
        lines.append(InfoLine(f"Long neck: its reach of {att.neck_reach} pegs is sampled at "
                              f"{NECK_SAMPLES} eye points, and each space under the target at "
                              "its top's centre, corners and edge middles (not searched "
                              "exactly)", ("RL-LOS-1",)))
    odds = _hand_odds(rs, state, att, tgt, seen, lines)
    odds += _special_odds(rs, state, att, tgt, seen, lines)
    chart = s.memo.get(state, ("chart", att.id, tgt.id), lambda: profile_chart(
        state, rs.feats(state), att, tgt, seen, s.units_block_sight, occupants(s, state)))
    return Inspection(f"{att.name} -> {tgt.name}", tuple(lines), tuple(shapes), tuple(odds),
                      (chart,))


def _precision_words(u: RealmsUnit, night_spells: bool) -> str:
    """``Precision 2: at night it lowers attacks and spells`` (RL-NGT-1), so the card says
    whether night lowers a spell."""
    if not u.precision:
        return "Precision 0: night lowers nothing"
    what = "attacks" if not u.spells else (
        "attacks and spells" if night_spells else "attacks, not spells (scenario option)")
    return f"Precision {u.precision}: at night it lowers {what} and counterattacks"


def precision_line(u: RealmsUnit, night_spells: bool, night: bool) -> InfoLine:
    """The card's precision line; at night it leads with "Night:" in the tone of what it
    costs this unit now (RL-NGT-1, RL-NGT-2)."""
    words = _precision_words(u, night_spells)
    if not night:
        return InfoLine(words, ("RL-NGT-1", "RL-NGT-2"))
    return InfoLine(f"Night: {words}", ("RL-NGT-1", "RL-NGT-2"),
                    "bad" if u.precision else "good")


HAND_WORDS = {"main": "main hand", "off": "off hand", "both": "both hands",
              "unarmed": "unarmed"}
"""A strike's hand as a player says it ("both hands", never "both hand")."""


def _spell_lines(u: RealmsUnit) -> list[InfoLine]:
    """The card's special attacks and spells, one line each with its dice, type, range and
    mana (RL-SPC-1), after the weapons: a caster's spells are what a player looks for, so
    they come before the defensive stats rather than behind the card's fold."""
    if not (u.spells or u.specials):
        return []
    out = [InfoLine(f"Mana {u.mana}/{u.max_mana}", ("RL-SPC-1",))] if u.spells else []
    for kind, pool in (("Special", u.specials), ("Spell", u.spells)):
        out += [InfoLine(f"{kind} {s.name.replace('_', ' ')}: "
                         f"{'+'.join(f'd{d}' for d in s.dice)} {s.type}, "
                         f"range {max(1, s.range)}" + (f", {s.cost} mana" if s.cost else ""),
                         ("RL-SPC-1", "RL-RNG-1")) for s in pool]
    return out


def unit_card(state: GameState, unit_id: str, night_spells: bool = True,
              night: bool = False) -> UnitCard | None:
    """Every stat of a realms unit, as a player reads it (``night_spells``: whether night
    lowers its spells, the scenario's ``spell_night``, RL-NGT-1; ``night``: it is night now,
    and the precision line says so)."""
    u = state.units.get(unit_id)
    if not isinstance(u, RealmsUnit):
        return None
    weapons = ", ".join(f"{w.name} d{w.dice[0]} {w.type}" + (f" range {w.range}" if w.range
                                                              else "") for w in u.weapons)
    lines = [
        InfoLine(f"Wounds {u.wounds}/{u.health}; move {u.move}; height {u.height} pegs; "
                 f"covers {len(u.footprint)} space(s)", ("RL-MOV-1",)),
        InfoLine(f"Base die d{u.base_die}" if u.base_die else "No base die", ("RL-DMG-1",)),
        InfoLine(f"Weapons: {weapons or 'none'}; main {u.main}, off hand {u.off}",
                 ("RL-DW-1", "RL-DW-2")),
        *_spell_lines(u),
        InfoLine("Armor: " + (", ".join(f"{k} {v}" for k, v in u.armor) or "none"),
                 ("RL-ARM-1",)),
        InfoLine(f"Defense d{u.defense_die}" if u.defense_die else "No defense die",
                 ("RL-DEF-1",)),
        precision_line(u, night_spells, night),
        InfoLine(("Eyeless (sees from its weapon)" if u.eyeless else f"Eyes at {u.eye} pegs")
                 + ("; head turns" if u.head_turn else "")
                 + (f"; neck reach {u.neck_reach} pegs" if u.neck_reach else ""),
                 ("RL-LOS-1",)),
    ]
    if u.abilities or u.immune:
        lines.append(InfoLine("Abilities: " + ", ".join(u.abilities) + (
            f"; immune to {', '.join(u.immune)}" if u.immune else ""), ("RL-CAP-1",)))
    if u.fortified:
        lines.append(InfoLine("Fortified: +1 defense", ("RL-FRT-1",), "good"))
    return UnitCard(f"{u.name} ({state.player(u.owner).name})", tuple(lines))
