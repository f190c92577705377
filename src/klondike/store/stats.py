"""Statistics and the history of recent games, read from the games table.

Pure functions over a database connection that return data (no HTTP, no printing):
`summary` gives the figures per version and mode, `recent` the newest games, `reset` zeroes
the figures but keeps the history. ``klondike stats`` (in :mod:`klondike.cli`) prints them.

A game counts in the statistics once it is finished (won or abandoned) and while its
``counted`` flag is 1; the game in progress never counts.

>>> from klondike.store.database import open_database
>>> conn = open_database(":memory:")
>>> [(mode["rules"], mode["draw"], mode["scoring"], mode["played"]) for mode in summary(conn)]
... # doctest: +NORMALIZE_WHITESPACE
[('app', 1, 'normal', 0), ('app', 3, 'normal', 0), ('app', 1, 'vegas', 0),
 ('app', 3, 'vegas', 0), ('classic', 1, 'none', 0), ('classic', 3, 'none', 0),
 ('solitaer', 3, 'none', 0)]
>>> recent(conn)
[]
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import date
from typing import Any, Literal

from typing_extensions import TypedDict  # pydantic reads these on Python 3.11

from klondike.rules import MODES, Mode, rules_for
from klondike.text import score_text
from klondike.tiers import TIERS

from .database import atomic

log = logging.getLogger(__name__)
"""Where rows of an edited or damaged file that the statistics leave out are said."""


class TierStats(TypedDict):
    """The games of one mode dealt as winnable deals of one tier."""

    tier: str
    played: int
    won: int
    win_rate: float


class ModeStats(TypedDict):
    """The statistics of one mode (version, draw and scoring), as `summary` gives them."""

    rules: str
    draw: int
    scoring: str
    played: int
    won: int
    win_rate: float
    current_streak: int
    longest_streak: int
    best_score: int | None
    fastest_win_ms: int | None
    fewest_moves: int | None
    perfect_wins: int
    hints: int
    fair_hints: int
    peeked_hints: int
    vegas_balance: int | None
    tiers: list[TierStats]


class DailyFigures(TypedDict):
    """Days played and won of daily deals, the fastest win, and the streaks of days won one
    after the other (the current one ending today or yesterday)."""

    played: int
    won: int
    fastest_win_ms: int | None
    current_streak: int
    longest_streak: int
    won_today: bool


class DailyTierStats(DailyFigures):
    """The daily deals of one mode and tier."""

    tier: str


class DailyStats(DailyFigures):
    """The daily deals of one mode, as `daily_summary` gives them (those of any tier);
    ``tiers``, the daily deals of each tier, apart."""

    rules: str
    draw: int
    scoring: str
    tiers: list[DailyTierStats]


class RecentGame(TypedDict):
    """One game of the history, as `recent` gives it."""

    id: int
    code: str
    rules: str
    draw: int
    scoring: str
    result: Literal["won", "abandoned", "playing"]
    score: int
    score_text: str
    moves: int
    elapsed_ms: int
    started_at: str
    ended_at: str | None
    tier: str | None


# The figures of each mode, over the counted finished games (the streaks are computed apart).
_FIGURES_SQL = """
SELECT rules,
       draw,
       scoring,
       COUNT(*)                                          AS played,
       SUM(status = 'won')                               AS won,
       MAX(score)                                        AS best_score,
       MIN(CASE WHEN status = 'won' THEN elapsed_ms END) AS fastest_win_ms,
       MIN(CASE WHEN status = 'won' THEN moves END)      AS fewest_moves,
       SUM(status = 'won' AND undos = 0 AND hints = 0
           AND fair_hints = 0 AND peeked_hints = 0)      AS perfect_wins,
       SUM(score)                                        AS score_total,
       SUM(hints)                                        AS hints,
       SUM(CASE WHEN typeof(fair_hints) = 'integer' AND fair_hints > 0
                THEN fair_hints ELSE 0 END)              AS fair_hints,
       SUM(CASE WHEN typeof(peeked_hints) = 'integer' AND peeked_hints > 0
                THEN peeked_hints ELSE 0 END)            AS peeked_hints
  FROM games
 WHERE counted = 1
   AND status IN ('won', 'abandoned')
 GROUP BY rules, draw, scoring
