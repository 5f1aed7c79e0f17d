"""The side panel takes back the buttons a rebuild makes again (issue 12: building a
pygame_gui button costs about a millisecond, and selecting another unit usually gives the
same tools and commands), and such a button acts for the new selection."""

from __future__ import annotations

from pathlib import Path

from .conftest import SCENARIOS
from .driver import click, find_button, make_app, press, screen_of, table

SKIRMISH = SCENARIOS / "asoiaf_skirmish.toml"


def select(app: object, uid: str) -> None:
    scene = table(app)  # type: ignore[arg-type]
    tray = scene.state.units[uid].tray
    assert tray is not None
    click(app, screen_of(app, tray.x, tray.y))  # type: ignore[arg-type]
    assert scene.view.selected == uid


def test_a_button_made_again_is_the_same_widget_and_acts_for_the_new_unit(
        data_dir: Path) -> None:
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    select(app, "sworn")
    save, hold = find_button(app, "Save"), find_button(app, "Hold")
    widgets = list(scene.panel.elements)
    select(app, "berserkers")
    assert find_button(app, "Save") is save  # taken back, not built again
    assert find_button(app, "Hold") is hold and hold.alive()
    assert all(e.alive() for e in scene.panel.elements)
    assert not [e for e in widgets if e not in scene.panel.elements and e.alive()]
    press(app, "Hold")  # the kept button's callback is the new unit's
    assert scene.game.log[-1].action.unit == "berserkers"  # type: ignore[attr-defined]


def test_a_button_whose_state_changed_is_built_afresh(data_dir: Path) -> None:
    app = make_app(data_dir, SKIRMISH)
    scene = table(app)
    select(app, "sworn")
    save = find_button(app, "Save")
    save.disable()  # no longer what it was built as: never taken back
    scene.panel.invalidate()
    select(app, "bowmen")
    fresh = find_button(app, "Save")
    assert fresh is not save and fresh.is_enabled and not save.alive()
