"""The setup choices a unit offers a battle builder, declared and typed (issue 26).

A catalogue profile is where a unit starts; many rules systems let a player change it when
setting up: how many models and how wide the block stands (files x ranks), which characters join it,
which of its equipment options it carries, how many spaces a figure covers (a footprint).
A ruleset declares these per unit (``Ruleset.unit_choices``) as the
records below, each holding its value now, and makes a choice (``Ruleset.make_choice``) by
returning the unit's scenario entry with it made, in the ordinary file format. A builder shows
them without knowing the ruleset: a number between bounds, a pick among named options, the
characters that may join, a shape of hexes.

The records are plain frozen dataclasses; nothing here knows any ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

ChoiceValue = int | tuple[str, ...]
"""A choice's value: a whole number (:class:`CountChoice`) or the ids chosen (the others;
one id for a :class:`ShapeChoice`)."""


@dataclass(frozen=True)
class CountChoice:
    """A whole number between bounds (a unit's models, its files): ``value`` now, within
    ``low``..``high``; ``meaning`` says what it changes, in player words."""

    key: str
    label: str
    low: int
    high: int
    value: int
    meaning: str = ""


@dataclass(frozen=True)
class ChoiceOption:
    """One option of a pick: its id (what the file writes), its label and meaning."""

    id: str
    label: str
    meaning: str = ""


@dataclass(frozen=True)
class PickChoice:
    """Some of the declared ``options`` (equipment a catalogue entry offers): ``value`` is the
    ids chosen now, at least ``least`` and at most ``most`` of them."""

    key: str
    label: str
    options: tuple[ChoiceOption, ...]
    value: tuple[str, ...]
    least: int = 0
    most: int = 1
    meaning: str = ""


@dataclass(frozen=True)
class JoinChoice(PickChoice):
    """The characters that may join the unit (a pick among character models): ``value`` is
    those that have joined, in the order they stand."""


@dataclass(frozen=True)
class ShapeOption:
    """A shape of hexes a unit may cover: axial ``(q, r)`` offsets from its head hex for
    facing 0 (the head ``(0, 0)`` first), turned with the unit's facing."""

    id: str
    label: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class ShapeChoice:
    """The hexes a unit covers (its footprint): one of ``options``, ``value`` the id of the
    one it has now. The unit's facing turns it (the builder's turn keys)."""

    key: str
    label: str
    options: tuple[ShapeOption, ...]
    value: str
    meaning: str = ""


UnitChoice = CountChoice | PickChoice | ShapeChoice
"""A declared setup choice (a :class:`JoinChoice` is a :class:`PickChoice`)."""
