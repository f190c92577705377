"""Statistics and history (klondike.store.stats) over rows written straight into the database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from helpers.rows import add_game, stamp
from klondike import Game
from klondike.store import stats
from klondike.store.database import open_database
from klondike.tiers import TIERS


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    connection = open_database(tmp_path / "x.db")
    yield connection
    connection.close()


def mode(conn: sqlite3.Connection, draw: int, scoring: str) -> stats.ModeStats:
    """The summary entry of one mode."""
    (entry,) = [m for m in stats.summary(conn) if (m["draw"], m["scoring"]) == (draw, scoring)]
    return entry


# ------------------------------------------------------------------------- summary


def test_empty_database_gives_every_versions_modes_of_zeros(conn: sqlite3.Connection) -> None:
    modes = stats.summary(conn)
    assert [(m["rules"], m["draw"], m["scoring"]) for m in modes] == [
        ("app", 1, "normal"),
        ("app", 3, "normal"),
        ("app", 1, "vegas"),
        ("app", 3, "vegas"),
        ("classic", 1, "none"),
        ("classic", 3, "none"),
        ("solitaer", 3, "none"),
    ]
    for m in modes:
        assert m["played"] == m["won"] == m["perfect_wins"] == 0
        assert m["current_streak"] == m["longest_streak"] == 0
        assert m["win_rate"] == 0.0 and isinstance(m["win_rate"], float)
        assert m["best_score"] is None
        assert m["fastest_win_ms"] is None
        assert m["fewest_moves"] is None
        assert m["vegas_balance"] == (0 if m["scoring"] == "vegas" else None)
    assert set(modes[0]) == {
        "rules",
        "draw",
        "scoring",
        "played",
        "won",
        "win_rate",
        "current_streak",
        "longest_streak",
        "best_score",
        "fastest_win_ms",
        "fewest_moves",
        "perfect_wins",
        "hints",
        "fair_hints",
        "peeked_hints",
        "vegas_balance",
        "tiers",
    }
    for m in modes:
        assert [(t["tier"], t["played"], t["won"], t["win_rate"]) for t in m["tiers"]] == [
            (tier, 0, 0, 0.0) for tier in TIERS
        ]


def test_wins_and_abandons(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", score=600, moves=120, undos=2, elapsed_ms=400_000)
    add_game(conn, "abandoned", score=900, moves=40, elapsed_ms=100_000)
    add_game(conn, "won", score=550, moves=110, undos=0, elapsed_ms=350_000)
    add_game(conn, "abandoned", score=10, moves=12, elapsed_ms=20_000)
    m = mode(conn, 1, "normal")
    assert m["played"] == 4
    assert m["won"] == 2
    assert m["win_rate"] == 0.5
    assert m["best_score"] == 900  # best score counts abandoned games too
    assert m["fastest_win_ms"] == 350_000  # wins only: the abandoned 20 s game is not a win
    assert m["fewest_moves"] == 110  # wins only
    assert m["perfect_wins"] == 1
    assert m["vegas_balance"] is None


def test_win_rate_is_a_fraction(conn: sqlite3.Connection) -> None:
    for status in ("won", "abandoned", "abandoned"):
        add_game(conn, status, draw=3)
    assert mode(conn, 3, "normal")["win_rate"] == pytest.approx(1 / 3)


def test_modes_are_kept_apart(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", draw=1, scoring="normal", score=700)
    add_game(conn, "won", draw=3, scoring="normal", score=500)
    add_game(conn, "abandoned", draw=3, scoring="normal", score=100)
    add_game(conn, "abandoned", draw=1, scoring="vegas", score=-27)
    add_game(conn, "won", draw=3, scoring="vegas", score=208)
    add_game(conn, "won", draw=3, rules="classic", moves=90)
    add_game(conn, "abandoned", draw=3, rules="solitaer", moves=20)
    add_game(conn, "won", draw=3, rules="solitaer", moves=80)
    figures = [(m["played"], m["won"], m["best_score"]) for m in stats.summary(conn)]
    assert figures == [
        (1, 1, 700),
        (2, 1, 500),
        (1, 0, -27),
        (1, 1, 208),
        (0, 0, None),
        (1, 1, None),  # no score in Classic
        (2, 1, None),
    ]
    solitaer = stats.summary(conn)[-1]
    assert (solitaer["fewest_moves"], solitaer["current_streak"]) == (80, 1)


def test_game_in_progress_and_uncounted_games_are_left_out(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", score=300, moves=90, elapsed_ms=200_000)
    add_game(conn, "playing", score=5000, moves=1, elapsed_ms=1000)
    add_game(conn, "won", score=4000, moves=80, elapsed_ms=100_000, counted=0)
    add_game(conn, "abandoned", score=0, moves=0, version=0, counted=0)
    m = mode(conn, 1, "normal")
    assert m["played"] == 1
    assert m["won"] == 1
    assert m["best_score"] == 300
    assert m["fastest_win_ms"] == 200_000
    assert m["fewest_moves"] == 90
    assert m["current_streak"] == m["longest_streak"] == 1


def test_perfect_wins_need_a_win_without_undo(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", undos=0)
    add_game(conn, "won", undos=1)
    add_game(conn, "abandoned", undos=0)  # no undo, but not a win
    add_game(conn, "won", undos=0, counted=0)
    add_game(conn, "won", draw=3, undos=0)
    assert mode(conn, 1, "normal")["perfect_wins"] == 1
    assert mode(conn, 3, "normal")["perfect_wins"] == 1


def test_a_win_with_a_hint_is_not_perfect_and_hints_are_counted(
    conn: sqlite3.Connection,
) -> None:
    add_game(conn, "won", undos=0, hints=0)
    add_game(conn, "won", undos=0, hints=2)
    add_game(conn, "abandoned", hints=3)
    add_game(conn, "playing", hints=5)  # not finished: not yet counted
    m = mode(conn, 1, "normal")
    assert (m["won"], m["perfect_wins"], m["hints"]) == (2, 1, 5)


def _daily(conn: sqlite3.Connection, day: str, status: str, **kw: object) -> None:
    add_game(conn, status, daily=day, **kw)  # type: ignore[arg-type]


def test_daily_summary_counts_days_wins_fastest_and_streaks(conn: sqlite3.Connection) -> None:
    _daily(conn, "2026-11-01", "won", elapsed_ms=300_000)
    _daily(conn, "2026-11-02", "abandoned")
    _daily(conn, "2026-11-02", "won", elapsed_ms=200_000)  # the day's deal played twice
    _daily(conn, "2026-11-03", "won", elapsed_ms=250_000)
    _daily(conn, "2026-11-05", "abandoned")
    _daily(conn, "2026-11-06", "won", elapsed_ms=100_000, counted=0)  # reset away
    _daily(conn, "2026-11-07", "won", draw=3)  # another mode
    add_game(conn, "won", elapsed_ms=1_000)  # not a daily game
    (d1n, d3n, *_) = stats.daily_summary(conn, date(2026, 11, 4))
    assert (d1n["played"], d1n["won"], d1n["fastest_win_ms"]) == (4, 3, 200_000)
    assert (d1n["current_streak"], d1n["longest_streak"], d1n["won_today"]) == (3, 3, False)
    later = stats.daily_summary(conn, date(2026, 11, 5))[0]
    assert later["current_streak"] == 0  # 11-04 was not won: the streak is broken
    assert later["longest_streak"] == 3
    assert (d3n["played"], d3n["won"], d3n["draw"]) == (1, 1, 3)
    today = stats.daily_summary(conn, date(2026, 11, 7))[1]
    assert (today["current_streak"], today["won_today"]) == (1, True)


def test_vegas_balance_sums_the_final_scores(conn: sqlite3.Connection) -> None:
    add_game(conn, "abandoned", scoring="vegas", score=-52)
    add_game(conn, "won", scoring="vegas", score=208)
    add_game(conn, "abandoned", scoring="vegas", score=-27)
    add_game(conn, "playing", scoring="vegas", score=-47)  # not finished: not yet in it
    add_game(conn, "won", scoring="vegas", score=208, counted=0)  # reset away
    add_game(conn, "abandoned", scoring="vegas", draw=3, score=-42)
    add_game(conn, "won", scoring="normal", score=650)
    assert mode(conn, 1, "vegas")["vegas_balance"] == -52 + 208 - 27
    assert mode(conn, 3, "vegas")["vegas_balance"] == -42
    assert mode(conn, 1, "normal")["vegas_balance"] is None
    assert mode(conn, 1, "vegas")["best_score"] == 208


def test_vegas_best_score_may_be_negative(conn: sqlite3.Connection) -> None:
    add_game(conn, "abandoned", scoring="vegas", score=-52)
    add_game(conn, "abandoned", scoring="vegas", score=-37)
    assert mode(conn, 1, "vegas")["best_score"] == -37
    assert mode(conn, 1, "vegas")["vegas_balance"] == -89


@pytest.mark.parametrize(
    ("results", "current", "longest"),
    [
        ("W", 1, 1),
        ("L", 0, 0),
        ("WWLWWW", 3, 3),
        ("WWWLW", 1, 3),
        ("WWWWL", 0, 4),
        ("LWLWWLW", 1, 2),
    ],
)
def test_streaks(conn: sqlite3.Connection, results: str, current: int, longest: int) -> None:
    for result in results:
        add_game(conn, "won" if result == "W" else "abandoned")
    m = mode(conn, 1, "normal")
    assert (m["current_streak"], m["longest_streak"]) == (current, longest)


@pytest.mark.parametrize(
    "games,current,longest",
    [
        # inserted (ids) in the order L W W, but they ended W, L, W: no run of two wins
        pytest.param([("abandoned", 20), ("won", 10), ("won", 30)], 1, 1, id="end-time-not-id"),
        # equal end times: the ids decide
        pytest.param([("won", 10), ("won", 10), ("abandoned", 10)], 0, 2, id="equal-ends-by-id"),
    ],
)
def test_streaks_follow_the_end_time(
    conn: sqlite3.Connection, games: list[tuple[str, int]], current: int, longest: int
) -> None:
    for status, ended in games:
        add_game(conn, status, ended=ended)
    m = mode(conn, 1, "normal")
    assert (m["current_streak"], m["longest_streak"]) == (current, longest)


def test_streaks_are_per_mode(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", draw=1)
    add_game(conn, "abandoned", draw=3)  # another mode: does not break Draw 1's streak
    add_game(conn, "won", draw=1)
    add_game(conn, "won", draw=3, scoring="vegas")
    assert mode(conn, 1, "normal")["current_streak"] == 2
    assert mode(conn, 3, "normal")["current_streak"] == 0
    assert mode(conn, 3, "vegas")["current_streak"] == 1


def test_uncounted_games_do_not_break_a_streak(conn: sqlite3.Connection) -> None:
    add_game(conn, "won")
    add_game(conn, "abandoned", version=0, moves=0, counted=0)  # New game at once: not a loss
    add_game(conn, "won")
    m = mode(conn, 1, "normal")
    assert (m["current_streak"], m["longest_streak"], m["played"]) == (2, 2, 2)


# -------------------------------------------------------------------------- recent


def test_recent_is_newest_first_with_the_game_in_progress_first(
    conn: sqlite3.Connection,
) -> None:
    first = add_game(conn, "won", ended=10)
    third = add_game(conn, "abandoned", ended=30)
    second = add_game(conn, "won", ended=20)
    playing = add_game(conn, "playing", ended=5)
    assert [g["id"] for g in stats.recent(conn)] == [playing, third, second, first]
    assert [g["result"] for g in stats.recent(conn)] == ["playing", "abandoned", "won", "won"]


def test_recent_shows_only_the_newest_open_game(conn: sqlite3.Connection) -> None:
    add_game(conn, "playing")
    add_game(conn, "won")
    newest = add_game(conn, "playing")
    games = stats.recent(conn)
    assert [g["result"] for g in games] == ["playing", "won"]
    assert games[0]["id"] == newest


def test_recent_fields(conn: sqlite3.Connection) -> None:
    game_id = add_game(
        conn, "won", draw=3, score=650, moves=96, elapsed_ms=252_000, ended=60, deal=123
    )
    (game,) = stats.recent(conn)
    assert game == {
        "id": game_id,
        "code": Game.new(3, "normal", deal=123).code,
        "rules": "app",
        "draw": 3,
        "scoring": "normal",
        "result": "won",
        "score": 650,
        "score_text": "650",
        "moves": 96,
        "elapsed_ms": 252_000,
        "started_at": "2026-11-01T01:00:00.000Z",
        "ended_at": "2026-11-01T01:05:00.000Z",
        "tier": None,
    }


def test_recent_game_in_progress_has_no_end(conn: sqlite3.Connection) -> None:
    add_game(conn, "playing", scoring="vegas")
    (game,) = stats.recent(conn)
    assert game["result"] == "playing"
    assert game["ended_at"] is None
    assert game["score_text"] == "-$52"


@pytest.mark.parametrize(
    ("scoring", "score", "text"),
    [
        ("normal", 35, "35"),
        ("normal", 0, "0"),
        ("vegas", 208, "+$208"),
        ("vegas", 0, "$0"),
        ("vegas", -52, "-$52"),
    ],
)
def test_recent_score_text(conn: sqlite3.Connection, scoring: str, score: int, text: str) -> None:
    add_game(conn, "abandoned", scoring=scoring, score=score)
    assert stats.recent(conn)[0]["score_text"] == text


def test_recent_limit(conn: sqlite3.Connection) -> None:
    ids = [add_game(conn, "won") for _ in range(30)]
    assert [g["id"] for g in stats.recent(conn)] == ids[::-1][:20]
    assert [g["id"] for g in stats.recent(conn, limit=3)] == ids[::-1][:3]
    assert stats.recent(conn, limit=0) == []
    playing = add_game(conn, "playing")
    assert [g["id"] for g in stats.recent(conn, limit=3)] == [playing, ids[-1], ids[-2]]
    assert [g["id"] for g in stats.recent(conn, limit=1)] == [playing]
    with pytest.raises(ValueError, match="limit"):
        stats.recent(conn, limit=-1)


def test_recent_keeps_uncounted_games(conn: sqlite3.Connection) -> None:
    counted = add_game(conn, "won")
    uncounted = add_game(conn, "won", counted=0)
    assert [g["id"] for g in stats.recent(conn)] == [uncounted, counted]


def test_recent_leaves_out_games_left_before_any_action(conn: sqlite3.Connection) -> None:
    played = add_game(conn, "abandoned", moves=3)
    add_game(conn, "abandoned", moves=0, version=0, counted=0)
    assert [g["id"] for g in stats.recent(conn)] == [played]


# --------------------------------------------------------------------------- reset


def test_reset_zeroes_the_figures_and_keeps_the_history(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    conn = open_database(path)
    add_game(conn, "won", score=700, undos=0)
    add_game(conn, "won", scoring="vegas", score=208)
    add_game(conn, "abandoned", draw=3)
    playing = add_game(conn, "playing")
    history = stats.recent(conn)
    assert len(history) == 4

    stats.reset(conn)

    empty = open_database(":memory:")
    assert stats.summary(conn) == stats.summary(empty)
    empty.close()
    assert stats.recent(conn) == history
    conn.close()

    # Committed: another connection sees it; the game in progress still counts once finished.
    other = open_database(path)
    assert [m["played"] for m in stats.summary(other)] == [0] * 7
    counted = dict(other.execute("SELECT id, counted FROM games").fetchall())
    assert counted.pop(playing) == 1
    assert set(counted.values()) == {0}
    other.execute(
        "UPDATE games SET status = 'won', ended_at = ? WHERE id = ?", (stamp(10_000), playing)
    )
    m = mode(other, 1, "normal")
    assert (m["played"], m["won"], m["current_streak"], m["longest_streak"]) == (1, 1, 1, 1)
    other.close()


def test_games_after_a_reset_count_again(conn: sqlite3.Connection) -> None:
    add_game(conn, "won", scoring="vegas", score=100)
    add_game(conn, "won", scoring="vegas", score=100)
    stats.reset(conn)
    add_game(conn, "abandoned", scoring="vegas", score=-40)
    m = mode(conn, 1, "vegas")
    assert (m["played"], m["won"], m["longest_streak"], m["vegas_balance"]) == (1, 0, 0, -40)
    assert m["best_score"] == -40


def test_reset_in_a_non_autocommit_connection_is_committed(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    open_database(path).close()
    conn = sqlite3.connect(path)  # Python's default: implicit transactions
    add_game(conn, "won")
    conn.commit()
    stats.reset(conn)
    conn.close()
    other = open_database(path)
    assert mode(other, 1, "normal")["played"] == 0
    other.close()


def test_hints_are_counted_by_kind_and_either_kind_makes_a_win_not_perfect(
    conn: sqlite3.Connection,
) -> None:
    add_game(conn, "won", hints=1, fair_hints=1)
    add_game(conn, "won", hints=2, peeked_hints=2)
    add_game(conn, "won", hints=3, fair_hints=1, peeked_hints=1)  # one from before the kinds
    add_game(conn, "won")
    m = mode(conn, 1, "normal")
    assert (m["won"], m["perfect_wins"]) == (4, 1)
    assert (m["hints"], m["fair_hints"], m["peeked_hints"]) == (6, 2, 3)


@pytest.mark.parametrize("value", ["many", -4, 2.5])
def test_a_hint_count_of_an_edited_file_that_is_no_whole_number_counts_as_none(
    conn: sqlite3.Connection, value: object
) -> None:
    game_id = add_game(conn, "won", hints=1, fair_hints=1, peeked_hints=1)
    conn.execute("UPDATE games SET fair_hints = ? WHERE id = ?", (value, game_id))
    m = mode(conn, 1, "normal")
    assert (m["fair_hints"], m["peeked_hints"], m["perfect_wins"]) == (0, 1, 0)
