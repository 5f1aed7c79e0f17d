"""``python -m tests.pbf.seeded_cli SEED ARGS...`` runs ``warbench ARGS...`` with its secrets
(game ids, dice secrets) drawn from ``SEED`` instead of the system's randomness.

The sealed dice of a game come from both players' secrets, so with real secrets every run of a
whole game played by subprocesses rolls other dice and meets other questions (an earlier
version of the CLI game test was flaky for that reason). The tests give each invocation its own
seed, so a game is the same on every run while the two players' secrets still differ.
"""

from __future__ import annotations

import random
import secrets
import sys
from collections.abc import Callable, Sequence


def seeded_token_hex(source: random.Random) -> Callable[[int | None], str]:
    """A stand-in for :func:`secrets.token_hex` that draws from ``source``."""

    def token_hex(nbytes: int | None = None) -> str:
        return "".join(f"{source.randrange(256):02x}" for _ in range(nbytes or 32))

    return token_hex


def seeded_main(argv: Sequence[str]) -> int:
    """``warbench argv[1:]`` with secrets seeded by ``argv[0]``."""
    from game.cli import main  # here: the test process's conftest imports this module

    seed, *args = argv
    secrets.token_hex = seeded_token_hex(random.Random(seed))  # type: ignore[assignment]
    return main(args)


if __name__ == "__main__":
    sys.exit(seeded_main(sys.argv[1:]))
