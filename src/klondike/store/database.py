"""The SQLite file: where it lives, its schema, migrations, the refusal of newer files,
`atomic` (the one place a write transaction begins, commits or rolls back), and the rows
of the games table, one per game, written after every accepted action.

One file (``platformdirs.user_data_dir("klondike") / "klondike.db"`` unless a path is given),
in WAL mode with ``synchronous=FULL`` so that a committed transaction survives a SIGKILL.
The schema version is ``PRAGMA user_version``; a database newer than this code is refused
and never written.

>>> conn = open_database(":memory:")
>>> conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
True
>>> sorted(row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'"))
['daily_deals', 'games', 'proved_deals']
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from klondike import Game

SCHEMA_VERSION = 2
"""The schema version this code writes (``PRAGMA user_version``)."""


class DatabaseError(RuntimeError):
    """A database that cannot be opened or used: the message says which file and why."""


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    """Version 1: the games table."""
    conn.execute(
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            code        TEXT    NOT NULL,
            draw        INTEGER NOT NULL,
            scoring     TEXT    NOT NULL,
            status      TEXT    NOT NULL,
            score       INTEGER NOT NULL,
            moves       INTEGER NOT NULL,
            undos       INTEGER NOT NULL,
            elapsed_ms  INTEGER NOT NULL,
            started_at  TEXT    NOT NULL,
            ended_at    TEXT,
            version     INTEGER NOT NULL,
            snapshot    TEXT    NOT NULL,
            counted     INTEGER NOT NULL DEFAULT 1
        )
        """
    )
    conn.execute("CREATE INDEX games_status ON games(status)")


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Version 2: the hints taken in a game, the day of a daily deal, the proved deals kept
    ready for "winnable deals only", and the daily deal of each day and mode."""
    conn.execute("ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    conn.execute(
        """
        CREATE TABLE proved_deals (
            draw     INTEGER NOT NULL,
            scoring  TEXT    NOT NULL,
            deal     INTEGER NOT NULL,
            states   INTEGER NOT NULL,
            seconds  REAL    NOT NULL,
            PRIMARY KEY (draw, scoring, deal)
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE daily_deals (
            day      TEXT    NOT NULL,
            draw     INTEGER NOT NULL,
            scoring  TEXT    NOT NULL,
            deal     INTEGER NOT NULL,
            PRIMARY KEY (day, draw, scoring)
        )
        """
    )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_to_1, 2: _migrate_to_2}
"""``MIGRATIONS[v]`` takes a database from version ``v - 1`` to version ``v``."""


def default_db_path() -> Path:
    """The database file in the user's data directory."""
    return Path(platformdirs.user_data_dir("klondike")) / "klondike.db"


def _user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new file)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def open_database(path: str | Path | None = None) -> sqlite3.Connection:
    """Open (and create or migrate) the database; ``None`` means the default path.

    Raises `DatabaseError` with a clear message for a file that is not a klondike database,
    cannot be created, or was written by a newer version (which is left untouched).
    The connection is in autocommit mode (``isolation_level=None``): a write of several
    statements runs in `atomic`; a single statement commits by itself.
    """
    target = default_db_path() if path is None else path
    where = str(target)
    if where != ":memory:":
        try:
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise DatabaseError(
                f"cannot create the directory for the database {where}: {err}"
            ) from err
    try:
        conn = sqlite3.connect(where, isolation_level=None, check_same_thread=False, timeout=10)
    except sqlite3.Error as err:
        raise DatabaseError(f"cannot open the database {where}: {err}") from err
    try:
        _prepare(conn, where)
    except BaseException:
        conn.close()
        raise
    return conn


def _prepare(conn: sqlite3.Connection, where: str) -> None:
    """Check the version (before writing anything), then set the pragmas and migrate."""
    try:
        version = _user_version(conn)
    except sqlite3.DatabaseError as err:
        raise DatabaseError(f"{where} is not a klondike database: {err}") from err
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"the database {where} was written by a newer version of klondike "
            f"(schema {version}; this version knows up to {SCHEMA_VERSION}): "
            "update klondike, or choose another file with --db"
        )
    try:
        conn.execute("PRAGMA busy_timeout = 10000")
        if where != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        while version < SCHEMA_VERSION:
            with atomic(conn):
                if _user_version(conn) == version:  # else another process migrated it
                    MIGRATIONS[version + 1](conn)
                    conn.execute(f"PRAGMA user_version = {version + 1}")
            version = _user_version(conn)
            if version > SCHEMA_VERSION:
                raise DatabaseError(f"the database {where} was upgraded by a newer klondike")
    except sqlite3.Error as err:
        raise DatabaseError(f"cannot use the database {where}: {err}") from err


