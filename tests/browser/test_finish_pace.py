"""Finish plays about 100 ms a card, faster with the fast animation, at once with none.

The position: every card from 7 up lies face up in four columns (K down to 7, alternating
colours), the rest is home; Finish puts the 28 cards up one request at a time. The page
records the press and then, each frame, how many moves the table shows; the pace is the
time from one card shown to the next, the median over the cards. A loaded machine may make
a step (the request and the page showing its answer, as the page times it) longer than the
pace: then the step sets it.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable

import pytest

from helpers.page import Table
from helpers.positions import position
from helpers.server import Server

Opener = Callable[..., Table]

COLUMNS = [
    "KS QH JS TH 9S 8H 7S",
    "KH QS JH TS 9H 8S 7H",
    "KD QC JD TC 9D 8C 7D",
    "KC QD JC TD 9C 8D 7C",
]
CARDS = 28


def pace_ms(table: Table) -> float:
    """Press Finish, wait for the win; the median time between two cards put up, in ms (a
    stall of a loaded machine moves a mean, not the median)."""
    page = table.page
    page.evaluate(
        """() => {
            window.shown = [];
            window.steps = [];  // how long each finish step took the page, in ms
            const game = window.klondike.finish.game;
            const act = game.act.bind(game);
            game.act = async (make) => {
                const asked = performance.now();
                try {
                    return await act(make);
                } finally {
                    window.steps.push(performance.now() - asked);
                }
            };
            let moves = window.klondike.state.view.moves;
            // The press is the first mark: a loaded machine may skip the first frames.
            document.addEventListener(
                "click",
                (event) => {
                    if (event.target.closest("#finish") && !window.shown.length) {
                        window.shown.push([performance.now(), moves]);
                    }
                },
                true,
            );
            const watch = () => {
                const view = window.klondike.state.view;
                if (window.shown.length && view.moves !== moves) {
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
    assert shown[0][1] == 0 and shown[-1][1] == CARDS, shown
    per_card: list[float] = []  # each card's time, a frame that showed two sharing its gap
    for (before, moves_before), (after, moves_after) in itertools.pairwise(shown):
        cards = moves_after - moves_before
        per_card += [(after - before) / cards] * cards
    return statistics.median(per_card)


def step_ms(table: Table, most: float) -> float:
    """The least time a card can have taken, the median over the cards: its finish step (the
    request, and the page showing the answer, as the page timed it) or the page's pace (at
    most ``most`` ms, what the test allows), the longer."""
    return table.page.evaluate(  # type: ignore[no-any-return]
        """(most) => {
            const pace = Math.min(window.klondike.finish.hooks.pace(), most);
            const least = window.steps.map((ms) => Math.max(ms, pace)).sort((a, b) => a - b);
            const middle = least.length >> 1;
            return least.length % 2 ? least[middle] : (least[middle - 1] + least[middle]) / 2;
        }""",
        most,
    )


def speed_set(make_server: Callable[..., Server], speed: str) -> Server:
    """A server of the position above with the animation ``speed`` saved in its settings
    before the page opens (the page reads its settings as it loads)."""
    server = make_server(position(tableau=COLUMNS, foundations=(6, 6, 6, 6)))
    assert server.http.put("/api/settings", json={"speed": speed}).status_code == 200
    return server


@pytest.mark.parametrize("screen", ["desktop"])
@pytest.mark.parametrize(("speed", "low", "high"), [("normal", 70, 150), ("fast", 25, 80)])
def test_finish_puts_a_card_up_about_every_100_ms(
    open_table: Opener, make_server: Callable[..., Server], speed: str, low: float, high: float
) -> None:
    table = open_table(server=speed_set(make_server, speed))
    table.page.wait_for_function(f"window.klondike.settings.speed() === '{speed}'")
    view = table.check()
    assert view["finish"]
    pace = pace_ms(table)
    cost = step_ms(table, high)  # steps slower than the pace (a loaded machine) set it
    assert low <= pace <= max(high, cost + 20), f"{pace:.0f} ms a card at {speed}, {cost:.0f} ms"
    won = table.server.game(view["id"])
    assert won["won"] and won["moves"] == CARDS


@pytest.mark.parametrize("screen", ["desktop"])
def test_finish_without_animation_waits_for_nothing_but_the_server(
    open_table: Opener, make_server: Callable[..., Server]
) -> None:
    table = open_table(server=speed_set(make_server, "off"))
    table.page.wait_for_function("window.klondike.settings.speed() === 'off'")
    pace = pace_ms(table)
    cost = step_ms(table, 0)
    assert pace <= cost + 15, f"{pace:.0f} ms a card without animation, {cost:.0f} ms a step"
