"""The solver behind the game: hints, proved-winnable deals and the daily deal, computed in
worker processes so that the server keeps answering while the solver thinks.

`SolverWorkers` owns one worker process per lane, each with its own bounded queue: the
player's hints, deals proved while a player waits (winnable deals only, the daily deal),
and the background (filling the pool of proved deals). A worker that dies or hangs past
its task's time limit is replaced and the task answers `SolverFailed`.
`ProvedDeals` is the thread that keeps a few proved deals per mode ready in the
database, so that "winnable deals only" starts at once. `Solving` is what the API asks:
the deal of a new game (proved winnable, or the daily deal) and hints, over the open games
(`klondike.web.games`) and the workers.

What leaves this module for the browser names only a move: its source and target pile and
the face-up card it moves (none for turning the stock), never a face-down card or the
stock's order.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from datetime import date
from functools import partial
from typing import Any

import anyio.to_thread
from typing_extensions import TypedDict  # (pydantic reads these on Python 3.11)

from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.errors import KlondikeError
from klondike.fair import rate, rated_dailies, tier_of
from klondike.fair.hint import KeptLine, SolverHint, hint_of
from klondike.rules import MODES, Mode, rules_for
from klondike.solver import solve
from klondike.solver.daily import daily_deal
from klondike.store import database as store
from klondike.tiers import TIERS, Tier

from .games import Chosen, Games, OpenGame
from .refusals import Refusal
from .workers import SolverBusy, SolverFailed, SolverWorkers

HINT_BUDGET = 2.0
"""Seconds the solver may take for a hint."""

PROOF_BUDGET = 1.0
"""Seconds the solver may take to prove a deal winnable; deals that take longer are skipped."""

SEARCH_SECONDS = 20.0
"""How long a player who asked for a winnable deal, with none kept ready, waits at most."""

POOL_SIZE = 3
"""Proved deals kept ready per mode."""

log = logging.getLogger(__name__)


class HintAnswer(SolverHint):
    """A hint as the API answers it (docs/api.md): the move to try and why, for a version of
    a game, and the hints taken in it; nothing is played."""

    id: int
    version: int
    hints: int


class ProofFigures(TypedDict):
    """How a deal was proved winnable, as a new game's view says it."""

    deal: int
    states: int
    seconds: float


class Proof(ProofFigures):
    """A proof as it is kept: the figures and the winning line (move texts, spaced),
    replayed by `replays` before the deal is served. The line never leaves the server."""

    line: str


def proof_figures(proof: Proof) -> ProofFigures:
    """What a view may say of ``proof``: everything but its line."""
    return {"deal": proof["deal"], "states": proof["states"], "seconds": proof["seconds"]}


def prove(deal: int, mode: Mode, budget: float) -> Proof | None:
    """The proof that a deal can be won in ``mode`` within ``budget`` seconds, or None."""
    key, draw, scoring = mode
    solution = solve(Game(deal, draw, scoring, rules_for(key)), budget=budget)
    if solution.verdict != "winnable":
        return None
    return {
        "deal": deal,
        "line": " ".join(map(str, solution.line)),
        "states": solution.states,
        "seconds": round(solution.seconds, 3),
    }


def replays(deal: int, line: str, mode: Mode) -> bool:
    """True if ``line`` (move texts, spaced) wins ``deal`` in ``mode`` when played in the
    engine: the check of a kept proof, microseconds long."""
    key, draw, scoring = mode
    game = Game(deal, draw, scoring, rules_for(key))
    try:
        for text in line.split():
            game.play(text)
    except KlondikeError:
        return False
    return game.won


def prove_some(mode: Mode, budget: float, seconds: float, seed: int) -> Proof | None:
    """The first random deal proved winnable within ``budget`` seconds, trying deals for
    at most about ``seconds`` in all (a mode with few winnable deals, Draw 3 Vegas, needs
    dozens of tries); None if none was proved in that time."""
    chooser = random.Random(seed)
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        proof = prove(chooser.randrange(DEAL_COUNT), mode, min(budget, left))
        if proof is not None:
            return proof


