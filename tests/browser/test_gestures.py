"""Playing with real gestures: drag, tap, double tap, at a desktop and at a phone viewport.

Each test starts from an exact position written into the database, plays through the page
with the mouse (desktop) or touch events (phone), and checks the page AND the API.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers.page import Table, same_table
from helpers.positions import every_gesture, position

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

STAIRS = ["KS", "1 | QH", "2 | JC", "3 | TH", "4 | 9C", "5 | 8H", "6 | 7C"]
"""Columns of one to seven cards, the top ones face up: K♠ Q♥ J♣ 10♥ 9♣ 8♥ 7♣."""


@pytest.mark.both_screens  # the gesture itself: the mouse and touch
def test_drag_a_card_onto_a_column(open_table: Opener) -> None:
    table = open_table(every_gesture())
    before = table.check()
    assert before["targets"]["7S"] == ["T2", "T3"]
    table.drag(table.card("7S"), table.card("8D"))
    view = table.check()
    assert view["tableau"][1]["up"] == ["8D", "7S"]
    assert view["tableau"][3]["down"] == 2 and len(view["tableau"][3]["up"]) == 1
    assert view["moves"] == 1 and view["score"] == 5  # the freed card turned up: +5
    assert table.text("#score") == "5" and table.text("#moves") == "1"
    assert view["last"]["move"] == "T4-T2"


@pytest.mark.both_screens  # the gesture itself: the mouse and touch
def test_drag_a_run_onto_a_column(open_table: Opener) -> None:
    table = open_table(every_gesture())
    table.drag(table.card("9C"), table.card("TD"))
    view = table.check()
    assert view["tableau"][5]["up"] == ["TD", "9C", "8H"]
    assert view["tableau"][2]["down"] == 0 and len(view["tableau"][2]["up"]) == 1
    assert view["last"]["move"] == "T3-T6"


def test_drag_a_king_onto_an_empty_column_anywhere_in_its_lane(open_table: Opener) -> None:
    """Dropped low in an empty column's lane, far below its slot, the King still lands there."""
    start = position(tableau=["", "2 | KD QS", "1 | 2C"])
    table = open_table(start)
    table.drag(table.card("KD"), table.pile("T1"), to="middle")
    view = table.check()
    assert view["tableau"][0]["up"] == ["KD", "QS"]
    assert view["tableau"][1]["down"] == 1


@pytest.mark.parametrize("screen", ["phone"])
def test_a_button_tapped_right_after_a_quick_drop_answers(open_table: Opener) -> None:
    """A finger that lets go of a card while still moving (the drag's last step is its drop)
    and taps New game at once: the tap is the button's, the dialog opens (the browser does
    not spend it on stopping a fling of the page)."""
    table = open_table(position(tableau=["", "2 | KD QS", "1 | 2C"]))
    table.drag(table.card("KD"), table.pile("T1"))
    table.settle()
    assert table.check()["tableau"][0]["up"] == ["KD", "QS"]
    table.page.locator("#new-game").tap()
    table.page.locator("#new-dialog").wait_for()  # a tap spent on a fling never opens it


@pytest.mark.parametrize("screen", ["desktop"])
def test_escape_during_a_drag_lets_go(open_table: Opener) -> None:
    table = open_table(every_gesture())
    before = table.check()
    x0, y0 = table.point(table.card("7S"))
    x1, y1 = table.point(table.card("8D"), "middle")
    mouse = table.page.mouse
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(x1, y1, steps=6)
    lit = table.page.eval_on_selector_all(".pile.target", "els => els.map((el) => el.dataset.pile)")
    assert lit == ["T2", "T3"]
    table.page.keyboard.press("Escape")
    mouse.up()
    after = table.check()
    assert same_table(after, before)
    assert table.page.locator(".pile.target").count() == 0
    card = table.card("7S").bounding_box()
    column = table.pile("T4").bounding_box()
    assert card is not None and column is not None and abs(card["x"] - column["x"]) < 1


@pytest.mark.both_screens  # the gesture itself: the mouse and touch
def test_tap_a_card_to_its_foundation(open_table: Opener) -> None:
    table = open_table(every_gesture())
    table.tap(table.card("AH"))
    view = table.check()
    assert view["foundations"][1] == ["AH"]
    assert view["tableau"][6]["up"] == ["2H"]  # the freed card turned up, and stayed
    assert table.cards_in("F2") == ["AH"]
    assert view["score"] == 15


