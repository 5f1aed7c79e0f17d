"""The realms ruleset's scenario options (``[rules.options]``): every default the attack-phase
text leaves open, named so a table can play it differently (docs/rules/realms.md). The board
features (obstructions, walls, transit pads) belong to the map (``[[hexmap.obstructions]]``,
``[[hexmap.walls]]``, ``[[hexmap.pads]]``); the older form of them in the options still loads.

:func:`option_problems` checks the shape of every option (paths ``rules.options.<key>...``);
:func:`board_problems` checks the features of both forms against the board (a pad to nowhere,
an obstruction on a gap); the loader calls it through ``Ruleset.board_problems``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core.position import PositionMemo
from game.core.ruleset import SetupProblem
from game.core.state import HexBoard
from game.core.vocab import MapFeature
from game.geometry.hexgrid import Hex
from game.rulesets.realms.attack import PHYSICAL
from game.rulesets.realms.board import VOID, Features
from game.rulesets.realms.features import Obstruction, Pad, WallFeature
from game.rulesets.realms.units import ATTACK_TYPES, DIE_SIZES

DEFAULTS: dict[str, Any] = {
    "night_rounds": [],
    "rounds": 0,
    "die_sizes": list(DIE_SIZES),
    "physical_types": list(PHYSICAL),
    "armor_stacking": "max",
    "sight_cone": 60,
    "head_turn": 90,
    "units_block_sight": True,
    "climb_pegs": 3,
    "pad_cost": 1,
    "spell_perks": False,
    "spell_night": True,
    "obstructions": [],
    "walls": [],
    "pads": [],
}
"""Every option and its default."""
OPTION_KEYS = tuple(DEFAULTS)


@dataclass(frozen=True)
class Settings:
    """The options read into typed values."""

    night_rounds: frozenset[int]
    rounds: int
    die_sizes: tuple[int, ...]
    physical_types: tuple[str, ...]
    armor_stacking: str
    sight_cone: float
    head_turn: float
    units_block_sight: bool
    climb_pegs: int
    pad_cost: int
    spell_perks: bool
    spell_night: bool
    """Whether night lowers spells too (RL-NGT-1: a precision penalty, not a perk; default)."""
    features: Features
    """The features of the older ``[rules.options]`` form (see :meth:`features_for`)."""
    _merged: dict[int, tuple[HexBoard, Features]] = field(
        default_factory=dict, compare=False, repr=False)
    memo: PositionMemo = field(default_factory=PositionMemo, compare=False, repr=False)
    """This ruleset instance's answers per position: the ruleset's own core memo
    (``Ruleset.memo`` is this very object)."""

    def features_for(self, board: HexBoard) -> Features:
        """The board's features (``[hexmap]`` obstructions, walls and pads) together with
        those of the options, worked out once per board (a board never changes)."""
        if not board.features:
            return self.features
        hit = self._merged.get(id(board))
        if hit is not None and hit[0] is board:
            return hit[1]
        stones = [f for f in board.features if isinstance(f, Obstruction)]
        walls = [f for f in board.features if isinstance(f, WallFeature)]
        pads = dict(self.features.pads)
        for pad in (f for f in board.features if isinstance(f, Pad)):
            pads[pad.a], pads[pad.b] = pad.b, pad.a
        merged = Features(
            {**self.features.obstructions, **{s.at: s.height for s in stones}},
            {**self.features.walls, **{frozenset((w.a, w.b)): w.height for w in walls}},
            pads)
        self._merged.clear()
        self._merged[id(board)] = (board, merged)
        return merged


def _is_int(v: Any, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _hex(v: Any) -> Hex | None:
    if isinstance(v, list | tuple) and len(v) == 2 and all(_is_int(c, -99, 99) for c in v):
        return Hex(int(v[0]), int(v[1]))
    return None


def _item_ok(key: str, value: Any) -> bool:
    if key == "night_rounds":
        return _is_int(value, 1, 999)
    if key == "die_sizes":
        return _is_int(value, 2, 100)
    return value in ATTACK_TYPES


def _scalars(options: Mapping[str, Any]) -> list[SetupProblem]:
    out = []
    checks: dict[str, tuple[bool, str]] = {
        "rounds": (_is_int(options.get("rounds", 0), 0, 999), "a whole number of rounds, 0 "
                   "for no limit"),
        "armor_stacking": (options.get("armor_stacking", "max") in ("max", "sum"),
                           "'max' or 'sum'"),
        "sight_cone": (_is_int(options.get("sight_cone", 60), 0, 180), "degrees 0..180"),
        "head_turn": (_is_int(options.get("head_turn", 90), 0, 180), "degrees 0..180"),
        "units_block_sight": (isinstance(options.get("units_block_sight", True), bool),
                              "true or false"),
        "climb_pegs": (_is_int(options.get("climb_pegs", 3), 1, 60), "pegs 1..60"),
        "pad_cost": (_is_int(options.get("pad_cost", 1), 0, 20), "spaces 0..20"),
        "spell_perks": (isinstance(options.get("spell_perks", False), bool), "true or false"),
        "spell_night": (isinstance(options.get("spell_night", True), bool), "true or false"),
    }
    for key, (ok, expected) in checks.items():
        if not ok:
            out.append(SetupProblem(f"rules.options.{key}", f"expected {expected}"))
    lists = {"night_rounds": "round numbers", "die_sizes": "die sizes 2..100",
             "physical_types": "attack types"}
    for key, what in lists.items():
        value = options.get(key, DEFAULTS[key])
        if not isinstance(value, list):
            out.append(SetupProblem(f"rules.options.{key}", f"expected a list of {what}"))
            continue
        out.extend(SetupProblem(f"rules.options.{key}[{i}]", f"{v!r} is not one of the {what}")
                   for i, v in enumerate(value) if not _item_ok(key, v))
    return out


def _features(options: Mapping[str, Any]) -> list[SetupProblem]:
    out = []
    for i, item in enumerate(options.get("obstructions", [])):
        where = f"rules.options.obstructions[{i}]"
        if not isinstance(item, Mapping) or _hex(item.get("at")) is None or not _is_int(
                item.get("height"), 1, 99) or set(item) - {"at", "height", "name"}:
            out.append(SetupProblem(where, "expected {at = [q, r], height = pegs 1..99, "
                                    "name = text}"))
    for i, item in enumerate(options.get("walls", [])):
        where = f"rules.options.walls[{i}]"
        pair = item.get("between") if isinstance(item, Mapping) else None
        ends = [_hex(p) for p in pair] if isinstance(pair, list) and len(pair) == 2 else []
        if (len(ends) != 2 or None in ends or not _is_int(item.get("height"), 1, 99)
                or set(item) - {"between", "height"}):
            out.append(SetupProblem(where, "expected {between = [[q, r], [q, r]], height = "
                                    "pegs 1..99}"))
        elif ends[0] is not None and ends[1] is not None and ends[0].distance(ends[1]) != 1:
            out.append(SetupProblem(f"{where}.between", "a wall stands between neighbouring "
                                    "spaces"))
    for i, item in enumerate(options.get("pads", [])):
        ends = [_hex(p) for p in item] if isinstance(item, list) and len(item) == 2 else []
        if len(ends) != 2 or None in ends or ends[0] == ends[1]:
            out.append(SetupProblem(f"rules.options.pads[{i}]", "expected a pair of spaces "
                                    "[[q, r], [q, r]]"))
    return out


def option_problems(options: Mapping[str, Any]) -> list[SetupProblem]:
    """Every problem with the shape of the options (unknown keys, wrong types)."""
    out = []
    for key in options:
        if key not in OPTION_KEYS:
            close = difflib.get_close_matches(str(key), OPTION_KEYS, n=1)
            out.append(SetupProblem(f"rules.options.{key}", "unknown realms option",
                                    close[0] if close else None))
    for key in ("obstructions", "walls", "pads"):
        if not isinstance(options.get(key, []), list):
            out.append(SetupProblem(f"rules.options.{key}", "expected a list"))
    if out:
        return out
    return _scalars(options) + _features(options)


def read(options: Mapping[str, Any]) -> Settings:
    """Typed settings from options that :func:`option_problems` accepted."""
    o = {**DEFAULTS, **options}
    pads: dict[Hex, Hex] = {}
    for a, b in ((_hex(p[0]), _hex(p[1])) for p in o["pads"]):
        assert a is not None and b is not None
        pads[a], pads[b] = b, a
    walls: dict[frozenset[Hex], int] = {}
    for w in o["walls"]:
        a, b = _hex(w["between"][0]), _hex(w["between"][1])
        assert a is not None and b is not None
        walls[frozenset((a, b))] = int(w["height"])
    obstructions = {h: int(item["height"]) for item in o["obstructions"]
                    if (h := _hex(item["at"])) is not None}
    return Settings(
        night_rounds=frozenset(o["night_rounds"]), rounds=int(o["rounds"]),
        die_sizes=tuple(o["die_sizes"]), physical_types=tuple(o["physical_types"]),
        armor_stacking=str(o["armor_stacking"]), sight_cone=float(o["sight_cone"]),
        head_turn=float(o["head_turn"]), units_block_sight=bool(o["units_block_sight"]),
        climb_pegs=int(o["climb_pegs"]), pad_cost=int(o["pad_cost"]),
        spell_perks=bool(o["spell_perks"]), spell_night=bool(o["spell_night"]),
        features=Features(obstructions, walls, pads))


def _feature_spots(board: HexBoard, options: Mapping[str, Any]
                   ) -> list[tuple[str, Hex | None, str]]:
    """Every hex a feature names, as (dotted path, hex, kind: obstruction, wall or pad), from
    the map's own features first, then from the older ``[rules.options]`` form."""
    kinds: dict[type[MapFeature], str] = {Obstruction: "obstruction", WallFeature: "wall",
                                          Pad: "pad"}
    out: list[tuple[str, Hex | None, str]] = []
    for cls, kind in kinds.items():
        found = [f for f in board.features if isinstance(f, cls)]
        for i, feature in enumerate(found):
            ends = feature.hexes()
            out.extend((f"hexmap.{cls.key}[{i}].at" if len(ends) == 1 else
                        f"hexmap.{cls.key}[{i}].between[{j}]", h, kind)
                       for j, h in enumerate(ends))
    out.extend((f"rules.options.obstructions[{i}].at", _hex(item["at"]), "obstruction")
               for i, item in enumerate(options.get("obstructions", [])))
    out.extend((f"rules.options.walls[{i}].between[{j}]", _hex(end), "wall")
               for i, item in enumerate(options.get("walls", []))
               for j, end in enumerate(item["between"]))
    out.extend((f"rules.options.pads[{i}][{j}]", _hex(end), "pad")
               for i, pair in enumerate(options.get("pads", [])) for j, end in enumerate(pair))
    return out


