"""The winnable layouts gauge on the page: turned on in the Settings dialog by a real
gesture, it shows the server's figure on the bar after a move, in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from helpers.page import Table, press
from helpers.positions import every_gesture

from .test_axe import audit

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]


@pytest.mark.parametrize("screen", ["desktop", "phone", "landscape"])
@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", "Chance of a win from what you can see: "),
        ("de-DE", "Gewinnchance nach dem, was zu sehen ist: "),
    ],
)
def test_the_gauge_turned_on_in_the_settings_shows_a_figure_after_a_move(
    open_table: Opener, locale: str, words: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    gauge = page.locator("#gauge-info")
    assert gauge.is_hidden()  # off by default
    press(table, "#settings-button")
    page.locator("#settings-dialog").wait_for()
    press(table, "#gauge-setting")
    page.wait_for_function("window.klondike.settings.values.winnable_gauge === true")
    press(table, "#settings-close")
    page.locator("#settings-dialog").wait_for(state="hidden")
    table.tap(table.card("AH"))  # a move
    view = table.check()
    assert view["version"] == 1
    page.locator("#gauge-info:not(.computing)").wait_for(timeout=60_000)
    assert gauge.is_visible()
    figure = page.locator("#gauge").inner_text()
    word = (
        r"(sure|likely|maybe|unlikely|lost)"
        if locale == "en-US"
        else (r"(sicher|wahrscheinlich|vielleicht|unwahrscheinlich|verloren)")
    )
    space = "" if locale == "en-US" else " "
    # a percentage and a word (sideways, on the narrow rail, the percentage alone)
    assert re.fullmatch(rf"≥?\d+{space}%( {word})?", figure), figure
    assert re.search(word, page.locator("#gauge-words").inner_text())
    said = page.locator("#gauge-words").inner_text()
    assert said.startswith(words) and "Wilson" not in said, said
    assert "24" in (gauge.get_attribute("title") or "")  # the numbers behind it
    box = gauge.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]  # on the screen
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    audit(table, "table with the gauge")
