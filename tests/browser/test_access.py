"""German and English, keyboard play, labels a screen reader speaks, and a table that fits."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest

from helpers.page import Table, card_words
from helpers.positions import every_gesture, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])


def test_german_and_english_switch_and_are_remembered(open_table: Opener) -> None:
    table = open_table(every_gesture(), locale="de-DE")
    page = table.page
    assert page.locator("#new-game span").text_content() == "Neue Partie"
    assert page.locator("#undo span").text_content() == "Rückgängig"
    assert page.locator(".info-label").all_text_contents() == [
        "Klondike", "Punkte", "Züge", "Zeit", "Gewinnbar"
    ]  # fmt: skip
    assert page.locator("#stats-button span").text_content() == "Statistik"
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("[data-card='7S']").get_attribute("aria-label") == "7♠ Pik Sieben, Spalte 4"
    # the app's own words: Talon, Ablagestapel, Zielstapel, Partiecode
    count = table.server.game()["stock"]["count"]
    assert table.pile("S").get_attribute("aria-label") == f"Talon, {count} Karten"
    assert table.pile("W").get_attribute("aria-label") == "Ablagestapel, 1 Karte"
    assert table.pile("F2").get_attribute("aria-label") == "Zielstapel 2, Herz, leer"
    assert page.locator("#code").get_attribute("title") == "Partiecode kopieren"
    # a refusal in German
    table.drag(table.card("7S"), table.pile("T5"), to="top")
    assert table.toast() == "7♠ kann nicht in eine leere Spalte: dorthin darf nur ein König"
    page.select_option("#lang", "en")
    assert page.locator("#new-game span").text_content() == "New game"
    assert page.locator(".info-label").all_text_contents() == [
        "Klondike", "Score", "Moves", "Time", "Winnable"
    ]  # fmt: skip
    assert (
        page.locator("[data-card='7S']").get_attribute("aria-label")
        == "7♠ seven of spades, column 4"
    )
    page.reload()
    table.open()
    assert page.locator("#new-game span").text_content() == "New game"
    assert page.locator("html").get_attribute("lang") == "en"
    page.select_option("#lang", "de")
    page.locator("#new-game").click()
    dialog = page.locator("#new-dialog")
    assert dialog.locator("h2").text_content() == "Neue Partie"
    draws = dialog.locator("#new-mode")  # the draws, not the difficulty choice
    assert draws.get_by_text("Leicht").is_visible() and draws.get_by_text("Schwer").is_visible()
    assert dialog.locator("small").all_text_contents()[3:] == ["Ziehen 1", "Ziehen 3"]
    assert dialog.locator("b").all_text_contents()[:3] == ["Klondike", "Classic", "Solitär"]
    assert "Zielstapel" in dialog.locator("small").all_text_contents()[1]
    assert "Rechtsklick" in dialog.locator("small").all_text_contents()[2]
    assert dialog.locator("legend").all_text_contents() == [
        "Version",
        "Karten pro Aufdecken",
        "Wertung",
    ]
    page.fill("#code-input", "KL2-D1N-AAAAAAG")
    page.locator("#new-start").click()
    error = page.locator("#new-error")
    error.wait_for()
    assert error.inner_text() == "Ein Partiecode beginnt mit KL1, KC1 oder KS1, nicht mit „KL2“"


def test_every_reason_reads_in_both_languages(open_table: Opener) -> None:
    """Every reason key of the engine and the server has a German text in i18n.js; in English
    the page shows the server's own message."""
    from klondike.errors import MESSAGES
    from klondike.web import refusals

    table = open_table(every_gesture())
    keys = table.page.evaluate(
        """async () => {
            const i18n = await import('/static/js/i18n.js');
            return {de: i18n.germanReasons(), ten: i18n.keys('en'), tde: i18n.keys('de')};
        }"""
    )
    wanted = set(MESSAGES) | set(refusals.MESSAGES)
    assert wanted <= set(keys["de"]), wanted - set(keys["de"])
    assert set(keys["ten"]) == set(keys["tde"])
    # every placeholder of an engine message is filled by the German texts; English is the
    # server's message as it came, capitalised
    reasons = {
        key: [dict.fromkeys(re.findall(r"\{(\w+)\}", text), "X"), text]
        for key, text in MESSAGES.items()
    }
    texts = table.page.evaluate(
        """async (reasons) => {
            const i18n = await import('/static/js/i18n.js');
            const out = {};
            for (const lang of ['en', 'de']) {
                i18n.setLang(lang);
                for (const [key, [params, message]] of Object.entries(reasons))
                    out[lang + ':' + key] = i18n.reasonText(key, params, message);
            }
            return out;
        }""",
        reasons,
    )
    for key, text in MESSAGES.items():
        assert texts[f"en:{key}"] == text[0].upper() + text[1:]
        assert "{" not in texts[f"de:{key}"], f"{key}: {texts[f'de:{key}']}"


