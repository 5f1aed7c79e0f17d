"""NA-CAT-1: an imported unit without a public sample plays with a stand-in profile named as
such, and the log says so whenever its numbers are about to decide dice (a shot by or at its
unit, a round of combat); sample profiles are not flagged."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.core.roster import ListEntry, ListUnit
from game.rulesets.ninth_age import catalogue
from game.rulesets.ninth_age.units import STAND_IN_MARK, stand_ins

from .helpers import facing_pair, nu, play, scenario, unit

ORCS_DEPTH = 100 / 25.4
MILITIA_DEPTH = 100 / 25.4  # 20 models in 5 files: 4 ranks of 25 mm


def _militia() -> dict[str, Any]:
    found = catalogue.list_unit(ListEntry("State Militia", models=20), "Empire of Sonnstahl")
    assert isinstance(found, ListUnit) and found.stats is not None
    return dict(found.stats)


def _said(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "profile.stand_in"]


def test_na_cat_1_a_stand_in_is_named_as_such() -> None:
    game = scenario([unit("m", 2, (24.0, 30.0), 180.0, stats=_militia())]).new_game()
    militia = nu(game, "m")
    assert militia.model.name == f"State Militia {STAND_IN_MARK}"
    assert stand_ins(militia) == [militia.model.name]


def test_na_cat_1_the_log_says_so_when_a_stand_in_is_shot_at() -> None:
    game = scenario([unit("g", 1, (24.0, 14.0), 0.0, profile="goblin_archers"),
                     unit("m", 2, (16.0, 30.0), 180.0, stats=_militia()),
                     unit("k", 2, (33.0, 30.0), 180.0, profile="electoral_cavalry")],
                    dice=[4] * 40).new_game()
    play(game, "end", "end")
    shot = play(game, "shoot g -> m")
    said = _said(shot)
    assert [e.data["unit"] for e in said] == ["m"] and said[0].rules == ("NA-CAT-1",)
    kinds = [e.kind for e in shot]
    assert kinds.index("shoot.declared") < kinds.index("profile.stand_in") \
        < kinds.index("dice.rolled")


def test_na_cat_1_a_sample_profile_is_not_flagged() -> None:
    game = scenario([unit("g", 1, (24.0, 14.0), 0.0, profile="goblin_archers"),
                     unit("k", 2, (24.0, 30.0), 180.0, profile="electoral_cavalry")],
                    dice=[4] * 40).new_game()
    play(game, "end", "end")
    assert not _said(play(game, "shoot g -> k"))


def test_na_cat_1_the_log_says_so_when_a_round_of_combat_starts() -> None:
    game = scenario(facing_pair({"profile": "orc_warband"}, {"stats": _militia()},
                                ORCS_DEPTH, MILITIA_DEPTH), dice=[4] * 200).new_game()
    events = play(game, "end", "end", "end")
    kinds = [e.kind for e in events]
    assert "melee.round" in kinds, kinds
    said = _said(events)
    assert [e.data["unit"] for e in said] == ["b"]
    assert kinds.index("melee.round") < kinds.index("profile.stand_in")
