"""Issue 10 in Chromium, on the desktop and the phone: the rough edges a first-time player
hits (one word for a game left, codes checked first, a clock that counts only play, German
statistics on a phone, the keyboard help and the toast, the undo limit, the shake, codes in
capitals on one line, the code field's hint), and the new table: court faces, sounds, the
win cascade, the Finish button and the settings."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers.clock import DrivenClock
from helpers.page import Table
from helpers.positions import every_gesture, one_move_to_win, position
from helpers.server import Server
from klondike import Game

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])


def started(table: Table) -> dict[str, Any]:
    """Play one move (A♥ home in `every_gesture`), so that leaving the game asks first."""
    table.tap(table.card("AH"))
    return table.check()


def finish_position() -> dict[str, Any]:
    """Every tableau card face up; drawing and putting up wins (the stock holds the rest)."""
    return position(
        tableau=["KC", "KD QC", "JD"],
        foundations={"S": 13, "H": 13, "D": 9, "C": 9},
        stock="TD QD JC",
        waste="TC",
    )


# --------------------------------------------------------------------------- rough edges


@pytest.mark.parametrize(("locale", "word"), [("en-US", "abandoned"), ("de-DE", "abgebrochen")])
def test_a_game_left_is_called_abandoned_everywhere(
    open_table: Opener, locale: str, word: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    started(table)
    page = table.page
    page.locator("#restart").click()
    confirm = page.locator("#confirm-dialog")
    confirm.wait_for()
    assert word in confirm.inner_text()
    assert "lost" not in confirm.inner_text() and "verloren" not in confirm.inner_text()
    page.locator("#confirm-yes").click()
    confirm.wait_for(state="hidden")
    table.settle()
    page.locator("#stats-button").click()
    row = page.locator("#stats-recent tr[data-result='abandoned']")
    row.wait_for()
    assert word in row.inner_text()


def test_a_bad_code_is_refused_before_asking_to_leave(open_table: Opener) -> None:
    table = open_table(every_gesture())
    before = started(table)
    page = table.page
    page.locator("#new-game").click()
    page.fill("#code-input", "kl2-d1n-aaaaaag")
    assert page.input_value("#code-input") == "KL2-D1N-AAAAAAG"  # the field shows capitals
    page.locator("#new-start").click()
    error = page.locator("#new-error")
    error.wait_for()
    assert error.inner_text() == "A game code starts with KL1, KC1 or KS1, not “KL2”"
    assert page.locator("#confirm-dialog").is_hidden()  # never asked
    page.fill("#code-input", "kl1-d3v-aaaaaag")
    page.locator("#new-start").click()
    page.locator("#confirm-dialog").wait_for()  # a code that can be played: now it asks
    page.locator("#confirm-no").click()
    assert table.check()["version"] == before["version"]
    page.goto(table.server.url + "/?code=garbage")
    table.open_at_current()
    assert table.toast() == "“GARBAGE” is not a game code: it looks like KL1-D1N-AAAAAAG"
    assert page.locator("#confirm-dialog").is_hidden()
    assert table.check()["id"] == before["id"]  # the game in progress stays


def hide_page(table: Table, hidden: bool) -> None:
    """The page is hidden (another tab, a locked phone) or shown again, as the browser says
    it through the Page Visibility API."""
    table.page.evaluate(
        """(hidden) => {
            Object.defineProperty(document, "visibilityState", {
                configurable: true, get: () => (hidden ? "hidden" : "visible")});
            Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
            document.dispatchEvent(new Event("visibilitychange"));
            if (!hidden) {  // shown again: the browser's own answers from now on
                delete document.visibilityState;
                delete document.hidden;
            }
        }""",
        hidden,
    )


def test_the_clock_counts_only_play(
    open_table: Opener, make_server: Callable[..., Server], tmp_path: Path
) -> None:
    """Time passes on the server's clock and the page's when the test says (no waiting)."""
    clock = DrivenClock(tmp_path / "clock")
    # the page's time too (Playwright's clock): it flows, and jumps when the test says
    table = open_table(server=make_server(clock=clock), driven_clock=True)
    page = table.page
    clock.advance(1.3)  # a new deal, untouched: no time
    page.clock.fast_forward(1300)
    assert table.server.game()["elapsed_ms"] == 0 and table.text("#time") == "0:00"
    table.tap(table.pile("S"))  # the first action starts the clock
    table.settle()
    clock.advance(1.2)
    running = table.server.game()
    assert running["clock_running"] and running["elapsed_ms"] >= 1000
    hide_page(table, True)
    page.wait_for_function(
        "fetch('/api/game').then(r => r.json()).then(v => !v.clock_running)", polling=100
    )
    paused = table.server.game()["elapsed_ms"]
    clock.advance(1.5)
    assert table.server.game()["elapsed_ms"] == paused  # hidden: no time
    hide_page(table, False)
    page.wait_for_function(
        "fetch('/api/game').then(r => r.json()).then(v => v.clock_running)", polling=100
    )
    page.goto("about:blank")  # the page goes away (closed, or left): it says so as it goes
    deadline = time.monotonic() + 3
    while table.server.game()["clock_running"] and time.monotonic() < deadline:
        time.sleep(0.05)
    closed = table.server.game()
    assert not closed["clock_running"]
    clock.advance(1.2)
    assert table.server.game()["elapsed_ms"] == closed["elapsed_ms"]


@pytest.mark.parametrize("screen", ["phone"])
def test_german_statistics_fit_a_phone(open_table: Opener) -> None:
    table = open_table(every_gesture(), locale="de-DE")
    started(table)
    for _ in range(3):  # games left and replayed: rows of every kind in the history
        view = table.server.game()
        table.server.post("/api/games", {"abandon": view["id"]})
        fresh = table.server.game()
        table.server.post(
            f"/api/games/{fresh['id']}/actions",
            {"version": fresh["version"], "action": "tap", "pile": "S"},
        )
    table.page.reload()
    table.open_at_current()
    table.page.locator("#stats-button").click()
    table.page.locator("#stats-recent tbody tr").first.wait_for()
    sizes = table.page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#stats-dialog table')].map(
            (t) => [t.id, {table: t.getBoundingClientRect().width,
                           box: t.closest('.scroll').clientWidth,
                           scrolls: getComputedStyle(t.closest('.scroll')).overflowX}]))"""
    )
    recent, modes = sizes["stats-recent"], sizes["stats-modes"]
    assert recent["table"] <= recent["box"], sizes
    # seven modes (the app's four, Classic's two, Solitär's one) are wider than a phone:
    # their box scrolls sideways, so every column can be reached
    assert modes["table"] <= modes["box"] or modes["scrolls"] in ("auto", "scroll"), sizes
    replay = table.page.locator("#stats-recent .replay").first
    assert replay.is_visible() and replay.inner_text() == "Nachspielen"


