"""The battle builder's pieces without a window (issue 26): ready shapes and snapping, the
catalogue's search and groups, and map-feature forms read from a ruleset's declared schema."""

from __future__ import annotations

import math

import pytest

from game import rulesets
from game.core.vocab import ProfileRecord
from game.ui import editor_shapes as shapes
from game.ui.editor_panels import group_of, groups
from game.ui.editor_side import feature_defaults, feature_entry, feature_hex_count


def test_shapes_are_drawn_from_one_drag() -> None:
    assert shapes.rectangle((4, 6), (2, 1)) == [(2, 1), (4, 1), (4, 6), (2, 6)]
    assert shapes.rectangle((1, 1), (1.1, 5)) is None  # too thin: a click, not a drag
    ring = shapes.circle((10, 10), (13, 14))
    assert ring is not None and len(ring) == shapes.CIRCLE_POINTS
    assert all(math.isclose(math.dist(p, (10, 10)), 5) for p in ring)
    wall = shapes.wall((0, 0), (10, 0))
    assert wall == [(0, 0.25), (10, 0.25), (10, -0.25), (0, -0.25)]
    assert shapes.closes([(0, 0), (5, 0), (5, 5)], (0.2, 0.1), 0.5)
    assert not shapes.closes([(0, 0), (5, 0)], (0, 0), 0.5)


def test_facings_snap_to_15_degrees_unless_free() -> None:
    assert shapes.snapped_facing(22) == 15 and shapes.snapped_facing(23) == 30
    assert shapes.snapped_facing(-15) == 345 and shapes.snapped_facing(360) == 0
    assert shapes.snapped_facing(22, free=True) == 22


def test_a_tray_near_the_table_edge_snaps_flush() -> None:
    table = (48.0, 36.0)
    assert shapes.snap_to_edges((2.4, 10), 0, (4, 2), table) == (2.0, 10)
    assert shapes.snap_to_edges((30, 35.5), 0, (4, 2), table) == (30, 35.0)
    assert shapes.snap_to_edges((24, 18), 0, (4, 2), table) == (24, 18)  # far from the edges
    assert shapes.snap_to_edges((1.4, 10), 90, (4, 2), table) == (1.0, 10)  # turned: depth
    assert shapes.snap((1.26, 7.74)) == (1.5, 7.5)
    assert shapes.snap((-3, 50), (48, 36)) == (0, 36)


def record(pid: str, name: str, base: tuple[float, float] | None = None,
           footprint: int | None = None) -> ProfileRecord:
    return ProfileRecord(pid, name, {}, base, footprint, ())


def test_the_catalogue_is_searched_and_grouped_by_base() -> None:
    rows = [record("a", "Archers", (4, 2)), record("b", "Brutes", (4, 2)),
            record("c", "Cavalry", (5, 3)), record("d", "Dragon", (5, 3))]
    assert [(g, [r.id for r in rs]) for g, rs in groups(rows, "")] == [
        ('4" x 2" bases', ["a", "b"]), ('5" x 3" bases', ["c", "d"])]
    assert [[r.id for r in rs] for _, rs in groups(rows, "DRA")] == [["d"]]
    assert [[r.id for r in rs] for _, rs in groups(rows, "c")] == [["a", "c"]]  # one each: A-Z
    assert groups(rows, "zzz") == []
    assert group_of(record("h", "Hero", footprint=2)) == "2 hexes"


def test_a_catalogue_of_units_with_bases_of_their_own_is_one_list() -> None:
    rows = [record(str(i), f"Unit {i}", (i + 1.0, 2.0)) for i in range(5)]
    assert [g for g, _ in groups(rows, "")] == ["units A to Z"]


def test_the_catalogue_is_grouped_by_the_factions_its_records_name() -> None:
    rows = [ProfileRecord("s1", "Sworn Swords", {}, (4, 2), None, (), "Stark"),
            ProfileRecord("l1", "Guardsmen", {}, (4, 2), None, (), "Lannister"),
            ProfileRecord("s2", "Bowmen", {}, (4, 2), None, (), "Stark"),
            ProfileRecord("x", "Stand-in", {}, (4, 2), None, (), None)]
    assert [(g, [r.id for r in rs]) for g, rs in groups(rows, "")] == [
        ("Lannister", ["l1"]), ("Stark", ["s2", "s1"]), ("no faction", ["x"])]
    assert [g for g, _ in groups(rows, "stark")] == ["Stark"]  # a faction's name finds it


def test_the_shipped_catalogues_name_their_factions(monkeypatch: pytest.MonkeyPatch) -> None:
    """ASOIAF cards and Ninth Age entries carry the faction or army of their catalogue, and
    the catalogue's records carry what the ruleset names."""
    ninth = rulesets.create("ninth_age")
    assert ninth.profile_faction("veteran_orcs") == "Orcs and Goblins"
    assert ninth.profile_faction("imperial_guard") == "Empire of Sonnstahl"
    assert rulesets.create("asoiaf").profile_faction("stark_sworn_swords") == "Stark"
    gloom = rulesets.create("godsgloom")
    assert {r.faction for r in gloom.unit_catalogue()} == {None}
    monkeypatch.setattr(gloom, "profile_faction", lambda pid: "Gloom")
    assert {r.faction for r in gloom.unit_catalogue()} == {"Gloom"}


def test_feature_forms_come_from_the_declared_schema() -> None:
    kinds = {k.key: k for k in rulesets.entry("realms").cls.map_features}
    assert [feature_hex_count(kinds[k]) for k in ("obstructions", "walls", "pads")] == [1, 2, 2]
    assert feature_defaults(kinds["obstructions"]) == {"height": 1, "name": "obstruction"}
    assert feature_entry(kinds["walls"], [(0, 0), (1, 0)], {"height": 4}) == {
        "between": [[0, 0], [1, 0]], "height": 4}
    assert feature_entry(kinds["obstructions"], [(2, 2)], {}) == {
        "at": [2, 2], "height": 1, "name": "obstruction"}
