"""The SQLite file: where it lives, opening it (migrated by `klondike.store.migrations`),
the refusal of newer files, the connection (`Database`, which owns the store's lock and its
write path), `atomic` (the one place a transaction begins, commits or rolls back; nested, a
savepoint), and the rows of the games table, one per game, written after every accepted
action, and of the kept proofs (proved deals, daily deals).

One file (``platformdirs.user_data_dir("klondike") / "klondike.db"`` unless a path is given),
in WAL mode with ``synchronous=FULL`` so that a committed transaction survives a SIGKILL.
The WAL is copied into the file itself (a checkpoint) when it grows past
`AUTOCHECKPOINT_PAGES`, when a game ends (`checkpoint`) and when the server stops
(`close_database`), so that a copy of the file alone holds all but the last few actions.
The connection (a `Database`) remembers which file it opened: `check_files` notices that the
file or its WAL was deleted or replaced, and the server then refuses to write.
The schema version is ``PRAGMA user_version``; a database newer than this code (or with a
version no klondike writes) is refused and never written. A file that fails
``PRAGMA quick_check`` at start is kept aside (`keep_damaged`) and the games that can be read
are copied into a fresh file. `open_readonly` is for readers (``klondike stats``), `backup`
writes a consistent copy while the server may be writing.

>>> conn = open_database(":memory:")
>>> conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
True
>>> sorted(row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'"))
['daily_deals', 'games', 'proved_deals', 'reviews', 'settings']
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import quote

import platformdirs

from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.rules import Mode
from klondike.tiers import TIERS

from . import migrations

P = ParamSpec("P")
T = TypeVar("T")

log = logging.getLogger(__name__)
"""Where the store says what it dropped or repaired (rows an edited or damaged file holds)."""

AUTOCHECKPOINT_PAGES = 64
"""The WAL is copied into the database file once it holds this many pages (4 KiB each)."""


class DatabaseError(RuntimeError):
    """A database that cannot be opened or used: the message says which file and why."""


class FileChanged(DatabaseError):
    """The file the server opened (or its WAL) was deleted or replaced while it ran."""


class Database(sqlite3.Connection):
    """A connection that owns the store's lock and its write path, remembers the files it
    opened (their device and inode numbers), so that a file deleted or replaced meanwhile is
    noticed (`check_files`), and the notices of its opening (a damaged file kept aside) for
    the server to print.

    The connection is shared between threads; each use holds its lock (reentrant): `read`
    or `reading` for reads (and checkpoints), `write` or `writing` for writes (the file
    checked, one transaction), `atomic` for a transaction, nested ones as savepoints. No
    module outside the store takes a database lock.
    """

    where: str = ":memory:"
    identities: dict[str, tuple[int, int]]
    notices: list[str]
    lock: threading.RLock

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.identities = {}
        self.notices = []
        self.lock = threading.RLock()

    @contextmanager
    def reading(self) -> Iterator[Database]:
        """The connection, to this thread alone while the block runs."""
        with self.lock:
            yield self

    @contextmanager
    def writing(self) -> Iterator[Database]:
        """The connection, to this thread alone, for a write: the file must still be the one
        opened (`check_files`, else `FileChanged`), and the block is one transaction
        (`atomic`: committed, or rolled back if it raises)."""
        with self.lock:
            check_files(self)
            with _Transaction(self):
                yield self

    def read(self, fn: Callable[Concatenate[Database, P], T], *args: P.args, **kw: P.kwargs) -> T:
        """``fn(self, *args, **kw)`` under the lock (`reading`)."""
        with self.reading():
            return fn(self, *args, **kw)

    def write(self, fn: Callable[Concatenate[Database, P], T], *args: P.args, **kw: P.kwargs) -> T:
        """``fn(self, *args, **kw)`` as one write (`writing`), as datasette's
        ``Database.execute_write_fn``."""
        with self.writing():
            return fn(self, *args, **kw)

    @contextmanager
    def atomic(self) -> Iterator[Database]:
        """A transaction under the lock (`atomic`); inside another, a savepoint."""
        with self.lock, _Transaction(self):
            yield self


def default_db_path() -> Path:
    """The database file in the user's data directory."""
    return Path(platformdirs.user_data_dir("klondike")) / "klondike.db"


