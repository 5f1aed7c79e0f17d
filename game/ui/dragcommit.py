"""Turn the end of a drag into ``move`` actions the core accepts (it checks each move).

The physics drag proposes poses; :func:`game.physics.separate.separate` pushes any sliver of
overlap out along the minimum translation; then every move is asked to the core
(``why_not``) before it is applied. A move the core still refuses falls back to the farthest
accepted pose on the way from the tray's old pose to the proposed one, or to no move at all.
So a drag never leaves a refused move behind, and nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from shapely.geometry import Polygon

from game.core.actions import Action, MoveUnit
from game.core.pending import Refusal
from game.geometry.tray import Tray
from game.physics.separate import separate

FALLBACK_STEPS = 20
"""Poses tried between the old and the proposed pose when the core refuses a move."""


@dataclass
class DragOutcome:
    """What a drag did: moves applied as proposed, moves applied at a fallback pose, trays
    left where they were (with the core's last refusal)."""

    applied: list[MoveUnit] = field(default_factory=list)
    fallback: list[MoveUnit] = field(default_factory=list)
    kept: dict[str, Refusal] = field(default_factory=dict)

    def summary(self) -> str:
        """A one-line report for the status bar."""
        n = len(self.applied) + len(self.fallback)
        text = f"Moved {n} tray(s)"
        if self.fallback:
            text += f"; {len(self.fallback)} stopped short where the core accepts them"
        if self.kept:
            uid, why = next(iter(self.kept.items()))
            text += f"; {len(self.kept)} left in place ({uid}: {why})"
        return text


def _between(start: Tray, end: Tray, t: float) -> Tray:
    turn = (end.facing - start.facing + 180.0) % 360.0 - 180.0
    return start.moved_to(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t,
                          round(start.facing + turn * t, 1))


def commit_drag(
    before: Mapping[str, Tray],
    proposed: Mapping[str, Tray],
    obstacles: Sequence[Polygon],
    table: tuple[float, float] | None,
    why_not: Callable[[Action], Refusal | None],
    apply: Callable[[MoveUnit], object],
) -> DragOutcome:
    """Apply the moves of the trays whose ``proposed`` pose differs from ``before``: first
    separated, then checked by ``why_not`` and applied with ``apply``, falling back as the
    module docstring says. ``before`` holds every tray on the table."""
    moved = [uid for uid, tray in proposed.items() if uid in before and tray != before[uid]]
    trays = {**before, **{uid: proposed[uid] for uid in moved}}
    fixed = separate(trays, moved, obstacles, table)
    pending = {uid: MoveUnit(uid, *_fields(fixed[uid])) for uid in moved}
    outcome = DragOutcome()
    progress = True
    while pending and progress:  # a pushed tray may need its pusher's old place first
        progress = False
        for uid, action in list(pending.items()):
            if why_not(action) is None:
                apply(action)
                outcome.applied.append(action)
                del pending[uid]
                progress = True
    for uid, action in pending.items():
        step = _fallback(before[uid], fixed[uid], uid, why_not)
        if step is None:
            outcome.kept[uid] = why_not(action) or Refusal("refused by the table", ())
        else:
            apply(step)
            outcome.fallback.append(step)
    return outcome


def _fields(tray: Tray) -> tuple[float, float, float]:
    """A pose as saved: 1/1000 inch and 0.1 degree."""
    return (round(tray.x, 3), round(tray.y, 3), round(tray.facing, 1) % 360.0)


def _fallback(
    start: Tray, end: Tray, uid: str, why_not: Callable[[Action], Refusal | None]
) -> MoveUnit | None:
    """The accepted move farthest along from ``start`` towards ``end`` (None: none is)."""
    for k in range(FALLBACK_STEPS - 1, 0, -1):
        action = MoveUnit(uid, *_fields(_between(start, end, k / FALLBACK_STEPS)))
        if (action.x, action.y, action.facing) == _fields(start):
            return None
        if why_not(action) is None:
            return action
    return None
