"""Every Ninth Age scenario is checked and played through ``warbench run`` (the CLI function)
with given dice: the seed's D6-hits example (rolled as 4, allocated again), a character in
contact, supporting attacks, a flank charge, a mismatching base and a weapon choice."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game.cli import main as cli_main
from tests.conftest import SCENARIOS

NAMES = ["battle", "character_in_contact", "d6_hits", "flank_charge", "mismatching_character",
         "supporting_attacks", "weapon_choice"]


def _cli(*args: str) -> tuple[int, str]:
    buffer = io.StringIO()
    with redirect_stdout(buffer), redirect_stderr(buffer):
        code = cli_main(list(args))
    return code, buffer.getvalue()


@pytest.mark.parametrize("name", NAMES)
def test_every_ninth_age_scenario_passes_check(name: str) -> None:
    code, out = _cli("check", str(SCENARIOS / f"ninth_age_{name}.toml"))
    assert code == 0, out


RUNS = [
    ("d6_hits", ["charge chariot -> guard", "end", "end", "end", "choose to=guard/rf:1",
                 "choose to=guard/rf:2+guard/imperial_captain:2"],
     ["hits=4", "Hits allocated again: 2 on Imperial Guard (rank and file), 2 on Imperial "
      "Guard: Imperial Captain", "[NA-TGT-5]"]),
    ("character_in_contact", ["end", "end", "end",
                              "choose to=guard/rf:3+guard/imperial_captain:1"],
     ["steps=4,3,0", "3 on Imperial Guard (rank and file), 1 on Imperial Guard: "
      "Imperial Captain"]),
    ("supporting_attacks", ["end", "end", "end"], ["melee.step  step=3"]),
    ("flank_charge", ["charge knights -> orcs", "end", "end", "end"],
     ["facing=270", "melee.round"]),
    ("mismatching_character", ["end", "end", "end"], ["melee.round"]),
    ("weapon_choice", ["end", "end", "end", "choose weapon=great_weapon"],
     ["fights with Great Weapon this round", "[NA-WPN-1]", "steps=3,0"]),
    ("battle", ["end", "advance orcs 8", "advance chariot 8", "wheel trolls 22.5", "end",
                "end"], ["marches 8", "wheels 22.5"]),
]


@pytest.mark.parametrize(("name", "lines", "expected"), RUNS)
def test_ninth_age_scenarios_play_through_the_cli(name: str, lines: list[str],
                                                  expected: list[str], tmp_path: Path) -> None:
    script = tmp_path / "actions.txt"
    script.write_text("\n".join(lines) + "\n", "utf-8")
    code, out = _cli("run", str(SCENARIOS / f"ninth_age_{name}.toml"), "--actions",
                     str(script), "--dice", *(["3"] * 60))
    assert code == 0, out
    for text in expected:
        assert text in out, (text, out[-3000:])


def test_check_refuses_an_unformable_unit_with_its_line(tmp_path: Path) -> None:
    """NA-ATT-1: `warbench check` names the line and the path of a unit that cannot form."""
    text = (SCENARIOS / "ninth_age_character_in_contact.toml").read_text("utf-8")
    text = text.replace('profile = "orc_warband"', 'stats = { unit = "veteran_orcs", '
                        'characters = ["orc_warlord_on_grunter", "orc_warlord_on_grunter", '
                        '"orc_warlord_on_grunter"] }')
    path = tmp_path / "bad.toml"
    path.write_text(text, "utf-8")
    code, out = _cli("check", str(path))
    assert code == 2
    assert "bad.toml:28: units[0].stats.characters" in out and "mismatching" in out
    assert "NA-ATT-1" in out
