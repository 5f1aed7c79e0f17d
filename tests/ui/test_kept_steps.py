"""After an action the table redraws only the units it changed (issue 32): the others keep
their drawing steps (the game tells which it left alone), the board layer is redrawn only
where the changed units were and are, and the board drawn so is the very board a fresh
renderer draws of the same moment, action after action, in every rules system; an undo
redraws every unit."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.core.actions import EndActivation
from game.core.pending import Chance, Over, PlayerDecision
from game.geometry.tray import Tray
from game.ui.render import Renderer
from game.ui.table_scene import TableScene

from .conftest import SCENARIOS
from .driver import frames, make_app, table


def _board(scene: TableScene, renderer: Renderer, selected: str | None = None) -> bytes:
    """The viewport's pixels of the board as ``renderer`` draws the table's moment (no
    hover or overlay: the units and the ground, with the arcs of ``selected``)."""
    surface = pygame.Surface(scene.app.screen.get_size())
    view = scene.view
    view.selected, view.hovered = selected, None
    view.overlay = view.unit_overlay = None
    renderer.ruleset = scene.game.ruleset
    view.revision = scene.revision
    renderer.draw(surface, scene.state, view)
    return pygame.image.tobytes(surface.subsurface(scene.viewport()), "RGB")


def _play(scene: TableScene, rng: random.Random) -> bool:
    """One action of the acting player (a unit's legal action, a roll, an answer, or the
    end of the activation) through the table, as its buttons do."""
    node = scene.game.pending()
    if isinstance(node, Over):
        return False
    if isinstance(node, Chance):
        scene.roll()
    elif isinstance(node, PlayerDecision) and node.offers:
        scene.perform(rng.choice(node.offers).action)
    else:
        mine = [u.id for u in scene.state.live_units(scene.game.current_player())]
        legal = scene.game.ruleset.legal_actions_for(scene.state, rng.choice(mine)) if (
            mine) else []
        if not legal or not scene.perform(rng.choice(legal)):
            scene.perform(EndActivation())
    return True


@pytest.mark.parametrize("name", ["asoiaf_skirmish", "ninth_age_battle", "realms_skirmish",
                                  "godsgloom_skirmish"])
def test_the_board_after_each_action_is_a_fresh_renderer_s(data_dir: Path, name: str) -> None:
    app = make_app(data_dir, SCENARIOS / f"{name}.toml")
    scene = table(app)
    rng = random.Random(3)
    kept = 0
    for _ in range(14):
        if not _play(scene, rng):
            break
        frames(app, 1)
        if scene.view.carry is not None:
            kept += len(scene.view.carry[2])
        fresh = Renderer(app.palette, app.fonts)
        assert _board(scene, scene.renderer) == _board(scene, fresh)
    assert kept  # units were left alone, and kept their steps
    assert scene.renderer.stats.get("board_patches", 0) > 0  # and the board was patched
    if scene.game.can_undo() is None:
        scene.flow.undo()
        frames(app, 1)
        assert scene.view.carry is None  # an undo tells nothing: every unit is redrawn
        assert _board(scene, scene.renderer) == _board(scene, Renderer(app.palette, app.fonts))


def test_a_unit_left_alone_keeps_its_steps_and_a_changed_one_gets_new(data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    from game.core.actions import MoveUnit

    kept = scene.renderer._steps_kept
    frames(app, 1)
    before = {uid: entry[3] for uid, entry in kept.items() if entry[3]}
    mover = next(u for u in scene.state.live_units(scene.game.current_player())
                 if u.id in before and u.tray is not None)
    assert mover.tray is not None
    assert scene.perform(MoveUnit(mover.id, mover.tray.x + 0.5, mover.tray.y,
                                  mover.tray.facing))
    frames(app, 1)
    assert scene.view.carry is not None and mover.id not in scene.view.carry[2]
    assert kept[mover.id][3] is not before[mover.id]
    others = [uid for uid in before if uid != mover.id]
    assert others and all(kept[uid][3] is before[uid] for uid in others)


def _moved(scene: TableScene, unit_id: str, tray: Tray) -> None:
    """Put ``unit_id`` at ``tray`` as an action that changed it alone would (the next
    revision, every other unit carried)."""
    scene.state.units[unit_id].tray = tray
    scene.revision += 1
    scene.view.carry = (scene.revision - 1, scene.revision,
                        frozenset(scene.state.units) - {unit_id})


def test_looks_a_move_cannot_reach_are_kept_and_contact_asks_both_sides(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Ninth Age links a unit's look to its engaged enemies: a move asks again only the
    mover's look and those of the enemies it touches before or after it, and the board is a
    fresh renderer's when the mover comes into contact (the enemy's bases now marked) and
    when it leaves it."""
    app = make_app(data_dir, SCENARIOS / "ninth_age_battle.toml")
    scene = table(app)
    frames(app, 1)
    ruleset = scene.game.ruleset
    state = scene.state
    mover = next(u for u in state.live_units(1) if u.tray is not None)
    enemy = next(u for u in state.live_units(2) if u.tray is not None)
    assert mover.tray is not None and enemy.tray is not None
    home, front = mover.tray, enemy.tray
    fx, fy = front.forward
    reach = front.depth / 2 + home.depth / 2
    touching = home.moved_to(front.x + fx * reach, front.y + fy * reach, front.facing + 180)
    asked: list[str] = []
    look = type(ruleset).unit_look
    monkeypatch.setattr(type(ruleset), "unit_look",
                        lambda self, s, uid: asked.append(uid) or look(self, s, uid))
    before = ruleset.unit_look(state, enemy.id)
    aside = home.moved_to(home.x + 0.5, home.y, home.facing)
    for tray in (aside, home):  # the links are first brought to a moment here
        _moved(scene, mover.id, tray)
        _board(scene, scene.renderer)
    patches = scene.renderer.stats.get("board_patches", 0)
    for tray, linked in ((aside, False), (touching, True), (home, True), (touching, True)):
        asked.clear()
        _moved(scene, mover.id, tray)
        drawn = _board(scene, scene.renderer)  # the first drawing of the moment: a patch
        assert set(asked) == ({mover.id, enemy.id} if linked else {mover.id})
        assert drawn == _board(scene, Renderer(app.palette, app.fonts))
    assert scene.renderer.stats["board_patches"] == patches + 4
    assert ruleset.unit_look(state, enemy.id) != before  # in contact: its bases marked


