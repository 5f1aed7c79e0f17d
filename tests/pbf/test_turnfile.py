"""The turn file format: canonical writing, tolerant reading, clear errors with line numbers."""

from __future__ import annotations

import dataclasses

import pytest

from game.pbf.turnfile import ActionRecord, PbfError, TurnFile, digest, parse_turn, render

H = "ab" * 32


def _turn(**changes: object) -> TurnFile:
    base = TurnFile(
        game_id="0123456789abcdef", sequence=2, previous="cd" * 32, app_version="0.1.0",
        ruleset="asoiaf", ruleset_version="0.1.0+abc", scenario_hash="ef" * 32,
        scenario_name="two sides.toml", players=((1, "Alice Smith"), (2, "Bob")), sender=1,
        dice="sealed", reveal="12" * 16, commit="34" * 32,
        orders=(("stand", "choose stand=no"),),
        actions=(ActionRecord(3, "charge u3 -> u7", H, notes=("charge.roll  d6=2",)),
                 ActionRecord(4, "choose stand=no", H, by_order=True)),
        state=H, next_player=2, scenario_text=None)
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_writing_then_reading_gives_the_same_content_and_hash() -> None:
    turn = _turn(sequence=0, previous=None, reveal=None,
                 scenario_text='[scenario]\nname = "x"\n\n# a comment line\n')
    text = render(turn)
    back = parse_turn(text)
    assert back == turn
    assert digest(back) == digest(turn)
    assert back.actions[1].by_order and back.scenario_text == turn.scenario_text
    assert "# charge.roll  d6=2" in text  # events are written as comments for people


def test_reading_tolerates_what_mail_does_to_text() -> None:
    turn = _turn()
    text = render(turn)
    mangled = "\ufeff" + "\r\n".join("   " + line + "  " for line in text.splitlines())
    mangled = mangled.replace("begin actions", "# a note from Bob\n\nbegin actions")
    assert parse_turn(mangled) == turn
    assert digest(parse_turn(mangled)) == digest(turn)  # comments and blanks never count


@pytest.mark.parametrize(("edit", "message"), [
    (lambda t: t.replace("end turn 2\n", ""), "truncated"),
    (lambda t: t.replace("sender 1", "sender 1\nwizard 7"), "unknown header line 'wizard 7'"),
    (lambda t: t.replace(f"hash {H}", "hash 1234", 1), "expected 'hash <64 hex digits>'"),
    (lambda t: t.replace("warbench-turn 2", "warbench-save 2"), "not a Warbench turn file"),
    (lambda t: t.replace("warbench-turn 2", "warbench-turn 7"), "format '7' is not known"),
    (lambda t: t.replace("warbench-turn 2", "warbench-turn 1"), "written by an older Warbench"),
    (lambda t: t + t, "two files pasted together"),
    (lambda t: t.replace("sequence 2", "sequence two"), "must be a whole number"),
    (lambda t: t.replace("dice sealed", "dice loaded"), "dice mode 'loaded'"),
    (lambda t: t.replace("end turn 2", "end turn 3"), "does not match sequence 2"),
    (lambda t: t.replace("player 2 Bob\n", ""), "exactly two players"),
])
def test_reading_refuses_clearly(edit: object, message: str) -> None:
    text = edit(render(_turn()))  # type: ignore[operator]
    with pytest.raises(PbfError) as err:
        parse_turn(text, "mail.txt")
    assert message in str(err.value)
    assert str(err.value).startswith("mail.txt")


def test_an_error_names_its_line() -> None:
    text = render(_turn(), comments=False).replace("sender 1", "sender 1\nwizard 7")
    with pytest.raises(PbfError) as err:
        parse_turn(text, "mail.txt")
    assert err.value.line == text.splitlines().index("wizard 7") + 1


def test_writing_is_strict() -> None:
    with pytest.raises(PbfError, match="bad player name"):
        _turn(players=((1, "Alice, the Bold"), (2, "Bob"))).checked()
    with pytest.raises(PbfError, match="bad action text"):
        _turn(actions=(ActionRecord(3, "move u1\nend", H),)).checked()
    assert _turn().checked() == _turn()
