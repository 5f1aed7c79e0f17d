"""Free answers on the panel (issue 30): several number sliders in one decision keep their own
value and answer (the ``_number`` overwrite), and a split of several parts is offered whole
(any legal split, not only two-pool ones). Driven headless through the real table scene on
the toy ruleset of :mod:`tests.ui.toy` and a Ninth Age three-way allocation."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.actions import Choose, EndActivation
from game.core.pending import PickNumber, PlayerDecision
from game.ui.app import App

from .driver import frames, make_app, press, table
from .test_modes import TOY, poke_to_decision
from .toy import toy_registered

__all__ = ["toy_registered"]


@pytest.fixture
def app(data_dir: Path, toy_registered: None) -> App:
    return make_app(data_dir, TOY)


def _bid(low_or_high: str) -> PickNumber:
    return PickNumber(f"Bid {low_or_high}", 0, 10, 1, lambda v: Choose.of(bid=int(v)), 0)


def test_two_number_sliders_each_confirm_their_own_value(app: App,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two sliders in one decision: the first one's confirm reads the first slider and builds
    the first answer (it read the second before, whose widgets overwrote its own)."""
    scene = table(app)
    poke_to_decision(app)
    press(app, "Keep all dice")
    node = scene.game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "bid"
    two = PlayerDecision(node.player, "bid", "Bid how much?", (), node.rules,
                         (_bid("low"), _bid("high")))
    monkeypatch.setattr(scene, "pending", lambda: two)
    scene.panel.invalidate()
    frames(app, 1)
    sliders = scene.panel.sliders()
    assert len(sliders) == 2
    sliders[0].set_current_value(2)
    sliders[1].set_current_value(7)
    scene.panel.slider_moved()
    buttons = scene.panel.number_buttons()
    assert [b.text for b in buttons] == ["Bid low: 2", "Bid high: 7"]
    monkeypatch.undo()
    scene.panel.callbacks[buttons[0]]()
    assert str(scene.game.log[-1].action) == "choose bid=2"


THREE_WAY = """[scenario]
name = "three-way"
ruleset = "ninth_age"
seed = 3
[table]
width = 48
height = 48
[[players]]
name = "Orcs"
colour = "#3a7d2c"
[[players]]
name = "Sonnstahl"
colour = "#c9a227"
[[units]]
id = "a"
side = 1
profile = "orc_warband"
at = [24.0, 18.031496062992126]
facing = 0
[[units]]
id = "b"
side = 2
stats = { unit = "imperial_guard", characters = ["imperial_captain", "imperial_captain"] }
at = [24.0, 21.574803149606296]
facing = 180
"""


def test_a_three_way_allocation_is_made_on_the_table(data_dir: Path) -> None:
    """NA-ALC-1 on the table: the Warlord's 4 attacks among the rank-and-file and two
    Captains: one split answer with a count per Captain (the rank-and-file takes the rest)
    makes the 2 + 1 + 1 split that two-pool sliders could not; asking for more than there is
    disables the confirm."""
    path = data_dir / "three_way.toml"
    path.write_text(THREE_WAY)
    app = make_app(data_dir, path)
    scene = table(app)
    for _ in range(3):
        scene.perform(EndActivation())
    frames(app, 2)
    node = scene.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "allocate"
    assert len(scene.panel.splits) == 1 and not scene.panel.numbers
    split = scene.panel.splits[0]
    assert split.answer.parts == ("Imperial Guard (rank and file)",
                                  "Imperial Guard: Imperial Captain 2",
                                  "Imperial Guard: Imperial Captain 1")
    split.sliders[0].set_current_value(3)
    split.sliders[1].set_current_value(3)
    scene.panel.slider_moved()
    assert not split.button.is_enabled and "too many" in split.button.text
    split.sliders[0].set_current_value(1)
    split.sliders[1].set_current_value(1)
    scene.panel.slider_moved()
    assert split.button.is_enabled
    words = ("Allocate: 2 on Imperial Guard (rank and file), 1 on Imperial Guard: Imperial "
             "Captain 2, 1 on Imperial Guard: Imperial Captain 1")
    shown = split.button.text  # the button cuts the words where they run past its edge
    assert shown == words or (shown.endswith("…") and words.startswith(shown[:-1]))
    assert words in str(split.button.tool_tip_text)  # its tooltip says the whole split
    scene.panel.callbacks[split.button]()
    assert str(scene.game.log[-1].action) == \
        "choose to=b/rf:2+b/imperial_captain1:1+b/imperial_captain0:1"