"""

# The results of the counted finished games in the order they ended, for the streaks.
_RESULTS_SQL = """
SELECT rules, draw, scoring, status = 'won' AS won
  FROM games
 WHERE counted = 1
   AND status IN ('won', 'abandoned')
 ORDER BY ended_at, id
"""

_COLUMNS = (
    "id, code, rules, draw, scoring, status, score, moves, elapsed_ms, started_at, ended_at, tier"
)

# The game in progress: the newest open game.
_IN_PROGRESS_SQL = f"""
SELECT {_COLUMNS}
  FROM games
 WHERE status = 'playing'
 ORDER BY id DESC
 LIMIT 1
"""

# The finished games, the last ended first (counted or not: a reset keeps the history);
# a game left before any action was accepted in it is no part of the history.
_FINISHED_SQL = f"""
SELECT {_COLUMNS}
  FROM games
 WHERE status = 'won' OR (status = 'abandoned' AND version > 0)
 ORDER BY ended_at DESC, id DESC
 LIMIT ?
"""

# The games of each mode and tier (dealt as winnable deals of a tier), counted and finished.
_TIERS_SQL = """
SELECT rules, draw, scoring, tier, COUNT(*) AS played, SUM(status = 'won') AS won
  FROM games
 WHERE counted = 1
   AND status IN ('won', 'abandoned')
   AND tier IS NOT NULL
   AND daily IS NULL
 GROUP BY rules, draw, scoring, tier
"""

_RESET_SQL = """
UPDATE games
   SET counted = 0
 WHERE status IN ('won', 'abandoned')
