"""A round of combat walked with scripted and seeded dice: allocation (NA-ALC-*, NA-TGT-*),
Agility Steps and simultaneity (NA-AGI-1), Restricted Attacks (NA-RST-1), health pools and
casualties (NA-HP-1, NA-CAS-1), frozen positions (NA-FRZ-1), Proper Ranks (NA-PRK-1) and the
combat score with Break Tests (NA-CS-1)."""

from __future__ import annotations

from game.core.actions import Choose, Dice, RollPending
from game.core.events import Event
from game.core.game import Game
from game.core.pending import Chance, PlayerDecision
from game.geometry.ranked import casualty_order, model_polygons
from game.geometry.tolerance import TOLERANCE
from game.rulesets.ninth_age.engage import (
    largest_fraction,
    proper_ranks,
    ranged_options,
    strikers,
)
from game.rulesets.ninth_age.score import apply_wounds
from game.rulesets.ninth_age.units import load_data
from game.scenario import load_scenario
from tests.conftest import SCENARIOS

from .helpers import facing_pair, nu, play, scenario

ORCS_DEPTH = 100 / 25.4
GUARD_DEPTH = 80 / 25.4


def _contact_game(dice: tuple[int, ...] = ()) -> Game:
    sc = scenario(facing_pair({"profile": "orc_warband"}, {"profile": "imperial_guard"},
                              ORCS_DEPTH, GUARD_DEPTH), dice=dice)
    return sc.new_game()


def _to_melee(game: Game) -> None:
    play(game, "end", "end", "end")


def _run_round(game: Game, stop_at_break: bool = False) -> None:
    """Roll every die and take the first offer of every decision until the turn passes."""
    for _ in range(500):
        node = game.pending()
        if isinstance(node, Chance):
            if stop_at_break and node.purpose.startswith("Break Test"):
                return
            game.apply(RollPending())
        elif isinstance(node, PlayerDecision):
            game.apply(node.offers[0].action)
        else:
            return


def _steps(events: list[Event]) -> dict[int, list[Event]]:
    out: dict[int, list[Event]] = {}
    step = -1
    for e in events:
        if e.kind == "melee.step":
            step = int(e.data["step"])  # type: ignore[arg-type]
        out.setdefault(step, []).append(e)
    return out


def test_na_alc_1_every_attack_of_a_step_is_allocated_before_any_hit_roll() -> None:
    """NA-ALC-1: at each step, the last allocation comes before the first die."""
    game = _contact_game()
    _to_melee(game)
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "allocate"
    _run_round(game)
    per_step = _steps(game.events())
    assert len(per_step) >= 3
    for step, events in per_step.items():
        if step < 0:
            continue
        kinds = [e.kind for e in events]
        if "dice.rolled" in kinds and "melee.allocate" in kinds:
            last_alloc = max(i for i, k in enumerate(kinds) if k == "melee.allocate")
            assert last_alloc < kinds.index("dice.rolled"), step
    at3 = [e for e in per_step[3] if e.kind == "melee.allocate"]
    assert len(at3) >= 2  # two groups of Orcs at step 3: both before any die


def test_na_alc_2_na_tgt_2_characters_are_options_only_for_models_touching_them() -> None:
    """NA-ALC-2 / NA-TGT-2: a model in contact may pick the rank-and-file or a character its
    base touches; the options equal a direct base-to-base check."""
    game = _contact_game()
    orcs, guard = nu(game, "a"), nu(game, "b")
    assert orcs.tray is not None and guard.tray is not None
    captain = model_polygons(guard.tray, guard.formation(), ["imperial_captain"])
    mine = model_polygons(orcs.tray, orcs.formation())
    groups = strikers(game.state, orcs, [guard])
    front = {m for s in groups for m in s.models if orcs.formation().slot(m).rank == 0}
    for s in groups:
        for m in s.models:
            if m not in front:
                continue
            touches = mine[m].distance(captain["imperial_captain"]) <= TOLERANCE
            assert ("b/imperial_captain" in s.options) == touches, m
            assert "b/rf" in s.options  # NA-TGT-1: the rank-and-file always


def test_na_alc_3_supporting_models_allocate_as_the_model_in_front() -> None:
    """NA-ALC-3: the second-rank Orc behind the Warlord may strike the Captain the Warlord
    touches; one behind a model that touches no character may not."""
    game = _contact_game()
    orcs, guard = nu(game, "a"), nu(game, "b")
    f = orcs.formation()
    groups = strikers(game.state, orcs, [guard])
    behind_boss = next(s.key for s in f.slots if s.rank == 1 and s.file == 2)
    behind_end = next(s.key for s in f.slots if s.rank == 1 and s.file == 0)
    opts = {m: s.options for s in groups for m in s.models}
    assert "b/imperial_captain" in opts[behind_boss]
    assert opts[behind_end] == ("b/rf",)


