"""Night on the realms table (issue 29, major 4): the ruleset declares it through the
contract (``Ruleset.table_conditions``, a ``TableCondition``) and the table draws what it is
given: a dark board, a "Night" badge in the top bar, the hand-over screen saying it, and the
precision line of the unit card (RL-TRN-1, RL-NGT-1, RL-NGT-2)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame

from game.ui import hexlayout
from game.ui.app import App
from game.ui.screens import HandoffScene

from .conftest import SCENARIOS
from .driver import click, frames, key, make_app, pixel, press, screen_of, table

NIGHT = SCENARIOS / "realms_night_precision.toml"


def _day_copy(tmp: Path) -> Path:
    """The night scenario with no night round."""
    day = tmp / "day.toml"
    day.write_text(NIGHT.read_text().replace("night_rounds = [1, 2]", "night_rounds = []"))
    return day


def _empty_hex(app: App) -> tuple[int, int]:
    return screen_of(app, *hexlayout.hex_centre(-2, 2))


def test_night_RL_NGT_1_is_declared_in_night_rounds_only(data_dir: Path) -> None:
    """RL-TRN-1 / RL-NGT-1: the scenario's night rounds, and no others, are declared night."""
    app = make_app(data_dir, NIGHT)
    scene = table(app)
    found = scene.game.ruleset.table_conditions(scene.state)
    assert [c.word for c in found] == ["Night"] and found[0].light == "night"
    assert "RL-NGT-1" in found[0].rules
    day = make_app(data_dir, _day_copy(data_dir))
    assert table(day).game.ruleset.table_conditions(table(day).state) == ()


def test_the_board_is_dark_and_the_top_bar_says_night(data_dir: Path) -> None:
    day = make_app(data_dir, _day_copy(data_dir))
    lit = pixel(day, _empty_hex(day))
    app = make_app(data_dir, NIGHT)
    dark = pixel(app, _empty_hex(app))
    assert sum(dark) < sum(lit) - 120 and dark[2] > dark[0]  # darker, and blue, not grey
    scene = table(app)
    assert [c.word for c in scene.hud.conditions()] == ["Night"]
    bar = scene.hud._layers["top"][1]  # the badge is painted in its night blue
    blues = sum(1 for x in range(0, bar.get_width(), 2)
                if tuple(bar.get_at((x, 19)))[:3] == (46, 62, 130))
    assert blues > 10
    day_bar = table(day).hud._layers["top"][1]
    assert not any(tuple(day_bar.get_at((x, 19)))[:3] == (46, 62, 130)
                   for x in range(0, day_bar.get_width(), 2))


def test_the_unit_card_says_what_night_does_to_precision(data_dir: Path) -> None:
    app = make_app(data_dir, NIGHT)
    scene = table(app)
    unit = scene.state.units["a"]
    assert unit.hex is not None
    click(app, screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r)))
    card = scene.game.ruleset.unit_card(scene.state, "a")
    assert card is not None
    assert any(line.text.startswith("Night: Precision 3") for line in card.lines)


def test_the_hand_over_says_night_and_takes_only_enter_or_a_click(data_dir: Path) -> None:
    """The screen says "Click or press Enter": Space (the dice key) leaves it up."""
    app = make_app(data_dir, NIGHT, handoff=True)
    scene = table(app)
    unit = scene.state.units["a"]
    assert unit.hex is not None
    click(app, screen_of(app, *hexlayout.hex_centre(unit.hex.q, unit.hex.r)))
    press(app, "Command")
    press(app, "End")
    frames(app, 3)
    shown = app.scene
    assert isinstance(shown, HandoffScene), type(shown).__name__
    assert shown.conditions and shown.conditions[0].startswith("Night: ")
    key(app, pygame.K_SPACE)
    assert app.scene is shown
    key(app, pygame.K_RETURN)
    assert app.scene is scene


def test_the_realms_legend_gives_every_height_its_shade_and_its_pegs(data_dir: Path) -> None:
    """Issue 29 major 5: the legend's swatches of hill, hill crown, mesa and tower are the
    shades they are drawn in (apart by height) and say their heights (RL-MOV-1)."""
    app = make_app(data_dir, SCENARIOS / "realms_skirmish.toml")
    rows = dict(table(app).hud.legend_rows())
    by_kind = {text.split(",")[0]: colour for text, colour in rows.items()}
    assert any(text.startswith("mesa, 12 pegs") for text in rows)
    climb = [sum(by_kind[kind]) for kind in ("hill", "hill crown", "mesa", "tower")]
    assert all(b - a >= 30 for a, b in itertools.pairwise(climb)), climb
