"""Weapons and model rules in the modifier record: Parry, Lance on the charge, Great Weapon
and Shield, Multiple Wounds capped by the target's HP (NA-HIT-2, NA-HIT-3, NA-SAV-1, NA-HP-1)."""

from __future__ import annotations

from typing import Any

from game.core.actions import Dice
from game.core.pending import Chance, PlayerDecision
from game.rulesets.ninth_age.engage import Target, attack_record
from game.scenario import load_scenario
from tests.conftest import SCENARIOS

from .helpers import facing_pair, nu, play, scenario

CHAMPION: dict[str, Any] = {
    "name": "Troll Slayer", "height": 1, "base": [25, 25], "cha": 8, "mob": 4, "dis": 9,
    "hp": 1, "def": 5, "res": 4, "arm": 0, "equipment": ["great_weapon"],
    "parts": [{"name": "Slayer", "att": 1, "off": 9, "str": 4, "ap": 0, "agi": 4,
               "multiple_wounds": 3}]}


def test_parry_raises_defence_to_the_attackers_offence_at_the_front() -> None:
    """Hand Weapon and Shield: an Off 9 attacker hits the Warlord (Def 5, Parry) as Def 9."""
    sc = scenario(facing_pair({"stats": {"model": CHAMPION, "models": 5, "files": 5}},
                              {"profile": "orc_warband"}, 25 / 25.4, 100 / 25.4))
    game = sc.new_game()
    record = attack_record(game.state, nu(game, "a"), "rf", 0, "standard",
                           Target("b", "orc_warlord"))
    assert record.hit == 4  # Off 9 vs Def 9 (not Def 5: 2+)
    plain = attack_record(game.state, nu(game, "a"), "rf", 0, "standard", Target("b", "rf"))
    assert plain.hit == 2  # Veteran Orcs carry spears: no Parry


def test_lance_on_the_charge_and_great_weapon_without_shield() -> None:
    """A charging lance adds +2 Str and +2 AP; a Great Weapon adds +2/+2 and leaves the
    Shield out of melee armour."""
    game = load_scenario(SCENARIOS / "ninth_age_flank_charge.toml").new_game()
    play(game, "charge knights -> orcs")
    knights = nu(game, "knights")
    record = attack_record(game.state, knights, "rf", 0, "standard", Target("orcs", "rf"))
    assert record.wound == 3  # Str 3 + 2 against Res 4
    assert record.armour == 7  # Arm 1 + Shield 1 - AP 2: no save
    guard_game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    guard = nu(guard_game, "guard")
    assert guard.model.armour == guard.model.arm  # no Shield with a Great Weapon
    record = attack_record(guard_game.state, guard, "rf", 0, "standard", Target("orcs", "rf"))
    assert record.wound == 3 and record.armour == 7  # Str 5 vs Res 4; Arm 2 - AP 2


def test_na_hp_1_multiple_wounds_capped_by_the_targets_hp_in_play() -> None:
    """NA-HP-1: Multiple Wounds (3) on Trolls (HP 3) costs 3 HP per unsaved wound; on Orcs
    (HP 1) it costs 1; the resolver applies it."""
    stats = {"model": CHAMPION, "models": 5, "files": 5}
    trolls = scenario(facing_pair({"stats": stats}, {"profile": "trolls"}, 25 / 25.4,
                                  40 / 25.4)).new_game()
    rec = attack_record(trolls.state, nu(trolls, "a"), "rf", 0, "standard", Target("b", "rf"))
    assert rec.multiple == 3
    orcs = scenario(facing_pair({"stats": stats}, {"profile": "veteran_orcs"}, 25 / 25.4,
                                100 / 25.4)).new_game()
    rec = attack_record(orcs.state, nu(orcs, "a"), "rf", 0, "standard", Target("b", "rf"))
    assert rec.multiple == 1
    play(trolls, "end", "end", "end")
    for _ in range(60):  # the Slayers hit and wound on 6s; every other die is a 1
        node = trolls.pending()
        if isinstance(node, PlayerDecision):
            trolls.apply(node.offers[0].action)
            continue
        if not isinstance(node, Chance) or node.purpose.startswith("Break"):
            break
        slayer = node.purpose.startswith("inline vs") and (": hit" in node.purpose
                                                          or ": wound" in node.purpose)
        trolls.apply(Dice(tuple([6 if slayer else 1] * node.dice.count)))
    lost = [e for e in trolls.events() if e.kind == "melee.wounds" and e.data["unit"] == "b"]
    assert lost and int(lost[0].data["hp"]) == 9  # type: ignore[arg-type]  # 3 trolls x 3
