"""The estimates (`klondike.estimates`): the Wilson interval, the winnable interval with the
unknowns against both bounds, percentiles."""

from __future__ import annotations

import pytest

from klondike.estimates import percentile, wilson_interval, winnable_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (8, 10, 0.4902, 0.9433),  # Wilson (1927); Newcombe (1998), table I
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), table I: 81/263
        (15, 148, 0.0624, 0.1605),  # Newcombe (1998), table I: 15/148
    ],
)
def test_wilson_interval_known_values(successes: int, trials: int, low: float, high: float) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(11, 10)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_unknowns_count_against_both_bounds() -> None:
    low, high = winnable_interval(70, 10, 100)
    assert low == wilson_interval(70, 100)[0]
    assert high == wilson_interval(80, 100)[1]
    assert low < 0.70 < 0.80 < high


@pytest.mark.parametrize(
    ("values", "share", "expected"),
    [
        ([1, 2, 3, 4], 0.5, 2.5),
        ([1, 2, 3, 4], 0.95, 3.85),
        ([3, 1, 2], 0.5, 2.0),
        ([7], 0.95, 7.0),
        (list(range(1, 101)), 0.95, 95.05),
        ([5, 1], 1.0, 5.0),
        ([5, 1], 0.0, 1.0),
    ],
)
def test_percentile_known_values(values: list[float], share: float, expected: float) -> None:
    assert percentile(values, share) == pytest.approx(expected)


def test_percentile_refuses_no_values_and_bad_shares() -> None:
    with pytest.raises(ValueError, match="no values"):
        percentile([], 0.5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        percentile([1.0], 95)
