"""How asoiaf actions look to a player: labels, tooltips, targets and ghosts for every action
(:func:`present`), the buttons of a unit (:func:`commands`) and its stat card
(:func:`unit_card`). Everything is computed by the ruleset instance passed in, so its options
reach the words (a charge's roll needed with this game's ``rough_penalty``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from game.core.actions import Action, Choose
from game.core.inspect import InfoLine, UnitCard
from game.core.pending import Refusal
from game.core.plan import Plan
from game.core.present import Command, Ghost, LazyOffers, Offer, Point, Steer, plain_label
from game.core.state import GameState
from game.rulesets.asoiaf import activation as act
from game.rulesets.asoiaf import attacks, geo, moves, steer
from game.rulesets.asoiaf import charge as chg
from game.rulesets.asoiaf.abilities import PLAYED, unplayed
from game.rulesets.asoiaf.actions import Attack, Charge, Hold, Maneuver, Retreat
from game.rulesets.asoiaf.catalogue import STAND_IN_WORDS, cards
from game.rulesets.asoiaf.inspection import sight_refusal
from game.rulesets.asoiaf.odds import charge_probability
from game.rulesets.asoiaf.units import AsoiafUnit
from game.rulesets.asoiaf.words import facing_words, maneuver_words, pivot_words

if TYPE_CHECKING:
    from game.rulesets.asoiaf.ruleset import AsoiafRuleset


def _unit(state: GameState, unit_id: str) -> AsoiafUnit | None:
    unit = state.units.get(unit_id)
    return unit if isinstance(unit, AsoiafUnit) and unit.on_board else None


def _pose(unit: AsoiafUnit, tray: object) -> Ghost:
    from game.geometry.tray import Tray

    assert isinstance(tray, Tray)
    return Ghost(unit.id, pose=(tray.x, tray.y, tray.facing))


def _pct(p: Fraction | float) -> str:
    return f"{float(p) * 100:.0f}%"


def _plain(state: GameState, action: Action) -> Offer:
    """An action whose unit is gone (a refused action shown anyway): its plain label."""
    names = {u.id: u.name for u in state.units.values()}
    return Offer(action, plain_label(action, names), target=action.target_id())


def show_charge(state: GameState, action: Charge, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A charge: the contact its plan needs, the exact chance of the roll (AS-CHG-3) and the
    arc struck, with the pivoted start as its ghost; a refused charge says why."""
    target = _unit(state, action.target)
    name = target.name if target is not None else action.target
    label = f"Charge {name}"
    if abs(action.pivot) > 1e-9:
        label += f" ({pivot_words(action.pivot)})"
    unit = _unit(state, action.unit)
    if isinstance(plan, Refusal) or unit is None:
        hint = f"Not possible: {plan}" if isinstance(plan, Refusal) else ""
        return Offer(action, label, hint, target=action.target)
    basis: chg.ChargePlan = plan.detail
    speed = unit.stats.speed
    odds = charge_probability(speed, basis.needed)  # the plan's contact chance, without
    # the attack's odds that its outcomes go on to compute (a button needs only this)
    hint = (f"Contact needs {basis.needed:.2f}\": a {basis.roll_needed(speed)}+ on D6 + Speed "
            f"{speed} ({_pct(odds)}); contacts the {'/'.join(a.value for a in basis.arcs)} arc.")
    return Offer(action, label, hint, target=action.target, ghost=_pose(unit, basis.start))


