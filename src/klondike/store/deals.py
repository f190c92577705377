"""The rows of the kept proofs: proved deals (deals the solver proved winnable in a mode,
with their winning line, kept ready for "winnable deals only" and taken once each) and daily
deals (the deal of each day, mode and tier, found once and kept). A row that cannot be read
as a proof (an edited or damaged file) is said in the log and not used.

Each function takes a connection and runs its statements on it; `take_proved_deal` makes
its several statements one transaction (`Database.atomic`: nested in a write, a savepoint).

>>> from klondike.store.database import open_database
>>> conn = open_database(":memory:")
>>> add_proved_deal(conn, ("app", 1, "normal"), KeptProof(7, "S-W W-T1"))
>>> proved_deal_counts(conn)
{('app', 1, 'normal'): 1}
>>> take_proved_deal(conn, ("app", 1, "normal")).deal
7
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from typing import TYPE_CHECKING

from klondike.codes import DEAL_COUNT
from klondike.rules import Mode
from klondike.tiers import TIERS

if TYPE_CHECKING:
    from .database import Database

log = logging.getLogger(__name__)
"""Where a kept proof that cannot be read (an edited or damaged file) is said."""


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


def take_proved_deal(conn: Database, mode: Mode, tier: str = "") -> KeptProof | None:
    """Take (and remove) the oldest proved deal of a mode and tier ('': one not rated). A
    row that cannot be read as a proof (an edited or damaged file) is removed too, said in
    the log, and the next taken: one transaction (`Database.atomic`)."""
    with conn.atomic():
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
