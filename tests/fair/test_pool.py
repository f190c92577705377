"""The pool of rated deals shipped in the package: every tier of the app's Draw 1 and Draw 3
Normal there from the first start, each line a win, each rating the same when made again,
each day's daily deal the same on every machine, and a damaged or edited file refused."""

from __future__ import annotations

import gzip
import json
import logging
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import distributed
import pytest

from klondike import Game
from klondike.cli import main
from klondike.fair import TIERS, rate, tier_of
from klondike.fair.pool import (
    PoolDeal,
    PoolRefused,
    RatedPool,
    pool_data,
    pool_file,
    rows_digest,
    shipped_pool,
    write_pool,
)
from klondike.rules import MODES, Mode, rules_for
from klondike.solver import solve

D1N, D3N = ("app", 1, "normal"), ("app", 3, "normal")
OTHER_MODES = [mode for mode in MODES if mode not in (D1N, D3N)]

PER_TIER = 24
"""Deals the shipped pool holds at least per tier of the app's Draw 1 and Draw 3 Normal: two
dozen (a player can start that many of each tier before the filler must rate one)."""

PER_OTHER_TIER = 4
"""Deals the shipped pool holds at least per tier of every other mode: a tier's first deals
start at once there too."""


def line_of(deal: int, draw: int) -> str:
    """A winning line of ``deal`` in the app's Draw ``draw`` Normal."""
    found = solve(Game(deal, draw, "normal"), max_states=200_000)
    assert found.verdict == "winnable"
    return " ".join(map(str, found.line))


def easy(deal: int, line: str) -> PoolDeal:
    """A Draw 1 deal rated easy (all eight plays won)."""
    return PoolDeal(D1N, deal, "easy", 8, 8, 416, line)


@pytest.fixture(scope="module")
def shipped() -> RatedPool:
    return RatedPool.read(pool_file())


def test_the_shipped_pool_has_every_tier_of_every_mode(shipped: RatedPool) -> None:
    for mode in MODES:
        least = PER_TIER if mode in (D1N, D3N) else PER_OTHER_TIER
        for tier in TIERS:
            assert len(shipped.deals(mode, tier)) >= least, (mode, tier)
    assert pool_file().stat().st_size < 300_000  # bytes
    assert shipped_pool().counts() == shipped.counts()


def test_every_shipped_line_wins_its_deal(shipped: RatedPool) -> None:
    for entry in shipped.all():
        key, draw, scoring = entry.mode
        game = Game(entry.deal, draw, scoring, rules_for(key))
        for text in entry.line.split():
            game.play(text)
        assert game.won, (entry.mode, entry.deal)


@pytest.mark.parametrize("mode", [D1N, D3N, ("app", 1, "vegas")])
def test_a_shipped_rating_is_made_again_exactly(shipped: RatedPool, mode: Mode) -> None:
    """A rating is counts of fair plays: the same on every machine. One deal per mode (the
    smallest number of the hardest tier the pool has: its plays are the longest)."""
    entry = shipped.deals(mode, "expert")[0]
    again = rate(Game(entry.deal, mode[1], mode[2], rules_for(mode[0])))
    assert (again.wins, again.plays, again.home) == (entry.wins, entry.plays, entry.home)
    assert tier_of(again, mode) == entry.tier


def test_the_daily_deal_of_a_tier_is_fixed_by_the_day_and_comes_round_once_per_cycle(
    shipped: RatedPool,
) -> None:
    deals = shipped.deals(D3N, "hard")
    first = date(2027, 3, 1)
    month = [shipped.daily(first + timedelta(days), D3N, "hard") for days in range(len(deals))]
    assert {entry.deal for entry in month if entry} == {entry.deal for entry in deals}
    again = RatedPool.read(pool_file())
    assert again.daily(first, D3N, "hard") == month[0]
    assert shipped.daily(first + timedelta(len(deals)), D3N, "hard") == month[0]


def test_a_pool_round_trips_through_its_file(tmp_path: Path) -> None:
    path = tmp_path / "pool.json.gz"
    entry = easy(6, line_of(6, 1))
    write_pool(path, [entry])
    assert list(RatedPool.read(path).all()) == [entry]
    before = path.read_bytes()
    write_pool(path, [entry])
    assert path.read_bytes() == before  # the same bytes each time: a file git can diff