def show_attack(state: GameState, action: Attack, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A Ranged or Melee Attack with its weapon, shift or alignment and its ghost, as its
    plan found them (a refused attack: its label and why not)."""
    unit = _unit(state, action.unit)
    if unit is None:
        return _plain(state, action)
    target = _unit(state, action.target)
    name = target.name if target is not None else action.target
    if isinstance(plan, Refusal):
        label = f"Attack {name}"
        return Offer(action, label, f"Not possible: {plan}", target=action.target)
    basis: attacks.AttackBasis = plan.detail.basis
    weapon_name = unit.stats.attacks[basis.weapon].name
    moved = basis.tray != geo.tray_of(unit)
    if basis.ranged:
        label = f"Shoot {name} ({weapon_name})"
        if action.dx or action.dy:
            label += f", shifting {(action.dx ** 2 + action.dy ** 2) ** 0.5:.1f}\" first"
    else:
        label = f"Attack {name} in melee ({weapon_name})"
        if action.align == "100":
            label += ", face it and align 100%"
        elif action.align == "50":
            label += f", face it and align 50% {action.side}"
    hint = "A Ranged Attack from where the unit stands." if basis.ranged else (
        "A Melee Attack on an enemy this unit is engaged with.")
    return Offer(action, label, hint, target=action.target,
                 ghost=_pose(unit, basis.tray) if moved or basis.placement else None)


def show_maneuver(state: GameState, action: Maneuver, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A Maneuver in words, with the ghost where it ends (AS-CORE-3)."""
    unit = _unit(state, action.unit)
    if unit is None:
        return _plain(state, action)
    end = plan.detail if isinstance(plan, Plan) else moves.maneuver_tray(
        unit, action.turn, action.distance, action.then)
    return Offer(action, maneuver_words(action.turn, action.distance, action.then),
                 f"Maneuver {unit.name}: pivot, move straight ahead up to Speed "
                 f"{unit.stats.speed}\", pivot; it must end 1\" from every enemy.",
                 ghost=_pose(unit, end))


def show_retreat(state: GameState, action: Retreat, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A Retreat."""
    unit = _unit(state, action.unit)
    name = unit.name if unit is not None else action.unit
    return Offer(action, "Retreat", f"{name} rolls D6 + Speed and moves away from "
                 "the enemies it is engaged with.")


def show_hold(state: GameState, action: Hold, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A Hold."""
    unit = _unit(state, action.unit)
    name = unit.name if unit is not None else action.unit
    return Offer(action, "Hold", f"{name} activates and does nothing this turn.")


def show_answer(state: GameState, answer: Choose, plan: Plan[Any, Any] | Refusal) -> Offer:
    """A free answer in words (offered answers show as their decision offers them)."""
    found = _free_answer_offer(state, answer)
    return found if found is not None else _plain(state, answer)


def _free_answer_offer(state: GameState, answer: Choose) -> Offer | None:
    """Words and a ghost for a free answer (any Maneuver, facing, Retreat or re-roll)."""
    values = answer.as_dict()
    try:
        if "reroll" in values:
            picks = values["reroll"].replace("+", ", ")
            return Offer(answer, "Keep all dice" if picks == "none" else f"Re-roll dice {picks}")
        unit = _unit(state, values.get("unit", ""))
        if unit is not None and {"turn", "distance"} <= set(values):
            turn, distance = float(values["turn"]), float(values["distance"])
            then = float(values.get("then", 0.0))
            end = moves.maneuver_tray(unit, turn, distance, then)
            return Offer(answer, maneuver_words(turn, distance, then), ghost=_pose(unit, end))
        if unit is not None and "facing" in values:
            tray = geo.tray_of(unit)
            facing = float(values["facing"])
            return Offer(answer, facing_words(facing, tray.facing),
                         ghost=Ghost(unit.id, pose=(tray.x, tray.y, facing)))
    except ValueError:
        return None
    return None


# --- commands ---------------------------------------------------------------------------------


def commands(rules: AsoiafRuleset, state: GameState, unit_id: str) -> tuple[Command, ...]:
    """One button per asoiaf action of ``unit_id``: its legal offers, or why it is disabled.
    The offers are those of :meth:`AsoiafRuleset.legal_actions_for`, kind by kind, worked out
    when read (:class:`LazyOffers`): a select asks only whether each button can be pressed,
    which stops at the first legal charge instead of every pivot of every charge."""
    unit = _unit(state, unit_id)
    if unit is None:
        return ()
    ready = act.activation_refusal(state, unit_id)
    blocked = ready if isinstance(ready, Refusal) else None
    world = rules.worlds.of(state)
    engaged = bool(geo.engaged_enemies(state, unit, world=world))
    live = blocked is None and not state.procedures and state.outcome is None
    free = live and not engaged

    def offers(kind: Callable[[], Iterable[Action]], when: bool) -> LazyOffers:
        """The legal actions of one kind (as legal_actions_for lists them) as buttons, worked
        out when read: the panel only asks whether there is one (issue 24)."""
        return rules.lazy_offers(state, kind if when else tuple)

    def why(found: LazyOffers, fallback: Refusal) -> Refusal | None:
        if blocked is not None:
            return blocked
        return None if found else fallback

    charge = offers(lambda: rules.charge_actions(state, unit), free)
    attack = offers(lambda: (rules.melee_actions(state, unit) if engaged
                             else rules.shot_actions(state, unit)), live)
    maneuver = offers(lambda: rules.maneuver_actions(state, unit), free)
    retreat = offers(lambda: [Retreat(unit.id)], live and engaged)
    hold = offers(lambda: [Hold(unit.id)], live)
    no_charge = (Refusal(f"{unit.name} has no melee attack to charge with", ("AS-MEL-2",))
                 if not unit.stats.melee_attacks() else
                 Refusal(f"{unit.name} is engaged and cannot charge", ("AS-CHG-12", "AS-CORE-6"))
                 if engaged else
                 Refusal("no enemy can be charged now", ("AS-CHG-1", "AS-CHG-3")))
    steer_move = None if engaged or blocked is not None else Steer(
        unit.id, _maneuver_builder(rules, state, unit),
        "Point where to go (stops at Speed); the wheel turns the final facing.")
    return (
        Command("charge", "Charge", "Charge an enemy in sight: D6 + Speed to reach it, then "
                "a Melee Attack with the Charge Bonus.", charge,
                refusal=why(charge, no_charge),
                target_refusal=_target_refusal(rules, state, unit, "charge")),
        Command("attack", "Attack", "A Melee Attack when engaged, else a Ranged Attack.",
                attack, refusal=why(attack, Refusal("no enemy can be attacked now",
                                                              ("AS-ATK-1",))),
                target_refusal=_target_refusal(rules, state, unit, "attack")),
        Command("maneuver", "Maneuver", "Pivot, move straight ahead up to Speed, pivot.",
                maneuver, steer=steer_move,
                refusal=blocked or (Refusal(f"{unit.name} is engaged: only Attack or Retreat",
                                            ("AS-CORE-3", "AS-CORE-6")) if engaged else None)),
        Command("retreat", "Retreat", "Leave combat: D6 + Speed back or sideways.", retreat,
                refusal=why(retreat, Refusal(f"{unit.name} is not engaged",
                                                        ("AS-CORE-4", "AS-CORE-6")))),
        Command("hold", "Hold", "Activate without an action.", hold,
                refusal=why(hold, Refusal("this unit cannot activate now",
                                                  ("AS-CORE-1",)))),
    )


def _target_refusal(rules: AsoiafRuleset, state: GameState, unit: AsoiafUnit, kind: str
                    ) -> Callable[[str], Refusal | None]:
    """Why another unit is not a target of ``kind`` (the table shows it on hover)."""

    def refusal(target_id: str) -> Refusal | None:
        action: Action = (Charge(unit.id, target_id) if kind == "charge"
                          else Attack(unit.id, target_id))
        return sight_refusal(rules, state, rules.why_not(state, action), unit.id, target_id)

    return refusal


def _maneuver_builder(rules: AsoiafRuleset, state: GameState, unit: AsoiafUnit
                      ) -> Callable[[Point, float, bool], Offer | None]:
    """The Maneuver a pointer means: face it, go up to Speed, snapped unless ``free``."""
    tray = geo.tray_of(unit)

    def build(point: Point, turn: float, free: bool) -> Offer | None:
        t, d, n = steer.maneuver_toward(tray, point, float(unit.stats.speed), turn, free)
        return rules.present(state, Maneuver(unit.id, t, d, n))

    return build


# --- the stat card ------------------------------------------------------------------------------


def unit_card(state: GameState, unit_id: str) -> UnitCard | None:
    """Every stat, every attack with its to-hit and dice by ranks left, models and wounds."""
    unit = state.units.get(unit_id)
    if not isinstance(unit, AsoiafUnit):
        return None
    s = unit.stats
    owner = state.player(unit.owner).name
    lines = [
        InfoLine(f"Speed {s.speed}, Defense {s.defense}+, Morale {s.morale}+", ("AS-CORE-3",)),
        InfoLine(f"Models {unit.models} of {s.models}, {s.wounds} wound(s) each; "
                 f"{unit.wounds_left} wound(s) left"
                 + (f" ({unit.damage} on the wounded model)" if unit.damage else ""),
                 ("AS-RES-6",)),
        InfoLine(f"Tray {s.tray.files} x {s.tray.ranks} ({s.tray.width:g}\" x "
                 f"{s.tray.depth:g}\"), {unit.ranks_lost} rank(s) lost", ("AS-RES-1",)),
    ]
    for attack in s.attacks:
        dice = " / ".join(str(d) for d in attack.dice)
        now = attack.dice_for(unit.ranks_lost)
        kind = f"{attack.kind} range" if attack.ranged else "melee"
        rules = ("AS-RES-1", "AS-RES-2", "AS-RNG-5") if attack.ranged else ("AS-RES-1",
                                                                            "AS-RES-2")
        lines.append(InfoLine(f"{attack.name} ({kind}): hits on {attack.hit}+, dice by ranks "
                              f"{dice} (now {now})", rules))
    for name in s.abilities:
        lines.append(InfoLine(f"{name}: {PLAYED[name]}"
                              + ("" if unit.defense_reroll else "; not in effect in this game"),
                              ("AS-CARD-1", "AS-RES-5")))
    lines.extend(catalogue_lines(unit.profile))
    if unit.destroyed:
        lines.append(InfoLine("Destroyed", ("AS-RES-6",), "bad"))
    return UnitCard(f"{unit.name} ({owner})", tuple(lines))


def catalogue_lines(profile: str) -> list[InfoLine]:
    """What the card says beyond the stat line (AS-CARD-1): faction, War Council id and points;
    every ability by name, those the table does not play marked not enforced; requirements;
    attacks the data cannot play; stand-in values."""
    facts = cards().get(profile)
    if facts is None:
        return []
    rule = ("AS-CARD-1",)
    lines = [InfoLine(f"{facts.faction} {facts.unit_type.lower()}, War Council {facts.war_council}"
                      f", {facts.points} points", rule)]
    if unplayed(facts.abilities):
        lines.append(InfoLine("Not enforced by Warbench: " + "; ".join(unplayed(facts.abilities)),
                              rule, "bad"))
    if facts.requirements:
        lines.append(InfoLine("Requirements not enforced by Warbench: "
                              + "; ".join(facts.requirements), rule, "bad"))
    for attack in facts.unplayable:
        lines.append(InfoLine(f"{attack}: range not given in the data; not played", rule, "bad"))
    if facts.stand_in:
        lines.append(InfoLine("Stand-in values (not in the public data): " + ", ".join(
            STAND_IN_WORDS.get(k, k) for k in facts.stand_in), rule, "bad"))
    return lines
