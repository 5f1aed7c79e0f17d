"""Plans: what a checked action will do, computed once and read by everyone (issue 24).

Checking an action yields a :class:`Plan` or a :class:`~game.core.pending.Refusal`. The plan is
a typed, immutable record of what the action will do -- its path, the units it will touch, the
alignment it will take, its targets, the modifiers that apply (each with its rule IDs), where
it puts units -- and, for an action with dice, its exact outcome distributions
(:class:`Outcomes`), computed from the same steps the resolution runs. The handler applies the
plan; the presentation (label, tooltip, ghost), the hover, the odds (:mod:`game.core.odds`),
``why_not`` and a computer opponent read it. Battle for Wesnoth's ``battle_context`` is the
model: one computation of an attack serves the prediction, the rating and the resolution.

An action type registers its check, its handler and its presentation together as one
:class:`ActionKind` (boardgame.io's long-form moves). The ruleset memoises plans per position
(:class:`~game.core.position.PositionMemo`), so a plan is computed once per position and action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, TypeVar

from game.core.actions import Action
from game.core.context import Context
from game.core.pending import Refusal
from game.core.present import Offer
from game.core.state import GameState

A = TypeVar("A", bound=Action)
D = TypeVar("D")

Point = tuple[float, float]
Distribution = tuple[tuple[int, Fraction], ...]
"""An exact distribution: (value, probability) pairs, values ascending, probabilities sum 1."""


def distribution(weights: Mapping[int, Fraction | int]) -> Distribution:
    """A :data:`Distribution` from a mapping of value to probability (or to a weight: the
    weights are normalised, so an icepool die's quantities can be passed as they are)."""
    total = sum(Fraction(w) for w in weights.values())
    if total <= 0:
        raise ValueError("a distribution needs a positive total weight")
    return tuple((int(v), Fraction(weights[v]) / total) for v in sorted(weights)
                 if weights[v])


def certain(value: int) -> Distribution:
    """The distribution of a value known for sure."""
    return ((value, Fraction(1)),)


@dataclass(frozen=True)
class Modifier:
    """One modifier a plan applies: what it is in player words, its value, its rule IDs."""

    label: str
    value: int | str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Placement:
    """Where an action leaves a unit as soon as it is applied (before any dice or answer):
    a pose ``(x, y, facing)`` on a table, or a hex and facing on a map."""

    unit: str
    pose: tuple[float, float, float] | None = None
    hex: tuple[int, int] | None = None
    hex_facing: int | None = None


@dataclass(frozen=True)
class Quantity:
    """One quantity an action's dice decide: ``name`` (``wounds``, ``models_lost``, ``panic``
    ...) as the odds function's key, a player's ``label``, its exact distribution and the rules
    that compute it."""

    name: str
    label: str
    values: Distribution
    rules: tuple[str, ...]

    def probability(self, value: int) -> Fraction:
        """The chance of exactly ``value``."""
        return sum((p for v, p in self.values if v == value), Fraction(0))

    def at_least(self, value: int) -> Fraction:
        """The chance of ``value`` or more."""
        return sum((p for v, p in self.values if v >= value), Fraction(0))

    def mean(self) -> Fraction:
        """The expected value."""
        return sum((v * p for v, p in self.values), Fraction(0))


@dataclass(frozen=True)
class Outcomes:
    """Every quantity an action's dice decide, in the order the ruleset reports them (empty
    for an action without dice)."""

    quantities: tuple[Quantity, ...] = ()

    def __iter__(self) -> Iterator[Quantity]:
        return iter(self.quantities)

    def __len__(self) -> int:
        return len(self.quantities)

    def get(self, name: str) -> Quantity | None:
        """The quantity called ``name``, if the plan reports it."""
        return next((q for q in self.quantities if q.name == name), None)

    def as_mapping(self) -> dict[str, dict[int, Fraction]]:
        """Quantity name -> value -> probability (what ``warbench odds --json`` prints)."""
        return {q.name: dict(q.values) for q in self.quantities}


NO_OUTCOMES = Outcomes()


@dataclass(frozen=True)
class Plan(Generic[A, D]):
    """What a legal ``action`` will do (see the module docstring).

    ``rules`` are the rule IDs the check applied; ``detail`` is the ruleset's own typed record
    of the computation (a charge's basis, a walk's path of hexes) that its handler applies.
    ``odds`` computes the :class:`Outcomes` from the same steps the resolution runs; it is
    called at most once, and only when someone asks for :attr:`outcomes` (listing legal
    actions never pays for the odds).
    """

    action: A
    detail: D
    rules: tuple[str, ...] = ()
    path: tuple[Point, ...] = ()
    contacts: tuple[str, ...] = ()
    alignment: str | None = None
    targets: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    placements: tuple[Placement, ...] = ()
    odds: Callable[[], Outcomes] | None = field(default=None, compare=False, repr=False)

    @cached_property
    def outcomes(self) -> Outcomes:
        """The exact outcome distributions of the action's dice (empty without dice)."""
        return self.odds() if self.odds is not None else NO_OUTCOMES


def bare(action: A) -> Plan[A, None]:
    """The plan of an action that carries nothing beyond itself (ending a turn, a choice)."""
    return Plan(action, None)


Check = Callable[[GameState, A], "Plan[A, Any] | Refusal"]
Handle = Callable[[GameState, "Plan[A, Any]", Context], None]
Present = Callable[[GameState, A, "Plan[A, Any] | Refusal"], Offer]


@dataclass(frozen=True)
class ActionKind(Generic[A]):
    """One action type's whole record: its check (action -> :class:`Plan` or
    :class:`Refusal`), its handler (plan -> state changes and events) and its presentation
    (action and its plan or refusal -> the :class:`Offer` a player sees: label, tooltip,
    target, ghost). ``present`` None keeps the plain label built from the fields."""

    action_type: type[A]
    check: Check[A]
    handle: Handle[A]
    present: Present[A] | None = None
    planned: bool = True
    """False for a simple kind (:meth:`simple`): its plan is the action itself, so its
    presentation is given that bare plan without running the check."""

    @classmethod
    def simple(cls, type_: type[A], check: Callable[[GameState, A], Refusal | None],
               handle: Callable[[GameState, A, Context], None],
               present: Present[A] | None = None) -> ActionKind[A]:
        """The record of an action whose plan is the action itself: a check that refuses or
        not, a handler that reads the action."""

        def planned(state: GameState, action: A) -> Plan[A, Any] | Refusal:
            refusal = check(state, action)
            return bare(action) if refusal is None else refusal

        def apply(state: GameState, plan: Plan[A, Any], ctx: Context) -> None:
            handle(state, plan.action, ctx)

        return cls(type_, planned, apply, present, planned=False)