@pytest.mark.both_screens  # the gesture itself: the mouse and touch
def test_a_press_that_moves_a_little_is_a_tap_and_further_a_drag(open_table: Opener) -> None:
    """A drag starts only past a few pixels (a finger is given more room than a mouse)."""
    table = open_table(every_gesture())
    wobble, far = (8, 16) if table.touch else (3, 8)
    # A♥ pressed and let go after a small wobble: a tap, so it goes home
    x, y = table.point(table.card("AH"))
    table.press(x, y)
    table.move_to(x + wobble, y)
    assert table.page.locator(".card.dragging").count() == 0
    table.release()
    view = table.check()
    assert view["foundations"][1] == ["AH"] and view["last"]["move"] == "T7-F2"
    # 7♠ pressed: a wobble does not lift it, a longer move does; let go over its own column,
    # it slides back and nothing is played
    x, y = table.point(table.card("7S"))
    table.press(x, y)
    table.move_to(x, y + wobble)
    assert table.page.locator(".card.dragging").count() == 0
    table.move_to(x, y + far)
    dragged = table.page.eval_on_selector_all(
        ".card.dragging", "els => els.map((el) => el.dataset.card)"
    )
    assert dragged == ["7S"]
    lit = table.page.eval_on_selector_all(".pile.target", "els => els.map((el) => el.dataset.pile)")
    assert lit == ["T2", "T3"]
    table.release()
    after = table.check()
    assert after["version"] == view["version"]
    card = table.card("7S").bounding_box()
    column = table.pile("T4").bounding_box()
    assert card is not None and column is not None and abs(card["x"] - column["x"]) < 1


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_move_slides_its_card_and_the_freed_card_turns_over(open_table: Opener) -> None:
    """Moves animate: the card played slides to its pile, the card it frees turns over."""
    table = open_table(every_gesture())
    table.page.evaluate(
        """() => {
            window.seen = [];
            new MutationObserver((records) => {
                for (const r of records) {
                    if (r.target.dataset.card) window.seen.push([r.target.dataset.card,
                        r.target.className, getComputedStyle(r.target).transitionDuration]);
                }
            }).observe(document.querySelector('#board'),
                       {subtree: true, attributes: true, attributeFilter: ['class']});
        }"""
    )
    table.tap(table.card("AH"))
    table.check()
    seen = table.page.evaluate("window.seen")
    slid = [s for s in seen if s[0] == "AH" and "moving" in s[1].split()]
    turned = [s for s in seen if s[0] == "2H" and "flip" in s[1].split()]
    assert slid and turned, seen
    # briefly: no slide lasts more than a third of a second
    assert all(float(d.rstrip("s")) <= 0.34 for _, _, duration in slid for d in duration.split(","))
    classes = (table.card("AH").get_attribute("class") or "").split()
    assert "moving" not in classes and "flip" not in classes  # at rest again


def test_tap_a_card_that_cannot_go_home_does_nothing(open_table: Opener) -> None:
    table = open_table(every_gesture())
    before = table.check()
    table.tap(table.card("7S"))
    table.page.wait_for_timeout(350)  # let the double tap window pass
    after = table.check()
    assert after["version"] == before["version"] and after["moves"] == 0


def test_double_tap_chooses_the_longest_column(open_table: Opener) -> None:
    table = open_table(every_gesture())
    table.double_tap(table.card("7S"))
    view = table.check()
    # 7♠ fits on 8♦ (column 2: 5 cards) and on 8♥ (column 3: 3 cards): the longer one.
    assert view["tableau"][1]["up"] == ["8D", "7S"]
    assert view["tableau"][2]["up"] == ["9C", "8H"]
    assert view["moves"] == 1 and view["last"]["move"] == "T4-T2"


@pytest.mark.both_screens  # the gesture itself: the mouse and touch
def test_double_tap_on_a_card_under_others_moves_its_run(open_table: Opener) -> None:
    """9♣ lies under 8♥: a double tap on it moves both onto 10♦."""
    table = open_table(every_gesture())
    table.double_tap(table.card("9C"))
    view = table.check()
    assert view["tableau"][5]["up"] == ["TD", "9C", "8H"]
    assert view["last"]["move"] == "T3-T6" and view["moves"] == 1


def test_double_tap_does_not_act_on_the_uncovered_card(open_table: Opener) -> None:
    """The first tap sends A♥ home and turns up 2♥: the second tap must not send 2♥ too."""
    table = open_table(every_gesture())
    table.double_tap(table.card("AH"))
    view = table.check()
    assert view["foundations"][1] == ["AH"]
    assert view["tableau"][6]["up"] == ["2H"]
    assert view["moves"] == 1


