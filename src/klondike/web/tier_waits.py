"""Where the search for a deal of a tier stands, as ``GET /api/tier-search`` answers it
(docs/api.md, "Waiting for a deal of a tier"): `TierWait`, and `estimate`, how long it still
takes from the rates measured here.
"""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict  # (pydantic reads these on Python 3.11)

from klondike.tiers import TIERS

WaitState = Literal["ready", "searching", "idle", "none"]
"""``ready``: a deal is ready (starting it deals it at once); ``searching``: one is looked
for; ``idle``: no one looks for one (asking starts the search); ``none``: none was found."""

DAILY_TIER_RATINGS = 2 * len(TIERS)
"""Ratings the search for a day's daily deals of every tier takes, about: candidates rated
one after another until each tier has one."""


class TierWait(TypedDict):
    """Where the search for a deal of a tier stands."""

    state: WaitState
    ratings: int | None  # the mode's ratings done since it was asked for (None: unknown)
    seconds: float  # about how long it still takes (tenths)
    progress: float  # the share of the expected wait gone by, 0 to 1


def estimate(ratings: float, rating_seconds: float, searched: float) -> tuple[float, float]:
    """The seconds a search still takes, and the share of it gone by, when it takes
    ``ratings`` ratings of ``rating_seconds`` each on average and has run ``searched``
    seconds: the expected total less the time searched, and at least one rating (the one
    running) once it is overdue.

    >>> estimate(4, 10.0, 0.0), estimate(4, 10.0, 30.0), estimate(4, 10.0, 90.0)
    ((40.0, 0.0), (10.0, 0.75), (10.0, 0.9))
    """
    total = ratings * rating_seconds
    left = max(total - searched, rating_seconds)
    return max(0.1, round(left, 1)), round(searched / (searched + left), 3)


def waiting(
    state: WaitState, ratings: int | None = None, seconds: float = 0.0, progress: float = 0.0
) -> TierWait:
    """A `TierWait` (by default with nothing to wait for)."""
    return {"state": state, "ratings": ratings, "seconds": seconds, "progress": progress}
