"""``warbench render [SCENARIO] --out FILE.png [--select UNIT --hover UNIT] [--size WxH]``.

Draws the table of a scenario (or a save) with its overlays to a PNG, without a window.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.scenario import ScenarioError
from game.scenario.paths import default_scenario, scenario_source
from game.scenario.saves import open_game
from game.ui.headless import init_headless, parse_size, render_state


def main(args: argparse.Namespace) -> int:
    """Entry point called by ``game.cli``; returns the exit code."""
    init_headless()
    import pygame

    try:
        size = parse_size(getattr(args, "size", "1280x800") or "1280x800")
    except ValueError as exc:
        print(f"--size: {exc}", file=sys.stderr)
        return 2
    try:
        game = open_game(scenario_source(args.scenario) if args.scenario else
                         default_scenario())
    except ScenarioError as exc:
        print(f"{args.scenario or 'the default scenario'}: {exc}", file=sys.stderr)
        return 2
    state = game.state
    for flag in ("select", "hover"):
        uid = getattr(args, flag, None)
        if uid and uid not in state.units:
            print(f"--{flag}: no unit {uid!r} (units: {', '.join(state.units)})", file=sys.stderr)
            return 2
    surface = render_state(state, size, args.select, args.hover, ruleset=game.ruleset)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    print(f"wrote {out} ({size[0]}x{size[1]})")
    return 0
