"""The ``list`` kind of ``warbench bench fuzz``: hostile army-list files for
``warbench roster import`` (game/scenario/roster).

The corpus is built from the registered rulesets' own catalogues (no ruleset is named here):
for every ruleset that plays on a table, a BattleScribe roster and a New Recruit export of a
few of its profiles by name, and War Council id strings and id-array exports of five-digit ids.
An input is one of them, mutated as text (the scenario fuzzer's mutations), as data (a value
replaced by a hostile one) or as bytes (cut, flipped), or one of the classic hostile files: a
zip bomb, a zip whose member climbs out of its folder (``../``), a zip of many members, an
XML entity expansion, XML or JSON nested thousands deep. It is written to the input's own
folder and imported as a new battle (the list against itself); an import that succeeds must
load and play (its state's invariants hold).
"""

from __future__ import annotations

import io
import json
import random
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import rulesets
from game.core.ruleset import Ruleset
from game.scenario.roster import read_list
from game.scenario.roster.importer import import_lists

ROS = ('<?xml version="1.0" encoding="UTF-8"?>\n<roster name="{title}" '
       'xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces>'
       '<force name="{army}" catalogueName="{army}"><selections>{units}</selections>'
       '</force></forces></roster>\n')
SEL = ('<selection name="{name}" type="unit" number="1"><selections>'
       '<selection name="Models" type="model" number="{models}"/>'
       '<selection name="Melee: Spear" type="upgrade" number="1"/></selections>'
       '<categories><category name="{cat}" primary="true"/></categories></selection>')


def corpus() -> list[tuple[str, bytes]]:
    """Real-shaped list files (name with extension, bytes) for every table ruleset."""
    rng = random.Random(0)
    out: list[tuple[str, bytes]] = [
        ("council.txt", b"House; 10201, 10205, 20204, 10202, 30201\n"),
        ("council.json", json.dumps({"faction": {"name": "House"},
                                     "idArray": [10101, [10102, 20101], "10106"]}).encode()),
    ]
    for name in rulesets.names():
        rules = rulesets.create(name, {})
        if "table" not in rules.board_kinds:
            continue
        names = [r.name for r in _records(rules)][:60]
        picks = rng.sample(names, min(4, len(names)))
        if not picks:
            continue
        out.append((f"{name}.ros", _ros(picks, rng).encode()))
        out.append((f"{name}.rosz", zipped({f"{name}.ros": _ros(picks, rng).encode()})))
        out.append((f"{name}.json", json.dumps(_new_recruit(picks, rng)).encode()))
    return out


def _records(rules: Ruleset) -> list[Any]:
    try:
        return list(rules.unit_catalogue())
    except Exception:  # a catalogue that cannot be listed gives the corpus nothing
        return []


def _ros(picks: list[str], rng: random.Random) -> str:
    units = "".join(SEL.format(name=_xml(p), models=rng.choice((1, 5, 12, 20)),
                               cat=rng.choice(("Core", "Characters"))) for p in picks)
    return ROS.format(title="Fuzz list", army="Army", units=units)


def _new_recruit(picks: list[str], rng: random.Random) -> dict[str, Any]:
    sels = [{"name": p, "type": "unit", "number": 1,
             "categories": [{"name": "Core", "primary": True}],
             "selections": [{"name": "Models", "type": "model",
                             "number": rng.choice((1, 5, 12, 20))}]} for p in picks]
    return {"roster": {"name": "Fuzz", "forces": [{"catalogueName": "Army",
                                                   "selections": sels}]}}


def _xml(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;"))


def zipped(members: dict[str, bytes]) -> bytes:
    """A zip archive of ``members`` (name -> bytes), deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _classic(rng: random.Random) -> tuple[str, bytes]:
    """One of the well-known hostile files."""
    kinds: list[Callable[[], tuple[str, bytes]]] = [
        lambda: ("bomb.rosz", zipped({"bomb.ros": b"<roster>" + b" " * 60_000_000})),
        lambda: ("climb.rosz", zipped({"../../outside.ros": b"<roster/>"})),
        lambda: ("many.rosz", zipped({f"m{i}.ros": b"<roster/>" for i in range(50)})),
        lambda: ("laughs.ros", b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
                 + b"".join(b'<!ENTITY %s "%s">' % (b"b" * (i + 2), (b"&" + b"b" * (i + 1)
                                                                    + b";") * 10)
                            for i in range(8)) + b"]><roster>&bbbbbbbbb;</roster>"),
        lambda: ("deep.ros", b"<roster>" + b"<selection>" * 5000 + b"</selection>" * 5000
                 + b"</roster>"),
        lambda: ("deep.json", b'{"roster": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
        lambda: ("wide.txt", b"House; " + b", ".join(b"10201" for _ in range(5000))),
        lambda: ("huge.json", b'{"idArray": [' + b"1" * 2_000_000 + b"]}"),
    ]
    return rng.choice(kinds)()


def hostile_list(files: list[tuple[str, bytes]], rng: random.Random,
                 mutate_text: Callable[[str, random.Random], str],
                 hostile: Callable[[random.Random], Any]) -> tuple[str, bytes]:
    """One input: a corpus file mutated one way, or a classic hostile file."""
    how = rng.randrange(5)
    if how == 0:
        return _classic(rng)
    name, data = rng.choice(files)
    if how == 1 and not name.endswith(".rosz"):
        return name, mutate_text(data.decode("utf-8"), rng).encode("utf-8", "surrogatepass")
    if how == 2 and name.endswith(".json"):
        doc = json.loads(data)
        _poke(doc, rng, hostile)
        return name, json.dumps(doc, allow_nan=True, default=str).encode()
    if how == 3 and data:
        raw = bytearray(data[: rng.randrange(len(data) + 1)] if rng.random() < 0.5 else data)
        for _ in range(rng.randint(1, 8)):
            if raw:
                raw[rng.randrange(len(raw))] = rng.randrange(256)
        return name, bytes(raw)
    return name, data


def _poke(doc: Any, rng: random.Random, hostile: Callable[[random.Random], Any]) -> None:
    """Replace one value somewhere in ``doc`` by a hostile one."""
    node = doc
    for _ in range(8):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(
            node, list) else []
        if not keys:
            return
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, dict | list) or rng.random() < 0.3:
            node[key] = hostile(rng)
            return
        node = child


def try_list(files: list[tuple[str, bytes]], rng: random.Random, folder: Path,
             mutate_text: Callable[[str, random.Random], str],
             hostile: Callable[[random.Random], Any]) -> Any:
    """Import one hostile list as a new battle (it against itself); the loaded scenario's
    text is returned for the caller's invariant checks (FileError propagates)."""
    name, data = hostile_list(files, rng, mutate_text, hostile)
    path = folder / f"list-{name}"
    path.write_bytes(data)
    listed = read_list(path)
    result = import_lists([(listed.list, listed.file), (listed.list, listed.file)],
                          accept_skipped=rng.random() < 0.5)
    return result.text
