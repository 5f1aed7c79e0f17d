"""The ruleset plug-in contract, checked on every registered ruleset and on the toy.

Every shipped scenario of every entry of :data:`game.rulesets.RULESETS`, and the toy ruleset of
:mod:`tests.conformance.toy` (a third game built on ``game.core`` alone), are played by bounded
random playouts (:mod:`tests.conformance.cases`); at every state the checks below ask the
contract's questions. Each check collects every problem it meets and reports them together,
so a failure says which ruleset breaks which part of the contract, where, and how.

The contract (``docs/architecture.md``, "The ruleset contract"):

- asking questions never changes the state;
- every action in ``legal_actions()`` passes ``why_not``; every offered decision answer applies;
  every free answer's action is accepted or refused with a reason, never raises (WB-DICE-1 and
  the table's other WB-* rules are the table's part of it);
- ``present``/``commands``/``inspect_pair``/``inspect_unit``/``unit_card`` never raise and
  return the contract's records; labels never show action syntax; a command's offers are legal;
- ``legal_actions_for(unit)`` is the unit's share of ``legal_actions()``;
- playouts keep save/load, undo/redo and replay hashes; events cite catalogued rule IDs;
- the declaration (title, description, board kinds, rule texts, phases, options) is complete.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import pytest

from game.core.actions import TABLE_ACTIONS, Action, from_dict, parse
from game.core.game import Game
from game.core.inspect import Area, HexMark, InfoLine, Inspection, OddsChart, Segment, UnitCard
from game.core.pending import Chance, Idle, PickNumber, PlayerDecision, Refusal
from game.core.present import Command, Ghost, Offer
from game.core.ruleset import Ruleset
from game.geometry.hexgrid import Hex
from game.rulesets import RULESETS
from game.scenario import Session, load_save, write_save
from tests.conformance.cases import (
    CASES,
    RULESET_CLASSES,
    SEEDS,
    TOY,
    Case,
    branch,
    case_ids,
    free_answers,
    playout,
    probe_points,
    trajectory,
    walk,
)
from tests.conformance.toy import Runner, TagRuleset, toy_game, toy_state

MAX_OFFERS = 4
"""Offered answers tried per decision (a random sample when there are more)."""

MAX_PAIRS = 16
"""Unit pairs inspected per state (a random sample when there are more)."""

MAX_ACTIONS = 24
"""Legal actions checked per state (a random sample when there are more): the playouts visit
dozens of states per scenario, so the sample still covers every kind of action."""

MAX_UNITS = 2
"""Units whose commands and legal actions are asked for per state (a random sample)."""

T = TypeVar("T")

RULE_ID = re.compile(r"^[A-Z]+(-[A-Z0-9]+)+$")


def _problems_text(problems: list[str]) -> str:
    unique = list(dict.fromkeys(problems))
    shown = "\n  ".join(unique[:10])
    more = f"\n  ... and {len(unique) - 10} more" if len(unique) > 10 else ""
    return f"{len(problems)} problem(s):\n  {shown}{more}"


def _sample(rng: random.Random, items: Iterable[T], most: int) -> list[T]:
    """Up to ``most`` of ``items``, picked at random (all of them if there are few)."""
    pool = list(items)
    return pool if len(pool) <= most else rng.sample(pool, most)


def _every_state(case: Case) -> Iterable[tuple[int, int, Game]]:
    """(seed, step, game) at every state of every playout of ``case``."""
    for seed, step, game, _ in _every_state_listed(case):
        yield seed, step, game


def _every_state_listed(case: Case) -> Iterable[tuple[int, int, Game, tuple[Action, ...]]]:
    """(seed, step, game, what ``game.legal_actions()`` listed) at every state of every
    playout of ``case``."""
    for seed in SEEDS:
        for step, (game, listed) in enumerate(walk(case, seed)):
            yield seed, step, game, listed


def _guard(problems: list[str], where: str, call: Callable[..., object], *args: object) -> object:
    """``call(*args)``; a raised exception becomes a problem (and None): the suite reports
    every failure instead of stopping at the first."""
    try:
        return call(*args)
    except Exception as exc:
        problems.append(f"{where}: raised {type(exc).__name__}: {exc}")
        return None


def _syntax_in(text: str) -> bool:
    """Whether player-facing text shows action syntax."""
    return "choose " in text.lower() or "=" in text or "->" in text


params = pytest.mark.parametrize("case", CASES, ids=case_ids())


# --- the toy is a real third game ---------------------------------------------------------


def test_the_toy_is_built_from_a_hand_made_state_and_is_not_registered() -> None:
    """TOY-TRN-1: the toy starts in the Move phase of a state built in the test."""
    assert TagRuleset.name not in {entry.name for entry in RULESETS}
    state = toy_state(seed=3)
    assert all(isinstance(u, Runner) for u in state.units.values())
    game = Game(state, TagRuleset({"rounds": 2}))
    assert game.state.turn.phase == "move"
    assert isinstance(game.pending(), Idle)
    assert any(a.verb == "step" for a in game.legal_actions())


def test_the_toy_tag_runs_decision_free_answer_and_dice() -> None:
    """TOY-TAG-1..3 and TOY-MOV-1 through the core: a tag asks for dice with two labelled
    offers and a free number, refuses too many, takes the roll and tags out on a 5+."""
    game = toy_game(seed=0)
    state = game.state
    blue, red = state.units["b2"], state.units["r2"]
    assert blue.hex == Hex(0, 2)
    red.hex = Hex(0, 1)  # next to Blue 2, as if it had stepped there
    game.apply(parse("end", game.ruleset.action_types()))
    assert state.turn.phase == "tag"
    game.apply(parse("tag b2 -> r2", game.ruleset.action_types()))
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.rules == ("TOY-TAG-2",)
    assert [o.label for o in node.offers] == ["Careful: throw 1 die", "Bold: throw 2 dice"]
    (number,) = node.free
    assert isinstance(number, PickNumber)
    refusal = game.why_not(number.answer(4))
    assert refusal is not None and "only 3 stamina" in refusal.reason
    half = game.why_not(number.answer(1.5))
    assert half is not None and "whole number" in half.reason
    three = number.answer(3)
    assert game.why_not(three) is None
    game.apply(three)
    chance = game.pending()
    assert isinstance(chance, Chance) and str(chance.dice) == "3d6"
    game.apply(parse("dice 1 2 5", game.ruleset.action_types()))
    assert red.destroyed and game.state.turn.activated == ["b2"]
    assert game.events()[-1].rules == ("TOY-TAG-3",)


# --- declaration -----------------------------------------------------------------------------


@pytest.mark.parametrize("cls", RULESET_CLASSES, ids=[c.name for c in RULESET_CLASSES])
def test_declared_metadata_is_complete(cls: type[Ruleset]) -> None:
    """Title, menu description, board kinds, phases, options and a catalogue whose every entry
    is an ID with a paraphrase; a ruleset with its own actions or procedures (a real rules
    system, not the bare table) declares its own rule texts."""
    problems: list[str] = []
    if cls.name == Ruleset.name or not cls.name.isidentifier():
        problems.append(f"name {cls.name!r} is the base's or not an identifier")
    if not cls.title.strip() or cls.title == Ruleset.title:
        problems.append(f"title {cls.title!r} is empty or the base's")
    if len(cls.description.split()) < 8 or cls.description == Ruleset.description:
        problems.append("description is missing, the base's, or not a sentence")
    if "\n\n" in cls.description:
        problems.append("description is more than one paragraph")
    if not cls.board_kinds or not set(cls.board_kinds) <= {"table", "hex"}:
        problems.append(f"board kinds {cls.board_kinds!r}")
    if len(set(cls.phases)) != len(cls.phases) or not all(p.strip() for p in cls.phases):
        problems.append(f"phases {cls.phases!r} repeat or are blank")
    instance = cls()
    real = bool(set(instance.action_types()) - set(TABLE_ACTIONS) or instance.procedure_steps())
    if real and not cls.rule_texts:
        problems.append("a ruleset with its own actions declares no rule texts")
    for rule, text in cls.catalogue().items():
        if not RULE_ID.match(rule) or len(text.split()) < 4:
            problems.append(f"catalogue entry {rule!r}: {text!r}")
    if cls.option_problems({}):
        problems.append(f"no options is refused: {cls.option_problems({})}")
    if not cls.option_problems({"no_such_option_at_all": 1}):
        problems.append("an unknown option is accepted")
    assert not problems, _problems_text(problems)


@params
def test_the_scenario_board_is_a_declared_kind(case: Case) -> None:
    """A shipped scenario is played on a board kind its ruleset declares."""
    state = case.new_game().state
    assert state.board.kind in case.cls.board_kinds
    assert state.ruleset == case.cls.name


# --- legality --------------------------------------------------------------------------------


@params
def test_every_legal_action_passes_why_not(case: Case) -> None:
    """Whatever ``legal_actions()`` lists, ``why_not`` accepts."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game, listed in _every_state_listed(case):
        for action in _sample(rng, listed, MAX_ACTIONS):
            refusal = _guard(problems, f"seed {seed} step {step} why_not({action})",
                             game.why_not, action)
            if refusal is not None:
                problems.append(f"seed {seed} step {step}: legal '{action}' refused: {refusal}")
    assert not problems, _problems_text(problems)