def open_database(path: str | Path | None = None) -> Database:
    """Open (and create or migrate) the database; ``None`` means the default path.

    Raises `DatabaseError` with a clear message for a file that is not a klondike database,
    cannot be created, or was written by a newer version (which is left untouched).
    A file that fails ``PRAGMA quick_check`` is kept aside and replaced by a fresh one with
    every game that could be read (`keep_damaged`); the connection's ``notices`` say so.
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
    notices: list[str] = []
    conn = _connect(where)
    try:
        damage = None if where == ":memory:" else _check_version_and_integrity(conn, where)
        if damage is not None:
            conn.close()
            notices.append(keep_damaged(Path(where), damage))
            conn = _connect(where)
        notices.extend(_prepare(conn, where))
    except BaseException:
        conn.close()
        raise
    conn.where = where
    conn.notices = notices
    if where != ":memory:":
        conn.identities = {name: ident for name in _files(where) if (ident := _identity(name))}
    return conn


def _connect(where: str) -> Database:
    """A connection of the store to ``where`` (autocommit, shared between threads)."""
    try:
        return sqlite3.connect(
            where, isolation_level=None, check_same_thread=False, timeout=10, factory=Database
        )
    except sqlite3.Error as err:
        raise DatabaseError(f"cannot open the database {where}: {err}") from err


def open_readonly(path: str | Path | None = None) -> Database:
    """Open an existing database for reading only: nothing is created, migrated or written.

    Raises `DatabaseError` if there is no file at ``path``, if it is not a klondike database
    or if its schema is not this version's.
    """
    target = Path(default_db_path() if path is None else path)
    where = str(target)
    if not target.is_file():
        raise DatabaseError(f"there is no database at {where} (no game was played with it)")
    try:
        conn = sqlite3.connect(
            f"file:{quote(str(target.resolve()))}?mode=ro",
            uri=True,
            check_same_thread=False,
            factory=Database,
        )
    except sqlite3.Error as err:
        raise DatabaseError(f"cannot open the database {where}: {err}") from err
    try:
        version = _read_version(conn, where)
        if version != migrations.SCHEMA_VERSION:
            raise DatabaseError(
                f"the database {where} has schema {version}, not {migrations.SCHEMA_VERSION}: "
                "start klondike on it once to bring it up to date"
            )
    except BaseException:
        conn.close()
        raise
    conn.where = where
    return conn


def _read_version(conn: sqlite3.Connection, where: str) -> int:
    """The schema version of the file; `DatabaseError` if it is not one klondike can use."""
    try:
        version = migrations.user_version(conn)
    except sqlite3.DatabaseError as err:
        raise DatabaseError(f"{where} is not a klondike database: {err}") from err
    if version > migrations.SCHEMA_VERSION or version < 0:
        raise DatabaseError(
            f"the database {where} was written by a newer version of klondike "
            f"(schema {version}; this version knows up to {migrations.SCHEMA_VERSION}): "
            "update klondike, or choose another file with --db"
        )
    return version


def _check_version_and_integrity(conn: sqlite3.Connection, where: str) -> str | None:
    """Refuse a file of another schema (before anything is written); then what
    ``PRAGMA quick_check`` finds wrong with it, or None if it is sound."""
    version = _read_version(conn, where)
    if version == 0:
        return None  # a new or empty file: nothing to check
    try:
        problems = [str(row[0]) for row in conn.execute("PRAGMA quick_check(3)")]
    except sqlite3.OperationalError as err:  # locked, busy, unreadable: not a damaged file
        raise DatabaseError(f"cannot use the database {where}: {err}") from err
    except sqlite3.DatabaseError as err:
        return str(err)
    if problems == ["ok"]:
        return None
    said = "; ".join(" ".join(problems).replace("*** in database main ***", "").split())
    return said if len(said) <= 200 else said[:199] + "…"


def _files(where: str) -> tuple[str, str]:
    """The database file and its WAL."""
    return where, f"{where}-wal"


def _identity(name: str) -> tuple[int, int] | None:
    """The (device, inode) of a file, or None if there is none."""
    try:
        info = os.stat(name)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def check_files(conn: sqlite3.Connection) -> None:
    """Raise `FileChanged` if the database file or its WAL is no longer the one opened.

    A WAL deleted while the file itself is still there is first copied into the file (it is
    still open here), so nothing written so far is lost.
    """
    if not isinstance(conn, Database) or not conn.identities:
        return
    main, wal = _files(conn.where)
    if _identity(main) != conn.identities.get(main):
        raise FileChanged(
            f"the database file {main} was deleted or replaced while klondike ran, so nothing "
            "more can be saved: stop klondike and start it again"
        )
    if wal in conn.identities and _identity(wal) != conn.identities[wal]:
        checkpoint(conn, "TRUNCATE")
        raise FileChanged(
            f"the database's journal {wal} was deleted or replaced while klondike ran; the "
            f"games so far are saved in {main}, but nothing more can be saved: stop klondike "
            "and start it again"
        )


def checkpoint(conn: sqlite3.Connection, mode: str = "PASSIVE") -> None:
    """Copy the WAL into the database file (``PASSIVE``: as far as no reader is in the way;
    ``TRUNCATE``: all of it, and empty the WAL)."""
    if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
        raise ValueError(f"unknown checkpoint mode {mode!r}")
    conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()


def close_database(conn: Database) -> str | None:
    """Checkpoint (if the file is still the one opened) and close, under the connection's
    lock; a notice if the file was deleted or replaced meanwhile (then what was written since
    is lost)."""
    notice = None
    with conn.reading():
        try:
            check_files(conn)
            checkpoint(conn, "TRUNCATE")
        except FileChanged as err:
            notice = str(err)
        except sqlite3.Error as err:
            notice = f"the database could not be checkpointed: {err}"
        conn.close()
    return notice


def keep_damaged(path: Path, damage: str) -> str:
    """Keep a damaged database beside itself (named with the date and time) and put in its
    place a fresh file with every game that can still be read; what was done, in words."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    for source, copy in zip(_files(str(path)), _files(str(kept)), strict=True):
        if os.path.exists(source):
            shutil.copy2(source, copy)
    fresh = path.with_name(f"{path.name}.rebuilding")
    _remove(fresh)
    read, lost = _copy_readable_games(kept, fresh)
    for name in (f"{kept}-wal", f"{kept}-shm"):  # left by reading the copy, if empty
        if (os.path.exists(name) and os.path.getsize(name) == 0) or name.endswith("-shm"):
            with suppress(OSError):
                os.remove(name)
    _remove(path)
    os.replace(fresh, path)
    return (
        f"the database {path} is damaged ({damage}); it is kept as {kept}, and klondike goes "
        f"on with the {read} games that could be read from it"
        + (f" ({lost} could not)" if lost else "")
    )


