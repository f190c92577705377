"""Estimates from counts and samples: the Wilson interval of a share, the interval of the
winnable share with undecided deals against both bounds, and percentiles of timings.

The survey (`klondike.solver.survey`), the fair player's shares (`klondike.fair`) and the
benches read them here; none of them owns them.

>>> wilson_interval(8, 10)
(0.4901..., 0.9433...)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> wilson_interval(0, 10)
    (0.0, 0.2775...)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def winnable_interval(winnable: int, unknown: int, deals: int) -> tuple[float, float]:
    """The 95% interval of the winnable share with the unknowns against both bounds: the
    lower bound of the Wilson interval counting them unwinnable, the upper bound counting
    them winnable.

    >>> winnable_interval(8, 0, 10) == wilson_interval(8, 10)
    True
    """
    return (wilson_interval(winnable, deals)[0], wilson_interval(winnable + unknown, deals)[1])


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values``, interpolated linearly between the nearest
    ranks (as ``numpy.percentile`` does by default).

    >>> percentile([1, 2, 3, 4], 0.5), round(percentile([1, 2, 3, 4], 0.95), 6)
    (2.5, 3.85)
    """
    if not values:
        raise ValueError("no values")
    if not 0 <= share <= 1:
        raise ValueError(f"the share must be between 0 and 1, not {share}")
    ordered = sorted(values)
    place = share * (len(ordered) - 1)
    low = math.floor(place)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (place - low))
