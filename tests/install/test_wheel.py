"""Warbench installs the way users install it (issue 23): a wheel, a fresh virtual environment,
and commands run from an empty folder outside the checkout.

The wheel is built from a copy of the files the build reads (never the checkout in place), so a
shipped file missing from the build configuration shows here: its command fails, and
:func:`test_the_wheel_carries_every_shipped_file` names it. Run this module alone with
``pytest -m install``; it takes about a minute (the virtual environment's packages come from pip's
cache after the first run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import game

pytestmark = [pytest.mark.install, pytest.mark.xdist_group("install")]
"""One worker builds and installs the wheel once for the whole module (``--dist loadgroup``)."""

ROOT = Path(__file__).resolve().parents[2]
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "game", "assets", "scenarios")
SHIPPED_FOLDERS = {"assets": "game/shipped_assets", "scenarios": "game/shipped_scenarios",
                   "game": "game"}
"""Each folder of the checkout whose files the wheel must carry, and where they go in it."""


@dataclass(frozen=True)
class Installed:
    """A wheel installed in its own virtual environment, and an empty folder to run in."""

    wheel: Path
    bin: Path
    workdir: Path
    env: dict[str, str]

    def run(self, *args: str, extra_env: dict[str, str] | None = None,
            timeout: float = 240) -> subprocess.CompletedProcess[str]:
        """Run ``warbench ARGS`` from the empty folder; the result with its output."""
        return subprocess.run([str(self.bin / "warbench"), *args], cwd=self.workdir,
                              env={**self.env, **(extra_env or {})}, capture_output=True,
                              text=True, timeout=timeout, check=False)


def _copy_build_inputs(target: Path) -> None:
    for name in BUILD_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, target / name)


def _pip(python: Path, *args: str) -> None:
    subprocess.run([str(python), "-m", "pip", "--disable-pip-version-check", "-q", *args],
                   check=True, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    """Build the wheel from a clean copy, install it in a fresh venv, outside the checkout."""
    base = tmp_path_factory.mktemp("install")
    source, dist, venv, workdir = (base / n for n in ("source", "dist", "venv", "empty"))
    source.mkdir()
    workdir.mkdir()
    _copy_build_inputs(source)
    _pip(Path(sys.executable), "wheel", "--no-deps", "-w", str(dist), str(source))
    wheel = next(dist.glob("warbench-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    _pip(python, "install", str(wheel))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               WARBENCH_DATA_DIR=str(base / "data"))
    yield Installed(wheel, venv / "bin", workdir, env)


def _expected_files() -> set[str]:
    """Every file of the shipped folders, as the wheel names it (caches left out)."""
    names = set()
    for folder, inside in SHIPPED_FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                names.add(f"{inside}/{path.relative_to(ROOT / folder).as_posix()}")
    return names


def test_the_wheel_carries_every_shipped_file(installed: Installed) -> None:
    with zipfile.ZipFile(installed.wheel) as wheel:
        carried = set(wheel.namelist())
    missing = sorted(_expected_files() - carried)
    assert not missing, f"left out of the wheel: {missing[:20]}"


def test_the_installed_game_runs_from_the_venv_not_the_checkout(installed: Installed) -> None:
    where_code = "import game; print(game.__file__)"
    done = subprocess.run([str(installed.bin / "python"), "-c", where_code],
                          cwd=installed.workdir, env=installed.env, capture_output=True,
                          text=True, timeout=60, check=True)
    where = Path(done.stdout.strip())
    assert where.is_relative_to(installed.bin.parent), where
    assert not where.is_relative_to(ROOT)


def test_version(installed: Installed) -> None:
    done = installed.run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"warbench {game.__version__}"


def test_scenarios_lists_every_shipped_scenario(installed: Installed) -> None:
    done = installed.run("scenarios", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    assert [row["name"] for row in rows] == sorted(p.stem for p in (ROOT / "scenarios").glob(
        "*.toml"))
    assert all(row["ruleset"] and row["title"] for row in rows)


def test_check_accepts_every_shipped_scenario_by_name(installed: Installed) -> None:
    names = sorted(p.stem for p in (ROOT / "scenarios").glob("*.toml"))
    done = installed.run("check", *names)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count(": ok (") == len(names)


def test_an_unknown_name_is_refused_with_did_you_mean(installed: Installed) -> None:
    done = installed.run("check", "ninth_age_batle")
    assert done.returncode == 2
    assert "did you mean 'ninth_age_battle'" in done.stderr
    assert "Traceback" not in done.stderr


def test_render_draws_the_default_scenario(installed: Installed) -> None:
    out = installed.workdir / "table.png"
    done = installed.run("render", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_every_lesson_verifies(installed: Installed) -> None:
    done = installed.run("learn", "--verify")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "lessons verified" in done.stdout


def test_the_table_opens_to_its_first_frame(installed: Installed) -> None:
    done = installed.run("play", "asoiaf_skirmish", extra_env={"WARBENCH_FIRST_FRAME_MS": "exit"},
                         timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
