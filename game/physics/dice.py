"""Dice tumbling in a tray with pymunk: a seeded, fixed-step simulation whose dice come to rest
showing the results the core already recorded (the physics only animates them).

The tray is ``width`` x ``height`` units with walls; each die is a square body thrown from the
left with a seeded velocity and spin. :func:`tumble` returns the frames; the face shown while a
die tumbles changes with its rotation, and the last frames show the recorded results.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pymunk

FIXED_DT = 1.0 / 60.0


@dataclass(frozen=True)
class DieFrame:
    """One die in one frame: centre, angle (radians) and the face shown."""

    x: float
    y: float
    angle: float
    face: int


def _walls(space: pymunk.Space, width: float, height: float) -> None:
    corners = [(0, 0), (width, 0), (width, height), (0, height)]
    for i in range(4):
        seg = pymunk.Segment(space.static_body, corners[i], corners[(i + 1) % 4], 2.0)
        seg.elasticity = 0.6
        seg.friction = 0.8
        space.add(seg)


def tumble(
    results: tuple[int, ...], sides: int, seed: int, width: float = 300.0, height: float = 150.0,
    frames: int = 75, size: float = 26.0,
) -> list[list[DieFrame]]:
    """Simulate ``len(results)`` dice; every die shows its recorded result in the last frames."""
    rng = random.Random(seed)
    space = pymunk.Space()
    space.damping = 0.35
    _walls(space, width, height)
    bodies: list[pymunk.Body] = []
    count = len(results)
    for i in range(count):
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
        row = (i % 5) + 0.5
        body.position = (size + rng.uniform(0, size), height * row / 5.5)
        body.angle = rng.uniform(0, math.tau)
        body.velocity = (rng.uniform(350, 600), rng.uniform(-200, 200))
        body.angular_velocity = rng.uniform(-20, 20)
        shape = pymunk.Poly.create_box(body, (size, size), radius=2.0)
        shape.elasticity = 0.5
        shape.friction = 0.7
        space.add(body, shape)
        bodies.append(body)
    out: list[list[DieFrame]] = []
    settle = int(frames * 0.7)
    for n in range(frames):
        space.step(FIXED_DT)
        frame: list[DieFrame] = []
        for body, result in zip(bodies, results, strict=True):
            face = result if n >= settle else 1 + int(abs(body.angle) * 3 + n // 4) % sides
            frame.append(DieFrame(float(body.position.x), float(body.position.y),
                                  float(body.angle), face))
        out.append(frame)
    return out
