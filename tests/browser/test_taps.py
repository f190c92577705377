"""Taps (issue 35, items 5 and 7): a card the tap sends nowhere but which may go somewhere is
picked up, the piles it may go to light up, and a tap on one puts it there — so every drag
has a single-pointer way (WCAG 2.2, 2.5.7), also to the column a double tap would not
choose; and the setting "one tap moves a card where it fits" (off by default: the app's tap
sends a card to its foundation only), under which the server plays the double tap's move
for a tap, also of a card under others. Through real taps and clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from browser.test_readable import switch_on
from helpers.page import Table
from helpers.positions import every_gesture
from helpers.waiting import wait_until

Opener = Callable[..., Table]


def lit(table: Table) -> list[str]:
    """The piles lit up as places to put the picked-up card."""
    return table.page.eval_on_selector_all(  # type: ignore[no-any-return]
        "#board .pile.target", "els => els.map((el) => el.dataset.pile)"
    )


@pytest.mark.parametrize("screen", ["phone", "landscape"])
def test_a_tap_picks_a_card_up_and_a_tap_on_a_lit_pile_puts_it_there(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    before = table.check()
    table.tap(table.card("7S"))  # 7♠ cannot go home: picked up, nothing played
    page.locator(".card.picked[data-card='7S']").wait_for()
    assert sorted(lit(table)) == ["T2", "T3"]  # on 8♦ or on 8♥
    assert table.check()["version"] == before["version"]
    table.tap(table.card("8H"))  # not the column a double tap would choose (8♦, the longer)
    view = table.check()
    assert view["last"]["move"] == "T4-T3" and view["tableau"][2]["up"] == ["9C", "8H", "7S"]
    assert page.locator(".card.picked").count() == 0 and lit(table) == []
    # a card under others, picked up with the cards on it; a tap elsewhere lets it go and
    # does what it does (the stock draws)
    table.tap(table.card("9C"), "top")
    page.locator(".card.picked[data-card='9C']").wait_for()
    assert lit(table) == ["T6"]  # on 10♦
    table.tap(table.pile("S"), "middle")
    view = table.check()
    assert view["last"]["move"] == "S-W" and page.locator(".card.picked").count() == 0
    table.tap(table.card("9C"), "top")
    page.locator(".card.picked[data-card='9C']").wait_for()
    table.tap(table.card("TD"))
    assert table.check()["tableau"][5]["up"] == ["TD", "9C", "8H", "7S"]


@pytest.mark.parametrize(
    ("screen", "locale", "words"),
    [
        ("phone", "de-DE", "Ein Tippen legt eine Karte dorthin, wo sie passt"),
        ("desktop", "en-US", "One tap moves a card where it fits"),
    ],
)
def test_the_setting_one_tap_moves_a_card_where_it_fits(
    open_table: Opener, locale: str, words: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    before = table.check()
    assert table.server.get("/api/settings")["tap_where_it_fits"] is False
    table.tap(table.card("7S"))  # the app's rule: to its foundation only, so nothing
    page.locator(".card.picked[data-card='7S']").wait_for()
    assert table.check()["version"] == before["version"]
    table.tap(table.card("7S"))  # a tap on the picked card lets it go
    page.wait_for_function("!document.querySelector('.card.picked')")
    let_go = page.evaluate("performance.now()")
    window = page.evaluate("import('/static/js/input.js').then((m) => m.DOUBLE_MS)")
    label = page.locator("input[name='tap_where_it_fits'] + span")
    assert words in (label.text_content() or "")
    switch_on(table, "tap_where_it_fits")
    wait_until(lambda: table.server.get("/api/settings")["tap_where_it_fits"] is True)  # saved
    # (a tap on the same spot within the double tap's window would be its second tap)
    page.wait_for_function(f"performance.now() > {let_go + window}")
    table.tap(table.card("7S"))  # now where the double tap would go: 8♦, the longer column
    view = played(table, before["version"] + 1)
    assert view["last"]["move"] == "T4-T2"
    table.tap(table.card("9C"), "top")  # a card under others moves with them
    view = played(table, view["version"] + 1)
    assert view["last"]["move"] == "T3-T6" and view["tableau"][5]["up"] == ["TD", "9C", "8H"]
    table.tap(table.card("AH"))  # the foundation first
    assert played(table, view["version"] + 1)["last"]["move"] == "T7-F2"


def played(table: Table, version: int) -> dict[str, Any]:
    """The view once the page shows ``version`` (a tap's move is sent once the double tap's
    window has passed), checked against the server's."""
    table.page.wait_for_function(f"window.klondike.state.view.version >= {version}")
    view = table.check()
    assert view["version"] == version
    return view