def test_na_hit_1_one_die_per_attack_allocated() -> None:
    """NA-HIT-1: the Warlord's 4 attacks, allocated 3 and 1, roll 3 dice then 1 die."""
    game = _contact_game()
    _to_melee(game)
    play(game, "choose to=b/rf:3+b/imperial_captain:1")
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 3
    game.apply(Dice((1, 1, 1)))
    node = game.pending()
    assert isinstance(node, Chance) and node.dice.count == 1


def test_na_alc_1_a_split_must_use_every_attack_on_viable_targets() -> None:
    game = _contact_game()
    _to_melee(game)
    assert game.why_not(Choose.of(to="b/rf:3")) is not None
    assert game.why_not(Choose.of(to="b/rf:2+a/rf:2")) is not None
    assert game.why_not(Choose.of(to="b/rf:2+b/imperial_captain:2")) is None


def test_na_agi_1_steps_high_to_low_with_charge_bonus_and_great_weapons_at_0() -> None:
    """NA-AGI-1: Warlord Agi 4, spears Agi 2+1, Great Weapons at 0; a charging chariot's
    Impact Hits at 10 and its crew at Agi 2+1."""
    game = _contact_game()
    _to_melee(game)
    start = next(e for e in game.events() if e.kind == "melee.round")
    assert start.data["steps"] == [4, 3, 0]
    sc = load_scenario(SCENARIOS / "ninth_age_d6_hits.toml")
    g2 = sc.new_game()
    play(g2, "charge chariot -> guard", "end", "end", "end")
    start = next(e for e in g2.events() if e.kind == "melee.round")
    assert start.data["steps"] == [10, 3, 0]


def test_na_agi_1_both_sides_at_one_step_strike_before_any_removal() -> None:
    """NA-AGI-1: spears (Agi 2+1) and halberds (Agi 3) both strike at step 3; the step's
    wounds are applied only after every die of the step."""
    sc = load_scenario(SCENARIOS / "ninth_age_supporting_attacks.toml")
    game = sc.new_game()
    _to_melee(game)
    _run_round(game)
    events = _steps(game.events())[3]
    kinds = [e.kind for e in events]
    allocs = [e for e in events if e.kind == "melee.allocate"]
    assert {e.data["unit"] for e in allocs} == {"orcs", "wardens"}
    if "melee.wounds" in kinds:
        last_die = max(i for i, k in enumerate(kinds) if k == "dice.rolled")
        assert kinds.index("melee.wounds") > last_die


def test_na_rst_1_supporting_and_flank_attacks_are_capped_at_height() -> None:
    """NA-RST-1: Orcs with 3 attacks each strike 3 from the front rank but 1 when supporting
    (Height 1), and 1 against an enemy on their flank."""
    models, _ = load_data()
    orc = {"name": "Big Orc", "height": 1, "base": [25, 25], "cha": 8, "mob": 4, "dis": 7,
           "hp": 1, "def": 3, "res": 4, "arm": 1, "equipment": ["spear"],
           "parts": [{"name": "Orc", "att": 3, "off": 3, "str": 4, "ap": 0, "agi": 2}]}
    assert models
    stats = {"model": orc, "models": 15, "files": 5}
    sc = scenario(facing_pair({"stats": stats}, {"profile": "shrine_wardens"}, 75 / 25.4,
                              60 / 25.4))
    game = sc.new_game()
    orcs, wardens = nu(game, "a"), nu(game, "b")
    groups = strikers(game.state, orcs, [wardens])
    ranks = {s.attacks: {orcs.formation().slot(m).rank for m in s.models} for s in groups}
    assert ranks[3] == {0} and ranks[1] == {1, 2}
    flank = load_scenario(SCENARIOS / "ninth_age_flank_charge.toml").new_game()
    play(flank, "charge knights -> orcs")
    orcs2, knights = nu(flank, "orcs"), nu(flank, "knights")
    assert all(s.attacks <= orcs2.model.height for s in strikers(flank.state, orcs2, [knights]))


