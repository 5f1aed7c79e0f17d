"""The Ninth Age bench table (``warbench bench play``, issue 14; issue 24 moved it into the
ruleset): the battle line of the shipped battle, generated for ``units`` units. Half a side,
side 1 the Orc army along the bottom edge, side 2 the Sonnstahl army along the top, 9" apart
along the line, 32" between the front lines (more lines behind, 10" apart, once a line is
full), with the battle's ruin (impassable, blocks sight), hedge
(hindering) and low wall (hard cover) between them. At ten units it is the shipped battle's
line-up."""

from __future__ import annotations

from collections.abc import Callable

from game.core.state import GameState
from game.core.vocab import BenchTable
from game.rulesets.ninth_age import present
from game.rulesets.ninth_age.engage import in_contact, shooters, strikers
from game.rulesets.ninth_age.units import NinthUnit

SIZES = (10, 50, 200)
"""The table sizes ``bench play`` measures (units): the shipped battle's line-up, then 50 and
200 units (issue 32)."""
PER_LINE = 27
"""Units in one battle line: 27 at :data:`SPACING` fill the largest table (240")."""
LINE_GAP = 10.0
"""Inches between one battle line and the next behind it."""
ARMIES = {1: ("orc_warband", "goblin_archers", "iron_orc_chariot", "trolls",
              "warlord_on_grunter_with_orcs"),
          2: ("imperial_guard", "electoral_cavalry", "shrine_wardens", "imperial_guard",
              "electoral_cavalry")}
SPACING = 8.5
TERRAIN = (
    ("ruin", '"impassable", "blocks-sight"', ((22.0, 22.0), (26.0, 22.0), (26.0, 26.0),
                                              (22.0, 26.0))),
    ("hedge", '"hindering"', ((5.0, 30.0), (15.0, 30.0), (15.0, 31.0), (5.0, 31.0))),
    ("low wall", '"hard-cover"', ((31.0, 30.0), (39.0, 30.0), (39.0, 30.6), (31.0, 30.6))),
)


def bench_table(units: int, seed: int) -> BenchTable:
    """The generated battle lines of ``units`` units (see the module docstring): one line a
    side up to :data:`PER_LINE` units, more lines behind it (:data:`LINE_GAP` apart) beyond."""
    per_side = max(1, units // 2)
    per_line = min(per_side, PER_LINE)
    depth = LINE_GAP * ((per_side - 1) // per_line)  # from a side's front line to its last
    width = max(48.0, 8.0 + SPACING * per_line)
    lines = ["[scenario]", f'name = "Bench Ninth Age {units} units"', 'ruleset = "ninth_age"',
             f"seed = {seed}", "", "[table]", f"width = {width:.1f}",
             f"height = {48 + 2 * depth:g}", ""]
    for i, (kind, keywords, ring) in enumerate(TERRAIN):
        points = ", ".join(f"[{x}, {y + depth:g}]" for x, y in ring)
        lines += ["[[terrain]]", f'id = "t{i}"', f'kind = "{kind}"',
                  f"keywords = [{keywords}]", f"polygon = [{points}]", ""]
    lines += ["[[players]]", 'name = "Orcs"', 'colour = "#3a7d2c"', "",
              "[[players]]", 'name = "Sonnstahl"', 'colour = "#c9a227"', ""]
    for side, front, back, facing in ((1, 8.0 + depth, -LINE_GAP, 0),
                                      (2, 40.0 + depth, LINE_GAP, 180)):
        army = ARMIES[side]
        for i in range(per_side):
            line, place = divmod(i, per_line)
            lines += ["[[units]]", f'id = "s{side}u{i}"', f"side = {side}",
                      f'profile = "{army[i % len(army)]}"',
                      f"at = [{8.0 + SPACING * place:.1f}, {front + back * line:g}]",
                      f"facing = {facing}", ""]
    return BenchTable(f"generated battle lines, {2 * per_side} units", "\n".join(lines),
                      2 * per_side + 10)


def bench_odds(state: GameState, viewer_id: str, target_id: str
               ) -> Callable[[], object] | None:
    """The charts the hover shows (its ``inspect_pair``): melee and combat odds in contact
    (NA-HIT-1, NA-CS-1), else shooting odds for a unit that shoots (NA-SHT-1), else none."""
    viewer, target = state.units.get(viewer_id), state.units.get(target_id)
    if not isinstance(viewer, NinthUnit) or not isinstance(target, NinthUnit):
        return None
    if in_contact(viewer, target):
        def melee() -> object:
            groups = strikers(state, viewer, [target])
            return (present.melee_odds(state, viewer, target, groups),
                    present.combat_odds(state, viewer, target, groups))

        return melee
    if viewer.model.aim is not None and shooters(viewer):
        return lambda: present.shooting_odds(state, viewer, target)
    return None