class RatedProof(Proof):
    """A proof of a deal rated by difficulty: its tier and the wins of its fair plays."""

    tier: Tier
    wins: int
    rating_seconds: float


def prove_and_rate(deal: int, mode: Mode, budget: float) -> RatedProof | None:
    """`prove` ``deal`` in ``mode``, then rate it (`klondike.fair.rate`); None if it was
    not proved winnable (a tier is only ever given to a deal proved winnable)."""
    proof = prove(deal, mode, budget)
    if proof is None:
        return None
    key, draw, scoring = mode
    rating = rate(Game(deal, draw, scoring, rules_for(key)))
    tier = tier_of(rating, draw)
    return {**proof, "tier": tier, "wins": rating.wins, "rating_seconds": rating.seconds}


def rated_dailies_of(day: str, mode: Mode) -> dict[str, RatedProof]:
    """The daily deal of each tier of ``day`` (ISO date) and a mode that was found
    (`klondike.fair.rated_dailies`), with its proof and rating."""
    found = rated_dailies(date.fromisoformat(day), mode)
    return {
        tier: {
            "deal": rated.deal,
            "line": " ".join(map(str, rated.solution.line)),
            "states": rated.solution.states,
            "seconds": round(rated.solution.seconds, 3),
            "tier": tier,
            "wins": rated.rating.wins,
            "rating_seconds": rated.rating.seconds,
        }
        for tier, rated in found.items()
    }


def daily_of(day: str, mode: Mode) -> Proof:
    """The daily deal of ``day`` (ISO date) and a mode, with its proof."""
    deal, solution = daily_deal(date.fromisoformat(day), mode)
    return {
        "deal": deal,
        "line": " ".join(map(str, solution.line)),
        "states": solution.states,
        "seconds": round(solution.seconds, 3),
    }


# --------------------------------------------------------------- the workers


def prove_until(mode: Mode, budget: float, until: float, seed: int) -> Proof | None:
    """`prove_some` until the wall-clock time ``until`` (``time.time()``): a deadline set
    when the request arrived, so that time spent waiting in the queue counts too."""
    return prove_some(mode, budget, until - time.time(), seed)


TIER_POOL_SIZE = 1
"""Rated deals kept ready per mode and tier."""

RATING_SECONDS = 30.0
"""A rating's time, until one has been measured here: for the wait a tier's deal takes."""

RATING_LIMIT = 600.0
"""Seconds one proof and rating in the rating lane may take at most."""

DAILY_TIERS_LIMIT = 3600.0
"""Seconds the search for a day's daily deals per tier may take at most (it rates winnable
candidates one after another until every tier has one: minutes)."""

MAX_TIER_TRIES = 40
"""Ratings aimed at one tier's pool that may miss it before the filler stops trying (a tier
that is rare in a mode); asking for that tier again starts it over."""

TIER_MODES: tuple[Mode, ...] = (("app", 1, "normal"), ("app", 3, "normal"))
"""The modes whose tiers are kept ready from the start; another mode's once a player asks
for one of its tiers."""

Pool = tuple[Mode, str]
"""A pool of proved deals: a mode and a tier ('': deals not rated)."""


