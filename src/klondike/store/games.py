"""The rows of the games table, one per game, written after every accepted action: a game
inserted, saved over the version read, abandoned, its clock saved, read back (`GameRow`,
checked column by column by `row_problem`), the game in progress, a hint counted.

Each function takes a connection and runs its statements on it; the caller holds the lock
and the transaction (`klondike.store.database.Database.write`).

>>> from klondike.store.database import open_database
>>> conn = open_database(":memory:")
>>> game_id = insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"))
>>> newest_open_id(conn) == game_id, load_game(conn, game_id).status
(True, 'playing')
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, date, datetime

from klondike import Game


@dataclass(frozen=True, slots=True)
class GameRow:
    """One row of the games table, its snapshot still as JSON text."""

    id: int
    code: str
    draw: int
    scoring: str
    status: str
    score: int
    moves: int
    undos: int
    elapsed_ms: int
    started_at: str
    ended_at: str | None
    version: int
    snapshot: str
    counted: int
    rules: str
    hints: int
    daily: str | None
    line: str = ""
    start: str | None = None
    tier: str | None = None
    practice: int = 0


VERSION_LIMIT = 2**40
"""Versions a game row may have: far more actions than any game is played, and far below
the largest number a browser holds exactly (2**53 - 1), so that every next version is one."""

_STATUSES = ("playing", "won", "abandoned")


def row_problem(row: GameRow) -> str | None:
    """What is wrong with a games row (one of an edited or damaged file), or None: every
    column is read by its type and range before the game is restored."""
    figures = {"version": row.version, "elapsed_ms": row.elapsed_ms, "hints": row.hints}
    for name, value in figures.items():
        if type(value) is not int or not 0 <= value < VERSION_LIMIT:
            shown = str(value)[:40]
            return f"its {name} {shown!r} is not a whole number from 0 to {VERSION_LIMIT - 1}"
    if row.status not in _STATUSES:
        return f"its status {str(row.status)[:40]!r} is none of {', '.join(_STATUSES)}"
    if type(row.snapshot) is not str:
        return "its snapshot is not text"
    if type(row.line) is not str:
        return "its moves are not text"
    if row.start is not None and type(row.start) is not str:
        return "its start is not text"
    if row.daily is not None:
        try:
            date.fromisoformat(row.daily)
        except (TypeError, ValueError):
            return f"its daily deal's day {str(row.daily)[:40]!r} is not a date"
    return None


ROW_COLUMNS = (
    "id, code, draw, scoring, status, score, moves, undos, elapsed_ms, started_at, ended_at, "
    "version, snapshot, counted, rules, hints, daily, line, start, tier, practice"
)
"""The columns of a games row in `GameRow`'s order: what `load_game` reads."""


def utc_now() -> str:
    """The time now as the table stores it: ISO 8601 UTC with milliseconds.

    >>> len(utc_now()), utc_now().endswith("Z")
    (24, True)
    """
    now = datetime.now(UTC)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def snapshot_text(game: Game) -> str:
    """The snapshot column of a game: ``json.dumps(game.snapshot())``, compact."""
    return json.dumps(game.snapshot(), separators=(",", ":"))


