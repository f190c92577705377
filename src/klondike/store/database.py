"""The SQLite file's life and its one connection: where the file lives, opening it
(migrated by `klondike.store.migrations`), the refusal of newer files, damaged files kept
aside, checkpoints, backups, closing; the connection (`Database`, which owns the store's
lock and its write path) and `atomic` (the one place a transaction begins, commits or rolls
back; nested, a savepoint).

The rows of each table are their own modules' (`klondike.store.games`, `.deals`,
`.reviews`); their names are importable from here too, so that
``from klondike.store import database as store`` reaches the whole store
(``store.open_database``, ``store.insert_game``).

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

import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import quote

import platformdirs

from . import migrations
from .deals import (
    KeptProof,
    add_proved_deal,
    daily_deal_of,
    drop_daily_deal,
    keep_daily_deal,
    proved_deal_counts,
    take_proved_deal,
)
from .games import (
    ROW_COLUMNS,
    VERSION_LIMIT,
    GameRow,
    abandon_game,
    count_hint,
    insert_game,
    load_game,
    newest_open_id,
    row_problem,
    save_clock,
    save_game,
    snapshot_text,
    started_codes,
    stored_version,
    utc_now,
)
from .reviews import REVIEW_STATUSES, KeptReview, load_review, save_review

__all__ = [
    "AUTOCHECKPOINT_PAGES",
    "REVIEW_STATUSES",
    "ROW_COLUMNS",
    "VERSION_LIMIT",
    "Database",
    "DatabaseError",
    "FileChanged",
    "GameRow",
    "KeptProof",
    "KeptReview",
    "abandon_game",
    "add_proved_deal",
    "atomic",
    "backup",
    "check_files",
    "checkpoint",
    "close_database",
    "count_hint",
    "daily_deal_of",
    "default_db_path",
    "drop_daily_deal",
    "insert_game",
    "keep_daily_deal",
    "keep_damaged",
    "load_game",
    "load_review",
    "newest_open_id",
    "open_database",
    "open_readonly",
    "proved_deal_counts",
    "row_problem",
    "save_clock",
    "save_game",
    "save_review",
    "snapshot_text",
    "started_codes",
    "stored_version",
    "take_proved_deal",
    "utc_now",
]
"""The file's life and the connection (defined here), and the rows of each table (their
modules'), as callers reach them through this module."""

P = ParamSpec("P")
T = TypeVar("T")

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


class _Damaged(DatabaseError):
    """SQLite found the file damaged before its version could be read (``damage``: what it
    said)."""

    def __init__(self, where: str, damage: str) -> None:
        super().__init__(f"the database {where} is damaged: {damage}")
        self.damage = damage


def _read_version(conn: sqlite3.Connection, where: str) -> int:
    """The schema version of the file; `DatabaseError` if it is not one klondike can use
    (`_Damaged` if SQLite calls it damaged)."""
    try:
        version = migrations.user_version(conn)
    except sqlite3.OperationalError as err:  # locked, busy, unreadable: not the file's fault
        raise DatabaseError(f"cannot use the database {where}: {err}") from err
    except sqlite3.DatabaseError as err:
        if err.sqlite_errorname == "SQLITE_CORRUPT":
            raise _Damaged(where, str(err)) from err
        raise DatabaseError(f"{where} is not a klondike database: {err}") from err
    if version == 0 and _holds_tables(conn):  # klondike's first step sets the version
        raise DatabaseError(
            f"{where} is not a klondike database: it holds another program's tables"
        )
    if version > migrations.SCHEMA_VERSION or version < 0:
        raise DatabaseError(
            f"the database {where} was written by a newer version of klondike "
            f"(schema {version}; this version knows up to {migrations.SCHEMA_VERSION}): "
            "update klondike, or choose another file with --db"
        )
    return version


def _holds_tables(conn: sqlite3.Connection) -> bool:
    """True if the file has any table (an empty new file has none)."""
    try:
        return conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is not None
    except sqlite3.DatabaseError:
        return False  # unreadable: the check that follows says why


