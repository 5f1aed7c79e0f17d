"""Sealed dice for play by file: commit-reveal secrets of both players seed every roll.

Each turn file commits to a fresh secret of its sender (``commit``: a hash of it) and reveals
the secret the same sender committed to two files earlier (``reveal``). The dice of file ``g``
come from the secret revealed in ``g`` and the one revealed in ``g-1``, the latter being the
other player's. Neither player could choose their secret knowing the other's, so neither can
steer the dice; both secrets are fixed before the turn is played, so reloading and playing
again gives the very same rolls; the receiver re-derives every roll and refuses a file whose
dice differ.

Rolls use the game's own counter-based dice (``Game._draw``: the ``n``-th roll of seed ``s``
is ``random.Random(f"{s}:{n}")``) with the sealed seed in place of the scenario's seed and the
state's ``dice_drawn`` counter as ``n``; the roll is applied as a ``dice`` action, so saves,
replays and the state hash work unchanged and the core needs no hook.

What this cannot prevent (docs/play-by-file.md): the sender knows both secrets while playing, so
they can work out their own coming rolls offline before choosing what to do with them. The
``strict`` mode closes that gap: a roll made after the sender has acted in a file is resolved
only by the other player's next file (one exchange per roll). The ``honour`` mode takes typed
real dice and can check only that they are faces of the dice.
"""

from __future__ import annotations

import hashlib
import random
import secrets

from game.core.actions import DiceSpec

SECRET_HEX_DIGITS = 32


def new_secret() -> str:
    """A fresh random secret (128 bits, lowercase hex)."""
    return secrets.token_hex(SECRET_HEX_DIGITS // 2)


def commitment(game_id: str, side: int, secret: str) -> str:
    """The public commitment to ``secret``: SHA-256 bound to the game and the side."""
    text = f"warbench-pbf-commit\n{game_id}\n{side}\n{secret}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sealed_seed(game_id: str, sequence: int, sender_secret: str, other_secret: str) -> int:
    """The dice seed of file ``sequence``: both revealed secrets, the game and the file."""
    text = f"warbench-pbf-dice\n{game_id}\n{sequence}\n{sender_secret}\n{other_secret}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:32], 16)


def sealed_roll(seed: int, drawn: int, spec: DiceSpec) -> tuple[int, ...]:
    """The ``drawn``-th roll of ``spec`` from ``seed`` (the core's counter-based formula)."""
    rng = random.Random(f"{seed}:{drawn}")
    return tuple(rng.randint(1, spec.sides) for _ in range(spec.count))
