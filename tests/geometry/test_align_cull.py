"""Issue 12: alignment frames keep only the obstacles near the slide (and the table's outside
only when the slide comes near the edge). Every answer equals the unculled frame's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry import Side, Tray, align

TABLE = box(0, 0, 30, 30)


@contextmanager
def unculled() -> Iterator[None]:
    """The frame as it was: every obstacle, and the table's outside always."""
    keep_all = mock.patch.object(align, "_near_slide", lambda obstacles, area: list(obstacles))
    always_out = mock.patch.object(align, "_reaches_out", lambda bounds, area: True)
    with keep_all, always_out:
        yield


def _answers(mover: Tray, target: Tray, edge: Side, obstacles: list[Polygon]
             ) -> tuple[object, ...]:
    return (align.alignments(mover, target, edge, obstacles, TABLE),
            align.legal_offsets(mover, target, edge, obstacles, TABLE),
            align.best_alignment(mover, target, edge, obstacles, TABLE),
            align.least_movement_alignment(mover, target, edge, obstacles, TABLE),
            align.can_align_50(mover, target, edge, obstacles, TABLE))


coord = st.floats(1.0, 29.0, allow_nan=False)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.tuples(coord, coord, st.floats(0, 360)), st.tuples(coord, coord, st.floats(0, 360)),
       st.sampled_from(list(Side)),
       st.lists(st.tuples(coord, coord, st.floats(0.3, 3.0)), max_size=12))
def test_culled_frames_answer_as_the_whole_frame(
        m: tuple[float, float, float], t: tuple[float, float, float], edge: Side,
        boxes: list[tuple[float, float, float]]) -> None:
    mover, target = Tray(*m, 3.0, 2.0), Tray(*t, 4.0, 2.0)
    obstacles = [box(x - r, y - r, x + r, y + r * 0.5) for x, y, r in boxes]
    obstacles = [o for o in obstacles if not o.intersects(target.polygon)]
    fast = _answers(mover, target, edge, obstacles)
    with unculled():
        assert fast == _answers(mover, target, edge, obstacles)
