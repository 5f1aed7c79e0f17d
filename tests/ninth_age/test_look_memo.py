"""NA-CON-1 / NA-RST-1 in the unit's look, remembered (issue 32): the table asks every
unit's look at each new game moment; a unit whose own state and contacts are unchanged
gives back the very same look, and a change of either gives the look worked out afresh."""

from __future__ import annotations

from dataclasses import replace

from game.rulesets.ninth_age.look import _look, unit_look

from .helpers import nu, scenario, unit


def test_na_con_1_a_look_is_kept_until_the_unit_or_its_contacts_change() -> None:
    game = scenario([unit("a", 1, (24.0, 20.0), 0.0, profile="veteran_orcs"),
                     unit("b", 2, (24.0, 30.0), 180.0, profile="veteran_orcs")]).new_game()
    a, b = nu(game, "a"), nu(game, "b")
    first = unit_look(game.state, "a")
    assert first is not None and unit_look(game.state, "a") is first
    assert all(base.mark == "none" for base in first.bases)
    assert a.tray is not None and b.tray is not None
    b.tray = replace(b.tray, y=a.tray.y + (a.tray.depth + b.tray.depth) / 2.0)  # in contact
    touching = unit_look(game.state, "a")
    assert touching is not first and touching == _look(game.state, a, [b])
    assert any(base.mark == "contact" for base in touching.bases)
    a.removed.append(a.alive_keys()[0])  # a loss
    assert unit_look(game.state, "a") == _look(game.state, a, [b])
    b.destroyed = True
    assert unit_look(game.state, "a") == _look(game.state, a, [])


def test_na_con_1_a_look_links_the_unit_to_its_engaged_enemies_both_ways() -> None:
    """The table keeps the looks an action cannot reach (issue 32): a Ninth Age unit's look
    links are its engaged enemies, mutual, and none once it or they leave contact."""
    game = scenario([unit("a", 1, (24.0, 20.0), 0.0, profile="veteran_orcs"),
                     unit("b", 2, (24.0, 30.0), 180.0, profile="veteran_orcs"),
                     unit("c", 1, (40.0, 20.0), 0.0, profile="veteran_orcs")]).new_game()
    rules, state = game.ruleset, game.state
    a, b = nu(game, "a"), nu(game, "b")
    assert all(rules.look_links(state, uid) == frozenset() for uid in "abc")
    assert a.tray is not None and b.tray is not None
    b.tray = replace(b.tray, y=a.tray.y + (a.tray.depth + b.tray.depth) / 2.0)  # in contact
    assert rules.look_links(state, "a") == {"b"} and rules.look_links(state, "b") == {"a"}
    assert rules.look_links(state, "c") == frozenset()
    b.destroyed = True
    assert rules.look_links(state, "a") == frozenset()