"""


def summary(conn: sqlite3.Connection) -> list[ModeStats]:
    """The statistics of each version's modes, in the order of `MODES`.

    ``played`` counts the counted finished games (won and abandoned); ``win_rate`` is
    ``won / played`` (0.0 when nothing was played); the streaks run over those games in the
    order they ended: ``current_streak`` is the number of wins at the end, ``longest_streak``
    the longest run of wins. ``best_score`` is over all of them, ``fastest_win_ms`` and
    ``fewest_moves`` over the wins, ``perfect_wins`` counts wins without an undo or a hint
    of either kind, ``hints`` the hints taken: ``fair_hints`` chosen from what the player
    can see, ``peeked_hints`` looking at the face-down cards (a game's hints from before
    they were told apart are in ``hints`` only; a count of an edited file that is no whole
    number counts as none). ``vegas_balance`` (Vegas only, else None) is the sum of their
    final scores. A version without a score has ``best_score`` None.
    """
    figures = {(row[0], row[1], row[2]): row[3:] for row in conn.execute(_FIGURES_SQL)}
    by_tier = {(row[0], row[1], row[2], row[3]): row[4:] for row in conn.execute(_TIERS_SQL)}
    streaks = _streaks(conn)
    modes: list[ModeStats] = []
    for key, draw, scoring in MODES:
        row = figures.get((key, draw, scoring))
        played = int(row[0]) if row else 0
        won = int(row[1]) if row else 0
        current, longest = streaks.get((key, draw, scoring), (0, 0))
        vegas = scoring == "vegas"
        scored = rules_for(key).has_score
        modes.append(
            {
                "rules": key,
                "draw": draw,
                "scoring": scoring,
                "played": played,
                "won": won,
                "win_rate": won / played if played else 0.0,
                "current_streak": current,
                "longest_streak": longest,
                "best_score": _int_or_none(row[2]) if row and scored else None,
                "fastest_win_ms": _int_or_none(row[3]) if row else None,
                "fewest_moves": _int_or_none(row[4]) if row else None,
                "perfect_wins": int(row[5]) if row else 0,
                "hints": int(row[7] or 0) if row else 0,
                "fair_hints": int(row[8] or 0) if row else 0,
                "peeked_hints": int(row[9] or 0) if row else 0,
                "vegas_balance": (int(row[6]) if row else 0) if vegas else None,
                "tiers": [
                    _tier_stats(tier, by_tier.get((key, draw, scoring, tier))) for tier in TIERS
                ],
            }
        )
    return modes


def _tier_stats(tier: str, row: tuple[Any, ...] | None) -> TierStats:
    """The figures of a tier from its row of `_TIERS_SQL` (None: no game)."""
    played = int(row[0]) if row else 0
    won = int(row[1] or 0) if row else 0
    return {"tier": tier, "played": played, "won": won, "win_rate": won / played if played else 0.0}


def _streaks(conn: sqlite3.Connection) -> dict[tuple[str, int, str], tuple[int, int]]:
    """(current, longest) winning streak of each mode that has counted finished games."""
    streaks: dict[tuple[str, int, str], tuple[int, int]] = {}
    for key, draw, scoring, won in conn.execute(_RESULTS_SQL):
        current, longest = streaks.get((key, draw, scoring), (0, 0))
        current = current + 1 if won else 0
        streaks[key, draw, scoring] = (current, max(longest, current))
    return streaks


def _int_or_none(value: object) -> int | None:
    """An SQL aggregate as an int; NULL (no row to aggregate) as None, and so is a value
    that is no whole number (a row of an edited or damaged file: the figure is not shown)."""
    if type(value) is float and value.is_integer():
        return int(value)
    return value if type(value) is int else None


def recent(conn: sqlite3.Connection, limit: int = 20) -> list[RecentGame]:
    """The newest games, at most ``limit``: the game in progress first, then the finished
    games, the last ended first (also those left out of the statistics by a reset).

    ``result`` is ``'won'``, ``'abandoned'`` or ``'playing'``; ``score_text`` is the score as
    the app shows it (``'35'``; in Vegas ``'+$208'``, ``'$0'``, ``'-$52'``).
    """
    if limit < 0:
        raise ValueError(f"limit must be 0 or more, not {limit}")
    if limit == 0:
        return []
    rows = list(conn.execute(_IN_PROGRESS_SQL))
    rows += conn.execute(_FINISHED_SQL, (limit - len(rows),))
    games = []
    for row in rows:
        problem = _recent_problem(row)
        if problem is None:
            games.append(_recent_game(row))
        else:
            log.warning("game %r is left out of the history: %s", row[0], problem)
    return games


# The type each column of `_COLUMNS` holds (``ended_at`` may also be NULL).
_RECENT_TYPES: tuple[type, ...] = (int, str, str, int, str, str, int, int, int, str, str, str)


def _recent_problem(row: tuple[Any, ...]) -> str | None:
    """What is wrong with a row of `_COLUMNS` (an edited or damaged file), or None."""
    for name, value, kind in zip(_COLUMNS.split(", "), row, _RECENT_TYPES, strict=True):
        if type(value) is not kind and not (name in ("ended_at", "tier") and value is None):
            return f"its {name} {str(value)[:40]!r} is not {kind.__name__}"
    if row[11] is not None and row[11] not in TIERS:
        return f"its tier {row[11]!r} is none of {', '.join(TIERS)}"
    if row[5] not in ("won", "abandoned", "playing"):
        return f"its status {row[5]!r} is none of won, abandoned, playing"
    if (row[3], row[4]) not in {(draw, scoring) for _, draw, scoring in MODES}:
        return f"its mode {row[3]!r} {row[4]!r} is no mode"
    return None


def _recent_game(row: tuple[Any, ...]) -> RecentGame:
    """A row of `_COLUMNS` as a `RecentGame`."""
    (game_id, code, key, draw, scoring, status, score, moves, elapsed_ms, started_at, ended_at) = (
        row[:11]
    )
    return {
        "id": game_id,
        "code": code,
        "rules": key,
        "draw": draw,
        "scoring": scoring,
        "result": status,
        "score": score,
        "score_text": score_text(score, scoring),
        "moves": moves,
        "elapsed_ms": elapsed_ms,
        "started_at": started_at,
        "ended_at": ended_at,
        "tier": row[11],
    }


def reset(conn: sqlite3.Connection) -> None:
    """Leave every finished game out of the statistics (the history stays); committed.

    The game in progress is not touched: it counts once it is finished.
    """
    with atomic(conn):
        conn.execute(_RESET_SQL)


# The daily games of each mode: one row per day (a day's deal may be played more than once).
_DAILY_SQL = """
SELECT rules,
       draw,
       scoring,
       COALESCE(tier, ''),
       daily,
       MAX(status = 'won')                               AS won,
       MIN(CASE WHEN status = 'won' THEN elapsed_ms END) AS fastest_win_ms
  FROM games
 WHERE daily IS NOT NULL
   AND counted = 1
   AND status IN ('won', 'abandoned')
 GROUP BY rules, draw, scoring, COALESCE(tier, ''), daily
 ORDER BY daily
