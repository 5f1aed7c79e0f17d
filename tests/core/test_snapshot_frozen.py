"""Undo snapshots share a unit's frozen values (a stat card: a frozen dataclass of plain
values), never a frozen dataclass that holds something changeable (issue 32: an ASOIAF
snapshot walked and copied every unit's card of attacks)."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.hashing import frozen_value, same, snapshot, state_hash
from game.core.state import GameState, Unit
from game.scenario import load_scenario, new_session
from tests.conftest import SCENARIOS


@dataclass(frozen=True)
class Card:
    """A frozen value of plain values (and a nested frozen one)."""

    name: str
    dice: tuple[int, ...]
    tags: frozenset[str] = frozenset()
    inner: Card | None = None


@dataclass(frozen=True)
class Bag:
    """Frozen, but it holds a list that can change in place."""

    items: list[int] = field(default_factory=list)


@dataclass(kw_only=True)
class CardUnit(Unit):
    """A unit with a frozen card and a frozen bag."""

    card: Card
    bag: Bag


def test_frozen_values_are_only_those_of_plain_values() -> None:
    assert frozen_value(Card("a", (1, 2), frozenset({"x"}), Card("b", ())))
    assert not frozen_value(Bag([1]))
    assert not frozen_value(Card("a", (1,), inner=Bag([1])))  # type: ignore[arg-type]
    assert not frozen_value((1, 2)) and not frozen_value("text") and not frozen_value(Card)


def _table_with_cards() -> tuple[GameState, CardUnit]:
    """The sandbox table with its first unit replaced by a :class:`CardUnit`."""
    game = new_session(load_scenario(SCENARIOS / "sandbox_table.toml")).game
    first = next(iter(game.state.units.values()))
    unit = CardUnit(id=first.id, name=first.name, owner=first.owner, profile=first.profile,
                    tray=first.tray, card=Card("c", (3, 4)), bag=Bag([1, 2]))
    game.state.units[unit.id] = unit
    return game.state, unit


def test_a_snapshot_shares_the_frozen_card_and_copies_the_bag() -> None:
    state, unit = _table_with_cards()
    copy = snapshot(state)
    kept = copy.units[unit.id]
    assert isinstance(kept, CardUnit) and kept is not unit
    assert kept.card is unit.card  # nothing can change it: shared
    assert kept.bag is not unit.bag and kept.bag.items is not unit.bag.items
    unit.bag.items.append(9)  # the live state changes in place: the snapshot does not
    assert kept.bag.items == [1, 2]
    assert state_hash(copy) != state_hash(state)


def test_the_next_snapshot_shares_the_unchanged_unit_whole() -> None:
    state, unit = _table_with_cards()
    first = snapshot(state)
    second = snapshot(state, first)
    assert second.units[unit.id] is first.units[unit.id]
    assert same(second.units[unit.id], unit)
    assert state_hash(second) == state_hash(state)


def test_same_tells_every_difference_inside_units_and_containers() -> None:
    """The loops of :func:`same` (issue 32) still see each difference, at any depth."""
    card = Card("c", (3, 4))
    assert same(Bag([1, 2]), Bag([1, 2])) and not same(Bag([1, 2]), Bag([1, 3]))
    assert not same(Bag([1, 2]), Bag([1, 2.0]))  # type: ignore[list-item]
    assert not same([1, 2], (1, 2)) and not same([1, 2], [1, 2, 3])
    assert same({"a": [card]}, {"a": [Card("c", (3, 4))]})
    assert not same({"a": [card]}, {"a": [Card("c", (3, 5))]})
    assert not same({"a": 1}, {"b": 1}) and not same({"a": 1}, {"a": 1, "b": 2})
    assert not same(Card("c", (3,), inner=card), Card("c", (3,), inner=Card("d", (3, 4))))
    assert not same(Card("c", (1,)), Bag([1]))  # another class
    assert same(frozenset({1, 2}), frozenset({2, 1})) and not same({1}, frozenset({1}))
