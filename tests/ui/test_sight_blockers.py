"""Issue 29: what hides a target is named and drawn. The realms sight explanation named no
blocker ("hidden by the terrain"), drew no wall, and its side view of a line beside a mesa
stopped at the eye height; an ASOIAF refusal for sight drew nothing."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.inspect import Area, HexMark, Segment
from game.core.pending import Refusal
from game.geometry.hexgrid import Hex
from game.rulesets.realms.rules import attempt
from game.scenario import load_scenario
from game.ui.assets import Fonts
from game.ui.draw_profile import BLOCKED, profile_surface
from game.ui.headless import init_headless

from .conftest import SCENARIOS
from .driver import click, hover, make_app, press, screen_of, table


@pytest.fixture(autouse=True)
def _pygame() -> None:
    init_headless()


def _realms() -> tuple[object, object]:
    game = load_scenario(SCENARIOS / "realms_skirmish.toml").new_game()
    return game.state, game.ruleset


def test_RL_LOS_1_a_wall_that_hides_a_target_is_named_and_drawn() -> None:
    """RL-LOS-1: two walls on hex edges hide the Frost brawler from the Ember spearman; the
    hover names the wall with its height and draws it along its edge, labelled."""
    state, rs = _realms()
    found = rs.inspect_pair(state, "sp1", "br2")  # type: ignore[attr-defined]
    line = next(t.text for t in found.lines if t.text.startswith("Not in sight"))
    assert "the wall (6 pegs)" in line and "terrain" not in line, line
    walls = [s for s in found.shapes if isinstance(s, Segment) and s.style == "blocked"
             and s.label.startswith("the wall")]
    assert len(walls) == 2, found.shapes


def test_RL_LOS_1_a_unit_in_the_way_is_named_on_its_space() -> None:
    state, rs = _realms()
    found = rs.inspect_pair(state, "s1", "du1")  # type: ignore[attr-defined]
    line = next(t.text for t in found.lines if t.text.startswith("Not in sight"))
    assert "Ember Spear and Shield" in line, line
    marks = [s for s in found.shapes if isinstance(s, HexMark) and s.style == "blocked"]
    assert [(m.q, m.r, m.label) for m in marks] == [(5, 1, "Ember Spear and Shield")]


def test_RL_LOS_1_a_refused_attack_names_and_marks_what_hides_the_target() -> None:
    """RL-LOS-1: the refusal the table shows on hovering a target it cannot attack names the
    blocker (the Frost wyrm in front of the swordsman) and carries its space as a mark."""
    state, rs = _realms()
    archer = state.units["ar1"]  # type: ignore[attr-defined]
    archer.hex = Hex(-4, 8)
    rs.memo.forget()  # type: ignore[attr-defined]
    found = attempt(rs.settings, state, archer, "s2", "main")  # type: ignore[attr-defined]
    assert isinstance(found, Refusal) and "RL-LOS-1" in found.rules
    assert "hidden from Ember Archer by Frost Cliff Wyrm" in found.reason, found.reason
    assert [(m.q, m.r, m.label) for m in found.marks if isinstance(m, HexMark)] == [
        (-2, 8, "Frost Cliff Wyrm")]


def test_RL_LOS_1_the_side_view_shows_a_mesa_beside_a_hex_edge_line() -> None:
    """RL-LOS-1: a line from (5,0) to (5,7) runs along the mesa's and the tower's edges; the
    drawn line crosses neither, yet they hid the target. The side view now stands them where
    they lie (a blocker bar as tall as the tower), so its scale reaches 18 pegs, and the
    red cut sits at the first of them."""
    state, rs = _realms()
    for uid in list(state.units):  # type: ignore[attr-defined]
        if uid not in ("sp1", "s2"):
            del state.units[uid]  # type: ignore[attr-defined]
    state.units["sp1"].hex, state.units["s2"].hex = Hex(5, 0), Hex(5, 7)  # type: ignore
    rs.memo.forget()  # type: ignore[attr-defined]
    chart = rs.inspect_pair(state, "sp1", "s2").profiles[0]  # type: ignore[attr-defined]
    assert "blocked by the tower (18 pegs)" in chart.title, chart.title
    beside = [b for b in chart.bars if b.style == "blocker"]
    assert beside and max(b.top for b in beside) == 18.0, chart.bars
    assert chart.blocked is not None and chart.blocked[0] > 0.0
    fonts = Fonts()
    image = profile_surface(chart, lambda size, bold: fonts.get(size, bold))
    red = sum(1 for x in range(image.get_width()) for y in range(image.get_height())
              if image.get_at((x, y))[:3] == BLOCKED)
    assert red > 40  # the blockers' outlines and the cut line


def test_AS_CHG_1_a_charge_refused_for_sight_names_and_outlines_the_wall(data_dir: Path
                                                                         ) -> None:
    """AS-CHG-1: hovering a unit the stone wall hides says so by name (the sight line and
    the refused charge), and the table draws the wall's outline labelled with its name."""
    app = make_app(data_dir, SCENARIOS / "asoiaf_skirmish.toml")
    scene = table(app)
    riders, halberds = scene.state.units["outriders"], scene.state.units["halberdiers"]
    assert riders.tray is not None and halberds.tray is not None
    click(app, screen_of(app, riders.tray.x, riders.tray.y))
    hover(app, screen_of(app, halberds.tray.x, halberds.tray.y))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.target == "halberdiers"
    text = "\n".join(overlay.lines)
    assert "Line of Sight: no (blocked by the stone wall)" in text, text
    assert "Charge: not possible" in text and "(blocked by the stone wall)" in text.split(
        "Charge: not possible")[1], text
    walls = [s for s in overlay.inspection.shapes if isinstance(s, Area) and s.label]
    assert "the stone wall" in [w.label for w in walls]


