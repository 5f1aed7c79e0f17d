"""Hostile army-list files (docs/limits.md): one error type (FileError), never a traceback,
never a file outside the one given read or written, no zip bomb, no entity expansion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.bench.fuzz_lists import zipped
from game.scenario.problems import FileError
from game.scenario.roster import parse_list, read_list
from game.scenario.roster.limits import (
    MAX_ENTRIES,
    MAX_LIST_BYTES,
    MAX_UNZIPPED_BYTES,
    MAX_ZIP_MEMBERS,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "rosters"


def _refused(raw: bytes, file: str, words: str) -> None:
    with pytest.raises(FileError) as caught:
        parse_list(raw, file)
    assert words in str(caught.value)


def test_a_zip_bomb_stops_at_the_uncompressed_limit() -> None:
    bomb = zipped({"bomb.ros": b"<roster>" + b" " * (MAX_UNZIPPED_BYTES * 4)})
    assert len(bomb) < MAX_LIST_BYTES
    _refused(bomb, "bomb.rosz", "larger than the limit")


def test_a_zip_member_name_is_never_a_path(tmp_path: Path) -> None:
    climb = zipped({"../../escape.ros": (DATA / "orcs_grauwasser.ros").read_bytes()})
    before = set(tmp_path.parent.iterdir())
    listed = parse_list(climb, str(tmp_path / "climb.rosz"))  # read in memory, nothing written
    assert listed.entries and set(tmp_path.parent.iterdir()) == before
    _refused(zipped({f"m{i}.ros": b"<roster/>" for i in range(MAX_ZIP_MEMBERS + 1)}), "x.rosz",
             "more than")
    _refused(zipped({"a.ros": b"<roster/>", "b.ros": b"<roster/>"}), "x.rosz", "exactly one")
    _refused(b"PK\x03\x04 not really a zip", "x.rosz", "not a readable .rosz")


def test_xml_entities_deep_nesting_and_junk_are_refused() -> None:
    laughs = (b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
              b'<!ENTITY b "&a;&a;&a;&a;&a;">]><roster>&b;</roster>')
    _refused(laughs, "laughs.ros", "DOCTYPE or entities")
    _refused(b"<roster>" + b"<x>" * 100 + b"</x>" * 100 + b"</roster>", "deep.ros",
             "nested deeper")
    _refused(b"<roster><unclosed></roster>", "bad.ros", "not well-formed")
    _refused(b"<html/>", "page.ros", "not a BattleScribe roster")
    _refused(b'{"roster": ' + b"[" * 2000 + b"]" * 2000 + b"}", "deep.json", "nested deeper")
    _refused(b'{"idArray": [NaN]}', "nan.json", "corrupt")
    _refused(json.dumps({"other": 1}).encode(), "x.json", "a JSON army list is")
    _refused(b"\xff\xfe junk", "x.txt", "not UTF-8")
    _refused(b"Stark 10201", "x.txt", "no ';'")
    _refused(b"Stark; " + b", ".join([b"10201"] * (MAX_ENTRIES + 1)), "x.txt", "more than")


def test_size_is_checked_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"Stark; 10201" + b" " * MAX_LIST_BYTES)
    with pytest.raises(FileError, match="larger than the limit"):
        read_list(big)
    with pytest.raises(FileError, match="folder"):
        read_list(tmp_path)


def test_a_corrupt_compressed_member_is_refused_not_escaped() -> None:
    """The fuzzer's escapes (list seeds 1046, 1110, 1175): bytes flipped inside the deflated
    member made zlib raise its own error while the roster was read."""
    from game.bench.fuzz import run

    for seed in (1046, 1110, 1175, 4401):  # 4401: an unknown XML encoding
        report = run(1, seed=seed, kinds=["list"])
        assert report.escapes == [] and report.refused["list"] == 1
    good = (DATA / "orcs_grauwasser.rosz").read_bytes()
    start = good.index(b"orcs_grauwasser.ros") + len("orcs_grauwasser.ros")
    broken = good[:start + 40] + bytes(b ^ 0x5A for b in good[start + 40:start + 200]) + good[
        start + 200:]
    _refused(broken, "broken.rosz", "not a readable .rosz")


@pytest.mark.parametrize("encoding", ["UAF-8", "utf-32", "rot13", "idna", "undefined", "punycode"])
def test_a_roster_declaring_an_unreadable_encoding_is_refused(encoding: str) -> None:
    """The fuzzer's escape (list seed 4401): ``encoding="UAF-8"`` made the XML reader raise
    LookupError; other declared encodings raise ValueError or UnicodeError."""
    raw = f'<?xml version="1.0" encoding="{encoding}"?><roster name="x"/>'.encode()
    _refused(raw, "x.ros", "encoding")
