"""Generic helpers that turn a ruleset's actions into buttons, targets and ghosts.

Nothing here knows a particular ruleset: it reads the action types' dataclass fields
(``unit``, ``target``, ``q``/``r``, ``x``/``y``/``facing``) and asks the core what is legal
(``legal_actions``) and why not (``why_not``). New rulesets get buttons without UI changes.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass
from typing import Any

from game.core.actions import (
    TABLE_ACTIONS,
    Action,
    Choose,
    Dice,
    EndActivation,
    FreeRoll,
    MoveHex,
    MoveUnit,
    Pivot,
    RollPending,
)
from game.core.game import Game
from game.core.pending import Refusal

Pose = tuple[float, float, float]


def field_names(action_type: type[Action]) -> list[str]:
    """The dataclass field names of an action type, in order."""
    return [f.name for f in dataclasses.fields(action_type)]


def required_fields(action_type: type[Action]) -> list[dataclasses.Field[Any]]:
    """Fields without a default (the positional ones of the text form)."""
    return [
        f for f in dataclasses.fields(action_type)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]


def is_targeted(action_type: type[Action]) -> bool:
    """Whether the action names a ``unit`` and a ``target`` unit."""
    names = field_names(action_type)
    return "unit" in names and "target" in names


def is_hex_placed(action_type: type[Action]) -> bool:
    """Whether the action carries a hex (``q``, ``r``)."""
    names = field_names(action_type)
    return "q" in names and "r" in names


def unit_action_types(game: Game) -> list[type[Action]]:
    """The ruleset's own action types that a unit performs (they have a ``unit`` field)."""
    return [
        t for t in game.ruleset.action_types()
        if t not in TABLE_ACTIONS and "unit" in field_names(t)
    ]


