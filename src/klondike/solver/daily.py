"""The daily deal: one proved-winnable deal per calendar day and mode, the same everywhere.

The day's candidates are the deal numbers that SplitMix64 gives for the seed
``4 · day.toordinal() + mode`` (mode 0 = Draw 1 Normal, 1 = Draw 3 Normal, 2 = Draw 1
Vegas, 3 = Draw 3 Vegas), each output's top 35 bits; the daily deal is the first candidate
the solver proves winnable within `DAILY_STATES` positions. A state budget, not a time
budget, so that every machine finds the same deal (with the same solver). docs/deal.md
("The daily deal") describes it step by step.

>>> from datetime import date
>>> next(daily_candidates(date(2026, 1, 1), 1, "normal")) == next(splitmix64(4 * 739617)) >> 29
True
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from ..codes import check_draw, check_scoring
from ..deal import splitmix64
from ..game import Game
from .api import Solution, solve

DAILY_STATES = 20_000
"""The positions the solver may search to prove a candidate winnable."""

DAILY_MODES: tuple[tuple[int, str], ...] = (
    (1, "normal"),
    (3, "normal"),
    (1, "vegas"),
    (3, "vegas"),
)
"""The modes in the order of their number in the seed."""

SAFETY_SECONDS = 30.0
"""A time limit per candidate that only guards against a search that overruns its state
budget; a candidate is proved only within `DAILY_STATES` positions."""

MAX_CANDIDATES = 1000
"""A bound that is never reached in practice (most deals are proved in a few hundred
positions); past it the search gives up with an error rather than running for ever."""


def daily_candidates(day: date, draw: int, scoring: str) -> Iterator[int]:
    """The candidate deal numbers of ``day`` and a mode, in order."""
    mode = DAILY_MODES.index((check_draw(draw), check_scoring(scoring)))
    for value in splitmix64(4 * day.toordinal() + mode):
        yield value >> 29  # the top 35 bits: a deal number 0 … 2**35 - 1


def daily_deal(
    day: date, draw: int, scoring: str, *, max_states: int = DAILY_STATES
) -> tuple[int, Solution]:
    """The daily deal of ``day`` and a mode, and the solver's proof that it can be won."""
    for tried, deal in enumerate(daily_candidates(day, draw, scoring)):
        if tried >= MAX_CANDIDATES:
            break
        solution = solve(Game(deal, draw, scoring), budget=SAFETY_SECONDS, max_states=max_states)
        if solution.verdict == "winnable" and solution.states <= max_states:
            return deal, solution
    raise RuntimeError(f"no daily deal proved for {day} within {MAX_CANDIDATES} candidates")
