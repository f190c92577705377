"""Small slips of issue 35, item 6, through real taps and clicks: money written one way per
language everywhere (the bar, the statistics); the statistics' Replay and Review buttons of
one size; a share link for the deal already in play opens it without asking to leave it;
on a 1366 px desktop Daily, Restart and Statistics show their words where the bar has room.
(One word per pile in i18n.js: tests/test_i18n_words.py; a command whose reader is gone:
tests/test_cli.py.)"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from helpers.page import Table, open_new_game, press
from helpers.positions import every_gesture, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

MONEY = {"en-US": re.compile(r"^[+−]?\$\d+$"), "de-DE": re.compile(r"^[+−]?\d+ \$$")}


@pytest.mark.parametrize(
    ("screen", "locale", "shown"), [("phone", "de-DE", "−47 $"), ("desktop", "en-US", "−$47")]
)
def test_money_is_written_one_way_and_the_recent_games_buttons_are_one_size(
    open_table: Opener, locale: str, shown: str
) -> None:
    vegas = position(tableau=["KS", "1 | QH", "2 | JC"], scoring="vegas", score=-47)
    table = open_table(vegas, locale=locale)
    page = table.page
    assert table.text("#score") == shown
    table.tap(table.pile("S"), "middle")  # a draw: the game counts when it is left
    assert table.check()["score"] == -47
    open_new_game(table)
    press(table, "#new-start")
    page.locator("#confirm-dialog[open]").wait_for()
    press(table, "#confirm-yes")
    page.locator("#new-dialog").wait_for(state="hidden")
    table.settle()
    press(table, "#stats-button")
    row = page.locator("#stats-recent tr[data-result='abandoned']")
    row.wait_for()
    assert shown in row.inner_text()
    sums = page.eval_on_selector_all(
        "#stats-dialog td, #stats-dialog th", "els => els.map((el) => el.textContent.trim())"
    )
    money = [text for text in sums if "$" in text]
    assert shown in money and all(MONEY[locale].match(text) for text in money), money
    replay, review = (row.locator(f".{name}").bounding_box() for name in ("replay", "review"))
    assert replay and review
    assert abs(replay["width"] - review["width"]) < 0.5, (replay, review)
    assert abs(replay["height"] - review["height"]) < 0.5, (replay, review)
    assert min(replay["width"], replay["height"]) >= 24


@pytest.mark.parametrize(
    ("screen", "locale", "words"),
    [
        ("phone", "de-DE", "ist die Partie, die du spielst"),
        ("desktop", "en-US", "is the deal you are playing"),
    ],
)
def test_a_link_to_the_deal_in_play_opens_it_without_asking(
    open_table: Opener, locale: str, words: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    table.tap(table.card("AH"))  # a move: leaving this game would ask first
    before = table.check()
    assert before["moves"] == 1
    page.goto(f"{table.server.url}/?code={before['code'].lower()}")
    table.open_at_current()
    assert words in table.toast()
    assert page.locator("#confirm-dialog[open]").count() == 0
    after = table.check()
    assert (after["id"], after["version"]) == (before["id"], before["version"])
    assert page.url == table.server.url + "/"


def words_shown(table: Table) -> dict[str, bool]:
    return {
        button: table.page.locator(f"{button} span").is_visible()
        for button in ("#daily-button", "#restart", "#stats-button")
    }


WORDS_AS = """([shown, hidden]) => {
  const visible = (b) => document.querySelector(b + " span").getClientRects().length > 0;
  return shown.every(visible) && !hidden.some(visible);
}"""
"""Whether the buttons ``shown`` show their words and those ``hidden`` do not (the bar fits
its words when a ResizeObserver says its room changed: after the resize, not with it)."""


def wait_for_words(table: Table, shown: list[str], hidden: list[str]) -> None:
    table.page.wait_for_function(WORDS_AS, arg=[shown, hidden])


@pytest.mark.parametrize("screen", ["desktop"])
def test_the_bar_shows_its_words_where_it_has_room(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("innerWidth === 1366")
    assert words_shown(table) == dict.fromkeys(words_shown(table), True)
    bar = page.locator(".bar").bounding_box()
    assert bar and bar["height"] < 60, bar  # and in one row
    page.select_option("#lang", "de")  # longer words: as many as the row has room for
    page.wait_for_function("document.documentElement.lang === 'de'")
    wait_for_words(table, ["#restart"], ["#stats-button"])
    bar = page.locator(".bar").bounding_box()
    assert bar and bar["height"] < 60, bar
    page.set_viewport_size({"width": 1600, "height": 900})  # room for every word
    page.wait_for_function("innerWidth === 1600")
    wait_for_words(table, ["#daily-button", "#restart", "#stats-button"], [])
    assert all(words_shown(table).values())
