"""The full A Song of Ice and Fire catalogue (game/rulesets/asoiaf/catalogue.toml): every card
of the public War Council table as a playable profile, the shipped profile ids unchanged, and
the card naming every ability as not enforced (AS-CARD-1)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.rulesets import create
from game.rulesets.asoiaf.catalogue import by_war_council, cards, catalogue_profiles
from game.rulesets.asoiaf.presentation import catalogue_lines
from game.rulesets.asoiaf.profiles import profiles

PACKAGE = Path(__file__).resolve().parents[2] / "game" / "rulesets" / "asoiaf"
LEGACY = ("stark_sworn_swords", "stark_outriders", "umber_berserkers", "stark_bowmen",
          "tully_sworn_shields", "crannogman_trackers", "lannister_guardsmen",
          "lannister_halberdiers", "lannister_crossbowmen", "knights_of_casterly_rock",
          "gregor_clegane")


def test_every_card_is_a_profile_and_the_old_ids_keep_their_cards() -> None:
    raw = tomllib.loads((PACKAGE / "units.toml").read_text("utf-8"))["units"]
    known = profiles()
    assert len(cards()) == 148 and len(known) == 148
    for pid in LEGACY:
        assert pid in known and pid in cards()
        assert known[pid].speed == raw[pid]["speed"] and known[pid].name == raw[pid]["name"]
    assert by_war_council()[10201] == "stark_sworn_swords"
    assert by_war_council()[10301] == "wc10301"
    assert set(catalogue_profiles()) <= set(known)


def test_card_lists_abilities_as_not_enforced_AS_CARD_1() -> None:
    lines = catalogue_lines("wc10110")
    texts = [line.text for line in lines]
    assert "Not enforced by Warbench: Order: Resilience; Joffrey's Retinue; Counterstrike" in texts
    assert any(t.startswith("Requirements not enforced") for t in texts)
    assert any(t.startswith("Stand-in values") for t in texts)
    assert all(line.rules == ("AS-CARD-1",) for line in lines)
    stone = [line.text for line in catalogue_lines("wc10507")]
    assert "Rock Volley: range not given in the data; not played" in stone


def test_catalogue_records_show_the_card() -> None:
    records = {r.id: r for r in create("asoiaf", {}).unit_catalogue()}
    assert len(records) == 148
    assert "Not enforced by Warbench: Winter's Bite" in records["stark_sworn_swords"].card
    assert records["wc10301"].name == "Savage Giant"


def test_the_catalogue_carries_no_lore() -> None:
    text = (PACKAGE / "catalogue.toml").read_text("utf-8")
    assert "Lore" not in text and len(text) < 60_000
    assert max(len(line) for line in text.splitlines()) < 400