def test_na_hp_1_loss_carries_over_and_never_exceeds_the_pool() -> None:
    """NA-HP-1: Trolls (HP 3): 4 wounds kill one and leave 1 HP lost on the next; a flood of
    wounds takes only what the pool has; a character loses at most its HP."""
    sc = scenario([{"id": "t", "side": 1, "at": [10.0, 10.0], "facing": 0.0,
                    "profile": "trolls"},
                   {"id": "w", "side": 2, "at": [30.0, 30.0], "facing": 0.0,
                    "profile": "orc_warband"}])
    game = sc.new_game()
    trolls = nu(game, "t")
    assert apply_wounds(trolls, "rf", 4) == 4
    assert (trolls.rf_alive(), trolls.rf_damage) == (2, 1)
    assert apply_wounds(trolls, "rf", 2) == 2
    assert (trolls.rf_alive(), trolls.rf_damage) == (1, 0)
    assert apply_wounds(trolls, "rf", 50) == 3 and trolls.rf_alive() == 0
    boss = nu(game, "w")
    assert apply_wounds(boss, "orc_warlord", 9) == 3
    assert "orc_warlord" in boss.removed


def test_na_cas_1_casualties_leave_in_the_casualty_order() -> None:
    """NA-CAS-1: the removed models are the back of the formation, ends first."""
    game = _contact_game()
    guard = nu(game, "b")
    order = casualty_order(guard.formation(), "rf", guard.alive_keys())
    apply_wounds(guard, "rf", 4)
    assert guard.removed == order[:4]
    assert "imperial_captain" not in guard.removed


def test_na_frz_1_the_round_is_frozen_then_the_unit_reforms() -> None:
    """NA-FRZ-1: during the round casualties leave gaps and no boundary moves; when it ends
    the unit closes ranks keeping its front edge."""
    game = _contact_game()
    guard = nu(game, "b")
    assert guard.tray is not None
    before = guard.tray
    front = before.front_arrow
    orcs_tray = nu(game, "a").tray
    assert orcs_tray is not None
    orcs_front = orcs_tray.front_arrow
    _to_melee(game)
    seen_gap = False
    for _ in range(300):
        node = game.pending()
        g = nu(game, "b")
        if g.removed:
            seen_gap = True
            assert g.tray == before
        if isinstance(node, Chance):
            game.apply(RollPending())
        elif isinstance(node, PlayerDecision):
            game.apply(node.offers[0].action)
        else:
            break
    assert seen_gap
    fronts = {"a": orcs_front, "b": front}
    for uid in ("a", "b"):
        g = nu(game, uid)
        if not g.on_board:  # Broken: it left the combat
            continue
        assert g.removed == [] and g.tray is not None
        assert abs(g.tray.front_arrow[0] - fronts[uid][0]) < 1e-9
        assert abs(g.tray.front_arrow[1] - fronts[uid][1]) < 1e-9


def test_na_prk_1_proper_ranks_by_height() -> None:
    """NA-PRK-1: 5 models per rank at Height 0-2, 3 at Height 3-4."""
    game = _contact_game()
    orcs = nu(game, "a")  # 19 Orcs and the Warlord, 5 wide: 4 full ranks
    assert proper_ranks(orcs) == 4
    apply_wounds(orcs, "rf", 6)  # 14 left: 5, 5, 4 counted front first
    assert proper_ranks(orcs) == 2
    sc = scenario([{"id": "t", "side": 1, "at": [10.0, 10.0], "facing": 0.0,
                    "stats": {"unit": "trolls", "models": 7, "files": 3}}])
    trolls = nu(sc.new_game(), "t")
    assert proper_ranks(trolls) == 2


def test_na_cs_1_flank_charge_scores_and_a_failed_break_test_breaks() -> None:
    """NA-CS-1: the knights score the HP lost, +1 charge, +2 flank; the Orcs lose, test, fail
    on 6 6 and leave the combat."""
    game = load_scenario(SCENARIOS / "ninth_age_flank_charge.toml").new_game()
    play(game, "charge knights -> orcs", "end", "end", "end")
    _run_round(game, stop_at_break=True)
    score = next(e for e in game.events() if e.kind == "melee.score")
    lost = sum(int(e.data["hp"]) for e in game.events()  # type: ignore[arg-type]
               if e.kind == "melee.wounds" and e.data["unit"] == "orcs")
    assert score.data["scores"]["1"] == lost + 1 + 2  # type: ignore[index]
    node = game.pending()
    assert isinstance(node, Chance) and node.purpose.startswith("Break Test")
    game.apply(Dice((6, 6)))
    orcs = nu(game, "orcs")
    assert orcs.fled and not orcs.on_board


