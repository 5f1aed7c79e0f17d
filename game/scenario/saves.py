"""Saves: the scenario text, the action log and the state hash, written atomically.

A save is a JSON document. Loading re-reads the scenario from the text stored in the save,
replays the recorded actions (dice included) and refuses the file unless the resulting state
hash equals the stored one. Writes go to a temporary file in the same folder, are fsynced and
then renamed over the target, so a crash mid-write leaves the previous save untouched.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.actions import ActionSyntaxError, from_dict
from game.core.game import Game
from game.core.pending import IllegalAction
from game.scenario.loader import Scenario, load_scenario_text
from game.scenario.problems import Problem, ScenarioError

SAVE_FORMAT = "warbench-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Session:
    """A playable game together with the scenario it came from."""

    scenario: Scenario
    game: Game
    extra_dice: tuple[int, ...] = ()


def save_document(session: Session) -> dict[str, Any]:
    """The JSON-ready content of a save."""
    game = session.game
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "scenario": {"file": session.scenario.file, "text": session.scenario.text},
        "extra_dice": list(session.extra_dice),
        "actions": [a.to_dict() for a in game.actions()],
        "state_hash": game.state_hash(),
        "round": game.state.turn.round,
    }


def write_save(session: Session, path: str | Path) -> Path:
    """Write a save atomically (temp file, fsync, rename); return its path."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(save_document(session), indent=1, sort_keys=True).encode("utf-8")
    atomic_write(target, data)
    return target


def atomic_write(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` so that readers see the old or the new file, never half."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def load_save(path: str | Path) -> Session:
    """Read a save, replay it and verify its hash; raise ScenarioError if anything is off."""
    file = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        problem = Problem(file, None, "", f"cannot read the save: {exc.strerror}")
        raise ScenarioError([problem]) from None
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ScenarioError(
            [Problem(file, None, "", f"the save is corrupt or truncated ({exc})")]
        ) from None
    return session_from_document(doc, file)


def session_from_document(doc: Any, file: str) -> Session:
    """Rebuild a session from a save document (see :func:`load_save`)."""
    problems = _shape_problems(doc, file)
    if problems:
        raise ScenarioError(problems)
    scenario_text = doc["scenario"]["text"]
    scenario_file = f"{file} (scenario {doc['scenario'].get('file', '?')})"
    scenario = load_scenario_text(scenario_text, scenario_file)
    types = scenario.ruleset.action_types()
    actions = []
    for i, item in enumerate(doc["actions"]):
        try:
            actions.append(from_dict(item, types))
        except ActionSyntaxError as exc:
            problems.append(Problem(file, None, f"actions[{i}]", f"not an action: {exc}"))
    if problems:
        raise ScenarioError(problems)
    extra = tuple(doc.get("extra_dice", []))
    game = scenario.new_game(extra)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise ScenarioError(
                [Problem(file, None, f"actions[{i}]", f"'{action}' is illegal on replay: "
                         f"{exc.refusal}")]
            ) from None
    if game.state_hash() != doc["state_hash"]:
        raise ScenarioError(
            [Problem(file, None, "state_hash", "the replayed game does not match the saved "
                     "state (the save is corrupt or from another version)")]
        )
    return Session(scenario, game, extra)


def _shape_problems(doc: Any, file: str) -> list[Problem]:
    if not isinstance(doc, dict):
        return [Problem(file, None, "", "a save is a JSON object")]
    problems = []
    if doc.get("format") != SAVE_FORMAT:
        problems.append(Problem(file, None, "format", f"expected {SAVE_FORMAT!r}"))
    if doc.get("version") != SAVE_VERSION:
        problems.append(Problem(file, None, "version", f"expected version {SAVE_VERSION}"))
    scenario = doc.get("scenario")
    if not isinstance(scenario, dict) or not isinstance(scenario.get("text"), str):
        problems.append(Problem(file, None, "scenario.text", "expected the scenario's text"))
    if not isinstance(doc.get("actions"), list):
        problems.append(Problem(file, None, "actions", "expected a list of actions"))
    if not isinstance(doc.get("state_hash"), str):
        problems.append(Problem(file, None, "state_hash", "expected the state hash"))
    extra = doc.get("extra_dice", [])
    if not isinstance(extra, list) or not all(isinstance(d, int) for d in extra):
        problems.append(Problem(file, None, "extra_dice", "expected a list of die faces"))
    return problems


def new_session(scenario: Scenario, extra_dice: Sequence[int] = ()) -> Session:
    """A fresh session of a loaded scenario."""
    return Session(scenario, scenario.new_game(extra_dice), tuple(extra_dice))
