"""Fixtures for the server's tests: an app over a fresh database, and its test client."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from klondike import Game
from klondike.cards import CARD_NAMES, pretty
from klondike.web.api import create_app

HOST = "testserver"
"""The Host the test client sends; the apps under test allow it."""


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A database file that does not exist yet."""
    return tmp_path / "klondike.db"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    """A test client of an app over ``db_path``."""
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as test_client:
        yield test_client


def act(client: TestClient, view: dict[str, Any], action: str, **fields: object) -> Any:
    """POST one action on the game of ``view`` at its version; the response."""
    body = {"version": view["version"], "action": action, **fields}
    return client.post(f"/api/games/{view['id']}/actions", json=body)


def near_won_snapshot(draw: int = 1, scoring: str = "normal") -> dict[str, Any]:
    """A position one move from the win: K♠ alone on column 1, everything else home."""
    code = Game.from_code(f"KL1-D{draw}{scoring[0].upper()}-AAAAAAG").code
    names = CARD_NAMES
    foundations = [[names[s * 13 + r] for r in range(12 if s == 0 else 13)] for s in range(4)]
    tableau = [{"down": [], "up": ["KS"] if i == 0 else []} for i in range(7)]
    return {
        "code": code,
        "stock": [],
        "waste": [],
        "foundations": foundations,
        "tableau": tableau,
        "score": 500 if scoring == "normal" else 200,
    }


def hidden_cards(game: Game) -> set[str]:
    """The names of the cards a view must never show: face-down ones and the stock."""
    cards = set(game.stock)
    for column in game.down:
        cards.update(column)
    return {CARD_NAMES[c] for c in cards}


def leaked(body: Any, hidden: set[str]) -> list[str]:
    """Every string of a JSON body (keys too, the game code aside) naming a hidden card,
    by its name (``'TH'``) or as messages write it (``'10♥'``)."""
    symbols = {pretty(CARD_NAMES.index(name)) for name in hidden}
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v, k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif (
            isinstance(value, str)
            and key != "code"
            and (value.upper() in hidden or any(symbol in value for symbol in symbols))
        ):
            found.append(value)

    walk(body)
    return found


# --------------------------------------------------------------------------- a real server


ADDRESS = re.compile(r"http://([\w.\[\]:]+):(\d+)/")


def free_port() -> int:
    """A port that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``python -m klondike`` started in a subprocess, and its address once it answers."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "klondike", "--no-browser", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.first_line = self.proc.stdout.readline()
        found = ADDRESS.search(self.first_line)
        if found is None:
            self.proc.kill()
            _, err = self.proc.communicate()
            raise AssertionError(f"no address printed: {self.first_line!r} {err!r}")
        self.port = int(found.group(2))
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=10)  # keeps its connection
        deadline = time.monotonic() + 15
        while True:
            try:
                httpx.get(self.url + "/api/game", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise
                time.sleep(0.02)

    def stop(self, sig: int = signal.SIGINT) -> tuple[int, str, str]:
        """Send ``sig``; the exit status and what it printed."""
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=15)
        return self.proc.returncode, self.first_line + out, err
