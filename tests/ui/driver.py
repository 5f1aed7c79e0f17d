"""Drive a headless App by posting real input events."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.ui.app import App
from game.ui.screens import start_table
from game.ui.table_scene import TableScene

DT = 1 / 60


def make_app(data_dir: Path, scenario: Path, handoff: bool = False) -> App:
    """An app on a scenario's table (handoff screen off unless asked)."""
    app = App((1280, 800), data_dir)
    app.settings.handoff_screen = handoff
    app.settings.animate = False
    start_table(app, scenario)
    frames(app, 2)
    return app


def frames(app: App, n: int = 1, events: list[pygame.event.Event] | None = None) -> None:
    """Run ``n`` frames; the first gets ``events``; GUI events posted meanwhile are routed."""
    for i in range(n):
        batch = (events or []) if i == 0 else []
        app.step(batch + pygame.event.get(), DT)
    app.step(pygame.event.get(), DT)


def table(app: App) -> TableScene:
    """The current scene, which must be the table."""
    assert isinstance(app.scene, TableScene), type(app.scene).__name__
    return app.scene


def screen_of(app: App, x: float, y: float) -> tuple[int, int]:
    """Screen pixel of a world point on the table."""
    sx, sy = table(app).view.camera.to_screen(x, y)
    return (round(sx), round(sy))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move to ``pos``, press and release a mouse button there."""
    events = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]
    frames(app, 2, events)


def hover(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos``."""
    frames(app, 1, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                       buttons=(0, 0, 0))])


def key(app: App, k: int, mod: int = 0) -> None:
    """Press and release a key."""
    frames(app, 1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                    pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)])


def find_button(app: App, text: str) -> Any:
    """The GUI button on the screen whose label starts with ``text`` (enabled or not; not a
    button the panel keeps hidden for a build)."""
    for element in app.manager.get_sprite_group().sprites():
        if getattr(element, "text", None) and str(element.text).startswith(text) and hasattr(
                element, "is_enabled") and element.visible:
            return element
    raise AssertionError(f"no button {text!r}")


def press(app: App, text: str) -> None:
    """Click the GUI button labelled ``text``."""
    b = find_button(app, text)
    assert b.is_enabled, f"{text} is disabled"
    click(app, b.rect.center)


def pixel(app: App, pos: tuple[int, int]) -> tuple[int, int, int]:
    """RGB at a screen pixel."""
    c = app.screen.get_at(pos)
    return (c.r, c.g, c.b)


def press_offer(app: App, text_form: str) -> None:
    """Click the panel button of the pending decision's offer whose action starts with ``text_form``
    (tests name answers by their syntax; the button shows the ruleset's label)."""
    from game.core.pending import PlayerDecision

    node = table(app).game.pending()
    assert isinstance(node, PlayerDecision), node
    labels = [o.label for o in node.offers if str(o.action).startswith(text_form)]
    assert labels, [str(o.action) for o in node.offers]
    press(app, labels[0])


def overrides(ruleset: object, method: str) -> bool:
    """Whether a ruleset writes its own ``method`` of the plug-in contract (not the base
    class default): tests of richer records run only then."""
    from game.core.ruleset import Ruleset

    return getattr(type(ruleset), method) is not getattr(Ruleset, method)


def needs_steer(scene: TableScene, uid: str, label: str) -> None:
    """Skip unless the ruleset offers ``label`` of ``uid`` as a Steer command (the pointing
    mode): the base-class default commands cannot steer."""
    import pytest

    commands = [c for c in scene.commands_of(uid) if c.label == label]
    if not commands or commands[0].steer is None:
        pytest.skip(f"{scene.game.ruleset.name} offers no Steer for {label} in this tree")


def press_variant(app: App, text_form: str) -> None:
    """Pick the variant whose action is ``text_form`` from the panel's list (scrolling the
    list to it when it is long)."""
    from game.ui.modes import GhostPickMode

    scene = table(app)
    mode = scene.mode
    assert isinstance(mode, GhostPickMode), mode
    from game.ui.modes import short_labels

    shown = [str(b.text) for b in app.manager.get_sprite_group().sprites()
             if getattr(b, "text", None) is not None and b.visible]
    labels = [o.label for o in mode.offers]
    whole = all(label in shown for label in labels)
    shown = labels if whole else short_labels(labels, lambda text: False)  # the buttons
    found = [i for i, o in enumerate(mode.offers) if str(o.action) == text_form]
    assert found, [str(o.action) for o in mode.offers][:20]
    button = find_button(app, shown[found[0]])
    box = scene.panel.list_box
    if box is not None and not box.rect.contains(button.rect):
        index = found[0]
        box.vert_scroll_bar.set_scroll_from_start_percentage(index / len(mode.offers))
        frames(app, 3)
    assert box is None or box.rect.contains(button.rect), (box.rect, button.rect)
    click(app, button.rect.center)


def steer_unit(app: App, uid: str, label: str = "Maneuver") -> Any:
    """Click a tray unit and press its Steer command ``label``: the pointing mode (skips when
    the ruleset offers no such steer)."""
    from game.ui.modes import SteerMode

    scene = table(app)
    tray = scene.state.units[uid].tray
    assert tray is not None
    click(app, screen_of(app, tray.x, tray.y))
    needs_steer(scene, uid, label)
    press(app, label)
    assert isinstance(scene.mode, SteerMode)
    return scene.mode


def activate_hex_unit(app: App, uid: str, command: str) -> None:
    """Click a hex unit, press Activate, click it again and press its ``command`` (GODSGLOOM:
    a unit acts only once activated)."""
    from game.ui import hexlayout

    unit = table(app).state.units[uid]
    assert unit.hex is not None
    here = screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r))
    click(app, here)
    press(app, "Activate")
    click(app, here)
    press(app, command)
