"""The pool of rated deals shipped in the package: deals proved winnable and rated by
`klondike.fair.rate`, per mode and tier, so that every tier and every tier's daily deal
starts at once from the first start (docs/deals.md, "The shipped pool").

``klondike pool`` makes the file (`pool_file` below the package) on a Dask cluster; the
server takes a tier's deal from it first (one this machine has not started yet) and picks
each day's daily deal of a tier from it by `RatedPool.daily`, the same on every machine
with the same version. A file that is damaged, edited, or rated by another measure than
this version's is refused whole (`PoolRefused`), said in the log, and the filler rates deals
as before; every line is replayed in the engine before its deal is served.

>>> pool = RatedPool.from_data(pool_data([
...     PoolDeal(("app", 1, "normal"), 6, "easy", 8, 8, 416, "T7-F1")]))
>>> [entry.deal for entry in pool.deals(("app", 1, "normal"), "easy")]
[6]
>>> pool.daily(date(2027, 1, 1), ("app", 1, "normal"), "easy").deal
6
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

from klondike.codes import DEAL_COUNT
from klondike.rules import MODES, Mode
from klondike.tiers import TIERS, Tier

from .rating import PLAYS, RATING_POOL, RATING_SAMPLES, RATING_STATES, TIER_CUTS, Rating, tier_of

POOL_FORMAT = 1
"""The version of the pool file's layout."""

DAILY_EPOCH = date(2026, 1, 1)
"""The day the daily rule counts from: each deal of a tier comes once in as many days as
the tier has deals."""

log = logging.getLogger(__name__)


class PoolRefused(ValueError):
    """The pool file cannot be used: what is wrong with it."""


@dataclass(frozen=True, slots=True)
class PoolDeal:
    """A shipped deal: its mode and number, its tier and rating (``wins`` of ``plays`` fair
    plays, ``home`` cards brought home in all), and a winning line (move texts, spaced)."""

    mode: Mode
    deal: int
    tier: Tier
    wins: int
    plays: int
    home: int
    line: str


def rating_measure() -> dict[str, Any]:
    """What the pool's ratings depend on: a file rated otherwise is refused."""
    return {
        "plays": PLAYS,
        "samples": RATING_SAMPLES,
        "states": RATING_STATES,
        "pool": RATING_POOL,
        "cuts": {
            "/".join(map(str, mode)): [list(cut) for cut in cuts]
            for mode, cuts in TIER_CUTS.items()
        },
    }