def test_double_tap_sends_a_king_to_the_leftmost_empty_column(open_table: Opener) -> None:
    start = position(tableau=["1 | 4C", "", "1 | 5H", "", "3 | KD QS", "", "1 | 9H"])
    table = open_table(start)
    table.double_tap(table.card("KD"))
    view = table.check()
    assert view["tableau"][1]["up"] == ["KD", "QS"]
    assert view["tableau"][4]["down"] == 2 and len(view["tableau"][4]["up"]) == 1
    assert table.cards_in("T2") == ["KD", "QS"]


def test_a_non_king_dropped_on_an_empty_column_is_refused(open_table: Opener) -> None:
    table = open_table(every_gesture())
    before = table.check()
    table.drag(table.card("7S"), table.pile("T5"), to="top")
    assert table.toast() == "7♠ cannot go into an empty column: only a King can"
    after = table.check()
    assert same_table(after, before)
    assert table.cards_in("T4") == ["7S"] and table.cards_in("T5") == []
    # the card slid back to its place on column 4
    card = table.card("7S").bounding_box()
    column = table.pile("T4").bounding_box()
    assert card is not None and column is not None
    assert abs(card["x"] - column["x"]) < 1


def test_draw_three_fans_the_waste_and_plays_in_order(open_table: Opener) -> None:
    start = position(tableau=STAIRS, stock="AD 2D KC", draw=3)
    table = open_table(start)
    count = table.server.game()["stock"]["count"]
    table.tap(table.pile("S"), "middle")
    view = table.check()
    assert view["waste"]["top"] == ["KC", "2D", "AD"]
    assert view["stock"]["count"] == count - 3
    xs = [table.card(c).bounding_box()["x"] for c in ["KC", "2D", "AD"]]  # type: ignore[index]
    assert xs[0] < xs[1] < xs[2], "the three cards are fanned, the top one rightmost"
    # only the top card moves: a drag of the one under it does nothing
    table.drag(table.card("2D"), table.pile("F3"), at="left", to="middle")
    assert table.check()["version"] == view["version"]
    # dropped on another foundation (♠), a card goes to its own (♦)
    table.drag(table.card("AD"), table.pile("F1"))
    assert table.check()["last"]["move"] == "W-F3"
    table.tap(table.card("2D"))
    view = table.check()
    assert view["foundations"][2] == ["AD", "2D"]
    assert view["waste"]["top"] == ["KC"]


def stock_mark(table: Table) -> str:
    """The mark an empty stock shows ("↻" recycle, "⊘" no more passes), or "" if none."""
    return table.page.evaluate(  # type: ignore[no-any-return]
        """() => {
            const mark = document.querySelector("[data-pile='S'] .slot-mark");
            if (getComputedStyle(mark).display === "none") return "";
            return getComputedStyle(mark, "::after").content.replace(/^"|"$/g, "");
        }"""
    )


def test_recycle_costs_100_and_the_score_stops_at_0(open_table: Opener) -> None:
    start = position(
        tableau=["KS", "QH", "JC", "TH", "9C", "8H", "7C"], waste="5C 9H", rest="T7", score=130
    )
    table = open_table(start)
    stock = table.pile("S")
    assert "empty" in (stock.get_attribute("class") or "")
    assert "no-more" not in (stock.get_attribute("class") or "")
    assert stock_mark(table) == "↻"
    assert stock.get_attribute("aria-label") == "stock, empty: tap to turn the waste over"
    table.tap(stock, "middle")
    view = table.check()
    assert view["score"] == 30 and view["stock"]["count"] == 2 and view["waste"]["count"] == 0
    assert table.text("#score") == "30"
    assert table.text("[data-pile='S'] .count") == "2" and stock_mark(table) == ""
    table.tap(stock, "middle")
    table.tap(stock, "middle")
    view = table.check()
    assert view["waste"]["top"] == ["5C", "9H"] and view["stock"]["count"] == 0
    table.tap(stock, "middle")
    view = table.check()
    assert view["score"] == 0 and view["last"]["move"] == "W-S"
    assert table.text("#score") == "0"


