"""Proofs that a deal can be won: found by the solver in a worker process (`prove` and the
tasks built on it: a random deal, a rated one, the daily deals), checked by replaying their
winning line in the engine (`replays`) before a kept one is dealt, and their shapes
(`Proof`, `RatedProof`, and `ProofFigures`, what a new game's view may say of one).

The winning line never leaves the server.
"""

from __future__ import annotations

import random
import time
from datetime import date
from typing import Literal

from typing_extensions import TypedDict  # (pydantic reads these on Python 3.11)

from klondike import Game
from klondike.codes import DEAL_COUNT
from klondike.errors import KlondikeError
from klondike.fair import rate, rated_dailies, tier_of
from klondike.rules import Mode, rules_for
from klondike.solver import solve
from klondike.solver.daily import daily_deal
from klondike.tiers import Tier

PROOF_BUDGET = 1.0
"""Seconds the solver may take to prove a deal winnable; deals that take longer are skipped."""


class ProofFigures(TypedDict):
    """How a deal was proved winnable, as a new game's view says it."""

    deal: int
    states: int
    seconds: float


class Proof(ProofFigures):
    """A proof as it is kept: the figures and the winning line (move texts, spaced),
    replayed by `replays` before the deal is served. The line never leaves the server."""

    line: str


class ShippedFigures(TypedDict):
    """What a new game's view says of a deal of the package's shipped pool of rated deals:
    that it is one. It was proved winnable and rated (the view's ``tier``) when the package
    was made; the pool keeps no figures of that proof."""

    deal: int
    shipped: Literal[True]


class ShippedProof(Proof, ShippedFigures):
    """The proof of a shipped deal: its winning line, replayed before it is served; its
    ``states`` and ``seconds`` are 0 (not kept), which no view says (`proof_figures`)."""


def proof_figures(proof: Proof) -> ProofFigures | ShippedFigures:
    """What a view may say of ``proof``: everything but its line; of a shipped deal's, only
    that it is one."""
    if "shipped" in proof:
        return {"deal": proof["deal"], "shipped": True}
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
    tier = tier_of(rating, mode)
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


def prove_until(mode: Mode, budget: float, until: float, seed: int) -> Proof | None:
    """`prove_some` until the wall-clock time ``until`` (``time.time()``): a deadline set
    when the request arrived, so that time spent waiting in the queue counts too."""
    return prove_some(mode, budget, until - time.time(), seed)
