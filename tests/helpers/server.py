"""The real server: ``python -m klondike`` in a subprocess, on a port that was free."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx

from helpers import with_tests_on_path
from helpers.clock import DrivenClock
from helpers.forks import Forked, zygote
from klondike import Game
from klondike.store import database as store

ADDRESS = re.compile(r"http://([\w.\[\]:]+):(\d+)/")
"""The address the server prints on its first line."""

TLS = httpx.create_ssl_context()
"""httpx's default TLS settings, made once for every client of the tests' servers: a client
made without them reads the system's certificates again (tens of ms of a core, for each
of hundreds of servers), though these servers speak plain HTTP."""


def free_port() -> int:
    """A port that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def insert_position(db: Path, position: dict[str, Any], daily: str | None = None) -> None:
    """Write ``position`` into the database ``db`` as the game in progress (the daily deal of
    the day ``daily``, if given)."""
    conn = store.open_database(db)
    try:
        store.insert_game(conn, Game.from_snapshot(position), daily=daily)
        conn.commit()
    finally:
        conn.close()


class Server:
    """``python -m klondike --no-browser`` over the database ``db``, once it answers.

    It listens on ``port`` (a free one by default; if that is taken, on the next free one,
    as the server does), with ``args`` as further command-line options. ``position``, if
    given, is written into the database first and becomes the game in progress (the daily
    deal of the day ``daily``, if given). ``env`` adds to the environment the server runs in.
    With a ``clock``, the games' clocks run on it: time passes when the test advances it
    (``python -m helpers.clock``). With ``static``, the page's files are the ones in that
    folder (``python -m helpers.pages``). With ``slowed``, every deal is rated by
    `helpers.ratings` (its settings in ``env``: ``python -m helpers.ratings``). With none
    of these and no ``env``, it is forked from a process that has imported the server
    already (`helpers.forks`), the same as ``python -m klondike`` but half a second sooner.
    """

    def __init__(
        self,
        db: Path,
        *args: str,
        port: int | None = None,
        position: dict[str, Any] | None = None,
        env: Mapping[str, str] | None = None,
        daily: str | None = None,
        clock: DrivenClock | None = None,
        static: Path | None = None,
        slowed: bool = False,
    ) -> None:
        if position is not None:
            insert_position(db, position, daily)
        self.db = db
        port = free_port() if port is None else port
        options = ["--no-browser", "--port", str(port), "--db", str(db), *args]
        command = [sys.executable, "-m", "klondike", *options]
        environment = {**os.environ, **(env or {})}
        helper: list[str] = []
        if clock is not None:
            helper = ["helpers.clock", str(clock.path)]
        elif static is not None:
            helper = ["helpers.pages", str(static)]
        elif slowed:
            helper = ["helpers.ratings"]
        if helper:
            command = [sys.executable, "-m", *helper, *options]
            environment = with_tests_on_path(environment)
        forking = zygote() if not helper and env is None else None
        self.proc: subprocess.Popen[str] | Forked
        if forking is not None and forking.serves(environment):
            self.proc = forking.start(options, environment)
        else:
            self.proc = subprocess.Popen(
                command,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=environment,
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
        self.http = httpx.Client(base_url=self.url, timeout=10, verify=TLS)  # keeps its connection
        deadline = time.monotonic() + 15
        while True:
            try:
                self.http.get("/", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.kill()
                    raise
                time.sleep(0.02)

    def get(self, path: str) -> Any:
        """The JSON answer to ``GET path``."""
        return self.http.get(path).json()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """The JSON answer to ``POST path`` with ``body``, a refusal's too."""
        return self.http.post(path, json=body).json()

    def game(self, game_id: int | None = None) -> dict[str, Any]:
        """The view of a game (by default the game in progress), as the API gives it."""
        path = "/api/game" if game_id is None else f"/api/games/{game_id}"
        return self.get(path)  # type: ignore[no-any-return]

    def hidden(self, game_id: int) -> set[str]:
        """The names of the face-down and stock cards of a game (from the database)."""
        with sqlite3.connect(self.db) as conn:
            row = conn.execute("SELECT snapshot FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return set()
        snap = json.loads(row[0])
        return set(snap["stock"]) | {c for col in snap["tableau"] for c in col["down"]}

    def stop(self, sig: int = signal.SIGINT) -> tuple[int, str, str]:
        """Send ``sig``; the exit status and what it printed."""
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=15)
        self.http.close()
        return self.proc.returncode, self.first_line + out, err

    def kill(self) -> None:
        """Kill the server if it still runs (as a crash would) and close its pipes. What it
        had yet to print is not read: its solver workers hold the pipes too until they see
        it gone, and reading to their end would wait on them."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe is not None:
                pipe.close()
        self.http.close()