def test_na_nsm_1_na_tgt_5_d6_hits_rolled_as_4_are_allocated_again() -> None:
    """NA-NSM-1 / NA-TGT-5: the chariot's D6 Impact Hits roll 4; the hits are allocated
    again; at least one stays on the original target (the rank-and-file, the owner's
    choice before the die)."""
    game = load_scenario(SCENARIOS / "ninth_age_d6_hits.toml").new_game()
    play(game, "charge chariot -> guard", "end", "end", "end")
    aim = game.pending()
    assert isinstance(aim, PlayerDecision) and aim.kind == "allocate"
    assert "original target" in aim.prompt
    assert {str(o.action) for o in aim.offers} == {"choose to=guard/rf:1",
                                                   "choose to=guard/imperial_captain:1"}
    play(game, "choose to=guard/rf:1")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "reallocate"
    assert "4 hits" in node.prompt
    assert game.why_not(Choose.of(to="guard/rf:0+guard/imperial_captain:4")) is not None
    assert game.why_not(Choose.of(to="guard/imperial_captain:4")) is not None
    play(game, "choose to=guard/rf:1+guard/imperial_captain:3")
    first = game.pending()
    assert isinstance(first, Chance) and first.dice.count == 1  # to wound: hits are automatic
    game.apply(Dice((6,)))
    second = game.pending()
    assert isinstance(second, Chance) and second.dice.count == 3


def test_na_tgt_5_the_owner_aims_rolled_hits_and_one_stays_on_that_aim() -> None:
    """NA-TGT-5: the original target of D6 hits is the attacker's choice, never the game's:
    aimed at the Captain, at least one of the 4 hits stays on the Captain."""
    game = load_scenario(SCENARIOS / "ninth_age_d6_hits.toml").new_game()
    play(game, "charge chariot -> guard", "end", "end", "end",
         "choose to=guard/imperial_captain:1")
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "reallocate"
    assert game.why_not(Choose.of(to="guard/rf:4")) is not None
    assert game.why_not(Choose.of(to="guard/rf:3+guard/imperial_captain:1")) is None


def test_na_tgt_1_a_unit_without_rank_and_file_lets_any_model_be_targeted() -> None:
    """NA-TGT-1: once the Guard's rank-and-file are gone, the Captain is a target for all."""
    game = _contact_game()
    orcs, guard = nu(game, "a"), nu(game, "b")
    apply_wounds(guard, "rf", 15)
    options = {o for s in strikers(game.state, orcs, [guard]) for o in s.options}
    assert options == {"b/imperial_captain"}


def test_na_tgt_3_shots_reach_characters_only_by_height_or_few_rank_and_file() -> None:
    """NA-TGT-3: a Warlord of the Orcs' Height is safe among 19 Orcs, not among 4; a mounted
    Warlord (Height 2) among Height 1 Orcs may always be shot."""
    game = _contact_game()
    orcs = nu(game, "a")
    assert ranged_options(orcs) == ["a/rf"]
    apply_wounds(orcs, "rf", 15)
    assert ranged_options(orcs) == ["a/rf", "a/orc_warlord"]
    sc = scenario([{"id": "m", "side": 1, "at": [10.0, 10.0], "facing": 0.0,
                    "profile": "warlord_on_grunter_with_orcs"}])
    mounted = nu(sc.new_game(), "m")
    assert ranged_options(mounted) == ["m/rf", "m/orc_warlord_on_grunter"]


def test_na_tgt_4_a_mixed_pool_uses_its_largest_fraction() -> None:
    """NA-TGT-4: the most numerous kind decides; a tie leaves the attacker two choices."""
    models, _ = load_data()
    orc, gob = models["veteran_orc"], models["goblin"]
    assert largest_fraction([orc, orc, gob]) == [orc]
    assert set(p.id for p in largest_fraction([orc, gob])) == {"veteran_orc", "goblin"}


def test_na_nsm_1_stomp_goes_only_to_height_0_1_pools() -> None:
    """NA-NSM-1: a Troll's Stomp strikes Height 1 Orcs at step 0 but not a Height 4 chariot."""
    troll_depth = 40 / 25.4
    game = scenario(facing_pair({"profile": "trolls"}, {"profile": "veteran_orcs"}, troll_depth,
                                ORCS_DEPTH)).new_game()
    stomps = [s for s in strikers(game.state, nu(game, "a"), [nu(game, "b")])
              if s.kind == "stomp"]
    assert stomps and all(s.step == 0 and s.options == ("b/rf",) for s in stomps)
    game2 = scenario(facing_pair({"profile": "trolls"}, {"profile": "iron_orc_chariot"},
                                 troll_depth, 100 / 25.4)).new_game()
    kinds = {s.kind for s in strikers(game2.state, nu(game2, "a"), [nu(game2, "b")])}
    assert kinds == {"standard"}


