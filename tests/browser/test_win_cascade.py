"""The win screen (issue 35, item 3): the cards' cascade is short by default (the win screen
opens within 6 s of the winning move), a line on screen says that a tap skips it, in the
player's language, and a setting chooses the long cascade or none — through real taps and
clicks, on the page's own clock (Playwright's: every frame in turn, however loaded the
machine)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from browser.test_assets import hold_the_clock
from helpers.page import Table
from helpers.positions import one_move_to_win

Opener = Callable[..., Table]

STEP_MS = 250


def win(table: Table) -> None:
    """Play the winning move with a real tap, the page's clock held; wait for the answer."""
    hold_the_clock(table.page)
    table.tap(table.card("KH"))
    table.page.wait_for_function("window.klondike.state.view.won === true", polling=20)


def run_until_the_win_screen(page: Page, limit_ms: int) -> tuple[int, set[str]]:
    """Run the page's clock until the win screen opens (at most ``limit_ms``); the time it
    took and the words said on screen meanwhile."""
    elapsed = 0
    said: set[str] = set()
    while not page.locator("#win-dialog[open]").count():
        assert elapsed < limit_ms, f"no win screen after {elapsed} ms"
        page.clock.run_for(STEP_MS)
        elapsed += STEP_MS
        if page.locator(".celebrate-skip").count():
            said.add(page.locator(".celebrate-skip").inner_text())
    return elapsed, said


@pytest.mark.parametrize("screen", ["phone"])
def test_the_cascade_is_short_and_says_a_tap_skips_it(open_table: Opener, screen: str) -> None:
    table = open_table(one_move_to_win("KH"), locale="de-DE")
    page = table.page
    assert table.server.get("/api/settings")["cascade"] == "short"
    win(table)
    elapsed, said = run_until_the_win_screen(page, 8000)
    assert said == {"Tippen zum Überspringen"}
    assert 2000 < elapsed <= 6000, elapsed  # a cascade, and the win screen within 6 s
    assert page.locator(".celebrate-canvas, .celebrate-skip").count() == 0
    page.clock.resume()
    table.shoot(f"win-screen-{screen}")


def choose(table: Table, name: str, value: str) -> None:
    """Choose ``value`` of the setting ``name`` in the Settings dialog, with a real click."""
    page = table.page
    table.tap(page.locator("#settings-button"))
    page.locator("#settings-dialog[open]").wait_for()
    choice = page.locator(f"label:has(input[name='{name}'][value='{value}'])")
    choice.scroll_into_view_if_needed()
    table.tap(choice, "middle")
    page.wait_for_function(f"window.klondike.settings.values.{name} === '{value}'", polling=50)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


@pytest.mark.parametrize("screen", ["desktop"])
def test_the_setting_chooses_the_long_cascade_or_none(open_table: Opener) -> None:
    long = open_table(one_move_to_win("KH"))
    choose(long, "cascade", "long")
    win(long)
    long.page.clock.run_for(6000)
    assert long.page.locator(".celebrate-canvas").count() == 1, "still cascading after 6 s"
    assert long.text(".celebrate-skip") == "Click or press a key to skip"
    assert not long.page.locator("#win-dialog[open]").count()
    long.page.clock.resume()
    long.tap(long.pile("T4"), "middle")  # a tap skips it
    long.page.locator("#win-dialog[open]").wait_for()
    assert long.server.get("/api/settings")["cascade"] == "long"

    none = open_table(one_move_to_win("KH"), server=None)
    choose(none, "cascade", "none")
    win(none)
    elapsed, said = run_until_the_win_screen(none.page, 2000)
    assert said == set() and elapsed <= 1000, elapsed  # no cascade at all