def rows_digest(deals: object) -> str:
    """The digest a pool file carries for its rows."""
    text = json.dumps(deals, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def pool_data(deals: Iterable[PoolDeal]) -> dict[str, Any]:
    """The file's content for ``deals``: sorted by mode and deal, with its digest."""
    rows = sorted(
        ([*entry.mode, entry.deal, entry.tier, entry.wins, entry.plays, entry.home, entry.line])
        for entry in deals
    )
    return {
        "format": POOL_FORMAT,
        "rating": rating_measure(),
        "deals": rows,
        "digest": rows_digest(rows),
    }


def write_pool(path: Path, deals: Iterable[PoolDeal]) -> int:
    """Write ``deals`` to the pool file at ``path`` (gzip, reproducible bytes); its size."""
    text = json.dumps(pool_data(deals), separators=(",", ":")) + "\n"
    path.write_bytes(gzip.compress(text.encode(), mtime=0))
    return path.stat().st_size


def pool_deal(row: object) -> PoolDeal:
    """The deal of one row ``[rules, draw, scoring, deal, tier, wins, plays, home, line]``,
    or `PoolRefused` with what is wrong."""
    if not isinstance(row, list) or len(row) != 9:
        raise PoolRefused(f"a row is not a list of 9 fields: {str(row)[:60]}")
    key, draw, scoring, deal, tier, wins, plays, home, line = row
    mode = (key, draw, scoring)
    if mode not in MODES:
        raise PoolRefused(f"a row's mode {mode!r} is not a mode of the game")
    counts = (deal, wins, plays, home)
    if any(type(count) is not int or count < 0 for count in counts) or deal >= DEAL_COUNT:
        raise PoolRefused(f"a row's deal or rating is not a count: {counts!r}")
    if plays != PLAYS or wins > plays:
        raise PoolRefused(f"deal {deal}: {wins} wins of {plays} plays is no rating of {PLAYS}")
    if tier not in TIERS or tier != tier_of(Rating(wins, plays, 0.0, home), mode):
        raise PoolRefused(f"deal {deal}: the tier {str(tier)[:20]!r} is not its rating's")
    if type(line) is not str or not line.strip():
        raise PoolRefused(f"deal {deal}: its winning line is not a line of moves")
    return PoolDeal(mode, deal, tier, wins, plays, home, line)


class RatedPool:
    """The shipped rated deals, by mode and tier (in deal order)."""

    def __init__(self, deals: Iterable[PoolDeal] = ()) -> None:
        self._by: dict[tuple[Mode, Tier], list[PoolDeal]] = {}
        for entry in deals:
            self._by.setdefault((entry.mode, entry.tier), []).append(entry)
        for entries in self._by.values():
            entries.sort(key=lambda entry: entry.deal)

    @classmethod
    def from_data(cls, data: object) -> RatedPool:
        """The pool of a pool file's content; `PoolRefused` if it is damaged, edited or
        rated by another measure than this version's."""
        if not isinstance(data, Mapping) or data.get("format") != POOL_FORMAT:
            raise PoolRefused(f"it is not a pool file of format {POOL_FORMAT}")
        if data.get("rating") != rating_measure():
            raise PoolRefused("its deals were rated by another measure than this version's")
        rows = data.get("deals")
        if not isinstance(rows, list) or data.get("digest") != rows_digest(rows):
            raise PoolRefused("its digest does not match its deals (damaged or edited)")
        entries = [pool_deal(row) for row in rows]
        if len({(entry.mode, entry.deal) for entry in entries}) != len(entries):
            raise PoolRefused("a deal is in it twice")
        return cls(entries)

    @classmethod
    def read(cls, path: Path) -> RatedPool:
        """The pool in the file at ``path``; `PoolRefused` if it cannot be used."""
        try:
            data = json.loads(gzip.decompress(path.read_bytes()))
        except (OSError, EOFError, zlib.error, UnicodeDecodeError, ValueError) as err:
            raise PoolRefused(f"it cannot be read: {err}") from err
        return cls.from_data(data)

    def all(self) -> Iterable[PoolDeal]:
        """Every deal of the pool."""
        for entries in self._by.values():
            yield from entries

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._by.values())

    def deals(self, mode: Mode, tier: Tier) -> tuple[PoolDeal, ...]:
        """The shipped deals of ``mode`` and ``tier``, in deal order."""
        return tuple(self._by.get((mode, tier), ()))

    def counts(self) -> dict[tuple[Mode, Tier], int]:
        """How many deals each mode and tier has."""
        return {pool: len(entries) for pool, entries in self._by.items()}

    def daily(self, day: date, mode: Mode, tier: Tier) -> PoolDeal | None:
        """The daily deal of ``day``, ``mode`` and ``tier``: the tier's deals in an order
        fixed by their numbers, one a day from `DAILY_EPOCH` round and round (None if the
        tier has none). The same on every machine with the same pool."""
        entries = sorted(
            self.deals(mode, tier),
            key=lambda entry: hashlib.sha256(f"{entry.deal}".encode()).digest(),
        )
        if not entries:
            return None
        return entries[(day - DAILY_EPOCH).days % len(entries)]


def pool_file() -> Path:
    """Where the package keeps its pool of rated deals."""
    return Path(__file__).resolve().parent.parent / "data" / "rated_deals.json.gz"


@cache
def shipped_pool() -> RatedPool:
    """The package's pool, read once; empty (and said in the log) if it cannot be used."""
    path = pool_file()
    try:
        return RatedPool.read(path)
    except PoolRefused as err:
        log.warning("klondike: the shipped pool of rated deals %s is not used: %s", path, err)
        return RatedPool()
