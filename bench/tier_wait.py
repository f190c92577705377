"""How long the first deal of each tier of a mode takes to be ready from a fresh data folder,
with the real ``klondike`` server: each tier is asked for in turn (``POST /api/games``;
refused while none is ready) and ``GET /api/tier-search`` is polled until it is ready; the
seconds from the first ask, per tier. ``--no-shipped-deals`` starts the server without the
shipped pool, so the filler's ratings alone are measured.

    python bench/tier_wait.py [--rules app] [--draw 1] [--scoring vegas] [--limit 300]
                              [--no-shipped-deals]
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

TIERS = ("easy", "medium", "hard", "expert")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="app")
    parser.add_argument("--draw", type=int, default=1)
    parser.add_argument("--scoring", default="vegas")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds to wait at most")
    parser.add_argument("--no-shipped-deals", action="store_true", help="the filler alone")
    args = parser.parse_args()
    port = free_port()
    folder = Path(tempfile.mkdtemp())
    command = [sys.executable, "-m", "klondike", "--no-browser", "--port", str(port)]
    command += ["--no-shipped-deals"] if args.no_shipped_deals else []
    server = subprocess.Popen([*command, "--db", str(folder / "fresh.db")], stdout=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    mode = {"rules": args.rules, "draw": args.draw, "scoring": args.scoring}
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            deadline = time.monotonic() + 60
            while True:
                try:
                    client.get("/api/game")
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline, "the server did not start"
                    time.sleep(0.1)
            began = time.monotonic()
            ready: dict[str, float] = {}
            for tier in TIERS:  # ask for every tier: the filler looks for the last asked first
                client.post("/api/games", json={**mode, "tier": tier, "winnable": True})
            while len(ready) < len(TIERS) and time.monotonic() - began < args.limit:
                for tier in TIERS:
                    if tier in ready:
                        continue
                    state = client.get("/api/tier-search", params={**mode, "tier": tier}).json()
                    if state["state"] == "ready":
                        ready[tier] = time.monotonic() - began
                        print(f"{tier:7} ready after {ready[tier]:6.1f} s", flush=True)
                    elif state["state"] in ("idle", "none"):
                        client.post("/api/tier-search", json={**mode, "tier": tier})
                time.sleep(1.0)
            for tier in TIERS:
                if tier not in ready:
                    print(f"{tier:7} not ready after {args.limit:.0f} s")
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
