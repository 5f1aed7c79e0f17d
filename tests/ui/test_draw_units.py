"""The table draws a ruleset's unit looks (model bases, footprints, heights) generically, and a
ruleset that declares no look is drawn exactly as before (headless pixel tests)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.core.inspect import ModelBase, UnitLook
from game.core.ruleset import Ruleset
from game.core.state import GameState
from game.geometry.tray import Tray
from game.rulesets.sandbox import SandboxRuleset
from game.scenario import load_scenario
from game.ui import hexlayout
from game.ui.draw_units import CASUALTY, CHARACTER, CONTACT, lift, shrink
from game.ui.headless import init_headless, render_state
from game.ui.palette import palette_named
from game.ui.render import Renderer, fit_camera
from game.ui.view import ViewState

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SIZE = (640, 480)


@pytest.fixture(autouse=True)
def _pygame() -> None:
    init_headless()


def draw(state: GameState, ruleset: Ruleset | None,
         box: tuple[float, float, float, float] | None = None) -> tuple[pygame.Surface, ViewState]:
    surface = pygame.Surface(SIZE)
    view = ViewState()
    view.camera.resize(0, 0, *SIZE)
    if box is None:
        fit_camera(view.camera, state)
    else:
        view.camera.fit(*box, 0.0)
    Renderer(palette_named("default"), ruleset=ruleset).draw(surface, state, view)
    return surface, view


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "godsgloom_skirmish", "sandbox_table",
                                  "sandbox_hex"])
def test_a_ruleset_without_looks_draws_as_before(name: str) -> None:
    """The default unit_look and board_marks change no pixel of a shipped scenario."""
    game = load_scenario(SCENARIOS / f"{name}.toml").new_game()
    assert game.ruleset.unit_look(game.state, next(iter(game.state.units))) is None
    assert game.ruleset.board_marks(game.state) == ()
    plain, _ = draw(game.state, None)
    with_rules, _ = draw(game.state, game.ruleset)
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(with_rules, "RGB")


class Looks(SandboxRuleset):
    """A ruleset declaring fixed looks (the sandbox otherwise)."""

    name = "looks-test"

    def __init__(self, looks: dict[str, UnitLook]) -> None:
        super().__init__()
        self.looks = looks

    def unit_look(self, state: GameState, unit_id: str) -> UnitLook | None:
        return self.looks.get(unit_id)


def _square(cx: float, cy: float, half: float) -> tuple[tuple[float, float], ...]:
    return ((cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half),
            (cx - half, cy + half))


def _table_unit() -> tuple[GameState, str, Tray]:
    game = load_scenario(SCENARIOS / "sandbox_table.toml").new_game()
    uid = next(u.id for u in game.state.units.values() if u.tray is not None)
    tray = game.state.units[uid].tray
    assert tray is not None
    straight = Tray(tray.x, tray.y, 0.0, 4.0, 2.0, 2, 1)
    game.state.units[uid].tray = straight
    return game.state, uid, straight


def _screen(view: ViewState, x: float, y: float) -> tuple[int, int]:
    sx, sy = view.camera.to_screen(x, y)
    return round(sx), round(sy)


def test_model_bases_are_drawn_one_by_one_with_their_kind_and_mark() -> None:
    state, uid, tray = _table_unit()
    left, right = (tray.x - 1.0, tray.y), (tray.x + 1.0, tray.y)
    look = UnitLook(bases=(ModelBase(_square(*left, 0.9), "character", "contact", "hero"),
                           ModelBase(_square(*right, 0.9), "rank", "casualty")))
    box = (tray.x - 3, tray.y - 3, tray.x + 3, tray.y + 3)
    surface, view = draw(state, Looks({uid: look}), box)
    # the character's star is white at its base's centre
    assert surface.get_at(_screen(view, *left))[:3] == CHARACTER
    # the casualty is crossed out in red through its centre
    assert surface.get_at(_screen(view, *right))[:3] == CASUALTY
    # the contact outline runs along the character's base edge (just inside its ring)
    zoom = view.camera.zoom
    ring = shrink([view.camera.to_screen(x, y) for x, y in _square(*left, 0.9)],
                  max(1.0, zoom * 0.05))
    (x0, _), (_, _y0) = ring[0], ring[0]
    edge_y = round((ring[0][1] + ring[3][1]) / 2)
    hits = [surface.get_at((round(x0) + dx, edge_y))[:3] for dx in range(0, 4)]
    assert CONTACT in hits


def test_a_tray_unit_without_bases_keeps_its_uniform_slots() -> None:
    state, uid, _tray = _table_unit()
    plain, _ = draw(state, Looks({}))
    empty_look, _ = draw(state, Looks({uid: UnitLook()}))
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(empty_look, "RGB")


def test_a_large_unit_covers_every_hex_of_its_footprint_and_shows_its_height() -> None:
    game = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game()
    state = game.state
    unit = next(u for u in state.units.values() if u.hex is not None)
    assert unit.hex is not None
    other = next((n for n in unit.hex.neighbors() if n in state.board.cells  # type: ignore[operator]
                  and not any(u.hex == n for u in state.units.values())), None)
    assert other is not None
    look = UnitLook(hexes=((unit.hex.q, unit.hex.r), (other.q, other.r)), height="7 pegs")
    before, view = draw(state, None)
    after, _ = draw(state, Looks({unit.id: look}))
    player = state.player(unit.owner)
    colour = palette_named("default").player_colour(player.number, player.colour)
    # the second hex is filled in the darkened side colour
    cx, cy = hexlayout.hex_centre(other.q, other.r)
    probe = _screen(view, cx + 0.3, cy + 0.45)
    assert after.get_at(probe)[:3] == lift(colour, 0.7)
    assert before.get_at(probe)[:3] != lift(colour, 0.7)
    # the height tag (light yellow text on black) appears above the token's centre
    sx, sy = _screen(view, *hexlayout.hex_centre(unit.hex.q, unit.hex.r))
    zoom = view.camera.zoom
    region = pygame.Rect(sx - zoom, sy - zoom * 0.8, 2 * zoom, zoom * 0.4)
    colours = {after.get_at((x, y))[:3] for x in range(region.left, region.right)
               for y in range(region.top, region.bottom)}
    assert (255, 240, 170) in colours  # the tag's text colour
    without = draw(state, Looks({unit.id: replace(look, height="")}))[0]
    assert (255, 240, 170) not in {without.get_at((x, y))[:3]
                                   for x in range(region.left, region.right)
                                   for y in range(region.top, region.bottom)}


def test_a_one_hex_footprint_draws_as_no_footprint_at_all() -> None:
    """A look covering only the unit's own hex draws nothing beyond its token: the table
    leaves its footprint step out (issue 32: 200 one-hex figures each drew an empty one)."""
    game = load_scenario(SCENARIOS / "sandbox_hex.toml").new_game()
    state = game.state
    unit = next(u for u in state.units.values() if u.hex is not None)
    assert unit.hex is not None
    one = UnitLook(hexes=((unit.hex.q, unit.hex.r),))
    plain, _ = draw(state, Looks({}))
    drawn, _ = draw(state, Looks({unit.id: one}))
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(drawn, "RGB")


def test_render_state_passes_the_ruleset_to_the_renderer() -> None:
    """``warbench render`` draws the looks of the scenario's ruleset."""
    state, uid, tray = _table_unit()
    look = UnitLook(bases=(ModelBase(_square(tray.x - 1.0, tray.y, 0.9), "rank", "casualty"),))
    plain = render_state(state, SIZE, ruleset=Looks({}))
    drawn = render_state(state, SIZE, ruleset=Looks({uid: look}))
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(drawn, "RGB")
