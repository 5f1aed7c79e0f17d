"""Sealed dice for play by file: commit-reveal secrets of both players seed every roll, and each
rules roll is drawn by its identity in the game, never by a shared counter.

**Secrets.** Each player's secrets form a hash chain fixed when they enter the game: from a
random top secret ``t``, the secret of their ``k``-th file is ``chain(k) = link(commitment(
chain(k + 1)))`` down to ``k = 0``. A file reveals its own chain secret (``reveal``) and commits
to the one its sender will reveal two files later (``commit = commitment(chain(k + 1))``).
So the receiver checks both on receipt: ``reveal`` must be ``link(commit)`` (a changed commit
line is caught in the very file that carries it, issue 28.3), and ``commitment(reveal)`` must
be the commit of the sender's file before (a changed or chosen reveal). The dice of file ``g``
come from the secret revealed in ``g`` and the one revealed in ``g-1``, the latter being the
other player's: each was fixed before its owner saw the other's.

**Rolls.** A rules roll (a chance node) is drawn from the file's seed and the roll's identity
(:func:`roll_identity`: the round, the active player and unit, the procedures running, who
rolls, the roll's purpose with its numbers taken out, and the die size) and, when the very same
identity comes up again in the file, its occurrence; each die of the roll has its own draw, so a
roll of more or fewer dice shares its first dice. Free rolls (``roll 1d6``) draw from their own
stream (their ordinal among the file's free rolls). So no free roll and no choice that leaves a
roll's identity alone can change which dice that roll gets (issue 28.1; the argument is in
docs/play-by-file.md).

What this cannot prevent (docs/play-by-file.md): the sender knows both secrets while playing, so
they can work out the outcome of each roll they might cause before choosing what to do. The
``strict`` mode closes that gap: a roll made after the sender has acted in a file is resolved
only by the other player's next file (one exchange per roll). The ``honour`` mode takes typed
real dice and can check only that they are faces of the dice.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections import Counter

from game.core.actions import DiceSpec
from game.core.pending import Chance
from game.core.state import GameState

SECRET_HEX_DIGITS = 32
CHAIN_LENGTH = 2_048
"""Files one player can send in one game (their secrets' hash chain is this long); a game of
2,000 actions needs fewer (docs/limits.md)."""

_NUMBERS = re.compile(r"\d+")


def new_secret() -> str:
    """A fresh random secret (128 bits, lowercase hex): the top of a player's chain."""
    return secrets.token_hex(SECRET_HEX_DIGITS // 2)


def commitment(game_id: str, side: int, secret: str) -> str:
    """The public commitment to ``secret``: SHA-256 bound to the game and the side."""
    text = f"warbench-pbf-commit\n{game_id}\n{side}\n{secret}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def link(commit: str) -> str:
    """The secret a file reveals beside ``commit``: the chain's step down from it."""
    digest = hashlib.sha256(f"warbench-pbf-chain\n{commit}".encode()).hexdigest()
    return digest[:SECRET_HEX_DIGITS]


def chain_secret(game_id: str, side: int, top: str, index: int) -> str:
    """The secret of a player's ``index``-th file (0-based) from their chain's top."""
    if not 0 <= index < CHAIN_LENGTH:
        raise ValueError(f"a player sends at most {CHAIN_LENGTH} files in one game")
    secret = top
    for _ in range(CHAIN_LENGTH - 1 - index):
        secret = link(commitment(game_id, side, secret))
    return secret


def sealed_seed(game_id: str, sequence: int, sender_secret: str, other_secret: str) -> int:
    """The dice seed of file ``sequence``: both revealed secrets, the game and the file."""
    text = f"warbench-pbf-dice\n{game_id}\n{sequence}\n{sender_secret}\n{other_secret}"
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:32], 16)


def roll_identity(state: GameState, node: Chance) -> str:
    """What a rules roll is, independent of anything rolled or chosen elsewhere: the round,
    the active player and unit, the running procedures, who rolls, the purpose without its
    numbers (a target number that a move changes does not make it another roll) and the die."""
    procedures = ",".join(type(proc).__name__ for proc in state.procedures)
    purpose = _NUMBERS.sub("#", node.purpose)
    turn = state.turn
    return (f"{turn.round}|{turn.active}|{turn.current_unit or '-'}|{procedures}|"
            f"{node.player}|{purpose}|d{node.dice.sides}")


def _dice(seed: int, stream: str, spec: DiceSpec) -> tuple[int, ...]:
    """``spec``'s dice from ``seed`` and a stream name: each die drawn on its own (SHA-256,
    rejection sampling, so every face is equally likely)."""
    faces = []
    for index in range(spec.count):
        counter = 0
        while True:
            text = f"warbench-pbf-die\n{seed}\n{stream}\n{index}\n{counter}"
            value = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")
            limit = (1 << 64) - (1 << 64) % spec.sides
            if value < limit:
                faces.append(value % spec.sides + 1)
                break
            counter += 1
    return tuple(faces)


class SealedDice:
    """The sealed dice of one file: rules rolls by identity, free rolls by their own count.

    The writer and the receiver each keep one per file and ask it in the same order, so both
    get the same dice; playing the file again from its start gives the same dice again.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._seen: Counter[str] = Counter()
        self._free = 0

    def rules_roll(self, state: GameState, node: Chance) -> tuple[int, ...]:
        """The dice of chance node ``node`` in ``state`` (counts the identity as used)."""
        identity = roll_identity(state, node)
        self._seen[identity] += 1
        return _dice(self.seed, f"rules\n{identity}\n{self._seen[identity]}", node.dice)

    def peek_rules_roll(self, state: GameState, node: Chance) -> tuple[int, ...]:
        """The dice :meth:`rules_roll` would give now, without counting them as used."""
        identity = roll_identity(state, node)
        return _dice(self.seed, f"rules\n{identity}\n{self._seen[identity] + 1}", node.dice)

    def free_roll(self, spec: DiceSpec) -> tuple[int, ...]:
        """The next free roll of the file (its own stream: never a rules roll's dice)."""
        self._free += 1
        return _dice(self.seed, f"free\n{self._free}", spec)