class ProvedDeals(threading.Thread):
    """Keeps proved-winnable deals ready in the database, in the background: `POOL_SIZE`
    per mode, and `TIER_POOL_SIZE` per mode and tier (proved, then rated in the rating
    lane) of ``rated_modes`` and of every mode a player asked a tier of (`want`). A pool a
    player asked for and found empty is filled first.

    Woken by `wake` when a deal is taken; sleeps while every pool is full.
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
    ) -> None:
        super().__init__(name="proved-deals", daemon=True)
        self.db, self.workers = db, workers
        self.size, self.tier_size, self.budget, self.modes = size, tier_size, budget, modes
        self.stopping = threading.Event()
        self.wanted = threading.Event()
        self.wanted.set()
        self.asked: list[Pool] = []  # pools a player found empty, the first asked first
        self.tier_modes = [mode for mode in rated_modes if mode in modes]
        self.misses: dict[Pool, int] = {}  # ratings aimed at a pool that missed it
        self.rating_times: deque[float] = deque(maxlen=20)
        self.ratings = 0  # deals rated since the server started

    def wake(self) -> None:
        """A deal was taken: fill the pools again."""
        self.wanted.set()

    def want(self, mode: Mode, tier: str) -> None:
        """A player found the pool of ``mode`` and ``tier`` empty: fill it first."""
        if (mode, tier) not in self.asked:
            self.asked.append((mode, tier))
        if tier and mode not in self.tier_modes:
            self.tier_modes.append(mode)
        self.misses.pop((mode, tier), None)
        self.wanted.set()

    def stop(self) -> None:
        self.stopping.set()
        self.wanted.set()

    def idle(self) -> bool:
        """True while the filler sleeps (every pool full, not woken since)."""
        return not self.wanted.is_set()

    def rating_seconds(self) -> float:
        """A rating's median time here (`RATING_SECONDS` before the first)."""
        if not self.rating_times:
            return RATING_SECONDS
        return sorted(self.rating_times)[len(self.rating_times) // 2]

    def counts(self) -> dict[Pool, int]:
        """The proved deals ready in each pool."""
        counts: dict[Pool, int] = {}
        for tier in ("", *TIERS):
            for mode, count in self.db.read(store.proved_deal_counts, tier).items():
                counts[mode, tier] = count
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
        self.asked = [pool for pool in self.asked if pool in short]
        return self.asked + [pool for pool in short if pool not in self.asked]

    def run(self) -> None:
        chooser = random.SystemRandom()
        while True:
            self.wanted.wait()
            if self.stopping.is_set():
                return
            self.wanted.clear()  # before looking: a wake from now on is not lost
            try:
                pools = self.missing()
            except (sqlite3.Error, store.DatabaseError):
                pools = []
            if not pools:
                continue
            self.wanted.set()  # more to do after this deal
            mode, tier = pools[0]
            try:
                proof = self._prove(chooser.randrange(DEAL_COUNT), mode, rated=bool(tier))
            except SolverFailed as err:
                if self.workers.closed:
                    return
                log.warning("klondike: the proved-deal filler goes on after: %s", err)
                continue
            except Exception as err:  # the proof failed: said, and the next deal is tried
                log.warning("klondike: the proved-deal filler could not prove a deal: %r", err)
                continue
            if proof is None or self.stopping.is_set():
                continue
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
            self.rating_times.append(found["rating_seconds"])
            self.ratings += 1
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


# --------------------------------------------------------------- the solver's jobs


DAILY_SECONDS = 60.0
"""How long finding a daily deal may take (it is found in well under a second)."""


class Solving:
    """The solver's jobs for the API, over the open games and their store: the deal of a
    new game (one proved winnable, or the daily deal) and hints, computed in ``workers``
    while the server stays free. A full lane refuses with `solver_busy`, a failed task with
    `solver_failed`.

    ``solver_lock`` guards the tasks pending, which requests at the same time share: one
    hint per game (for its newest version asked) and one search per daily deal.
    """

    def __init__(
        self,
        games: Games,
        workers: SolverWorkers | None = None,
        *,
        hint_budget: float = HINT_BUDGET,
    ) -> None:
        self.games = games
        self.workers = workers if workers is not None else SolverWorkers()
        self.hint_budget = hint_budget
        self.filler: ProvedDeals | None = None  # keeps proved and rated deals ready
        self.solver_lock = threading.Lock()
        self.hints_pending: dict[int, tuple[int, Future[Any]]] = {}  # game: version, task
        # (day, mode) or (day, mode, "tiers"): the search for that day's daily deal(s)
        self.dailies_pending: dict[tuple[Any, ...], Future[Any]] = {}
        self.daily_tiers_found: dict[tuple[str, Mode], set[str]] = {}  # tiers searched
        # game: the rest of the winning line of its last hint (never sent), followed while
        # it still wins, so that following the hints makes progress
        self.hint_lines: dict[int, KeptLine] = {}

    # ---- the deal of a new game

    async def choose_deal(
        self,
        draw: int | None,
        scoring: str | None,
        rules: str,
        *,
        daily: str | None,
        tier: Tier | None = None,
    ) -> Chosen:
        """The deal for `Games.new` of the mode: the daily deal of ``daily`` (an ISO date),
        else one proved winnable, within `SEARCH_SECONDS` of now (the request's arrival);
        of ``tier`` if given (one kept ready, else refused with `tier_not_ready` and how long
        one takes, or `no_tier_deal` if none was found)."""
        arrived = time.time()
        try:
            game = Game.new(draw, scoring, rules=rules)  # checks the mode
        except KlondikeError as err:
            raise Refusal.from_engine(err, None) from err
        mode: Mode = (game.rules.key, game.draw, game.scoring)
        if daily is not None and tier is not None:
            return await self._daily_tier_deal(daily, mode, tier)
        if daily is not None:
            return Chosen(await self._daily_deal(daily, mode), None)
        if tier is not None:
            return await self._tier_deal(mode, tier)
        proof = await self._proved_deal(mode, arrived + SEARCH_SECONDS)
        return Chosen(proof["deal"], proof)

    def _take_proved_deal(self, mode: Mode, tier: str = "") -> Proof | None:
        """A kept deal of the mode and tier whose winning line replays, or None; a kept
        proof that does not replay is dropped and logged."""
        while True:
            with self.games.database("new_game") as conn:
                kept = store.take_proved_deal(conn, mode, tier)
            if kept is None:
                return None
            if replays(kept.deal, kept.line, mode):
                return {
                    "deal": kept.deal,
                    "line": kept.line,
                    "states": kept.states,
                    "seconds": kept.seconds,
                }
            log.warning("the proved deal %d of %s does not replay: dropped", kept.deal, mode)

    def _deal_taken(self) -> None:
        if self.filler is not None:
            self.filler.wake()

    async def _proved_deal(self, mode: Mode, until: float) -> Proof:
        """A deal of the mode proved winnable: one kept ready, else one proved now, by the
        wall-clock time ``until`` (queue wait included)."""
        kept = await anyio.to_thread.run_sync(self._take_proved_deal, mode)
        self._deal_taken()
        if kept is not None:
            return kept
        seed = int.from_bytes(os.urandom(8), "big")
        left = until - time.time()
        future = self._submit("proof", left, prove_until, mode, PROOF_BUDGET, until, seed)
        found: Proof | None = await self._solver(future)
        if found is None:
            key, draw, scoring = mode
            raise Refusal("no_proved_deal", {"rules": key, "draw": draw, "scoring": scoring})
        return found

    def _tier_refusal(self, mode: Mode, tier: Tier, ratings: int, day: str | None) -> Refusal:
        """`tier_not_ready`: a deal of ``tier`` takes about ``ratings`` ratings to find."""
        seconds = self.filler.rating_seconds() if self.filler is not None else RATING_SECONDS
        key, draw, scoring = mode
        params: dict[str, object] = {
            "tier": tier,
            "rules": key,
            "draw": draw,
            "scoring": scoring,
            "seconds": max(1, round(seconds * ratings)),
        }
        if day is not None:
            params["day"] = day
        return Refusal("tier_not_ready", params)

    async def _tier_deal(self, mode: Mode, tier: Tier) -> Chosen:
        """A kept deal of ``mode`` rated ``tier``; else the filler is asked for one first and
        the request refused: `tier_not_ready` (how long one takes), or `no_tier_deal` when
        the filler has stopped looking (the tier is too rare in this mode)."""
        kept = await anyio.to_thread.run_sync(self._take_proved_deal, mode, tier)
        self._deal_taken()
        if kept is not None:
            return Chosen(kept["deal"], kept, tier)
        if self.filler is not None and self.filler.misses.get((mode, tier), 0) >= MAX_TIER_TRIES:
            key, draw, scoring = mode
            params: dict[str, object] = {"tier": tier, "rules": key, "draw": draw}
            params.update(scoring=scoring, day_text=f" in {MAX_TIER_TRIES} deals rated")
            raise Refusal("no_tier_deal", params)
        if self.filler is not None:
            self.filler.want(mode, tier)
        raise self._tier_refusal(mode, tier, len(TIERS), None)

    def _read_daily_deal(self, day: str, mode: Mode, tier: str = "") -> int | None:
        """The kept daily deal of ``day`` (and ``tier``) whose winning line replays, or None
        (a kept row that does not replay is logged, and the deal found again)."""
        with self.games.database("read", "the daily deal") as conn:
            kept = store.daily_deal_of(conn, day, mode, tier)
        if kept is not None and replays(kept.deal, kept.line, mode):
            return kept.deal
        if kept is not None:
            log.warning("the daily deal %d of %s %s does not replay", kept.deal, day, mode)
        return None

    def _keep_daily_deal(self, day: str, mode: Mode, found: Proof) -> None:
        tier, wins = str(found.get("tier", "")), found.get("wins")
        kept = store.KeptProof(
            found["deal"], found["line"], tier=tier, wins=wins if isinstance(wins, int) else None
        )
        with self.games.database("new_game") as conn:
            store.keep_daily_deal(conn, day, mode, kept)

    async def _daily_deal(self, day: str, mode: Mode) -> int:
        """The daily deal of ``day`` and a mode: found once (requests at the same time share
        the search), then read from the database."""
        deal = await anyio.to_thread.run_sync(self._read_daily_deal, day, mode)
        if deal is not None:
            return deal
        with self.solver_lock:
            future = self.dailies_pending.get((day, mode))
            if future is None or future.done():
                future = self._submit("proof", DAILY_SECONDS, daily_of, day, mode)
                self.dailies_pending[day, mode] = future
        found: Proof = await self._solver(future)
        await anyio.to_thread.run_sync(self._keep_daily_deal, day, mode, found)
        with self.solver_lock:
            if self.dailies_pending.get((day, mode)) is future:
                del self.dailies_pending[day, mode]
        return found["deal"]

    async def _daily_tier_deal(self, day: str, mode: Mode, tier: Tier) -> Chosen:
        """The daily deal of ``day``, a mode and ``tier``, kept once found. The day's daily
        deals of every tier are searched together in the rating lane (minutes: one rating
        after another), so until then the request is refused with `tier_not_ready`; a tier
        that search did not find is refused with `no_tier_deal`."""
        deal = await anyio.to_thread.run_sync(self._read_daily_deal, day, mode, tier)
        if deal is not None:
            return Chosen(deal, None, tier)
        with self.solver_lock:
            searched = self.daily_tiers_found.get((day, mode))
            if searched is not None and tier not in searched:
                key, draw, scoring = mode
                params: dict[str, object] = {"tier": tier, "rules": key, "draw": draw}
                params.update(scoring=scoring, day_text=f" for {day}")
                raise Refusal("no_tier_deal", params)
            future = self.dailies_pending.get((day, mode, "tiers"))
            if future is None or future.done():
                try:
                    future = self.workers.submit(
                        "rating", DAILY_TIERS_LIMIT, rated_dailies_of, day, mode
                    )
                except SolverBusy:  # other days' searches first: not ready, said so
                    raise self._tier_refusal(mode, tier, 4 * len(TIERS), day) from None
                self.dailies_pending[day, mode, "tiers"] = future
                future.add_done_callback(partial(self._keep_daily_tiers, day, mode))
        raise self._tier_refusal(mode, tier, 2 * len(TIERS), day)

    def _keep_daily_tiers(self, day: str, mode: Mode, future: Future[Any]) -> None:
        """Keep the day's daily deals per tier once found (in the worker's thread)."""
        with self.solver_lock:
            if self.dailies_pending.get((day, mode, "tiers")) is future:
                del self.dailies_pending[day, mode, "tiers"]
        if future.cancelled() or future.exception() is not None:
            log.warning("the daily deals per tier of %s %s were not found", day, mode)
            return
        found: dict[str, RatedProof] = future.result()
        try:
            for proof in found.values():
                self._keep_daily_deal(day, mode, proof)
        except Refusal as err:
            log.warning("the daily deals per tier of %s %s were not kept: %s", day, mode, err)
            return
        with self.solver_lock:
            self.daily_tiers_found[day, mode] = set(found)

    # ---- hints

    async def hint(self, game_id: int, version: int) -> dict[str, Any]:
        """A hint for ``version`` of an open game, computed in a solver process (the game
        and the server stay free meanwhile); a hint that suggests a move is counted if the
        game is still open when it is answered."""
        entry, future = await anyio.to_thread.run_sync(self._ask_hint, game_id, version)
        found, rest = await self._solver(future)
        with self.solver_lock:
            self.hint_lines[game_id] = rest
        return await anyio.to_thread.run_sync(self._count_hint, entry, version, dict(found))

    def _ask_hint(self, game_id: int, version: int) -> tuple[OpenGame, Future[Any]]:
        """The hint task for ``version`` of a game: the one pending for that version (shared),
        else a new one; an older version's pending hint is withdrawn (`hint_superseded`)."""
        entry, snapshot = self.games.hint_position(game_id, version)
        peek = bool(self.games.settings()["hints_peek"])
        with self.solver_lock:
            pending = self.hints_pending.get(game_id)
            if pending is not None and not pending[1].done():
                older, future = pending
                if older == version:
                    return entry, future
                params: dict[str, object] = {"id": game_id, "version": older, "newer": version}
                self.workers.withdraw("hint", future, Refusal("hint_superseded", params))
            line = self.hint_lines.get(game_id, ())
            future = self._submit(
                "hint", self.hint_budget, hint_of, snapshot, self.hint_budget, line, peek
            )
            self.hints_pending[game_id] = (version, future)
        return entry, future

    def _count_hint(self, entry: OpenGame, version: int, answer: dict[str, Any]) -> dict[str, Any]:
        """Count a hint that names a move (`Games.hint_given`); the answer with the game's id,
        version and hints."""
        with self.solver_lock:
            pending = self.hints_pending.get(entry.id)
            if pending is not None and pending[1].done():
                del self.hints_pending[entry.id]
        hints = self.games.hint_given(
            entry, names_move=answer["move"] is not None, peeked=bool(answer["peeked"])
        )
        answer.update(id=entry.id, version=version, hints=hints)
        return answer

    # ---- the workers

    def _submit(
        self, lane: str, limit: float, function: Callable[..., Any], *args: Any
    ) -> Future[Any]:
        """Queue a solver task; a full queue is refused with `solver_busy`."""
        try:
            return self.workers.submit(lane, limit, function, *args)
        except SolverBusy as err:
            params: dict[str, object] = {"lane": err.lane, "retry_after": err.retry_after}
            raise Refusal("solver_busy", params) from err
        except Exception as err:
            raise Refusal("solver_failed", {"detail": str(err) or type(err).__name__}) from err

    async def _solver(self, future: Future[Any]) -> Any:
        """The result of a solver task, awaited without holding a thread (the task's lane
        enforces its time limit); its failure becomes a refusal. Several requests may wait
        for one task: none of them cancels it."""
        try:
            return await asyncio.shield(asyncio.wrap_future(future))
        except Refusal:
            raise
        except Exception as err:
            raise Refusal("solver_failed", {"detail": str(err) or type(err).__name__}) from err
