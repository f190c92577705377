"""What the API asks of the solver: `Solving`, the deal of a new game (proved winnable, of a
difficulty, or the daily deal) and hints, over the open games (`klondike.web.games`). The
solver runs in worker processes (`klondike.web.workers`) so that the server keeps answering
while it thinks; tasks asked for by requests at the same time are shared.

The hint is `klondike.fair.hint`'s: what leaves here for the browser names only a move, its
source and target pile and the face-up card it moves (none for turning the stock), never a
face-down card or the stock's order.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from functools import partial
from typing import Any

import anyio.to_thread

from klondike import Game
from klondike.errors import KlondikeError
from klondike.fair.hint import KeptLine, SolverHint, hint_of
from klondike.fair.pool import RatedPool
from klondike.rules import Mode, mode_of
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.tiers import TIERS, Tier

from .games import Chosen, Games, OpenGame
from .proofs import (
    PROOF_BUDGET,
    Proof,
    RatedProof,
    ShippedProof,
    daily_of,
    prove_until,
    rated_dailies_of,
    replays,
)
from .proved_deals import MAX_TIER_TRIES, RATING_SECONDS, ProvedDeals, deal_ready, fresh_shipped
from .refusals import Refusal
from .tier_waits import DAILY_TIER_RATINGS, TierWait, estimate, waiting
from .workers import SolverBusy, SolverWorkers

HINT_BUDGET = 2.0
"""Seconds the solver may take for a hint."""

SEARCH_SECONDS = 20.0
"""How long a player who asked for a winnable deal, with none kept ready, waits at most."""

DAILY_SECONDS = 60.0
"""How long finding a daily deal may take (it is found in well under a second)."""

DAILY_TIERS_LIMIT = 3600.0
"""Seconds the search for a day's daily deals per tier may take at most (it rates winnable
candidates one after another until every tier has one: minutes)."""

log = logging.getLogger(__name__)


class HintAnswer(SolverHint):
    """A hint as the API answers it (docs/api.md): the move to try and why, for a version of
    a game, and the hints taken in it; nothing is played."""

    id: int
    version: int
    hints: int


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
        pool: RatedPool | None = None,
    ) -> None:
        self.games = games
        self.pool = pool if pool is not None else RatedPool()  # rated deals shipped
        self.chooser = random.SystemRandom()
        self.workers = workers if workers is not None else SolverWorkers()
        self.hint_budget = hint_budget
        self.filler: ProvedDeals | None = None  # keeps proved and rated deals ready
        self.solver_lock = threading.Lock()
        self.hints_pending: dict[int, tuple[int, Future[Any]]] = {}  # game: version, task
        # (day, mode) or (day, mode, "tiers"): the search for that day's daily deal(s)
        self.dailies_pending: dict[tuple[Any, ...], Future[Any]] = {}
        self.daily_tiers_found: dict[tuple[str, Mode], set[str]] = {}  # tiers searched
        self.daily_tiers_since: dict[tuple[str, Mode], float] = {}  # searches' starts
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
        mode = mode_of(game)
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

    def _tier_refusal(self, mode: Mode, tier: Tier, day: str | None, wait: TierWait) -> Refusal:
        """`no_tier_deal` if none was found (``wait``), else `tier_not_ready` and how long
        one takes."""
        key, draw, scoring = mode
        params: dict[str, object] = {"tier": tier, "rules": key, "draw": draw}
        params["scoring"] = scoring
        if wait["state"] == "none":
            found = f" for {day}" if day is not None else f" in {MAX_TIER_TRIES} deals rated"
            return Refusal("no_tier_deal", {**params, "day_text": found})
        params["seconds"] = max(1, round(wait["seconds"]))
        if day is not None:
            params["day"] = day
        return Refusal("tier_not_ready", params)

    def _rating_seconds(self) -> float:
        """A rating's median time here (`RATING_SECONDS` before the first)."""
        return self.filler.rating_seconds() if self.filler is not None else RATING_SECONDS

    def tier_wait(self, mode: Mode, tier: Tier, day: str | None, *, ask: bool) -> TierWait:
        """Where the search for a deal of ``mode`` and ``tier`` stands (the daily deal of
        ``day``, if given); ``ask``: look for one if no one does (and first, if not yet)."""
        if day is not None:
            return self._daily_tier_wait(day, mode, tier, ask=ask)
        with self.games.database("read", "the deals ready") as conn:
            if deal_ready(conn, self.pool, mode, tier):
                return waiting("ready", progress=1.0)
        filler = self.filler
        if filler is not None and filler.misses.get((mode, tier), 0) >= MAX_TIER_TRIES:
            return waiting("none")
        if ask and filler is not None:
            filler.want(mode, tier)
        ratings = filler.expected_ratings(mode, tier) if filler is not None else len(TIERS)
        search = filler.search_of(mode, tier) if filler is not None else None
        searched, done = search if search is not None else (0.0, None)
        seconds, progress = estimate(ratings, self._rating_seconds(), searched)
        return waiting("idle" if search is None else "searching", done, seconds, progress)

    def _daily_tier_wait(self, day: str, mode: Mode, tier: Tier, *, ask: bool) -> TierWait:
        """`tier_wait` for a daily deal: ready if kept or shipped, else `_daily_tier_search`."""
        if self._daily_tier_ready(day, mode, tier) is not None:
            return waiting("ready", progress=1.0)
        return self._daily_tier_search(day, mode, tier, ask=ask)

    def _daily_tier_ready(self, day: str, mode: Mode, tier: Tier) -> int | None:
        """The daily deal of ``day``, a mode and ``tier`` if it is ready: kept here, else
        the shipped pool's (`RatedPool.daily`, the same on every machine) if it replays."""
        deal = self._read_daily_deal(day, mode, tier)
        if deal is not None:
            return deal
        shipped = self.pool.daily(datetime.date.fromisoformat(day), mode, tier)
        if shipped is not None and replays(shipped.deal, shipped.line, mode):
            return shipped.deal
        if shipped is not None:
            log.warning("the shipped daily deal %d of %s does not replay", shipped.deal, day)
        return None

    def _daily_tier_search(self, day: str, mode: Mode, tier: Tier, *, ask: bool) -> TierWait:
        """Where the search for the day's daily deals of every tier stands: one task in the
        rating lane, ahead of the filler's ratings (started if ``ask`` and none runs)."""
        with self.solver_lock:
            searched = self.daily_tiers_found.get((day, mode))
            if searched is not None and tier not in searched:
                return waiting("none")
            future = self.dailies_pending.get((day, mode, "tiers"))
            if (future is None or future.done()) and ask:
                try:
                    future = self.workers.submit(
                        "rating", DAILY_TIERS_LIMIT, rated_dailies_of, day, mode, first=True
                    )
                except SolverBusy:  # other days' searches first: asked again later
                    future = None
                else:
                    self.dailies_pending[day, mode, "tiers"] = future
                    self.daily_tiers_since[day, mode] = time.monotonic()
                    future.add_done_callback(partial(self._keep_daily_tiers, day, mode))
            since = self.daily_tiers_since.get((day, mode))
        if future is None or future.done() or since is None:
            seconds, progress = estimate(DAILY_TIER_RATINGS, self._rating_seconds(), 0.0)
            return waiting("idle", None, seconds, progress)
        elapsed = time.monotonic() - since
        seconds, progress = estimate(DAILY_TIER_RATINGS, self._rating_seconds(), elapsed)
        return waiting("searching", None, seconds, progress)

    def _take_shipped_deal(self, mode: Mode, tier: Tier) -> Proof | None:
        """A shipped deal of ``mode`` and ``tier`` no game here was started from, chosen at
        random, whose winning line replays; or None (one that does not replay is logged)."""
        with self.games.database("read", "the games") as conn:
            fresh = fresh_shipped(conn, self.pool, mode, tier)
        self.chooser.shuffle(fresh)
        for entry in fresh:
            if replays(entry.deal, entry.line, mode):
                shipped: ShippedProof = {
                    "deal": entry.deal,
                    "line": entry.line,
                    "states": 0,
                    "seconds": 0.0,
                    "shipped": True,
                }
                return shipped
            log.warning("the shipped deal %d of %s does not replay: skipped", entry.deal, mode)
        return None

    async def _tier_deal(self, mode: Mode, tier: Tier) -> Chosen:
        """A shipped deal of ``mode`` rated ``tier`` not started here yet, else a kept one;
        else the filler is asked for one first and the request refused: `tier_not_ready`
        (how long one takes), or `no_tier_deal` when the filler has stopped looking (the
        tier is too rare in this mode)."""
        shipped = await anyio.to_thread.run_sync(self._take_shipped_deal, mode, tier)
        if shipped is not None:
            self._deal_taken()
            return Chosen(shipped["deal"], shipped, tier)
        kept = await anyio.to_thread.run_sync(self._take_proved_deal, mode, tier)
        self._deal_taken()
        if kept is not None:
            return Chosen(kept["deal"], kept, tier)
        search = partial(self.tier_wait, mode, tier, None, ask=True)
        raise self._tier_refusal(mode, tier, None, await anyio.to_thread.run_sync(search))

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
        """The daily deal of ``day``, a mode and ``tier``: the one kept here for that day,
        else the shipped pool's (`RatedPool.daily`, the same on every machine), else one
        searched for: the day's daily deals of every tier are searched together in the
        rating lane (minutes: one rating after another), so until then the request is
        refused with `tier_not_ready`; a tier that search did not find is refused with
        `no_tier_deal`."""
        deal = await anyio.to_thread.run_sync(self._daily_tier_ready, day, mode, tier)
        if deal is not None:
            return Chosen(deal, None, tier)
        search = partial(self._daily_tier_search, day, mode, tier, ask=True)
        raise self._tier_refusal(mode, tier, day, await anyio.to_thread.run_sync(search))

    def _keep_daily_tiers(self, day: str, mode: Mode, future: Future[Any]) -> None:
        """Keep the day's daily deals per tier once found (in the worker's thread)."""
        with self.solver_lock:
            if self.dailies_pending.get((day, mode, "tiers")) is future:
                del self.dailies_pending[day, mode, "tiers"]
        if future.cancelled() or future.exception() is not None:
            log.warning("the daily deals per tier of %s %s were not found", day, mode)
            return
        found: dict[str, RatedProof] = future.result()
        if self.filler is not None:  # the day's ratings measure this machine too
            for proof in found.values():
                self.filler.measured(proof["rating_seconds"])
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
        with self.games.database("read", "the settings") as conn:
            peek = bool(preferences.load(conn)["hints_peek"])
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
