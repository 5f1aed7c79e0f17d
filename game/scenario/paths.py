"""The shipped scenarios, found as package data, and how a command names a scenario.

The project keeps its battles in the top-level ``scenarios/`` folder; the build maps it into the
package as ``game.shipped_scenarios`` (see ``setup.py``). They are read through
``importlib.resources``, never through a path beside the source tree, so the same code finds them
in a checkout installed in editable mode, in an installed wheel, in a zip and in a frozen app.

A command accepts a scenario as a file path or as a shipped scenario's name
(``<ruleset>_skirmish``, with or without ``.toml``): :func:`scenario_source` decides which, and an
unknown name is refused with a "did you mean".
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeGuard

from game import rulesets
from game.scenario.problems import FileError, Problem, did_you_mean

SHIPPED_PACKAGE = "game.shipped_scenarios"
DEFAULT_SCENARIO = rulesets.DEFAULT_SCENARIO
SUFFIX = ".toml"

ScenarioSource = Path | Traversable
"""Where a scenario's text is: a file the user named, or a shipped resource."""


def scenarios_dir() -> Traversable:
    """The shipped scenarios' folder (a resource folder: iterate it, join names onto it)."""
    return resources.files(SHIPPED_PACKAGE)


def shipped_scenarios() -> list[Traversable]:
    """Every shipped scenario file, in name order."""
    files = (f for f in scenarios_dir().iterdir() if f.name.endswith(SUFFIX) and f.is_file())
    return sorted(files, key=lambda f: f.name)


def shipped_name(resource: Traversable) -> str:
    """A shipped scenario's name: its file name without ``.toml``."""
    return resource.name.removesuffix(SUFFIX)


def shipped_names() -> list[str]:
    """The names of the shipped scenarios, as commands accept them."""
    return [shipped_name(f) for f in shipped_scenarios()]


def shipped_scenario(name: str) -> Traversable | None:
    """The shipped scenario called ``name`` (``.toml`` optional), or None."""
    wanted = name if name.endswith(SUFFIX) else name + SUFFIX
    return next((f for f in shipped_scenarios() if f.name == wanted), None)


def default_scenario() -> Traversable:
    """The scenario the game opens with."""
    return scenarios_dir().joinpath(DEFAULT_SCENARIO)


def is_shipped_name(word: str) -> bool:
    """Whether ``word`` reads as a name rather than a path: no folder separator."""
    return "/" not in word and "\\" not in word


def is_save(source: ScenarioSource) -> TypeGuard[Path]:
    """Whether a command's file is a save (a ``.json`` file the user named) rather than a
    scenario; shipped resources are always scenarios."""
    return isinstance(source, Path) and source.suffix == ".json"


def scenario_source(word: str) -> ScenarioSource:
    """What ``word`` on a command line names: an existing file, else a shipped scenario.

    A word that is neither is refused with one problem that says which names exist and, for a
    near miss, "did you mean". A word with a folder separator is always a path (the loader then
    reports a missing file in its own words).
    """
    path = Path(word)
    if path.exists() or not is_shipped_name(word):
        return path
    shipped = shipped_scenario(word)
    if shipped is not None:
        return shipped
    names = shipped_names()
    hint = did_you_mean(word.removesuffix(SUFFIX), names)
    raise FileError([Problem(word, None, "", "no such file, and no shipped scenario of that "
                             "name (`warbench scenarios` lists them)", hint)])


def shipped_scenario_files(cache: Path) -> list[Path]:
    """The shipped scenarios as files on disk, for code that needs a real path (the menus hand
    a path to the table). In an unpacked install they are the package's own files; from a
    zipped one, copies written once into ``cache`` (the user's data folder)."""
    files = []
    for resource in shipped_scenarios():
        if isinstance(resource, Path):
            files.append(resource)
            continue
        copy = cache / "shipped-scenarios" / resource.name
        text = resource.read_bytes()
        if not copy.is_file() or copy.read_bytes() != text:
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(text)
        files.append(copy)
    return files
