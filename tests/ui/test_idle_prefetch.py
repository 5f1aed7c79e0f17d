"""Issue 32: after a select, the table lets the ruleset build ahead what hovering with that
unit asks (``Ruleset.prepare_unit``), a step per frame whose only input is the pointer moving
(the player pointing at what to look at), and none in a frame with other input (a drag, a
key, the wheel); the hover then finds it built."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from .conftest import SCENARIOS
from .driver import make_app, screen_of, table

CHARGE = SCENARIOS / "asoiaf_charge_example.toml"
DT = 1 / 60


def _step(app: Any, events: list[pygame.event.Event] | None = None) -> None:
    app.step((events or []) + pygame.event.get(), DT)


def test_the_selected_units_hover_is_built_while_the_player_only_points(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(data_dir, CHARGE)
    scene = table(app)
    rules = scene.game.ruleset
    steps: list[str] = []
    real = rules.prepare_unit

    def counted(state: Any, unit_id: str) -> bool:
        steps.append(unit_id)
        return bool(real(state, unit_id))

    monkeypatch.setattr(rules, "prepare_unit", counted)
    sworn = scene.state.units["sworn"]
    assert sworn.tray is not None
    pos = screen_of(app, sworn.tray.x, sworn.tray.y)
    _step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert scene.view.selected == "sworn"
    for k in range(5):  # a drag (a button held) every frame: no step
        drag = pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + k, pos[1]), rel=(1, 0),
                                  buttons=(0, 0, 1))
        _step(app, [drag])
    _step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3)])
    assert steps == []
    for k in range(3):  # the pointer moves with no button: a step a frame
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] - k, pos[1]), rel=(-1, 0),
                                    buttons=(0, 0, 0))
        _step(app, [motion])
    assert steps and set(steps) == {"sworn"}
    for _ in range(3):  # the pointer rests: on until the unit's row is whole
        _step(app)
    done = len(steps)
    for _ in range(3):
        _step(app)
    assert len(steps) == done  # built: nothing more asked
    assert rules.worlds.of(scene.state).prefetch_row("sworn")  # the whole row is there
