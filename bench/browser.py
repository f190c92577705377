"""Browser latency: pointer release to the updated table painted, in headless Chromium.

Starts the real server (loopback, a temporary database) and Debian's Chromium, then plays
gestures through real pointer input: a drag of a movable card onto a pile it may go to
(from the view's ``targets``) when there is one, otherwise a tap on the stock. For each
gesture that changes the table it measures, inside the page, the time from ``pointerup`` to
the first frame painted after the board shows the server's answer (the board renders in a
``requestAnimationFrame`` callback; a message posted from there runs right after that
frame's paint). Also reports the server's own time per action, from the
``Server-Timing`` header when present, else the request's round trip.

    python bench/browser.py [--gestures 200] [--runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from klondike.estimates import percentile

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Installed in the page before its scripts run: times each action's answer, then the paint
# of the board mutation that follows it.
PROBE = """
(() => {
  const B = (window.__bench = { t0: null, answered: null, samples: [], rtt: [] });
  document.addEventListener("pointerup", () => { B.t0 = performance.now(); B.answered = null; },
                            true);
  const realFetch = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const sent = performance.now();
    const response = await realFetch(...args);
    if (String(args[0]).includes("/actions") && B.t0 !== null) {
      B.answered = performance.now();
      B.rtt.push(B.answered - sent);
    }
    return response;
  };
  const watch = () => {
    const board = document.querySelector("#board");
    if (!board) return requestAnimationFrame(watch);
    new MutationObserver(() => {
      if (B.t0 === null || B.answered === null) return;
      const t0 = B.t0;
      B.t0 = null;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => B.samples.push(performance.now() - t0);
      channel.port2.postMessage(0);
    }).observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  watch();
})();
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "klondike", "--no-browser", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/game", timeout=1).read()
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def view(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "async () => (await fetch('/api/game', {cache: 'no-store'})).json()"
    )
    return result


def center(page: Page, selector: str) -> tuple[float, float] | None:
    locator = page.locator(selector)
    if not locator.count():
        return None
    box = locator.last.bounding_box()
    if box is None:
        return None
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 20)


def gesture(page: Page, game: dict[str, Any]) -> None:
    """One drag from the view's targets (not to a foundation's take-back), else a stock tap."""
    for card, piles in sorted(game["targets"].items()):
        if not piles:
            continue
        target = piles[0]
        start = center(page, f'[data-card="{card}"]')
        end = center(page, f'[data-pile="{target}"]')
        if start is None or end is None:
            continue
        page.mouse.move(*start)
        page.mouse.down()
        page.mouse.move(start[0] + 8, start[1] + 8, steps=2)
        page.mouse.move(*end, steps=4)
        page.mouse.up()
        return
    stock = center(page, '[data-pile="S"]')
    assert stock is not None
    page.mouse.click(*stock)


def run(gestures: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        process, base = start_server(Path(tmp) / "bench.db")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.add_init_script(PROBE)
                page.goto(base + "/?code=KL1-D1N-AAAAAAG")
                page.wait_for_selector('[data-pile="S"]')
                page.wait_for_timeout(500)
                for _ in range(gestures):
                    before = page.evaluate("window.__bench.samples.length")
                    game = view(page)
                    if game["won"]:
                        break
                    gesture(page, game)
                    # a refused drop paints nothing new and gives no sample
                    with contextlib.suppress(PlaywrightTimeout):
                        page.wait_for_function(
                            f"window.__bench.samples.length > {before}", timeout=2000
                        )
                    page.wait_for_timeout(250)  # let the slide finish, as a player would
                samples: list[float] = page.evaluate("window.__bench.samples")
                rtt: list[float] = page.evaluate("window.__bench.rtt")
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    return samples, rtt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gestures", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    medians, p95s, rtts = [], [], []
    for i in range(args.runs):
        samples, rtt = run(args.gestures)
        medians.append(statistics.median(samples))
        p95s.append(percentile(samples, 0.95))
        rtts.append(statistics.median(rtt))
        print(
            f"run {i + 1}: {len(samples)} gestures measured; release to paint median "
            f"{medians[-1]:.1f} ms, p95 {p95s[-1]:.1f} ms; action round trip median "
            f"{rtts[-1]:.1f} ms"
        )
    print(
        json.dumps(
            {
                "runs": args.runs,
                "release_to_paint_median_ms": round(statistics.median(medians), 1),
                "release_to_paint_p95_ms": round(statistics.median(p95s), 1),
                "action_round_trip_median_ms": round(statistics.median(rtts), 1),
            }
        )
    )


if __name__ == "__main__":
    main()
