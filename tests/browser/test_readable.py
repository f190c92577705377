"""Readability (issue 17, items 4 and 14), through real gestures on the desktop and the
phone: a refused drag names the card; a four-colour deck and large corner indices chosen in
the Settings dialog; and the safe cards that go home by themselves, only when chosen, each
shown, scored and undone as a move of its own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from browser.test_axe import audit
from helpers.page import Table
from helpers.positions import every_gesture, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en-US", "9♣ does not go on 6♥: only a black 5 goes on it"),
        ("de-DE", "9♣ passt nicht auf 6♥: darauf passt nur eine schwarze 5"),
    ],
)
def test_a_refused_drag_names_the_card_dragged(open_table: Opener, locale: str, text: str) -> None:
    """The issue's example: 9♣ dragged onto 6♥ (it used to say "No face-up card of column
    1 fits on 6♥")."""
    table = open_table(position(tableau=["2 | 9C", "1 | 6H", "KS"]), locale=locale)
    before = table.check()
    table.drag(table.card("9C"), table.card("6H"))
    assert table.toast() == text
    after = table.check()
    assert after["version"] == before["version"] and after["tableau"] == before["tableau"]


def switch_on(table: Table, name: str) -> None:
    """Open the Settings dialog, turn the switch ``name`` on by a real click or tap, close."""
    page = table.page
    table.tap(page.locator("#settings-button"))
    page.locator("#settings-dialog").wait_for()
    words = page.locator(f"input[name='{name}'] + span")
    words.evaluate("el => el.scrollIntoView({block: 'center'})")  # clear of the buttons' bar
    table.tap(words, "middle")
    page.wait_for_function(f"window.klondike.settings.values.{name} === true", polling=50)
    assert page.locator(f"input[name='{name}']").is_checked()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")


def face_colour(table: Table, card: str) -> str:
    return table.page.eval_on_selector(  # type: ignore[no-any-return]
        f"[data-card='{card}'] .face", "el => getComputedStyle(el).color"
    )


def index_size(table: Table, card: str) -> float:
    return float(
        table.page.eval_on_selector(
            f"[data-card='{card}'] .idx.tl .rank",
            "el => parseFloat(getComputedStyle(el).fontSize)",
        )
    )


def test_four_colours_and_large_indices_are_chosen_and_kept(
    open_table: Opener, screen: str
) -> None:
    table = open_table(position(tableau=["AS", "2H", "3D", "QC", "KS QH"]))
    page = table.page
    colours = {card: face_colour(table, card) for card in ("AS", "2H", "3D", "QC")}
    assert colours["3D"] == colours["2H"] == "rgb(200, 32, 47)"  # the usual red and black
    assert colours["QC"] == colours["AS"] == "rgb(27, 27, 31)"
    small = index_size(table, "3D")
    switch_on(table, "four_colours")
    assert page.locator("html").get_attribute("data-four-colours") is not None
    assert face_colour(table, "3D") == "rgb(29, 78, 216)"  # ♦ blue
    assert face_colour(table, "QC") == "rgb(21, 112, 53)"  # ♣ green
    assert face_colour(table, "2H") == "rgb(200, 32, 47)"  # ♥ red
    assert face_colour(table, "AS") == "rgb(27, 27, 31)"  # ♠ black
    robe = page.eval_on_selector(
        "[data-card='QC'] .court-robe", "el => getComputedStyle(el).fill"
    )  # the court card's robe follows its suit
    assert robe == "rgb(21, 112, 53)"
    switch_on(table, "large_indices")
    large = index_size(table, "3D")
    assert large >= small * 1.25, (small, large)
    # the larger index still shows on a card covered in a fanned column
    covered = page.locator("[data-card='KS'] .idx.tl").bounding_box()
    cover = table.card("QH").bounding_box()
    assert covered is not None and cover is not None
    assert covered["y"] + covered["height"] <= cover["y"] + 1, (covered, cover)
    table.shoot(f"readable-{screen}")
    audit(table, "four colours, large indices")
    page.reload()
    table.open_at_current()
    root = page.locator("html")
    assert root.get_attribute("data-four-colours") is not None
    assert root.get_attribute("data-large-indices") is not None
    assert face_colour(table, "3D") == "rgb(29, 78, 216)"
    assert table.server.get("/api/settings")["auto_safe"] is False  # the others untouched


def test_settings_dialog_with_the_new_switches_is_axe_clean(open_table: Opener) -> None:
    table = open_table(every_gesture(), locale="de-DE")
    table.tap(table.page.locator("#settings-button"))
    table.page.locator("#settings-dialog").wait_for()
    labels = table.page.locator("#settings-dialog .switch span").all_text_contents()
    assert "Sichere Karten von selbst auf die Zielstapel legen" in labels
    assert "Vierfarbiges Blatt (♦ blau, ♣ grün)" in labels
    audit(table, "settings")


# A♠ lies face down under 5♥ on column 1; 5♥ goes on 6♠ (column 2), which turns A♠ up.
REVEALS_AN_ACE = position(tableau=["AS | 5H", "1 | 6S", "KD"])


def test_without_the_setting_a_turned_up_ace_stays(open_table: Opener) -> None:
    table = open_table(REVEALS_AN_ACE)
    table.drag(table.card("5H"), table.card("6S"))
    view = table.check()
    assert view["tableau"][0]["up"] == ["AS"] and view["foundations"][0] == []
    assert view["moves"] == 1


def test_with_the_setting_safe_cards_go_home_after_a_drag_and_undo_one_by_one(
    open_table: Opener,
) -> None:
    table = open_table(REVEALS_AN_ACE)
    page = table.page
    switch_on(table, "auto_safe")
    # record every table the board draws, to see the step before the Ace goes home
    page.evaluate(
        """() => {
            const board = window.klondike.board;
            const setView = board.setView.bind(board);
            window.drawn = [];
            board.setView = (view, animate) => {
                window.drawn.push({t1: view.tableau[0].up.join(), f1: view.foundations[0].join()});
                setView(view, animate);
            };
        }"""
    )
    table.drag(table.card("5H"), table.card("6S"))
    view = table.check()
    assert view["foundations"][0] == ["AS"] and view["tableau"][0] == {"down": 0, "up": []}
    assert table.cards_in("F1") == ["AS"]
    assert view["moves"] == 2 and view["score"] == 5 + 10  # A♠ turned up, A♠ home
    drawn = page.evaluate("window.drawn")
    assert drawn == [{"t1": "AS", "f1": ""}, {"t1": "", "f1": "AS"}]  # one move at a time
    table.tap(page.locator("#undo"))  # one undo: the Ace's move
    view = table.check()
    assert view["tableau"][0]["up"] == ["AS"] and view["foundations"][0] == []
    assert view["tableau"][1]["up"] == ["6S", "5H"] and view["score"] == 5
    table.tap(page.locator("#undo"))  # the next: the player's drag
    view = table.check()
    assert view["tableau"][0] == {"down": 1, "up": ["5H"]} and view["moves"] == 0
    assert view["score"] == 0
