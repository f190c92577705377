"""The solver on the page: the Hint button and the H key, "winnable deals only" in the New
game dialog (remembered), the daily deal from the New game dialog (tests/browser/test_daily.py
has the Daily dialog)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest

from helpers.page import Table, press
from helpers.positions import one_move_to_win, position

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])


def test_the_hint_button_lights_up_the_card_and_its_target(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KC"))
    press(table, "#hint")
    table.page.locator("[data-card='KC'].hinted").wait_for(timeout=15_000)
    assert table.page.locator("[data-pile='F4'].hinted").count() == 1
    assert "Finish wins from here." in table.toast()  # every card is face up
    view = table.check()
    assert (view["moves"], view["version"], view["hints"]) == (0, 0, 1)  # nothing played


def test_a_hint_for_the_stock_lights_the_stock_and_goes_out_when_played(
    open_table: Opener,
) -> None:
    table = open_table(position(tableau=["KS"], stock="QS", foundations=[11, 13, 13, 13]))
    press(table, "#hint")
    table.page.locator("[data-pile='S'].hinted").wait_for(timeout=15_000)
    assert "Turn the stock." in table.toast()
    table.tap(table.pile("S"))
    table.settle()
    assert table.page.locator(".hinted").count() == 0


@DESKTOP_ONLY
def test_the_h_key_asks_for_a_hint_in_german(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KC"), locale="de-DE")
    table.page.locator("body").press("h")
    table.page.locator("[data-card='KC'].hinted").wait_for(timeout=15_000)
    assert "Fertigstellen gewinnt von hier aus." in table.toast()
    assert table.page.locator("#hint").get_attribute("aria-label") == "Tipp"


def test_when_no_win_is_left_the_hint_says_so(open_table: Opener) -> None:
    table = open_table(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    press(table, "#hint")
    table.page.get_by_text("No line wins from here any more", exact=False).wait_for(timeout=15_000)
    assert table.page.locator(".hinted").count() == 0


def test_winnable_deals_only_is_remembered_and_says_how_long_the_proof_took(
    open_table: Opener,
) -> None:
    table = open_table()
    press(table, "#new-game")
    table.page.locator("#winnable-input").check(force=True)
    press(table, "#new-start")
    table.page.locator("#new-dialog").wait_for(state="hidden", timeout=20_000)
    assert table.toast().startswith("Proved winnable in ")
    view = table.check()
    assert view["id"] == 2 and view["draw"] == 1
    table.page.reload()
    table.page.wait_for_function("window.klondike && window.klondike.state.view")
    press(table, "#new-game")
    assert table.page.locator("#winnable-input").is_checked()
    assert "Proved winnable in " in table.text("#new-proof") or table.text("#new-proof") == ""


def test_the_daily_deal_starts_from_the_new_game_dialog_on_its_mode(open_table: Opener) -> None:
    table = open_table()
    press(table, "#new-game")
    table.page.locator("#new-dialog input[name='draw'][value='3']").check(force=True)
    press(table, "#new-daily")
    assert table.page.locator("#daily-dialog input[name='draw'][value='3']").is_checked()
    press(table, "#daily-play")
    table.page.locator("#daily-dialog").wait_for(state="hidden", timeout=60_000)
    view = table.check()
    today = table.page.evaluate("new Date().toLocaleDateString('sv')")  # YYYY-MM-DD, local
    assert view["daily"] == datetime.date.fromisoformat(today).isoformat()
    assert view["draw"] == 3 and view["moves"] == 0
    assert "daily deal" in table.toast()
    table.tap(table.pile("S"))  # played, then left (from another tab): a day played
    table.settle()
    table.server.http.post("/api/games", json={"abandon": view["id"]})
    press(table, "#stats-button")
    row = table.page.locator("#stats-daily tr[data-mode='D3N']")
    row.wait_for()
    assert row.locator("td").all_inner_texts()[:3] == ["Draw 3 · Normal", "1", "0"]


def test_the_daily_deal_of_solitaer_is_its_own(open_table: Opener) -> None:
    table = open_table()
    press(table, "#new-game")
    table.page.locator("#new-dialog input[name='rules'][value='solitaer']").check(force=True)
    press(table, "#new-daily")
    press(table, "#daily-play")
    table.page.locator("#daily-dialog").wait_for(state="hidden", timeout=60_000)
    view = table.check()
    assert view["code"].startswith("KS1-D3X-") and view["daily"] is not None