def insert_game(
    conn: sqlite3.Connection,
    game: Game,
    *,
    status: str = "playing",
    version: int = 0,
    elapsed_ms: int = 0,
    started_at: str | None = None,
    ended_at: str | None = None,
    daily: str | None = None,
    tier: str | None = None,
    practice: bool = False,
) -> int:
    """Add a game (by default a new open one) and return its id; ``tier`` is the deal's
    difficulty when it was rated; a ``practice`` game is marked so and not counted in the
    statistics. A game with no move yet is
    kept with its position as the one it started from (a review replays its moves from
    there); one with moves started from its code's deal.

    Also the way to set up a position for a test: insert ``Game.from_snapshot(...)`` into
    a database before starting the server, which then continues it as the game in progress.
    """
    cursor = conn.execute(
        "INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, ended_at, version, snapshot, daily, start, tier, practice, counted)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.code,
            game.rules.key,
            game.draw,
            game.scoring,
            status,
            game.score,
            game.moves,
            game.undos,
            elapsed_ms,
            started_at or utc_now(),
            ended_at,
            version,
            snapshot_text(game),
            daily,
            snapshot_text(game) if game.moves == 0 else None,
            tier,
            int(practice),
            int(not practice),
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def save_game(
    conn: sqlite3.Connection,
    game_id: int,
    game: Game,
    *,
    version: int,
    elapsed_ms: int,
    status: str = "playing",
    ended_at: str | None = None,
    expected_version: int | None = None,
    line: str | None = None,
) -> bool:
    """Write a game's position after an action: snapshot, score, counters, clock, status,
    and with ``line`` the moves that stand (move texts, spaced).

    With ``expected_version``, the row is written only if it is still that version of an
    open game (another process on the same file may have played or abandoned it since it
    was read). True if the row was written.
    """
    sql = (
        "UPDATE games SET status = ?, score = ?, moves = ?, undos = ?, elapsed_ms = ?,"
        " ended_at = ?, version = ?, snapshot = ?, line = COALESCE(?, line) WHERE id = ?"
    )
    params: list[object] = [
        status,
        game.score,
        game.moves,
        game.undos,
        elapsed_ms,
        ended_at,
        version,
        snapshot_text(game),
        line,
        game_id,
    ]
    if expected_version is not None:
        sql += " AND version = ? AND status = 'playing'"
        params.append(expected_version)
    return conn.execute(sql, params).rowcount == 1


def abandon_game(
    conn: sqlite3.Connection, game_id: int, *, version: int, elapsed_ms: int, ended_at: str
) -> bool:
    """Mark an open game abandoned; one in which no action was accepted is not counted, nor
    a practice game.
    True if it was open (and is now abandoned); False if it was no longer open (another
    process on the same file left it, or it was won) and nothing was written.

    ``version`` is the game's version as the caller knows it; the row's own version counts
    too (another process on the same file may have played it since).
    """
    cursor = conn.execute(
        "UPDATE games SET status = 'abandoned', ended_at = ?, elapsed_ms = ?,"
        " counted = (MAX(version, ?) > 0 AND practice = 0) WHERE id = ? AND status = 'playing'",
        (ended_at, elapsed_ms, version, game_id),
    )
    return cursor.rowcount == 1


def save_clock(conn: sqlite3.Connection, game_id: int, *, version: int, elapsed_ms: int) -> bool:
    """Write the running clock of an open game that is still at ``version`` (when the server
    stops); a game another process changed since is left alone. True if the row was written.
    """
    cursor = conn.execute(
        "UPDATE games SET elapsed_ms = ? WHERE id = ? AND version = ? AND status = 'playing'",
        (elapsed_ms, game_id, version),
    )
    return cursor.rowcount == 1


def load_game(conn: sqlite3.Connection, game_id: int) -> GameRow | None:
    """The row of a game, or None if there is no such game."""
    row = conn.execute(f"SELECT {ROW_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else GameRow(*row)


def stored_version(conn: sqlite3.Connection, game_id: int) -> int | None:
    """The version a game's row holds, or None if there is no such game."""
    row = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else int(row[0])


def newest_open_id(conn: sqlite3.Connection) -> int | None:
    """The id of the game in progress (the newest open game), or None."""
    row = conn.execute("SELECT MAX(id) FROM games WHERE status = 'playing'").fetchone()
    return None if row is None or row[0] is None else int(row[0])


def started_codes(conn: sqlite3.Connection, codes: list[str]) -> set[str]:
    """Which of the game codes ``codes`` a game on this machine was started from."""
    found: set[str] = set()
    for first in range(0, len(codes), 500):  # within SQLite's limit of parameters
        part = codes[first : first + 500]
        marks = ", ".join("?" * len(part))
        rows = conn.execute(f"SELECT DISTINCT code FROM games WHERE code IN ({marks})", part)
        found.update(str(code) for (code,) in rows)
    return found


def count_hint(conn: sqlite3.Connection, game_id: int, *, peeked: bool = False) -> bool:
    """Count one hint given in an open game: in its total and in its kind's count, fair (from
    what the player can see) or ``peeked`` (it looked at the face-down cards). True if the
    game was open."""
    kind = "peeked_hints" if peeked else "fair_hints"
    cursor = conn.execute(
        f"UPDATE games SET hints = hints + 1, {kind} = {kind} + 1"
        " WHERE id = ? AND status = 'playing'",
        (game_id,),
    )
    return cursor.rowcount == 1