def humanise(text: str) -> str:
    """``melee_attack`` or ``MeleeAttack`` -> ``Melee attack``."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).replace("_", " ").strip()
    text = " ".join(w if w.isupper() else w.lower() for w in text.split())
    return text[:1].upper() + text[1:]


def option_label(action: Action, names: dict[str, str] | None = None) -> str:
    """A readable label for a decision option or an action."""
    names = names or {}
    if isinstance(action, Choose):
        values = action.as_dict()
        if set(values) == {"q", "r"}:
            return f"Hex ({values['q']}, {values['r']})"
        parts = []
        for key, value in values.items():
            shown = names.get(value, value).replace(",", ", ")
            if key == "facing" and "x" not in values:
                shown = hex_facing_text(value)
            parts.append(f"{humanise(key)}: {shown}" if key not in ("option", "choice") else
                         humanise(shown))
        return "; ".join(parts) or "Choose"
    if isinstance(action, EndActivation):
        return "End activation"
    if isinstance(action, RollPending):
        return "Roll the dice"
    if isinstance(action, Dice):
        return "Dice " + " ".join(map(str, action.results))
    words = [names.get(w, w) for w in action.tokens()]
    words = [w.replace("=", " ") if "=" in w else w for w in words]
    if isinstance(getattr(action, "facing", None), int) and words:
        words[-1] = "facing " + hex_facing_text(words[-1])
    return humanise(action.verb) + (" " + " ".join(words) if words else "")


def hex_facing_text(value: object) -> str:
    """``3`` -> ``3 (lower left)`` for a hex facing 0..5 (as drawn on screen); other values
    unchanged."""
    from game.ui.hexlayout import facing_name

    text = str(value)
    return f"{text} ({facing_name(int(text))})" if text in ("0", "1", "2", "3", "4", "5") else text


def option_pose(action: Action) -> Pose | None:
    """The table pose (x, y, facing) an option carries, if it carries one."""
    values = _values(action)
    try:
        if "x" in values and "y" in values:
            return (float(values["x"]), float(values["y"]), float(values.get("facing", 0.0)))
    except (TypeError, ValueError):
        return None
    return None


def option_hex(action: Action) -> tuple[int, int, int] | None:
    """The hex (q, r, facing) an option carries, if it carries one."""
    values = _values(action)
    try:
        if "q" in values and "r" in values:
            return (int(values["q"]), int(values["r"]), int(float(values.get("facing", 0))))
    except (TypeError, ValueError):
        return None
    return None


def _values(action: Action) -> dict[str, Any]:
    if isinstance(action, Choose):
        return dict(action.as_dict())
    return {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}


@dataclass(frozen=True)
class DicePick:
    """A decision that picks dice by position (like the ASOIAF Charge Bonus re-roll): every
    option is ``choose <key>=none`` or ``choose <key>=2+4`` (1-based positions, "+"-joined).
    ``faces`` are the rolled dice the positions refer to."""

    key: str
    faces: tuple[int, ...]
    options: dict[frozenset[int], Choose]
    none: Choose | None

    def option_for(self, picked: frozenset[int]) -> Choose | None:
        """The option that picks exactly these positions (the "none" option for none)."""
        return self.none if not picked else self.options.get(picked)


_POSITIONS = re.compile(r"^\d+(\+\d+)*$")


def dice_pick(options: tuple[Action, ...], prompt: str, procedure: object) -> DicePick | None:
    """Recognise a pick-dice decision (see :class:`DicePick`); None for any other decision.
    The faces come from the procedure's ``attack_dice``/``dice``/``faces`` or from the last
    parenthesised group of numbers in the prompt."""
    keys = {k for o in options if isinstance(o, Choose) for k in o.as_dict()}
    if len(keys) != 1 or not all(isinstance(o, Choose) for o in options):
        return None
    key = keys.pop()
    picks: dict[frozenset[int], Choose] = {}
    none: Choose | None = None
    for option in options:
        assert isinstance(option, Choose)
        value = str(option.as_dict()[key])
        if value == "none":
            none = option
        elif _POSITIONS.match(value):
            picks[frozenset(int(v) for v in value.split("+"))] = option
        else:
            return None
    faces = _faces(prompt, procedure)
    if not picks or not faces or max(max(p) for p in picks) > len(faces):
        return None
    return DicePick(key, faces, picks, none)


def _faces(prompt: str, procedure: object) -> tuple[int, ...]:
    for name in ("attack_dice", "dice", "faces"):
        value = getattr(procedure, name, None)
        if isinstance(value, tuple | list) and value and all(isinstance(v, int) for v in value):
            return tuple(value)
    groups = re.findall(r"\(([\d\s]+)\)", prompt)
    return tuple(int(v) for v in groups[-1].split()) if groups else ()


def probe(
    action_type: type[Action], unit: str, target: str | None = None, **given: Any
) -> Action | None:
    """An instance of ``action_type`` for ``unit`` (and ``target``), other fields neutral; used
    to ask the core *why not* when no legal instance exists."""
    hints = typing.get_type_hints(action_type)
    values: dict[str, Any] = {}
    for f in required_fields(action_type):
        if f.name in given:
            values[f.name] = given[f.name]
        elif f.name == "unit":
            values[f.name] = unit
        elif f.name == "target":
            if target is None:
                return None
            values[f.name] = target
        elif hints.get(f.name) is float:
            values[f.name] = 0.0
        elif hints.get(f.name) is int:
            values[f.name] = 0
        else:
            return None
    try:
        return action_type(**values)
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class ActionChoice:
    """One action button of the selected unit: its legal instances or why it is refused."""

    action_type: type[Action]
    label: str
    legal: tuple[Action, ...]
    refusal: Refusal | None

    @property
    def enabled(self) -> bool:
        """Whether the button can be pressed."""
        return bool(self.legal) or (self.refusal is None and _continuous(self.action_type))


CONTINUOUS_HINT = (MoveUnit, Pivot)


def _continuous(action_type: type[Action]) -> bool:
    """Actions with free numeric fields (not listed by legal_actions, checked by why_not)."""
    hints = typing.get_type_hints(action_type)
    return any(hints.get(f.name) is float for f in required_fields(action_type))


def choices_for(game: Game, unit: str, target: str | None = None) -> list[ActionChoice]:
    """The action buttons for ``unit``: legal instances per type, or the core's refusal."""
    legal = [a for a in game.legal_actions() if getattr(a, "unit", None) == unit]
    out: list[ActionChoice] = []
    for action_type in unit_action_types(game):
        mine = tuple(a for a in legal if type(a) is action_type)
        refusal: Refusal | None = None
        if not mine:
            refusal = _refusal_for(game, action_type, unit, target)
        out.append(ActionChoice(action_type, humanise(action_type.__name__), mine, refusal))
    return out


def _refusal_for(
    game: Game, action_type: type[Action], unit: str, target: str | None
) -> Refusal | None:
    if target is None and is_targeted(action_type):
        me = game.state.units.get(unit)
        enemies = [u.id for u in game.state.live_units() if me and u.owner != me.owner]
        target = enemies[0] if enemies else None
    candidate = probe(action_type, unit, target)
    if candidate is None:
        return Refusal("no legal use right now", ())
    refusal = game.why_not(candidate)
    if refusal is None and not _continuous(action_type):
        return None
    return refusal


def legal_free_roll(game: Game) -> bool:
    """Whether a free ``roll`` is legal now."""
    return game.why_not(FreeRoll("2d6")) is None


__all__ = [
    "ActionChoice",
    "MoveHex",
    "choices_for",
    "option_hex",
    "option_label",
    "option_pose",
    "probe",
]
