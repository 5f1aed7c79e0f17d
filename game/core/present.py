"""How a ruleset presents actions and answers to a player: labels, tooltips, ghosts, buttons.

The table knows no ruleset. Everything it shows about an action comes from these records, which
the ruleset builds (:meth:`game.core.ruleset.Ruleset.present` and
:meth:`~game.core.ruleset.Ruleset.commands`):

- :class:`Offer`: one concrete action or decision answer, with its player-facing label, tooltip,
  the unit it is aimed at and the ghost placement it would produce;
- :class:`Steer`: a *continuous* choice (a Maneuver, a free pivot, any facing): the table turns a
  pointer position and an extra turn into an :class:`Offer` through the ruleset's own function,
  then asks the core ``why_not`` before it applies anything (continuous choices are checked, not
  enumerated);
- :class:`Command`: one button of a unit: its label, tooltip, legal offers, steer, or the refusal
  that disables it. Its offers may be :class:`LazyOffers`, worked out when first read: a
  button only asks whether there is one (issue 24: a select must not pay for every charge).

Player-facing text here never shows the action syntax (``choose align=50 side=left``): that is
what :class:`Offer` labels are for.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import overload

from game.core.actions import Action, Choose
from game.core.pending import Refusal
from game.core.state import GameState, Unit

Point = tuple[float, float]


@dataclass(frozen=True)
class Ghost:
    """Where an offer would put a unit, drawn see-through on the board.

    A table unit has ``pose`` (x, y, facing in degrees); a hex unit has ``hex`` (q, r) and
    ``hex_facing`` (0..5). Coordinates are the board's own (inches, or axial hexes).
    """

    unit: str
    pose: tuple[float, float, float] | None = None
    hex: tuple[int, int] | None = None
    hex_facing: int | None = None
    label: str = ""
    block: tuple[float, float, int, int] | None = None
    """A table unit's new shape at ``pose`` (width, depth, files, ranks) when the offer
    changes it (a reform); None keeps the unit's own tray."""


@dataclass(frozen=True)
class Offer:
    """One action or answer as a player sees it."""

    action: Action
    label: str
    hint: str = ""
    target: str | None = None
    ghost: Ghost | None = None


@dataclass(frozen=True)
class Steer:
    """A continuous choice for ``unit`` made by pointing.

    ``build(point, turn)`` returns the offer for the pointer at ``point`` (board coordinates)
    with ``turn`` extra degrees of final pivot (mouse wheel; ``free`` means the player holds the
    free-aim modifier, so no snapping), or None where the pointer means nothing. The table then
    asks ``Game.why_not`` for the offer's action and only applies a legal one.
    """

    unit: str
    build: Callable[[Point, float, bool], Offer | None]
    hint: str = ""
    turn_step: float = 15.0


class LazyOffers(Sequence[Offer]):
    """A command's offers, worked out when first read, in order, as far as they are read.

    ``source()`` yields the offers in their order. Truth (``bool``) pulls one offer at most, so
    a button asking whether it can be pressed stops at the first legal action (a unit's first
    chargeable enemy) instead of working out every one (every pivot of every charge); indexing,
    ``len`` and iteration read on as far as they need. Each offer is worked out once, and the
    sequence equals (and hashes as) the tuple of its offers, so it reads as the tuple it
    replaces."""

    def __init__(self, source: Callable[[], Iterable[Offer]]) -> None:
        self._source: Callable[[], Iterable[Offer]] | None = source
        self._it: Iterator[Offer] | None = None
        self._got: list[Offer] = []

    def _pull(self, upto: int | None) -> None:
        """Read on until ``upto`` offers are known (all of them when None)."""
        if self._source is not None:
            self._it, self._source = iter(self._source()), None
        if self._it is None:
            return
        while upto is None or len(self._got) < upto:
            nxt = next(self._it, None)
            if nxt is None:
                self._it = None
                return
            self._got.append(nxt)

    def __bool__(self) -> bool:
        self._pull(1)
        return bool(self._got)

    def __len__(self) -> int:
        self._pull(None)
        return len(self._got)

    @overload
    def __getitem__(self, index: int) -> Offer: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Offer]: ...

    def __getitem__(self, index: int | slice) -> Offer | Sequence[Offer]:
        if isinstance(index, int) and index >= 0:
            self._pull(index + 1)
            return self._got[index]
        self._pull(None)
        return tuple(self._got)[index]

    def __iter__(self) -> Iterator[Offer]:
        i = 0
        while True:
            self._pull(i + 1)
            if i >= len(self._got):
                return
            yield self._got[i]
            i += 1

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LazyOffers({tuple(self)!r})"


