"""Play-by-file tests in this process draw their game ids and secrets from a seeded source,
so that the sealed dice (and so the games) are the same on every run. The CLI tests seed
their subprocesses' secrets the same way (tests/pbf/seeded_cli.py)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator

import pytest

from tests.pbf.seeded_cli import seeded_token_hex


@pytest.fixture(scope="session", autouse=True)
def seeded_secrets() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(secrets, "token_hex", seeded_token_hex(random.Random(20261123)))
        yield