def test_na_rst_1_the_owner_picks_which_parts_make_restricted_attacks() -> None:
    """NA-RST-1: the Warlord on his Grunter (Height 2; 4 + 2 attacks) is struck in his unit's
    flank: his owner picks how the 2 attacks are shared; 0 + 2 leaves only the Grunter's."""
    orcs_w = 155 / 25.4  # a 30 mm Grunter beside five 25 mm files
    guard_d = 80 / 25.4
    sc = scenario([{"id": "a", "side": 1, "at": [24.0, 20.0], "facing": 0.0,
                    "profile": "warlord_on_grunter_with_orcs"},
                   {"id": "b", "side": 2, "at": [24.0 - orcs_w / 2 - guard_d / 2, 20.0],
                    "facing": 90.0, "profile": "imperial_guard"}])
    game = sc.new_game()
    _to_melee(game)
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "restricted" and node.player == 1
    labels = [o.label for o in node.offers]
    assert labels == ["Warlord 2, Grunter 0", "Warlord 1, Grunter 1", "Warlord 0, Grunter 2"]
    play(game, "choose parts=0+2")
    a, b = nu(game, "a"), nu(game, "b")
    boss = [s for s in strikers(game.state, a, [b], {"orc_warlord_on_grunter": (0, 2)})
            if s.pool == "orc_warlord_on_grunter"]
    assert [(s.part, s.attacks) for s in boss] == [(1, 2)]


def test_na_alc_2_a_model_touching_two_units_may_strike_either() -> None:
    """NA-ALC-2: the middle Orc touches two lone Warlords; it attacks once, choosing between
    them; its neighbours each touch one."""
    w = 25 / 25.4
    sc = scenario([{"id": "a", "side": 1, "at": [24.0, 20.0 - ORCS_DEPTH / 2], "facing": 0.0,
                    "profile": "veteran_orcs"},
                   {"id": "l", "side": 2, "at": [24.0 - w / 2, 20.0 + w / 2], "facing": 180.0,
                    "profile": "orc_warlord"},
                   {"id": "r", "side": 2, "at": [24.0 + w / 2, 20.0 + w / 2], "facing": 180.0,
                    "profile": "orc_warlord"}])
    game = sc.new_game()
    orcs = nu(game, "a")
    groups = strikers(game.state, orcs, [nu(game, "l"), nu(game, "r")])
    middle = next(s.key for s in orcs.formation().slots if s.rank == 0 and s.file == 2)
    mine = [s for s in groups if middle in s.models]
    assert len(mine) == 1 and set(mine[0].options) == {"l/rf", "r/rf"}
    assert sum(s.attacks * s.models.count(middle) for s in groups) == 1


def test_na_prk_1_a_height_5_giant_is_a_proper_rank_alone() -> None:
    """NA-PRK-1: one model of Height 5 makes a Proper Rank."""
    sc = scenario([{"id": "g", "side": 1, "at": [10.0, 10.0], "facing": 0.0,
                    "profile": "giant"}])
    giant = nu(sc.new_game(), "g")
    assert giant.model.height == 5 and proper_ranks(giant) == 1


def test_na_nsm_1_d3_impact_hits_read_a_d6_halved() -> None:
    """NA-NSM-1: Impact Hits (D3) rolled as a 5 on the D6 make 3 hits."""
    cart = {"name": "Cart", "height": 4, "base": [50, 100], "cha": 12, "mob": 6, "dis": 7,
            "hp": 4, "def": 3, "res": 5, "arm": 3,
            "parts": [{"name": "Cart", "att": 0, "off": 0, "str": 5, "ap": 2, "agi": 0,
                       "impact": "D3", "uses_weapons": False}]}
    sc = scenario([{"id": "c", "side": 1, "at": [24.0, 10.0], "facing": 0.0,
                    "stats": {"model": cart, "models": 1, "files": 1}},
                   {"id": "v", "side": 2, "at": [24.0, 15.0 + ORCS_DEPTH / 2], "facing": 180.0,
                    "profile": "veteran_orcs"}], dice=[5])
    game = sc.new_game()
    events = play(game, "charge c -> v", "end", "end", "end")
    impact = next(e for e in events if e.kind == "melee.impact")
    assert impact.data["hits"] == 3
