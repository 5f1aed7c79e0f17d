"""What GODSGLOOM tells the table: labels, buttons, stat cards and inspections.

Everything here is built by the ruleset instance (so the scenario's options, such as the Attack
Test, reach it) and returned as the core's typed records (:mod:`game.core.present`,
:mod:`game.core.inspect`); the table draws them and knows nothing of GODSGLOOM. Geometry is in
the plane of :func:`game.geometry.hexgrid.hex_center`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from game.core.actions import Action, EndActivation
from game.core.inspect import HexMark, InfoLine, Inspection, OddsChart, Segment, Shape, UnitCard
from game.core.pending import Refusal
from game.core.plan import Outcomes, Plan, Quantity
from game.core.present import Command, Ghost, LazyOffers, Offer, shown_name, side_name
from game.core.ruleset import of_type
from game.core.state import GameState
from game.geometry.hexgrid import Hex, hex_center
from game.rulesets.godsgloom.actions import Activate, Advance, Face, Focus, MeleeAttack, Rally
from game.rulesets.godsgloom.activation import current_activation
from game.rulesets.godsgloom.attack_test import Pool
from game.rulesets.godsgloom.board import (
    facing_name,
    hex_board,
    is_engaged,
    sight,
    unit_at,
    where,
)
from game.rulesets.godsgloom.melee_steps import FORMATION_WORDS
from game.rulesets.godsgloom.plans import MeleeDetail, winning_chances
from game.rulesets.godsgloom.texts import RULE_TEXTS
from game.rulesets.godsgloom.units import GodsUnit

if TYPE_CHECKING:
    from game.rulesets.godsgloom.ruleset import GodsgloomRuleset

ABILITY_WORDS = {"death-throes": "Death throes", "veteran": "Veteran"}
ABILITY_RULES = {"death-throes": "HX-EFF-2", "veteran": "HX-EFF-3"}


def _unit(state: GameState, unit_id: str) -> GodsUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, GodsUnit) and unit.on_board else None


def _name(state: GameState, unit_id: str) -> str:
    unit = state.units.get(unit_id)
    return unit.name if unit is not None else unit_id


# --- presentation ---------------------------------------------------------------------------


Shown = Plan[Any, Any] | Refusal
"""What a presentation is given: the action's plan, or why it is refused."""


def show_activate(state: GameState, action: Activate, plan: Shown) -> Offer:
    """Activating a unit (HX-ACT-2)."""
    return Offer(action, f"Activate {_name(state, action.unit)}", RULE_TEXTS["HX-ACT-2"])


def show_advance(state: GameState, action: Advance, plan: Shown) -> Offer:
    """A move to a hex and facing, with its ghost (HX-MOV-1)."""
    h = Hex(action.q, action.r)
    return Offer(action, f"Move to {where(h)} facing {facing_name(state, action.facing)}",
                 RULE_TEXTS["HX-MOV-1"],
                 ghost=Ghost(action.unit, hex=(h.q, h.r), hex_facing=action.facing))


def show_face(state: GameState, action: Face, plan: Shown) -> Offer:
    """A turn in place, with its ghost (HX-MOV-2)."""
    unit = state.units.get(action.unit)
    here = (unit.hex.q, unit.hex.r) if unit is not None and unit.hex is not None else None
    ghost = Ghost(action.unit, hex=here, hex_facing=action.facing) if here else None
    return Offer(action, f"Face {facing_name(state, action.facing)}", RULE_TEXTS["HX-MOV-2"],
                 ghost=ghost)


def show_melee(state: GameState, action: MeleeAttack, plan: Shown) -> Offer:
    """A melee attack on a target (HX-MEL-0)."""
    return Offer(action, f"Melee attack {_name(state, action.target)}",
                 RULE_TEXTS["HX-MEL-0"], target=action.target)


def show_rally(state: GameState, action: Rally, plan: Shown) -> Offer:
    """Rallying (HX-RAL-1)."""
    return Offer(action, "Rally (regain Morale Tokens)", RULE_TEXTS["HX-RAL-1"])


def show_focus(state: GameState, action: Focus, plan: Shown) -> Offer:
    """Focusing (HX-FOC-1)."""
    return Offer(action, "Focus (re-roll failed dice next time)", RULE_TEXTS["HX-FOC-1"])


def show_end(state: GameState, action: EndActivation, plan: Shown) -> Offer:
    """Ending the activation (HX-ACT-2)."""
    return Offer(action, "End the activation", RULE_TEXTS["HX-ACT-2"])


