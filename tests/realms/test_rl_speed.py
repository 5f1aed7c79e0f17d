"""The realms ruleset's memo (answers kept per placement of the units, per ruleset instance)
gives exactly what fresh computation gives, however the units move, on the shipped skirmish
and on a 20x20-space board with 20 units. No test here times anything: speed is measured by
``warbench bench play --ruleset realms``."""

from __future__ import annotations

import random

import pytest

from game.core.actions import Action, parse
from game.core.pending import Over
from game.core.position import PositionMemo
from game.rulesets.realms.actions import Cast, Special, Strike
from game.rulesets.realms.board import beyond, hex_board, reach
from game.rulesets.realms.odds import attack_odds
from game.rulesets.realms.procedure import command_of
from game.rulesets.realms.rules import HANDS, Attempt, attempt
from game.rulesets.realms.units import RealmsUnit
from game.scenario import load_scenario, load_scenario_text
from tests.conftest import SCENARIOS

from .test_rl_playouts import _pick


def test_memo_answers_match_a_fresh_ruleset_over_a_playout() -> None:
    sc = load_scenario(SCENARIOS / "realms_skirmish.toml")
    game = sc.new_game()
    rng = random.Random(5)
    for step in range(160):
        state = game.state
        fresh = sc.fresh_ruleset()
        assert game.ruleset.legal_actions(state) == fresh.legal_actions(state), step
        live = [u.id for u in state.live_units()]
        a, b = rng.sample(live, 2)
        assert game.ruleset.inspect_pair(state, a, b) == fresh.inspect_pair(state, a, b), step
        assert game.ruleset.inspect_unit(state, a) == fresh.inspect_unit(state, a), step
        if isinstance(game.pending(), Over):
            break
        game.apply(_pick(game, rng))
        if step % 23 == 22 and game.can_undo() is None:
            game.undo()


def test_memo_answers_a_snapshot_of_the_same_placement_alike() -> None:
    """An undo snapshot holds other unit objects at the same places: what the memo kept for
    the original must hold for it too (units compared by id, never by identity)."""
    from game.core.hashing import snapshot

    sc = load_scenario(SCENARIOS / "realms_skirmish.toml")
    game = sc.new_game()
    game.apply(parse("command s1", game.ruleset.action_types()))
    rs = game.ruleset
    legal = rs.legal_actions(game.state)
    copy = snapshot(game.state)
    assert rs.legal_actions(copy) == legal
    assert all(rs.why_not(copy, a) is None for a in legal)


def test_each_ruleset_instance_has_its_own_memo() -> None:
    sc = load_scenario(SCENARIOS / "realms_skirmish.toml")
    one, two = sc.fresh_ruleset(), sc.fresh_ruleset()
    assert isinstance(one.settings.memo, PositionMemo)  # type: ignore[attr-defined]
    assert one.settings.memo is one.memo  # type: ignore[attr-defined]
    assert one.settings.memo is not two.settings.memo  # type: ignore[attr-defined]


