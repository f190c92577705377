"""The solver's worker processes under attack: killed, stopped, flooded (docs/api.md, "The
solver"). Real processes and a real server in a thread, loopback only."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from helpers.positions import UNDECIDED_DEAL
from helpers.server import insert_position
from klondike import Game
from klondike.rules import Mode
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.web import serve, solving
from klondike.web.api import create_app
from klondike.web.proved_deals import POOL_SIZE
from klondike.web.workers import SolverBusy, SolverFailed, SolverWorkers

MARGIN = 1.0
"""The seconds past its time limit after which these tests' workers count as stuck."""


@pytest.fixture(autouse=True)
def peeking_hints(db_path: Path) -> None:
    """These are tests of the solver's hint, which looks at the face-down cards (the fair
    hint, the default, is tested in tests/web/test_fair_hint.py)."""
    conn = store.open_database(db_path)
    preferences.save(conn, {"hints_peek": True})
    conn.close()


@dataclass
class Served:
    url: str
    app: FastAPI
    workers: SolverWorkers

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=60)


def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


@pytest.fixture
def serving(db_path: Path) -> Iterator[Callable[..., Served]]:
    """Start the app over ``db_path`` in a uvicorn thread with the given workers."""
    running: list[tuple[Any, threading.Thread, Any, SolverWorkers]] = []

    def start(workers: SolverWorkers, **options: Any) -> Served:
        sock = serve.bind("127.0.0.1", 0)
        port = sock.getsockname()[1]
        hosts = serve.host_names("127.0.0.1", port)
        app = create_app(db_path, allowed_hosts=hosts, workers=workers, **options)
        server = serve.make_server(app)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        running.append((server, thread, sock, workers))
        until(lambda: server.started, 10)
        return Served(f"http://127.0.0.1:{port}", app, workers)

    yield start
    for server, thread, sock, workers in running:
        server.should_exit = True
        thread.join(10)
        sock.close()
        workers.close()


def hint(client: httpx.Client, view: dict[str, Any]) -> httpx.Response:
    return client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})


def reason(response: httpx.Response) -> str:
    return str(response.json()["error"]["reason"])


# ------------------------------------------------------------------ a killed worker


def test_a_hint_worker_killed_mid_hint_answers_503_and_the_next_hint_gets_a_new_one(
    db_path: Path, serving: Callable[..., Served]
) -> None:
    insert_position(db_path, Game.from_code(UNDECIDED_DEAL).snapshot())
    served = serving(SolverWorkers(margin=MARGIN), hint_budget=1.5)
    with served.client() as client:
        view = client.get("/api/game").json()
        with ThreadPoolExecutor(1) as pool:
            asked = pool.submit(hint, client, view)
            until(lambda: served.workers.busy("hint") and "hint" in served.workers.pids(), 60)
            killed = served.workers.pids()["hint"]
            os.kill(killed, signal.SIGKILL)
            answer = asked.result(timeout=30)
        assert answer.status_code == 503 and reason(answer) == "solver_failed"
        assert "died" in answer.json()["error"]["message"]
        again = hint(client, view)
        assert again.status_code == 200, again.text
        assert served.workers.pids()["hint"] != killed
        assert client.get("/api/game").json()["version"] == view["version"]  # nothing played


def test_a_killed_background_worker_is_replaced_and_the_filler_goes_on(
    db_path: Path, serving: Callable[..., Served]
) -> None:
    mode: Mode = ("app", 1, "normal")
    served = serving(SolverWorkers(), keep_proved_deals=True, proved_modes=(mode,))
    filler = served.app.state.proved_deals

    def kept() -> int:
        return int(filler.db.read(store.proved_deal_counts).get(mode, 0))

    until(lambda: "background" in served.workers.pids(), 60)
    killed = served.workers.pids()["background"]
    os.kill(killed, signal.SIGKILL)
    until(lambda: kept() == POOL_SIZE, 120)
    assert served.workers.pids().get("background") not in (None, killed)


# ------------------------------------------------------------------ a stopped worker


