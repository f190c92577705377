"""The pool of proved deals: `ProvedDeals`, on a thread of the server, keeps a few deals
proved winnable ready in the database for each mode, and rated ones for each mode and tier
the shipped pool (`klondike.fair.pool`) has run out of, so that "winnable deals only" and a
deal of a difficulty start at once. It proves deals in
the solver's background lane and rates them in its rating lane (`klondike.web.workers`).
"""

from __future__ import annotations

import logging
import random
import sqlite3
import threading
import time
from collections import Counter, deque

from klondike.codes import DEAL_COUNT, format_code
from klondike.fair.pool import PoolDeal, RatedPool
from klondike.rules import MODES, Mode
from klondike.store import database as store
from klondike.tiers import TIERS, Tier

from .background import Background, Turn
from .proofs import PROOF_BUDGET, Proof, RatedProof, prove, prove_and_rate, replays
from .workers import SolverBusy, SolverFailed, SolverWorkers

POOL_SIZE = 3
"""Proved deals kept ready per mode."""

TIER_POOL_SIZE = 1
"""Rated deals kept ready per mode and tier."""

RATING_SECONDS = 30.0
"""A rating's time, until one has been measured here: for the wait a tier's deal takes."""

RATING_LIMIT = 600.0
"""Seconds one proof and rating in the rating lane may take at most."""

BUSY_PAUSE = 1.0
"""Seconds the filler waits when its lane is full before it asks again."""

MAX_TIER_TRIES = 40
"""Ratings aimed at one tier's pool that may miss it before the filler stops trying (a tier
that is rare in a mode); asking for that tier again starts it over."""

TIER_MODES: tuple[Mode, ...] = (("app", 1, "normal"), ("app", 3, "normal"))
"""The modes whose tiers are kept ready from the start; another mode's once a player asks
for one of its tiers."""

Pool = tuple[Mode, str]
"""A pool of proved deals: a mode and a tier ('': deals not rated)."""

log = logging.getLogger(__name__)


def deal_ready(conn: sqlite3.Connection, pool: RatedPool, mode: Mode, tier: Tier) -> bool:
    """True if a deal of ``mode`` and ``tier`` is ready to be dealt: one kept proved here,
    or one shipped in ``pool``, not started here yet, whose line replays."""
    if store.proved_deal_counts(conn, tier).get(mode, 0) > 0:
        return True
    return any(
        replays(entry.deal, entry.line, mode) for entry in fresh_shipped(conn, pool, mode, tier)
    )


def fresh_shipped(
    conn: sqlite3.Connection, pool: RatedPool, mode: Mode, tier: Tier
) -> list[PoolDeal]:
    """The shipped deals of ``mode`` and ``tier`` that no game here was started from."""
    key, draw, scoring = mode
    by_code = {
        format_code(entry.deal, draw, scoring, key): entry for entry in pool.deals(mode, tier)
    }
    started = store.started_codes(conn, list(by_code))
    return [entry for code, entry in by_code.items() if code not in started]


