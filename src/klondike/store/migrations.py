"""The schema's versions: the step that takes a file from each version to the next
(`MIGRATIONS`), and `upgrade`, which runs the steps a file lacks, in order, each in its own
transaction. The version is ``PRAGMA user_version`` (0 for a new file); `SCHEMA_VERSION` is
the one this code writes. Opening, checking and refusing files is `klondike.store.database`'s.

A new version is one more step: a function that changes the schema (adding a column with a
default, a table) and says in words what it dropped, if anything, and its number here.

>>> from klondike.store.database import open_database
>>> user_version(open_database(":memory:")) == SCHEMA_VERSION
True
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .database import Database

SCHEMA_VERSION = 10
"""The schema version this code writes (``PRAGMA user_version``)."""


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the file (0 for a new file)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def _migrate_to_1(conn: sqlite3.Connection) -> str | None:
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
    return None


def _migrate_to_2(conn: sqlite3.Connection) -> str | None:
    """Version 2: each game's version of the rules (``Rules.key``); older games are the app's."""
    conn.execute("ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT 'app'")
    return None


def _migrate_to_3(conn: sqlite3.Connection) -> str | None:
    """Version 3: the settings table, one row per setting changed from its default
    (`klondike.store.settings`), the value as JSON text."""
    conn.execute(
        """
        CREATE TABLE settings (
            name   TEXT PRIMARY KEY,
            value  TEXT NOT NULL
        )
        """
    )
    return None


def _migrate_to_4(conn: sqlite3.Connection) -> str | None:
    """Version 4: the hints taken in a game, the day of a daily deal, the proved deals kept
    ready for "winnable deals only", and the daily deal of each day and mode."""
    conn.execute("ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    conn.execute(
        """
        CREATE TABLE proved_deals (
            rules    TEXT    NOT NULL,
            draw     INTEGER NOT NULL,
            scoring  TEXT    NOT NULL,
            deal     INTEGER NOT NULL,
            states   INTEGER NOT NULL,
            seconds  REAL    NOT NULL,
            PRIMARY KEY (rules, draw, scoring, deal)
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE daily_deals (
            day      TEXT    NOT NULL,
            rules    TEXT    NOT NULL,
            draw     INTEGER NOT NULL,
            scoring  TEXT    NOT NULL,
            deal     INTEGER NOT NULL,
            PRIMARY KEY (day, rules, draw, scoring)
        )
        """
    )
    return None


def _migrate_to_5(conn: sqlite3.Connection) -> str | None:
    """Version 5: the winning line of every proved deal and daily deal (move texts, spaced),
    replayed before the deal is served. A deal kept without one cannot be checked, so it is
    dropped (proved again when wanted); what was dropped, in words."""
    dropped = 0
    for table in ("proved_deals", "daily_deals"):
        conn.execute(f"ALTER TABLE {table} ADD COLUMN line TEXT NOT NULL DEFAULT ''")
        dropped += conn.execute(f"DELETE FROM {table}").rowcount
    if not dropped:
        return None
    return (
        f"{dropped} proved or daily deals kept without their winning line were dropped "
        "(they cannot be checked); they are proved again when wanted"
    )


def _migrate_to_6(conn: sqlite3.Connection) -> str | None:
    """Version 6: the hints of a game counted by kind: ``fair_hints`` (chosen from what the
    player can see) and ``peeked_hints`` (they looked at the face-down cards); ``hints``
    stays their total. A game's hints from before are of neither kind: its total is kept."""
    conn.execute("ALTER TABLE games ADD COLUMN fair_hints INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN peeked_hints INTEGER NOT NULL DEFAULT 0")
    return None


def _migrate_to_7(conn: sqlite3.Connection) -> str | None:
    """Version 7: every game's moves that stand (move texts, spaced; empty for a game of an
    older version, whose review then reads what its snapshot keeps) and the position it
    started from (a snapshot; null for an older game, which started from its code's deal),
    and the reviews table:
    one row per game analysed (`klondike.review`), its state as JSON while the analysis runs
    and the review once done."""
    conn.execute("ALTER TABLE games ADD COLUMN line TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE games ADD COLUMN start TEXT")
    conn.execute(
        """
        CREATE TABLE reviews (
            game_id     INTEGER PRIMARY KEY,
            status      TEXT    NOT NULL,
            state       TEXT    NOT NULL,
            review      TEXT,
            updated_at  TEXT    NOT NULL
        )
        """
    )
    return None


def _migrate_to_8(conn: sqlite3.Connection) -> str | None:
    """Version 8: deals by difficulty (`klondike.fair.TIERS`). Each game's ``tier`` (null:
    a deal not rated); the tier of each proved deal kept ready ('': not rated), with the
    rating's wins of its plays; and the daily deals keyed by tier too ('': the daily deal
    of any tier, as before)."""
    conn.execute("ALTER TABLE games ADD COLUMN tier TEXT")
    conn.execute("ALTER TABLE proved_deals ADD COLUMN tier TEXT NOT NULL DEFAULT ''")
    conn.execute("ALTER TABLE proved_deals ADD COLUMN wins INTEGER")
    conn.execute(
        """
        CREATE TABLE daily_deals_8 (
            day      TEXT    NOT NULL,
            rules    TEXT    NOT NULL,
            draw     INTEGER NOT NULL,
            scoring  TEXT    NOT NULL,
            tier     TEXT    NOT NULL DEFAULT '',
            deal     INTEGER NOT NULL,
            line     TEXT    NOT NULL DEFAULT '',
            wins     INTEGER,
            PRIMARY KEY (day, rules, draw, scoring, tier)
        )
        """
    )
    conn.execute(
        "INSERT INTO daily_deals_8 (day, rules, draw, scoring, deal, line)"
        " SELECT day, rules, draw, scoring, deal, line FROM daily_deals"
    )
    conn.execute("DROP TABLE daily_deals")
    conn.execute("ALTER TABLE daily_deals_8 RENAME TO daily_deals")
    return None


def _migrate_to_9(conn: sqlite3.Connection) -> str | None:
    """Version 9: the solver no longer calls some winnable positions lost (docs/solver.md,
    "moves that wait"). What was computed with the old one stands on such verdicts: each
    review ("lost at move N", the share of layouts won after every move), and the ratings
    of deals by difficulty (the fair player weighs its choices by the layouts it solves).
    Every review is dropped (the game can be reviewed again); the rated deals kept ready
    are dropped (rated again when wanted) and so are the rated daily deals of today and
    later that no game was started from; what was dropped, in words. Proofs that a deal is
    winnable stand: each is a winning line the engine replays."""
    reviews = conn.execute("DELETE FROM reviews").rowcount
    rated = conn.execute("DELETE FROM proved_deals WHERE tier != ''").rowcount
    dailies = conn.execute(
        "DELETE FROM daily_deals WHERE tier != '' AND day >= date('now', 'localtime')"
        " AND NOT EXISTS (SELECT 1 FROM games WHERE games.daily = daily_deals.day"
        " AND games.tier = daily_deals.tier AND games.rules = daily_deals.rules"
        " AND games.draw = daily_deals.draw AND games.scoring = daily_deals.scoring)"
    ).rowcount
    if not (reviews or rated or dailies):
        return None
    return (
        f"the solver no longer calls some winnable positions lost: {reviews} reviews, "
        f"{rated} rated deals and {dailies} rated daily deals to come were made with the "
        "old one and were dropped; games are reviewed and deals rated again when wanted"
    )


def _migrate_to_10(conn: sqlite3.Connection) -> str | None:
    """Version 10: each game's ``practice`` mark: a game tried again from a position of a
    reviewed one (docs/review.md, "Try again from here"), kept out of the statistics."""
    conn.execute("ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0")
    return None


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], str | None]] = {
    1: _migrate_to_1,
    2: _migrate_to_2,
    3: _migrate_to_3,
    4: _migrate_to_4,
    5: _migrate_to_5,
    6: _migrate_to_6,
    7: _migrate_to_7,
    8: _migrate_to_8,
    9: _migrate_to_9,
    10: _migrate_to_10,
}
"""``MIGRATIONS[v]`` takes a database from version ``v - 1`` to version ``v`` (and says
what it dropped, if anything)."""


def upgrade(conn: Database) -> list[str]:
    """Bring the file up to `SCHEMA_VERSION`, one step per transaction, so that a failing
    step leaves the file at the version before it; what the steps dropped, in words.

    A step another process ran meanwhile (a second klondike on the same file) is not run
    again. A file already newer than this code is left as it is (the caller refuses it).
    """
    notices: list[str] = []
    version = user_version(conn)
    while version < SCHEMA_VERSION:
        with conn.atomic():
            if user_version(conn) == version:  # else another process migrated it
                notice = MIGRATIONS[version + 1](conn)
                if notice is not None:
                    notices.append(notice)
                conn.execute(f"PRAGMA user_version = {version + 1}")
        version = user_version(conn)
    return notices
