"""A phone held sideways (740x360) and upright (360x640): the bar, the cards, the dialogs.

Sideways the bar is a rail at the side, so the cards take the whole height: they are as
large as the height allows and the columns spread over the width. Every dialog keeps its
buttons on screen at both sizes without scrolling (the content between scrolls instead).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from helpers.page import Table, press
from helpers.positions import one_move_to_win, position

Opener = Callable[..., Table]

SIDEWAYS = pytest.mark.parametrize("screen", ["landscape"])
PHONES = pytest.mark.parametrize("screen", ["phone", "landscape"])


def started() -> dict[str, Any]:
    """A position where tapping A♥ on column 7 plays a move (so leaving asks first)."""
    return position(tableau=["KS", "1 | QH", "2 | JC", "3 | TH", "4 | 9C", "5 | 8H", "6 | AH"])


def box(table: Table, selector: str) -> dict[str, float]:
    found = table.page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


@SIDEWAYS
def test_sideways_the_bar_is_a_rail_and_the_cards_fill_the_height(open_table: Opener) -> None:
    table = open_table(started())
    table.check()
    size = table.page.viewport_size
    assert size == {"width": 740, "height": 360}
    bar = box(table, ".bar")
    board = box(table, "#board")
    # the bar: a rail down one side, as tall as the screen and narrow
    assert bar["height"] == size["height"] and bar["width"] <= 140, bar
    assert board["height"] == size["height"], "the table takes the whole height"
    assert board["x"] >= bar["x"] + bar["width"] - 1 or board["x"] + board["width"] <= bar["x"]
    # every control of the rail is on screen and large enough for a finger
    for control in table.page.locator(".bar button:visible, .bar select:visible").all():
        b = control.bounding_box()
        assert b is not None
        assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], control
        assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"], control
        assert b["height"] >= 26 and b["width"] >= 26, control
    for figure in ["#score", "#moves", "#time", "#code"]:
        b = box(table, figure)
        assert b["y"] + b["height"] <= size["height"], figure
    # the cards: as large as the height allows (a top row and a column of a few cards)
    card = box(table, "[data-card='KS']")
    assert card["height"] >= 0.26 * size["height"], card
    assert card["width"] >= 66, card
    index = table.page.eval_on_selector(
        "[data-card='KS'] .idx.tl .rank", "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert index >= 14
    # the columns spread over the width of the table: no wide empty sides
    first, last = box(table, "[data-pile='T1']"), box(table, "[data-pile='T7']")
    left_side = first["x"] - board["x"]
    right_side = board["x"] + board["width"] - (last["x"] + last["width"])
    assert left_side <= 0.08 * board["width"] and right_side <= 0.08 * board["width"]


def dialog_buttons_on_screen(table: Table, dialog: str, *, unscrolled: bool = True) -> None:
    """Every button of the open dialog `dialog` lies inside the screen and is the element
    found at its own middle (nothing clips or covers it), with nothing scrolled (unless the
    page scrolled to a field it focused: `unscrolled` False)."""
    table.page.locator(f"{dialog}[open]").wait_for()
    size = table.page.viewport_size
    assert size is not None
    buttons = table.page.locator(f"{dialog} .buttons button:visible").all()
    assert buttons, dialog
    for button in buttons:
        b = button.bounding_box()
        assert b is not None
        name = button.inner_text()
        assert b["x"] >= 0 and b["x"] + b["width"] <= size["width"], (dialog, name, b)
        assert b["y"] >= 0 and b["y"] + b["height"] <= size["height"], (dialog, name, b)
        hit = table.page.evaluate(
            """([el, x, y]) => el.contains(document.elementFromPoint(x, y))""",
            [button.element_handle(), b["x"] + b["width"] / 2, b["y"] + b["height"] / 2],
        )
        assert hit, (dialog, name, "clipped or covered")
    if not unscrolled:
        return
    scrolled = table.page.evaluate(
        """(sel) => [...document.querySelectorAll(`${sel}, ${sel} *`)]
            .filter((el) => el.scrollTop > 0).map((el) => el.id || el.tagName)""",
        dialog,
    )
    assert not scrolled, (dialog, scrolled)


@PHONES
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_every_dialogs_buttons_stay_on_screen(open_table: Opener, locale: str) -> None:
    table = open_table(started(), locale=locale)
    table.tap(table.card("AH"))
    table.check()
    # New game, with an error shown (a bad code), and its confirmation
    press(table, "#new-game")
    dialog_buttons_on_screen(table, "#new-dialog")
    table.page.fill("#code-input", "KL1-D1N-AAAAAA0")
    press(table, "#new-start")
    table.page.locator("#new-error:not(:empty)").wait_for()
    dialog_buttons_on_screen(table, "#new-dialog", unscrolled=False)
    error = box(table, "#new-error")
    assert error["y"] >= 0 and error["y"] + error["height"] <= box(table, "#new-start")["y"]
    table.page.fill("#code-input", "")
    press(table, "#new-start")
    dialog_buttons_on_screen(table, "#confirm-dialog")
    press(table, "#confirm-no")
    table.page.locator("#confirm-dialog").wait_for(state="hidden")
    if table.page.locator("#new-dialog[open]").count():
        press(table, "#new-cancel")
    # Settings and Statistics
    press(table, "#settings-button")
    dialog_buttons_on_screen(table, "#settings-dialog")
    press(table, "#settings-close")
    press(table, "#stats-button")
    table.page.locator("#stats-modes tr").first.wait_for()
    dialog_buttons_on_screen(table, "#stats-dialog")
    press(table, "#stats-close")
    # Daily (its calendar drawn) and How to play
    press(table, "#daily-button")
    table.page.locator("#daily-calendar .today").wait_for()
    dialog_buttons_on_screen(table, "#daily-dialog")
    press(table, "#daily-close")
    press(table, "#help-button")
    dialog_buttons_on_screen(table, "#howto-dialog")
    press(table, "#howto-close")


@PHONES
def test_the_win_dialogs_buttons_stay_on_screen(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KH"))
    table.tap(table.card("KH"))
    table.page.locator(".celebrate-canvas").wait_for()
    table.tap(table.pile("T1"))  # a tap ends the cascade
    dialog_buttons_on_screen(table, "#win-dialog")