@pytest.mark.parametrize("name", ["ninth_age_battle", "asoiaf_skirmish"])
def test_the_selected_unit_s_arcs_move_with_it_in_a_patch(data_dir: Path, name: str) -> None:
    """Issue 32: the selected unit moves, its arcs move over the page: the ground is patched
    where they changed and the board where the ground and the unit changed, and both are a
    fresh renderer's, move after move (a step, a wheel, one into another unit's place)."""
    app = make_app(data_dir, SCENARIOS / f"{name}.toml")
    scene = table(app)
    state = scene.state
    mover = next(u for u in state.live_units(1) if u.tray is not None)
    other = next(u for u in state.live_units(2) if u.tray is not None)
    assert mover.tray is not None and other.tray is not None
    renderer = scene.renderer
    assert _board(scene, renderer, mover.id)
    home = mover.tray
    fx, fy = home.forward
    for tray in (home.moved_to(home.x + fx, home.y + fy, home.facing),
                 home.moved_to(home.x + fx, home.y + fy, home.facing + 30.0),
                 home.moved_to(home.x + fx * 1.5, home.y + fy * 1.5, home.facing + 20.0),
                 home.moved_to(other.tray.x, other.tray.y, home.facing),
                 home.moved_to(other.tray.x + fx, other.tray.y + fy, home.facing)):
        _moved(scene, mover.id, tray)
        drawn = _board(scene, renderer, mover.id)
        assert drawn == _board(scene, Renderer(app.palette, app.fonts), mover.id)
    assert renderer._ground_patch is not None  # the last move was a patch of the ground
    assert renderer.stats.get("board_patches", 0) >= 3  # and of the board


def test_a_board_over_a_ground_painted_anew_keeps_the_units_left_alone(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: the selected block stepped forward (the board patched, the other units'
    steps carried), then turned about (a reform facing the rear): its arcs change over most
    of the page, so the ground is painted anew and the board drawn whole over it, yet only
    the turned unit's drawing steps are worked out again (a reform asked all 200 units'
    steps again), and the board is a fresh renderer's."""
    app = make_app(data_dir, SCENARIOS / "ninth_age_battle.toml")
    scene = table(app)
    renderer = scene.renderer
    mover = next(u for u in scene.state.live_units(1) if u.tray is not None)
    assert mover.tray is not None
    home = mover.tray
    assert _board(scene, renderer, mover.id)
    fx, fy = home.forward
    step = home.moved_to(home.x + fx, home.y + fy, home.facing)
    _moved(scene, mover.id, step)  # a patch: the others' steps carried from the last board
    assert _board(scene, renderer, mover.id) and renderer.stats.get("board_patches", 0)
    asked: list[str] = []
    steps = Renderer._unit_steps
    monkeypatch.setattr(Renderer, "_unit_steps", lambda self, state, view, unit, colour, clip:
                        asked.append(unit.id) or steps(self, state, view, unit, colour, clip))
    renders = renderer.stats["board_renders"]
    _moved(scene, mover.id, step.moved_to(step.x, step.y, step.facing + 180.0))
    drawn = _board(scene, renderer, mover.id)
    assert renderer._ground_patch is None and renderer.stats["board_renders"] == renders + 1
    assert asked == [mover.id]
    monkeypatch.undo()
    assert drawn == _board(scene, Renderer(app.palette, app.fonts), mover.id)