class ProvedDeals:
    """Keeps proved-winnable deals ready in the database, in the background: `POOL_SIZE`
    per mode, and `TIER_POOL_SIZE` per mode and tier (proved, then rated in the rating
    lane) of ``rated_modes`` and of every mode a player asked a tier of (`want`). A pool a
    player asked for and found empty is filled first, the one asked for last first: the
    deal a player waits for now (`search_of` says since when).

    Started by `start` (its thread: `klondike.web.background`), woken by `wake` when a deal
    is taken; sleeps while every pool is full.
    """

    def __init__(
        self,
        db: store.Database,
        workers: SolverWorkers,
        *,
        size: int = POOL_SIZE,
        tier_size: int = TIER_POOL_SIZE,
        budget: float = PROOF_BUDGET,
        modes: tuple[Mode, ...] = MODES,
        rated_modes: tuple[Mode, ...] = (),
        pool: RatedPool | None = None,
    ) -> None:
        self.db, self.workers = db, workers
        self.pool = pool if pool is not None else RatedPool()
        self.size, self.tier_size, self.budget, self.modes = size, tier_size, budget, modes
        self.background = Background("proved-deals", self._next_deal)
        self.chooser = random.SystemRandom()
        self.wanted = threading.Event()  # set: a pool may be short (clear: asleep)
        self.wanted.set()
        self.asked_lock = threading.Lock()  # guards asked and asked_at
        self.asked: list[Pool] = []  # pools a player found empty, the last asked first
        # when each asked pool was put first, and its mode's ratings then
        self.asked_at: dict[Pool, tuple[float, int]] = {}
        self.tier_modes = [mode for mode in rated_modes if mode in modes]
        self.misses: dict[Pool, int] = {}  # ratings aimed at a pool that missed it
        self.rating_times: deque[float] = deque(maxlen=20)
        self.ratings = 0  # deals rated since the server started
        self.mode_ratings: Counter[Mode] = Counter()  # the same, per mode

    def start(self) -> None:
        """Start filling the pools, on the filler's thread."""
        self.background.start()

    def wake(self) -> None:
        """A deal was taken: fill the pools again."""
        self.wanted.set()
        self.background.wake()

    def want(self, mode: Mode, tier: str) -> None:
        """A player found the pool of ``mode`` and ``tier`` empty: fill it first (before
        the pools asked for earlier; asked again while first, it keeps its place and time)."""
        pool = (mode, tier)
        with self.asked_lock:
            if self.asked[:1] != [pool]:
                if pool in self.asked:
                    self.asked.remove(pool)
                self.asked.insert(0, pool)
                self.asked_at[pool] = (time.monotonic(), self.mode_ratings[mode])
        if tier and mode not in self.tier_modes:
            self.tier_modes.append(mode)
        self.misses.pop((mode, tier), None)
        self.wake()

    def stop(self) -> None:
        """Stop before the next deal (the one being proved is left to finish)."""
        self.background.stop()
        self.wanted.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait at most ``timeout`` seconds for the thread to end."""
        self.background.join(timeout)

    def is_alive(self) -> bool:
        """True while the filler's thread runs."""
        return self.background.is_alive()

    def idle(self) -> bool:
        """True while the filler sleeps (every pool full, not woken since)."""
        return not self.wanted.is_set()

    def search_of(self, mode: Mode, tier: Tier) -> tuple[float, int] | None:
        """How long the filler has looked for a deal of ``mode`` and ``tier``: the seconds
        since a player asked for one and the mode's ratings done since (0 and 0 for a pool
        it keeps full unasked); None if it does not look for one (stopped, or not asked)."""
        if not self.is_alive() or self.background.stopping:
            return None
        if self.misses.get((mode, tier), 0) >= MAX_TIER_TRIES:
            return None
        with self.asked_lock:
            asked = self.asked_at.get((mode, tier)) if (mode, tier) in self.asked else None
        if asked is not None:
            since, ratings = asked
            return time.monotonic() - since, self.mode_ratings[mode] - ratings
        return (0.0, 0) if mode in self.tier_modes else None

    def measured(self, seconds: float) -> None:
        """A rating here took ``seconds``."""
        self.rating_times.append(seconds)

    def rating_seconds(self) -> float:
        """A rating's median time here (`RATING_SECONDS` before the first)."""
        if not self.rating_times:
            return RATING_SECONDS
        return sorted(self.rating_times)[len(self.rating_times) // 2]

    def expected_ratings(self, mode: Mode, tier: Tier) -> float:
        """How many ratings finding a deal of ``tier`` in ``mode`` takes on average: one
        over the tier's share of the mode's rated deals in the shipped pool (measured when
        it was made; those of the same draw if the pool has none of the mode), or one per
        tier where there are none."""
        counts = self.pool.counts()
        of_mode = {key: count for key, count in counts.items() if key[0] == mode}
        if not of_mode:
            of_mode = {key: count for key, count in counts.items() if key[0][1] == mode[1]}
        total = sum(of_mode.values())
        share = sum(count for key, count in of_mode.items() if key[1] == tier) / (total or 1)
        return 1 / share if share > 0 else float(len(TIERS))

    def counts(self) -> dict[Pool, int]:
        """The proved deals ready in each pool, the shipped deals not started yet of
        ``pool`` counted with those of their tier."""
        counts: dict[Pool, int] = {}
        for tier in ("", *TIERS):
            for mode, count in self.db.read(store.proved_deal_counts, tier).items():
                counts[mode, tier] = count
        for mode, tier in self.pool.counts():
            fresh = len(self.db.read(fresh_shipped, self.pool, mode, tier))
            counts[mode, tier] = counts.get((mode, tier), 0) + fresh
        return counts

    def missing(self) -> list[Pool]:
        """The pools with fewer proved deals than their size: those a player asked for
        first, then the deals not rated (the emptiest first), then the tiers."""
        counts = self.counts()
        untiered = [mode for mode in self.modes if counts.get((mode, ""), 0) < self.size]
        untiered.sort(key=lambda mode: counts.get((mode, ""), 0))
        tiered = [
            (mode, tier)
            for mode in self.tier_modes
            for tier in TIERS
            if counts.get((mode, tier), 0) < self.tier_size
            and self.misses.get((mode, tier), 0) < MAX_TIER_TRIES
        ]
        short = [(mode, "") for mode in untiered] + tiered
        with self.asked_lock:
            self.asked = [pool for pool in self.asked if pool in short]
            self.asked_at = {pool: self.asked_at[pool] for pool in self.asked}
            asked = list(self.asked)
        return asked + [pool for pool in short if pool not in asked]

    def _next_deal(self) -> Turn | None:
        """The next deal to prove, if the pools may be short (the lock held), else None."""
        if not self.wanted.is_set():
            return None
        self.wanted.clear()  # before looking: a wake from now on is not lost
        return self._fill

    def _fill(self) -> None:
        """Prove a random deal for the first pool `missing` a deal, and keep it there."""
        try:
            pools = self.missing()
        except (sqlite3.Error, store.DatabaseError):
            pools = []
        if not pools:
            return
        self.wanted.set()  # more to do after this deal
        mode, tier = pools[0]
        try:
            proof = self._prove(self.chooser.randrange(DEAL_COUNT), mode, rated=bool(tier))
        except SolverBusy:
            self.background.pause(BUSY_PAUSE)  # the lane is full: try again a little later
            return
        except SolverFailed as err:
            if self.workers.closed:
                self.background.stop()
                return
            log.warning("klondike: the proved-deal filler goes on after: %s", err)
            return
        except Exception as err:  # the proof failed: said, and the next deal is tried
            log.warning("klondike: the proved-deal filler could not prove a deal: %r", err)
            return
        if proof is None or self.background.stopping:
            return
        if tier and proof.get("tier") != tier:
            self.misses[mode, tier] = self.misses.get((mode, tier), 0) + 1
        self._keep(mode, proof)

    def _prove(self, deal: int, mode: Mode, *, rated: bool) -> Proof | None:
        """A proof of ``deal`` in ``mode`` (rated too, in the rating lane, if ``rated``)."""
        if not rated:
            return self.workers.submit(
                "background", self.budget, prove, deal, mode, self.budget
            ).result()
        found: RatedProof | None = self.workers.submit(
            "rating", RATING_LIMIT, prove_and_rate, deal, mode, self.budget
        ).result()
        if found is not None:
            self.measured(found["rating_seconds"])
            self.ratings += 1
            self.mode_ratings[mode] += 1
        return found

    def _keep(self, mode: Mode, proof: Proof) -> None:
        """Keep a proved deal in its pool: its tier's if rated and that pool is short, else
        with the deals not rated if that pool is short, else not at all."""
        tier = str(proof.get("tier", ""))
        wins = proof.get("wins")
        try:
            counts = self.counts()
            if tier and counts.get((mode, tier), 0) >= self.tier_size:
                tier, wins = "", None
            if not tier and counts.get((mode, ""), 0) >= self.size:
                return
            kept = store.KeptProof(
                proof["deal"],
                proof["line"],
                proof["states"],
                proof["seconds"],
                tier,
                wins if isinstance(wins, int) else None,
            )
            self.db.write(store.add_proved_deal, mode, kept)
        except (sqlite3.Error, store.DatabaseError):  # the file went: nothing is kept
            return
