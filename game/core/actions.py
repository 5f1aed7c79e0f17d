"""Actions: frozen value objects with a short text form and a dict form.

Every input to a game, from a mouse click, a lesson script, a test or a save file, is an
:class:`Action`. Actions are plain data: they know how to print and parse themselves and nothing
about whether they are legal (that is the ruleset's job).

Text form: the verb, then the positional fields in declaration order, then the optional fields
that differ from their defaults as ``key=value``::

    move u3 10.5 12.0 90.0
    charge u3 -> u7
    choose align=50 side=left
    dice 6 5 5 4 1 1

``parse(str(a), types) == a`` holds for every action type (property-tested), and
``from_dict(a.to_dict(), types) == a`` likewise.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import re
import types as pytypes
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Union, get_args, get_origin

JSONScalar = str | int | float | bool | None
JSON = JSONScalar | list["JSON"] | dict[str, "JSON"]

_TOKEN = re.compile(r"^[A-Za-z0-9_.:+\-/#@]+$")
_DICE_SPEC = re.compile(r"^(\d*)d(\d+)$")


class ActionSyntaxError(ValueError):
    """Raised when a text or dict cannot be read as an action."""


def is_token(text: str) -> bool:
    """Whether ``text`` can stand as one word of an action's text form."""
    return bool(_TOKEN.match(text)) and "=" not in text and text != "->"


