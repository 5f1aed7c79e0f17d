"""A round of combat as one procedure on the core loop (NA-AGI-1 .. NA-CS-1).

Steps: for each Agility Step from 10 down to 0 that has attacks, every group of striking
models is allocated (a decision of its owner when it has a choice, NA-ALC-1: all before any
die), then each allocated group rolls to hit, to wound, armour and special saves (chance nodes:
the attacker rolls to hit and wound, the defender saves); Impact Hits count their hits first and
are allocated again (NA-TGT-5). Losses of the step are applied to the health pools together
when every attack of the step is resolved (simultaneous, NA-AGI-1; NA-HP-1, NA-CAS-1). After
step 0: combat score, Break Tests of the losers, Broken units leave, survivors re-form (the end
of the frozen round, NA-FRZ-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from game.core.actions import Action, Choose, DiceSpec
from game.core.pending import Chance, PlayerDecision, Refusal
from game.core.present import Offer
from game.core.procedure import Odds, Steps
from game.core.ruleset import Context
from game.core.state import GameState, Procedure
from game.geometry.ranked import RANK_AND_FILE
from game.rulesets.ninth_age.allocation import (
    allocation_odds,
    counted_later,
    describe,
    parse_split,
    pool_names,
    special_value,
    split_numbers,
    split_offers,
    to_allocate,
)
from game.rulesets.ninth_age.engage import (
    Striker,
    Target,
    attack_record,
    engaged_enemies,
    pool_profile,
    restricted_choices,
    restricted_models,
    shot_record,
    strikers,
    tied_fractions,
    weapon_choices,
)
from game.rulesets.ninth_age.score import apply_wounds, break_penalty, max_dis, static_score
from game.rulesets.ninth_age.tables import NO_ROLL, AttackRecord, passes
from game.rulesets.ninth_age.texts import counted
from game.rulesets.ninth_age.units import ModelProfile, NinthUnit, reform, say_stand_ins
from game.rulesets.ninth_age.weapons import weapon_name, weapon_offers


@dataclass(frozen=True)
class Batch:
    """Attacks of one striker group on one health pool, at one stage of the Attack Sequence."""

    unit: str
    pool: str
    part: int
    kind: str
    target: str
    count: int
    stage: str
    original: str = ""
    options: tuple[str, ...] = ()
    keep: int = 0
    """Hits that must stay on ``original`` when allocated again: one per model whose roll
    made them (NA-TGT-5; a D3 or D6 never rolls fewer than one hit)."""
    fraction: str = ""
    """The model whose values a tied mixed pool uses, the attacker's pick (NA-TGT-4)."""


@dataclass(kw_only=True)
class Melee(Procedure):
    """State of one round of combat (see the module docstring)."""

    units: list[str]
    steps: list[int] = field(default_factory=list)
    current: int = -1
    asking: list[Striker] = field(default_factory=list)
    batches: list[Batch] = field(default_factory=list)
    losses: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    losers: list[str] = field(default_factory=list)
    penalty: dict[str, int] = field(default_factory=dict)
    ranged: bool = False
    parts: dict[str, list[int]] = field(default_factory=dict)
    choosing: list[str] = field(default_factory=list)
    arming: list[str] = field(default_factory=list)


def record_for(state: GameState, b: Batch) -> AttackRecord:
    """The modifier record a batch's rolls read (melee or shooting)."""
    target = Target.parse(b.target)
    assert target is not None
    attacker = _unit(state, b.unit)
    if b.kind == "shot":
        return shot_record(state, attacker, target, b.fraction)
    return attack_record(state, attacker, b.pool, b.part, b.kind, target, b.fraction)


def tie_to_settle(state: GameState, b: Batch) -> list[ModelProfile]:
    """The tied largest fractions of the batch's target pool the attacker has still to pick
    between before rolling (NA-TGT-4); empty when there is no tie or it has picked."""
    target = Target.parse(b.target)
    if b.fraction or b.stage not in ("hit", "wound") or target is None \
            or target.pool != RANK_AND_FILE:
        return []
    tied = tied_fractions(_unit(state, target.unit))
    return tied if len(tied) > 1 else []