@params
def test_every_offered_answer_applies(case: Case) -> None:
    """Every decision offers something, and each offered answer applies without raising."""
    problems: list[str] = []
    rng = random.Random(0)
    decisions = 0
    for seed, step, game in _every_state(case):
        node = game.pending()
        if not isinstance(node, PlayerDecision):
            continue
        decisions += 1
        if not node.offers and not node.free:
            problems.append(f"seed {seed} step {step}: decision {node.kind} offers nothing")
        for offer in _sample(rng, node.offers, MAX_OFFERS):
            copy = branch(game)
            _guard(problems, f"seed {seed} step {step} offer '{offer.action}'",
                   copy.apply, offer.action)
    if case.id == TOY:
        assert decisions, "the toy's playouts reach its decision"
    assert not problems, _problems_text(problems)


@params
def test_every_free_answer_is_accepted_or_refused_with_a_reason(case: Case) -> None:
    """A free answer's built action (edges, middles and wrong values of a number, dice
    subsets, steered poses) is either accepted, and then applies, or refused with a reason."""
    problems: list[str] = []
    for seed, step, game in _every_state(case):
        node = game.pending()
        if not isinstance(node, PlayerDecision):
            continue
        for free in node.free:
            where = f"seed {seed} step {step} {node.kind} {type(free).__name__}"
            built = _guard(problems, f"{where} build", free_answers, game, free)
            for action in built if isinstance(built, list) else []:
                refusal = _guard(problems, f"{where} why_not({action})",
                                 game.why_not, action)
                if isinstance(refusal, Refusal) and not refusal.reason.strip():
                    problems.append(f"{where}: '{action}' refused without a reason")
                elif isinstance(refusal, Refusal):
                    _check_cited(problems, f"{where} refusal of '{action}'", game, refusal.rules)
                elif refusal is None:
                    copy = branch(game)
                    _guard(problems, f"{where} apply '{action}'",
                           copy.apply, action)
    assert not problems, _problems_text(problems)