@dataclass(frozen=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a ``verb``.

    Fields without a default are positional in the text form; a final field typed
    ``tuple[int, ...]`` or ``tuple[str, ...]`` without a default takes all remaining words.
    Fields with a default are written as ``key=value`` when they differ from it.
    A subclass may set ``arrow_before`` to the name of a positional field that is written
    after a literal ``->`` (``charge u3 -> u7``).
    """

    verb: ClassVar[str] = ""
    arrow_before: ClassVar[str | None] = None

    def __post_init__(self) -> None:
        """Refuse values no action may hold, however it is built (text, dict, save or API):
        a value of the wrong type, a non-finite number, or an integer too large to be a count,
        a hex or a face."""
        for name, hint, plain in _field_checks(type(self)):
            value = getattr(self, name)
            if type(value) is plain and _plain_fits(value):
                continue  # the common case, told at once (a unit's moves build thousands)
            problem = _type_problem(hint, value) or _value_problem(value)
            if problem:
                raise ActionSyntaxError(f"{self.verb} {name}: {problem}")

    def __str__(self) -> str:
        return " ".join([self.verb, *self.tokens()])

    def actor(self) -> str | None:
        """The id of the unit that performs this action (its ``unit`` field), if any."""
        value = self.__dict__.get("unit")
        return value if isinstance(value, str) else None

    def target_id(self) -> str | None:
        """The id of the unit this action is aimed at (its ``target`` field), if any."""
        value = self.__dict__.get("target")
        return value if isinstance(value, str) else None

    def tokens(self) -> list[str]:
        """The words after the verb."""
        words: list[str] = []
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            if _is_positional(f):
                if f.name == self.arrow_before:
                    words.append("->")
                if isinstance(value, tuple):
                    words.extend(_format_scalar(v) for v in value)
                else:
                    words.append(_format_scalar(value))
            elif value != f.default:
                words.append(f"{f.name}={_format_value(value)}")
        return words

    def to_dict(self) -> dict[str, JSON]:
        """A JSON-ready dict: ``{"verb": ..., field: value, ...}`` (tuples become lists)."""
        out: dict[str, JSON] = {"verb": self.verb}
        for f in _fields(type(self)):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    @classmethod
    def from_tokens(cls, words: Sequence[str]) -> Action:
        """Build this action from the words after the verb."""
        positional = [f for f in _fields(cls) if _is_positional(f)]
        keyword = {f.name: f for f in _fields(cls) if not _is_positional(f)}
        hints = _hints(cls)
        values: dict[str, Any] = {}
        rest = [w for w in words if "=" not in w]
        pairs = [w for w in words if "=" in w]
        for f in positional:
            if f.name == cls.arrow_before:
                if not rest or rest[0] != "->":
                    raise ActionSyntaxError(f"{cls.verb}: expected '->' before {f.name}")
                rest = rest[1:]
            hint = hints[f.name]
            if _is_variadic(hint):
                values[f.name] = tuple(_parse_scalar(_tuple_item(hint), w, f.name) for w in rest)
                rest = []
            else:
                if not rest:
                    raise ActionSyntaxError(f"{cls.verb}: missing {f.name}")
                values[f.name] = _parse_scalar(hint, rest[0], f.name)
                rest = rest[1:]
        if rest:
            raise ActionSyntaxError(f"{cls.verb}: unexpected words {' '.join(rest)!r}")
        for pair in pairs:
            key, _, raw = pair.partition("=")
            if key not in keyword:
                raise ActionSyntaxError(f"{cls.verb}: unknown option {key!r}")
            values[key] = _parse_value(hints[key], raw, key)
        return _construct(cls, values)

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Action:
        """Build this action from a dict form (without its ``verb`` key)."""
        hints = _hints(cls)
        values: dict[str, Any] = {}
        known = {f.name for f in _fields(cls)}
        for key in data:
            if key not in known:
                raise ActionSyntaxError(f"{cls.verb}: unknown field {key!r}")
        for f in _fields(cls):
            if f.name in data:
                values[f.name] = _from_json(hints[f.name], data[f.name], f.name)
        return _construct(cls, values)


# --- field helpers ---------------------------------------------------------------------------


def _fields(cls: type[Action]) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


def _is_positional(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def _hints(cls: type[Action]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _is_variadic(hint: Any) -> bool:
    args = get_args(hint)
    return get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis


def _tuple_item(hint: Any) -> Any:
    return get_args(hint)[0]


def _strip_optional(hint: Any) -> tuple[Any, bool]:
    origin = get_origin(hint)
    if origin is Union or origin is pytypes.UnionType:
        args = [a for a in get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return hint, False


MAX_ACTION_INTEGER = 2**53
"""Largest integer an action may hold."""


_HINTS_ATTRIBUTE = "_warbench_checked_hints"


def _checked_hints(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    """The fields of an action class with their type hints, computed once and kept on the
    class. A hint that cannot be resolved (a class local to a function) is not type-checked."""
    found: tuple[tuple[str, Any], ...] | None = cls.__dict__.get(_HINTS_ATTRIBUTE)
    if found is None:
        try:
            hints = _hints(cls)
        except (NameError, TypeError):
            hints = {}
        found = tuple((f.name, hints.get(f.name, Any)) for f in _fields(cls))
        setattr(cls, _HINTS_ATTRIBUTE, found)
    return found


_CHECKS_ATTRIBUTE = "_warbench_field_checks"

_PLAIN = (str, int, float, bool)
"""Field types whose values :func:`_plain_fits` tells at once."""


def _field_checks(cls: type[Action]) -> tuple[tuple[str, Any, type | None], ...]:
    """:func:`_checked_hints` with each field's plain type (``str``, ``int``, ``float`` or
    ``bool``, neither optional nor a tuple; else None), worked out once and kept on the
    class: a value of exactly that type needs only :func:`_plain_fits`."""
    found: tuple[tuple[str, Any, type | None], ...] | None = cls.__dict__.get(
        _CHECKS_ATTRIBUTE)
    if found is None:
        checks = []
        for name, hint in _checked_hints(cls):
            bare, optional, item = _shape(hint)
            plain = bare if bare in _PLAIN and not optional and item is None else None
            checks.append((name, hint, plain))
        found = tuple(checks)
        setattr(cls, _CHECKS_ATTRIBUTE, found)
    return found


def _plain_fits(value: object) -> bool:
    """Whether a value of its field's plain type is one an action may hold: what
    :func:`_type_problem` and :func:`_value_problem` accept, told without the field's hint."""
    if type(value) is int:
        return -MAX_ACTION_INTEGER <= value <= MAX_ACTION_INTEGER
    if type(value) is float:
        return math.isfinite(value)
    return True


_Shape = tuple[Any, bool, Any]
"""A field type read once: the type without ``| None``, whether None is allowed, and the item
type when it is a ``tuple[X, ...]`` (else None)."""

_SHAPES: dict[Any, _Shape] = {}
"""Each field type's :data:`_Shape`: an action is checked at every construction (a unit's
legal moves build thousands), so the typing introspection is done once per type."""


def _shape(hint: Any) -> _Shape:
    """``hint`` as :func:`_type_problem` reads it (see :data:`_Shape`), worked out once."""
    try:
        found = _SHAPES.get(hint)
    except TypeError:  # an unhashable hint: read it every time
        found = None
    if found is None:
        bare, optional = _strip_optional(hint)
        found = (bare, optional, _tuple_item(bare) if _is_variadic(bare) else None)
        with contextlib.suppress(TypeError):
            _SHAPES[hint] = found
    return found


