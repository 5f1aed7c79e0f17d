"""AS-CHG-13: other enemies the charger ends up touching only slide (no free pivot, their
Flank or Rear kept); aligned by the least movement, else their owner moves them 1" away
(offers with ghosts, or any point, checked), else the least slide out of contact."""

from __future__ import annotations

from game.core.actions import Choose
from game.core.game import Game
from game.core.pending import PlayerDecision, PointAnswer
from game.geometry.arcs import Arc
from game.geometry.tray import Tray
from game.rulesets.asoiaf import geo
from game.rulesets.asoiaf.units import AsoiafUnit
from tests.asoiaf.helpers import act, first, table, unit


def _u(game: Game, uid: str) -> AsoiafUnit:
    u = game.state.units[uid]
    assert isinstance(u, AsoiafUnit)
    return u


def _tray(game: Game, uid: str) -> Tray:
    tray = _u(game, uid).tray
    assert tray is not None
    return tray


def _charge_with(other: dict[str, object]) -> tuple[Game, list[object]]:
    """Sworn Swords charge Guardsmen 10" ahead and align 50% right (their right edge ends at
    x = 29.5, y 17.6..22.4), where ``other`` stands."""
    game = table([unit("sworn", 1, "stark_sworn_swords", 24.0, 10.0),
                  unit("guard", 2, "lannister_guardsmen", 24.0, 24.8, 180), other], dice=[6])
    return game, list(act(game, "charge sworn -> guard", "choose align=50 side=right"))


def test_as_chg_13_an_enemy_touched_on_its_flank_keeps_facing_and_flank() -> None:
    # the Halberdiers' left flank meets the charger's right edge 1" off centre: they slide
    # 1" to align 100%, still facing north with the charger in their Left (Flank) Arc
    game, events = _charge_with(unit("halb", 2, "lannister_halberdiers", 32.25, 19.0, 0))
    other = first(events, "charge.other")  # type: ignore[arg-type]
    assert other.rules == ("AS-CHG-13",) and other.data["unit"] == "halb"
    halb = _tray(game, "halb")
    assert halb.facing == 0.0 and abs(halb.y - 20.0) < 1e-6 and abs(halb.x - 32.25) < 1e-6
    assert Arc.LEFT in geo.arc_of(halb, _tray(game, "sworn"))


def _skewed() -> dict[str, object]:
    """Halberdiers turned 45° whose rear corner touches the charger's right edge at
    (29.5, 20.0) once it aligns: no edge of theirs is parallel to it."""
    return unit("halb", 2, "lannister_halberdiers", 33.1416, 19.7525, 45)


def test_as_chg_13_the_owner_moves_an_unalignable_enemy_one_inch_away() -> None:
    game, _ = _charge_with(_skewed())
    node = game.pending()
    assert isinstance(node, PlayerDecision) and node.kind == "charge.other"
    assert node.player == 2 and node.rules == ("AS-CHG-13",)
    assert node.offers and any(isinstance(f, PointAnswer) for f in node.free)
    sworn = _tray(game, "sworn")
    for offer in node.offers:
        assert offer.ghost is not None and offer.ghost.pose is not None
        x, y, facing = offer.ghost.pose
        end = _tray(game, "halb").moved_to(x, y, facing)
        assert facing == 45.0 and 1.0 - 1e-6 <= end.polygon.distance(sworn.polygon) <= 1.01
        assert game.why_not(offer.action) is None
    here = _tray(game, "halb")
    near = game.why_not(Choose.of(unit="halb", x=here.x + 0.5, y=here.y))  # 0.5" away
    assert near is not None and near.rules == ("AS-CHG-13",)
    assert game.why_not(Choose.of(unit="halb", x=here.x + 2.5, y=here.y + 0.5)) is None
    assert game.why_not(Choose.of(unit="halb", x=here.x + 3.5, y=here.y)) is not None
    events = act(game, f"choose unit=halb x={here.x + 2.5} y={here.y + 0.5}")
    moved = first(events, "charge.other")
    assert moved.data["unit"] == "halb" and moved.data["facing"] == 45.0
    assert "attack.declared" in [e.kind for e in events]  # the charge goes on
    assert _tray(game, "halb").polygon.distance(sworn.polygon) >= 1.0 - 1e-6
