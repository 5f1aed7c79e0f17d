"""Scenario texts at (or over) the limits, built in code for the robustness tests."""

from __future__ import annotations

from game.scenario.limits import MAX_PIECE_VERTICES

HEADER = """[scenario]
name = "{name}"
ruleset = "{ruleset}"
seed = 1

[table]
width = {size}
height = {size}

[[players]]
name = "North"
colour = "#708090"

[[players]]
name = "South"
colour = "#b22222"
"""


def comb(vertices: int, cx: float, cy: float, width: float, height: float) -> list[
        tuple[float, float]]:
    """A concave comb polygon of exactly ``vertices`` vertices (teeth along x)."""
    teeth = (vertices - 2) // 4
    step = width / teeth
    points: list[tuple[float, float]] = []
    for i in range(teeth):
        x0 = cx - width / 2 + i * step
        points += [(x0, cy - height / 2), (x0 + step / 2, cy - height / 2),
                   (x0 + step / 2, cy + height / 2 - 0.4), (x0 + step, cy + height / 2 - 0.4)]
    points.append((cx + width / 2, cy + height / 2))
    extra = vertices - len(points) - 1
    for k in range(extra):  # pad with points on the top edge (not collinear: a slight bow)
        t = (k + 1) / (extra + 1)
        points.append((cx + width / 2 - t * width, cy + height / 2 + 0.4 * (1 - (2 * t - 1) ** 2)))
    points.append((cx - width / 2, cy + height / 2))
    return points


def terrain_block(points: list[tuple[float, float]], kind: str = "wall",
                  keywords: str = '"blocks-sight"') -> str:
    """One ``[[terrain]]`` entry."""
    polygon = ", ".join(f"[{x:.5f}, {y:.5f}]" for x, y in points)
    return f"\n[[terrain]]\nkind = \"{kind}\"\nkeywords = [{keywords}]\npolygon = [{polygon}]\n"


def unit_block(uid: str, side: int, profile: str, x: float, y: float, facing: float) -> str:
    """One ``[[units]]`` entry on a table."""
    return (f"\n[[units]]\nid = \"{uid}\"\nside = {side}\nprofile = \"{profile}\"\n"
            f"at = [{x:.3f}, {y:.3f}]\nfacing = {facing}\n")


def crowded_asoiaf(units: int, pieces: int = 0, vertices: int = MAX_PIECE_VERTICES) -> str:
    """``units`` ASOIAF units in facing rows on a 240" table, with ``pieces`` sight-blocking
    combs of ``vertices`` vertices between the rows."""
    text = HEADER.format(name="Crowded", ruleset="asoiaf", size=240)
    per_row = 20
    for i in range(units):
        row, col = divmod(i, per_row)
        side = 1 if row % 2 == 0 else 2
        y = 8 + row * 11.5
        profile = "stark_bowmen" if side == 1 else "lannister_crossbowmen"
        text += unit_block(f"u{i}", side, profile, 6 + col * 11.5, y, 0 if side == 1 else 180)
    for p in range(pieces):
        row, col = divmod(p, 8)
        text += terrain_block(comb(vertices, 12 + col * 28, 13.75 + row * 23, 5, 2))
    return text


def crowded_godsgloom(units: int, size: int = 60, blocked: int = 0) -> str:
    """``units`` GODSGLOOM units in two facing lines on a ``size`` x ``size`` hex map, with
    ``blocked`` sight-blocking rough hexes scattered between them."""
    text = HEADER.format(name="Crowded hexes", ruleset="godsgloom", size=1).split("[table]")[0]
    text += f"[hexmap]\ncols = {size}\nrows = {size}\n"
    for k in range(blocked):
        row = 10 + (k * 7) % (size - 20)
        col = (k * 13) % size - row // 2
        text += (f'\n[[hexmap.hexes]]\nat = [{col}, {row}]\nterrain = "gloomwood"\n'
                 'keywords = ["blocks-sight", "rough"]\n')
    text += "\n[[players]]\nname = \"North\"\ncolour = \"#708090\"\n"
    text += "\n[[players]]\nname = \"South\"\ncolour = \"#b22222\"\n"
    profiles = ("skirmishers", "line_infantry", "spearmen")
    per_line = max(1, (size - 4) // 2)  # every other hex of a row
    for i in range(units):
        side = 1 + i % 2
        line, place = divmod(i // 2, per_line)
        row = 7 - 2 * line if side == 1 else 9 + 2 * line  # lines fill away from the front
        col = place * 2 - row // 2
        text += (f'\n[[units]]\nid = "g{i}"\nside = {side}\nprofile = "{profiles[i % 3]}"\n'
                 f"hex = [{col}, {row}]\nfacing = {0 if side == 1 else 3}\n")
    return text