def _check_version_and_integrity(conn: sqlite3.Connection, where: str) -> str | None:
    """Refuse a file of another schema (before anything is written); then what
    ``PRAGMA quick_check`` finds wrong with it, or None if it is sound."""
    try:
        version = _read_version(conn, where)
    except _Damaged as err:
        return err.damage
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
    said = "; ".join(
        " ".join(problem.replace("*** in database main ***", "").split()) for problem in problems
    )
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
    still open here), so nothing written so far is lost. A file deleted or replaced gets
    its WAL copied in and emptied too: the WAL stays at the file's name, and the next start
    would read it into whatever file lies there now (a backup put back, a new file).
    """
    if not isinstance(conn, Database) or not conn.identities:
        return
    main, wal = _files(conn.where)
    if _identity(main) != conn.identities.get(main):
        if _identity(wal) == conn.identities.get(wal):  # still the WAL of the file opened
            with suppress(sqlite3.Error):
                checkpoint(conn, "TRUNCATE")
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
    counts = _copy_readable(kept, fresh)
    for name in (f"{kept}-wal", f"{kept}-shm"):  # left by reading the copy, if empty
        if (os.path.exists(name) and os.path.getsize(name) == 0) or name.endswith("-shm"):
            with suppress(OSError):
                os.remove(name)
    for name in (f"{path}-wal", f"{path}-shm"):  # the damaged file's, kept in the copy
        if os.path.exists(name):
            os.remove(name)
    os.replace(fresh, path)  # at once: a kill leaves the damaged file or the fresh one
    read, lost = counts["games"]
    said = [
        f"the database {path} is damaged ({damage}); it is kept as {kept}, and klondike goes "
        + (
            "on without its games: none could be read"
            if lost is None
            else f"on with the {read} game{'' if read == 1 else 's'} that could be read from it"
            + (f" ({lost} could not)" if lost else "")
        )
    ]
    if counts["settings"][1] != 0:
        said.append("some settings could not be read: they are back to their defaults")
    if any(counts.get(table, (0, None))[1] != 0 for table in REMADE):  # (not copied: None)
        said.append("daily deals, proved deals or reviews it lost are made again when wanted")
    return "; ".join(said)


def _remove(path: Path) -> None:
    """Remove a database file with its WAL and shared-memory files, those that exist."""
    for name in (str(path), f"{path}-wal", f"{path}-shm"):
        if os.path.exists(name):
            os.remove(name)


PLAYED = ("games", "settings")
"""Tables of what the player did and chose, copied from a damaged file of any schema into
its fresh one."""

REMADE = ("daily_deals", "proved_deals", "reviews")
"""Tables whose rows klondike makes again when they are wanted (a day's deal, a proved deal,
a review), copied only from a file of this schema, whose rows mean what they mean here."""

KEPT_TABLES = (*PLAYED, *REMADE)
"""The tables copied from a damaged file into its fresh one."""


def _copy_readable(source: Path, target: Path) -> dict[str, tuple[int, int | None]]:
    """Copy every row that can be read from ``source``'s kept tables into a new database at
    ``target``: for each table, the rows copied and those that could not be read (None: the
    table could not be read at all)."""
    new = sqlite3.connect(target, isolation_level=None, factory=Database)
    counts: dict[str, tuple[int, int | None]] = {}
    try:
        new.execute("PRAGMA journal_mode = DELETE").fetchall()
        migrations.upgrade(new)  # a new file: every step
        old = sqlite3.connect(f"file:{quote(str(source.resolve()))}?mode=ro", uri=True)
        try:
            try:
                same = migrations.user_version(old) == migrations.SCHEMA_VERSION
            except sqlite3.DatabaseError:
                same = False
            for table in KEPT_TABLES if same else PLAYED:
                counts[table] = _copy_rows(old, new, table)
        finally:
            old.close()
    finally:
        new.close()
    return counts


def _copy_rows(
    old: sqlite3.Connection, new: sqlite3.Connection, table: str
) -> tuple[int, int | None]:
    """Copy the readable rows of ``table`` (the columns both files have: a file of an older
    schema lacks the newer ones, whose defaults apply), row by row; see `_copy_readable`."""
    try:
        present = {row[1] for row in old.execute(f"PRAGMA table_info({table})")}
        rowids = [int(row[0]) for row in old.execute(f"SELECT rowid FROM {table} NOT INDEXED")]
    except sqlite3.DatabaseError:
        return 0, None
    names = [row[1] for row in new.execute(f"PRAGMA table_info({table})") if row[1] in present]
    columns = ", ".join(names)
    select = f"SELECT {columns} FROM {table} NOT INDEXED WHERE rowid = ?"
    insert = f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(names))})"
    read = lost = 0
    for rowid in rowids if names else ():
        try:
            new.execute(insert, old.execute(select, (rowid,)).fetchone())
            read += 1
        except sqlite3.DatabaseError:
            lost += 1
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