@params
def test_legal_actions_for_is_the_units_share(case: Case) -> None:
    """``legal_actions_for(unit)`` lists exactly the unit's actions of ``legal_actions()``."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game, listed in _every_state_listed(case):
        ruleset, state = game.ruleset, game.state
        idle = isinstance(game.pending(), Idle)
        every = list(listed) if idle else ruleset.legal_actions(state)
        for uid in _sample(rng, state.units, MAX_UNITS):
            share = Counter(str(a) for a in every if a.actor() == uid)
            got = _guard(problems, f"seed {seed} step {step} legal_actions_for({uid})",
                         ruleset.legal_actions_for, state, uid)
            mine = Counter(str(a) for a in got) if isinstance(got, list) else share
            if mine != share:
                problems.append(f"seed {seed} step {step} {uid}: legal_actions_for adds "
                                f"{sorted(mine - share)} and misses {sorted(share - mine)}")
    assert not problems, _problems_text(problems)


# --- presentation ----------------------------------------------------------------------------


def _check_offer(problems: list[str], where: str, offer: object, action: Action | None) -> None:
    if not isinstance(offer, Offer):
        problems.append(f"{where}: {type(offer).__name__} is not an Offer")
        return
    if action is not None and offer.action != action:
        problems.append(f"{where}: the offer is for '{offer.action}'")
    if not offer.label.strip() or _syntax_in(offer.label):
        problems.append(f"{where}: label {offer.label!r} is empty or shows action syntax")
    if str(offer.action) in offer.hint and len(str(offer.action).split()) > 1:
        problems.append(f"{where}: hint {offer.hint!r} shows the action's text form")
    if offer.ghost is not None and not isinstance(offer.ghost, Ghost):
        problems.append(f"{where}: ghost is a {type(offer.ghost).__name__}")


@params
def test_present_labels_every_action_and_answer_plainly(case: Case) -> None:
    """``present`` returns an :class:`Offer` for every legal action; decision offers carry
    labels too; no label shows action syntax (no ``choose``, ``=`` or ``->``)."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game, listed in _every_state_listed(case):
        node = game.pending()
        where = f"seed {seed} step {step}"
        if isinstance(node, PlayerDecision):
            for offer in node.offers:
                _check_offer(problems, f"{where} {node.kind} offer", offer, None)
                if str(offer.action) in node.prompt:
                    problems.append(f"{where}: prompt {node.prompt!r} shows action syntax")
        for action in _sample(rng, listed, MAX_ACTIONS):
            shown = _guard(problems, f"{where} present({action})",
                           game.ruleset.present, game.state, action)
            if shown is not None:
                _check_offer(problems, f"{where} present({action})", shown, action)
    assert not problems, _problems_text(problems)