def _type_problem(hint: Any, value: Any) -> str | None:
    """Why ``value`` does not fit the field type ``hint`` (str, int, float, bool, an optional
    one, or a tuple of one), or None; other hints are not checked."""
    bare, optional, item_hint = _shape(hint)
    if value is None:
        return None if optional else "a value is required"
    if item_hint is not None:
        if not isinstance(value, tuple):
            return f"expected a tuple, got {type(value).__name__}"
        for item in value:
            problem = _type_problem(item_hint, item)
            if problem:
                return problem
        return None
    if bare is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif bare is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif bare in (str, bool):
        ok = isinstance(value, bare)
    else:
        return None
    return None if ok else f"expected {bare.__name__}, got {type(value).__name__}"


def _value_problem(value: Any) -> str | None:
    """Why a field value cannot be in an action (non-finite, too large), or None."""
    if isinstance(value, tuple):
        for item in value:
            problem = _value_problem(item)
            if problem:
                return problem
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value!r} is not a finite number"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ACTION_INTEGER:
        return "the number is too large"
    return None


def _construct(cls: type[Action], values: dict[str, Any]) -> Action:
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise ActionSyntaxError(f"{cls.verb}: {exc}") from exc


def _format_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _format_value(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(_format_scalar(v) for v in value) if value else ","
    if value is None:
        return "none"
    return _format_scalar(value)


def _parse_scalar(hint: Any, word: str, name: str) -> Any:
    hint, optional = _strip_optional(hint)
    if optional and word == "none":
        return None
    try:
        if hint is bool:
            if word in ("yes", "true", "1"):
                return True
            if word in ("no", "false", "0"):
                return False
            raise ValueError(word)
        if hint is int:
            if len(word) > 20:
                raise ValueError(word)
            return int(word)
        if hint is float:
            value = float(word)
            if value != value or value in (float("inf"), float("-inf")):
                raise ValueError(word)
            return value
    except ValueError as exc:
        raise ActionSyntaxError(f"{name}: {word!r} is not a {hint.__name__}") from exc
    if hint is str:
        if not is_token(word):
            raise ActionSyntaxError(f"{name}: {word!r} is not a valid word")
        return word
    raise ActionSyntaxError(f"{name}: unsupported field type {hint!r}")


def _parse_value(hint: Any, raw: str, name: str) -> Any:
    bare, _ = _strip_optional(hint)
    if _is_variadic(bare):
        if raw in (",", ""):
            return ()
        return tuple(_parse_scalar(_tuple_item(bare), w, name) for w in raw.split(","))
    return _parse_scalar(hint, raw, name)


def _to_json(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    raise TypeError(f"cannot put {value!r} in an action's dict form")


def _from_json(hint: Any, value: Any, name: str) -> Any:
    bare, optional = _strip_optional(hint)
    if value is None and optional:
        return None
    if _is_variadic(bare):
        if not isinstance(value, list | tuple):
            raise ActionSyntaxError(f"{name}: expected a list")
        return tuple(_from_json(_tuple_item(bare), v, name) for v in value)
    if bare is float and isinstance(value, int) and not isinstance(value, bool):
        if abs(value) > MAX_ACTION_INTEGER:
            raise ActionSyntaxError(f"{name}: the number is too large")
        return float(value)
    if bare is float and isinstance(value, float) and not math.isfinite(value):
        raise ActionSyntaxError(f"{name}: {value!r} is not a finite number")
    if bare in (str, int, float, bool) and type(value) is bare:
        return value
    raise ActionSyntaxError(f"{name}: expected {getattr(bare, '__name__', bare)}, got {value!r}")


# --- parsing against a vocabulary ----------------------------------------------------------


def vocabulary(types: Iterable[type[Action]]) -> dict[str, type[Action]]:
    """Map verbs to action classes, refusing two classes with one verb."""
    out: dict[str, type[Action]] = {}
    for cls in types:
        if cls.verb in out and out[cls.verb] is not cls:
            raise ValueError(f"two action types use the verb {cls.verb!r}")
        out[cls.verb] = cls
    return out


def parse(text: str, types: Iterable[type[Action]]) -> Action:
    """Read one action from its text form; raise :class:`ActionSyntaxError` if it is not one."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    verbs = vocabulary(types)
    cls = verbs.get(words[0])
    if cls is None:
        hint = _did_you_mean(words[0], verbs)
        raise ActionSyntaxError(f"unknown action {words[0]!r}{hint}")
    return cls.from_tokens(words[1:])


def from_dict(data: Mapping[str, Any], types: Iterable[type[Action]]) -> Action:
    """Read one action from its dict form."""
    verbs = vocabulary(types)
    verb = data.get("verb")
    if not isinstance(verb, str) or verb not in verbs:
        raise ActionSyntaxError(f"unknown action {verb!r}")
    return verbs[verb].from_fields({k: v for k, v in data.items() if k != "verb"})


def _did_you_mean(word: str, options: Iterable[str]) -> str:
    import difflib

    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- dice specifications ---------------------------------------------------------------------


@dataclass(frozen=True)
class DiceSpec:
    """``count`` dice with ``sides`` faces each, written ``2d6`` (``d3`` for one die)."""

    count: int
    sides: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= 100 or not 2 <= self.sides <= 100:
            raise ValueError(f"bad dice {self.count}d{self.sides}")

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @classmethod
    def parse(cls, text: str) -> DiceSpec:
        """Read ``NdS`` (``dS`` means one die)."""
        match = _DICE_SPEC.match(text.strip().lower())
        if not match:
            raise ValueError(f"{text!r} is not a dice spec like 2d6")
        return cls(int(match.group(1) or 1), int(match.group(2)))

    def accepts(self, results: Sequence[int]) -> str | None:
        """Why ``results`` cannot be a roll of these dice, or None if they can."""
        if len(results) != self.count:
            return f"expected {self.count} results for {self}, got {len(results)}"
        bad = [r for r in results if not 1 <= r <= self.sides]
        if bad:
            return f"{bad[0]} is not a face of a d{self.sides}"
        return None


# --- the table actions every ruleset understands ----------------------------------------------


@dataclass(frozen=True)
class MoveUnit(Action):
    """Put a tray at a new centre and facing (sandbox moves, deployment). WB-TBL-1."""

    verb: ClassVar[str] = "move"
    unit: str
    x: float
    y: float
    facing: float


@dataclass(frozen=True)
class MoveHex(Action):
    """Put a hex unit on a new hex with a new facing (sandbox moves, deployment). WB-TBL-1."""

    verb: ClassVar[str] = "hexmove"
    unit: str
    q: int
    r: int
    facing: int


@dataclass(frozen=True)
class Pivot(Action):
    """Turn a unit in place to an absolute facing (degrees, or 0..5 on hexes). WB-TBL-2."""

    verb: ClassVar[str] = "pivot"
    unit: str
    facing: float


@dataclass(frozen=True)
class FreeRoll(Action):
    """Roll dice outside any procedure (``roll 2d6``); results given or rolled. WB-TBL-3."""

    verb: ClassVar[str] = "roll"
    spec: str
    results: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        DiceSpec.parse(self.spec)

    def tokens(self) -> list[str]:
        return [self.spec, *map(str, self.results)]

    @classmethod
    def from_tokens(cls, words: Sequence[str]) -> Action:
        if not words:
            raise ActionSyntaxError("roll: missing dice, like 2d6")
        results = tuple(_parse_scalar(int, w, "results") for w in words[1:])
        return _construct(cls, {"spec": words[0], "results": results})


@dataclass(frozen=True)
class EndActivation(Action):
    """End the current activation or turn and hand control on. WB-TBL-4."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True)
class Dice(Action):
    """Answer a chance node with given results (scripted, or real dice rolled at the table)."""

    verb: ClassVar[str] = "dice"
    results: tuple[int, ...]


@dataclass(frozen=True)
class RollPending(Action):
    """Answer a chance node by letting the game roll its seeded dice."""

    verb: ClassVar[str] = "rolldice"


@dataclass(frozen=True)
class Choose(Action):
    """Answer a player decision: ``choose align=50 side=left``.

    ``values`` holds ``key=value`` words; keys and values are single words.
    """

    verb: ClassVar[str] = "choose"
    values: tuple[str, ...]

    def __post_init__(self) -> None:
        super().__post_init__()
        for item in self.values:
            key, sep, value = item.partition("=")
            if not sep or not is_token(key) or not (is_token(value) or value == ""):
                raise ValueError(f"choice {item!r} is not key=value")

    def tokens(self) -> list[str]:
        return list(self.values)

    @classmethod
    def from_tokens(cls, words: Sequence[str]) -> Action:
        return _construct(cls, {"values": tuple(words)})

    @classmethod
    def of(cls, **values: object) -> Choose:
        """Build a choice from keyword arguments: ``Choose.of(align=50, side="left")``."""
        return cls(tuple(f"{k}={_format_value(v)}" for k, v in values.items()))

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value given for ``key``."""
        for item in self.values:
            k, _, v = item.partition("=")
            if k == key:
                return v
        return default

    def as_dict(self) -> dict[str, str]:
        """All key/value pairs."""
        return dict(item.partition("=")[::2] for item in self.values)


TABLE_ACTIONS: tuple[type[Action], ...] = (
    MoveUnit,
    MoveHex,
    Pivot,
    FreeRoll,
    EndActivation,
    Dice,
    RollPending,
    Choose,
)
"""Action types every ruleset understands (ruleset vocabularies extend this tuple)."""
