"""Allocation as the attacker's decision (NA-ALC-1..3, NA-TGT-2..5): what a group allocates,
its offers (what each attack needs as hints), the exact odds of any split as the answer's
plan (:func:`allocation_odds`), the free split answers and how a split is read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Protocol

from game.core.actions import Action, Choose
from game.core.pending import PickNumber, PickSplit, Refusal
from game.core.plan import Outcomes, Quantity, distribution
from game.core.present import Offer
from game.core.state import GameState
from game.geometry.ranked import RANK_AND_FILE
from game.rulesets.ninth_age.engage import (
    Striker,
    Target,
    attack_record,
    pool_profile,
    shot_record,
)
from game.rulesets.ninth_age.odds import hp_loss
from game.rulesets.ninth_age.tables import AttackRecord
from game.rulesets.ninth_age.texts import counted
from game.rulesets.ninth_age.units import NinthUnit


def _unit(state: GameState, uid: str) -> NinthUnit:
    unit = state.units[uid]
    assert isinstance(unit, NinthUnit)
    return unit


def to_allocate(state: GameState, s: Striker) -> int:
    """What a group allocates: its attacks, or the hits of a fixed Impact Hits or Stomp value
    (known before any die, so its owner allocates them like attacks; NA-NSM-1, NA-TGT-5)."""
    if s.kind in ("standard", "shot"):
        return s.attacks * len(s.models)
    value = special_value(state, s)
    if value.startswith("D"):  # one attack a model, multiplied once rolled (NA-TGT-5)
        return len(s.models)
    return int(value) * len(s.models)


class Group(Protocol):
    """What names a striker group's part: a :class:`Striker` or a batch of its attacks."""

    @property
    def unit(self) -> str: ...

    @property
    def pool(self) -> str: ...

    @property
    def part(self) -> int: ...

    @property
    def kind(self) -> str: ...


def special_value(state: GameState, s: Group) -> str:
    """The Impact Hits or Stomp value (``D6``, ``D3``, ``2``...) of a group's part."""
    return str(getattr(pool_profile(_unit(state, s.unit), s.pool).parts[s.part], s.kind))


def counted_later(state: GameState, s: Striker) -> bool:
    """Whether the group's hits are a die roll per model (Impact Hits or Stomp ``D3``/``D6``):
    its owner picks each model's original target, the hits are counted, then allocated
    again with one kept on that target (NA-NSM-1, NA-TGT-5)."""
    return s.kind not in ("standard", "shot") and special_value(state, s).startswith("D")


def split_offers(state: GameState, striker: Striker,
                 names: dict[str, str]) -> tuple[Offer, ...]:
    """One offer per viable target: every attack of the group on it, with the exact odds of
    the HP that pool would lose as the offer's hint (the resolver's own record)."""
    total = to_allocate(state, striker)
    later = counted_later(state, striker)
    noun = "attack" if striker.kind in ("standard", "shot") else f"{striker.kind} hit"
    what = counted(total, noun)
    if later:
        what = f"{counted(total, 'model')}' {special_value(state, striker)} {striker.kind} hits"
    return tuple(Offer(Choose.of(to=f"{opt}:{total}"),
                       f"{'All ' if total > 1 else ''}{what} on "
                       f"{short_pool(state, opt, striker.options)}",
                       hint=("their original target: once counted they are allocated again, "
                             "at least one staying on it" if later
                             else record_hint(state, striker, opt, total)),
                       target=opt.partition("/")[0])
                 for opt in striker.options)


def short_pool(state: GameState, token: str, options: tuple[str, ...]) -> str:
    """A pool named so that its offer stands out from the others on a narrow button: ``the
    rank and file`` or the character's name first, the unit only when several are options."""
    target = Target.parse(token)
    if target is None:
        return token
    unit = _unit(state, target.unit)
    char = unit.character(target.pool)
    words = char.profile.name if char is not None else "the rank and file"
    if len({o.partition("/")[0] for o in options}) > 1:
        words += f" of {unit.name}"
    return words


def _pool_record(state: GameState, striker: Striker,
                 token: str) -> tuple[AttackRecord, int] | None:
    """The resolver's record of the group's attacks on the pool ``token`` and the HP that
    pool has left (None for a token that names no pool)."""
    target = Target.parse(token)
    if target is None:
        return None
    attacker = _unit(state, striker.unit)
    defender = _unit(state, target.unit)
    if striker.kind == "shot":
        record = shot_record(state, attacker, target)
    else:
        record = attack_record(state, attacker, striker.pool, striker.part, striker.kind,
                               target)
    if target.pool == RANK_AND_FILE:
        pool_hp = defender.rf_alive() * defender.model.hp - defender.rf_damage
    else:
        char = defender.character(target.pool)
        pool_hp = char.hp if char is not None else 0
    return record, pool_hp


def record_hint(state: GameState, striker: Striker, token: str, attacks: int) -> str:
    """``hit 3+, wound 4+, ...`` (what each attack needs) and a warning when the attacks may
    overkill the pool; the exact odds are the answer's plan's (:func:`allocation_odds`)."""
    found = _pool_record(state, striker, token)
    if found is None:
        return ""
    record, pool_hp = found
    waste = f"; {attacks} on {pool_hp} HP left may overkill" if attacks > pool_hp else ""
    return f"{record.summary()}{waste}"


ALLOCATION_RULES = ("NA-ALC-1", "NA-HIT-2", "NA-HIT-3", "NA-SAV-1", "NA-SAV-2", "NA-HP-1")
"""The rules an allocation's odds follow: the split, then hit, wound, armour and HP."""


