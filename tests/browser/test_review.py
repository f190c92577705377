"""The Review dialog through real gestures: from the game just left, from the win screen
and from the recent games; stepping through the moves and the winning line; both languages,
desktop and phone; axe-clean."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from browser.test_axe import audit
from browser.test_dialogs import skip_celebration
from helpers.page import Table, open_new_game, press
from helpers.positions import one_move_to_win, position
from helpers.server import Server

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

# Q♥ lies on J♥ J♦ J♣ face down; K♣ tops the waste, Q♦ under it; K♠ is home for good
# (Classic). K♣ to the empty column, then Q♦ onto it: the win is lost at move 2.
BURYING = position(
    tableau=["JH JD JC | QH", "", "KH", "KD", "QC"],
    waste="QD KC",
    foundations={"S": 13, "H": 10, "D": 10, "C": 10},
    rules="classic",
)

WORDS = {
    "en-US": {
        "lost": "the win was lost at move 2",
        "seen": "what you could see showed it too: a blunder",
        "why": "The queen of diamonds took the king of clubs, which the queen of hearts needed.",
        "summary": "2 moves · accuracy ",
        "axes": ["move", "chance of a win"],
        "line": "Show the winning line",
    },
    "de-DE": {
        "lost": "mit Zug 2 verspielt",
        "seen": "auch was zu sehen war, zeigte es: grober Fehler",
        "why": "nahm den Platz auf",
        "summary": "2 Züge · Genauigkeit ",
        "axes": ["Zug", "Gewinnchance"],
        "line": "Den Gewinnweg zeigen",
    },
}


def review_done(table: Table) -> None:
    table.page.locator("#review-dialog").wait_for()
    table.page.locator("#review-body").wait_for(timeout=60_000)


def bury_and_leave(table: Table) -> None:
    """Bury K♣ under Q♦ (K♣ dragged to the empty column, Q♦ onto it), then leave the game
    for a new one."""
    table.drag(table.card("KC"), table.pile("T2"))
    table.settle()
    table.drag(table.card("QD"), table.card("KC"))
    table.settle()
    assert table.cards_in("T2") == ["KC", "QD"]
    open_new_game(table)
    press(table, "#new-start")
    table.page.locator("#confirm-dialog").wait_for()
    press(table, "#confirm-yes")
    table.page.wait_for_function("window.klondike.state.view.id !== 1")
    table.settle()


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_review_of_the_game_just_left_names_the_move_that_lost(
    open_table: Opener, locale: str
) -> None:
    table = open_table(BURYING, locale=locale)
    page = table.page
    assert page.locator("#review-last").is_hidden()
    bury_and_leave(table)
    press(table, "#review-last")
    review_done(table)
    words = WORDS[locale]
    lost = table.text("#review-lost")
    assert words["lost"] in lost and words["seen"] in lost and words["why"] in lost
    assert table.text("#review-summary").startswith(words["summary"])
    moves = page.locator("#review-moves li")
    assert moves.count() == 2
    assert page.locator("#review-moves li.lost.mistake.blunder").count() == 1
    assert page.locator("#review-chart svg circle.blunder").count() == 1
    # the chart's axes and legend; a tap on it goes to the move under it
    titles = page.locator("#review-chart svg .axis-title").all_text_contents()
    assert titles == words["axes"]
    assert page.locator("#review-legend li, .review-legend li").count() == 3  # line, lost, blunder
    chart = page.locator("#review-chart svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None
    left = box["x"] + box["width"] * 44 / 600  # the x axis starts at 44 of 600 units
    table.tap_at(left + 2, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelector('#review-slider').value === '0'")
    table.tap_at(box["x"] + box["width"] - 3, box["y"] + box["height"] / 2)
    page.wait_for_function("document.querySelector('#review-slider').value === '2'")
    # it opens at the move that lost: the table after it, every card shown, backs marked
    assert page.locator("#review-slider").input_value() == "2"
    assert page.locator("#review-table .chip.down").count() == 3
    assert page.locator("#review-table [data-card='JD'].down").count() == 1
    audit(table, "review")
    press(table, "#review-prev")
    assert page.locator("#review-slider").input_value() == "1"
    if not table.touch:  # ←/→ with a keyboard
        page.locator("#review-next").focus()
        page.keyboard.press("ArrowLeft")
        assert page.locator("#review-slider").input_value() == "0"
        page.keyboard.press("ArrowRight")
        assert page.locator("#review-slider").input_value() == "1"
    press(table, "#review-moves li:nth-child(2) button")
    assert page.locator("#review-slider").input_value() == "2"
    page.locator("#review-slider").scroll_into_view_if_needed()
    box = page.locator("#review-slider").bounding_box()
    assert box is not None
    y = box["y"] + box["height"] / 2  # the thumb is at the right end: drag it to the start
    start, end = box["x"] + box["width"] - 4, box["x"] + 2
    if table.touch:
        table.touch_event("touchStart", start, y)
        for i in range(1, 9):
            table.touch_event("touchMove", start + (end - start) * i / 8, y)
        table.touch_event("touchEnd")
    else:
        page.mouse.move(start, y)
        page.mouse.down()
        page.mouse.move(end, y, steps=8)
        page.mouse.up()
    page.wait_for_function("document.querySelector('#review-slider').value === '0'")
    assert "before the first move" in table.text("#review-at") or "vor dem ersten Zug" in (
        table.text("#review-at")
    )
    # the winning line from the position before the move that lost, step by step
    assert table.text("#review-line") == words["line"]
    press(table, "#review-line")
    assert page.locator("#review-slider").input_value() == "0"
    steps = int(page.locator("#review-slider").get_attribute("max") or 0)
    assert steps == 10
    for _ in range(steps):
        press(table, "#review-next")
    assert page.locator("#review-next").is_disabled()
    columns = page.locator("#review-table .review-columns .chip")
    assert columns.count() == 0  # every card home: the line wins
    audit(table, "review, the winning line")
    press(table, "#review-close")
    page.locator("#review-dialog").wait_for(state="hidden")


def test_a_won_game_is_reviewed_from_the_win_screen_and_the_history(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KH"))
    page = table.page
    table.tap(table.card("KH"))
    skip_celebration(table)
    page.locator("#win-dialog").wait_for()
    press(table, "#win-review")
    review_done(table)
    assert table.text("#review-lost") == "Won: nothing was lost."
    assert page.locator("#review-moves li").count() == 1
    press(table, "#review-close")
    page.locator("#review-dialog").wait_for(state="hidden")
    # closed, it goes back to the win screen it came from: Play again and New game at hand
    page.locator("#win-dialog[open]").wait_for()
    assert page.evaluate("document.activeElement.id") == "win-review"
    page.keyboard.press("Escape")
    page.locator("#win-dialog").wait_for(state="hidden")
    press(table, "#stats-button")
    page.locator("#stats-recent tbody tr").first.wait_for()
    press(table, "#stats-recent tr[data-result='won'] button.review")
    review_done(table)
    summary = table.text("#review-summary")
    assert summary.startswith("1 move · accuracy 100% · no inaccuracy, mistake or blunder")
    assert "0 hints taken · 0 undos" in summary
    press(table, "#review-close")  # opened from the statistics: no win screen after it
    page.locator("#review-dialog").wait_for(state="hidden")
    press(table, "#stats-button")  # the table is free again
    page.locator("#stats-dialog[open]").wait_for()
    assert page.locator("#win-dialog[open]").count() == 0


def test_a_game_being_played_has_no_review_button(open_table: Opener) -> None:
    table = open_table(BURYING)
    table.tap(table.card("KC"))
    table.settle()
    assert table.page.locator("#review-last").is_hidden()
    answer = table.server.get(f"/api/games/{table.check()['id']}/review")
    assert answer["error"]["reason"] == "review_playing"


def test_the_recent_games_offer_no_review_of_the_game_being_played(open_table: Opener) -> None:
    """The statistics' row of the game in play has Replay but no Review (which the server
    would refuse); the game left before it has both."""
    table = open_table(BURYING)
    bury_and_leave(table)
    table.tap(table.pile("S"))
    table.settle()
    press(table, "#stats-button")
    page = table.page
    rows = page.locator("#stats-recent tbody tr")
    page.locator("#stats-recent tr[data-result='playing']").wait_for()
    assert rows.count() == 2
    playing = page.locator("#stats-recent tr[data-result='playing']")
    assert playing.locator("button.replay").count() == 1
    assert playing.locator("button.review").count() == 0
    press(table, "#stats-recent tr[data-result='abandoned'] button.review")
    review_done(table)
    assert page.locator("#review-moves li").count() == 2


# The stock's last card turned and turned back, over and over, until the game is left: a
# review of more than a hundred moves, every position won at once.
TURNING = position(tableau=["KH"], stock="KC", foundations={"S": 13, "H": 12, "D": 13, "C": 12})


def test_the_charts_labels_stay_inside_it(
    open_table: Opener, make_server: Callable[..., Server]
) -> None:
    """The last move's number, at the x axis's right end, is not cut off ("214" read "21")."""
    server = make_server(TURNING)
    view = server.game()
    for _ in range(60):
        for move in ("S-W", "W-S"):
            body = {"version": view["version"], "action": "move", "move": move}
            view = server.post(f"/api/games/{view['id']}/actions", body)
    assert view["moves"] == 120
    table = open_table(server=server)
    open_new_game(table)
    press(table, "#new-start")
    table.page.locator("#confirm-dialog").wait_for()
    press(table, "#confirm-yes")
    table.page.wait_for_function("window.klondike.state.view.id !== 1")
    press(table, "#review-last")
    review_done(table)
    chart = table.page.locator("#review-chart svg")
    chart.scroll_into_view_if_needed()
    labels = chart.evaluate(
        """(svg) => {
            const box = svg.getBoundingClientRect();
            return [...svg.querySelectorAll("text")].map((el) => {
                const r = el.getBoundingClientRect();
                return [el.textContent, r.left >= box.left && r.right <= box.right];
            });
        }"""
    )
    assert ["120", True] in labels
    assert [text for text, inside in labels if not inside] == []


@pytest.mark.parametrize("screen", ["phone"])
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_review_table_fits_a_phone(open_table: Opener, locale: str) -> None:
    """On a phone (360 and 390 px wide) the review's table fits its box: no pile sticks out,
    no pile's name or card is cut ("foundation 4" read "foundatior")."""
    table = open_table(BURYING, locale=locale)
    page = table.page
    bury_and_leave(table)
    press(table, "#review-last")
    review_done(table)
    for width in (360, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.wait_for_function(f"window.innerWidth === {width}")
        fit = page.locator("#review-table").evaluate(
            """(root) => ({
                table: [root.scrollWidth, root.clientWidth],
                cut: [...root.querySelectorAll(".review-pile-name, .review-pile")]
                    .filter((el) => el.scrollWidth > el.clientWidth)
                    .map((el) => el.textContent),
            })"""
        )
        scrolled, box = fit["table"]
        assert scrolled <= box, f"{width} px: the table is {scrolled - box} px wider than its box"
        assert fit["cut"] == [], f"{width} px"


@pytest.mark.parametrize("screen", ["landscape"])
def test_the_review_works_on_a_phone_held_sideways(open_table: Opener) -> None:
    table = open_table(BURYING)
    page = table.page
    bury_and_leave(table)
    press(table, "#review-last")
    review_done(table)
    press(table, "#review-prev")
    assert page.locator("#review-slider").input_value() == "1"
    press(table, "#review-line")
    press(table, "#review-next")
    assert page.locator("#review-slider").input_value() == "1"
    audit(table, "review, sideways")
    press(table, "#review-close")
    page.locator("#review-dialog").wait_for(state="hidden")


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_try_again_from_the_lost_move_starts_a_practice_game(
    open_table: Opener, locale: str
) -> None:
    """At the move that lost, "Try again from before move 2" starts a practice game at the
    position before it: the bar marks it, and it is kept out of the statistics."""
    table = open_table(BURYING, locale=locale)
    page = table.page
    bury_and_leave(table)
    press(table, "#review-last")
    review_done(table)
    assert page.locator("#review-slider").input_value() == "2"  # it opens at the lost move
    again = page.locator("#review-practice")
    assert (
        again.inner_text()
        == {
            "en-US": "Try again from before move 2",
            "de-DE": "Noch einmal ab vor Zug 2",
        }[locale]
    )
    press(table, "#review-prev")
    assert again.is_hidden()  # move 1 cost nothing: no practice from there
    press(table, "#review-next")
    press(table, "#review-practice")
    page.locator("#review-dialog").wait_for(state="hidden")
    page.wait_for_function("window.klondike.state.view.practice === true")
    view = table.check()
    assert view["moves"] == 0 and table.cards_in("T2") == ["KC"] and view["waste"]["top"] == ["QD"]
    assert (
        page.locator("#practice-mark").inner_text()
        == {"en-US": "practice", "de-DE": "Übung"}[locale]
    )
    assert table.server.get("/api/stats")["modes"][0]["played"] == 0  # kept out
