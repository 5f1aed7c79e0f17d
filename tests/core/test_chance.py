"""Chance nodes and decisions through a tiny test ruleset: a 'test' action that asks its player
for 2d6, then for a choice. Proves the dice protocol (WB-DICE-1) and the undo guard (WB-HIST-1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

import pytest

from game.core import (
    Chance,
    Choose,
    Context,
    Dice,
    DiceSpec,
    Game,
    GameState,
    IllegalAction,
    PlayerDecision,
    Procedure,
    RollPending,
)
from game.core.actions import Action, parse
from game.core.hashing import snapshot
from game.core.pending import Refusal
from game.core.present import plain_offers
from game.rulesets.sandbox import SandboxRuleset
from game.scenario import load_scenario
from tests.conftest import SCENARIOS


@dataclass(frozen=True)
class Probe(Action):
    verb: ClassVar[str] = "probe"
    unit: str


@dataclass(kw_only=True)
class ProbeProc(Procedure):
    unit: str
    results: tuple[int, ...] = ()


class ProbeRuleset(SandboxRuleset):
    def __init__(self) -> None:
        super().__init__()
        self.register(Probe, self._check_test, self._do_test)

    def _check_test(self, state: GameState, action: Probe) -> Refusal | None:
        return None if action.unit in state.units else Refusal("no such unit", ("T-1",))

    def _do_test(self, state: GameState, action: Probe, ctx: Context) -> None:
        state.procedures.append(ProbeProc(step="roll", player=state.turn.active, unit=action.unit))
        ctx.emit("test.start", "a test begins", ["T-1"])

    def decision(self, state: GameState) -> PlayerDecision | Chance | None:
        proc = state.procedure
        if not isinstance(proc, ProbeProc):
            return None
        if proc.step == "roll":
            return Chance(proc.player, DiceSpec(2, 6), "test roll", ("T-1",))
        return PlayerDecision(
            proc.player, "pick", "keep or drop?",
            plain_offers((Choose.of(keep="yes"), Choose.of(keep="no"))),
        )

    def on_dice(self, state: GameState, results: tuple[int, ...], ctx: Context) -> None:
        proc = state.procedure
        assert isinstance(proc, ProbeProc)
        proc.results = results
        proc.step = "choose"

    def on_choice(self, state: GameState, choice: Choose, ctx: Context) -> None:
        state.procedures.pop()
        ctx.emit("test.done", f"kept={choice.get('keep')}", ["T-1"])


def make_game(scripted: tuple[int, ...] = (), allow_undo: bool = False) -> Game:
    scenario = load_scenario(SCENARIOS / "sandbox_table.toml")
    state = snapshot(scenario.state)
    state.scripted_dice = list(scripted)
    if allow_undo:
        from dataclasses import replace

        state.options = replace(state.options, allow_undo_dice=True)
    return Game(state, ProbeRuleset())


def test_wb_dice_1_chance_node_waits_for_dice_and_refuses_other_actions() -> None:
    game = make_game()
    game.apply(Probe("n1"))
    node = game.pending()
    assert isinstance(node, Chance) and str(node.dice) == "2d6"
    assert game.legal_actions() == [RollPending()]
    assert "roll the dice first" in str(game.why_not(Probe("n1")))
    assert "expected 2" in str(game.why_not(Dice((3,))))
    assert "face" in str(game.why_not(Dice((3, 7))))


def test_wb_dice_1_given_dice_are_recorded_in_the_log() -> None:
    game = make_game()
    game.apply(Probe("n1"))
    events = game.apply(Dice((6, 1)))
    assert events[0].kind == "dice.rolled"
    assert events[0].data == {"dice": "2d6", "results": [6, 1], "source": "given"}
    assert "WB-DICE-1" in events[0].rules and "T-1" in events[0].rules
    assert isinstance(game.pending(), PlayerDecision)


def test_wb_dice_1_rolled_dice_are_seeded_and_recorded_as_dice() -> None:
    one, two = make_game(), make_game()
    for game in (one, two):
        game.apply(Probe("n1"))
        game.apply(RollPending())
    assert one.log[-1].action == two.log[-1].action
    assert isinstance(one.log[-1].action, Dice)
    assert one.replayed().state_hash() == one.state_hash()


def test_wb_dice_1_scripted_dice_answer_chance_nodes_automatically() -> None:
    game = make_game(scripted=(4, 4, 2))
    events = game.apply(Probe("n1"))
    assert [e.kind for e in events] == ["test.start", "dice.rolled"]
    assert events[1].data["source"] == "scripted"
    assert game.state.scripted_dice == [2]


def test_decisions_accept_only_their_options() -> None:
    game = make_game(scripted=(4, 4))
    game.apply(Probe("n1"))
    assert game.why_not(Choose.of(keep="maybe")) is not None
    game.apply(Choose.of(keep="no"))
    assert game.events()[-1].text == "kept=no"
    assert parse("choose keep=no", game.ruleset.action_types()) == Choose.of(keep="no")


def test_wb_hist_1_the_roller_cannot_undo_their_dice() -> None:
    game = make_game()
    game.apply(Probe("n1"))
    before_roll = game.state_hash()
    game.apply(RollPending())
    refusal = game.can_undo()
    assert refusal is not None and refusal.rules == ("WB-HIST-1",)
    with pytest.raises(IllegalAction):
        game.undo()
    # WB-HIST-2 (issue 13 item 3) reversed the old expectation that another player may undo it:
    # only a solo table (allow_undo_others) lets someone else take it back.
    other = game.can_undo(by=2)
    assert other is not None and other.rules == ("WB-HIST-2",)
    game.state.options = replace(game.state.options, allow_undo_others=True)
    assert game.can_undo(by=2) is None  # the seeded dice come back the same
    game.undo(by=2)
    assert game.state_hash() == before_roll


def test_wb_hist_1_the_refusal_names_the_roll_in_words_not_the_answer_syntax() -> None:
    """The by-hand play read "rolled dice in 'dice 3 6 3 3 5 1 2' and cannot take them
    back": the refusal names what the dice were for and their faces (issue 13)."""
    game = make_game()
    game.apply(Probe("n1"))
    game.apply(Dice((3, 6)))
    refusal = game.can_undo()
    assert refusal is not None and refusal.rules == ("WB-HIST-1",)
    name = game.state.player(1).name
    assert refusal.reason == f"{name} rolled 3, 6 for test roll and cannot take them back", \
        refusal.reason
    assert "'" not in refusal.reason and "dice 3" not in refusal.reason


def test_wb_hist_1_the_table_may_allow_undoing_dice() -> None:
    game = make_game(allow_undo=True)
    game.apply(Probe("n1"))
    game.apply(RollPending())
    assert game.can_undo() is None
    first = game.log[-1].action
    game.undo()
    game.apply(RollPending())
    assert game.log[-1].action == first  # undo cannot re-roll: the n-th roll is fixed by the seed