@DESKTOP_ONLY
def test_keyboard_play_of_a_move_and_a_pick_and_drop(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    # Tab from the page into the table reaches the stock first
    page.locator("#lang").focus()
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.pile") == "S":
            break
    assert page.evaluate("document.activeElement.dataset.pile") == "S"
    page.keyboard.press("ArrowDown")  # to column 1 (its top card)
    assert page.evaluate("document.activeElement.dataset.card") == "KS"
    for _ in range(6):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "AH"
    page.keyboard.press("Enter")  # tap: A♥ home
    view = table.check()
    assert view["foundations"][1] == ["AH"]
    # the focus stays on column 7, on the card turned up
    assert page.evaluate("document.activeElement.closest('[data-pile]').dataset.pile") == "T7"
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == "7S"
    page.keyboard.press("m")  # pick 7♠ up: its targets light up
    lit = page.eval_on_selector_all(".pile.target", "els => els.map((el) => el.dataset.pile)")
    assert lit == ["T2", "T3"]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")  # put it down on column 2
    view = table.check()
    assert view["tableau"][1]["up"] == ["8D", "7S"]
    assert page.locator(".pile.target").count() == 0
    # U undoes; the focus goes back to column 4's 7♠
    page.keyboard.press("u")
    view = table.check()
    assert view["tableau"][3]["up"] == ["7S"] and view["moves"] == 1
    assert page.evaluate("document.activeElement.dataset.card") == "7S"
    # M then Escape: picked up and let go, nothing played
    page.keyboard.press("m")
    assert page.locator(".pile.target").count() == 2
    page.keyboard.press("Escape")
    assert page.locator(".pile.target").count() == 0
    assert table.check()["version"] == view["version"]
    # D double taps: 7♠ goes to the longer of the columns it fits (column 2, five cards)
    page.keyboard.press("d")
    view = table.check()
    assert view["tableau"][1]["up"] == ["8D", "7S"] and view["last"]["move"] == "T4-T2"
    # D on the waste's 5♣, which fits nowhere: nothing happens
    page.keyboard.press("Shift+Tab")
    for _ in range(10):
        if page.evaluate("document.activeElement.closest('[data-pile]')?.dataset.pile") == "W":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.card") in ("5C", None)
    page.keyboard.press("d")
    assert table.check()["version"] == view["version"]
    # the bar's clock runs (m:ss) while the game is played
    page.wait_for_function(
        "/^0:0[1-9]$|^0:[1-5]\\d$/.test(document.querySelector('#time').textContent)"
    )


def test_labels_a_screen_reader_speaks(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    view = table.check()
    stock = table.pile("S").get_attribute("aria-label")
    assert stock == f"stock, {view['stock']['count']} cards"
    assert table.card("8H").get_attribute("aria-label") == "8♥ eight of hearts, column 3"
    assert table.card("TD").get_attribute("aria-label") == f"10♦ {card_words('TD')}, column 6"
    downs = page.locator("[data-pile='T2'] .card.down")
    assert downs.count() == 4
    assert {downs.nth(i).get_attribute("aria-label") for i in range(4)} == {"face-down card"}
    assert table.pile("T5").get_attribute("aria-label") == "column 5, empty"
    assert table.pile("F1").get_attribute("aria-label") == "foundation 1, spades: two of spades"
    assert table.pile("F2").get_attribute("aria-label") == "foundation 2, hearts, empty"
    assert table.pile("W").get_attribute("aria-label") == "waste, 1 card"
    assert table.card("5C").get_attribute("aria-label") == "5♣ five of clubs, waste"
    # the foundations keep fixed slots ♠ ♥ ♦ ♣, left to right, an empty one showing its suit
    slots = [table.pile(f"F{f}") for f in range(1, 5)]
    assert [slot.get_attribute("data-suit") for slot in slots] == ["S", "H", "D", "C"]
    xs = [slot.bounding_box()["x"] for slot in slots]  # type: ignore[index]
    assert xs == sorted(xs)
    assert table.page.locator("[data-pile='F2'] .slot-suit use").get_attribute("href") == "#suit-H"
    assert table.page.locator("[data-pile='F2'] .slot-suit").is_visible()


@pytest.mark.parametrize("screen", ["desktop", "phone", "landscape"])
def test_the_table_fits_the_window_and_screenshot(open_table: Opener, screen: str) -> None:
    """A long column squeezes so every card is on screen; saves docs/screenshots/SCREEN.png."""
    game = position(
        tableau=[
            "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D",
            "1 | QC JD",
            "2 | 9D",
            "3 | TS 9H 8C",
            "",
            "5 | KD QS JH TC",
            "6 | 6C",
        ],
        foundations=(1, 2, 1, 0),
        waste="7H 5D 4C",
        draw=3,
        score=45,
    )
    table = open_table(game)
    view = table.check()
    size = table.page.viewport_size
    assert size is not None
    for name in ["2D", "4C", "AS", "6C", "TC"]:
        box = table.card(name).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], name
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], name
    # every face-up card of the long column still shows its corner
    boxes = [table.card(c).bounding_box() for c in view["tableau"][0]["up"]]
    gaps = [b["y"] - a["y"] for a, b in itertools.pairwise(boxes)]  # type: ignore[index]
    assert min(gaps) >= 10
    # touch targets: a card is at least 44 px tall, the bar's buttons at least 40 px
    assert boxes[0]["height"] >= 44  # type: ignore[index]
    for button in ["#new-game", "#undo", "#restart", "#stats-button"]:
        box = table.page.locator(button).bounding_box()
        assert (
            box is not None and box["height"] >= 40 and box["y"] + box["height"] <= size["height"]
        )
    # the bar takes one row where it fits, a rail at the side of a sideways phone, leaving
    # the cards room
    bar = table.page.locator(".bar").bounding_box()
    assert bar is not None
    if screen == "landscape":
        assert bar["width"] <= 140 and bar["height"] == size["height"]
    else:
        assert bar["height"] <= (100 if screen == "phone" else 60)
    # sideways, a column of twelve makes the cards smaller, so that every corner shows whole
    # (test_long_columns.py), yet no smaller than that asks
    assert boxes[0]["width"] >= (50 if screen == "landscape" else 40)  # type: ignore[index]
    table.page.wait_for_timeout(50)
    if screen != "landscape":
        table.shoot(screen)