def _activation_refusal(rs: GodsgloomRuleset, state: GameState, unit_id: str,
                        rule: str) -> Refusal | None:
    """Why ``unit_id`` is not the unit activated now (None if it is)."""
    act = current_activation(state)
    if act is None:
        return Refusal("activate the unit first", ("HX-ACT-1", rule))
    if act.unit != unit_id:
        return Refusal(f"{_name(state, act.unit)} is the unit activated now", ("HX-ACT-2", rule))
    return None


def unreachable(state: GameState, unit: GodsUnit, h: Hex, rules: tuple[str, ...]) -> Refusal:
    """Why ``unit`` cannot end a move on ``h`` (HX-MOV-1, HX-MOV-3), naming what stands there
    (a unit with its side, or impassable terrain) and marking that hex for the table."""
    board = hex_board(state)
    cell = board.cells.get(h)
    other = unit_at(state, h)
    if cell is None:
        return Refusal(f"{where(h)} is off the map", rules)
    if other is not None and other.id != unit.id:
        name = side_name(state, other)
        return Refusal(f"{unit.name} cannot move to {where(h)}: {name} stands there", rules,
                       (HexMark(h.q, h.r, "blocked", name),))
    if cell.has("impassable"):
        mark = HexMark(h.q, h.r, "blocked", cell.terrain)
        return Refusal(f"{unit.name} cannot move to {where(h)}: no unit may enter the "
                       f"{cell.terrain} there", rules, (mark,))
    return Refusal(f"{unit.name} cannot reach {where(h)} with this move", rules)


def commands(rs: GodsgloomRuleset, state: GameState, unit_id: str) -> tuple[Command, ...]:
    """The buttons of a unit: Activate, Advance, Face, Melee attack, Rally, Focus."""
    legal = rs.legal_actions_for(state, unit_id)

    def offers(kind: type[Action]) -> LazyOffers:
        """The legal actions of ``kind`` as offers, presented when read (a panel asks only
        whether each button can be pressed: an activation's ~170 moves are not worded for
        it, issue 32)."""
        return rs.lazy_offers(state, partial(of_type, legal, kind))

    def command(key: str, label: str, kind: type[Action], rule: str,
                probe: Action | None = None, fallback: str = "") -> Command:
        mine = offers(kind)
        refusal = None
        if not mine:
            refusal = (rs.why_not(state, probe) if probe is not None
                       else _activation_refusal(rs, state, unit_id, rule))
            refusal = refusal or Refusal(fallback or f"{label}: not possible now", (rule,))
        return Command(key, label, RULE_TEXTS[rule], mine, refusal=refusal)

    melee = command("melee", "Melee attack", MeleeAttack, "HX-MEL-0",
                    fallback="no enemy it can attack: a target must be on a neighbouring hex "
                    "and in sight")
    melee = Command(melee.key, melee.label, melee.hint, melee.offers, refusal=melee.refusal,
                    target_refusal=lambda tid: rs.why_not(state, MeleeAttack(unit_id, tid)))
    return (
        command("activate", "Activate", Activate, "HX-ACT-1", probe=Activate(unit_id)),
        command("advance", "Advance", Advance, "HX-MOV-1", fallback=_no_move(state, unit_id)),
        command("face", "Face", Face, "HX-MOV-2"),
        melee,
        command("rally", "Rally", Rally, "HX-RAL-1", probe=Rally(unit_id)),
        command("focus", "Focus", Focus, "HX-FOC-1", probe=Focus(unit_id)),
    )


def _no_move(state: GameState, unit_id: str) -> str:
    """Why an activated unit has no Move to offer."""
    act = current_activation(state)
    if act is not None and act.unit == unit_id and act.moved:
        return f"{_name(state, unit_id)} has already moved this activation"
    return "there is no free hex it can reach"


# --- the stat card --------------------------------------------------------------------------