def _check_cited(problems: list[str], where: str, game: Game, rules: tuple[str, ...]) -> None:
    """A refusal's rule IDs must be in the ruleset's catalogue (it may cite none)."""
    unknown = [r for r in rules if r not in game.ruleset.catalogue()]
    if unknown:
        problems.append(f"{where} cites {unknown}, not in the catalogue")


def _check_command(problems: list[str], where: str, game: Game, command: object) -> None:
    if not isinstance(command, Command):
        problems.append(f"{where}: {type(command).__name__} is not a Command")
        return
    if not command.key or not command.label.strip() or _syntax_in(command.label):
        problems.append(f"{where}: key {command.key!r} / label {command.label!r}")
    if command.refusal is not None and not isinstance(command.refusal, Refusal):
        problems.append(f"{where} {command.key}: refusal is not a Refusal")
    elif command.refusal is not None:
        _check_cited(problems, f"{where} {command.key} refusal", game, command.refusal.rules)
    for offer in command.offers:
        _check_offer(problems, f"{where} {command.key}", offer, None)
        refusal = _guard(problems, f"{where} {command.key} why_not({offer.action})",
                         game.why_not, offer.action)
        if refusal is not None:
            problems.append(f"{where} {command.key}: offer '{offer.action}' is not legal: "
                            f"{refusal}")
    if command.target_refusal is not None:
        for uid in game.state.units:
            answer = _guard(problems, f"{where} {command.key} target_refusal({uid})",
                            command.target_refusal, uid)
            if answer is not None and not isinstance(answer, Refusal):
                problems.append(f"{where} {command.key}: target_refusal gave {answer!r}")
            elif isinstance(answer, Refusal):
                _check_cited(problems, f"{where} {command.key} target_refusal({uid})", game,
                             answer.rules)
    if command.steer is not None:
        for point in probe_points(game, command.steer.unit):
            built = _guard(problems, f"{where} {command.key} steer{point}",
                           command.steer.build, point, 15.0, False)
            if isinstance(built, Offer):
                _check_offer(problems, f"{where} {command.key} steer", built, None)
                _guard(problems, f"{where} {command.key} steer why_not",
                       game.why_not, built.action)