@contextmanager
def atomic(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction: ``BEGIN IMMEDIATE``, then ``COMMIT``, or ``ROLLBACK`` if the block
    (or the commit) raises. The one place the store begins and ends transactions.

    >>> conn = open_database(":memory:")
    >>> with atomic(conn):
    ...     _ = conn.execute("UPDATE games SET score = 0")
    >>> conn.in_transaction
    False
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


# --------------------------------------------------------------------------- game rows


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
    hints: int
    daily: str | None


_ROW_COLUMNS = (
    "id, code, draw, scoring, status, score, moves, undos, elapsed_ms, started_at, ended_at, "
    "version, snapshot, counted, hints, daily"
)


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
) -> int:
    """Add a game (by default a new open one) and return its id.

    Also the way to set up a position for a test: insert ``Game.from_snapshot(...)`` into
    a database before starting the server, which then continues it as the game in progress.
    """
    cursor = conn.execute(
        "INSERT INTO games (code, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, ended_at, version, snapshot, daily)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.code,
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
) -> bool:
    """Write a game's position after an action: snapshot, score, counters, clock, status.

    With ``expected_version``, the row is written only if it is still that version of an
    open game (another process on the same file may have played or abandoned it since it
    was read). True if the row was written.
    """
    sql = (
        "UPDATE games SET status = ?, score = ?, moves = ?, undos = ?, elapsed_ms = ?,"
        " ended_at = ?, version = ?, snapshot = ? WHERE id = ?"
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
        game_id,
    ]
    if expected_version is not None:
        sql += " AND version = ? AND status = 'playing'"
        params.append(expected_version)
    return conn.execute(sql, params).rowcount == 1


def abandon_game(
    conn: sqlite3.Connection, game_id: int, *, version: int, elapsed_ms: int, ended_at: str
) -> None:
    """Mark an open game abandoned; one in which no action was accepted is not counted.

    ``version`` is the game's version as the caller knows it; the row's own version counts
    too (another process on the same file may have played it since).
    """
    conn.execute(
        "UPDATE games SET status = 'abandoned', ended_at = ?, elapsed_ms = ?,"
        " counted = (MAX(version, ?) > 0) WHERE id = ? AND status = 'playing'",
        (ended_at, elapsed_ms, version, game_id),
    )


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
    row = conn.execute(f"SELECT {_ROW_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else GameRow(*row)


def newest_open_id(conn: sqlite3.Connection) -> int | None:
    """The id of the game in progress (the newest open game), or None."""
    row = conn.execute("SELECT MAX(id) FROM games WHERE status = 'playing'").fetchone()
    return None if row is None or row[0] is None else int(row[0])


def count_hint(conn: sqlite3.Connection, game_id: int) -> bool:
    """Count one hint given in an open game. True if the game was open."""
    cursor = conn.execute(
        "UPDATE games SET hints = hints + 1 WHERE id = ? AND status = 'playing'", (game_id,)
    )
    return cursor.rowcount == 1


# --------------------------------------------------------------------------- proved deals


def add_proved_deal(
    conn: sqlite3.Connection, draw: int, scoring: str, deal: int, *, states: int, seconds: float
) -> None:
    """Keep a deal the solver proved winnable, ready for "winnable deals only"."""
    conn.execute(
        "INSERT OR IGNORE INTO proved_deals (draw, scoring, deal, states, seconds)"
        " VALUES (?, ?, ?, ?, ?)",
        (draw, scoring, deal, states, seconds),
    )


def proved_deal_counts(conn: sqlite3.Connection) -> dict[tuple[int, str], int]:
    """How many proved deals are ready per (draw, scoring)."""
    rows = conn.execute("SELECT draw, scoring, COUNT(*) FROM proved_deals GROUP BY draw, scoring")
    return {(int(draw), str(scoring)): int(count) for draw, scoring, count in rows}


def take_proved_deal(
    conn: sqlite3.Connection, draw: int, scoring: str
) -> tuple[int, int, float] | None:
    """Take (and remove) the oldest proved deal of a mode: ``(deal, states, seconds)``."""
    with atomic(conn):
        row = conn.execute(
            "SELECT rowid, deal, states, seconds FROM proved_deals WHERE draw = ? AND scoring = ?"
            " ORDER BY rowid LIMIT 1",
            (draw, scoring),
        ).fetchone()
        if row is None:
            return None
        conn.execute("DELETE FROM proved_deals WHERE rowid = ?", (row[0],))
    return int(row[1]), int(row[2]), float(row[3])


def daily_deal_of(conn: sqlite3.Connection, day: str, draw: int, scoring: str) -> int | None:
    """The daily deal found before for ``day`` (ISO date) and a mode, or None."""
    row = conn.execute(
        "SELECT deal FROM daily_deals WHERE day = ? AND draw = ? AND scoring = ?",
        (day, draw, scoring),
    ).fetchone()
    return None if row is None else int(row[0])


def keep_daily_deal(conn: sqlite3.Connection, day: str, draw: int, scoring: str, deal: int) -> None:
    """Remember the daily deal of ``day`` and a mode (it never changes)."""
    conn.execute(
        "INSERT OR IGNORE INTO daily_deals (day, draw, scoring, deal) VALUES (?, ?, ?, ?)",
        (day, draw, scoring, deal),
    )