def _remove(path: Path) -> None:
    """Remove a database file with its WAL and shared-memory files, those that exist."""
    for name in (str(path), f"{path}-wal", f"{path}-shm"):
        if os.path.exists(name):
            os.remove(name)


def _copy_readable_games(source: Path, target: Path) -> tuple[int, int]:
    """Copy every games row that can be read from ``source`` into a new database at
    ``target``; the numbers of rows copied and of rows that could not be read."""
    new = sqlite3.connect(target, isolation_level=None, factory=Database)
    read = lost = 0
    try:
        new.execute("PRAGMA journal_mode = DELETE").fetchall()
        migrations.upgrade(new)  # a new file: every step
        old = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)
        try:
            try:
                ids = [int(row[0]) for row in old.execute("SELECT id FROM games NOT INDEXED")]
            except sqlite3.DatabaseError:
                ids = []
            try:  # a file of an older schema lacks the newer columns: their defaults apply
                present = {row[1] for row in old.execute("PRAGMA table_info(games)")}
            except sqlite3.DatabaseError:
                present = set()
            names = [name for name in _ROW_COLUMNS.split(", ") if name in present]
            columns = ", ".join(names) or "id"
            insert = f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * len(names or 'i'))})"
            for game_id in ids:
                try:
                    row = old.execute(
                        f"SELECT {columns} FROM games NOT INDEXED WHERE id = ?", (game_id,)
                    ).fetchone()
                    new.execute(insert, row)
                    read += 1
                except sqlite3.DatabaseError:
                    lost += 1
        finally:
            old.close()
    finally:
        new.close()
    return read, lost


