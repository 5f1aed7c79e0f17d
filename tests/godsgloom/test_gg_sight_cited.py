"""HX-LOS-1 in the Melee Attack (issue 31: a lesson may declare only what the engine cites
while it plays): the plan of a melee says the target was seen, and a target the attacker could
not see is refused. A neighbouring hex is always seen once the attacker faces it, so the second
test stands in a blind sight check to reach the refusal."""

from __future__ import annotations

import pytest

from game.core.pending import Refusal
from game.core.plan import Plan
from game.geometry.hexgrid import HexSight
from game.rulesets.godsgloom import ruleset as gg_ruleset
from game.rulesets.godsgloom.actions import MeleeAttack

from .helpers import duel, play


def test_hx_los_1_the_melee_plan_cites_the_sight_it_checked() -> None:
    game = duel()
    play(game, "activate a")
    plan = game.ruleset.plan(game.state, MeleeAttack("a", "d"))
    assert isinstance(plan, Plan) and "HX-LOS-1" in plan.rules


def test_hx_los_1_a_target_not_seen_cannot_be_attacked(monkeypatch: pytest.MonkeyPatch) -> None:
    game = duel()
    play(game, "activate a")
    monkeypatch.setattr(gg_ruleset, "sight", lambda *_args: HexSight(False, ()))
    refusal = game.why_not(MeleeAttack("a", "d"))
    assert isinstance(refusal, Refusal) and refusal.rules == ("HX-LOS-1",)
