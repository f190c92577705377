"""Rows written straight into the games table, as the server would leave them."""

from __future__ import annotations

import itertools
import json
import sqlite3

from klondike import Game

_clock = itertools.count(1)


def stamp(minute: int) -> str:
    """An ISO 8601 UTC time stamp ``minute`` minutes after a fixed start."""
    hours, minutes = divmod(minute, 60)
    return f"2026-11-{1 + hours // 24:02}T{hours % 24:02}:{minutes:02}:00.000Z"


def add_game(
    conn: sqlite3.Connection,
    status: str,
    *,
    draw: int = 1,
    scoring: str | None = None,
    score: int | None = None,
    moves: int = 100,
    undos: int = 0,
    elapsed_ms: int = 300_000,
    ended: int | None = None,
    counted: int = 1,
    version: int | None = None,
    deal: int = 7,
    rules: str = "app",
    hints: int = 0,
    fair_hints: int = 0,
    peeked_hints: int = 0,
    daily: str | None = None,
) -> int:
    """Insert one game row as the server would leave it; returns its id.

    Rows sort by minute ``ended`` (by default one minute after the previous game): the game
    starts then and, unless still being played, ends five minutes later. The score is by
    default the one the game starts with; the scoring by default the version's first.
    ``daily`` is the day (ISO date) of a daily deal; ``hints`` is the total of the hints,
    ``fair_hints`` and ``peeked_hints`` their counts by kind.
    """
    game = Game.new(draw, scoring, deal=deal, rules=rules)
    minute = next(_clock) if ended is None else ended
    if score is None:
        score = game.score
    cursor = conn.execute(
        """
        INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,
                           started_at, ended_at, version, snapshot, counted, hints,
                           fair_hints, peeked_hints, daily)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        (
            game.code,
            game.rules.key,
            draw,
            game.scoring,
            status,
            score,
            moves,
            undos,
            elapsed_ms,
            stamp(minute),
            None if status == "playing" else stamp(minute + 5),
            moves + undos if version is None else version,
            json.dumps(game.snapshot()),
            counted,
            hints,
            fair_hints,
            peeked_hints,
            daily,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid
