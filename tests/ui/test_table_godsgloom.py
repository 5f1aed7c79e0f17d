"""Drive the real table scene through a GODSGLOOM melee with posted input events: select,
activate, Melee, pick the target, type the dice, answer push / stand / retreat (a clickable
ghost hex); check the state and pixels. Also the corner Line of Sight overlay (HX-LOS-1)."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from game.core.pending import Chance, PlayerDecision
from game.ui import hexlayout
from game.ui.app import App
from game.ui.modes import GhostPickMode, TargetMode
from game.ui.palette import hex_to_rgb

from .driver import (
    click,
    frames,
    hover,
    make_app,
    overrides,
    pixel,
    press,
    press_offer,
    press_variant,
    screen_of,
    table,
)

DUEL = Path(__file__).parent / "data" / "godsgloom_duel.toml"


def hex_pos(app: App, q: int, r: int) -> tuple[int, int]:
    """Screen pixel of a hex centre."""
    return screen_of(app, *hexlayout.hex_centre(q, r))


def unit_pos(app: App, uid: str) -> tuple[int, int]:
    """Screen pixel of a hex unit's centre."""
    unit = table(app).state.units[uid]
    assert unit.hex is not None
    return hex_pos(app, unit.hex.q, unit.hex.r)


def type_dice(app: App, faces: str) -> None:
    """Click the dice entry, type the faces, press "Use my dice"."""
    entry = table(app).panel.dice_entry
    assert entry is not None
    click(app, entry.rect.center)
    events = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in faces]
    frames(app, 1, events)
    assert entry.get_text() == faces
    press(app, "Use my dice")


def side_colour_near(app: App, uid: str) -> bool:
    """Whether the unit's side colour is drawn around its hex centre (on its disc)."""
    scene = table(app)
    unit = scene.state.units[uid]
    colour = hex_to_rgb(scene.state.player(unit.owner).colour)
    cx, cy = unit_pos(app, uid)
    radius = scene.view.camera.zoom * 0.78 * 0.7
    ring = [(round(cx + radius * math.cos(a * math.tau / 16)),
             round(cy + radius * math.sin(a * math.tau / 16))) for a in range(16)]
    return any(pixel(app, p) == colour for p in ring)


def test_melee_odds_on_hover(data_dir: Path) -> None:
    app = make_app(data_dir, DUEL)
    scene = table(app)
    click(app, unit_pos(app, "a1"))
    assert scene.view.selected == "a1"
    hover(app, unit_pos(app, "g1"))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.target == "g1"
    assert overlay.inspection == scene.game.ruleset.inspect_pair(scene.state, "a1", "g1")
    if not overrides(scene.game.ruleset, "inspect_pair"):
        pytest.skip("this tree's GODSGLOOM has no inspection of its own yet")
    text = "\n".join(overlay.lines)
    assert "Melee" in text and "%" in text, text


def test_play_a_melee_with_clicks(data_dir: Path) -> None:
    app = make_app(data_dir, DUEL)
    scene = table(app)
    click(app, unit_pos(app, "a1"))
    press(app, "Activate")
    assert scene.state.turn.current_unit == "a1"
    click(app, unit_pos(app, "a1"))  # still selected after the activation
    press(app, "Melee attack")
    assert isinstance(scene.mode, TargetMode) and scene.view.targets == frozenset({"g1"})
    click(app, unit_pos(app, "g1"))
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.player == 1
    type_dice(app, "3 1 1 3 3")  # 1 Hit, 2 Blocks
    node = scene.game.pending()
    assert isinstance(node, Chance) and node.player == 2
    type_dice(app, "1 1 1 1 1")  # nothing
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "push"
    press_offer(app, "choose push=yes")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "stand"
    press_offer(app, "choose stand=no")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "retreat"
    if all(o.ghost is not None for o in node.offers):
        assert {g.hex for g in scene.view.ghosts} == {(2, 3), (3, 1), (3, 2)}
        click(app, hex_pos(app, 3, 1))  # the ghost hex
    else:  # the base-class presentation draws no ghosts for answers: use the panel
        press_offer(app, "choose q=3 r=1")
    frames(app, 3)
    state = scene.state
    g1, a1 = state.units["g1"], state.units["a1"]
    assert g1.hex is not None and (g1.hex.q, g1.hex.r) == (3, 1)
    assert g1.status()["health"] == 3 and g1.status()["tokens"] == 2
    assert a1.hex is not None and (a1.hex.q, a1.hex.r) == (2, 2)  # followed up
    assert scene.game.current_player() == 2
    assert side_colour_near(app, "g1") and side_colour_near(app, "a1")
    assert not side_colour_near(app, "a2") or state.units["a2"].hex is not None
    texts = [e.text for e in scene.game.events()]
    assert any("pushed back to (3,1)" in t for t in texts), texts[-6:]


