"""LessonRun: navigation, judging, undo, hints, scripted replies, fixed dice and progress."""

from __future__ import annotations

from pathlib import Path

from game.core.hashing import state_hash
from game.learn import LessonRun, find_lesson
from game.learn.progress import load_progress, progress_path


def _run(lesson_id: str) -> LessonRun:
    return LessonRun(find_lesson(lesson_id), record=False)


def test_say_and_demo_open_next_but_a_try_must_be_solved_first() -> None:
    run = _run("as-charge-roll")
    assert run.step.kind == "say" and run.can_next()
    run.next()
    assert run.step.kind == "demo"
    assert "The die shows 3: 3 + 5 = 8\"" in run.caption()  # live numbers from the demo
    run.next()
    run.next()
    assert run.step.kind == "try"
    refused = run.next()
    assert refused.kind == "refused" and run.step.kind == "try"
    assert run.objective().startswith("Charge the Guardsmen")


def test_a_try_judges_the_resulting_events_not_the_action_text() -> None:
    run = _run("as-melee-pivot-shift")
    run.next()
    run.next()
    assert run.step.kind == "try"
    # equivalent move: the same pivot written with its default weapon given explicitly
    feedback = run.act("attack bers guard weapon=-1 align=100 side=centre")
    assert feedback.kind == "solved"


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    run = _run("as-ranged-range")
    run.next()
    run.next()
    before = state_hash(run.game.state)
    feedback = run.act("attack bow far")
    assert feedback.kind == "refused"
    assert "Front Arrow" in feedback.text and "12\"" in feedback.text  # authored + engine
    assert "AS-RNG-6" in feedback.rules
    assert state_hash(run.game.state) == before
    assert run.act("attack bow neer").kind == "refused"  # not a unit: refused, no crash
    assert run.act("shoot bow near").kind == "refused"  # not an action
    assert run.act("attack bow near").kind == "solved"


def test_an_unauthored_wrong_move_is_explained_by_its_consequence_then_the_step_restarts() -> None:
    run = _run("as-melee-two-sides")
    run.next()
    run.next()
    start = state_hash(run.game.state)
    feedback = run.act("attack bers guard")
    assert feedback.kind == "wrong"
    assert "What happened" in feedback.text
    assert any(e.kind == "attack.declared" for e in feedback.events)  # the consequence
    assert state_hash(run.game.state) == start
    assert run.attempts == 1
    assert run.act("attack bers halb").kind == "solved"


def test_an_authored_wrong_move_gets_its_explanation() -> None:
    run = _run("gg-mel-70-consolidation")
    run.next()
    run.next()
    for action in ("activate a", "melee a -> d", "choose follow=no"):
        assert run.act(action).kind == "progress"
    feedback = run.act("choose facing=4")
    assert feedback.kind == "wrong"
    assert "Holding position is allowed" in feedback.text
    assert feedback.rules == ("HX-MEL-70",)


def test_undo_takes_back_the_learners_last_action_even_after_dice() -> None:
    run = _run("gg-mel-70-consolidation")
    run.next()
    run.next()
    run.act("activate a")
    after_activate = state_hash(run.game.state)
    run.act("melee a -> d")  # rolls dice: a game would refuse to undo it (WB-HIST-1)
    assert run.can_undo()
    assert run.undo().kind == "info"
    assert state_hash(run.game.state) == after_activate
    run.undo()
    assert not run.can_undo()
    assert run.undo().kind == "refused"


def test_the_same_attempt_gives_the_same_dice_every_time() -> None:
    first, second = _run("as-surge-forth"), _run("as-surge-forth")
    for run in (first, second):
        run.next()
        run.next()
        run.act("attack guard sworn")
    assert [e.to_dict() for e in first.step_events] == [e.to_dict() for e in second.step_events]
    first.restart_step()
    first.act("attack guard sworn")
    assert [e.to_dict() for e in first.step_events] == [e.to_dict() for e in second.step_events]


def test_hints_come_in_tiers_text_then_solution() -> None:
    run = _run("as-charge-flank")
    run.next()
    run.next()
    first, second = run.hint(), run.hint()
    assert first.tier == 1 and not first.actions and "100%" in first.text
    assert second.tier == 2 and [str(a) for a in second.actions] == [
        "charge sworn -> guard", "choose align=100 side=centre"]


def test_scripted_replies_answer_for_the_other_side() -> None:
    run = _run("gg-mel-60-retreat-arc")
    run.next()
    run.next()
    assert run.step.kind == "try"
    assert run.game.current_player() == 2  # the Guard attacked and pushed on its own
    assert run.act("choose stand=no").kind == "progress"
    assert run.act("choose q=2 r=-1").kind == "solved"


def test_back_restart_step_and_restart_lesson() -> None:
    run = _run("as-charge-roll")
    opening = state_hash(run.game.state)
    run.next()
    after_demo = state_hash(run.game.state)
    assert after_demo != opening
    run.back()
    assert run.index == 0 and state_hash(run.game.state) == opening
    run.next()
    assert state_hash(run.game.state) == after_demo  # the demo plays the same again
    run.restart_step()
    assert run.index == 1 and state_hash(run.game.state) == after_demo
    run.restart_lesson()
    assert run.index == 0 and state_hash(run.game.state) == opening


def test_asks_explain_wrong_and_right_answers() -> None:
    run = _run("as-charge-roll")
    while run.step.kind != "ask":
        if run.step.kind == "try":
            run.act("charge sworn -> guard")
        run.next()
    wrong = run.answer(0)
    assert wrong.kind == "incorrect" and "one inch short" in wrong.text
    assert not run.can_next()
    assert run.answer(9).kind == "refused"
    right = run.answer(1)
    assert right.kind == "correct" and "66.7%" in right.text


def test_finishing_a_lesson_records_progress_in_the_data_folder(tmp_path: Path) -> None:
    target = tmp_path / "lessons.json"
    run = LessonRun(find_lesson("as-charge-roll"), progress_file=target)
    while not run.finished:
        if run.step.kind == "try":
            run.act("charge sworn -> guard")
        if run.step.kind == "ask":
            run.answer(1)
        run.next()
    assert load_progress(target) == {"as-charge-roll": True}
    assert load_progress(tmp_path / "missing.json") == {}


def test_progress_lives_under_warbench_data_dir(monkeypatch: object, tmp_path: Path) -> None:
    import pytest

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    monkeypatch.setenv("WARBENCH_DATA_DIR", str(tmp_path))
    assert progress_path() == tmp_path / "lessons.json"
    (tmp_path / "lessons.json").write_text("not json", encoding="utf-8")
    assert load_progress() == {}  # a damaged file is no progress, not a crash


def test_the_tier_two_hint_words_the_solution_as_the_buttons_do() -> None:
    """Issue 29: the solution reads "Charge Lannister Guardsmen; then Align 100% (centred)",
    never "charge sworn -> guard"."""
    run = _run("as-charge-flank")
    run.next()
    run.next()
    run.hint()
    second = run.hint()
    assert second.text == "One solution: Charge Lannister Guardsmen; then Align 100% (centred)"