"""


def daily_summary(conn: sqlite3.Connection, today: date) -> list[DailyStats]:
    """The daily deals of every mode: days played and won, the fastest win, and the
    streaks of days won in a row; the current streak is the run ending today or yesterday
    (``today`` is the player's calendar day).

    >>> from klondike.store.database import open_database
    >>> daily_summary(open_database(":memory:"), date(2026, 1, 1))[0]["played"]
    0
    """
    days: dict[tuple[Mode, str], list[tuple[date, bool, int | None]]] = {}
    for key, draw, scoring, tier, day, won, fastest in conn.execute(_DAILY_SQL):
        try:
            played_on = date.fromisoformat(day)
        except (TypeError, ValueError):
            log.warning("a daily game of the day %r is not counted: that is no date", day)
            continue
        days.setdefault(((key, draw, scoring), tier), []).append(
            (played_on, bool(won), _int_or_none(fastest))
        )
    modes: list[DailyStats] = []
    for mode in MODES:
        key, draw, scoring = mode
        tiers: list[DailyTierStats] = [
            {"tier": tier, **_daily_figures(days.get((mode, tier), []), today)} for tier in TIERS
        ]
        modes.append(
            {
                "rules": key,
                "draw": draw,
                "scoring": scoring,
                "tiers": tiers,
                **_daily_figures(days.get((mode, ""), []), today),
            }
        )
    return modes


def _daily_figures(played: list[tuple[date, bool, int | None]], today: date) -> DailyFigures:
    """The figures of one mode's (and tier's) daily games, the days in order."""
    won_days = [day for day, won, _ in played if won]
    longest = run = 0
    previous: date | None = None
    for day in won_days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    current = run if previous is not None and (today - previous).days <= 1 else 0
    times = [ms for _, won, ms in played if won and ms is not None]
    return {
        "played": len(played),
        "won": len(won_days),
        "fastest_win_ms": min(times, default=None),
        "current_streak": current,
        "longest_streak": longest,
        "won_today": bool(won_days) and won_days[-1] == today,
    }


DayState = Literal["won", "playing", "played"]
"""What a day of the daily calendar shows: its deal won; being played (the game in
progress, not won yet); played and left, not won."""

# The daily games of one mode between two days: a game left before any action is not played.
_DAILY_DAYS_SQL = """
SELECT daily,
       MAX(status = 'won')     AS won,
       MAX(status = 'playing') AS playing
  FROM games
 WHERE daily BETWEEN ? AND ?
   AND rules = ? AND draw = ? AND scoring = ?
   AND COALESCE(tier, '') = ?
   AND (status IN ('won', 'playing') OR version > 0)
 GROUP BY daily
"""


def daily_days(
    conn: sqlite3.Connection, mode: Mode, first: date, last: date, tier: str = ""
) -> dict[date, DayState]:
    """The days from ``first`` to ``last`` whose daily deal of the mode (and ``tier``; '':
    the daily deal of any tier) was played, and how:
    ``'won'`` if any game of it was won, else ``'playing'`` if one is open, else ``'played'``.
    Every game counts, also those a reset left out of the statistics (the history stays).

    >>> from klondike.store.database import open_database
    >>> conn = open_database(":memory:")
    >>> daily_days(conn, ("app", 1, "normal"), date(2026, 1, 1), date(2026, 1, 31))
    {}
    """
    key, draw, scoring = mode
    found: dict[date, DayState] = {}
    rows = conn.execute(
        _DAILY_DAYS_SQL, (first.isoformat(), last.isoformat(), key, draw, scoring, tier)
    )
    for day, won, playing in rows:
        try:
            played_on = date.fromisoformat(day)
        except (TypeError, ValueError):
            log.warning("a daily game of the day %r is not shown: that is no date", day)
            continue
        found[played_on] = "won" if won else "playing" if playing else "played"
    return found
