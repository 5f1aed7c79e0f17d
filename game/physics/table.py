"""Collision-aware dragging of trays with pymunk (DESIGN.md "Physics").

A :class:`TrayDrag` builds a fresh pymunk space when a drag starts: the dragged tray and the
other movable trays are dynamic boxes, everything else (other players' trays, impassable
terrain, the table's edges) is static. The dragged tray is pulled towards the pointer by a
pivot joint with a bounded force, so it pushes movable trays, slides along obstacles and never
passes through anything. The space advances with a fixed time step. pymunk is never the judge
of a rule: the caller turns the final poses into ``move`` actions that the core checks with
shapely.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pymunk
from shapely.geometry import Polygon

from game.geometry.tray import Tray

Pose = tuple[float, float, float]
FIXED_DT = 1.0 / 240.0
WALL = 50.0
MARGIN = 0.03
"""Collision skin (inches): shapes are inflated so that solver slack never overlaps trays."""


def body_angle(facing: float) -> float:
    """pymunk angle (radians, counter-clockwise) of a facing (degrees, clockwise from +y)."""
    return -math.radians(facing)


def facing_of(angle: float) -> float:
    """Facing (degrees, clockwise from +y, in [0, 360)) of a pymunk body angle."""
    return (-math.degrees(angle)) % 360.0


@dataclass(frozen=True)
class MovedTray:
    """A tray whose pose changed during a drag."""

    unit: str
    x: float
    y: float
    facing: float


class TrayDrag:
    """One drag gesture on the table (fresh space, fixed step; see module docstring)."""

    def __init__(
        self,
        dragged: str,
        trays: Mapping[str, Tray],
        movable: Sequence[str],
        obstacles: Sequence[Polygon],
        table: tuple[float, float] | None,
        grab: tuple[float, float],
    ) -> None:
        """Start dragging ``dragged`` from world point ``grab`` (inches)."""
        self.space = pymunk.Space()
        self.space.gravity = (0.0, 0.0)
        self.space.damping = 0.001
        self.space.iterations = 40
        self.space.collision_slop = 0.001
        self.trays = dict(trays)
        self.bodies: dict[str, pymunk.Body] = {}
        self.dragged = dragged
        for uid, tray in trays.items():
            self._add_tray(uid, tray, uid == dragged or uid in movable)
        for poly in obstacles:
            self._add_static(poly)
        if table is not None:
            self._add_walls(*table)
        body = self.bodies[dragged]
        self.target_angle = body.angle
        self.mouse = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.mouse.position = grab
        local = body.world_to_local(grab)
        self.joint = pymunk.PivotJoint(self.mouse, body, (0, 0), local)
        self.joint.max_force = 600.0 * body.mass
        self.joint.max_bias = 60.0
        self.space.add(self.mouse, self.joint)

    def _add_tray(self, uid: str, tray: Tray, dynamic: bool) -> None:
        hw, hd = tray.width / 2, tray.depth / 2
        verts = [(-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)]
        if dynamic:
            mass = tray.width * tray.depth
            body = pymunk.Body(mass, pymunk.moment_for_box(mass, (tray.width, tray.depth)))
        else:
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.position = (tray.x, tray.y)
        body.angle = body_angle(tray.facing)
        shape = pymunk.Poly(body, verts, radius=MARGIN)
        shape.friction = 0.6
        shape.elasticity = 0.0
        self.space.add(body, shape)
        self.bodies[uid] = body

    def _add_static(self, poly: Polygon) -> None:
        ring = list(poly.exterior.coords)[:-1]
        hull = Polygon(ring).convex_hull
        pts = list(hull.exterior.coords)[:-1] if isinstance(hull, Polygon) else ring
        shape = pymunk.Poly(self.space.static_body, pts, radius=MARGIN)
        shape.friction = 0.6
        self.space.add(shape)

    def _add_walls(self, width: float, height: float) -> None:
        boxes = [
            [(-WALL, -WALL), (0, -WALL), (0, height + WALL), (-WALL, height + WALL)],
            [(width, -WALL), (width + WALL, -WALL), (width + WALL, height + WALL),
             (width, height + WALL)],
            [(-WALL, -WALL), (width + WALL, -WALL), (width + WALL, 0), (-WALL, 0)],
            [(-WALL, height), (width + WALL, height), (width + WALL, height + WALL),
             (-WALL, height + WALL)],
        ]
        for pts in boxes:
            shape = pymunk.Poly(self.space.static_body, pts, radius=MARGIN)
            shape.friction = 0.3
            self.space.add(shape)

    def rotate(self, degrees: float) -> None:
        """Turn the dragged tray by ``degrees`` (clockwise positive) over the next steps."""
        self.target_angle += body_angle(degrees)

    def step(self, pointer: tuple[float, float], seconds: float) -> None:
        """Steer the tray towards the pointer for ``seconds`` in fixed steps; contacts push
        movable trays and stop it against fixed ones."""
        self.mouse.position = pointer
        steps = max(1, min(60, round(seconds / FIXED_DT)))
        body = self.bodies[self.dragged]
        for _ in range(steps):
            error = self.target_angle - body.angle
            body.angular_velocity = max(-12.0, min(12.0, error * 30.0))
            self.space.step(FIXED_DT)

    def settle(self, steps: int = 30) -> None:
        """Release the pointer and let contacts separate anything still pressed together."""
        if self.joint in self.space.constraints:
            self.space.remove(self.joint)
        for body in self.bodies.values():
            if body.body_type == pymunk.Body.DYNAMIC:
                body.velocity = (0, 0)
                body.angular_velocity = 0
        for _ in range(steps):
            self.space.step(FIXED_DT)
            for body in self.bodies.values():
                if body.body_type == pymunk.Body.DYNAMIC:
                    body.velocity = body.velocity * 0.3
                    body.angular_velocity *= 0.3

    def pose(self, uid: str) -> Pose:
        """Current (x, y, facing) of a tray."""
        body = self.bodies[uid]
        return (float(body.position.x), float(body.position.y), facing_of(body.angle))

    def current(self) -> dict[str, Tray]:
        """Every tray at its current pose."""
        out: dict[str, Tray] = {}
        for uid, tray in self.trays.items():
            x, y, f = self.pose(uid)
            out[uid] = tray.moved_to(x, y, f)
        return out

    def moved(self, tolerance: float = 1e-3) -> list[MovedTray]:
        """Trays whose pose changed (the dragged one first), rounded to 1/1000 inch and 0.1°."""
        out: list[MovedTray] = []
        order = [self.dragged] + [u for u in self.trays if u != self.dragged]
        for uid in order:
            tray = self.trays[uid]
            x, y, f = self.pose(uid)
            df = abs((f - tray.facing + 180) % 360 - 180)
            if math.hypot(x - tray.x, y - tray.y) > tolerance or df > 0.05:
                out.append(MovedTray(uid, round(x, 3), round(y, 3), round(f, 1) % 360.0))
        return out
