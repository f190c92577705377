"""The adversary's probes of the solver's workers: floods, a killed and a stopped worker.

Starts the real server (``python -m klondike --no-browser --port P --db TMP``) on 127.0.0.1
and prints, probe by probe:

- **hint flood**: ``--hints`` hints at once on the game in progress while a player keeps
  playing (a draw at a time): the moves' median and p99 latency, the time to the last hint
  answer and the answers' statuses;
- **winnable flood**: ``--winnable`` requests for a proved Draw 3 Vegas deal at once, with
  none kept ready, and an easy hint sent just after them: the time to the last answer, the
  statuses, and how long the hint took;
- **killed worker**: the hint worker ``kill -9``-ed during a hint: that hint's answer and the
  time until a hint is answered again;
- **stopped worker**: the hint worker ``SIGSTOP``-ed, then 41 hints: how long
  ``GET /api/settings`` takes meanwhile, the time to the last hint answer, and its status;
- **a hard Classic Draw 3 hint** (``KC1-D3X-RMEUOPM`` after a few moves): its time;
- the peak memory (VmHWM) of the server and of every worker process at the end.

    python bench/hardening.py [--hints 50] [--winnable 20]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

HOST = "127.0.0.1"
HARD_CLASSIC = "KC1-D3X-RMEUOPM"
HARD_DEAL = "KL1-D1N-QG54S4U"  # not decided in the hint's budget


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``: their names (klondike-hint, …)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found[int(entry.name)] = cmdline
    return found


def peak_mb(pid: int) -> float:
    """The process's peak resident memory in MB (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Probe:
    """The server under test and a client of it."""

    def __init__(self, db: Path) -> None:
        port = free_port()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "klondike",
                "--no-browser",
                "--port",
                str(port),
                "--db",
                str(db),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        assert self.proc.stdout is not None
        self.proc.stdout.readline()
        self.url = f"http://{HOST}:{port}"
        self.client = httpx.Client(base_url=self.url, timeout=300)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.client.get("/api/settings")
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)

    def view(self) -> dict[str, Any]:
        return dict(self.client.get("/api/game").json())

    def hint(self, view: dict[str, Any]) -> tuple[int, str, float]:
        began = time.monotonic()
        with httpx.Client(base_url=self.url, timeout=300) as client:
            answer = client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})
        reason = answer.json().get("error", {}).get("reason", "ok") if answer.is_error else "ok"
        return answer.status_code, reason, time.monotonic() - began

    def worker(self, name: str) -> int | None:
        """The pid of the worker of the lane ``name`` (its process is called klondike-NAME)."""
        for pid, comm in self.workers().items():
            if comm == f"klondike-{name}":
                return pid
        return None

    def workers(self) -> dict[int, str]:
        return {
            pid: Path(f"/proc/{pid}/comm").read_text().strip() for pid in children(self.proc.pid)
        }

    def stop(self) -> None:
        self.client.close()
        self.proc.terminate()
        self.proc.wait(10)


def statuses(answers: list[tuple[int, str, float]]) -> str:
    counts = Counter(f"{status} {reason}" for status, reason, _ in answers)
    return ", ".join(f"{n}× {what}" for what, n in sorted(counts.items()))


def hint_flood(probe: Probe, hints: int) -> None:
    """``hints`` hints on one version at once; a player starts playing 0.2 s later (so the
    hints still waiting are superseded by the newer position)."""
    view = probe.view()
    latencies: list[float] = []
    done = threading.Event()

    def play() -> None:
        current = view
        time.sleep(0.2)
        while not done.is_set():
            began = time.monotonic()
            body = {"version": current["version"], "action": "tap", "pile": "S"}
            answer = probe.client.post(f"/api/games/{current['id']}/actions", json=body)
            latencies.append(time.monotonic() - began)
            current = answer.json() if answer.status_code == 200 else probe.view()
            time.sleep(0.05)

    player = threading.Thread(target=play)
    began = time.monotonic()
    with ThreadPoolExecutor(hints) as pool:
        player.start()
        answers = list(pool.map(lambda _: probe.hint(view), range(hints)))
    last = time.monotonic() - began
    done.set()
    player.join()
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"hint flood: {hints} hints, last answered after {last:.1f} s ({statuses(answers)}); "
        f"{len(latencies)} moves meanwhile, median {statistics.median(latencies) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms"
    )


