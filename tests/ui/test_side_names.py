"""Side-qualified names where both sides field the same unit (issue 13 item 10): never
"Line Infantry attacks Line Infantry". The shipped scenarios name their units apart; in a file
that does not, the table puts the side in front wherever it names a unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.present import shown_name
from game.scenario import load_scenario
from game.ui import hexlayout

from .conftest import SCENARIOS
from .driver import click, hover, make_app, screen_of, table

DUEL = Path(__file__).parent / "data" / "godsgloom_duel.toml"


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_scenarios_never_give_both_sides_one_name(path: Path) -> None:
    state = load_scenario(path).state
    sides: dict[str, set[int]] = {}
    for unit in state.units.values():
        sides.setdefault(unit.name, set()).add(unit.owner)
    assert not [name for name, owners in sides.items() if len(owners) > 1]


def test_the_table_names_a_shared_unit_with_its_side(data_dir: Path) -> None:
    """The duel fields Line Infantry on both sides: the status line, the target hint and the
    hover box title say whose."""
    app = make_app(data_dir, DUEL)
    scene = table(app)
    a1, g1 = scene.state.units["a1"].hex, scene.state.units["g1"].hex
    assert a1 is not None and g1 is not None
    click(app, screen_of(app, *hexlayout.hex_centre(a1.q, a1.r)))
    assert scene.status == "Selected Ashen Host Line Infantry"
    hover(app, screen_of(app, *hexlayout.hex_centre(g1.q, g1.r)))
    overlay = scene.view.overlay
    assert overlay is not None
    assert overlay.lines[0] == "Ashen Host Line Infantry -> Gloom Court Line Infantry"
    assert shown_name(scene.state, "g3") == "Gloom Brute"  # a name borne once is left be
