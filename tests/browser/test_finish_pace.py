"""Finish plays about 100 ms a card, faster with the fast animation, at once with none.

The position: every card from 7 up lies face up in four columns (K down to 7, alternating
colours), the rest is home; Finish puts the 28 cards up one request at a time. The page
records, each frame, how many moves the table shows; the pace is the time from the first
card to the last over the cards between.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers.page import Table
from helpers.positions import position

Opener = Callable[..., Table]

COLUMNS = [
    "KS QH JS TH 9S 8H 7S",
    "KH QS JH TS 9H 8S 7H",
    "KD QC JD TC 9D 8C 7D",
    "KC QD JC TD 9C 8D 7C",
]
CARDS = 28


def pace_ms(table: Table) -> float:
    """Press Finish, wait for the win; the average time between two cards put up, in ms."""
    page = table.page
    page.evaluate(
        """() => {
            window.shown = [];
            let moves = window.klondike.state.view.moves;
            const watch = () => {
                const view = window.klondike.state.view;
                if (view.moves !== moves) {
                    moves = view.moves;
                    window.shown.push([performance.now(), moves]);
                }
                if (!view.won) requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
        }"""
    )
    finish = page.locator("#finish")
    finish.wait_for()
    finish.click()
    page.wait_for_function("window.klondike.state.view.won", timeout=20000)
    shown: list[tuple[float, int]] = page.evaluate("window.shown")
    (first, moves_first), (last, moves_last) = shown[0], shown[-1]
    assert moves_first <= 3 and moves_last == CARDS, shown
    return (last - first) / (moves_last - moves_first)


def request_ms(table: Table) -> float:
    """How long a finish request took on average, as the browser timed each one."""
    return table.page.evaluate(  # type: ignore[no-any-return]
        """() => {
            const asked = performance.getEntriesByType('resource')
                .filter((entry) => entry.name.endsWith('/actions'));
            return asked.reduce((sum, entry) => sum + entry.duration, 0) / asked.length;
        }"""
    )


@pytest.mark.parametrize("screen", ["desktop"])
@pytest.mark.parametrize(("speed", "low", "high"), [("normal", 70, 150), ("fast", 25, 80)])
def test_finish_puts_a_card_up_about_every_100_ms(
    open_table: Opener, speed: str, low: float, high: float
) -> None:
    table = open_table(position(tableau=COLUMNS, foundations=(6, 6, 6, 6)))
    table.server.http.put("/api/settings", json={"speed": speed})
    table.page.reload()
    table.open_at_current()
    table.page.wait_for_function(f"window.klondike.settings.speed() === '{speed}'")
    view = table.check()
    assert view["finish"]
    pace = pace_ms(table)
    cost = request_ms(table)  # a server slower than the pace (a loaded machine) sets it
    assert low <= pace <= max(high, cost + 20), f"{pace:.0f} ms a card at {speed}, {cost:.0f} ms"
    won = table.server.game(view["id"])
    assert won["won"] and won["moves"] == CARDS


@pytest.mark.parametrize("screen", ["desktop"])
def test_finish_without_animation_waits_for_nothing_but_the_server(open_table: Opener) -> None:
    table = open_table(position(tableau=COLUMNS, foundations=(6, 6, 6, 6)))
    table.server.http.put("/api/settings", json={"speed": "off"})
    table.page.reload()
    table.open_at_current()
    table.page.wait_for_function("window.klondike.settings.speed() === 'off'")
    pace = pace_ms(table)
    cost = request_ms(table)
    assert pace <= cost + 15, f"{pace:.0f} ms a card without animation, {cost:.0f} ms a request"
