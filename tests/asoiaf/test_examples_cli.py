"""Every seed example played through ``python -m game run`` (the CLI function)."""

from __future__ import annotations

import pytest

from tests.asoiaf.helpers import SCENARIOS, SCRIPTS, run_cli

EXAMPLES = [
    ("attack_example", "attack_example.txt", [], 0,
     ["hits=4", "blocks=2", "total=4 target=6 failed_by=2", "wounds=4 removed=4",
      "[AS-RES-7, AS-PNC-1, AS-PNC-2]"]),
    ("charge_example", "charge_fail.txt", ["2", "4", "3"], 0,
     ["needed=8 roll_needed=3", "d6=2 speed=5 distance=7 needed=8 result=failed",
      "moved=7 short=1"]),
    ("flank_charge", "flank_charge.txt", ["5"] + ["1"] * 12, 0,
     ["arc=right", "defense=4", "panic=8", "[AS-CHG-7, AS-CHG-9]"]),
    ("berserkers_flank", "berserkers_flank.txt", ["1"] * 9, 0,
     ["[AS-MEL-3, AS-MEL-4]", "align=50 side=left", "arc=front"]),
    ("two_sides", "two_sides.txt", ["1"] * 9, 0, ["unit=bers target=guard"]),
    ("bowmen_range", "bowmen_in_range.txt", ["1"] * 9, 0, ["weapon=Arrow Volley"]),
    ("bowmen_range", "bowmen_out_of_range.txt", [], 3, []),
]


@pytest.mark.parametrize(("name", "script", "dice", "code", "expected"), EXAMPLES)
def test_as_chg_ex_and_attack_examples_play_through_the_cli(
        name: str, script: str, dice: list[str], code: int, expected: list[str]) -> None:
    args = ["run", str(SCENARIOS / f"asoiaf_{name}.toml"), "--actions", str(SCRIPTS / script)]
    if dice:
        args += ["--dice", *dice]
    got, out = run_cli(*args)
    assert got == code, out
    for text in expected:
        assert text in out, (text, out)