@params
def test_commands_offer_only_legal_actions(case: Case) -> None:
    """Every unit's ``commands`` are :class:`Command` records whose offers are legal, whose
    refusals are refusals and whose target refusals and steers never raise."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game in _every_state(case):
        for uid in _sample(rng, game.state.units, MAX_UNITS):
            where = f"seed {seed} step {step} commands({uid})"
            commands = _guard(problems, where,
                              game.ruleset.commands, game.state, uid)
            if commands is None:
                continue
            if not isinstance(commands, tuple):
                problems.append(f"{where}: a {type(commands).__name__}, not a tuple")
                continue
            for command in commands:
                _check_command(problems, where, game, command)
    assert not problems, _problems_text(problems)


# --- inspection ------------------------------------------------------------------------------


def _check_lines(problems: list[str], where: str, lines: object) -> None:
    if not isinstance(lines, tuple):
        problems.append(f"{where}: lines are a {type(lines).__name__}")
        return
    for line in lines:
        if not isinstance(line, InfoLine) or not isinstance(line.rules, tuple):
            problems.append(f"{where}: {line!r} is not an InfoLine with a tuple of rules")
        elif not line.text.strip():
            problems.append(f"{where}: an empty line")


def _check_inspection(problems: list[str], where: str, found: object) -> None:
    if found is None:
        return
    if not isinstance(found, Inspection):
        problems.append(f"{where}: a {type(found).__name__}, not an Inspection")
        return
    _check_lines(problems, where, found.lines)
    for shape in found.shapes:
        if not isinstance(shape, Segment | Area | HexMark | Ghost):
            problems.append(f"{where}: shape {shape!r} is not a contract primitive")
    for chart in found.odds:
        if not isinstance(chart, OddsChart):
            problems.append(f"{where}: {chart!r} is not an OddsChart")
            continue
        for label, p in chart.bars:
            if not isinstance(p, Fraction | float) or not 0 <= p <= 1 or not label:
                problems.append(f"{where}: odds bar {label!r} = {p!r}")


@params
def test_inspections_and_cards_never_raise_and_are_records(case: Case) -> None:
    """``inspect_pair``, ``inspect_unit`` and ``unit_card`` answer every unit (and unknown
    ids) with the contract's records, or None, and never raise."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game in _every_state(case):
        ruleset, state = game.ruleset, game.state
        ids = [*state.units, "no-such-unit"]
        pairs = [(a, b) for a in ids for b in ids]
        for a, b in _sample(rng, pairs, MAX_PAIRS):
            where = f"seed {seed} step {step} inspect_pair({a}, {b})"
            _check_inspection(problems, where, _guard(
                problems, where, ruleset.inspect_pair, state, a, b))
        for uid in ids:
            where = f"seed {seed} step {step} inspect_unit({uid})"
            _check_inspection(problems, where, _guard(
                problems, where, ruleset.inspect_unit, state, uid))
            where = f"seed {seed} step {step} unit_card({uid})"
            card = _guard(problems, where, ruleset.unit_card, state, uid)
            if card is not None and not isinstance(card, UnitCard):
                problems.append(f"{where}: a {type(card).__name__}, not a UnitCard")
            elif isinstance(card, UnitCard):
                _check_lines(problems, where, card.lines)
            if uid in state.units and card is None:
                problems.append(f"{where}: a unit of the game has no card")
    assert not problems, _problems_text(problems)


# --- rules cited ----------------------------------------------------------------------------


@params
def test_every_event_cites_a_rule_of_the_catalogue(case: Case) -> None:
    """Every event of every playout (the opening ones too) cites only catalogued rule IDs."""
    catalogue = case.cls.catalogue()
    problems: list[str] = []
    for seed in SEEDS:
        for event in playout(case, seed).events:
            unknown = [r for r in event.rules if r not in catalogue]
            if not event.rules or unknown:
                problems.append(f"{event.kind} cites {event.rules} (unknown: {unknown})")
    assert not problems, _problems_text(problems)