def test_a_stopped_hint_worker_holds_no_route_and_is_replaced_after_its_limit(
    db_path: Path, serving: Callable[..., Served]
) -> None:
    """41 hints wait on a worker that never answers: every other route answers at once,
    each hint answers 503 within its budget and the margin, and the worker is replaced."""
    budget = 1.0
    served = serving(SolverWorkers(margin=MARGIN), hint_budget=budget)
    with served.client() as client:
        view = client.get("/api/game").json()
        assert hint(client, view).status_code == 200  # the worker is up
        stopped = served.workers.pids()["hint"]
        os.kill(stopped, signal.SIGSTOP)
        try:
            began = time.monotonic()
            with ThreadPoolExecutor(41) as pool:
                asked = [pool.submit(hint, client, view) for _ in range(41)]
                until(lambda: served.workers.busy("hint"), 10)
                for path in ("/api/settings", "/api/game", "/api/stats"):
                    quick = time.monotonic()
                    assert client.get(path).status_code == 200
                    assert time.monotonic() - quick < 1.0, path
                answers = [future.result(timeout=30) for future in asked]
            took = time.monotonic() - began
        finally:
            with_signal(stopped, signal.SIGCONT)
        assert {(a.status_code, reason(a)) for a in answers} == {(503, "solver_failed")}
        assert took < budget + MARGIN + 3.0, took  # one task, shared by the 41
        assert hint(client, view).status_code == 200
        assert served.workers.pids()["hint"] != stopped


def with_signal(pid: int, sig: signal.Signals) -> None:
    """Send ``sig`` to ``pid`` if it still exists."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, sig)


# ------------------------------------------------------------------ a full queue


def held_lane(workers: SolverWorkers, lane: str) -> threading.Event:
    """Keep ``lane`` busy until the event returned is set."""
    release = threading.Event()
    workers.submit(lane, 60, release.wait, 60)
    until(lambda: workers.busy(lane), 10)
    return release


def test_a_full_proof_queue_is_refused_with_503_and_when_to_come_back(
    db_path: Path, serving: Callable[..., Served]
) -> None:
    workers = SolverWorkers(processes=False, pending={"proof": 1})
    served = serving(workers)
    with served.client() as client:
        before = client.get("/api/game").json()
        release = held_lane(workers, "proof")
        try:
            refused = client.post("/api/games", json={"winnable": True})
        finally:
            release.set()
        assert refused.status_code == 503 and reason(refused) == "solver_busy"
        assert int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["error"]["params"]["retry_after"] == int(
            refused.headers["Retry-After"]
        )
        assert client.get("/api/game").json()["id"] == before["id"]  # still in progress


def test_a_proof_that_waited_in_the_queue_keeps_the_requests_window(
    db_path: Path, serving: Callable[..., Served], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window counts from the request's arrival: a request that waited past it is
    answered at once that none was proved, not given a window of its own."""
    window = 1.0
    monkeypatch.setattr(solving, "SEARCH_SECONDS", window)
    workers = SolverWorkers(processes=False)
    served = serving(workers)
    with served.client() as client:
        release = held_lane(workers, "proof")
        with ThreadPoolExecutor(1) as pool:
            began = time.monotonic()
            asked = pool.submit(client.post, "/api/games", json={"winnable": True, "draw": 3})
            until(lambda: workers.queued("proof") == 1, 10)  # the request has arrived
            time.sleep(window + 0.2)  # and its window passes while the lane is held
            release.set()
            answer = asked.result(timeout=30)
        assert answer.status_code == 503 and reason(answer) == "no_proved_deal"
        assert time.monotonic() - began < window + 1.5


def blocking_hint(release: threading.Event) -> Callable[..., Any]:
    """A stand-in for the solver's hint that waits for ``release``, then answers a draw."""
    real = solving.hint_of

    def hint_of(snapshot: dict[str, Any], budget: float, line: tuple[str, ...], peek: bool) -> Any:
        release.wait(30)
        return real(snapshot, budget, line, peek)

    return hint_of


