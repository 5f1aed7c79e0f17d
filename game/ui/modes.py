"""The table's input modes as typed objects: what a click, a move or the wheel means now.

The scene holds exactly one mode. Each mode is built from the ruleset's records only
(:class:`~game.core.present.Command`, :class:`~game.core.present.Offer`,
:class:`~game.core.present.Steer`, :class:`~game.core.pending.PickDice`), never from an
action's field names:

- :class:`SelectMode`: click a unit to select it (and drag it where free moves are allowed);
- :class:`TargetMode`: a targeted command waits for a click on one of its targets;
- :class:`GhostPickMode`: several offers (variants, placements): pick one in the panel or
  click its ghost on the board;
- :class:`SteerMode`: a continuous choice by pointing (a Steer command or a PointAnswer);
- :class:`DicePickMode`: toggle dice of a PickDice answer, then confirm;
- :class:`DragMode`: a unit being dragged (free moves).

A mode talks to the scene through :class:`Host`, so a lesson scene can host the same modes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from game.core.actions import Action, MoveHex, MoveUnit
from game.core.game import Game
from game.core.pending import PickDice, Refusal
from game.core.present import Command, Offer, Steer, shown_name
from game.core.state import GameState, TableBoard
from game.geometry.tray import facing_of_vector
from game.ui import hexlayout
from game.ui.view import Ghost, ViewState

if TYPE_CHECKING:
    from game.physics.table import TrayDrag

Point = tuple[float, float]


class Host(Protocol):
    """What a mode needs from the scene that hosts it."""

    view: ViewState
    status: str

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> GameState: ...

    def perform(self, action: Action, animate: bool = True) -> bool: ...

    def set_mode(self, mode: Mode) -> None: ...

    def select(self, uid: str | None) -> None: ...

    def unit_at(self, point: Point) -> str | None: ...

    def ghost_view(self, key: str, offer: Offer) -> Ghost | None: ...

    def refusal_text(self, refusal: Refusal) -> str: ...


class Mode:
    """The default behaviour of every mode: nothing special (subclasses override)."""

    key = "select"

    def ghosts(self, host: Host) -> tuple[Ghost, ...]:
        """The ghosts this mode draws on the board."""
        return ()

    def targets(self) -> frozenset[str]:
        """The units outlined as targets."""
        return frozenset()

    def motion(self, host: Host, point: Point) -> None:
        """The pointer moved over the board to ``point`` (world units)."""

    def press(self, host: Host, point: Point) -> None:
        """Left click on the board (not on a ghost the scene already handled)."""
        SelectMode().press(host, point)

    def release(self, host: Host, point: Point) -> None:
        """Left button released."""

    def wheel(self, host: Host, steps: int, free: bool) -> bool:
        """Wheel turned ``steps`` notches (negative: towards the player); True if used."""
        return False

    def pick_ghost(self, host: Host, key: str) -> bool:
        """A ghost of this mode was clicked; True if handled."""
        return False

    def step(self, host: Host, pointer: Point, dt: float) -> None:
        """Per-frame work (physics of a drag)."""


@dataclass
class SelectMode(Mode):
    """Click a unit to select it; start a drag where the core allows free moves."""

    key = "select"

    def press(self, host: Host, point: Point) -> None:
        uid = host.unit_at(point)
        host.select(uid)
        if uid is not None:
            drag = DragMode.start(host, uid, point)
            if drag is not None:
                host.set_mode(drag)


@dataclass
class TargetMode(Mode):
    """A targeted command: its offers' targets are outlined; hovering another unit says why it
    cannot be the target (the command's ``target_refusal``)."""

    command: Command
    key = "target"

    def targets(self) -> frozenset[str]:
        return frozenset(o.target for o in self.command.offers if o.target is not None)

    def motion(self, host: Host, point: Point) -> None:
        uid = host.unit_at(point)
        host.view.refusal_marks = ()
        if uid is None:
            host.status = f"{self.command.label}: click a highlighted target (Esc cancels)"
        elif uid in self.targets():
            name = shown_name(host.state, uid)
            host.status = f"{self.command.label} {name}: click to declare"
        else:
            host.status = self._why_not(host, uid)

    def _why_not(self, host: Host, uid: str) -> str:
        """Why ``uid`` is not a target, said in the status line; what the refusal points at
        (its blocker) is drawn on the board."""
        check = self.command.target_refusal
        refusal = check(uid) if check is not None else None
        if refusal is None:
            return f"{shown_name(host.state, uid)} is not a target of {self.command.label}"
        host.view.refusal_marks = refusal.marks
        return f"Not a target: {host.refusal_text(refusal)}"

    def press(self, host: Host, point: Point) -> None:
        uid = host.unit_at(point)
        if uid is None:
            return
        offers = self.command.offers_against(uid)
        if not offers:
            host.status = self._why_not(host, uid)
        elif len(offers) == 1:
            host.perform(offers[0].action)
        else:
            name = host.state.units[uid].name
            host.set_mode(GhostPickMode(f"{self.command.label} {name}", offers))
            host.status = f"{len(offers)} ways: pick one in the panel (hover shows where)"


@dataclass
class GhostPickMode(Mode):
    """Several offers to pick from: a variant list in the panel, and each offer with a ghost
    drawn on the board (click it). Where several offers share a spot (one hex, several
    facings), the ghost shown there is the hovered variant's, else the one facing the pointer
    most nearly, so pointing around the spot chooses the facing; clicking picks the ghost
    shown (a first click on a shared spot in a longer list narrows the list to that spot)."""

    title: str
    offers: tuple[Offer, ...]
    pointer: Point | None = None
    key = "pick"

    def motion(self, host: Host, point: Point) -> None:
        self.pointer = point

    def ghosts(self, host: Host) -> tuple[Ghost, ...]:
        lit = host.view.lit_variant
        by_spot: dict[tuple[object, ...], list[Ghost]] = {}
        short = short_labels([o.label for o in self.offers])
        for i, offer in enumerate(self.offers):
            ghost = host.ghost_view(str(i), offer)
            if ghost is not None:
                ghost = replace(ghost, label=short[i]) if not offer.ghost or not (
                    offer.ghost.label) else ghost
                by_spot.setdefault(_spot(ghost), []).append(ghost)
        return tuple(self._shown(_told_apart(group), lit) for group in by_spot.values())

    def _shown(self, group: list[Ghost], lit: str | None) -> Ghost:
        """The ghost drawn for a spot: the hovered variant's, else the one facing the
        pointer (the first when the pointer is on the spot's centre)."""
        for ghost in group:
            if ghost.key == lit:
                return ghost
        if len(group) == 1 or self.pointer is None:
            return group[0]
        cx, cy = _centre(group[0])
        dx, dy = self.pointer[0] - cx, self.pointer[1] - cy
        if math.hypot(dx, dy) < 1e-6:
            return group[0]
        want = facing_of_vector(dx, dy)
        return min(group, key=lambda g: abs((_facing(g) - want + 180) % 360 - 180))

    def pick_ghost(self, host: Host, key: str) -> bool:
        if not key.isdigit() or int(key) >= len(self.offers):
            return False
        chosen = host.ghost_view(key, self.offers[int(key)])
        same = tuple(o for i, o in enumerate(self.offers)
                     if (g := host.ghost_view(str(i), o)) is not None and chosen is not None
                     and _spot(g) == _spot(chosen))
        if len(same) <= 1 or len(same) == len(self.offers):
            host.perform(self.offers[int(key)].action)
        else:
            host.set_mode(GhostPickMode(self.title, same, self.pointer))
        return True


def _told_apart(group: list[Ghost]) -> list[Ghost]:
    """The variants sharing one spot labelled by what tells them apart: Advance offers on
    one hex read ``north-east``, ``east``... instead of ``Move to (5,0) facing north-east``
    each (the hex is on the board already; issue 13: long labels crowded the board)."""
    if len(group) < 2:
        return group
    short = short_labels([g.label for g in group], fits=lambda _: False)
    return [replace(g, label=label) for g, label in zip(group, short, strict=True)]


def short_labels(labels: list[str], fits: Callable[[str], bool] | None = None) -> list[str]:
    """Variants told apart when their labels are too long to show whole (``fits`` says
    whether one shows whole; by default up to 32 characters): the words all the labels share
    at their start are left out ("Attack X in melee (Halberd), face it and align 50% left"
    -> "face it and align 50% left"); the label that is only the shared part reads "as it
    stands". One label, labels that fit, or labels sharing little stay whole."""
    fits = fits or (lambda text: len(text) <= 32)
    if len(labels) < 2 or all(fits(label) for label in labels):
        return list(labels)
    common = labels[0]
    for label in labels[1:]:
        common = common[:next((i for i, (a, b) in enumerate(zip(common, label, strict=False))
                               if a != b), min(len(common), len(label)))]
    cut = max(common.rfind(" "), common.rfind(","), common.rfind("("))
    if any(len(label) == len(common) for label in labels):
        cut = len(common)  # one label is exactly the shared part: cut there
    if cut < 12:
        return list(labels)
    rests = [label[cut:].strip(" ,;:") for label in labels]
    return [rest or "as it stands" for rest in rests]


def _centre(ghost: Ghost) -> Point:
    if ghost.tray is not None:
        return (ghost.tray.x, ghost.tray.y)
    assert ghost.hex is not None
    return hexlayout.hex_centre(*ghost.hex)


def _facing(ghost: Ghost) -> float:
    """A ghost's facing in table degrees (a hex facing turned into its screen direction)."""
    if ghost.tray is not None:
        return ghost.tray.facing
    return hexlayout.facing_angle(ghost.facing)


def _spot(ghost: Ghost) -> tuple[object, ...]:
    if ghost.tray is not None:
        return (round(ghost.tray.x, 2), round(ghost.tray.y, 2))
    return ("hex", ghost.hex)


@dataclass
class SteerMode(Mode):
    """Point to choose (a Maneuver, a free pivot, any facing): the steer builds the offer for
    the pointer and the wheel's extra turn; its ghost is drawn, the status line says
    ``Game.why_not`` of it, and a click applies it only when it is legal."""

    steer: Steer
    label: str
    turn: float = 0.0
    offer: Offer | None = None
    refusal: Refusal | None = None
    free: bool = False
    pointer: Point | None = None
    key = "steer"

    def ghosts(self, host: Host) -> tuple[Ghost, ...]:
        if self.offer is None:
            return ()
        ghost = host.ghost_view("__steer__", self.offer)
        return () if ghost is None else (ghost,)

    def update(self, host: Host) -> None:
        """Rebuild the offer for the pointer and turn, and say whether it is legal."""
        if self.pointer is None:
            return
        self.offer = self.steer.build(self.pointer, self.turn, self.free)
        if self.offer is None:
            self.refusal = None
            host.view.refusal_marks = ()
            host.status = f"{self.label}: point where to go"
            return
        self.refusal = host.game.why_not(self.offer.action)
        host.view.refusal_marks = () if self.refusal is None else self.refusal.marks
        if self.refusal is None:
            host.status = f"{self.offer.label}: click to do it (wheel turns, Shift aims freely)"
        else:
            host.status = f"{self.offer.label}: {host.refusal_text(self.refusal)}"

    def motion(self, host: Host, point: Point) -> None:
        self.pointer = point
        self.update(host)

    def wheel(self, host: Host, steps: int, free: bool) -> bool:
        self.turn += self.steer.turn_step * (1 if steps < 0 else -1)
        self.free = free
        self.update(host)
        return True

    def press(self, host: Host, point: Point) -> None:
        self.pointer = point
        self.update(host)
        if self.offer is not None and self.refusal is None:
            host.perform(self.offer.action)

    def pick_ghost(self, host: Host, key: str) -> bool:
        if key != "__steer__":
            return False
        if self.offer is not None and self.refusal is None:
            host.perform(self.offer.action)
        return True


@dataclass
class DicePickMode(Mode):
    """A PickDice answer: toggle dice by position, confirm when the ruleset accepts the pick
    (``Game.why_not(answer(picked))`` is None). Board clicks still select units."""

    pick: PickDice
    revision: int = -1
    """The scene revision the pick belongs to (a new decision means a new mode)."""
    picked: set[int] = field(default_factory=set)
    key = "dice"

    def toggle(self, position: int) -> None:
        """Pick a die or put it back."""
        self.picked ^= {position}

    def answer(self) -> Action:
        """The action the current pick would apply."""
        return self.pick.answer(frozenset(self.picked))

    def refusal(self, game: Game) -> Refusal | None:
        """Why the current pick cannot be confirmed (None: it can)."""
        if not self.picked:
            return Refusal("pick at least one die", ())
        return game.why_not(self.answer())

    def confirm(self, host: Host) -> bool:
        """Apply the pick if the ruleset accepts it, else say why."""
        refusal = self.refusal(host.game)
        if refusal is not None:
            host.status = f"Cannot re-roll that: {host.refusal_text(refusal)}"
            return False
        return host.perform(self.answer())

    def press(self, host: Host, point: Point) -> None:
        host.select(host.unit_at(point))


@dataclass
class DragMode(Mode):
    """A unit dragged on the board (free moves): trays by the physics table, hex units to the
    hex under the pointer; what the core accepts is applied on release."""

    unit: str
    drag: TrayDrag | None = None
    started: float = 0.0
    key = "drag"

    @classmethod
    def start(cls, host: Host, uid: str, point: Point) -> DragMode | None:
        """A drag of ``uid`` if the core would let it move now, else None."""
        unit = host.state.units[uid]
        test: Action
        if unit.tray is not None:
            test = MoveUnit(uid, unit.tray.x, unit.tray.y, unit.tray.facing)
        elif unit.hex is not None:
            test = MoveHex(uid, unit.hex.q, unit.hex.r, unit.hex_facing)
        else:
            return None
        if host.game.why_not(test) is not None:
            return None
        if unit.tray is None:
            return cls(uid)
        from game.physics.table import TrayDrag

        state = host.state
        board = state.board
        trays = {u.id: u.tray for u in state.live_units() if u.tray is not None}
        movable = [u.id for u in state.live_units()
                   if u.owner == unit.owner and u.tray is not None]
        obstacles = [t.polygon for t in state.terrain if t.has("impassable")]
        table = (board.width, board.height) if isinstance(board, TableBoard) else None
        return cls(uid, TrayDrag(uid, trays, movable, obstacles, table, point),
                   time.perf_counter())

    def step(self, host: Host, pointer: Point, dt: float) -> None:
        if self.drag is None:
            return
        self.drag.step(pointer, min(dt, 1 / 20))
        host.view.overrides = {k: v for k, v in self.drag.current().items()
                               if not k.startswith("__")}

    def rotate(self, degrees: float) -> None:
        """Turn the dragged tray."""
        if self.drag is not None:
            self.drag.rotate(degrees)

    def wheel(self, host: Host, steps: int, free: bool) -> bool:
        self.rotate(15.0 * (1 if steps < 0 else -1))
        return True

    def press(self, host: Host, point: Point) -> None:
        """A second press while dragging (lost release): finish first."""
        self.release(host, point)

    def release(self, host: Host, point: Point) -> None:
        host.set_mode(SelectMode())
        if self.drag is None:
            self._finish_hex(host, point)
        else:
            self._finish_tray(host)

    def _finish_hex(self, host: Host, point: Point) -> None:
        unit = host.state.units.get(self.unit)
        if unit is None or unit.hex is None:
            return
        q, r = hexlayout.world_to_axial(*point)
        if (q, r) != (unit.hex.q, unit.hex.r):
            host.perform(MoveHex(unit.id, q, r, unit.hex_facing))

    def _finish_tray(self, host: Host) -> None:
        """Settle the physics, separate slivers, apply what the core accepts (falling back to
        the farthest accepted pose; see :mod:`game.ui.dragcommit`)."""
        from game.ui.dragcommit import commit_drag

        drag = self.drag
        assert drag is not None
        drag.settle()
        host.view.overrides = {}
        state = host.state
        before = {u.id: u.tray for u in state.live_units() if u.tray is not None}
        proposed = {m.unit: before[m.unit].moved_to(m.x, m.y, m.facing)
                    for m in drag.moved() if m.unit in before}
        if not proposed:
            return
        board = state.board

        def perform(action: Action) -> bool:
            return host.perform(action, animate=False)

        outcome = commit_drag(
            before, proposed, [t.polygon for t in state.terrain if t.has("impassable")],
            (board.width, board.height) if isinstance(board, TableBoard) else None,
            host.game.why_not, perform)
        host.status = outcome.summary()