@params
def test_rules_shown_to_players_are_in_the_catalogue(case: Case) -> None:
    """Decisions, chance nodes, inspection lines and odds charts cite catalogued rule IDs."""
    catalogue = case.cls.catalogue()
    problems: list[str] = []
    for seed, step, game in _every_state(case):
        ruleset, state = game.ruleset, game.state
        node = game.pending()
        cited: list[tuple[str, tuple[str, ...]]] = []
        if isinstance(node, PlayerDecision | Chance):
            cited.append((type(node).__name__, node.rules))
        ids = list(state.units)[:4]
        for uid in ids:
            found = _guard(problems, f"inspect_unit({uid})",
                           ruleset.inspect_unit, state, uid)
            if isinstance(found, Inspection):
                cited += [("inspect_unit", line.rules) for line in found.lines]
            for other in ids:
                pair = _guard(problems, f"inspect_pair({uid}, {other})",
                              ruleset.inspect_pair, state, uid, other)
                if isinstance(pair, Inspection):
                    cited += [("inspect_pair", line.rules) for line in pair.lines]
                    cited += [("odds", chart.rules) for chart in pair.odds]
        for what, rules in cited:
            unknown = [r for r in rules if r not in catalogue]
            if unknown:
                problems.append(f"seed {seed} step {step} {what} cites {unknown}")
    assert not problems, _problems_text(problems)


@params
def test_the_turn_phase_is_one_the_ruleset_declares(case: Case) -> None:
    """``state.turn.phase`` is always one of the declared phases (None when none are)."""
    problems: list[str] = []
    phases = case.cls.phases
    for seed, step, game in _every_state(case):
        phase = game.state.turn.phase
        if (phase is None) != (not phases) or (phase is not None and phase not in phases):
            problems.append(f"seed {seed} step {step}: phase {phase!r}, declared {phases}")
    assert not problems, _problems_text(problems)


# --- history ---------------------------------------------------------------------------------


def _undo_redo(problems: list[str], game: Game, where: str) -> None:
    """Undo the last action (by a player who rolled no dice in it) and redo it: the hashes
    before and after must come back."""
    last = game.log[-1]
    by = next((p.number for p in game.state.players if p.number not in last.rolled_by), None)
    if by is None or game.can_undo(by) is not None:
        return
    after = game.state_hash()
    before = game.log[-2].hash_after if len(game.log) > 1 else None
    game.undo(by)
    if before is not None and game.state_hash() != before:
        problems.append(f"{where}: undo of '{last.action}' gives another state")
    game.redo()
    if game.state_hash() != after:
        problems.append(f"{where}: redo of '{last.action}' gives another state")


@pytest.mark.parametrize(("case", "seed"), [(c, s) for c in CASES for s in SEEDS],
                         ids=[f"{c.id}-{s}" for c in CASES for s in SEEDS])
def test_playouts_keep_save_load_undo_redo_and_replay_hashes(
        case: Case, seed: int, tmp_path: Path) -> None:
    """Undo/redo along the playout, the text and dict forms of the log, and a replay of the
    log (for registered rulesets through a save written and loaded, for the toy through
    ``Game.replay``) all give back the same state hash."""
    problems: list[str] = []
    game = case.new_game()
    initial = game.state_hash()
    for step, action in enumerate(trajectory(case, seed)):
        game.apply(action)
        if step % 3 == 0:
            _undo_redo(problems, game, f"step {step}")
    end = game.state_hash()
    types = game.ruleset.action_types()
    for action in game.actions():
        if parse(str(action), types) != action or from_dict(action.to_dict(), types) != action:
            problems.append(f"'{action}' does not survive its text or dict form")
    if case.registered:
        session = Session(case.scenario(), game)
        loaded = load_save(write_save(session, tmp_path / "save.json"))  # replays the log
        if loaded.game.state_hash() != end:
            problems.append("save/load (a replay of the log) gives another state")
    else:
        again = Game.replay(case.new_game().state, game.ruleset,
                            [from_dict(a.to_dict(), types) for a in game.actions()])
        if again.state_hash() != end or case.new_game().state_hash() != initial:
            problems.append("the toy's log rebuilt from dicts gives another state")
    assert not problems, _problems_text(problems)


# --- the ruleset's parts in their places --------------------------------------------------


def _node_key(node: object) -> object:
    """What identifies a decision or chance node, leaving out the free answers' builder
    functions (two builds of the same answer are different closures, never equal)."""
    if isinstance(node, PlayerDecision):
        return (node.player, node.kind, node.prompt, node.offers, node.rules,
                tuple(type(f).__name__ for f in node.free))
    return node


