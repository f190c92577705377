"""The bar and the dialogs: New game (with a code), confirmations, a share link, the win
screen, statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from helpers.page import Table, press, same_table
from helpers.positions import one_move_to_win, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])


def started() -> dict[str, Any]:
    """A position where tapping A♥ on column 7 plays a move."""
    return position(tableau=["KS", "1 | QH", "2 | JC", "3 | TH", "4 | 9C", "5 | 8H", "6 | AH"])


def test_new_game_dialog_starts_the_deal_of_a_code(open_table: Opener) -> None:
    table = open_table(started())
    press(table, "#new-game")
    dialog = table.page.locator("#new-dialog")
    assert dialog.is_visible()
    draws = dialog.locator("#new-mode")  # the difficulty's choice names Easy and Hard too
    assert draws.get_by_text("Easy").is_visible() and draws.get_by_text("Hard").is_visible()
    table.page.fill("#code-input", "  kl1-d3v-aaaaaag ")
    press(table, "#new-start")
    dialog.wait_for(state="hidden")
    view = table.check()
    assert view["code"] == "KL1-D3V-AAAAAAG" and view["draw"] == 3 and view["scoring"] == "vegas"
    assert view["moves"] == 0 and view["id"] == 2
    assert table.text("#code") == "KL1-D3V-AAAAAAG"
    assert table.text("#score") == "−$52"


def test_new_game_dialog_refuses_a_bad_code_with_the_reason(open_table: Opener) -> None:
    table = open_table(started())
    before = table.check()
    press(table, "#new-game")
    table.page.fill("#code-input", "KL1-D2N-AAAAAAG")
    press(table, "#new-start")
    error = table.page.locator("#new-error")
    error.wait_for()
    assert error.inner_text() == "The draw part of a game code is D1 or D3, not “D2”"
    assert table.page.locator("#new-dialog").is_visible()
    table.page.fill("#code-input", "KL1-D1N-AAAA0AA")
    press(table, "#new-start")
    table.page.wait_for_function("document.querySelector('#new-error').textContent.includes('0')")
    assert "letters A–Z and the digits 2–7, not “0”" in error.inner_text()
    press(table, "#new-cancel")
    assert same_table(table.check(), before)


@DESKTOP_ONLY
def test_new_game_with_a_mode_asks_first_when_the_game_is_unfinished(open_table: Opener) -> None:
    table = open_table(started())
    table.tap(table.card("AH"))
    before = table.check()
    assert before["moves"] == 1
    press(table, "#new-game")
    table.page.locator("label.choice", has_text="Hard").click()
    press(table, "#new-start")
    confirm = table.page.locator("#confirm-dialog")
    confirm.wait_for()
    assert "not finished" in confirm.inner_text()
    press(table, "#confirm-no")
    confirm.wait_for(state="hidden")
    assert same_table(table.check(), before)
    press(table, "#new-start")
    confirm.wait_for()
    press(table, "#confirm-yes")
    table.page.locator("#new-dialog").wait_for(state="hidden")
    view = table.check()
    assert view["id"] != before["id"] and view["draw"] == 3 and view["scoring"] == "normal"
    stats = table.server.get("/api/stats")
    assert stats["recent"][1]["id"] == before["id"]
    assert stats["recent"][1]["result"] == "abandoned"
    assert stats["modes"][0]["played"] == 1 and stats["modes"][0]["won"] == 0


@DESKTOP_ONLY
def test_restart_asks_first_and_deals_the_same_deal_again(open_table: Opener) -> None:
    table = open_table(started())
    table.tap(table.card("AH"))
    before = table.check()
    press(table, "#restart")
    table.page.locator("#confirm-dialog").wait_for()
    press(table, "#confirm-yes")
    table.page.wait_for_function(f"window.klondike.state.view.id !== {before['id']}")
    view = table.check()
    assert view["code"] == before["code"] and view["moves"] == 0 and view["score"] == 0


def test_a_share_link_opens_its_deal_after_asking(open_table: Opener, screen: str) -> None:
    table = open_table(started())
    table.tap(table.card("AH"))
    before = table.check()
    table.page.goto(table.server.url + "/?code=KL1-D1V-AAAAAAB")
    confirm = table.page.locator("#confirm-dialog")
    confirm.wait_for()
    assert "KL1-D1V-AAAAAAB" in confirm.inner_text()
    press(table, "#confirm-yes")
    table.page.wait_for_function(f"window.klondike.state.view.id !== {before['id']}")
    view = table.check()
    assert view["code"] == "KL1-D1V-AAAAAAB" and view["scoring"] == "vegas"
    assert table.page.url == table.server.url + "/"
    # a link opened with no game under way starts at once
    table.page.goto(table.server.url + "/?code=KL1-D3N-AAAAAAC")
    table.page.wait_for_function("window.klondike?.state.view?.code === 'KL1-D3N-AAAAAAC'")
    assert not confirm.is_visible()
    assert table.check()["draw"] == 3


def test_the_win_screen_and_play_again(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KH", score=615))
    # stock and waste are both empty: the stock shows no recycle mark (nothing to turn over)
    assert table.page.locator("[data-pile='S'] .slot-mark").is_hidden()
    assert table.pile("S").get_attribute("aria-label") == "stock, empty"
    table.tap(table.card("KH"))
    skip_celebration(table)
    win = table.page.locator("#win-dialog")
    win.wait_for()
    view = table.check()
    assert view["won"] and view["score"] == 625 and not view["clock_running"]
    assert table.text("#win-score") == "625"
    assert table.text("#win-moves") == "1"
    assert table.text("#win-code") == "KL1-D1N-AAAAAAG"
    assert table.text("#win-time") == table.text("#time")
    assert "You won!" in win.inner_text()
    assert table.cards_in("F2")[-1] == "KH"
    press(table, "#win-again")
    win.wait_for(state="hidden")
    table.page.wait_for_function("window.klondike.state.view.id !== 1")
    again = table.check()
    assert again["code"] == "KL1-D1N-AAAAAAG" and again["moves"] == 0 and not again["won"]


def skip_celebration(table: Table) -> None:
    """The cards cascade off the foundations first; a tap ends it."""
    canvas = table.page.locator(".celebrate-canvas")
    canvas.wait_for()
    table.page.mouse.click(5, 5)
    canvas.wait_for(state="detached")
    table.page.wait_for_timeout(650)  # a click right after the skip still belongs to it


@DESKTOP_ONLY
def test_statistics_show_a_finished_game_and_reset_after_asking(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KH", score=615))
    table.tap(table.card("KH"))
    skip_celebration(table)
    table.page.locator("#win-dialog").wait_for()
    press(table, "#win-new")
    table.page.locator("#new-dialog").wait_for()
    press(table, "#new-start")
    table.page.locator("#new-dialog").wait_for(state="hidden")
    table.check()
    press(table, "#stats-button")
    dialog = table.page.locator("#stats-dialog")
    dialog.wait_for()
    played = dialog.locator("tr[data-stat='played'] td[data-mode='D1N']")
    assert played.inner_text() == "1"
    assert dialog.locator("tr[data-stat='won'] td[data-mode='D1N']").inner_text() == "1"
    assert dialog.locator("tr[data-stat='win_rate'] td[data-mode='D1N']").inner_text() == "100 %"
    assert dialog.locator("tr[data-stat='best_score'] td[data-mode='D1N']").inner_text() == "625"
    won = dialog.locator("tr[data-result='won']")
    assert won.count() == 1
    assert "KL1-D1N-AAAAAAG" in won.inner_text() and "625" in won.inner_text()
    press(table, "#stats-reset")
    table.page.locator("#confirm-dialog").wait_for()
    press(table, "#confirm-yes")
    table.page.wait_for_function(
        "document.querySelector(\"tr[data-stat='played'] td[data-mode='D1N']\").textContent === '0'"
    )
    assert dialog.locator("tr[data-result='won']").count() == 1  # the history stays
    assert table.server.get("/api/stats")["modes"][0]["played"] == 0
    # replay the won game from the history (no game under way: no question)
    dialog.locator("tr[data-result='won'] button.replay").click()
    dialog.wait_for(state="hidden")
    table.page.wait_for_function("window.klondike.state.view.code === 'KL1-D1N-AAAAAAG'")
    assert table.check()["moves"] == 0


@DESKTOP_ONLY
def test_the_code_button_copies_the_code(open_table: Opener) -> None:
    table = open_table(started())
    table.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    press(table, "#code")
    assert table.toast() == "Game code KL1-D1N-AAAAAAG copied"
    assert table.page.evaluate("navigator.clipboard.readText()") == "KL1-D1N-AAAAAAG"
    press(table, "#share")
    link = table.page.evaluate("navigator.clipboard.readText()")
    assert link == table.server.url + "/?code=KL1-D1N-AAAAAAG"
