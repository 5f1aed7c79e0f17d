"""The unit sprite's model bases in the tray's own frame (issue 32): the same points as turning
each base into the frame afresh, worked out once per ring the ruleset keeps, and again when
the unit's tray moves."""

from __future__ import annotations

from game.core.inspect import ModelBase, UnitLook
from game.geometry.tray import Tray
from game.ui.palette import palette_named
from game.ui.render import Renderer

RING = ((10.0, 10.0), (11.0, 10.0), (11.0, 11.0), (10.0, 11.0))


def _local(home: Tray, ring: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    return tuple(home.table_to_local(x, y) for x, y in ring)


def test_bases_in_the_tray_frame_match_and_are_kept_per_ring() -> None:
    renderer = Renderer(palette_named("default"))
    home = Tray(10.5, 10.0, 30.0, 4.0, 2.0)
    look = UnitLook(bases=(ModelBase(RING, "rank", "contact", "a"),))
    first = renderer._local_bases(look, home)
    assert first[0].points == _local(home, RING)
    assert (first[0].kind, first[0].mark, first[0].label) == ("rank", "contact", "a")
    again = renderer._local_bases(UnitLook(bases=(ModelBase(RING, "rank", "none"),)), home)
    assert again[0].points is first[0].points, "the same ring was turned into the frame again"
    assert again[0].mark == "none", "the mark is the new look's"
    moved = Tray(12.0, 9.0, 75.0, 4.0, 2.0)
    shifted = renderer._local_bases(look, moved)
    assert shifted[0].points == _local(moved, RING)


def test_the_same_look_gives_the_same_bases_and_number_and_equal_bases_the_same_number() -> None:
    """A look given again (the same object) at another game moment gets its bases and their
    number back; a new look of equal bases gets the same number (the same sprite), and other
    bases or another tray get their own."""
    renderer = Renderer(palette_named("default"))
    home = Tray(10.5, 10.0, 30.0, 4.0, 2.0)
    look = UnitLook(bases=(ModelBase(RING, "rank", "contact", "a"),))
    bases, number = renderer._bases_of(look, home)
    assert bases == renderer._local_bases(look, home)
    again = renderer._bases_of(look, home)
    assert again[0] is bases and again[1] == number
    equal = UnitLook(bases=(ModelBase(RING, "rank", "contact", "a"),))
    assert renderer._bases_of(equal, home)[1] == number
    other = UnitLook(bases=(ModelBase(RING, "rank", "none", "a"),))
    assert renderer._bases_of(other, home)[1] != number
    moved = Tray(12.0, 9.0, 75.0, 4.0, 2.0)
    there, moved_number = renderer._bases_of(look, moved)
    assert there[0].points == _local(moved, RING) and moved_number != number
