"""An accessibility audit with axe-core (vendored for the tests only: vendor/README.md) over
every screen of the page, on the desktop and the phone, in German and English: 0 violations."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers.page import Table
from helpers.positions import every_gesture, one_move_to_win

Opener = Callable[..., Table]

AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def audit(table: Table, screen_name: str) -> None:
    """Run axe over the page as it is; fail with every violation's rule and nodes."""
    page = table.page
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(content=AXE.read_text())
    result: dict[str, Any] = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    found = [
        f"{v['id']} ({v['impact']}): {[node['target'] for node in v['nodes']][:4]}"
        for v in result["violations"]
    ]
    assert not found, f"{screen_name}: {found}"


def open_dialog(table: Table, button: str, dialog: str) -> None:
    table.page.locator(button).click()
    table.page.locator(dialog).wait_for()


def close_dialogs(table: Table) -> None:
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("!document.querySelector('dialog[open]')")


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_every_screen_has_no_violations(open_table: Opener, locale: str, screen: str) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    audit(table, "table")
    if page.locator("#keys-button").is_visible():  # not on a phone: it has no keyboard
        page.locator("#keys-button").click()
        audit(table, "keyboard help")
        page.locator("#keys-button").click()
    open_dialog(table, "#new-game", "#new-dialog")
    audit(table, "new game")
    page.fill("#code-input", "KL2-D1N-AAAAAAG")
    page.locator("#new-start").click()
    page.locator("#new-error:not(:empty)").wait_for()
    audit(table, "new game, a bad code")
    close_dialogs(table)
    open_dialog(table, "#settings-button", "#settings-dialog")
    audit(table, "settings")
    close_dialogs(table)
    table.tap(table.card("AH"))  # a move: leaving now asks first
    table.settle()
    page.locator("#restart").click()
    page.locator("#confirm-dialog").wait_for()
    audit(table, "confirm")
    page.locator("#confirm-no").click()
    open_dialog(table, "#stats-button", "#stats-dialog")
    audit(table, "statistics")
    close_dialogs(table)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_win_screen_and_full_statistics_have_no_violations(
    open_table: Opener, locale: str, screen: str
) -> None:
    table = open_table(one_move_to_win("KH"), locale=locale)
    page = table.page
    page.evaluate("window.klondike.settings.values.speed = 'off'")
    table.tap(table.card("KH"))
    page.locator("#win-dialog").wait_for()
    audit(table, "win")
    page.locator("#win-new").click()
    page.locator("#new-dialog").wait_for()
    page.locator("#new-start").click()
    page.locator("#new-dialog").wait_for(state="hidden")
    table.settle()
    open_dialog(table, "#stats-button", "#stats-dialog")
    page.locator("#stats-recent tbody tr").first.wait_for()
    audit(table, "statistics with a game")


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_daily_and_how_to_play_dialogs_have_no_violations(
    open_table: Opener, locale: str, screen: str
) -> None:
    today = datetime.date.today()
    table = open_table(
        one_move_to_win("KH"), locale=locale, first_visit=True, daily=today.isoformat()
    )
    page = table.page
    page.locator("#howto-dialog[open]").wait_for()  # offered on the first visit
    audit(table, "how to play")
    page.locator("#howto-versions label:has(input[value='solitaer'])").click()
    audit(table, "how to play, Solitär")
    close_dialogs(table)
    audit(table, "table of a daily game")
    open_dialog(table, "#daily-button", "#daily-dialog[open] #daily-calendar .today")
    audit(table, "daily")
    page.locator("#daily-prev").click()
    page.locator("#daily-calendar button:not(:disabled):not(.today)").first.click()
    audit(table, "daily, a past day chosen")
    close_dialogs(table)