@dataclass(frozen=True)
class Command:
    """One button of a unit: what it does now, or why it cannot.

    ``offers`` are legal instances (targeted ones name their ``target``; a tuple, or
    :class:`LazyOffers` worked out when read); ``steer`` makes the
    command continuous; ``refusal`` says why the command cannot be used now (the button is then
    disabled and the refusal is its tooltip). ``target_refusal(unit_id)`` explains why a unit
    that is not among the offers' targets cannot be the target (shown on hover).
    """

    key: str
    label: str
    hint: str = ""
    offers: Sequence[Offer] = ()
    steer: Steer | None = None
    refusal: Refusal | None = None
    target_refusal: Callable[[str], Refusal | None] | None = None

    @property
    def enabled(self) -> bool:
        """Whether the button can be pressed (a steer first: it needs no offer worked out)."""
        return self.refusal is None and (self.steer is not None or bool(self.offers))

    @property
    def targeted(self) -> bool:
        """Whether the command is aimed at other units (the player clicks a target)."""
        return any(o.target is not None for o in self.offers)

    def offers_against(self, target: str) -> tuple[Offer, ...]:
        """The offers aimed at ``target``."""
        return tuple(o for o in self.offers if o.target == target)


def humanise(text: str) -> str:
    """``melee_attack`` or ``MeleeAttack`` -> ``Melee attack``."""
    text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).replace("_", " ").strip()
    text = " ".join(w if w.isupper() else w.lower() for w in text.split())
    return text[:1].upper() + text[1:]


def plain_label(action: Action, names: Mapping[str, str]) -> str:
    """A readable label built from an action's fields, for rulesets that write none of their
    own: the verb humanised, unit ids replaced by ``names``, ``key=value`` as ``key value``.
    Rulesets override :meth:`game.core.ruleset.Ruleset.present` with better words."""
    if isinstance(action, Choose):
        parts = [f"{humanise(k)} {names.get(v, v)}".strip() for k, v in action.as_dict().items()]
        return "; ".join(parts) or "Choose"
    words = []
    for word in action.tokens():
        key, sep, value = word.partition("=")
        words.append(f"{key} {names.get(value, value)}" if sep else names.get(word, word))
    words = [w for w in words if w != "->"]
    return " ".join([humanise(action.verb), *words])


def plain_offers(actions: Sequence[Action],
                 names: Mapping[str, str] | None = None) -> tuple[Offer, ...]:
    """Offers for ``actions`` labelled by :func:`plain_label` (no ghosts): the neutral
    presentation a ruleset starts from before it writes its own words."""
    return tuple(Offer(a, plain_label(a, names or {})) for a in actions)


def victory(name: str, how: str = "") -> str:
    """The one wording of a win, wherever game-over text is made: ``Victory: Orcs`` reads
    right for singular and plural side names alike ("Orcs wins" does not); ``how`` (why or by
    how much) follows in brackets."""
    return f"Victory: {name}" + (f" ({how})" if how else "")


def possessive(name: str) -> str:
    """``Stark Outriders`` -> ``Stark Outriders'``; ``the Mountain`` -> ``the Mountain's``
    (every ruleset's log and refusals name units this way)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def side_name(state: GameState, unit: Unit) -> str:
    """A unit's name with its side in front, as players read it where both sides stand
    ("Ashen Host Line Infantry"); a name that already carries its player's name ("Stark
    Bowmen" of Stark) is left as it is."""
    try:
        side = state.player(unit.owner).name
    except KeyError:
        return unit.name
    return unit.name if side.lower() in unit.name.lower() else f"{side} {unit.name}"


def shown_name(state: GameState, unit_id: str) -> str:
    """A unit's name as the table shows it: side-qualified (:func:`side_name`) when a unit of
    another side bears the same name, else the plain name (the unit id when there is no such
    unit)."""
    unit = state.units.get(unit_id)
    if unit is None:
        return unit_id
    clash = any(u.name == unit.name and u.owner != unit.owner for u in state.units.values())
    return side_name(state, unit) if clash else unit.name


def tell_sides_apart(state: GameState) -> None:
    """Give every unit whose name a unit of another side also bears its side-qualified name
    (:func:`side_name`), once, when a scenario is loaded: then every text that names units
    (the log, refusals, hand-overs, lessons' captions) says whose unit it means, and
    "Line Infantry attacks Line Infantry" cannot happen. Names that differ are kept."""
    owners: dict[str, set[int]] = {}
    for unit in state.units.values():
        owners.setdefault(unit.name, set()).add(unit.owner)
    clashing = [u for u in state.units.values() if len(owners[u.name]) > 1]
    for unit in clashing:
        unit.name = side_name(state, unit)

