"""Generate The Ninth Age 3rd-edition unit catalogue (``game/rulesets/ninth_age/catalogue.toml``).

Usage::

    python tools/t9a_catalogue.py FOLDER [--out game/rulesets/ninth_age/catalogue.toml]

``FOLDER`` holds the BattleScribe files of the public repository ``BSData/The-9th-Age``: the
3rd-edition game system ``T9A-FB-3rd.gst`` and the army catalogues (``*.cat``). Only the
catalogues of that game system (id ``8c9a-3026-84b4-cf16``) are read; 2nd-edition and homebrew
files are skipped.

What is carried over, per unit entry (names and numbers only): its name and BattleScribe id, the
army, its force category, its points (the unit's own cost, the cost per model), its model count
(the ``Models`` entry's min and max) and the names of the mundane equipment and mounts it may
take (``Melee:``, ``Ranged:``, ``Mundane:``, ``Mount:`` entries, without the prefix).

What is NOT public: the stat lines. The 3rd-edition data holds no characteristics (Cha, Mob,
Dis, HP, Def, Res, Arm, Att, Off, Str, AP, Agi), no base sizes and no model rules, so the
catalogue says ``stat_line = "not public"`` for every entry, and the game plays an imported
unit with a sample profile of its own (``units.toml``) or a clearly marked stand-in.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from game.scenario.writer import write_text

HERE = Path(__file__).resolve().parent.parent / "game" / "rulesets" / "ninth_age"
SYSTEM = "8c9a-3026-84b4-cf16"
GST = "T9A-FB-3rd.gst"
NS = {"b": "http://www.battlescribe.net/schema/catalogueSchema"}
GEAR = re.compile(r"^(Melee|Ranged|Mundane|Mount): (.+)$")


def main(argv: list[str] | None = None) -> int:
    """Read the folder's 3rd-edition catalogues, write the catalogue; print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, help="a checkout of BSData/The-9th-Age")
    parser.add_argument("--out", type=Path, default=HERE / "catalogue.toml")
    args = parser.parse_args(argv)
    categories = _categories(ET.parse(args.folder / GST).getroot())
    armies: dict[str, dict[str, Any]] = {}
    units: dict[str, dict[str, Any]] = {}
    for path in sorted(args.folder.glob("*.cat")):
        root = ET.parse(path).getroot()
        if root.get("gameSystemId") != SYSTEM:
            continue
        army = re.sub(r"\s*\(.*\)\s*$", "", root.get("name", path.stem))
        key = _slug(army)
        armies[key] = {"name": army, "file": path.name, "revision": int(root.get("revision", 0))}
        cats = {**categories, **_categories(root)}
        for entry in root.findall("b:selectionEntries/b:selectionEntry", NS):
            if entry.get("type") == "unit":
                units[f"{key}.{_slug(entry.get('name', ''))}"] = _unit(entry, army, cats)
    args.out.write_text(render(armies, units), encoding="utf-8")
    print(f"{len(units)} units of {len(armies)} armies -> {args.out}")
    return 0


def _categories(root: ET.Element) -> dict[str, str]:
    """Category names by id (the game system's file has a namespace of its own)."""
    return {c.get("id", ""): c.get("name", "") for c in root.iter()
            if c.tag.endswith("}categoryEntry")}


def _unit(entry: ET.Element, army: str, cats: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": entry.get("name", ""), "army": army,
                           "bs_id": entry.get("id", "")}
    primary = [c.get("targetId", "") for c in entry.findall("b:categoryLinks/b:categoryLink", NS)
               if c.get("primary") == "true"]
    if primary and primary[0] in cats:
        out["category"] = cats[primary[0]]
    out["points"] = _cost(entry)
    for model in entry.findall("b:selectionEntries/b:selectionEntry", NS):
        if model.get("name") == "Models":
            limits = {c.get("type"): int(float(c.get("value", "0")))
                      for c in model.findall("b:constraints/b:constraint", NS)
                      if c.get("field") == "selections" and c.get("scope") == "parent"}
            out.update(min_models=limits.get("min", 1), max_models=limits.get("max", 1),
                       points_per_model=_cost(model))
    gear: dict[str, list[str]] = {"equipment": [], "mounts": []}
    for node in entry.iter():
        found = GEAR.match(node.get("name", "")) if node.tag.endswith(
            ("selectionEntry", "entryLink")) else None
        if found:
            bucket = gear["mounts" if found.group(1) == "Mount" else "equipment"]
            if found.group(2) not in bucket:
                bucket.append(found.group(2))
    out.update({k: v for k, v in gear.items() if v})
    out["stat_line"] = "not public"
    return out


def _cost(entry: ET.Element) -> float | int:
    values = [float(c.get("value", "0")) for c in entry.findall("b:costs/b:cost", NS)
              if c.get("name") == "pts"]
    value = values[0] if values else 0.0
    return int(value) if value.is_integer() else value


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def render(armies: Mapping[str, Mapping[str, Any]], units: Mapping[str, Mapping[str, Any]]
           ) -> str:
    """The catalogue as TOML text, written by the project's scenario writer."""
    header = [
        "The Ninth Age 3rd edition unit catalogue: names, model counts, equipment and points",
        "of every unit entry in the public BSData/The-9th-Age catalogues of the 3rd-edition",
        "game system. GENERATED by tools/t9a_catalogue.py; do not edit by hand.",
        'The public data has NO stat lines: every entry says stat_line = "not public".',
    ]
    nested: dict[str, dict[str, Any]] = {}
    for key, unit in units.items():
        army, name = key.split(".")
        nested.setdefault(army, {})[name] = dict(unit)
    return write_text({"armies": {k: dict(v) for k, v in armies.items()}, "units": nested},
                      header)

if __name__ == "__main__":
    sys.exit(main())
