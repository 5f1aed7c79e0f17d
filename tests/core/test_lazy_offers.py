"""A command's offers worked out when read (issue 24: a select asks only whether each button
can be pressed): :class:`LazyOffers` reads its source as far as it is asked, once, and reads
as the tuple it stands for."""

from __future__ import annotations

from collections.abc import Iterator

from game.core.actions import EndActivation
from game.core.present import Command, LazyOffers, Offer, Steer


def _source(made: list[int], n: int) -> Iterator[Offer]:
    for i in range(n):
        made.append(i)
        yield Offer(EndActivation(), f"offer {i}")


def test_truth_reads_one_offer_and_the_rest_waits() -> None:
    made: list[int] = []
    offers = LazyOffers(lambda: _source(made, 5))
    assert made == []
    assert offers
    assert made == [0]
    assert offers[2].label == "offer 2" and made == [0, 1, 2]
    assert len(offers) == 5 and made == [0, 1, 2, 3, 4]
    assert [o.label for o in offers] == [f"offer {i}" for i in range(5)]
    assert made == [0, 1, 2, 3, 4]  # each offer worked out once


def test_it_equals_and_hashes_as_its_tuple() -> None:
    made: list[int] = []
    offers = LazyOffers(lambda: _source(made, 3))
    plain = tuple(_source([], 3))
    assert offers == plain and plain == offers
    assert hash(offers) == hash(plain)
    assert offers[-1] == plain[-1] and offers[1:] == plain[1:]
    assert not LazyOffers(lambda: ())
    assert LazyOffers(lambda: ()) == ()


def test_a_steered_command_is_enabled_without_working_out_its_offers() -> None:
    made: list[int] = []
    steer = Steer("u", lambda point, turn, free: None)
    command = Command("move", "Move", offers=LazyOffers(lambda: _source(made, 3)),
                      steer=steer)
    assert command.enabled and made == []
    plain = Command("hold", "Hold", offers=LazyOffers(lambda: _source(made, 1)))
    assert plain.enabled and made == [0]
    assert not Command("none", "None", offers=LazyOffers(lambda: ())).enabled
