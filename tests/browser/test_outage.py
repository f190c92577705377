"""The outage notice (issue 35, item 4): when the server stops answering, the page says so in
the player's words — what to start: `klondike` — and asks again in the background, the pause
growing (1 s, 2 s, 4 s, …); the first answer takes the notice away by itself and the game
goes on. Through a real tap, on the page's own clock (Playwright's), in both languages."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from browser.test_assets import hold_the_clock
from helpers.page import Table
from helpers.positions import every_gesture
from helpers.server import Server

Opener = Callable[..., Table]

WATCH = """() => {
  const real = window.fetch;
  window.retries = [];
  window.pending = 0;
  window.fetch = async (...args) => {
    if (!String(args[0]).includes('/api/rules')) return real(...args);
    window.pending += 1;
    window.retries.push(performance.now());
    try { return await real(...args); } finally { window.pending -= 1; }
  };
}"""
"""Note the page's time of every retry (the page asks /api/rules), and how many are on the
way."""


def run(table: Table, ms: int) -> None:
    """Let ``ms`` of the page's time pass, a quarter second at a time, each retry answered
    (or failed) before the time goes on."""
    for _ in range(ms // 250):
        table.page.clock.run_for(250)
        table.page.wait_for_function("window.pending === 0", polling=20)


@pytest.mark.parametrize(
    ("screen", "locale", "words"),
    [
        ("phone", "de-DE", ["Der Server des Spiels antwortet nicht", "Befehl klondike"]),
        ("desktop", "en-US", ["The game's server does not answer", "the command klondike"]),
    ],
)
def test_the_notice_says_what_to_start_retries_and_goes_by_itself(
    open_table: Opener, locale: str, words: list[str]
) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    db, port = table.server.db, table.server.port
    before = table.check()
    page.evaluate(WATCH)
    hold_the_clock(page)
    table.server.kill()
    table.tap(table.pile("S"), "middle")  # a draw, and no server to answer it
    page.locator("#outage").wait_for()
    notice = table.text("#outage")
    assert all(part in notice for part in words), notice
    assert "fetch" not in notice.lower()
    assert not page.locator("#toast.shown").count(), "the notice says it, not a toast"
    shot = "outage-phone" if table.touch else "outage-desktop"
    table.shoot(shot)
    run(table, 7000)
    first = page.evaluate("window.retries")
    gaps = [round(b - a) for a, b in itertools.pairwise(first)]
    assert first[0] >= 1000 and gaps == [2000, 4000], (first, gaps)  # 1 s, then 2 s, then 4 s
    assert page.locator("#outage").is_visible()
    server = Server(db, port=port)  # the server is back, at the same address
    try:
        run(table, 8000)  # the next retry, 8 s after the last one
        assert page.locator("#outage").is_hidden()
        page.clock.resume()
        table.server = server
        refused = [e for e in table.errors if "ERR_CONNECTION_REFUSED" in e]
        assert len(refused) == 4, table.errors  # the tap and the three retries: the browser's
        table.errors.clear()
        assert table.check()["version"] == before["version"]  # the tap was not played
        table.tap(table.pile("S"), "middle")  # and the game goes on
        assert table.check()["version"] == before["version"] + 1
        table.shoot(f"{shot}-healed")
    finally:
        server.kill()