def test_a_hint_for_an_older_version_is_superseded_by_the_newer_one(
    db_path: Path, serving: Callable[..., Served], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    monkeypatch.setattr(solving, "hint_of", blocking_hint(release))
    workers = SolverWorkers(processes=False)
    served = serving(workers, hint_budget=0.2)
    with served.client() as client, ThreadPoolExecutor(1) as pool:
        view = client.get("/api/game").json()
        older = pool.submit(hint, client, view)
        until(lambda: workers.busy("hint"), 10)
        body = {"version": view["version"], "action": "tap", "pile": "S"}
        moved = client.post(f"/api/games/{view['id']}/actions", json=body).json()
        with ThreadPoolExecutor(1) as second:
            newer = second.submit(hint, client, moved)
            superseded = older.result(timeout=10)
            release.set()
            answer = newer.result(timeout=30)
        assert superseded.status_code == 409 and reason(superseded) == "hint_superseded"
        assert superseded.json()["error"]["params"]["newer"] == moved["version"]
        assert answer.status_code == 200 and answer.json()["version"] == moved["version"]


def test_a_hint_answered_after_its_game_ended_is_not_counted(
    db_path: Path, serving: Callable[..., Served], monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    monkeypatch.setattr(solving, "hint_of", blocking_hint(release))
    workers = SolverWorkers(processes=False)
    served = serving(workers, hint_budget=0.2)
    with served.client() as client, ThreadPoolExecutor(1) as pool:
        view = client.get("/api/game").json()
        asked = pool.submit(hint, client, view)
        until(lambda: workers.busy("hint"), 10)
        assert client.post("/api/games", json={"abandon": view["id"]}).status_code == 200
        release.set()
        asked.result(timeout=30)
    conn = store.open_database(db_path)
    hints = conn.execute("SELECT hints FROM games WHERE id = ?", (view["id"],)).fetchone()[0]
    conn.close()
    assert hints == 0


def test_the_filler_waits_when_its_lane_is_full(db_path: Path) -> None:
    """A full lane (`SolverBusy`) makes the proved-deal filler wait before it asks again,
    not ask again at once: one submission a pause, not a spin that floods the lane and
    the log."""
    from klondike.web import proved_deals

    class FullLanes:
        closed = False
        asked = 0

        def submit(self, *args: object) -> object:
            self.asked += 1
            raise SolverBusy("background", 1)

    conn = store.open_database(db_path)
    lanes = FullLanes()
    filler = proved_deals.ProvedDeals(conn, lanes, modes=(("app", 1, "normal"),))  # type: ignore[arg-type]
    pauses: list[float] = []
    three = threading.Event()

    def pause(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            filler.background.stop()
            three.set()

    filler.background.pause = pause  # type: ignore[method-assign]
    filler.start()
    assert three.wait(30)
    filler.stop()
    assert lanes.asked == 3 and pauses == [proved_deals.BUSY_PAUSE] * 3
    conn.close()


# ------------------------------------------------------------------ the server stops


def test_a_worker_ending_with_the_stopping_server_is_not_reported_as_a_death(
    caplog: pytest.LogCaptureFixture,
) -> None:
    workers = SolverWorkers(margin=MARGIN)
    running = workers.submit("hint", 30.0, time.sleep, 30.0)
    until(lambda: workers.busy("hint") and "hint" in workers.pids(), 60)
    worker = workers.pids()["hint"]
    workers.close()
    os.kill(worker, signal.SIGKILL)  # as the server's exit ends it
    with pytest.raises(SolverFailed, match="the server stops"):
        running.result(timeout=30)
    assert not [r for r in caplog.records if "died" in r.getMessage()]


def test_ctrl_c_reaching_the_process_group_leaves_a_running_task_to_the_server() -> None:
    workers = SolverWorkers(margin=MARGIN)
    try:
        assert workers.submit("hint", 30.0, time.sleep, 0.0).result(timeout=60) is None  # ready
        running = workers.submit("hint", 30.0, time.sleep, 1.0)
        until(lambda: workers.busy("hint") and "hint" in workers.pids(), 60)
        worker = workers.pids()["hint"]
        os.kill(worker, signal.SIGINT)
        assert running.result(timeout=30) is None
        assert workers.pids()["hint"] == worker
    finally:
        workers.close()
