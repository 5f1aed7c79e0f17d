"""Every choice of a round of combat belongs to its owner: the melee weapon of a pool carrying
several (NA-WPN-1), walked with scripted dice; single-weapon units are never asked."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.actions import Choose, Dice, RollPending
from game.core.game import Game
from game.core.pending import PlayerDecision
from game.rulesets.ninth_age.engage import Target, attack_record, strikers
from game.rulesets.ninth_age.units import load_data
from game.scenario import load_scenario
from game.scenario.problems import ScenarioError
from tests.conftest import SCENARIOS

from .helpers import facing_pair, nu, play, scenario

ORCS_DEPTH = 100 / 25.4
GUARD_DEPTH = 80 / 25.4


def _armed(equipment: list[str]) -> dict[str, Any]:
    """Veteran Orcs carrying ``equipment`` (inline stats)."""
    model: dict[str, Any] = {
        "name": "Armed Orc", "height": 1, "base": [25, 25], "cha": 8, "mob": 4, "dis": 7,
        "hp": 1, "def": 3, "res": 4, "arm": 1, "equipment": equipment,
        "parts": [{"name": "Orc", "att": 1, "off": 3, "str": 4, "ap": 0, "agi": 2}]}
    return {"stats": {"model": model, "models": 20, "files": 5}}


def _game(a: dict[str, Any], b: dict[str, Any], dice: tuple[int, ...] = ()) -> Game:
    return scenario(facing_pair(a, b, ORCS_DEPTH, ORCS_DEPTH), dice=dice).new_game()


def test_na_wpn_1_the_owner_picks_the_weapon_and_it_changes_the_round() -> None:
    """NA-WPN-1: Orcs carrying a Great Weapon and a Halberd are asked which one they fight
    with; a Great Weapon strikes at step 0 with +2 Str, a Halberd at their Agility with +1."""
    for choice, step in (("great_weapon", 0), ("halberd", 2)):
        game = _game(_armed(["great_weapon", "halberd", "shield"]),
                     {"profile": "veteran_orcs"})
        play(game, "end", "end", "end")
        node = game.pending()
        assert isinstance(node, PlayerDecision) and node.kind == "weapon" and node.player == 1
        assert [o.label for o in node.offers] == ["Great Weapon", "Halberd"]
        assert node.rules == ("NA-WPN-1",)
        game.apply(Choose.of(weapon=choice))
        a, b = nu(game, "a"), nu(game, "b")
        assert a.wielding == {"rf": choice}
        steps = {s.step for s in strikers(game.state, a, [b]) if s.kind == "standard"}
        assert steps == {step}
        record = attack_record(game.state, a, "rf", 0, "standard", Target("b", "rf"))
        strength = 4 + (2 if choice == "great_weapon" else 1)
        assert record.wound == {6: 2, 5: 3}[strength]  # Str vs Res 4
        assert any(e.kind == "melee.weapon" and e.data["weapon"] == choice
                   for e in game.events())


def test_na_wpn_1_the_defenders_weapon_decides_its_shield() -> None:
    """NA-WPN-1: the defending pool's owner picks too; Paired Weapons are two-handed, so the
    Shield leaves their melee armour, a Spear keeps it."""
    saves = {}
    for choice in ("spear", "paired_weapons"):
        game = _game({"profile": "veteran_orcs"}, _armed(["spear", "paired_weapons", "shield"]))
        play(game, "end", "end", "end")
        node = game.pending()
        assert isinstance(node, PlayerDecision) and node.kind == "weapon" and node.player == 2
        game.apply(Choose.of(weapon=choice))
        record = attack_record(game.state, nu(game, "a"), "rf", 0, "standard",
                               Target("b", "rf"))
        saves[choice] = record.armour
    assert saves == {"spear": 6, "paired_weapons": 7}  # Arm 1 (+ Shield 1) - AP 1: 6+ or none


def test_na_wpn_1_paired_weapons_add_an_attack_and_the_choice_ends_with_the_round() -> None:
    """NA-WPN-1: Paired Weapons give +1 Att; after the round the choice is forgotten and the
    next round asks again."""
    game = _game(_armed(["spear", "paired_weapons"]), {"profile": "veteran_orcs"})
    play(game, "end", "end", "end", "choose weapon=paired_weapons")
    a, b = nu(game, "a"), nu(game, "b")
    assert {s.attacks for s in strikers(game.state, a, [b]) if s.pool == "rf"
            and s.kind == "standard" and s.models[0].startswith("rf")} >= {2}
    for _ in range(400):
        if not game.state.procedures:
            break
        node = game.pending()
        game.apply(node.offers[0].action if isinstance(node, PlayerDecision)
                   else RollPending())
    assert not game.state.procedures and nu(game, "a").wielding == {}


def test_na_wpn_1_a_single_weapon_unit_is_never_asked() -> None:
    """NA-WPN-1: a Hand Weapon is used only without another weapon, so Spear-and-Shield Orcs
    against Imperial Guard (one weapon each) go straight to the round: no weapon question."""
    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    play(game, "end", "end", "end")
    node = game.pending()
    assert not (isinstance(node, PlayerDecision) and node.kind == "weapon")
    models, _ = load_data()
    assert models["orc_warlord"].melee_weapons == ("hand_weapon",)
    assert models["veteran_orc"].melee_weapons == ("spear",)


def test_na_wpn_1_a_lance_needs_a_mount() -> None:
    """A model on foot cannot carry a Lance: the scenario is refused with its line and path."""
    with pytest.raises(ScenarioError) as caught:
        _game(_armed(["lance"]), {"profile": "veteran_orcs"})
    text = str(caught.value)
    assert "units[0].stats.model.equipment" in text and "Lance" in text and ":19:" in text


OGRE: dict[str, Any] = {
    "name": "Ogre", "height": 3, "base": [40, 40], "cha": 8, "mob": 6, "dis": 7, "hp": 3,
    "def": 3, "res": 4, "arm": 1,
    "parts": [{"name": "Ogre", "att": 0, "off": 3, "str": 4, "ap": 1, "agi": 2,
               "stomp": "2"}]}


def test_na_tgt_5_fixed_stomp_hits_with_a_choice_are_allocated_by_their_owner() -> None:
    """NA-NSM-1 / NA-TGT-5: an Ogre touching the Orcs and their Warlord has Stomp 2: its
    two hits are known before any die, so its owner allocates them (no silent default), and
    they roll to wound straight away."""
    game = scenario(facing_pair({"stats": {"model": OGRE, "models": 1, "files": 1}},
                                {"profile": "orc_warband"}, 40 / 25.4, ORCS_DEPTH)).new_game()
    play(game, "end", "end", "end")
    node = game.pending()
    while not (isinstance(node, PlayerDecision) and "stomp" in node.offers[0].label):
        assert node is not None  # the Orcs strike first and miss: every die a 1
        game.apply(node.offers[0].action if isinstance(node, PlayerDecision)
                   else Dice((1,) * node.dice.count))
        node = game.pending()
    assert node.player == 1 and node.kind == "allocate"
    assert {o.action for o in node.offers} == {Choose.of(to="b/rf:2"),
                                               Choose.of(to="b/orc_warlord:2")}
    assert game.why_not(Choose.of(to="b/rf:1+b/orc_warlord:2")) is not None  # 3 of 2
    play(game, "choose to=b/rf:1+b/orc_warlord:1")
    allocated = [e for e in game.events() if e.kind == "melee.allocate"]
    assert allocated[-1].data["split"] == {"b/rf": 1, "b/orc_warlord": 1}


def test_na_con_1_remembered_contacts_follow_casualties() -> None:
    """NA-CON-1: the contact geometry remembered on a unit is keyed by everything it reads, so
    a model removed from the front rank is no longer in contact on the next ask (and the
    answer equals the geometry worked out afresh)."""
    from game.geometry.ranked import models_in_contact
    from game.rulesets.ninth_age.engage import contacts

    game = load_scenario(SCENARIOS / "ninth_age_character_in_contact.toml").new_game()
    orcs, guard = nu(game, "orcs"), nu(game, "guard")
    before = contacts(orcs, guard)
    gone = sorted(k for k in before if k.startswith("rf"))[0]
    orcs.removed.append(gone)
    after = contacts(orcs, guard)
    assert orcs.tray is not None and guard.tray is not None
    fresh = models_in_contact(orcs.tray, orcs.formation(), guard.tray.polygon,
                              orcs.alive_keys())
    assert gone in before and gone not in after and after == fresh