def winnable_flood(probe: Probe, requests: int) -> None:
    def ask(_: int) -> tuple[int, str, float]:
        began = time.monotonic()
        with httpx.Client(base_url=probe.url, timeout=300) as client:
            body = {"winnable": True, "draw": 3, "scoring": "vegas", "abandon": probe.view()["id"]}
            answer = client.post("/api/games", json=body)
        reason = answer.json().get("error", {}).get("reason", "ok") if answer.is_error else "ok"
        return answer.status_code, reason, time.monotonic() - began

    began = time.monotonic()
    with ThreadPoolExecutor(requests + 1) as pool:
        asked = [pool.submit(ask, i) for i in range(requests)]
        time.sleep(0.3)
        easy = pool.submit(lambda: probe.hint(probe.view()))
        answers = [future.result() for future in asked]
        hint_took = easy.result()
    print(
        f"winnable flood: {requests} Draw 3 Vegas requests, last answered after "
        f"{time.monotonic() - began:.1f} s ({statuses(answers)}); a hint sent meanwhile "
        f"took {hint_took[2]:.1f} s ({hint_took[0]} {hint_took[1]})"
    )


def killed_worker(probe: Probe) -> None:
    """A hint of a deal the solver does not decide in its budget, its worker killed."""
    body = {"code": HARD_DEAL, "abandon": probe.view()["id"]}
    view = probe.client.post("/api/games", json=body).json()
    probe.hint(view)  # the worker is up
    with ThreadPoolExecutor(1) as pool:
        asked = pool.submit(probe.hint, view)
        time.sleep(0.3)
        pid = probe.worker("hint")
        assert pid is not None, probe.workers()
        os.kill(pid, signal.SIGKILL)
        killed = time.monotonic()
        answer = asked.result()
    while (again := probe.hint(view))[0] != 200:
        pass
    print(
        f"killed worker: the hint running answered {answer[0]} {answer[1]}; a hint was "
        f"answered again {time.monotonic() - killed:.1f} s after the kill ({again[2]:.1f} s)"
    )


def stopped_worker(probe: Probe) -> None:
    view = probe.view()
    probe.hint(view)
    pid = probe.worker("hint")
    assert pid is not None, probe.workers()
    os.kill(pid, signal.SIGSTOP)
    began = time.monotonic()
    settings: list[float] = []
    with ThreadPoolExecutor(41) as pool:
        asked = [pool.submit(probe.hint, view) for _ in range(41)]
        while not all(future.done() for future in asked):
            quick = time.monotonic()
            probe.client.get("/api/settings")
            settings.append(time.monotonic() - quick)
            time.sleep(0.1)
        answers = [future.result() for future in asked]
    last = time.monotonic() - began
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGCONT)
    print(
        f"stopped worker: 41 hints, last answered after {last:.1f} s ({statuses(answers)}); "
        f"GET /api/settings meanwhile: {len(settings)} requests, max "
        f"{max(settings) * 1000:.0f} ms"
    )


def hard_classic(probe: Probe) -> None:
    with httpx.Client(base_url=probe.url, timeout=300) as client:
        view = client.post("/api/games", json={"code": HARD_CLASSIC, "abandon": probe.view()["id"]})
        view = view.json()
        for _ in range(4):
            body = {"version": view["version"], "action": "tap", "pile": "S"}
            view = client.post(f"/api/games/{view['id']}/actions", json=body).json()
    status, reason, took = probe.hint(view)
    print(f"hard Classic Draw 3 hint ({HARD_CLASSIC}, 4 draws in): {status} {reason}, {took:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=50)
    parser.add_argument("--winnable", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        probe = Probe(Path(tmp) / "bench.db")
        try:
            hint_flood(probe, args.hints)
            winnable_flood(probe, args.winnable)
            killed_worker(probe)
            stopped_worker(probe)
            hard_classic(probe)
            print(f"peak memory: server {peak_mb(probe.proc.pid):.0f} MB", end="")
            for pid, name in sorted(probe.workers().items()):
                print(f", {name} {peak_mb(pid):.0f} MB", end="")
            print()
        finally:
            probe.stop()


if __name__ == "__main__":
    main()
