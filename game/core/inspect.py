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

SegmentStyle = Literal["sight", "blocked", "range", "path", "wall", "link"]
"""``sight``: a clear Line of Sight (the witness); ``blocked``: a line that is stopped;
``range``: a measured distance; ``path``: a move's path; ``wall``: a wall or barrier on the
board (board marks); ``link``: two places joined by a rule (a transit pad, a portal)."""

AreaStyle = Literal["corridor", "reach", "blocker", "highlight", "arc"]
"""``corridor``: the ground a move sweeps; ``reach``: where a unit can get to; ``blocker``: what
stops a line or a move; ``highlight``: a part the text refers to; ``arc``: a facing arc."""

HexStyle = Literal["highlight", "target", "blocked", "reach", "obstruction", "pad"]
"""The first four mark an inspection; ``obstruction`` (something standing on the hex) and
``pad`` (one end of a link) are board marks (:meth:`game.core.ruleset.Ruleset.board_marks`)."""

BaseKind = Literal["rank", "character", "command"]
"""What a model is: rank-and-file, a character (an attached hero), or command (a champion,
a standard bearer, a musician)."""

BaseMark = Literal["none", "contact", "support", "casualty"]
"""How a model stands now: nothing special, in base contact with an enemy, supporting (it
fights from behind a model in contact), or a casualty still shown where it fell."""


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
class ModelBase:
    """One model's base as a polygon in board coordinates (its outer ring), what the model is
    and how it stands now; ``label`` names it (a character's key) for the player."""

    points: tuple[Point, ...]
    kind: BaseKind = "rank"
    mark: BaseMark = "none"
    label: str = ""


@dataclass(frozen=True)
class UnitLook:
    """How a unit looks beyond its tray or its hex (see
    :meth:`game.core.ruleset.Ruleset.unit_look`).

    ``bases``: every model base (a tray unit drawn model by model instead of as a uniform
    grid); ``hexes``: every hex (q, r) the unit covers (a unit larger than one hex); ``height``:
    a short height label drawn on the unit (``"5 pegs"``). Empty fields keep the default look.
    """

    bases: tuple[ModelBase, ...] = ()
    hexes: tuple[tuple[int, int], ...] = ()
    height: str = ""


BoardMark = Segment | Area | HexMark
"""What a ruleset may draw on the board itself (walls, obstructions, links), under the units."""


@dataclass(frozen=True)
class ProfileBar:
    """A figure standing on the profile: from ``start`` to ``end`` along the line, from
    ``bottom`` to ``top`` in height; ``style`` says whose (``viewer``, ``target``, ``other``),
    or ``blocker``: something that stops the lines the rules tried without standing on the
    drawn line itself (a wall, a space the line runs along the edge of), placed where it
    lies along the line and drawn apart, with its name as ``label``."""

    start: float
    end: float
    bottom: float
    top: float
    style: Literal["viewer", "target", "other", "blocker"] = "other"
    label: str = ""


@dataclass(frozen=True)
class ProfileChart:
    """The side view of a sight line over a board with height.

    ``ground``: the silhouette as (distance along the line, height) points from the viewer to
    the target, in the board's own units (``unit``: ``"pegs"``); ``eye`` and ``aim``: the
    sight segment's ends; ``blocked``: where it first runs into the ground or a figure (None
    when it is clear); ``bars``: figures along the line.
    """

    title: str
    ground: tuple[Point, ...]
    eye: Point
    aim: Point
    blocked: Point | None = None
    bars: tuple[ProfileBar, ...] = ()
    unit: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Inspection:
    """A ruleset's answer about a unit or a pair (see the module docstring)."""

    title: str
    lines: tuple[InfoLine, ...] = ()
    shapes: tuple[Shape, ...] = ()
    odds: tuple[OddsChart, ...] = ()
    profiles: tuple[ProfileChart, ...] = ()
    """Side views of sight lines (boards with height), drawn beside the info box."""

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


Light = Literal["day", "dusk", "night"]
"""How the whole board is lit: the table shades it accordingly (no shade by day)."""


@dataclass(frozen=True)
class TableCondition:
    """Something true of the whole table that changes play, which every player must see
    without aiming at anything: night, fog, a storm. ``word`` is what the top bar and the
    hand-over screen show ("Night"), ``hint`` what it does, in a player's words, with its
    ``rules``; ``light`` how the board is shaded while it lasts."""

    word: str
    hint: str = ""
    rules: tuple[str, ...] = ()
    light: Light = "day"


@dataclass(frozen=True)
class Relief:
    """How the heights of a hex board read (see
    :meth:`game.core.ruleset.Ruleset.relief`): heights are counted in ``unit`` ("pegs"),
    and heights within one ``step`` of each other play alike (one climbing step), so the table
    gives each step its own shade of a relief ramp (low dark, high light) and lets higher
    ground cast a shadow on lower ground, the legend naming each kind's height."""

    unit: str = ""
    step: int = 1
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayGuide:
    """How to play a ruleset, as a first-time player needs it (see
    :meth:`game.core.ruleset.Ruleset.how_to_play`): ``rows`` of (heading, line): the turn's
    structure, what each button does, what the overlays mean; each line cites the rule IDs it
    summarises, so the table can offer the lessons that teach them."""

    title: str
    rows: tuple[tuple[str, InfoLine], ...] = ()


ACTIVATED_MARK = UnitMark("done", ("WB-TBL-4",))
"""The default mark of a unit listed in ``state.turn.activated``."""

