"""The solver on the page: the Hint button and the H key, "winnable deals only" in the New
game dialog (remembered), the daily deal from the New game dialog (tests/browser/test_daily.py
has the Daily dialog)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest

from helpers.page import Table, press
from helpers.positions import one_move_to_win, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])


def test_the_hint_button_lights_up_the_card_and_its_target(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KC"))
    press(table, "#hint")
    table.page.locator("[data-card='KC'].hinted").wait_for(timeout=15_000)
    assert table.page.locator("[data-pile='F4'].hinted").count() == 1
    assert table.hint_text() == "Move king of clubs to foundation 4. Finish wins."
    press(table, "#hint-more")  # the reason behind it, one tap away
    assert "whatever order the unseen stock lies in" in table.text("#hint-details")
    view = table.check()
    assert (view["moves"], view["version"], view["hints"]) == (0, 0, 1)  # nothing played


@pytest.mark.both_screens  # the × clicked and tapped
def test_the_hint_panel_closes_with_its_x_and_escape_and_the_focus_goes_back(
    open_table: Opener,
) -> None:
    """Closed by its × or by Escape, the hint panel gives the focus back to the Hint button,
    as every dialog gives it back to the button that opened it."""
    table = open_table(one_move_to_win("KC"))
    page = table.page
    panel = page.locator("#hint-panel")
    press(table, "#hint")
    table.hint_text()
    press(table, "#hint-close")
    panel.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "hint"
    page.keyboard.press("h")  # again, from the Hint button, then Escape
    table.hint_text()
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    assert page.evaluate("document.activeElement.id") == "hint"
    assert page.locator("[data-card='KC'].hinted").count() == 1  # the light stays, as with ×


def test_a_hint_for_the_stock_lights_the_stock_and_goes_out_when_played(
    open_table: Opener,
) -> None:
    table = open_table(position(tableau=["KS"], stock="QS", foundations=[11, 13, 13, 13]))
    press(table, "#hint")
    table.page.locator("[data-pile='S'].hinted").wait_for(timeout=15_000)
    assert table.hint_text().startswith("Turn the stock.")
    table.tap(table.pile("S"))
    table.settle()
    assert table.page.locator(".hinted").count() == 0
    assert table.page.locator("#hint-panel").is_hidden()  # it goes with the light


@DESKTOP_ONLY
def test_the_h_key_asks_for_a_hint_in_german(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KC"), locale="de-DE")
    table.page.locator("body").press("h")
    table.page.locator("[data-card='KC'].hinted").wait_for(timeout=15_000)
    assert table.hint_text() == "Kreuz König auf Zielstapel 4 ziehen. Fertigstellen gewinnt."
    assert table.page.locator("#hint").get_attribute("aria-label") == "Tipp"


def test_when_no_win_is_left_the_hint_says_so(open_table: Opener) -> None:
    table = open_table(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    press(table, "#hint")
    assert table.hint_text() == "Nothing you can see leads to a win any more."
    assert table.page.locator(".hinted").count() == 0
    assert table.page.locator("#hint-back").is_hidden()  # no position of this game could win


# Q♥ lies on J♥ J♦ J♣ face down; K♣ tops the waste, Q♦ under it; K♠ is home for good
# (Classic). K♣ to the empty column, then Q♦ onto it: lost from then on.
BURYING = position(
    tableau=["JH JD JC | QH", "", "KH", "KD", "QC"],
    waste="QD KC",
    foundations={"S": 13, "H": 10, "D": 10, "C": 10},
    rules="classic",
)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_lost_game_s_hint_offers_the_way_back_as_one_button(
    open_table: Opener, locale: str
) -> None:
    """Once nothing the player can see wins, the hint has no move and says so, with one
    button that undoes the moves back to the last position a win was still possible from."""
    table = open_table(BURYING, locale=locale)
    table.drag(table.card("KC"), table.pile("T2"))
    table.settle()
    table.drag(table.card("QD"), table.card("KC"))
    table.settle()
    press(table, "#hint")
    said = table.hint_text()
    assert (
        said
        == {
            "en-US": "Nothing you can see leads to a win any more.",
            "de-DE": "Nichts Sichtbares führt mehr zum Sieg.",
        }[locale]
    )
    back = table.page.locator("#hint-back")
    assert back.inner_text() == {"en-US": "Undo 1 move", "de-DE": "1 Zug zurück"}[locale]
    press(table, "#hint-back")
    table.page.wait_for_function("window.klondike.state.view.moves === 1")
    assert table.cards_in("T2") == ["KC"]
    view = table.check()
    assert view["undos"] == 1
    press(table, "#hint")  # from here a win is possible again: Q♥ onto K♣
    assert table.hint_text().startswith(
        {"en-US": "Move queen of hearts to column 2.", "de-DE": "Herz Dame auf Spalte 2"}[locale]
    )


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


def long_column() -> dict[str, Any]:
    """Eleven face-up cards in column 1, 3♠ the lowest on screen and next to go home; the
    other columns hold a face-down card each, so Finish is not offered."""
    return position(
        tableau=[
            "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S",
            "KD | QC",
            "KC | QD",
            "JD | TC",
            "JC | TD",
            "9D | 8C",
            "9C | 8D",
        ],
        foundations={"S": 2, "H": 3, "D": 6, "C": 6},
        stock="7H 7D 7C",
    )


@pytest.mark.parametrize("screen", ["phone", "landscape"])
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_hint_is_short_and_never_covers_its_card_on_a_phone(
    open_table: Opener, locale: str
) -> None:
    """The hint says the move and one short reason (about 60 characters at most), takes at
    most a sixth of the screen, and lies where it does not cover the card it names, upright
    and sideways."""
    table = open_table(long_column(), locale=locale)
    press(table, "#hint")
    said = table.hint_text()
    assert len(said) <= 64, said
    page = table.page
    lit = page.locator(".card.hinted")
    lit.wait_for()
    card, panel = lit.bounding_box(), page.locator("#hint-panel").bounding_box()
    assert card is not None and panel is not None
    viewport = page.viewport_size
    assert viewport is not None
    assert panel["height"] <= viewport["height"] / 6 + 1
    apart = (
        panel["y"] >= card["y"] + card["height"]
        or card["y"] >= panel["y"] + panel["height"]
        or panel["x"] >= card["x"] + card["width"]
        or card["x"] >= panel["x"] + panel["width"]
    )
    assert apart, (panel, card)
