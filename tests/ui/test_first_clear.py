"""The info box's spot: :func:`first_clear` answers what ``min`` over (cover, order) answers,
while it stops judging spots at the first clear one (the box is placed every frame)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.inspect_draw import first_clear


@given(st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=8))
def test_first_clear_is_the_least_covered_spot_first_in_order(covers: list[int]) -> None:
    spots = [(i, 0) for i in range(len(covers))]
    judged: list[tuple[int, int]] = []

    def covered(spot: tuple[int, int]) -> int:
        judged.append(spot)
        return covers[spot[0]]

    expected = min(spots, key=lambda s: (covers[s[0]], spots.index(s)))
    assert first_clear(spots, covered) == expected
    if 0 in covers:  # nothing after the first clear spot is judged
        assert judged == spots[: covers.index(0) + 1]