def test_advance_face_and_rally_buttons(data_dir: Path) -> None:
    app = make_app(data_dir, DUEL)
    scene = table(app)
    click(app, unit_pos(app, "a2"))
    press(app, "Activate")
    click(app, unit_pos(app, "a2"))
    press(app, "Advance")
    mode = scene.mode
    assert isinstance(mode, GhostPickMode)
    if all(o.ghost is not None for o in mode.offers):
        assert (1, 0) in {g.hex for g in scene.view.ghosts}
        click(app, hex_pos(app, 1, 0))
        mode = scene.mode
        assert isinstance(mode, GhostPickMode) and len(mode.offers) == 6
    press_variant(app, "advance a2 1 0 0")
    a2 = scene.state.units["a2"]
    assert a2.hex is not None and (a2.hex.q, a2.hex.r, a2.hex_facing) == (1, 0, 0)
    press(app, "Face")
    press_variant(app, "face a2 2")
    assert scene.state.units["a2"].hex_facing == 2
    press(app, "Focus")
    assert scene.state.units["a2"].status()["focus"] is True
    assert scene.game.current_player() == 2


def test_hex_line_of_sight_lines_are_drawn(data_dir: Path) -> None:
    app = make_app(data_dir, DUEL)
    scene = table(app)
    click(app, unit_pos(app, "a2"))
    if not overrides(scene.game.ruleset, "inspect_pair"):
        pytest.skip("this tree's GODSGLOOM has no inspection of its own yet")
    hover(app, unit_pos(app, "g1"))
    overlay = scene.view.overlay
    assert overlay is not None and overlay.visible is True
    # the table draws the ruleset's own HX-LOS-1 answer (terrain blocks sight, units do not)
    from game.rulesets.godsgloom.board import sight as ruleset_sight

    state = scene.state
    g1 = state.units["g1"]
    assert g1.hex is not None
    expected = ruleset_sight(state, state.units["a2"], g1.hex).lines  # type: ignore[arg-type]
    assert len(overlay.witness_lines) == len(expected) >= 2
    sight = scene.renderer.palette.sight_line
    assert _line_pixels(app, overlay.witness_lines, overlay.range_from, overlay.range_to) == sight
    hover(app, unit_pos(app, "g3"))  # behind the tower: one clear corner line only
    overlay = scene.view.overlay
    assert overlay is not None and overlay.visible is False
    assert overlay.witness_lines == () and len(overlay.blocked_lines) == 1
    blocked = scene.renderer.palette.blocked_line
    assert _line_pixels(app, overlay.blocked_lines, overlay.range_from, overlay.range_to) == blocked
    assert any("Line of Sight: no" in line for line in overlay.lines)


def _line_pixels(
    app: App, lines: tuple[tuple[tuple[float, float], tuple[float, float]], ...],
    ra: tuple[float, float] | None, rb: tuple[float, float] | None,
) -> tuple[int, int, int]:
    """The colour at a point of the line farthest from the centre-to-centre range line (from
    the lines' common start to the middle of their ends when no range line is drawn)."""
    if ra is None or rb is None:
        ra = lines[0][0]
        rb = (sum(b[0] for _, b in lines) / len(lines), sum(b[1] for _, b in lines) / len(lines))

    def away(p: tuple[float, float]) -> float:
        assert ra is not None and rb is not None
        dx, dy = rb[0] - ra[0], rb[1] - ra[1]
        return abs(dx * (p[1] - ra[1]) - dy * (p[0] - ra[0])) / math.hypot(dx, dy)

    points = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
              for a, b in lines for t in (0.3, 0.5, 0.7)]
    best = max(points, key=away)
    return pixel(app, screen_of(app, *best))