def board_problems(board: HexBoard, options: Mapping[str, Any]) -> list[SetupProblem]:
    """Features that do not fit the board (RL-ELV-1, RL-MOV-1): an obstruction, wall end or
    transit pad on a hex that is not a space of the map (a gap, or off it: a pad to nowhere),
    a pad on a space a figure cannot stand on, two pads on one space."""
    blocked = {h for _, h, kind in _feature_spots(board, options) if kind == "obstruction"}
    out = []
    pads: set[Hex] = set()
    for path, h, kind in _feature_spots(board, options):
        nowhere = "transit pad to nowhere: " if kind == "pad" else ""
        cell = board.cells.get(h) if h is not None else None
        if h is None or cell is None or cell.terrain == VOID:
            where = "is not on the map" if cell is None else "is a gap, not a space of the map"
            out.append(SetupProblem(path, f"{nowhere}{_shown(h)} {where}"))
        elif kind == "pad" and (h in blocked or cell.has("impassable")):
            out.append(SetupProblem(path, f"{nowhere}{_shown(h)} is blocked (an obstruction "
                                    "or impassable), so no figure can stand there"))
        elif kind == "pad" and h in pads:
            out.append(SetupProblem(path, f"{_shown(h)} already has a transit pad"))
        if kind == "pad" and h is not None:
            pads.add(h)
    return out


def _shown(h: Hex | None) -> str:
    return f"[{h.q}, {h.r}]" if h is not None else "?"
