"""The Daily dialog and the table's daily mark; How to play, offered once on a first visit.

Everything through the gestures of the screen (mouse on the desktop, touch on the phone), in
English and German. The daily game won is a pinned position (one King to go home) written
into the database as the daily deal of the browser's today; a past day is played from the
calendar, and its deal is the one `klondike.solver.daily` gives on every machine.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import pytest

from helpers.page import Table, press
from helpers.positions import one_move_to_win
from klondike import Game
from klondike.solver.daily import daily_deal

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

MONTHS = {
    "en-US": ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"],
    "de-DE": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
              "September", "Oktober", "November", "Dezember"],
}  # fmt: skip
WORDS = {
    "en-US": {"mark": "Daily", "won": "won", "playing": "in progress", "title": "Daily deal"},
    "de-DE": {
        "mark": "Tagesspiel",
        "won": "gewonnen",
        "playing": "läuft",
        "title": "Spiel des Tages",
    },
}
HOW_TO = {
    "en-US": ("How to play", "No card leaves a foundation.", "Got it"),
    "de-DE": ("So wird gespielt", "Keine Karte verlässt einen Zielstapel.", "Verstanden"),
}


def mark_pattern(locale: str, day: datetime.date) -> re.Pattern[str]:
    """The table's mark of a daily game of ``day``: "Daily · 2 Dec", "Tagesspiel · 2. Dez."."""
    dot = r"\." if locale == "de-DE" else ""
    return re.compile(rf"{WORDS[locale]['mark']} · {day.day}{dot} \w+\.?")


def day_button(table: Table, day: datetime.date) -> str:
    return f"#daily-calendar button[data-day='{day.isoformat()}']"


def open_daily(table: Table) -> None:
    press(table, "#daily-button")
    table.page.locator("#daily-dialog[open] #daily-calendar button").first.wait_for()


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_calendar_shows_todays_daily_in_progress_then_won_and_the_table_marks_it(
    open_table: Opener, locale: str
) -> None:
    today = datetime.date.today()  # the browser's calendar day: the same machine and zone
    table = open_table(one_move_to_win("KH"), locale=locale, daily=today.isoformat())
    page = table.page
    words = WORDS[locale]
    mark = page.locator("#daily-mark")
    assert mark.is_visible() and mark_pattern(locale, today).fullmatch(mark.inner_text()), (
        mark.inner_text()
    )
    open_daily(table)
    assert page.locator("#daily-title").inner_text() == words["title"]
    assert (
        page.locator("#daily-month").inner_text()
        == f"{MONTHS[locale][today.month - 1]} {today.year}"
    )
    todays = page.locator(day_button(table, today))
    assert todays.get_attribute("aria-current") == "date"
    assert "playing" in (todays.get_attribute("class") or "")
    assert words["playing"] in (todays.get_attribute("aria-label") or "")
    assert todays.get_attribute("aria-pressed") == "true"  # today is chosen to play
    assert page.locator("#daily-next").is_disabled()  # no daily deal after today
    press(table, "#daily-close")
    page.locator("#daily-dialog").wait_for(state="hidden")
    page.evaluate("window.klondike.settings.values.speed = 'off'")
    table.tap(table.card("KH"))  # the last card home: the daily deal is won
    page.locator("#win-dialog[open]").wait_for()
    page.keyboard.press("Escape")
    page.locator("#win-dialog").wait_for(state="hidden")
    assert table.check()["won"] and mark.is_visible()
    open_daily(table)
    todays = page.locator(day_button(table, today))
    assert "won" in (todays.get_attribute("class") or "").split()
    assert words["won"] in (todays.get_attribute("aria-label") or "")
    # another mode has a daily deal of its own, not played
    press(table, "#daily-dialog label:has(input[name='draw'][value='3'])")
    page.wait_for_function(
        """(day) => {
            const button = document.querySelector(`#daily-calendar [data-day='${day}']`);
            return button && !button.classList.contains('won');
        }""",
        arg=today.isoformat(),
    )
    assert not table.errors, table.errors


def test_a_past_day_is_played_from_the_calendar_and_is_the_same_deal_everywhere(
    open_table: Opener,
) -> None:
    table = open_table()
    page = table.page
    assert not page.locator("#daily-mark").is_visible()  # not a daily game
    open_daily(table)
    press(table, "#daily-prev")
    today = datetime.date.today()
    day = (today.replace(day=1) - datetime.timedelta(days=1)).replace(day=1)
    page.locator(day_button(table, day)).wait_for()
    assert (
        page.locator("#daily-month").inner_text() == f"{MONTHS['en-US'][day.month - 1]} {day.year}"
    )
    assert not page.locator("#daily-next").is_disabled()
    press(table, day_button(table, day))
    assert page.locator(day_button(table, day)).get_attribute("aria-pressed") == "true"
    assert (
        page.locator("#daily-play").inner_text()
        == f"Play {day.day} {MONTHS['en-US'][day.month - 1][:3]}"
    )
    press(table, "#daily-play")
    page.locator("#daily-dialog").wait_for(state="hidden", timeout=60_000)
    view = table.check()
    deal, _ = daily_deal(day, ("app", 1, "normal"))
    assert (view["daily"], view["code"]) == (day.isoformat(), Game(deal, 1, "normal").code)
    assert mark_pattern("en-US", day).fullmatch(page.locator("#daily-mark").inner_text())
    open_daily(table)  # this month again; the day played is in its own month
    press(table, "#daily-prev")
    page.wait_for_function(
        """(day) => document.querySelector(`#daily-calendar [data-day='${day}'].playing`)""",
        arg=day.isoformat(),
    )


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_how_to_play_is_offered_on_the_first_visit_only(open_table: Opener, locale: str) -> None:
    title, classic, close = HOW_TO[locale]
    table = open_table(locale=locale, first_visit=True)
    page = table.page
    dialog = page.locator("#howto-dialog[open]")
    dialog.wait_for()
    assert page.locator("#howto-title").inner_text() == title
    assert page.locator("#howto-versions input[value='app']").is_checked()  # the game's own
    assert page.locator("#howto-undo").inner_text() != classic
    press(table, "#howto-versions label:has(input[value='classic'])")
    assert page.locator("#howto-undo").inner_text().endswith(classic)
    assert page.locator("#howto-close").inner_text() == close
    press(table, "#howto-close")
    page.locator("#howto-dialog").wait_for(state="hidden")
    page.wait_for_function("window.klondike.settings.values.how_to_play_seen === true")
    assert table.server.get("/api/settings")["how_to_play_seen"] is True
    page.reload()
    table.open_at_current()
    page.evaluate("window.klondike.ready")  # the page has offered what it offers
    assert page.locator("dialog[open]").count() == 0
    press(table, "#help-button")  # still there, from the bar
    dialog.wait_for()
    assert page.locator("#howto-versions input[value='app']").is_checked()
    assert not table.errors, table.errors
