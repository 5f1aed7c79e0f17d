"""GODSGLOOM Advance offers on the board (issue 13 leftovers): their labels printed over each
other in long chains ("Move to (5,4) facing north-east" on every reachable hex). Now each hex
reads what tells its variants apart, its facing is drawn as a wedge, and no label covers
another (a label with no room is left out; the hovered ghost's label always shows)."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame

from game.ui import draw_units, hexlayout

from .conftest import SCENARIOS
from .driver import activate_hex_unit, frames, hover, make_app, screen_of, table


def _advance_ghosts(data_dir: Path):  # type: ignore[no-untyped-def]
    app = make_app(data_dir, SCENARIOS / "godsgloom_skirmish.toml")
    scene = table(app)
    activate_hex_unit(app, "a1", "Advance")  # the skirmishers: speed 5, many hexes in reach
    frames(app, 2)
    return app, scene


def _boxes(app, scene, lit: str | None) -> list[pygame.Rect]:  # type: ignore[no-untyped-def]
    surface = pygame.Surface(app.screen.get_size())
    return draw_units.draw_ghosts(surface, scene.view.ghosts, lit, scene.view.camera,
                                  (255, 255, 0), app.fonts.get(13, bold=True))


def test_advance_ghost_labels_on_neighbouring_hexes_never_overlap(data_dir: Path) -> None:
    app, scene = _advance_ghosts(data_dir)
    ghosts = scene.view.ghosts
    assert len(ghosts) >= 10 and all(g.hex is not None for g in ghosts)
    assert len({g.hex for g in ghosts}) == len(ghosts), "one ghost per hex"
    assert all(not g.label.startswith("Move to") for g in ghosts), ghosts[0].label
    assert {g.label for g in ghosts} <= {"north-east", "east", "south-east", "south-west",
                                         "west", "north-west"}
    boxes = _boxes(app, scene, None)
    assert len(boxes) >= 6, "most hexes keep their label"
    assert not any(a.colliderect(b) for a, b in combinations(boxes, 2)), boxes
    board = scene.viewport()
    assert all(board.contains(box) for box in boxes), "no label chain runs off the board"


def test_the_hovered_advance_ghost_always_shows_its_label(data_dir: Path) -> None:
    app, scene = _advance_ghosts(data_dir)
    for ghost in scene.view.ghosts:
        assert ghost.hex is not None
        hover(app, screen_of(app, *hexlayout.hex_centre(*ghost.hex)))
        shown = next(g for g in scene.view.ghosts if g.hex == ghost.hex)
        boxes = _boxes(app, scene, shown.key)
        centre = screen_of(app, *hexlayout.hex_centre(*ghost.hex))
        assert boxes[0].collidepoint(centre), (ghost.hex, boxes[0], centre)
