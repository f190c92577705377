"""The daily deal: one proved-winnable deal per calendar day and mode, the same everywhere.

The day's candidates are the deal numbers that SplitMix64 gives for the seed
``16 · day.toordinal() + m``, where ``m`` is the mode's place in `klondike.rules.MODES`
(0 = Klondike Draw 1 Normal, 1 = Draw 3 Normal, 2 = Draw 1 Vegas, 3 = Draw 3 Vegas,
4 = Classic Draw 1, 5 = Classic Draw 3, 6 = Solitär Draw 3), each output's top 35 bits; the
daily deal is the first candidate the solver proves winnable within `DAILY_STATES`
positions. A state budget, not a time budget, so that every machine finds the same deal
(with the same solver). docs/deal.md ("The daily deal") describes it step by step.

>>> from datetime import date
>>> first = next(daily_candidates(date(2026, 1, 1), ("app", 1, "normal")))
>>> first == next(splitmix64(16 * 739617)) >> 29
True
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from ..deal import splitmix64
from ..game import Game
from ..rules import MODES, Mode, rules_for
from .api import Solution, solve

FIRST_DAY = date(2000, 1, 1)
"""The first day that has a daily deal: any day from it to today can be played."""

DAILY_STATES = 20_000
"""The positions the solver may search to prove a candidate winnable."""

SEED_STRIDE = 16
"""Seeds per day: room for every mode (`MODES` has 7) and modes added later."""

SAFETY_SECONDS = 30.0
"""A time limit per candidate that only guards against a search that overruns its state
budget; a candidate is proved only within `DAILY_STATES` positions."""

MAX_CANDIDATES = 1000
"""A bound that is never reached in practice (most deals are proved in a few hundred
positions); past it the search gives up with an error rather than running for ever."""


def daily_candidates(day: date, mode: Mode) -> Iterator[int]:
    """The candidate deal numbers of ``day`` and a mode (version, draw, scoring), in order.

    Raises ValueError for a mode no version has.
    """
    if mode not in MODES:
        raise ValueError(f"no version plays {mode!r}; the modes are {MODES!r}")
    for value in splitmix64(SEED_STRIDE * day.toordinal() + MODES.index(mode)):
        yield value >> 29  # the top 35 bits: a deal number 0 … 2**35 - 1


def daily_proved(
    day: date, mode: Mode, *, max_states: int = DAILY_STATES
) -> Iterator[tuple[int, Solution]]:
    """The candidates of ``day`` and a mode that the solver proves winnable, in order, each
    with its proof; the first is the daily deal, the rest serve the daily deals per
    difficulty (`klondike.fair.rated_dailies`)."""
    key, draw, scoring = mode
    rules = rules_for(key)
    for tried, deal in enumerate(daily_candidates(day, mode)):
        if tried >= MAX_CANDIDATES:
            break
        game = Game(deal, draw, scoring, rules)
        solution = solve(game, budget=SAFETY_SECONDS, max_states=max_states)
        if solution.verdict == "winnable" and solution.states <= max_states:
            yield deal, solution
    raise RuntimeError(f"no daily deal proved for {day} within {MAX_CANDIDATES} candidates")


def daily_deal(day: date, mode: Mode, *, max_states: int = DAILY_STATES) -> tuple[int, Solution]:
    """The daily deal of ``day`` and a mode, and the solver's proof that it can be won."""
    return next(daily_proved(day, mode, max_states=max_states))
