"""Regression tests of the rules audit (GODSGLOOM): each names the rule it pins down."""

from __future__ import annotations

from .helpers import duel, gu, play


def test_hx_atc_40_melee_test_text_shows_the_automatic_successes() -> None:
    """HX-MEL-30 / HX-ATC-40: an automatic Block is counted and the log says so."""
    game = duel(d={"stats": {"auto_blocks": 1}}, dice=[3, 3, 1, 1, 1, 1])
    events = play(game, "activate a", "melee a -> d")
    test = next(e for e in events if e.kind == "melee.test")
    assert test.data["defender_blocks"] == 1 and test.data["defender_auto_blocks"] == 1
    assert test.data["attacker_auto_hits"] == 0
    assert "1 Blocks (1 automatic)" in test.text
    assert "HX-ATC-40" in test.rules
    assert gu(game, "d").health == 3
