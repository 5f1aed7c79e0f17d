"""Issue 10 in the desktop app: a hostile settings file never stops the app from starting, and
a save that cannot be written is reported while the game goes on."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App
from game.ui.settings import Settings, settings_path

from .conftest import SCENARIOS
from .driver import make_app, table


def test_a_deeply_nested_settings_file_falls_back_to_the_defaults(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    settings_path(data_dir).write_text("[" * 5000 + "]" * 5000, "utf-8")
    app = App((1280, 800), data_dir)
    assert app.settings == Settings()


def test_a_save_with_a_very_long_scenario_name_is_written_under_a_short_name(
        data_dir: Path, tmp_path: Path) -> None:
    text = (SCENARIOS / "sandbox_table.toml").read_text("utf-8")
    long_file = tmp_path / ("s" * 200 + ".toml")
    long_file.write_text(text, "utf-8")
    app = make_app(data_dir, long_file)
    path = table(app).flow.save()
    assert path is not None and path.exists() and len(path.name) < 120


def test_a_save_that_cannot_be_written_is_reported_and_the_game_goes_on(
        data_dir: Path) -> None:
    app = make_app(data_dir, SCENARIOS / "sandbox_table.toml")
    scene = table(app)
    saves = data_dir / "saves"
    if saves.exists():
        for child in saves.iterdir():
            child.unlink()
        saves.rmdir()
    saves.write_text("not a folder", "utf-8")  # the saves folder cannot be made
    before = scene.game.state_hash()
    assert scene.flow.save() is None
    assert scene.status.startswith("Could not save")
    assert scene.game.state_hash() == before
