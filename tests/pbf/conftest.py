"""Play-by-file tests in this process draw their game ids and secrets from a seeded source,
so that the sealed dice (and so the games) are the same on every run. The CLI tests run
subprocesses with real secrets."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def seeded_secrets() -> Iterator[None]:
    source = random.Random(20261123)

    def token_hex(nbytes: int | None = None) -> str:
        return "".join(f"{source.randrange(256):02x}" for _ in range(nbytes or 32))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secrets, "token_hex", token_hex)
        yield