@params
def test_running_procedures_are_on_the_core_loop(case: Case) -> None:
    """Every procedure on the stack has its :class:`~game.core.procedure.Steps` registered
    through ``procedure_steps()``, and what the game waits for is what the loop says: the
    ruleset runs its procedures on the core's loop, not on a switch of its own."""
    problems: list[str] = []
    for seed, step, game in _every_state(case):
        loop, state = game.ruleset.loop, game.state
        for proc in state.procedures:
            try:
                loop.steps_for(proc)
            except KeyError:
                problems.append(f"{type(proc).__name__} has no Steps on the loop")
                break
        else:
            waiting = _guard(problems, f"seed {seed} step {step} loop.waiting",
                             loop.waiting, state)
            if _node_key(waiting) != _node_key(game.ruleset.decision(state)):
                problems.append(f"seed {seed} step {step}: decision() is not the loop's")
    assert not problems, _problems_text(problems)


@params
def test_a_real_rulesets_inspection_lines_cite_their_rules(case: Case) -> None:
    """A rules system (a ruleset with actions of its own) answers "what does A see of B"
    citing the rule IDs behind it: every verdict line (tone good or bad: in range, blocked,
    refused) names its rules, and every inspection cites at least one rule. Plain measurements
    (tone info, e.g. a distance) may stand without one; only a rules-free table (the sandbox)
    cites none at all."""
    game = next(iter(walk(case, SEEDS[0])))[0]
    ruleset = game.ruleset
    if not set(ruleset.action_types()) - set(TABLE_ACTIONS):
        pytest.skip("a rules-free table cites no rules")
    problems: list[str] = []
    for _, _, game in _every_state(case):
        ids = [u.id for u in game.state.live_units()][:4]
        for a in ids:
            for b in ids:
                found = _guard(problems, f"inspect_pair({a}, {b})",
                               ruleset.inspect_pair, game.state, a, b)
                lines = found.lines if isinstance(found, Inspection) else ()
                for line in lines:
                    if line.tone != "info" and not line.rules:
                        problems.append(f"inspect_pair({a}, {b}): {line.text!r} cites no rule")
                if lines and not any(line.rules for line in lines):
                    problems.append(f"inspect_pair({a}, {b}) cites no rule at all")
    assert not problems, _problems_text(problems)


@params
def test_options_live_on_the_ruleset_not_in_the_state(case: Case) -> None:
    """A ruleset keeps its scenario options on its instance (``self.options``), where every
    question it answers can read them; it does not copy them into ``state.extra``."""
    problems: list[str] = []
    keys = set(case.cls.option_keys)
    for seed in SEEDS:
        for step, (game, _) in enumerate(walk(case, seed)):
            extra = game.state.extra
            nested = [k for v in extra.values() if isinstance(v, dict) for k in v]
            found = keys & {*extra, *nested}
            if found:
                problems.append(f"seed {seed} step {step}: state.extra holds {sorted(found)}")
                break
    assert not problems, _problems_text(problems)


@params
def test_questions_never_change_the_state(case: Case) -> None:
    """``legal_actions``, ``why_not``, ``decision``, ``present``, ``commands`` and the
    inspections only read: the state hash is the same before and after asking them all."""
    problems: list[str] = []
    rng = random.Random(0)
    for seed, step, game, listed in _every_state_listed(case):
        ruleset, state = game.ruleset, game.state
        before = game.state_hash()
        ids = _sample(rng, state.units, MAX_UNITS)
        _guard(problems, "legal_actions", ruleset.legal_actions, state)
        _guard(problems, "decision", ruleset.decision, state)
        for action in _sample(rng, listed, 4):
            _guard(problems, f"why_not({action})", game.why_not, action)
            _guard(problems, f"present({action})", ruleset.present, state, action)
        for uid in ids:
            _guard(problems, f"commands({uid})", ruleset.commands, state, uid)
            _guard(problems, f"inspect_unit({uid})", ruleset.inspect_unit, state, uid)
            _guard(problems, f"unit_card({uid})", ruleset.unit_card, state, uid)
            for other in ids:
                _guard(problems, f"inspect_pair({uid}, {other})", ruleset.inspect_pair, state,
                       uid, other)
        if game.state_hash() != before:
            problems.append(f"seed {seed} step {step}: asking questions changed the state")
    assert not problems, _problems_text(problems)
