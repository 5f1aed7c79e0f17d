"""Issue 29, major 2: every decision offer whose outcome has dice shows its exact odds in its
button's tooltip, read from the answer's plan through the contract (the table knows no
ruleset: it asks the core's ``offer_tip``)."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import parse
from game.core.pending import PlayerDecision

from .conftest import SCENARIOS
from .driver import find_button, frames, make_app, table


def _play(app: object, *texts: str) -> None:
    scene = table(app)  # type: ignore[arg-type]
    for text in texts:
        assert scene.perform(parse(text, scene.game.ruleset.action_types()), animate=False)
    frames(app, 3)  # type: ignore[arg-type]


def test_the_allocation_buttons_carry_their_exact_odds(data_dir: Path) -> None:
    """NA-ALC-1: "All 4 attacks on Imperial Captain" says, besides what each attack needs,
    the exact mean HP lost and the chance of at least one (the answer's plan's outcomes)."""
    app = make_app(data_dir, SCENARIOS / "ninth_age_character_in_contact.toml")
    _play(app, "end", "end", "end")
    scene = table(app)
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "allocate"
    for offer in node.offers:
        tip = str(find_button(app, offer.label[:20]).tool_tip_text)
        assert "HP lost by" in tip and "mean" in tip and "for at least 1" in tip, tip
        assert "hit 3+" in tip, tip


def test_a_godsgloom_formation_button_carries_its_odds(data_dir: Path,
                                                      tmp_path: Path) -> None:
    """HX-MEL-20: the formation answers (none, wedge) each show the Attack Test's odds."""
    from tests.godsgloom.helpers import scenario_text, unit

    units = [unit("a", 1, (0, 0), 1, stats={"formations": ["wedge"]}),
             unit("f", 1, (-1, 0), 1), unit("d", 2, (1, 0), 4)]
    path = tmp_path / "wedge.toml"
    path.write_text(scenario_text(units), encoding="utf-8")
    app = make_app(data_dir, path)
    _play(app, "activate a", "melee a -> d")
    node = table(app).game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "formation"
    for offer in node.offers:
        tip = str(find_button(app, offer.label[:18]).tool_tip_text)
        assert "Wounds to the defender" in tip and "for at least 1" in tip, tip