def test_vegas_refuses_a_second_pass_and_shows_dollars(open_table: Opener) -> None:
    start = position(
        tableau=["KS", "QH", "JC", "TH", "9C", "8H", "AD"],
        waste="5C 9H",
        rest="T6",
        scoring="vegas",
        foundations=(1, 0, 0, 0),
        score=-52 + 5,
    )
    table = open_table(start)
    before = table.check()
    assert table.text("#score") == "−$47"
    assert "no-more" in (table.pile("S").get_attribute("class") or "")
    assert stock_mark(table) == "⊘"
    assert table.pile("S").get_attribute("aria-label") == "stock, empty: no more passes"
    table.tap(table.pile("S"), "middle")
    assert table.toast() == "Vegas: the stock can be gone through only once"
    assert same_table(table.check(), before)
    assert table.page.locator("dialog[open]").count() == 0  # the app never declares a loss
    table.tap(table.card("AD"))
    view = table.check()
    assert view["score"] == -42 and table.text("#score") == "−$42"


def test_undo_restores_cards_and_score(open_table: Opener) -> None:
    table = open_table(every_gesture())
    undo = table.page.locator("#undo")
    assert undo.is_disabled()
    table.tap(table.card("AH"))
    view = table.check()
    assert view["score"] == 15 and view["tableau"][6]["up"] == ["2H"]
    assert undo.is_enabled()
    if table.touch:
        undo.tap()
    else:
        undo.click()
    view = table.check()
    assert view["score"] == 0 and view["moves"] == 0
    assert view["tableau"][6] == {"down": 1, "up": ["AH"]}
    assert table.cards_in("T7") == ["AH"] and table.card("2H").count() == 0
    assert table.text("#score") == "0"
    assert undo.is_disabled()