@DESKTOP_ONLY
def test_the_keyboard_help_and_a_toast_do_not_overlap(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    page.locator("#keys-button").click()
    table.drag(table.card("7S"), table.pile("T5"), to="top")  # refused: a toast
    table.toast()
    page.evaluate(  # the toast's slide-in, to its end
        "() => Promise.all(document.querySelector('#toast').getAnimations().map((a) => a.finished))"
    )
    help_box = page.locator("#keys-help").bounding_box()
    toast_box = page.locator("#toast").bounding_box()
    assert help_box and toast_box
    apart = (
        toast_box["y"] + toast_box["height"] <= help_box["y"]
        or help_box["y"] + help_box["height"] <= toast_box["y"]
    )
    assert apart, (help_box, toast_box)


@pytest.mark.parametrize(
    ("locale", "text"),
    [
        ("en-US", "Only the last 100 actions can be undone"),
        ("de-DE", "Nur die letzten 100 Aktionen können rückgängig gemacht werden"),
    ],
)
def test_after_100_undos_it_says_only_the_last_100_go_back(
    open_table: Opener, locale: str, text: str
) -> None:
    # 150 actions were played; the 100 the undo could take back are undone already
    table = open_table({**every_gesture(), "moves": 150, "history": []}, locale=locale)
    table.page.keyboard.press("u")
    assert table.toast() == text


def test_a_tap_or_double_tap_with_nowhere_to_go_shakes_the_card(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    before = table.check()
    page.evaluate(
        """() => { window.shaken = [];
            new MutationObserver((records) => { for (const r of records)
                if (r.target.classList.contains('shake')) window.shaken.push(r.target.dataset.card);
            }).observe(document.querySelector('#board'),
                {subtree: true, attributes: true, attributeFilter: ['class']}); }"""
    )
    table.tap(table.card("TD"))  # 10♦ fits nowhere and cannot go home
    page.wait_for_function("window.shaken.includes('TD')")
    page.evaluate("window.shaken = []")
    table.double_tap(table.card("KS"))  # K♠ already lies at the bottom of its column
    page.wait_for_function("window.shaken.includes('KS')")
    assert page.locator("dialog[open]").count() == 0 and page.locator("#toast.shown").count() == 0
    assert table.check()["version"] == before["version"]


def test_codes_show_in_capitals_and_never_break(open_table: Opener) -> None:
    table = open_table(every_gesture())
    page = table.page
    started(table)
    page.goto(table.server.url + "/?code=kl1-d3v-aaaaaag")
    table.open_at_current()
    confirm = page.locator("#confirm-text")
    confirm.wait_for()
    assert "KL1-D3V-AAAAAAG" in confirm.inner_text()
    assert confirm.locator(".nowrap").inner_text() == "KL1-D3V-AAAAAAG"
    for selector in ("#confirm-text .nowrap", "#code"):
        assert page.eval_on_selector(selector, "el => getComputedStyle(el).whiteSpace") == "nowrap"
    page.locator("#confirm-no").click()
    page.locator("#new-game").click()
    field = page.locator("#code-input")
    placeholder = field.get_attribute("placeholder") or ""
    assert placeholder.startswith("e.g. ")  # an example, not a value
    style = page.eval_on_selector(
        "#code-input",
        "el => { const s = getComputedStyle(el, '::placeholder'); return [s.fontStyle, s.color]; }",
    )
    assert style[0] == "italic"


# --------------------------------------------------------------------------- the new table


def test_court_cards_have_pictures_on_the_table(open_table: Opener, screen: str) -> None:
    table = open_table(position(tableau=["KS QH JC"], waste="QD"))
    for name in ("KS", "QH", "JC", "QD"):
        assert table.card(name).locator("svg.court-art").count() == 1
    assert table.page.locator(".court").count() == 0  # the boxed letter is gone
    table.shoot(f"table-faces-{screen}")


def test_sounds_follow_the_moves(open_table: Opener) -> None:
    table = open_table(position(tableau=["5 | 2S", "KH"], waste="AS", foundations=(0, 12, 13, 13)))
    page = table.page
    page.evaluate(
        """() => { window.sounds = [];
            window.klondike.sound.play = (name) => { window.sounds.push(name); return true; }; }"""
    )
    table.drag(table.card("AS"), table.pile("F1"))  # the waste's A♠ home: put down
    table.settle()
    table.tap(table.card("2S"))  # home, and a card turns up
    table.settle()
    table.tap(table.pile("S"))  # draw
    table.settle()
    table.drag(table.card("KH"), table.pile("T1"), to="top")  # refused
    table.toast()
    assert page.evaluate("window.sounds") == ["place", "turn", "draw", "refuse"]


def test_the_win_cascades_then_the_win_screen(open_table: Opener, screen: str) -> None:
    table = open_table(one_move_to_win("KH"))
    page = table.page
    page.evaluate(
        """() => { window.sounds = [];
            window.klondike.sound.play = (name) => { window.sounds.push(name); return true; }; }"""
    )
    table.tap(table.card("KH"))
    canvas = page.locator(".celebrate-canvas")
    canvas.wait_for()
    assert page.locator("#win-dialog").is_hidden()  # first the cascade
    page.wait_for_function("document.querySelectorAll('.celebrate-gone').length > 3")
    table.shoot(f"table-celebration-{screen}")
    page.mouse.click(5, 5)  # a tap ends it
    page.locator("#win-dialog").wait_for()
    assert canvas.count() == 0
    assert page.evaluate("window.sounds") == ["win"]


def test_finish_plays_the_rest_home_as_ordinary_actions(open_table: Opener, screen: str) -> None:
    table = open_table(finish_position())
    page = table.page
    view = table.check()
    assert view["finish"], "the engine offers a finish line"
    button = page.locator("#finish")
    button.wait_for()
    assert button.inner_text() == "Finish"
    table.shoot(f"table-finish-{screen}")
    button.click()
    page.locator(".celebrate-canvas").wait_for(timeout=15000)
    page.mouse.click(5, 5)
    page.locator("#win-dialog").wait_for()
    table.settle()
    won = table.server.game(view["id"])
    line = Game.from_snapshot(finish_position()).finish_line()
    assert line is not None
    assert won["won"] and won["moves"] == view["moves"] + len(line)
    assert won["score"] > view["score"]  # each move scored as if played by hand


def test_finish_waits_for_every_card_face_up_and_for_the_setting(open_table: Opener) -> None:
    table = open_table(every_gesture())  # face-down cards: no finish
    assert table.check()["finish"] is False
    assert table.page.locator("#finish").is_hidden()
    other = open_table(finish_position())
    assert other.check()["finish"]
    other.page.locator("#finish").wait_for()
    other.server.http.put("/api/settings", json={"finish_button": False})
    other.page.reload()
    other.open_at_current()
    assert other.check()["finish"]
    other.page.wait_for_function("window.klondike.settings.values.finish_button === false")
    assert other.page.locator("#finish").is_hidden()  # offered, but the player turned it off


def test_settings_are_saved_and_restored_on_reload(open_table: Opener, screen: str) -> None:
    table = open_table(every_gesture())
    page = table.page
    page.locator("#settings-button").click()
    dialog = page.locator("#settings-dialog")
    dialog.wait_for()
    assert page.locator("#hints-setting input").is_checked()  # hints are on by default
    assert page.locator("#hint").is_visible()
    assert not page.locator("input[name='sound']").is_checked()  # sound is off by default
    assert page.locator("input[name='speed'][value='normal']").is_checked()
    table.shoot(f"table-settings-{screen}")
    for name, value in (("card_back", "red"), ("table", "wine"), ("speed", "fast")):
        page.locator(f"label:has(input[name='{name}'][value='{value}'])").click()
        table.page.wait_for_function(
            f"window.klondike.settings.values.{name} === '{value}'", polling=50
        )
    for name in ("sound", "left_handed", "finish_button", "hints"):
        page.locator(f"label:has(input[name='{name}'])").click()
        table.page.wait_for_function(f"'{name}' in window.klondike.settings.values", polling=50)
    page.wait_for_function("window.klondike.settings.values.finish_button === false")
    page.wait_for_function("window.klondike.settings.values.hints === false")
    expected = {
        "card_back": "red",
        "table": "wine",
        "sound": True,
        "speed": "fast",
        "left_handed": True,
        "finish_button": False,
        "hints": False,
        "hints_peek": False,
        "four_colours": False,
        "large_indices": False,
        "auto_safe": False,
        "how_to_play_seen": True,
        "winnable_gauge": False,
        "cascade": "short",
        "tap_where_it_fits": False,
    }
    assert table.server.get("/api/settings") == expected
    page.keyboard.press("Escape")
    page.reload()
    table.open_at_current()
    page.wait_for_function("document.documentElement.dataset.table === 'wine'")
    root = page.locator("html")
    assert root.get_attribute("data-back") == "red"
    assert root.get_attribute("data-speed") == "fast"
    assert root.get_attribute("data-left-handed") is not None
    assert page.evaluate("window.klondike.sound.enabled") is True
    assert page.locator("#hint").is_hidden()  # hints off: no button, and H asks for none
    page.locator("body").press("h")
    page.wait_for_timeout(300)
    assert page.evaluate("window.klondike.hints.pending") is None
    assert table.check()["hints"] == 0
    table.settle()
    stock = table.pile("S").bounding_box()
    column_7 = table.pile("T7").bounding_box()
    foundation = table.pile("F1").bounding_box()
    column_1 = table.pile("T1").bounding_box()
    assert stock and column_7 and foundation and column_1
    assert abs(stock["x"] - column_7["x"]) < 1 and abs(foundation["x"] - column_1["x"]) < 1
    table.check()
    table.shoot(f"table-left-handed-{screen}")


@DESKTOP_ONLY
def test_reduced_motion_turns_the_animation_off(open_table: Opener) -> None:
    table = open_table(every_gesture(), reduced_motion="reduce")
    table.page.wait_for_function("document.documentElement.dataset.speed === 'off'")