def test_AS_RNG_4_the_target_refusal_names_and_marks_the_blocker() -> None:
    """AS-CHG-1, AS-RNG-4: the refusal the table shows on hovering a unit that is no target
    of the Charge names the stone wall and outlines it (marks), with the blocked line."""
    game = load_scenario(SCENARIOS / "asoiaf_skirmish.toml").new_game()
    charge = next(c for c in game.ruleset.commands(game.state, "outriders")
                  if c.key == "charge")
    assert charge.target_refusal is not None
    refusal = charge.target_refusal("halberdiers")
    assert refusal is not None and "(blocked by the stone wall)" in refusal.reason
    assert [m.label for m in refusal.marks if isinstance(m, Area)] == ["the stone wall"]
    assert any(isinstance(m, Segment) and m.style == "blocked" for m in refusal.marks)


def test_AS_CHG_1_hovering_a_hidden_unit_in_the_charge_mode_draws_what_hides_it(
        data_dir: Path) -> None:
    """AS-CHG-1: choosing Charge and pointing at the Knights, whom the Lannister Halberdiers
    hide, says so in the status line and draws the Halberdiers' outline named (the refusal's
    marks), and pointing at a target clears them."""
    app = make_app(data_dir, SCENARIOS / "asoiaf_choices.toml")
    scene = table(app)
    sworn, knights = scene.state.units["sworn"], scene.state.units["knights"]
    guard = scene.state.units["guardsmen"]
    assert sworn.tray is not None and knights.tray is not None and guard.tray is not None
    click(app, screen_of(app, sworn.tray.x, sworn.tray.y))
    press(app, "Charge")
    hover(app, screen_of(app, knights.tray.x, knights.tray.y))
    assert "blocked by Lannister Halberdiers" in scene.status, scene.status
    named = [m.label for m in scene.view.refusal_marks if isinstance(m, Area)]
    assert named == ["Lannister Halberdiers"]
    drawn: list[object] = []  # the hover box outlines it too: the name is drawn once
    painter = scene.renderer.painter
    real = painter.shapes
    painter.shapes = lambda surface, state, overlay, cam, labels=True: drawn.extend(  # type: ignore[method-assign]
        overlay.inspection.shapes)
    scene._draw_refusal_marks(pygame.Surface((10, 10)))
    painter.shapes = real  # type: ignore[method-assign]
    overlay = scene.view.overlay
    assert overlay is not None
    labels = [m.label for m in (*overlay.inspection.shapes, *drawn)
              if isinstance(m, Area) and m.label]
    assert labels.count("Lannister Halberdiers") == 1, labels
    hover(app, screen_of(app, guard.tray.x, guard.tray.y))
    assert scene.view.refusal_marks == ()