def unit_card(state: GameState, unit_id: str) -> UnitCard | None:
    """Health, Morale Tokens, dice, speed, formations and abilities of a unit."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, GodsUnit):
        return None
    owner = state.player(unit.owner).name
    lines = [InfoLine(f"Health {unit.health} of {unit.max_health}"
                      + (" (Weak)" if unit.weak else "")
                      + (": destroyed" if unit.destroyed else ""),
                      ("HX-ATC-60", *(["HX-WEAK-1"] if unit.weak else [])),
                      "bad" if unit.weak or unit.destroyed else "info"),
             InfoLine(f"Morale Tokens {unit.tokens} of {unit.max_tokens}",
                      ("HX-MEL-0", "HX-RAL-1"), "bad" if unit.tokens == 0 else "info")]
    attack = max(1, unit.attack - 1) if unit.weak else unit.attack
    weak = f" ({unit.attack} less 1 for Weak)" if attack != unit.attack else ""
    lines.append(InfoLine(f"Attack dice {attack}{weak}, defence dice {unit.defence}",
                          ("HX-ATC-10", *(["HX-WEAK-1"] if weak else []))))
    if unit.auto_hits or unit.auto_blocks:
        lines.append(InfoLine(f"Automatic Hits {unit.auto_hits}, automatic Blocks "
                              f"{unit.auto_blocks}", ("HX-ATC-40",)))
    lines.append(InfoLine(f"Speed {unit.speed} movement points", ("HX-MOV-1",)))
    if unit.hex is not None:
        facing = facing_name(state, unit.hex_facing)
        lines.append(InfoLine(f"On hex {where(unit.hex)} facing {facing}", ("HX-MOV-2",)))
    for name in unit.formations:
        lines.append(InfoLine(f"Formation: {FORMATION_WORDS.get(name, name)}",
                              ("HX-MEL-20",)))
    for name in unit.abilities:
        lines.append(InfoLine(f"Ability: {ABILITY_WORDS.get(name, name)}",
                              (ABILITY_RULES.get(name, "HX-MEL-80"),)))
    if unit.focus:
        lines.append(InfoLine("Focused: re-rolls failed dice in its next Attack Test",
                              ("HX-FOC-1",), "good"))
    return UnitCard(f"{unit.name} ({owner})", tuple(lines))


# --- inspection -----------------------------------------------------------------------------


def _near_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float],
                  reach: float) -> bool:
    """Whether ``p`` lies within ``reach`` of the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                                / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy) <= reach


def sight_part(state: GameState, viewer: GodsUnit,
               target: GodsUnit) -> tuple[InfoLine, tuple[Shape, ...]]:
    """HX-LOS-1 from the viewer's current facing: the witness lines when it sees the target;
    otherwise the blocked centre line and the sight-blocking hexes near it."""
    assert viewer.hex is not None and target.hex is not None
    seen = sight(state, viewer, target.hex)
    if seen.visible:
        line = InfoLine(f"Line of Sight: yes ({len(seen.lines)} corner lines from one front "
                        "corner)", ("HX-LOS-1",), "good")
        return line, tuple(Segment(a, b, "sight") for a, b in seen.lines)
    a, b = hex_center(viewer.hex), hex_center(target.hex)
    blockers = sorted(h for h in hex_board(state).blocking("blocks-sight")
                      if h not in (viewer.hex, target.hex)
                      and _near_segment(hex_center(h), a, b, 1.0))
    why = ("sight-blocking hexes in the way" if blockers
           else "it is not seen from the corners of its front")
    shapes: list[Shape] = [Segment(a, b, "blocked")]
    shapes += [HexMark(h.q, h.r, "blocked") for h in blockers]
    return InfoLine(f"Line of Sight: no ({why})", ("HX-LOS-1",), "bad"), tuple(shapes)


def _pool_text(role: str, pool: Pool) -> InfoLine:
    extra = [f"+{pool.auto_hits} automatic Hits" if pool.auto_hits else "",
             f"+{pool.auto_blocks} automatic Blocks" if pool.auto_blocks else "",
             "re-rolls failed dice" if pool.rerolls else ""]
    more = ", ".join(e for e in extra if e)
    return InfoLine(f"{role}: {pool.attack} attack + {pool.defence} defence dice"
                    + (f" ({more})" if more else ""),
                    ("HX-ATC-10", *sorted({m.rule for m in pool.modifiers})))


def _pct(p: Fraction) -> str:
    return f"{100 * float(p):.1f}%"


def _bars(quantity: Quantity) -> tuple[tuple[str, Fraction | float], ...]:
    return tuple((str(k), p) for k, p in quantity.values)


def melee_part(rs: GodsgloomRuleset, state: GameState, viewer: GodsUnit,
               target: GodsUnit) -> tuple[list[InfoLine], list[OddsChart]]:
    """The melee line: why it is refused, or the exact odds of the attack's plan
    (:meth:`GodsgloomRuleset.melee_preview`) with this game's Attack Test."""
    plan = rs.melee_preview(state, viewer.id, target.id)
    if isinstance(plan, Refusal):
        return [InfoLine(f"Melee: not possible - {plan.reason}", plan.rules, "bad")], []
    return melee_lines(rs, viewer, target, plan.detail, plan.outcomes)