def fraction_decision(state: GameState, b: Batch, tied: list[ModelProfile],
                      names: dict[str, str]) -> PlayerDecision:
    """NA-TGT-4: the attacker picks which of the tied kinds' values its rolls use."""
    offers = tuple(Offer(Choose.of(fraction=p.id), f"Use the {p.name}'s values",
                         hint=f"Def {p.def_}, Res {p.res}, Arm {p.armour}"
                         + (f", Aegis {p.aegis}+" if p.aegis else ""))
                   for p in tied)
    counts = ", ".join(f"{n} {p.name}" for p, n in _unit(
        state, b.target.partition("/")[0]).fractions())
    return PlayerDecision(_unit(state, b.unit).owner, "fraction",
                          f"{describe(b.target, names)} is a mixed pool ({counts}) with no "
                          "largest kind: whose values do your rolls use?", offers, ("NA-TGT-4",))


def _unit(state: GameState, uid: str) -> NinthUnit:
    unit = state.units[uid]
    assert isinstance(unit, NinthUnit)
    return unit


def _live(state: GameState, proc: Melee) -> list[NinthUnit]:
    return [u for u in (_unit(state, i) for i in proc.units) if u.on_board]


def all_strikers(state: GameState, proc: Melee) -> list[Striker]:
    """Every striker group of the round, from the frozen positions."""
    out: list[Striker] = []
    for unit in _live(state, proc):
        enemies = [e for e in engaged_enemies(state, unit) if e.id in proc.units]
        split = {token.partition("/")[2]: tuple(v) for token, v in proc.parts.items()
                 if token.partition("/")[0] == unit.id}
        out.extend(strikers(state, unit, enemies, split))
    return out


def _choices(state: GameState, proc: Melee, token: str) -> list[tuple[int, ...]]:
    unit_id, _, pool = token.partition("/")
    unit = _unit(state, unit_id)
    enemies = [e for e in engaged_enemies(state, unit) if e.id in proc.units]
    return restricted_choices(unit, enemies).get(pool, [])


def _restricted(state: GameState, proc: Melee, s: Striker) -> tuple[str, ...]:
    """``("NA-RST-1",)`` when some models of ``s`` make Restricted Attacks this round (they
    support from behind or fight at a flank: their attacks were capped at their Height)."""
    if s.kind == "shot":
        return ()
    unit = _unit(state, s.unit)
    enemies = [e for e in engaged_enemies(state, unit) if e.id in proc.units]
    return ("NA-RST-1",) if restricted_models(unit, enemies) & set(s.models) else ()


def parts_offers(state: GameState, proc: Melee, token: str) -> tuple[Offer, ...]:
    """One offer per way of sharing a restricted model's Height among its parts."""
    unit_id, _, pool = token.partition("/")
    profile = pool_profile(_unit(state, unit_id), pool)
    return tuple(Offer(Choose.of(parts="+".join(map(str, split))),
                       ", ".join(f"{part.name} {n}" for part, n in zip(profile.parts, split,
                                                                        strict=True)),
                       hint="Attacks of each part for every restricted model of this pool")
                 for split in _choices(state, proc, token))