def allocation_odds(state: GameState, striker: Striker,
                    split: dict[str, int]) -> Callable[[], Outcomes] | None:
    """The exact HP each pool of an allocation ``split`` would lose (NA-ALC-1, NA-HP-1), from
    the resolver's own records (:func:`.odds.hp_loss`), captured now and computed when asked:
    one quantity ``hp_lost`` for an allocation on one pool, ``hp_lost:<pool>`` for each pool
    of a split. None for hits counted once rolled (their number is not known yet)."""
    if counted_later(state, striker):
        return None
    names = pool_names(state)
    parts = []
    for token, attacks in split.items():
        found = _pool_record(state, striker, token)
        if found is None or attacks <= 0:
            continue
        label = f"HP lost by {describe(token, names)}"
        parts.append((token, attacks, *found, label))
    if not parts:
        return None
    single = len(parts) == 1

    def odds() -> Outcomes:
        return Outcomes(tuple(
            Quantity("hp_lost" if single else f"hp_lost:{token}", label,
                     distribution(hp_loss(attacks, record, hp)), ALLOCATION_RULES)
            for token, attacks, record, hp, label in parts))

    return odds


def pool_names(state: GameState) -> dict[str, str]:
    """Names as players read them: every unit by id, and every character by its
    ``unit/key`` token (its profile's name, never the scenario's key)."""
    names = {u.id: u.name for u in state.units.values()}
    for unit in state.units.values():
        if isinstance(unit, NinthUnit):
            alike = Counter(c.profile.name for c in unit.characters)
            seen: Counter[str] = Counter()
            for c in unit.characters:  # two Captains are "Imperial Captain 1" and "... 2"
                seen[c.profile.name] += 1
                suffix = f" {seen[c.profile.name]}" if alike[c.profile.name] > 1 else ""
                names[f"{unit.id}/{c.key}"] = c.profile.name + suffix
    return names


def describe(token: str, names: dict[str, str]) -> str:
    """``u2/rf`` as ``Goblins (rank and file)``; ``u2/boss`` as ``Goblins: Orc Boss`` (the
    character's name when ``names`` has it, see :func:`pool_names`)."""
    target = Target.parse(token)
    if target is None:
        return token
    unit = names.get(target.unit, target.unit)
    if target.pool == RANK_AND_FILE:
        return f"{unit} (rank and file)"
    return f"{unit}: {names.get(token, target.pool)}"


def allocation_words(answer: str, names: dict[str, str]) -> str:
    """An allocation answer ``guard/rf:2+guard/imperial_captain:2`` as players read it:
    ``2 on Guard (rank and file), 2 on Guard: Imperial Captain`` (NA-ALC-1), never a key."""
    parts = []
    for item in answer.split("+"):
        token, _, count = item.rpartition(":")
        parts.append(f"{count} on {describe(token, names)}" if token else describe(item, names))
    return ", ".join(parts)


def split_numbers(first: str, options: tuple[str, ...], total: int, names: dict[str, str],
                  keep: int = 0) -> tuple[PickNumber | PickSplit, ...]:
    """Free answers: with two options, how many of ``total`` go to the other (the rest on
    ``first``); with more, one split of every attack among all of them (the table offers the
    whole legal split, NA-ALC-1), ``keep`` of them at least on ``first`` (NA-TGT-5). Any
    split can also be typed as ``to=a:n+b:m+c:k``."""
    if len(options) > 2:
        order = (first, *(o for o in options if o != first))
        return (PickSplit("Allocate", tuple(describe(o, names) for o in order), total,
                          _split_builder(order), (keep,)),)
    out = []
    for other in options:
        if other == first:
            continue
        out.append(PickNumber(f"How many on {describe(other, names)} (the rest on "
                              f"{describe(first, names)})", 0, total - keep, 1,
                              _builder(first, other, total), default=0))
    return tuple(out)


def _split_builder(order: tuple[str, ...]) -> Callable[[tuple[int, ...]], Action]:
    def build(counts: tuple[int, ...]) -> Action:
        parts = [f"{token}:{n}" for token, n in zip(order, counts, strict=True) if n]
        return Choose.of(to="+".join(parts) or f"{order[0]}:0")
    return build


def _builder(first: str, other: str, total: int) -> Callable[[float], Action]:
    def build(k: float) -> Action:
        n = int(k)
        return Choose.of(to=f"{first}:{total - n}+{other}:{n}" if n else f"{first}:{total}")
    return build


def parse_split(answer: Action, options: tuple[str, ...], total: int,
                keep: str = "", least: int = 1) -> dict[str, int] | Refusal:
    """Read ``choose to=u2/rf:3+u2/boss:2``: every attack on a viable target, the counts adding
    up to ``total`` (NA-ALC-1); with ``keep``, at least ``least`` on it: one hit of each
    model's roll (NA-TGT-5)."""
    if not isinstance(answer, Choose) or answer.get("to") is None:
        return Refusal("answer with to=<unit>/<pool>:<count>+...", ("NA-ALC-1",))
    out: dict[str, int] = {}
    for item in str(answer.get("to")).split("+"):
        token, _, count = item.rpartition(":")
        if token not in options or not count.isdigit():
            return Refusal(f"{item!r} is not a viable target with a count", ("NA-ALC-2",))
        out[token] = out.get(token, 0) + int(count)
    if sum(out.values()) != total:
        return Refusal(f"allocate exactly {total} (got {sum(out.values())})", ("NA-ALC-1",))
    if keep and out.get(keep, 0) < max(1, least):
        return Refusal(f"at least {max(1, least)} of the hits stay on the original target (one "
                       "of each model's roll)", ("NA-TGT-5",))
    return out
