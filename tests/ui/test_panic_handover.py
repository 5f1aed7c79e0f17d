"""A Panic Test handed over mid-turn is "your roll", not "your turn" (issue 13 leftovers):
Stark Bowmen shoot into the melee of their Sworn Swords; after the Lannister defender's
rolls the table goes back to Stark for the Sworn Swords' Panic Test (AS-RNG-8)."""

from __future__ import annotations

from pathlib import Path

from game.core.actions import Dice, parse
from game.core.pending import Chance
from game.ui.screens import HandoffScene
from game.ui.table_scene import TableScene
from tests.asoiaf.helpers import table_text, unit

from .driver import frames, make_app, table


def _seen(app: object, scene: TableScene) -> HandoffScene | None:
    """Run frames until a hand-over shows; return it (or None) and go back to the table."""
    frames(app, 200)  # type: ignore[arg-type]
    shown = app.scene  # type: ignore[attr-defined]
    if isinstance(shown, HandoffScene):
        app.switch(scene)  # type: ignore[attr-defined]
        frames(app, 2)  # type: ignore[arg-type]
        return shown
    return None


def test_as_rng_8_the_shooters_panic_test_is_handed_over_as_a_roll(data_dir: Path) -> None:
    text = table_text([unit("bow", 1, "stark_bowmen", 27.0, 18.0),
                       unit("sworn", 1, "stark_sworn_swords", 30.0, 24.0, 0),
                       unit("x", 2, "lannister_guardsmen", 30.0, 28.8, 180)])
    path = data_dir / "into_melee.toml"
    path.write_text(text, encoding="utf-8")
    app = make_app(data_dir, path, handoff=True)
    scene = table(app)
    game = scene.game
    assert scene.perform(parse("attack bow x", game.ruleset.action_types()))
    titles = []
    for _ in range(8):
        node = game.pending()
        if not isinstance(node, Chance):
            break
        count = node.dice.count  # two shots hit, nothing is blocked: the defender survives
        faces = (6, 6, *(1,) * (count - 2)) if node.player == 1 and count > 2 else (1,) * count
        shown = _seen(app, scene) if scene.perform(Dice(faces)) else None
        if shown is not None:
            titles.append((shown.player_name, shown.title, game.pending()))
    panic = [(who, title) for who, title, node in titles
             if isinstance(node, Chance) and "Panic Test" in node.purpose and who == "Stark"]
    assert panic, titles
    assert all(title == "your roll" for _, title in panic), panic