class MeleeSteps(Steps[Melee]):
    """The round of combat's steps (see the module docstring)."""

    kind: ClassVar[type[Procedure]] = Melee

    # --- what it waits for -----------------------------------------------------------------

    def waiting(self, state: GameState, proc: Melee) -> PlayerDecision | Chance | None:
        names = pool_names(state)
        if proc.step == "allocate" and proc.asking:
            s = proc.asking[0]
            total = to_allocate(state, s)
            owner = _unit(state, s.unit).owner
            prompt = (f"Agility Step {proc.current}: allocate {counted(total, 'attack')} of "
                      f"{names[s.unit]} ({describe(s.unit + '/' + s.pool, names)}, "
                      f"{counted(len(s.models), 'model')})")
            if counted_later(state, s):
                prompt = (f"Agility Step {proc.current}: the original target of each of the "
                          f"{counted(total, 'model')}' {special_value(state, s)} {s.kind} hits of "
                          f"{names[s.unit]} (allocated again once counted)")
            if proc.ranged:
                prompt = (f"Allocate the {counted(total, 'shot')} of {names[s.unit]} among the "
                          "target's pools")
            rules: tuple[str, ...] = ("NA-ALC-1", "NA-ALC-2", "NA-ALC-3", "NA-TGT-2")
            if not proc.ranged:  # the rank-and-file always offered (NA-TGT-1)
                rules = ("NA-TGT-1", *rules, *_restricted(state, proc, s))
            return PlayerDecision(owner, "allocate", prompt, split_offers(state, s, names),
                                  rules,
                                  free=split_numbers(s.options[0], s.options, total, names))
        if proc.step == "resolve" and proc.batches:
            tied = tie_to_settle(state, proc.batches[0])
            if tied:
                return fraction_decision(state, proc.batches[0], tied, names)
            return self._batch_node(state, proc, proc.batches[0], names)
        if proc.step == "weapons" and proc.arming:
            token = proc.arming[0]
            return PlayerDecision(_unit(state, token.partition("/")[0]).owner, "weapon",
                                  f"Which weapon does {describe(token, names)} fight with "
                                  "this round?", weapon_offers(state, token), ("NA-WPN-1",))
        if proc.step == "parts" and proc.choosing:
            token = proc.choosing[0]
            return PlayerDecision(_unit(state, token.partition("/")[0]).owner, "restricted",
                                  f"Restricted Attacks of {describe(token, names)}: which "
                                  "parts attack (at most its Height in all)?",
                                  parts_offers(state, proc, token), ("NA-RST-1",))
        if proc.step == "break" and proc.losers:
            unit = _unit(state, proc.losers[0])
            return Chance(unit.owner, DiceSpec(2, 6),
                          f"Break Test of {unit.name} (Dis {max_dis(unit)} -"
                          f" {proc.penalty.get(unit.id, 0)})", ("NA-CS-1",))
        return None

    def _batch_node(self, state: GameState, proc: Melee, b: Batch,
                    names: dict[str, str]) -> PlayerDecision | Chance:
        attacker = _unit(state, b.unit)
        if b.stage == "count":
            value = special_value(state, b)
            label = "Impact Hits" if b.kind == "impact" else "Stomp"
            return Chance(attacker.owner, DiceSpec(b.count, 6),
                          f"{names[b.unit]}: {label}, {value} per model", ("NA-NSM-1",))
        if b.stage == "realloc":
            offers = [Offer(Choose.of(to=f"{b.original}:{b.count}"),
                            f"All {b.count} on {describe(b.original, names)}")]
            for other in b.options:
                if other == b.original:
                    continue
                for k in range(1, b.count - b.keep + 1):
                    offers.append(Offer(Choose.of(to=f"{b.original}:{b.count - k}+{other}:{k}"),
                                        f"{b.count - k} on {describe(b.original, names)}, "
                                        f"{k} on {describe(other, names)}"))
            return PlayerDecision(attacker.owner, "reallocate",
                                  f"{counted(b.count, 'hit')} of {names[b.unit]}: allocate again "
                                  f"(at least {b.keep} on {describe(b.original, names)}: one "
                                  "of each model's roll)",
                                  tuple(offers), ("NA-TGT-5",),
                                  free=split_numbers(b.original, b.options, b.count, names,
                                                     keep=b.keep))
        defender = _unit(state, Target.parse(b.target).unit)  # type: ignore[union-attr]
        roller = attacker.owner if b.stage in ("hit", "wound") else defender.owner
        record = record_for(state, b)
        needs = {"hit": record.hit, "wound": record.wound, "armour": record.armour,
                 "special": record.special}[b.stage]
        rules = {"hit": ("NA-HIT-1", "NA-HIT-2", "NA-HIT-4"), "wound": ("NA-HIT-3",),
                 "armour": ("NA-SAV-1",), "special": ("NA-SAV-2",)}[b.stage]
        return Chance(roller, DiceSpec(b.count, 6),
                      f"{names[b.unit]} vs {describe(b.target, names)}: {b.stage} "
                      f"({needs}+)", rules)

    # --- automatic work --------------------------------------------------------------------

    def advance(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        if proc.step == "start":
            return self._start(state, proc, ctx)
        if proc.step == "restrict":
            return self._restrict(state, proc, ctx)
        if proc.step == "begin":
            return self._begin(state, proc, ctx)
        if proc.step == "next":
            return self._next_step(state, proc, ctx)
        if proc.step == "allocate":
            return self._auto_allocate(state, proc, ctx)
        if proc.step == "resolve":
            return self._skip_empty(state, proc, ctx)
        if proc.step == "score":
            return self._score(state, proc, ctx)
        if proc.step == "break" and not proc.losers:
            proc.step = "reform"
            return True
        if proc.step == "reform":
            self._reform(state, proc, ctx)
            state.procedures.remove(proc)
            return True
        return False

    def _start(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Owners of pools carrying several melee weapons pick one for the round first
        (NA-WPN-1): it changes attacks, steps and armour of everything after."""
        for unit in _live(state, proc):
            proc.arming += [f"{unit.id}/{pool}" for pool in weapon_choices(unit)]
        proc.step = "weapons" if proc.arming else "restrict"
        return True

    def _restrict(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Owners whose restricted models have parts to choose between choose next."""
        for unit in _live(state, proc):
            enemies = [e for e in engaged_enemies(state, unit) if e.id in proc.units]
            proc.choosing += [f"{unit.id}/{pool}" for pool in restricted_choices(unit, enemies)]
        proc.step = "parts" if proc.choosing else "begin"
        return True

    def _begin(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        steps = sorted({s.step for s in all_strikers(state, proc)}, reverse=True)
        proc.steps = steps
        proc.step = "next"
        names = ", ".join(_unit(state, u).name for u in proc.units)
        ctx.emit("melee.round", f"A round of combat: {names}; Agility Steps "
                 f"{', '.join(map(str, steps)) or 'none'}.", ("NA-AGI-1", "NA-FRZ-1"),
                 units=list(proc.units), steps=list(steps))
        say_stand_ins([_unit(state, u) for u in proc.units], ctx)  # NA-CAT-1
        return True

    def _next_step(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        if not proc.steps:
            proc.step = "score"
            return True
        proc.current = proc.steps.pop(0)
        proc.asking = [s for s in all_strikers(state, proc) if s.step == proc.current]
        proc.step = "allocate"
        groups = counted(len(proc.asking), "group")
        ctx.emit("melee.step", f"Agility Step {proc.current}: {groups} "
                 f"{'strikes' if len(proc.asking) == 1 else 'strike'}.",
                 ("NA-AGI-1",), step=proc.current)
        return True

    def _auto_allocate(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Groups with one viable target are allocated to it; impact hits count first; when
        no group asks any more, the step's rolls begin."""
        changed = False
        keep: list[Striker] = []
        for s in proc.asking:
            if s.kind not in ("standard", "shot") and len(s.options) == 1:
                self._queue_special(state, proc, s, s.options[0], len(s.models))
                changed = True
            elif len(s.options) == 1:
                self._queue(proc, s, {s.options[0]: s.attacks * len(s.models)}, ctx, state)
                changed = True
            else:
                keep.append(s)
        proc.asking = keep
        if not keep:
            proc.step = "resolve"
            return True
        return changed

    def _queue_special(self, state: GameState, proc: Melee, s: Striker, original: str,
                       models: int) -> None:
        """Impact Hits or Stomp of ``models`` models on ``original``: a ``D3``/``D6`` value is
        counted first and allocated again (NA-NSM-1, NA-TGT-5); a fixed one wounds."""
        value = special_value(state, s)
        if value.startswith("D"):
            proc.batches.append(Batch(s.unit, s.pool, s.part, s.kind, original,
                                      models, "count", original, s.options))
        else:
            proc.batches.append(Batch(s.unit, s.pool, s.part, s.kind, original,
                                      int(value) * models, "wound"))

    def _originals(self, state: GameState, proc: Melee, s: Striker, split: dict[str, int],
                   ctx: Context) -> None:
        """The owner's original target for each model's rolled Impact Hits or Stomp
        (NA-TGT-5: the hits are allocated again once counted, one staying on it)."""
        names = pool_names(state)
        for token, n in split.items():
            if n > 0:
                self._queue_special(state, proc, s, token, n)
        text = ", ".join(f"{n} on {describe(t, names)}" for t, n in split.items() if n)
        ctx.emit("melee.allocate", f"{names[s.unit]} aims its {s.kind} hits: {text} "
                 "(models; allocated again once counted).", ("NA-ALC-1", "NA-TGT-5"),
                 player=_unit(state, s.unit).owner, unit=s.unit,
                 split={t: n for t, n in split.items()})

    def _queue(self, proc: Melee, s: Striker, split: dict[str, int], ctx: Context,
               state: GameState) -> None:
        names = pool_names(state)
        stage = "hit" if s.kind in ("standard", "shot") else "wound"  # NA-NSM-1: no hit roll
        for token, n in split.items():
            if n > 0:
                proc.batches.append(Batch(s.unit, s.pool, s.part, s.kind, token, n, stage))
        text = ", ".join(f"{n} on {describe(t, names)}" for t, n in split.items())
        ctx.emit("melee.allocate", f"{names[s.unit]} allocates {text}.",
                 ("NA-ALC-1", "NA-ALC-2", *_restricted(state, proc, s)),
                 player=_unit(state, s.unit).owner, unit=s.unit,
                 split={t: n for t, n in split.items()})

    def _skip_empty(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Drop finished batches and batches with nothing to roll; when none is left, apply
        the step's losses together."""
        while proc.batches:
            b = proc.batches[0]
            if b.count <= 0:
                proc.batches.pop(0)
                continue
            if b.stage == "hit" and record_for(state, b).hit >= NO_ROLL:  # shots at 7+
                ctx.emit("shoot.no_hit", f"{counted(b.count, 'shot')} at "
                         f"{describe(b.target, pool_names(state))} cannot hit (7+ needed): no "
                         "dice are rolled.", ("NA-SHT-1", "NA-SHT-3"), shots=b.count)
                proc.batches.pop(0)
                continue
            if b.stage in ("armour", "special"):
                record = record_for(state, b)
                needs = record.armour if b.stage == "armour" else record.special
                if needs >= NO_ROLL:
                    proc.batches[0] = self._after(state, b, b.count)
                    continue
            if b.stage == "lost":  # Multiple Wounds, capped by the target's HP (NA-HP-1)
                wounds = b.count * record_for(state, b).multiple
                proc.losses[b.target] = proc.losses.get(b.target, 0) + wounds
                proc.batches.pop(0)
                continue
            return False
        self._apply_losses(state, proc, ctx)
        proc.step = "reform" if proc.ranged else "next"
        return True

    def _after(self, state: GameState, b: Batch, failed: int) -> Batch:
        """The batch after a save stage in which ``failed`` dice did not save."""
        nxt = {"armour": "special", "special": "lost"}[b.stage]
        return replace(b, stage=nxt, count=failed)

    # --- taking dice and answers -------------------------------------------------------------

    def on_dice(self, state: GameState, proc: Melee, results: tuple[int, ...],
                ctx: Context) -> None:
        if proc.step == "break":
            self._break(state, proc, results, ctx)
            return
        b = proc.batches[0]
        if b.stage == "count":  # a D3 reads a D6 halved, rounding up
            hits = sum((r + 1) // 2 for r in results) if special_value(state, b) == "D3" \
                else sum(results)
            ctx.emit("melee.impact", f"{b.kind.capitalize()}: {counted(hits, 'hit')}.",
                     ("NA-NSM-1", "NA-TGT-5"), hits=hits)
            keep = len(results)  # one hit of each model's roll stays (NA-TGT-5)
            stage = "realloc" if len(b.options) > 1 and hits > keep else "wound"
            proc.batches[0] = replace(b, count=hits, stage=stage, keep=keep)
            return
        record = record_for(state, b)
        if b.stage == "hit":
            ok = sum(passes(r, record.hit) for r in results)
            proc.batches[0] = replace(b, count=ok, stage="wound")
        elif b.stage == "wound":
            ok = sum(passes(r, record.wound) for r in results)
            proc.batches[0] = replace(b, count=ok, stage="armour")
        else:
            needs = record.armour if b.stage == "armour" else record.special
            ok = sum(passes(r, needs) for r in results)
            proc.batches[0] = self._after(state, b, b.count - ok)
        ctx.emit(f"melee.{b.stage}", f"{b.stage}: {ok} of {b.count} succeed.",
                 {"hit": ("NA-HIT-2",), "wound": ("NA-HIT-3",), "armour": ("NA-SAV-1",),
                  "special": ("NA-SAV-2",)}[b.stage], target=b.target, successes=ok)

    def on_answer(self, state: GameState, proc: Melee, answer: Action, ctx: Context) -> None:
        if proc.step == "weapons":
            self._arm(state, proc, answer, ctx)
            return
        if proc.step == "parts":
            token = proc.choosing.pop(0)
            assert isinstance(answer, Choose)
            proc.parts[token] = [int(n) for n in str(answer.get("parts")).split("+")]
            ctx.emit("melee.parts", f"Restricted Attacks of {token}: {answer.get('parts')}.",
                     ("NA-RST-1",), unit=token.partition("/")[0], parts=str(answer.get("parts")))
            if not proc.choosing:
                proc.step = "begin"
            return
        if proc.step == "allocate":
            s = proc.asking.pop(0)
            split = parse_split(answer, s.options, to_allocate(state, s))
            assert isinstance(split, dict)
            if counted_later(state, s):  # each model's original target (NA-TGT-5)
                self._originals(state, proc, s, split, ctx)
            else:
                self._queue(proc, s, split, ctx, state)
            return
        if isinstance(answer, Choose) and answer.get("fraction") is not None:
            self._pick_fraction(state, proc, str(answer.get("fraction")), ctx)
            return
        b = proc.batches.pop(0)
        split = parse_split(answer, b.options, b.count, b.original, b.keep)
        assert isinstance(split, dict)
        names = pool_names(state)
        ctx.emit("melee.reallocate", "Hits allocated again: " + ", ".join(
            f"{n} on {describe(t, names)}" for t, n in split.items()), ("NA-TGT-5",),
            split={t: n for t, n in split.items()})
        for token, n in reversed(split.items()):
            proc.batches.insert(0, replace(b, target=token, count=n, stage="wound"))

    def _pick_fraction(self, state: GameState, proc: Melee, pick: str, ctx: Context) -> None:
        """NA-TGT-4: the attacker's pick holds for its group's attacks on that pool."""
        first = proc.batches[0]
        proc.batches = [replace(b, fraction=pick) if (b.unit, b.target) == (
            first.unit, first.target) else b for b in proc.batches]
        names = pool_names(state)
        unit = _unit(state, first.target.partition("/")[0])
        chosen = next(p for p, _ in unit.fractions() if p.id == pick)
        ctx.emit("melee.fraction", f"{names[first.unit]} rolls against the {chosen.name}'s "
                 f"values of {describe(first.target, names)} (a tie of its largest kinds).",
                 ("NA-TGT-4",), player=_unit(state, first.unit).owner, unit=first.unit,
                 target=first.target, fraction=pick)

    def _arm(self, state: GameState, proc: Melee, answer: Action, ctx: Context) -> None:
        """The owner's weapon for one pool this round (NA-WPN-1)."""
        token = proc.arming.pop(0)
        unit_id, _, pool = token.partition("/")
        unit = _unit(state, unit_id)
        assert isinstance(answer, Choose)
        weapon = str(answer.get("weapon"))
        unit.wielding[pool] = weapon
        names = {unit.id: unit.name}
        ctx.emit("melee.weapon", f"{describe(token, names)} fights with "
                 f"{weapon_name(weapon)} this round.", ("NA-WPN-1",), player=unit.owner,
                 unit=unit.id, pool=pool, weapon=weapon)
        if not proc.arming:
            proc.step = "restrict"

    def answer_odds(self, state: GameState, proc: Melee, answer: Action) -> Odds | None:
        """An allocation's exact odds (issue 29): the HP each pool of the split would lose,
        from the records the resolver rolls against (NA-ALC-1, NA-HP-1); an offered "all on
        X" and a free split alike. Other answers of a round of combat roll nothing yet."""
        if proc.step != "allocate" or not proc.asking:
            return None
        s = proc.asking[0]
        split = parse_split(answer, s.options, to_allocate(state, s))
        return None if isinstance(split, Refusal) else allocation_odds(state, s, split)

    def reports_odds(self, state: GameState, proc: Melee, answer: Action) -> bool:
        """Only the allocations' odds are computed (a weapon, a restriction or a tie answer is
        followed by dice whose odds are not reported, and so are hits still to be counted)."""
        return proc.step == "allocate" and bool(proc.asking) and not counted_later(
            state, proc.asking[0])

    def check_answer(self, state: GameState, proc: Melee, answer: Action) -> Refusal | None:
        """A free split: every attack on a viable target, the counts adding up (NA-ALC-1);
        a re-allocation keeps one hit of each model's roll on the original target (NA-TGT-5)."""
        if proc.step == "allocate" and proc.asking:
            s = proc.asking[0]
            found = parse_split(answer, s.options, to_allocate(state, s))
        elif proc.step == "resolve" and proc.batches and tie_to_settle(state, proc.batches[0]):
            return Refusal("pick one of the offered kinds", ("NA-TGT-4",))
        elif proc.step == "resolve" and proc.batches and proc.batches[0].stage == "realloc":
            b = proc.batches[0]
            found = parse_split(answer, b.options, b.count, b.original, b.keep)
        else:
            return Refusal("no allocation is waiting", ("NA-ALC-1",))
        return found if isinstance(found, Refusal) else None

    # --- losses, score, break, re-form -------------------------------------------------------

    def _apply_losses(self, state: GameState, proc: Melee, ctx: Context) -> None:
        """Every unsaved wound of the step at once (NA-AGI-1): HP per pool with carry-over
        (NA-HP-1), casualties from the back and both ends of the front (NA-CAS-1)."""
        for token, wounds in sorted(proc.losses.items()):
            target = Target.parse(token)
            assert target is not None
            unit = _unit(state, target.unit)
            taken = apply_wounds(unit, target.pool, wounds)
            proc.lost[unit.id] = proc.lost.get(unit.id, 0) + taken
            ctx.emit("melee.wounds", f"{unit.name} loses {taken} HP "
                     f"({describe(token, pool_names(state))}).",
                     ("NA-HP-1", "NA-CAS-1"), player=unit.owner, unit=unit.id,
                     pool=target.pool, hp=taken, removed=list(unit.removed))
            if not unit.alive_keys():
                unit.destroyed = True
                ctx.emit("unit.destroyed", f"{unit.name} is wiped out.", ("NA-CAS-1",),
                         unit=unit.id)
        proc.losses = {}

    def _score(self, state: GameState, proc: Melee, ctx: Context) -> bool:
        """Combat score per side (NA-CS-1); the losers' units take Break Tests."""
        sides = sorted({_unit(state, u).owner for u in proc.units})
        scores = {side: combat_score(state, proc, side) for side in sides}
        ctx.emit("melee.score", "Combat score: " + ", ".join(
            f"{state.player(s).name} {scores[s]}" for s in sides), ("NA-CS-1", "NA-PRK-1"),
            scores={str(s): v for s, v in scores.items()})
        best = max(scores.values()) if scores else 0
        for unit in _live(state, proc):
            diff = best - scores[unit.owner]
            if diff > 0:
                proc.losers.append(unit.id)
                proc.penalty[unit.id] = break_penalty(state, unit, diff)
        proc.step = "break"
        return True

    def _break(self, state: GameState, proc: Melee, results: tuple[int, ...],
               ctx: Context) -> None:
        unit = _unit(state, proc.losers.pop(0))
        target = max_dis(unit) - proc.penalty.get(unit.id, 0)
        passed = sum(results) <= target or results == (1, 1)
        ctx.emit("melee.break", f"{unit.name} Break Test {sum(results)} against {target}: "
                 f"{'holds' if passed else 'Broken, leaves the combat'}.", ("NA-CS-1",),
                 player=unit.owner, unit=unit.id, roll=sum(results), target=target,
                 passed=passed)
        if not passed:
            unit.fled = True
            unit.destroyed = True

    def _reform(self, state: GameState, proc: Melee, ctx: Context) -> None:
        for uid in proc.units:  # the weapons chosen last for this round only (NA-WPN-1)
            _unit(state, uid).wielding = {}
        for unit in _live(state, proc):
            reform(unit)
        if not proc.ranged:
            ctx.emit("melee.reform", "The round of combat ends; units close ranks.",
                     ("NA-FRZ-1", "NA-CAS-1"))


def combat_score(state: GameState, proc: Melee, side: int) -> int:
    """NA-CS-1: HP the enemy lost this round plus the side's :func:`static_score`."""
    mine = [u for u in _live(state, proc) if u.owner == side]
    enemy_ids = [u for u in proc.units if _unit(state, u).owner != side]
    enemies = [e for e in (_unit(state, u) for u in enemy_ids) if e.on_board]
    return sum(proc.lost.get(u, 0) for u in enemy_ids) + static_score(state, mine, enemies)
