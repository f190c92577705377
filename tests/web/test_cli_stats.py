"""``klondike stats``: the per-mode table, the recent games, and its refusals."""

from __future__ import annotations

import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.rows import add_game
from klondike import Game
from klondike.cli import main
from klondike.codes import format_code
from klondike.store import database as store
from klondike.store.database import open_database


def table_row(out: str, label: str, table: int = 0) -> list[str]:
    """The cells of one row of a version's table (0: the app's; after its label)."""
    lines = [line for line in out.splitlines() if line.startswith(label + "  ")]
    return lines[table][len(label) :].split()


def test_no_database_is_said_and_none_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "new" / "klondike.db"
    assert main(["stats", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"there is no database at {path}" in err
    assert not path.parent.exists()


def test_an_empty_database_prints_zeros(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "klondike.db"
    open_database(path).close()
    assert main(["stats", "--db", str(path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "Draw 1 Normal" in out and "Draw 3 Vegas" in out
    assert table_row(out, "Played") == ["0", "0", "0", "0"]
    assert table_row(out, "Won") == ["0", "0", "0", "0"]
    assert table_row(out, "Win rate") == ["0%", "0%", "0%", "0%"]
    assert table_row(out, "Best score") == ["-", "-", "-", "-"]
    assert table_row(out, "Vegas balance") == ["-", "-", "$0", "$0"]
    assert "Recent games: none yet." in out
    assert "Classic (seed 003)" in out and "Solitär (seed 004)" in out
    assert "Classic Draw 1" in out and "Solitär Draw 3" in out
    assert table_row(out, "Played", 1) == ["0", "0"] and table_row(out, "Played", 2) == ["0"]
    assert len([line for line in out.splitlines() if line.startswith("Best score")]) == 1


def test_statistics_per_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each version's games count in its own column; no score rows where there is no score."""
    path = tmp_path / "x.db"
    conn = open_database(path)
    add_game(conn, "won", rules="classic", draw=3, moves=88, elapsed_ms=61_000, ended=1, deal=5)
    add_game(conn, "abandoned", rules="solitaer", draw=3, moves=12, ended=2, deal=6)
    add_game(conn, "won", rules="solitaer", draw=3, moves=70, ended=3, deal=7)
    add_game(conn, "won", ended=4)
    conn.close()
    assert main(["stats", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert table_row(out, "Played") == ["1", "0", "0", "0"]
    assert table_row(out, "Played", 1) == ["0", "1"]
    assert table_row(out, "Fewest moves", 1) == ["-", "88"]
    assert table_row(out, "Fastest win", 1) == ["-", "1:01"]
    assert table_row(out, "Played", 2) == ["2"]
    assert table_row(out, "Win rate", 2) == ["50%"]
    assert table_row(out, "Current streak", 2) == ["1"]
    recent = out[out.index("Recent games:") :]
    assert "Classic Draw 3" in recent and "KC1-D3X-AAAAAAF" in recent
    assert "Solitär Draw 3" in recent and "KS1-D3X-AAAAAAH" in recent


def test_stats_reads_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An older file is not migrated, a file is not written, a WAL is read as it is."""
    old = tmp_path / "old.db"
    sqlite3.connect(old).close()  # schema 0: a klondike would migrate it
    before = old.read_bytes()
    assert main(["stats", "--db", str(old)]) == 2
    assert "schema 0" in capsys.readouterr().err
    assert old.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["old.db"]

    path = tmp_path / "klondike.db"
    conn = open_database(path)  # left open, as a running server would: games in the WAL
    add_game(conn, "won", draw=3, score=321)
    main_file = path.read_bytes()
    assert main(["stats", "--db", str(path)]) == 0
    assert table_row(capsys.readouterr().out, "Played") == ["0", "1", "0", "0"]
    assert path.read_bytes() == main_file
    conn.close()


def test_figures_and_recent_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.db"
    conn = open_database(path)
    add_game(conn, "won", score=650, moves=96, elapsed_ms=252_000, ended=1, deal=11)
    won = format_code(11, 1, "normal")
    add_game(conn, "abandoned", score=40, moves=20, ended=2, deal=12)
    add_game(conn, "won", score=500, moves=120, undos=3, elapsed_ms=3_723_000, ended=3)
    add_game(conn, "won", draw=3, scoring="vegas", score=208, ended=4, hints=2)
    add_game(conn, "abandoned", draw=3, scoring="vegas", score=-52, ended=5)
    add_game(conn, "abandoned", draw=3, scoring="vegas", score=-27, ended=6)
    add_game(conn, "playing", scoring="vegas", score=-47, moves=3, ended=7, deal=99)
    playing = format_code(99, 1, "vegas")
    conn.close()

    assert main(["stats", "--db", str(path)]) == 0
    out = capsys.readouterr().out

    assert table_row(out, "Played") == ["3", "0", "0", "3"]
    assert table_row(out, "Won") == ["2", "0", "0", "1"]
    assert table_row(out, "Win rate") == ["67%", "0%", "0%", "33%"]
    assert table_row(out, "Current streak") == ["1", "0", "0", "0"]
    assert table_row(out, "Longest streak") == ["1", "0", "0", "1"]
    assert table_row(out, "Best score") == ["650", "-", "-", "+$208"]
    assert table_row(out, "Fastest win") == ["4:12", "-", "-", "5:00"]
    assert table_row(out, "Fewest moves") == ["96", "-", "-", "100"]
    assert table_row(out, "Perfect wins") == ["1", "0", "0", "0"]  # a hint: not perfect
    assert table_row(out, "Hints") == ["0", "0", "0", "2"]
    assert table_row(out, "Fair hints") == table_row(out, "Peeking hints") == ["0", "0", "0", "0"]
    assert table_row(out, "Vegas balance") == ["-", "-", "$0", "+$129"]

    recent = out[out.index("Recent games:") :].splitlines()
    assert recent[1].split() == ["Date", "Mode", "Result", "Score", "Moves", "Time", "Code"]
    games = recent[2:]
    assert len(games) == 7
    assert playing in games[0] and "playing" in games[0] and "-$47" in games[0]
    assert won in games[-1] and "won" in games[-1]
    assert games[-1].split()[-5:] == ["won", "650", "96", "4:12", won]
    assert "1:02:03" in games[-3]


def test_newer_database_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "future.db"
    conn = open_database(path)
    add_game(conn, "won")
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = path.read_bytes()

    assert main(["stats", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "newer version of klondike" in err
    assert str(path) in err
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, just some text that is long enough to look like a file\n")
    before = path.read_bytes()
    assert main(["stats", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("klondike: ") and "not a klondike database" in err
    assert path.read_bytes() == before


def test_the_command_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    conn = open_database(path)
    add_game(conn, "won", draw=3, score=321)
    code = format_code(7, 3, "normal")
    conn.close()
    done = subprocess.run(
        [sys.executable, "-m", "klondike", "stats", "--db", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert table_row(done.stdout, "Played") == ["0", "1", "0", "0"]
    assert code in done.stdout


def test_stats_into_a_pipe_closed_early_ends_quietly(tmp_path: Path) -> None:
    """``klondike stats | head -1``: no BrokenPipeError traceback, status 0."""
    path = tmp_path / "k.db"
    conn = open_database(path)
    for _ in range(300):
        store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"), status="won", version=1)
    conn.close()
    command = [sys.executable, "-m", "klondike", "stats", "--db", str(path)]
    shell = " ".join(shlex.quote(part) for part in command) + " | head -1"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.startswith("Statistics (")
    assert done.stderr == "" and done.returncode == 0
