"""The sandbox through the ruleset plug-in contract: a rules-free hover inspection (distance in
inches or hexes, no rule ID), plain labels and ghosts for its free moves, and "Move"/"Turn"
buttons (pointed on a table, listed on a hex map) that the table checks with ``why_not``."""

from __future__ import annotations

import re

from game.core.actions import EndActivation, FreeRoll, MoveHex, MoveUnit, Pivot
from game.core.game import Game
from game.core.inspect import Segment
from game.rulesets import RULESETS
from game.rulesets.sandbox import SandboxRuleset
from game.scenario import load_scenario
from tests.conftest import SCENARIOS

RULE_ID = re.compile(r"\b[A-Z]{2,4}-[A-Z]{2,5}-\d+")
SYNTAX = re.compile(r"=|->|\bhexmove\b|_")


def game_of(name: str) -> Game:
    return load_scenario(SCENARIOS / f"sandbox_{name}.toml").new_game()


def test_sandbox_declares_its_title_and_description() -> None:
    assert SandboxRuleset.title == "Sandbox" and "rules-free" in SandboxRuleset.description
    entry = next(e for e in RULESETS if e.cls is SandboxRuleset)
    assert entry.title == "Sandbox" and entry.description == SandboxRuleset.description


def test_sandbox_hover_on_a_table_shows_inches_and_cites_no_rule() -> None:
    game = game_of("table")
    seen = game.ruleset.inspect_pair(game.state, "n1", "s2")
    assert seen is not None
    assert '"' in seen.text() and "Distance" in seen.text()
    assert not RULE_ID.search(seen.text()), seen.text()
    assert all(line.rules == () for line in seen.lines) and not seen.odds
    ranges = [s for s in seen.shapes if isinstance(s, Segment)]
    assert ranges and all(s.style == "range" and s.label.endswith('"') for s in ranges)


def test_sandbox_hover_on_a_hex_map_counts_hexes_and_cites_no_rule() -> None:
    game = game_of("hex")
    seen = game.ruleset.inspect_pair(game.state, "b1", "g1")
    assert seen is not None and "Distance 4 hexes" in seen.text()
    assert not RULE_ID.search(seen.text()) and all(line.rules == () for line in seen.lines)
    assert game.ruleset.inspect_pair(game.state, "b1", "b1") is None


def test_sandbox_labels_read_as_words_with_ghosts() -> None:
    table, hexes = game_of("table"), game_of("hex")
    offers = [table.ruleset.present(table.state, MoveUnit("n1", 3.0, 4.5, 90.0)),
              table.ruleset.present(table.state, Pivot("n1", 45.0)),
              hexes.ruleset.present(hexes.state, MoveHex("b1", 1, 0, 2)),
              hexes.ruleset.present(hexes.state, Pivot("b1", 3)),
              table.ruleset.present(table.state, FreeRoll("2d6")),
              table.ruleset.present(table.state, EndActivation())]
    labels = [o.label for o in offers]
    # compass words and how far, never "facing 90 degrees" or raw coordinates (issue 13)
    assert labels[0] == 'Move n1 15.4" west, facing east', labels[0]
    assert labels[1] == "Turn n1 to face north-east", labels[1]
    assert labels[2] == "Place b1 on hex (1,0) facing south-east"
    assert labels[3] == "Turn b1 to face south-west"
    assert labels[4] == "Roll 2d6" and labels[5].startswith("End the turn (")
    assert all(not SYNTAX.search(label) for label in labels), labels
    assert offers[0].ghost is not None and offers[0].ghost.pose == (3.0, 4.5, 90.0)
    assert offers[2].ghost is not None and offers[2].ghost.hex == (1, 0)


def test_sandbox_table_buttons_steer_and_are_checked_by_why_not() -> None:
    game = game_of("table")
    cmds = {c.key: c for c in game.ruleset.commands(game.state, "n1")}
    assert set(cmds) == {"move", "turn"} and all(c.enabled for c in cmds.values())
    move = cmds["move"].steer
    assert move is not None
    offer = move.build((24.0, 18.0), 0.0, False)
    assert offer is not None and isinstance(offer.action, MoveUnit)
    assert game.why_not(offer.action) is None
    onto = move.build((18.0, 28.0), 0.0, False)  # onto s1
    assert onto is not None and game.why_not(onto.action) is not None
    turn = cmds["turn"].steer
    assert turn is not None
    east = turn.build((30.0, 8.2), 0.0, False)
    assert east is not None and isinstance(east.action, Pivot) and east.action.facing == 90.0
    game.apply(east.action)
    tray = game.state.units["n1"].tray
    assert tray is not None and tray.facing == 90.0
    theirs = {c.key: c for c in game.ruleset.commands(game.state, "s1")}
    assert not theirs["move"].enabled and theirs["move"].refusal is not None


def test_sandbox_hex_buttons_list_free_hexes_and_facings() -> None:
    game = game_of("hex")
    cmds = {c.key: c for c in game.ruleset.commands(game.state, "b1")}
    move, turn = cmds["move"], cmds["turn"]
    assert move.enabled and len(turn.offers) == 5
    for offer in move.offers:
        assert game.why_not(offer.action) is None, offer.label
    taken = {(u.hex.q, u.hex.r) for u in game.state.units.values() if u.hex is not None}
    assert not any(o.ghost is not None and o.ghost.hex in taken for o in move.offers)
    assert (1, -1) not in {o.ghost.hex for o in move.offers if o.ghost is not None}  # rocks


def test_wb_tbl_1_and_2_the_log_says_moves_and_facings_in_player_words() -> None:
    """Play-testers read "placed at (18.00, 12.45) facing 0": the log says how far and which
    way in inches and compass words (north is away from the first player), never the raw
    coordinates it ends at (issue 13), on a table and on a hex map."""
    game = game_of("table")
    move = game.apply(MoveUnit("n1", 18.0, 12.5, 0.0))
    assert [e.text for e in move if e.kind == "unit.moved"] == [
        f'{game.state.units["n1"].name} moves 4.5" north, facing north.']
    sideways = game.apply(MoveUnit("n1", 15.0, 9.5, 90.0))
    assert [e.text for e in sideways if e.kind == "unit.moved"] == [
        f'{game.state.units["n1"].name} moves 4.2" south-west, facing east.']
    turn = game.apply(Pivot("n1", 100.0))
    assert any(e.text.endswith("turns to face 100° (near east).") for e in turn)
    assert all(not SYNTAX.search(e.text) for e in (*move, *turn))
    hexes = game_of("hex")
    unit = next(u for u in hexes.state.units.values() if u.hex is not None)
    assert unit.hex is not None
    said = [e.text for e in hexes.apply(MoveHex(unit.id, unit.hex.q, unit.hex.r, 2))
            if e.kind == "unit.moved"]
    assert said and said[0].endswith("facing south-east."), said
