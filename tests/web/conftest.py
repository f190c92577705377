"""Fixtures for the server's tests: an app over a fresh database, and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.api import HOST, TestClient
from klondike.web.api import create_app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database file that does not exist yet."""
    return tmp_path / "klondike.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    """A test client of an app over ``db_path``."""
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as test_client:
        yield test_client
