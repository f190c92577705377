"""The three versions in Chromium: the New game dialog, the bar, and what each version does
differently at the table (seeds 000, 003, 004; docs/rules.md traces each seed sentence)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from helpers.page import Table, same_table
from helpers.positions import position
from klondike import Game
from klondike.cards import CARD_NAMES
from klondike.rules import SOLITAER

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])
COLUMNS = ["KS", "1 | QH", "2 | JC", "3 | TH", "4 | 9C", "5 | 8H", "6 | 7C"]


def table_of(rules: str, **kwargs: Any) -> dict[str, Any]:
    """A position of version ``rules`` (Draw 3 where the version has only that)."""
    draw = 3 if rules == "solitaer" else kwargs.pop("draw", 1)
    return position(rules=rules, draw=draw, **{"tableau": COLUMNS, **kwargs})


def on_table(view: dict[str, Any]) -> tuple[object, ...]:
    """What lies on the table in a view."""
    return (view["stock"], view["waste"], view["foundations"], view["tableau"], view["moves"])


def right_click_table(table: Table) -> bool:
    """Right-click the table below the columns; True if the page kept the context menu shut."""
    prevented = table.page.evaluate(
        """() => !document.querySelector('#table').dispatchEvent(
            new MouseEvent('contextmenu', {bubbles: true, cancelable: true, button: 2}))"""
    )
    box = table.page.locator("#table").bounding_box()
    assert box is not None
    table.page.mouse.click(
        box["x"] + box["width"] - 20, box["y"] + box["height"] - 20, button="right"
    )
    return bool(prevented)


@DESKTOP_ONLY
def test_a_right_click_on_the_table_draws_in_solitaer(open_table: Opener) -> None:
    """004: "oder ein Rechtsklick auf eine beliebige Stelle des Bildschirms"."""
    table = open_table(table_of("solitaer"))
    before = table.check()
    prevented = right_click_table(table)
    table.page.wait_for_function("window.klondike.state.view.moves === 2")
    view = table.check()
    assert prevented  # no context menu on the table
    assert view["stock"]["count"] == before["stock"]["count"] - 6  # two draws of three
    assert len(table.cards_in("W")) == 3


@DESKTOP_ONLY
@pytest.mark.parametrize("rules", ["app", "classic"])
def test_a_right_click_does_nothing_special_in_the_others(open_table: Opener, rules: str) -> None:
    table = open_table(table_of(rules))
    before = table.check()
    prevented = right_click_table(table)
    table.page.wait_for_timeout(300)
    assert not prevented
    assert same_table(table.check(), before) and table.check()["moves"] == 0


def test_classic_foundation_card_does_not_lift(open_table: Opener) -> None:
    """003: "Du legst Karten nicht von den Fundamenten zurück ins Tableau": pulled, 2♠ stays
    where it is (the view lists no pile for it), shakes, and nothing is asked of the server."""
    start = table_of("classic", foundations={"S": 2}, tableau=["3H", *COLUMNS[1:]])
    table = open_table(start)
    before = table.check()
    assert "2S" not in before["targets"]
    table.page.evaluate(
        """() => {
            window.shaken = [];
            new MutationObserver((records) => {
                for (const r of records) {
                    const el = r.target;
                    if (el.classList.contains('shake')) window.shaken.push(el.dataset.card);
                }
            }).observe(document.querySelector('#board'),
                       {subtree: true, attributes: true, attributeFilter: ['class']});
        }"""
    )
    resting = table.card("2S").bounding_box()
    asked = len(table.requests)
    x0, y0 = table.point(table.card("2S"))
    x1, y1 = table.point(table.card("3H"), "middle")
    table.press(x0, y0)
    for i in range(1, 9):
        table.move_to(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
    assert table.page.locator(".card.dragging").count() == 0
    assert table.card("2S").bounding_box() == resting
    table.page.wait_for_function("window.shaken.includes('2S')")
    table.release()
    after = table.check()
    assert same_table(after, before)
    assert table.requests[asked:] == [], "the page asked the server"
    classes = (table.card("2S").get_attribute("class") or "").split()
    assert "movable" not in classes


def test_app_foundation_card_can_be_dragged_back(open_table: Opener) -> None:
    table = open_table(table_of("app", foundations={"S": 2}, tableau=["3H", *COLUMNS[1:]]))
    table.drag(table.card("2S"), table.card("3H"))
    table.page.wait_for_function("window.klondike.state.view.moves === 1")
    table.settle()  # the view is in; the table draws it on the next frame
    assert table.cards_in("T1") == ["3H", "2S"]


def test_an_ace_flies_up_by_itself_in_solitaer_and_undo_takes_back_both(
    open_table: Opener,
) -> None:
    """004: "Ein As kann zu seinem Ablagestapel bewegt werden (in der Regel automatisch)"."""
    start = table_of("solitaer", tableau=["AH AS | 9D", "TC", *COLUMNS[2:]])
    table = open_table(start)
    before = table.check()
    table.drag(table.card("9D"), table.card("TC"))
    table.page.wait_for_function("window.klondike.state.view.moves === 1")
    view = table.check()
    assert table.cards_in("F1") == ["AS"] and table.cards_in("F2") == ["AH"]
    assert view["tableau"][0] == {"down": 0, "up": []}
    table.page.locator("#undo").click()
    table.page.wait_for_function("window.klondike.state.view.moves === 0")
    assert on_table(table.check()) == on_table(before)
    assert table.cards_in("T1") == ["9D"] and table.backs_in("T1") == 2


def test_no_ace_flies_in_the_apps_rules(open_table: Opener) -> None:
    """000: "Keine Automatik: Keine Karte wandert von selbst auf die Zielstapel"."""
    table = open_table(table_of("app", tableau=["AH AS | 9D", "TC", *COLUMNS[2:]]))
    table.drag(table.card("9D"), table.card("TC"))
    table.page.wait_for_function("window.klondike.state.view.moves === 1")
    table.check()
    assert table.cards_in("T1") == ["AS"] and table.cards_in("F1") == []


def _deal_with_three_on_the_waste() -> Game:
    """The first Solitär deal whose three dealt waste cards hold no Ace."""
    deal = 0
    while len((game := Game.new(deal=deal, rules=SOLITAER)).waste) != 3:
        deal += 1
    return game


@DESKTOP_ONLY
def test_new_game_dialog_offers_the_versions_and_solitaer_starts_with_three_on_the_waste(
    open_table: Opener,
) -> None:
    """004: "Dabei liegen rechts neben dem Talon bereits drei Karten offen"; Draw 3 only and
    no score: the dialog offers neither Draw 1 nor a scoring; the bar shows no score."""
    table = open_table(table_of("app"))
    page = table.page
    assert page.locator("#version").text_content() == "Klondike"
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    dialog.wait_for()
    versions = dialog.locator("#rules-choice label.choice")
    assert versions.count() == 3
    assert "right click turns the next three cards" in versions.nth(2).inner_text()
    assert dialog.locator("#scoring-choice").is_visible()
    dialog.locator("label.choice", has_text="Solitär").click()
    assert not dialog.locator("label.choice", has_text="Easy").is_visible()
    assert dialog.locator("label.choice", has_text="Hard").is_visible()
    assert not dialog.locator("#scoring-choice").is_visible()
    dialog.locator("label.choice", has_text="Classic").click()
    assert dialog.locator("label.choice", has_text="Easy").is_visible()
    assert not dialog.locator("#scoring-choice").is_visible()  # no Vegas, no score at all
    dialog.locator("label.choice", has_text="Solitär").click()
    page.locator("#new-start").click()
    dialog.wait_for(state="hidden")
    view = table.check()
    assert view["code"].startswith("KS1-D3X-") and view["rules"]["key"] == "solitaer"
    assert page.locator("#version").text_content() == "Solitär"
    assert not page.locator("#score").is_visible() and page.locator("#moves").is_visible()

    game = _deal_with_three_on_the_waste()
    page.locator("#new-game").click()
    page.fill("#code-input", game.code)
    page.locator("#new-start").click()
    dialog.wait_for(state="hidden")
    view = table.check()
    assert view["code"] == game.code and view["moves"] == 0
    assert table.cards_in("W") == [CARD_NAMES[c] for c in game.waste]
    assert view["stock"]["count"] == 21


@DESKTOP_ONLY
def test_classic_redeal_is_shuffled_and_undo_restores_the_waste(open_table: Opener) -> None:
    """003: "Ist der Stock aufgebraucht, mischst du die beiseitegelegten Karten"."""
    start = table_of("classic", stock="2C 3D 4H 5S 6C 7D", rest="T2")
    engine = Game.from_snapshot(start)
    table = open_table(start)
    for n in range(1, 7):
        table.tap(table.pile("S"), "middle")
        table.page.wait_for_function(f"window.klondike.state.view.moves === {n}")
        engine.play("S-W")
    assert table.cards_in("W") == ["4H", "3D", "2C"]
    table.tap(table.pile("S"), "middle")  # the stock is empty: the waste is shuffled back
    table.page.wait_for_function("window.klondike.state.view.moves === 7")
    engine.play("W-S")
    assert engine.stock != engine.waste[::-1]  # not the app's order
    view = table.check()
    assert view["stock"]["count"] == 6 and view["waste"]["count"] == 0
    table.tap(table.pile("S"), "middle")
    table.page.wait_for_function("window.klondike.state.view.moves === 8")
    engine.play("S-W")
    assert table.cards_in("W") == [CARD_NAMES[c] for c in engine.waste]
    for moves in (7, 6):
        table.page.locator("#undo").click()
        table.page.wait_for_function(f"window.klondike.state.view.moves === {moves}")
    table.settle()  # the view is in; the table draws it on the next frame
    assert table.cards_in("W") == ["4H", "3D", "2C"]
    assert table.check()["waste"]["count"] == 6