def edited(change: str) -> dict[str, Any]:
    """A pool file's content with one thing changed, its digest made again (but for
    ``"digest"``: a row changed and the digest not)."""
    data = pool_data([easy(6, "T1-F1 S-W"), easy(7, "T2-F2")])
    rows = data["deals"]
    changes = {
        "digest": lambda: rows[0].__setitem__(3, 8),
        "tier": lambda: rows[0].__setitem__(4, "medium"),
        "wins": lambda: rows[0].__setitem__(5, 9),
        "deal": lambda: rows[0].__setitem__(3, -1),
        "twice": lambda: rows.__setitem__(1, list(rows[0])),
        "mode": lambda: rows[0].__setitem__(1, 2),
        "line": lambda: rows[0].__setitem__(8, " "),
        "measure": lambda: data["rating"].__setitem__("plays", 16),
        "format": lambda: data.__setitem__("format", 99),
    }
    changes[change]()
    if change != "digest":
        data["digest"] = rows_digest(rows)
    return data


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("digest", "digest does not match"),
        ("tier", "is not its rating's"),
        ("wins", "is no rating of 8"),
        ("deal", "is not a count"),
        ("twice", "in it twice"),
        ("mode", "is not a mode"),
        ("line", "not a line of moves"),
        ("measure", "another measure"),
        ("format", "not a pool file"),
    ],
)
def test_an_edited_pool_is_refused_whole_with_the_reason(change: str, said: str) -> None:
    with pytest.raises(PoolRefused, match=said):
        RatedPool.from_data(edited(change))


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not gzip at all",
        gzip.compress(b"{not json", mtime=0),
        gzip.compress(b"[1, 2]", mtime=0),
    ],
    ids=["empty", "not gzip", "not json", "not a pool"],
)
def test_a_damaged_pool_file_is_refused(tmp_path: Path, damage: bytes) -> None:
    path = tmp_path / "pool.json.gz"
    path.write_bytes(damage)
    with pytest.raises(PoolRefused):
        RatedPool.read(path)


def test_the_package_pool_damaged_is_said_in_the_log_and_left_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "rated_deals.json.gz"
    path.write_bytes(b"\x1f\x8b damaged")
    monkeypatch.setattr("klondike.fair.pool.pool_file", lambda: path)
    shipped_pool.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger="klondike.fair.pool"):
            assert len(shipped_pool()) == 0
        assert "is not used: it cannot be read" in caplog.text
    finally:
        shipped_pool.cache_clear()


@pytest.fixture
def dask_cluster(tmp_path: Path) -> Iterator[str]:
    """A real ``dask scheduler`` and ``dask worker`` process on this machine: the
    scheduler's address once the worker has joined."""
    file = tmp_path / "scheduler.json"
    dask = [str(Path(sys.executable).parent / "dask")]  # the command of this environment
    scheduler = subprocess.Popen(
        [*dask, "scheduler", "--port", "0", "--no-dashboard", "--scheduler-file", str(file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = None
    try:
        address = wait_for_scheduler(file, scheduler)
        worker = subprocess.Popen(
            [*dask, "worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(1, timeout=120)
        yield address
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                process.wait(timeout=60)


def wait_for_scheduler(file: Path, process: subprocess.Popen[bytes]) -> str:
    """The address the scheduler writes to its file once it listens."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        assert process.poll() is None, "the dask scheduler stopped"
        if file.exists():
            try:
                return str(json.loads(file.read_text())["address"])
            except (ValueError, KeyError):
                pass  # being written
        time.sleep(0.05)
    raise AssertionError("the dask scheduler wrote no address in 120 s")


def test_the_pool_is_rated_on_a_real_dask_cluster(
    dask_cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``klondike survey --rate --pool`` through a real scheduler and worker process: the
    pool file holds the deal with its rating, and its line wins."""
    out, pool = tmp_path / "rated.jsonl", tmp_path / "pool.json.gz"
    argv = ["survey", "--rate", "--draw", "1", "--deals", "1", "--start", "6"]
    argv += ["--out", str(out), "--pool", str(pool), "--scheduler", dask_cluster]
    assert main(argv) == 0
    assert "1 deals, " in capsys.readouterr().out
    (entry,) = RatedPool.read(pool).all()  # deal 6: every play won, every card home
    assert (entry.deal, entry.tier, entry.wins, entry.plays, entry.home) == (6, "easy", 8, 8, 416)
    game = Game(6, 1, "normal")
    for text in entry.line.split():
        game.play(text)
    assert game.won
