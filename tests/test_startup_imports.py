"""Issue 12 item 6: start-up imports only what the first frame needs. The ruleset registry
imports a rules system when first asked for its class, and the command line builds the
play-by-file parser only for ``warbench pbf``."""

from __future__ import annotations

import subprocess
import sys

from game import rulesets


def test_registry_names_are_the_classes_declared_names() -> None:
    for entry in rulesets.RULESETS:
        assert entry.cls.name == entry.name
        assert (entry.title, entry.boards, entry.description) == (
            entry.cls.title, entry.cls.board_kinds, entry.cls.description)


def _modules_after(code: str) -> set[str]:
    script = code + "\nimport sys\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=120)
    return set(out.stdout.split())


def test_loading_one_scenario_imports_one_ruleset() -> None:
    loaded = _modules_after("from game.scenario import load_scenario, default_scenario\n"
                            "load_scenario(default_scenario())")
    assert "game.rulesets.asoiaf" in loaded
    assert not {"game.rulesets.ninth_age", "game.rulesets.realms",
                "game.rulesets.godsgloom"} & loaded


def test_the_cli_parser_leaves_play_by_file_alone() -> None:
    loaded = _modules_after("from game.cli import _parser\n_parser(['play'])")
    assert "game.pbf" not in loaded
    assert "game.pbf" in _modules_after("from game.cli import _parser\n_parser(['pbf'])")
