"""The replay's list of events marks the step shown and keeps it in view (issue 13 leftovers:
stepping through a finished game's replay left the list unmarked and scrolled to the top)."""

from __future__ import annotations

from pathlib import Path

from game.core.pending import Over
from game.ui.pbf_scene import GameStepper, ReplayScene
from tests.playing import play

from .conftest import SCENARIOS
from .driver import frames, make_app, press, table


def _replay(data_dir: Path) -> tuple[object, ReplayScene]:
    """The GODSGLOOM skirmish played to its end (every unit activates and ends, round after
    round), then its replay."""
    app = make_app(data_dir, SCENARIOS / "godsgloom_skirmish.toml")
    scene = table(app)
    game = scene.game
    while not isinstance(game.pending(), Over):
        unit = next(str(a).split()[1] for a in game.legal_actions()
                    if str(a).startswith("activate "))
        play(game, f"activate {unit}", "end")
    replay = ReplayScene(app, GameStepper(game), scene)
    app.switch(replay)
    frames(app, 2)
    return app, replay


def _marked(replay: ReplayScene) -> list[int]:
    return [i for i, (_, button) in enumerate(replay.event_rows) if button.is_selected]


def _in_view(replay: ReplayScene, index: int) -> bool:
    button = replay.event_rows[index][1]
    box = replay.event_box.rect
    return box.top <= button.rect.top and button.rect.bottom <= box.bottom


def test_the_replay_list_marks_the_step_shown_and_keeps_it_in_view(data_dir: Path) -> None:
    app, replay = _replay(data_dir)
    assert _marked(replay) == []  # the start: no action replayed yet
    press(app, "Next")  # type: ignore[arg-type]
    first = _marked(replay)
    assert first and all(replay.event_rows[i][0] == 1 for i in first), first
    press(app, "Next")  # type: ignore[arg-type]
    second = _marked(replay)
    assert second and min(second) > max(first)
    press(app, "Last")  # type: ignore[arg-type]
    frames(app, 2)  # type: ignore[arg-type]
    last = _marked(replay)
    assert last and max(last) == len(replay.event_rows) - 1
    assert all(_in_view(replay, i) for i in last), [replay.event_rows[i][1].rect for i in last]
    press(app, "First")  # type: ignore[arg-type]
    frames(app, 2)  # type: ignore[arg-type]
    assert _marked(replay) == [] and _in_view(replay, 0)