@pytest.mark.parametrize(("locale", "label"), [("en-US", "Redo"), ("de-DE", "Wiederholen")])
def test_redo_plays_the_undone_moves_again_until_a_new_move(
    open_table: Opener, locale: str, label: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    page = table.page
    redo = page.locator("#redo")
    assert redo.is_disabled() and redo.get_attribute("title") == label
    table.tap(table.card("AH"))
    played = table.check()
    page.locator("#undo").click()
    table.check()
    assert redo.is_enabled()
    redo.tap() if table.touch else redo.click()
    again = table.check()
    assert (again["score"], again["moves"], again["tableau"]) == (
        played["score"], played["moves"], played["tableau"],
    )  # fmt: skip
    assert redo.is_disabled()
    for keys in ("Control+y", "Control+Shift+z"):
        page.keyboard.press("u")
        page.wait_for_function("() => !document.querySelector('#redo').disabled")
        page.keyboard.press(keys)
        page.wait_for_function("() => document.querySelector('#redo').disabled")
        assert table.check()["score"] == played["score"]
    page.keyboard.press("u")
    page.wait_for_function("() => !document.querySelector('#redo').disabled")
    table.tap(table.pile("S"))  # a new move: nothing is left to redo
    assert table.check()["can_redo"] is False
    assert redo.is_disabled()


def test_a_foundation_card_dragged_back_to_a_column(open_table: Opener) -> None:
    start = position(
        tableau=["KS", "2 | 6H", "1 | 9C", "", "", "", "1 | TD"], foundations=(5, 0, 0, 0), score=60
    )
    table = open_table(start)
    table.drag(table.card("5S"), table.card("6H"))
    view = table.check()
    assert view["tableau"][1]["up"] == ["6H", "5S"]
    assert view["foundations"][0] == ["AS", "2S", "3S", "4S"]
    assert view["score"] == 60  # taking a card back costs nothing
    assert view["last"]["move"] == "F1-T2"


def test_input_during_an_animation_is_queued(open_table: Opener) -> None:
    """Taps fired back to back, faster than the cards slide, are all played, in order."""
    start = position(tableau=STAIRS)
    table = open_table(start)
    count = table.server.game()["stock"]["count"]
    x, y = table.point(table.pile("S"), "middle")
    for _ in range(5):
        if table.touch:
            table.page.touchscreen.tap(x, y)
        else:
            table.page.mouse.click(x, y)
    view = table.check()
    assert view["stock"]["count"] == count - 5 and view["moves"] == 5


def test_a_card_still_sliding_can_be_tapped_and_dragged(open_table: Opener) -> None:
    """A card in flight catches no pointer: a press where it lands plays it all the same."""
    start = position(tableau=STAIRS, stock="9S AD")
    table = open_table(start)
    sliding = "window.klondike.board.shown.version === {} && window.klondike.board.busy()"
    table.tap(table.pile("S"), "middle")
    table.page.wait_for_function(sliding.format(1), polling="raf")
    # the A♦ drawn is still on its way to the waste: a tap there sends it home
    table.tap(table.pile("W"), "middle")
    view = table.check()
    assert view["foundations"][2] == ["AD"] and view["moves"] == 2
    table.tap(table.pile("S"), "middle")
    table.page.wait_for_function(sliding.format(3), polling="raf")
    table.drag(table.pile("W"), table.card("TH"), at="middle")  # 9♠ dragged while it slides
    view = table.check()
    assert view["tableau"][3]["up"] == ["TH", "9S"] and view["last"]["move"] == "W-T4"


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_tap_queued_behind_a_draw_does_not_play_the_card_drawn(open_table: Opener) -> None:
    """A♦ tapped while a draw is still on its way: the draw covers it with A♣, and the tap,
    whose turn comes next, plays neither (A♦ is no longer on top, A♣ was not tapped)."""
    start = position(tableau=STAIRS, waste="AD", stock="AC")
    table = open_table(start)
    # hold every request of the page until released
    table.page.evaluate(
        """() => {
            const send = window.fetch;
            window.held = [];
            window.fetch = (...args) =>
                new Promise((ok) => window.held.push(() => ok(send(...args))));
            window.release = () => { window.fetch = send; window.held.forEach((go) => go()); };
        }"""
    )
    table.tap(table.pile("S"), "middle")
    table.tap(table.card("AD"))
    table.page.evaluate("window.release()")
    view = table.check()
    assert view["waste"]["top"] == ["AD", "AC"] and view["moves"] == 1
    assert view["foundations"] == [[], [], [], []]


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_new_game_that_comes_during_a_drag_is_dealt_when_it_ends(open_table: Opener) -> None:
    """Another tab starts a new game while this one drags: when the drag ends, this tab shows
    the new game, dealt from the stock as a new game is (not slid from the old one)."""
    table = open_table(every_gesture())
    old = table.check()
    table.page.evaluate(
        """() => {
            window.dealt = 0;
            new MutationObserver((records) => {
                for (const r of records) if (r.target.style.transitionDelay) window.dealt += 1;
            }).observe(document.querySelector('#board'),
                       {subtree: true, attributes: true, attributeFilter: ['style']});
        }"""
    )
    x, y = table.point(table.card("7S"))
    table.press(x, y)
    table.move_to(x + 30, y + 30)
    assert table.page.locator(".card.dragging").count() == 1
    table.server.post("/api/games", {"code": "KL1-D1N-AAAAAAB", "abandon": old["id"]})
    table.page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    table.page.wait_for_function(f"window.klondike.state.view.id !== {old['id']}")
    table.move_to(x, y)
    table.release()
    view = table.check()
    assert view["code"] == "KL1-D1N-AAAAAAB" and view["moves"] == 0
    assert table.page.evaluate("window.dealt") >= 28  # every column card dealt in its turn


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_stale_tab_redraws_the_current_table(open_table: Opener) -> None:
    """Tab B acts on the version it shows; tab A played meanwhile: 409, B redraws, no move."""
    first = open_table(every_gesture())
    second = open_table(server=first.server)
    first.tap(first.card("AH"))
    played = first.check()
    assert second.cards_in("T7") == ["AH"]  # the second tab does not know yet
    second.drag(second.card("7S"), second.card("8D"))
    assert second.toast() == (
        "Another tab played on this game: the table shows the current position"
    )
    view = second.check()
    assert same_table(view, played)
    assert second.cards_in("F2") == ["AH"] and second.cards_in("T7") == ["2H"]
    assert view["tableau"][1]["up"] == ["8D"]  # the stale drag was not played
    # the first tab starts a new game; the second, not told, asks for one too: the server
    # refuses to leave the game twice, and the second tab follows the game in progress
    first.page.locator("#new-game").click()
    first.page.locator("#new-start").click()
    first.page.locator("#confirm-yes").click()
    first.page.wait_for_function(f"window.klondike.state.view.id !== {view['id']}")
    started = first.check()
    second.page.locator("#new-game").click()
    second.page.locator("#new-start").click()
    second.page.locator("#confirm-yes").click()
    second.page.locator("#new-dialog").wait_for(state="hidden")
    second.page.wait_for_function(f"window.klondike.state.view.id === {started['id']}")
    assert same_table(second.check(), started)
    assert second.toast() == "This game is over: start a new one"
