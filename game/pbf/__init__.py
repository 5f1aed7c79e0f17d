"""Play by file: a game played by exchanging turn files (e-mail), checked end to end.

See docs/play-by-file.md. The layers: :mod:`turnfile` (the text format), :mod:`dice` (sealed
dice from both players' secrets), :mod:`chain` (replay and checks), :mod:`store` (a player's
own copy of a game), :mod:`writer` (playing one's turn), :mod:`session` (new, receive, accept,
verify), :mod:`stepper` (the preview's step controls) and :mod:`cli` (``warbench pbf``).
"""

from game.pbf.chain import Replay
from game.pbf.session import Received, accept, new_game, receive, start_turn, verify_files
from game.pbf.stepper import TurnEvent, TurnStepper
from game.pbf.store import GameStore, default_home
from game.pbf.turnfile import ActionRecord, PbfError, TurnFile, digest, parse_turn, render
from game.pbf.writer import TurnWriter

__all__ = [
    "ActionRecord",
    "GameStore",
    "PbfError",
    "Received",
    "Replay",
    "TurnEvent",
    "TurnFile",
    "TurnStepper",
    "TurnWriter",
    "accept",
    "default_home",
    "digest",
    "new_game",
    "parse_turn",
    "receive",
    "render",
    "start_turn",
    "verify_files",
]
