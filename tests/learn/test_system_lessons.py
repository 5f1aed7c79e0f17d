"""The Ninth Age and realms lessons: the seed's worked examples, equivalent answers counted,
and the predicate on allocation tables they rely on."""

from __future__ import annotations

from game.core.events import Event
from game.learn import LessonRun, find_lesson, load_all
from game.learn.model import Condition
from game.learn.predicates import fill, holds

NINTH_AGE = {"na-to-hit-table", "na-character-in-contact", "na-supporting-attacks",
             "na-d6-hits-again"}
REALMS = {"rl-range-four", "rl-high-ground", "rl-peg-range", "rl-night-precision",
          "rl-armor-counter"}


def _at_try(lesson_id: str) -> LessonRun:
    run = LessonRun(find_lesson(lesson_id), record=False)
    while run.step.kind != "try":
        run.next()
    return run


def test_each_new_system_has_its_seed_lessons() -> None:
    by_system: dict[str, set[str]] = {}
    for lesson in load_all():
        by_system.setdefault(lesson.system, set()).add(lesson.id)
    assert by_system["ninth_age"] >= NINTH_AGE
    assert by_system["realms"] >= REALMS


def test_a_table_in_event_data_matches_in_any_order_and_ignores_other_keys() -> None:
    event = Event("melee.reallocate", "", ("NA-TGT-5",),
                  {"split": {"guard/rf": 1, "guard/imperial_captain": 3}})
    state = find_lesson("na-d6-hits-again").scenario.state
    same = Condition(event="melee.reallocate",
                     data={"split": {"guard/imperial_captain": 3, "guard/rf": 1}})
    part = Condition(event="melee.reallocate", data={"split": {"guard/imperial_captain": 3}})
    other = Condition(event="melee.reallocate", data={"split": {"guard/imperial_captain": 2}})
    assert holds(same, state, [event]) and holds(part, state, [event])
    assert not holds(other, state, [event])


def test_the_reallocation_try_counts_the_split_written_in_another_order() -> None:
    run = _at_try("na-d6-hits-again")
    assert run.act("choose to=guard/imperial_captain:3+guard/rf:1").kind == "solved"


def test_all_multiplied_hits_on_the_character_is_refused_with_the_authored_reason() -> None:
    run = _at_try("na-d6-hits-again")
    feedback = run.act("choose to=guard/imperial_captain:4")
    assert feedback.kind == "refused" and "NA-TGT-5" in feedback.rules
    assert "at least one hit stays" in feedback.text
    assert run.act("choose to=guard/rf:1+guard/imperial_captain:3").kind == "solved"


def test_supporting_models_behind_the_warlord_may_strike_the_captain() -> None:
    run = _at_try("na-supporting-attacks")
    assert run.act("choose to=guard/imperial_captain:2").kind == "solved"


def test_the_range_lesson_counts_any_walk_that_brings_the_scout_in_range() -> None:
    run = _at_try("rl-range-four")
    for action in ("command a", "walk a -2 0 4", "attack a -> far"):
        assert run.act(action).kind == "progress"
    assert run.act("choose declared=roll").kind == "solved"


def test_walking_off_the_cliff_loses_the_range_bonus_and_the_step_recovers() -> None:
    run = _at_try("rl-high-ground")
    run.act("command a")
    run.act("walk a 1 0 1")
    refused = run.act("attack a -> d")
    assert refused.kind == "refused" and "RL-ELV-2" in refused.rules
    assert run.undo().kind == "info"
    assert run.act("attack a -> d").kind == "progress"
    assert run.act("choose declared=roll").kind == "solved"


def test_a_live_number_can_name_which_event_of_a_kind_it_reads() -> None:
    run = LessonRun(find_lesson("na-to-hit-table"), record=False)
    run.next()
    assert run.step.kind == "demo"
    # two melee.hit events happened (the Warlord's 2 hits, then the Wardens' 0): the filter
    # picks the Warlord's, where the plain {melee.hit/successes} would read the latest
    assert "6 3 2 1: 2 hit" in run.caption()
    assert fill("{melee.hit/successes}", run.game.state, run.events()) == "0"
