"""Inspection records: what a ruleset tells the table about a unit or a pair of units.

"What does unit A see of unit B" and "what can unit A do now" are answered by the ruleset
instance (:meth:`game.core.ruleset.Ruleset.inspect_pair` and
:meth:`~game.core.ruleset.Ruleset.inspect_unit`) as an :class:`Inspection`: text lines, each
with the rule IDs that decided it, exact odds as bar charts, and typed geometry primitives in the
board's own coordinates (inches on a table; the geometry layer's hex plane on hex maps, see
:func:`game.geometry.hexgrid.hex_center`). The table draws these records and nothing else, so a
new ruleset needs no edit of the UI.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from game.core.present import Ghost

Point = tuple[float, float]

Tone = Literal["info", "good", "bad"]
"""How a line reads: neutral, favourable (legal, in range), unfavourable (refused, blocked)."""

SegmentStyle = Literal["sight", "blocked", "range", "path"]
"""``sight``: a clear Line of Sight (the witness); ``blocked``: a line that is stopped;
``range``: a measured distance; ``path``: a move's path."""

AreaStyle = Literal["corridor", "reach", "blocker", "highlight", "arc"]
"""``corridor``: the ground a move sweeps; ``reach``: where a unit can get to; ``blocker``: what
stops a line or a move; ``highlight``: a part the text refers to; ``arc``: a facing arc."""

HexStyle = Literal["highlight", "target", "blocked", "reach"]


@dataclass(frozen=True)
class InfoLine:
    """One line of an inspection: player-facing text and the rule IDs behind it."""

    text: str
    rules: tuple[str, ...] = ()
    tone: Tone = "info"


@dataclass(frozen=True)
class OddsChart:
    """An exact outcome distribution, drawn as a small bar chart.

    ``bars`` are (outcome label, probability) in display order; probabilities are exact
    fractions where the ruleset computes them exactly.
    """

    title: str
    bars: tuple[tuple[str, Fraction | float], ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Segment:
    """A straight line to draw, with an optional label at its middle."""

    a: Point
    b: Point
    style: SegmentStyle
    label: str = ""


@dataclass(frozen=True)
class Area:
    """A simple polygon (its outer ring) to draw filled and outlined."""

    points: tuple[Point, ...]
    style: AreaStyle
    label: str = ""


@dataclass(frozen=True)
class HexMark:
    """A hex to outline or fill."""

    q: int
    r: int
    style: HexStyle
    label: str = ""


Shape = Segment | Area | HexMark | Ghost
"""Everything an inspection may ask the table to draw."""


@dataclass(frozen=True)
class Inspection:
    """A ruleset's answer about a unit or a pair (see the module docstring)."""

    title: str
    lines: tuple[InfoLine, ...] = ()
    shapes: tuple[Shape, ...] = ()
    odds: tuple[OddsChart, ...] = ()

    def text(self) -> str:
        """The lines as plain text with their rule IDs (for logs, tests and the CLI)."""
        out = [self.title]
        for line in self.lines:
            cited = f" [{', '.join(line.rules)}]" if line.rules else ""
            out.append(line.text + cited)
        return "\n".join(out)


@dataclass(frozen=True)
class UnitCard:
    """A unit's stat card as a player reads it: a title and labelled lines."""

    title: str
    lines: tuple[InfoLine, ...] = ()


@dataclass(frozen=True)
class UnitMark:
    """A small badge the table draws on a unit: ``text`` (a word or two, player-facing) and
    the rule IDs behind it, e.g. "done" for a unit that already activated this round."""

    text: str
    rules: tuple[str, ...] = ()


ACTIVATED_MARK = UnitMark("done", ("WB-TBL-4",))
"""The default mark of a unit listed in ``state.turn.activated``."""

