"""RL-ELV-3 in the attack (issue 31: a lesson may declare only what the engine cites while it
plays): an attack whose range was measured across a gap in pegs cites the rule in its plan and
its declaration; one counted in spaces does not."""

from __future__ import annotations

from game.core.actions import parse
from game.core.plan import Plan
from game.geometry.hexgrid import Hex, hex_line

from .helpers import duel, play

BOW7 = {"weapons": {"bow": {"die": 6, "type": "pierce", "range": 7}}, "main": "bow"}


def test_rl_elv_3_an_attack_across_a_chasm_cites_the_peg_range() -> None:
    # 7 void hexes on the line from (0,0) to (4,4): 41.6 pegs, range 7 (8 spaces around)
    voids = [{"at": [h.q, h.r], "terrain": "void"} for h in hex_line(Hex(0, 0), Hex(4, 4))[1:-1]]
    g = duel(a={"stats": BOW7, "facing": 0}, d_at=(4, 4), hexes=voids, radius=9)
    play(g, "command a")
    plan = g.ruleset.plan(g.state, parse("attack a -> d", g.ruleset.action_types()))
    assert isinstance(plan, Plan) and "RL-ELV-3" in plan.rules
    declared = [e for e in play(g, "attack a -> d") if e.kind == "attack.declared"]
    assert declared and "RL-ELV-3" in declared[0].rules


def test_rl_elv_3_no_gap_no_peg_range() -> None:
    g = duel(a={"stats": BOW7, "facing": 0}, d_at=(3, 0), radius=9)
    play(g, "command a")
    plan = g.ruleset.plan(g.state, parse("attack a -> d", g.ruleset.action_types()))
    assert isinstance(plan, Plan) and "RL-ELV-3" not in plan.rules