def backup(source: sqlite3.Connection, target: str | Path) -> None:
    """Write a consistent copy of the database ``source`` to the file ``target`` (SQLite's
    online backup: the copy is of one moment, even while another process writes)."""
    copy = sqlite3.connect(target)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE").fetchall()
    finally:
        copy.close()


def _prepare(conn: Database, where: str) -> list[str]:
    """Check the version (before writing anything), then set the pragmas and migrate; what
    the migrations dropped, in words."""
    _read_version(conn, where)
    try:
        conn.execute("PRAGMA busy_timeout = 10000")
        if where != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute(f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}")
        conn.execute("PRAGMA synchronous = FULL")
        notices = [f"the database {where}: {said}" for said in migrations.upgrade(conn)]
        if migrations.user_version(conn) > migrations.SCHEMA_VERSION:
            raise DatabaseError(f"the database {where} was upgraded by a newer klondike")
    except sqlite3.Error as err:
        raise DatabaseError(f"cannot use the database {where}: {err}") from err
    return notices


@contextmanager
def atomic(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction: ``BEGIN IMMEDIATE``, then ``COMMIT``, or ``ROLLBACK`` if the block
    (or the commit) raises. The one place the store begins and ends transactions.

    Inside another transaction it is a savepoint (as sqlite-utils nests them): a failure
    rolls back the inner block alone, and the outer one decides on the rest. On a `Database`
    the block holds its lock.

    >>> conn = open_database(":memory:")
    >>> with atomic(conn):
    ...     _ = conn.execute("UPDATE games SET score = 0")
    >>> conn.in_transaction
    False
    """
    if isinstance(conn, Database):
        with conn.atomic():
            yield conn
    else:
        with _Transaction(conn):
            yield conn


class _Transaction:
    """`atomic` without the lock: a transaction, or a savepoint inside one (a class, not a
    generator: it is on the path of every action)."""

    __slots__ = ("conn", "nested")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.nested = False

    def __enter__(self) -> None:
        self.nested = self.conn.in_transaction
        self.conn.execute("SAVEPOINT atomic" if self.nested else "BEGIN IMMEDIATE")

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            try:
                self.conn.execute("RELEASE atomic" if self.nested else "COMMIT")
                return
            except BaseException:
                self._undo()
                raise
        self._undo()

    def _undo(self) -> None:
        """Roll back this block (unless SQLite rolled the whole transaction back itself)."""
        if not self.conn.in_transaction:
            return
        if self.nested:
            self.conn.execute("ROLLBACK TO atomic")
            self.conn.execute("RELEASE atomic")
        else:
            self.conn.execute("ROLLBACK")


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
    rules: str
    hints: int
    daily: str | None
    line: str = ""
    start: str | None = None
    tier: str | None = None


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


_ROW_COLUMNS = (
    "id, code, draw, scoring, status, score, moves, undos, elapsed_ms, started_at, ended_at, "
    "version, snapshot, counted, rules, hints, daily, line, start, tier"
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
    tier: str | None = None,
) -> int:
    """Add a game (by default a new open one) and return its id; ``tier`` is the deal's
    difficulty when it was rated. A game with no move yet is
    kept with its position as the one it started from (a review replays its moves from
    there); one with moves started from its code's deal.

    Also the way to set up a position for a test: insert ``Game.from_snapshot(...)`` into
    a database before starting the server, which then continues it as the game in progress.
    """
    cursor = conn.execute(
        "INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, ended_at, version, snapshot, daily, start, tier)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
    """Mark an open game abandoned; one in which no action was accepted is not counted.
    True if it was open (and is now abandoned); False if it was no longer open (another
    process on the same file left it, or it was won) and nothing was written.

    ``version`` is the game's version as the caller knows it; the row's own version counts
    too (another process on the same file may have played it since).
    """
    cursor = conn.execute(
        "UPDATE games SET status = 'abandoned', ended_at = ?, elapsed_ms = ?,"
        " counted = (MAX(version, ?) > 0) WHERE id = ? AND status = 'playing'",
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
    row = conn.execute(f"SELECT {_ROW_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else GameRow(*row)


def newest_open_id(conn: sqlite3.Connection) -> int | None:
    """The id of the game in progress (the newest open game), or None."""
    row = conn.execute("SELECT MAX(id) FROM games WHERE status = 'playing'").fetchone()
    return None if row is None or row[0] is None else int(row[0])


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


# --------------------------------------------------------------------------- proved deals


@dataclass(frozen=True, slots=True)
class KeptProof:
    """A deal kept as proved winnable, with its winning line (move texts, spaced) to
    replay before it is served, and what proving it took; ``tier`` and ``wins`` when it was
    rated ('' and None when not)."""

    deal: int
    line: str
    states: int = 0
    seconds: float = 0.0
    tier: str = ""
    wins: int | None = None


def _kept_proof(row: tuple[object, ...]) -> KeptProof | str:
    """The proof of a row ``(deal, line, states, seconds, tier, wins)``, or what is wrong
    with it."""
    deal, line, states, seconds, tier, wins = row
    if type(deal) is not int or not 0 <= deal < DEAL_COUNT:
        return f"its deal {deal!r} is not a deal number (0 … {DEAL_COUNT - 1})"
    if type(line) is not str or not line.strip():
        return f"its winning line {str(line)[:40]!r} is not a line of moves"
    if tier != "" and tier not in TIERS:
        return f"its tier {str(tier)[:20]!r} is not one of {', '.join(TIERS)}"
    # what proving and rating it took is only shown: a value that is not a figure is left out
    kept_states = states if type(states) is int and states >= 0 else 0
    kept_seconds = float(seconds) if isinstance(seconds, int | float) else 0.0
    if not 0 <= kept_seconds < 1e9:
        kept_seconds = 0.0
    kept_wins = wins if type(wins) is int and wins >= 0 else None
    return KeptProof(deal, line, kept_states, kept_seconds, str(tier), kept_wins)


def add_proved_deal(conn: sqlite3.Connection, mode: Mode, proof: KeptProof) -> None:
    """Keep a deal the solver proved winnable in ``mode`` (version, draw, scoring), with its
    winning line (and its tier, if rated), ready for "winnable deals only"."""
    conn.execute(
        "INSERT OR IGNORE INTO proved_deals"
        " (rules, draw, scoring, deal, line, states, seconds, tier, wins)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (*mode, proof.deal, proof.line, proof.states, proof.seconds, proof.tier, proof.wins),
    )


def proved_deal_counts(conn: sqlite3.Connection, tier: str = "") -> dict[Mode, int]:
    """How many proved deals of ``tier`` ('': not rated) are ready per mode (version, draw,
    scoring); rows of no mode (a damaged or edited file) are not counted."""
    rows = conn.execute(
        "SELECT rules, draw, scoring, COUNT(*) FROM proved_deals WHERE tier = ?"
        " GROUP BY rules, draw, scoring",
        (tier,),
    )
    return {
        (key, draw, scoring): int(count)
        for key, draw, scoring, count in rows
        if type(key) is str and type(draw) is int and type(scoring) is str
    }


def take_proved_deal(conn: sqlite3.Connection, mode: Mode, tier: str = "") -> KeptProof | None:
    """Take (and remove) the oldest proved deal of a mode and tier ('': one not rated). A
    row that cannot be read as a proof (an edited or damaged file) is removed too, said in
    the log, and the next taken."""
    with atomic(conn):
        while True:
            row = conn.execute(
                "SELECT rowid, deal, line, states, seconds, tier, wins FROM proved_deals"
                " WHERE rules = ? AND draw = ? AND scoring = ? AND tier = ?"
                " ORDER BY rowid LIMIT 1",
                (*mode, tier),
            ).fetchone()
            if row is None:
                return None
            conn.execute("DELETE FROM proved_deals WHERE rowid = ?", (row[0],))
            proof = _kept_proof(row[1:])
            if isinstance(proof, KeptProof):
                return proof
            log.warning("a proved deal of %s was dropped: %s", "/".join(map(str, mode)), proof)


def daily_deal_of(
    conn: sqlite3.Connection, day: str, mode: Mode, tier: str = ""
) -> KeptProof | None:
    """The daily deal found before for ``day`` (ISO date), a mode and a tier ('': any), or
    None; None too for a row that cannot be read as a proof (said in the log), which
    `keep_daily_deal` then replaces."""
    row = conn.execute(
        "SELECT deal, line, 0, 0.0, tier, wins FROM daily_deals"
        " WHERE day = ? AND rules = ? AND draw = ? AND scoring = ? AND tier = ?",
        (day, *mode, tier),
    ).fetchone()
    if row is None:
        return None
    proof = _kept_proof(row)
    if isinstance(proof, KeptProof):
        return proof
    log.warning("the daily deal of %s %s is not used: %s", day, "/".join(map(str, mode)), proof)
    return None


def keep_daily_deal(conn: sqlite3.Connection, day: str, mode: Mode, proof: KeptProof) -> None:
    """Remember the daily deal of ``day``, a mode and ``proof.tier`` with its winning line
    (the deal never changes; a row that could not be used is replaced)."""
    conn.execute(
        "INSERT OR REPLACE INTO daily_deals (day, rules, draw, scoring, tier, deal, line, wins)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (day, *mode, proof.tier, proof.deal, proof.line, proof.wins),
    )


def drop_daily_deal(conn: sqlite3.Connection, day: str, mode: Mode, tier: str = "") -> None:
    """Forget the daily deal kept for ``day``, a mode and a tier (its proof did not replay)."""
    conn.execute(
        "DELETE FROM daily_deals"
        " WHERE day = ? AND rules = ? AND draw = ? AND scoring = ? AND tier = ?",
        (day, *mode, tier),
    )


# --------------------------------------------------------------------------- reviews


REVIEW_STATUSES = ("running", "done")


@dataclass(frozen=True, slots=True)
class KeptReview:
    """A game's review as kept: ``running`` with the analysis's state (JSON data), or
    ``done`` with the review too."""

    game_id: int
    status: str
    state: dict[str, Any]
    review: dict[str, Any] | None


def _json_object(text: object) -> dict[str, Any] | None:
    """``text`` read as a JSON object, or None if it is not one."""
    if type(text) is not str:
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def load_review(conn: sqlite3.Connection, game_id: int) -> KeptReview | None:
    """The review kept for a game, or None; None too for a row that cannot be read (an
    edited or damaged file: said in the log), which `save_review` then replaces."""
    row = conn.execute(
        "SELECT status, state, review FROM reviews WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    status, state_text, review_text = row
    state = _json_object(state_text)
    review = _json_object(review_text)
    problem = None
    if status not in REVIEW_STATUSES:
        problem = f"its status {str(status)[:40]!r} is none of {', '.join(REVIEW_STATUSES)}"
    elif state is None:
        problem = "its state is not a JSON object"
    elif status == "done" and review is None:
        problem = "its review is not a JSON object"
    if problem is not None or state is None:
        log.warning("the review of game %d is not used: %s", game_id, problem)
        return None
    return KeptReview(game_id, str(status), state, review if status == "done" else None)


def save_review(
    conn: sqlite3.Connection,
    game_id: int,
    state: dict[str, Any],
    review: dict[str, Any] | None = None,
) -> None:
    """Keep a game's analysis: its state, and its review once done."""
    conn.execute(
        "INSERT OR REPLACE INTO reviews (game_id, status, state, review, updated_at)"
        " VALUES (?, ?, ?, ?, ?)",
        (
            game_id,
            "running" if review is None else "done",
            json.dumps(state, separators=(",", ":")),
            None if review is None else json.dumps(review, separators=(",", ":")),
            utc_now(),
        ),
    )