def melee_lines(rs: GodsgloomRuleset, viewer: GodsUnit, target: GodsUnit,
                detail: MeleeDetail, outcomes: Outcomes) -> tuple[list[InfoLine], list[OddsChart]]:
    """The plan's odds as text lines and bar charts (nothing here computes odds)."""
    attacker_wins, defender_wins, no_winner = winning_chances(outcomes)
    lines = [InfoLine(f"Melee: attacker {viewer.name} wins {_pct(attacker_wins)}, "
                      f"defender {_pct(defender_wins)}, no winner "
                      f"{_pct(no_winner)}", ("HX-MEL-30", "HX-MEL-50")),
             InfoLine(f"Attack Test: {rs.test.name} ({rs.test.summary})", ("HX-MEL-30",))]
    to_defender = outcomes.get("wounds_to_defender")
    to_attacker = outcomes.get("wounds_to_attacker")
    rolled = detail.attacker_pool is not None and detail.defender_pool is not None
    if rolled and to_defender is not None and to_attacker is not None:
        lines.append(InfoLine(f"Expected wounds: to defender {target.name} "
                              f"{float(to_defender.mean()):.2f}, to attacker "
                              f"{float(to_attacker.mean()):.2f}",
                              ("HX-MEL-30", "HX-ATC-50")))
    if detail.attacker_pool is not None and detail.defender_pool is not None:
        lines += [_pool_text("Attacker", detail.attacker_pool),
                  _pool_text("Defender", detail.defender_pool)]
    lines += [InfoLine(note, ("HX-MEL-10", "HX-MEL-20")) for note in detail.notes]
    charts = [OddsChart("Who wins", ((f"Attacker {viewer.name}", attacker_wins),
                                     (f"Defender {target.name}", defender_wins),
                                     ("No winner", no_winner)), ("HX-MEL-50",))]
    if rolled and to_defender is not None and to_attacker is not None:
        charts.append(OddsChart(f"Wounds to the defender, {target.name}",
                                _bars(to_defender), to_defender.rules))
        charts.append(OddsChart(f"Wounds to the attacker, {viewer.name}",
                                _bars(to_attacker), to_attacker.rules))
    return lines, charts


def inspect_pair(rs: GodsgloomRuleset, state: GameState, viewer_id: str,
                 target_id: str) -> Inspection | None:
    """Distance, corner Line of Sight and (against a neighbouring enemy) the melee odds."""
    viewer, target = _unit(state, viewer_id), _unit(state, target_id)
    if viewer is None or target is None or viewer_id == target_id:
        return None
    assert viewer.hex is not None and target.hex is not None
    steps = viewer.hex.distance(target.hex)
    lines = [InfoLine(f"Distance {steps} hex{'' if steps == 1 else 'es'}")]
    sight_line, shapes = sight_part(state, viewer, target)
    lines.append(sight_line)
    charts: list[OddsChart] = []
    if target.owner != viewer.owner:
        if steps == 1:
            more, charts = melee_part(rs, state, viewer, target)
            lines += more
        else:
            lines.append(InfoLine("Melee: only against a unit on a neighbouring hex",
                                  ("HX-MEL-10",)))
    marks: tuple[Shape, ...] = (HexMark(target.hex.q, target.hex.r, "target"),)
    title = f"{shown_name(state, viewer.id)} -> {shown_name(state, target.id)}"
    return Inspection(title, tuple(lines), shapes + marks,
                      tuple(charts))


def inspect_unit(rs: GodsgloomRuleset, state: GameState, unit_id: str) -> Inspection | None:
    """The activated unit's reach (where its Move may end) and the enemies it engages."""
    unit = _unit(state, unit_id)
    if unit is None:
        return None
    shapes: list[Shape] = []
    lines: list[InfoLine] = []
    act = current_activation(state)
    if act is not None and act.unit == unit_id and not act.moved:
        reach = sorted({Hex(a.q, a.r) for a in rs.legal_actions_for(state, unit_id)
                        if isinstance(a, Advance)})
        shapes += [HexMark(h.q, h.r, "reach") for h in reach]
        lines.append(InfoLine(f"It may move to {len(reach)} hexes",
                              ("HX-MOV-1", "HX-MOV-3", "HX-MOV-5" if act.started_engaged
                               else "HX-MOV-4")))
    if is_engaged(state, unit):
        lines.append(InfoLine("In an enemy's engagement zone: it may move only 1 hex when it "
                              "activates", ("HX-MOV-3", "HX-MOV-5")))
    if not lines:
        return None
    return Inspection(unit.name, tuple(lines), tuple(shapes))
