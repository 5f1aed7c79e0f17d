"""Generate the A Song of Ice and Fire unit catalogue (``game/rulesets/asoiaf/catalogue.toml``).

Usage::

    python tools/asoiaf_catalogue.py PATH/TO/units.csv [--out game/rulesets/asoiaf/catalogue.toml]

The input is the War Council unit table of the public repository ``Pf2eTools/asoiaf-tmg-data``
(``data/warcouncil/units.csv``: one row per unit card, with faction, name, cost, unit type,
speed, two attacks, defense, morale, ability names, requirements and the War Council id).
Only numbers and names are carried over: the quote, lore and requirement texts are never read.

What the table does not say is not made up silently:

- wounds per model and the tray: infantry and cavalry use the package data's reading
  (``units.toml``: 4 x 3 infantry, 2 x 2 cavalry with 3 wounds a model); a solo, monster or
  siege engine gets a one-model tray and a stand-in of 4 wounds, listed in its ``stand_in``;
- an attack whose range is not given (``[R]``) is kept by name in ``unplayable`` and left out
  of the playable attacks;
- a row whose stats match a profile of ``units.toml`` (same numbers, close name) names it in
  ``legacy``, so the shipped scenarios' profile ids keep their exact stat cards.

When an id appears twice, the later row (a newer card version) wins. Re-run the script after
updating the CSV; the output is sorted by War Council id and stable.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import re
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.scenario.writer import write_text

HERE = Path(__file__).resolve().parent.parent / "game" / "rulesets" / "asoiaf"
KINDS = {"M": "melee", "RS": "short", "RL": "long"}
STAND_IN_WOUNDS = 4
REQUIREMENT_PREFIXES = ("Must be attached to", "Cost Reduced", "Loyalty:")
SOURCE = ("Pf2eTools/asoiaf-tmg-data", "data/warcouncil/units.csv")


def main(argv: list[str] | None = None) -> int:
    """Read the CSV, write the catalogue; print a one-line summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("csv", type=Path, help="the War Council units.csv")
    parser.add_argument("--out", type=Path, default=HERE / "catalogue.toml")
    args = parser.parse_args(argv)
    legacy = tomllib.loads((HERE / "units.toml").read_text("utf-8"))["units"]
    with args.csv.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    units = build(rows, legacy)
    args.out.write_text(render(units), encoding="utf-8")
    factions = sorted({u["faction"] for u in units.values()})
    print(f"{len(units)} units of {len(factions)} factions -> {args.out}")
    return 0


def build(rows: list[list[str]], legacy: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The catalogue entries by War Council id, from the CSV rows (header first)."""
    header = rows[0]
    col = {name: header.index(name) for name in
           ("Faction", "Name", "Cost", "Type", "Spd", "Def", "Moral", "Abilities",
            "Requirements", "Id", "Version")}
    first = header.index("Attack 1")
    second = header.index("Attack 2")
    out: dict[int, dict[str, Any]] = {}
    for row in rows[1:]:
        if len(row) != len(header) or not row[col["Id"]].strip().isdigit():
            continue
        wc = int(row[col["Id"]])
        entry = _entry(row, col, (first, second))
        match = _legacy(entry, legacy)
        if match:
            entry["legacy"] = match
        out[wc] = entry  # a later row is a newer version of the same card
    return dict(sorted(out.items()))


def _entry(row: list[str], col: Mapping[str, int], attack_cols: tuple[int, int]
           ) -> dict[str, Any]:
    kind = row[col["Type"]].strip()
    requirements = row[col["Requirements"]]
    solo = kind in ("Monster", "Siege Engine") or "Solo" in re.split(r"[\s;]+", requirements)
    attacks, unplayable = [], []
    for start in attack_cols:
        name, hit, dice = (row[start].strip(), row[start + 1].strip(), row[start + 2].strip())
        if not name:
            continue
        tag = re.match(r"\[(\w+)\](.*)", name)
        label = tag.group(2).strip() if tag else name
        mode = KINDS.get(tag.group(1)) if tag else None
        if mode is None:
            unplayable.append(label)
            continue
        attacks.append({"name": label, "type": mode, "hit": _target(hit),
                        "dice": [int(d) for d in dice.split(".") if d.strip()]})
    abilities, notes = _abilities(row[col["Abilities"]])
    entry: dict[str, Any] = {
        "name": " ".join(row[col["Name"]].split()),
        "faction": row[col["Faction"]].strip(),
        "war_council": int(row[col["Id"]]),
        "version": row[col["Version"]].strip(),
        "points": int(c) if (c := row[col["Cost"]].strip()).isdigit() else c,
        "unit_type": kind,
        "speed": int(row[col["Spd"]]),
        "defense": _target(row[col["Def"]]),
        "morale": _target(row[col["Moral"]]),
        "attacks": attacks,
        "abilities": abilities,
    }
    entry.update(_tray(kind, solo, attacks))
    if notes:
        entry["requirements"] = notes
    if unplayable:
        entry["unplayable"] = unplayable
    return entry


def _tray(kind: str, solo: bool, attacks: list[dict[str, Any]]) -> dict[str, Any]:
    """Tray, files x ranks, wounds and what of it is a stand-in (see the module docstring)."""
    ranks = max((len(a["dice"]) for a in attacks), default=1)
    if solo:
        return {"tray": "solo", "wounds": STAND_IN_WOUNDS, "stand_in": ["wounds", "tray"]}
    if kind == "Cavalry":
        out: dict[str, Any] = {"tray": "cavalry", "wounds": 3}
        if ranks != 2:
            out.update(ranks=ranks, stand_in=["tray"])
        return out
    out = {"tray": "infantry", "wounds": 1}
    if ranks != 3:
        out.update(ranks=ranks, stand_in=["tray"])
    return out


def _abilities(text: str) -> tuple[list[str], list[str]]:
    """Ability names and requirement notes of the Abilities cell (names only)."""
    names = [" ".join(part.split()) for part in re.split(r"/|\n", text)]
    names = [n for n in names if n]
    notes = [n for n in names if n.startswith(REQUIREMENT_PREFIXES)]
    return [n for n in names if n not in notes], notes


def _target(text: str) -> int:
    return int(text.strip().rstrip("+"))


def _legacy(entry: Mapping[str, Any], legacy: Mapping[str, Any]) -> str | None:
    """The package profile with the same numbers and a close name, if any."""
    for pid, raw in legacy.items():
        same = (raw["speed"], raw["defense"], raw["morale"]) == (
            entry["speed"], entry["defense"], entry["morale"])
        dice = [(a["hit"], list(a["dice"])) for a in raw["attacks"]]
        if same and dice == [(a["hit"], a["dice"]) for a in entry["attacks"]] and (
                difflib.SequenceMatcher(None, raw["name"], entry["name"]).ratio() > 0.8):
            return str(pid)
    return None


def render(units: Mapping[int, Mapping[str, Any]]) -> str:
    """The catalogue as TOML text (one ``[units.wcNNNNN]`` table per card), written by the
    project's scenario writer."""
    header = [
        "A Song of Ice and Fire unit catalogue: numbers and names of every War Council card.",
        f"GENERATED by tools/asoiaf_catalogue.py from {SOURCE[0]} {SOURCE[1]}; do not edit.",
        "Abilities are listed by name only (no rules text); Warbench does not enforce them.",
        "stand_in: values the source does not give, with the stand-ins used (see the tool).",
    ]
    return write_text({"units": {f"wc{wc}": dict(e) for wc, e in units.items()}}, header)

if __name__ == "__main__":
    sys.exit(main())