def big_board(rows: tuple[int, int] = (6, 9)) -> str:
    """A 20 x 20-space board with hills, stones and a pad, and 10 units a side."""
    rng = random.Random(3)
    lines = ["[scenario]", 'name = "big"', 'ruleset = "realms"', "[hexmap]", "cols = 20",
             "rows = 20"]
    hexes = [(c - r // 2, r) for r in range(20) for c in range(20)]
    for q, r in hexes:
        if 6 <= r <= 13 and rng.random() < 0.35:
            lines += ["[[hexmap.hexes]]", f"at = [{q}, {r}]", 'terrain = "hill"',
                      f"elevation = {rng.choice([3, 6, 9, 12])}"]
    for q, r in rng.sample([h for h in hexes if 7 <= h[1] <= 8], 6):
        lines += ["[[hexmap.obstructions]]", f"at = [{q}, {r}]", "height = 8"]
    lines += ["[[hexmap.pads]]", "between = [[2, 5], [10, 14]]"]
    lines += ['[[players]]', 'name = "A"', 'colour = "#aa0000"', '[[players]]', 'name = "B"',
              'colour = "#0000aa"']
    kinds = ["swordsman", "archer", "spearman", "duelist", "brawler", "mage", "archer",
             "swordsman", "spearman", "wyrm"]
    for i, kind in enumerate(kinds):
        for side, row, facing in ((1, rows[0], 0), (2, rows[1], 3)):
            lines += ["[[units]]", f'id = "u{side}_{i}"', f"side = {side}",
                      f'profile = "{kind}"', f"hex = [{2 * i - row // 2}, {row}]",
                      f"facing = {facing}"]
    return "\n".join(lines) + "\n"


def test_a_big_board_answers_hover_selection_and_odds_as_fresh_computation_does() -> None:
    sc = load_scenario_text(big_board(), "big.toml")
    game = sc.new_game()
    game.apply(parse("command u1_9", game.ruleset.action_types()))
    rs, state = game.ruleset, game.state
    fresh = sc.fresh_ruleset()
    def shown(ruleset: object) -> list[tuple[object, ...]]:  # a steer's closure has no equality
        return [(c.key, c.label, c.offers, c.refusal) for c in ruleset.commands(state, "u1_9")]  # type: ignore[attr-defined]

    assert shown(rs) == shown(fresh)
    foes = [u.id for u in state.live_units(2)]
    for foe in foes:  # warm the memo first, then compare with a ruleset that never saw it
        rs.inspect_pair(state, foe, "u1_9")
    assert [rs.inspect_pair(state, f, "u1_9") for f in foes] == [
        sc.fresh_ruleset().inspect_pair(state, f, "u1_9") for f in foes]
    shooters = [u for u in state.live_units(1) if isinstance(u, RealmsUnit)]
    found = [attempt(rs.settings, state, u, f, "main")  # type: ignore[attr-defined]
             for u in shooters for f in foes]
    plans = [f.plan for f in found if isinstance(f, Attempt)]
    assert plans and [attack_odds(p) for p in plans] == [attack_odds(p) for p in plans]


def test_the_buttons_of_a_commanded_unit_match_its_whole_legal_actions() -> None:
    """The Walk button is built from one legal walk (it points; RL-MOV-1): every button is
    enabled exactly when the unit's whole legal actions have one of its kind, and the other
    buttons offer exactly those actions."""
    sc = load_scenario(SCENARIOS / "realms_skirmish.toml")
    game = sc.new_game()
    rs = game.ruleset
    for uid in [u.id for u in game.state.live_units(game.current_player())]:
        command = parse(f"command {uid}", rs.action_types())
        if game.why_not(command) is not None:
            continue  # a building takes no commands (RL-ATK-1): its side's watchtower
        game.apply(command)
        legal = rs.legal_actions_for(game.state, uid)
        whole = rs.commands_from(game.state, legal)
        shown = rs.commands(game.state, uid)
        assert [c.key for c in shown] == [c.key for c in whole]
        for quick, full in zip(shown, whole, strict=True):
            assert quick.enabled == full.enabled, quick.key
            if quick.key != "walk":
                assert quick.offers == full.offers
        game.undo()


def test_rl_atk_1_the_attack_buttons_check_their_attacks_only_as_they_are_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a playout, the buttons of the commanded unit offer exactly its legal attacks of
    each kind, but building them checks each kind's attacks only up to its first legal one
    (issue 32: a unit's ~45 attack checks were the commit's): with two legal strikes or
    more, fewer checks than listing them all."""
    from game import rulesets

    table = rulesets.create("realms").bench_table(20, 7)  # crowded: units meet at once
    assert table is not None
    game = load_scenario_text(table.text, max_units=table.max_units).new_game()
    rs = game.ruleset
    rng = random.Random(11)
    asked: list[Action] = []
    why_not = rs.why_not
    monkeypatch.setattr(rs, "why_not", lambda st, a: asked.append(a) or why_not(st, a))
    seen = 0
    for _ in range(300):
        if isinstance(game.pending(), Over) or seen >= 6:
            break
        state = game.state
        cmd = command_of(state)
        unit = cmd.unit if cmd is not None else ""
        legal = rs.legal_actions_for(state, unit) if unit else []
        attacks = [a for a in legal if isinstance(a, Strike | Special | Cast)]
        if sum(isinstance(a, Strike) for a in attacks) >= 2:
            rs.memo.forget()
            asked.clear()
            rs.legal_actions_for(state, unit)
            listing = sum(isinstance(a, Strike | Special | Cast) for a in asked)
            rs.memo.forget()
            asked.clear()
            buttons = {c.key: c for c in rs.commands(state, unit)}
            assert sum(isinstance(a, Strike | Special | Cast) for a in asked) < listing
            offered = [o.action for key in (Strike.verb, Special.verb, Cast.verb) if key in buttons
                       for o in buttons[key].offers]
            assert sorted(map(str, offered)) == sorted(map(str, attacks))
            seen += 1
        game.apply(_pick(game, rng))
    assert seen >= 3


def test_rl_rng_1_the_cheap_range_bound_never_cuts_a_reachable_target() -> None:
    """RL-RNG-1 / RL-ELV-3 (issue 32): :func:`beyond` says a target is out of ``most``
    spaces only when the range rule's distance (gaps in pegs, pads as neighbours) is above
    it, on a board with hills, gaps and a pad; and it does leave far targets out."""
    sc = load_scenario_text(big_board(), "big.toml")
    state = sc.new_game().state
    board = hex_board(state)
    feats = sc.fresh_ruleset().settings.features_for(board)  # type: ignore[attr-defined]
    units = [u for u in state.live_units() if isinstance(u, RealmsUnit)]
    cut = 0
    for att in units:
        for tgt in units:
            if tgt is att:
                continue
            distance = reach(board, feats, att, tgt, 1).distance
            for most in range(8):
                if beyond(feats, att, tgt, most):
                    assert distance > most, (att.id, tgt.id, most)
                    cut += 1
    assert cut > 100


def test_rl_atk_2_the_legal_attacks_are_every_enemy_checked() -> None:
    """RL-ATK-2 (issue 32): a commanded unit's legal attacks, asked of the enemies in reach
    only (:func:`may_reach`), are exactly those found by checking every enemy with every
    hand, special and spell."""
    sc = load_scenario_text(big_board(), "big.toml")
    game = sc.new_game()
    rs = game.ruleset
    attacks = 0
    for uid in [u.id for u in game.state.live_units(1)]:
        game.apply(parse(f"command {uid}", rs.action_types()))
        state, unit = game.state, game.state.units[uid]
        assert isinstance(unit, RealmsUnit)
        every: list[Action] = []
        for enemy in state.live_units(2):
            every += [Strike(uid, enemy.id, hand) for hand in HANDS]
            every += [Special(uid, enemy.id, s.name) for s in unit.specials]
            every += [Cast(uid, enemy.id, s.name) for s in unit.spells]
        fresh = sc.fresh_ruleset()
        legal = [a for a in every if fresh.why_not(state, a) is None]
        found = [a for a in rs.legal_actions_for(state, uid)
                 if isinstance(a, Strike | Special | Cast)]
        assert sorted(map(repr, found)) == sorted(map(repr, legal)), uid
        attacks += len(legal)
        game.undo()
    assert attacks > 0  # the board puts enemies in reach


def test_the_height_field_is_kept_while_no_figure_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    """RL-LOS-1's height field depends on where the figures stand alone: an action that moves
    none (a unit command) finds the field of the position before it, a walk makes a new one,
    and an undo finds the first again (issue 32: a realms commit built it twice)."""
    from game.rulesets.realms import rules

    built: list[int] = []
    real = rules.sight_field
    monkeypatch.setattr(rules, "sight_field", lambda *a: built.append(1) or real(*a))
    sc = load_scenario(SCENARIOS / "realms_skirmish.toml")
    game = sc.new_game()
    rs = game.ruleset
    first = rules.field(rs.settings, game.state)
    game.apply(parse("command s1", rs.action_types()))
    assert rules.field(rs.settings, game.state) is first and built == [1]
    walk = next(a for a in rs.legal_actions_for(game.state, "s1") if "walk" in str(a))
    game.apply(walk)
    moved = rules.field(rs.settings, game.state)
    assert moved is not first and built == [1, 1]
    assert (moved.tops != first.tops).any()
    game.undo()
    assert rules.field(rs.settings, game.state) is first and built == [1, 1]
