"""Winnable deals by difficulty on the page: the difficulty in the New game and the Daily
dialogs (remembered per version and draw), the wait shown when no deal of it is ready (the
wait itself: test_tier_wait.py), its mark on the win screen and in the history, and its
figures in the statistics.

The server's database holds rated proved deals of every tier of the modes whose tiers it
keeps ready (Draw 1 and Draw 3 Normal), two of Hard in Draw 1: its filler finds every pool
full and rates nothing while a test plays. A tier of another mode has none ready: asking for
one shows the wait (120 s: four ratings of 30 s each, before any was measured).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Route

from browser.test_axe import audit
from helpers.page import Table, open_new_game, press
from helpers.positions import one_move_to_win, won_game
from helpers.proofs import keep_proved_deals, proof_of
from helpers.server import Server
from klondike import Game
from klondike.rules import Mode
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.store.database import KeptProof

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

D1N: Mode = ("app", 1, "normal")
D3N: Mode = ("app", 3, "normal")
RATED: dict[Mode, dict[str, tuple[int, ...]]] = {
    D1N: {"easy": (101,), "medium": (172,), "hard": (6, 22), "expert": (15,)},
    D3N: {"easy": (15,), "medium": (22,), "hard": (172,), "expert": (6,)},
}
"""The rated deals kept ready (none of them in the pool of deals not rated): the first Hard
deal of Draw 1 is deal 6, KL1-D1N-AAAAAAG."""
HARD = Game(6, 1, "normal").code

WORDS: dict[str, dict[str, Any]] = {
    "en-US": {
        "difficulty": "Difficulty",
        "options": ["Any", "Easy", "Medium", "Hard", "Expert"],
        "hard": "Hard",
        "hard_row": "Hard deals: won / played",
        "not_ready": "Finding your expert deal… about 2 minutes to go.",
        "none_found": "No expert deal was found for this mode. Choose another difficulty.",
    },
    "de-DE": {
        "difficulty": "Schwierigkeit",
        "options": ["Beliebig", "Einfach", "Mittel", "Schwierig", "Experte"],
        "hard": "Schwierig",
        "hard_row": "Schwierigkeit „Schwierig“: gewonnen / gespielt",
        "not_ready": "Suche ein Spiel für „Experte“ … noch etwa 2 Minuten.",
        "none_found": "Für „Experte“ wurde in diesem Modus kein Spiel gefunden. "
        "Bitte eine andere Schwierigkeit wählen.",
    },
}


@pytest.fixture
def open_rated(open_table: Opener, tmp_path: Path) -> Iterator[Callable[..., Table]]:
    """Open the page over a server whose database keeps rated deals ready (`RATED`), with
    ``games`` (each a game and `klondike.store.database.insert_game`'s keywords) and the
    daily deals ``dailies`` ((day, tier, deal) of Draw 1 Normal) written in first."""
    servers: list[Server] = []

    def open_(
        *,
        locale: str = "en-US",
        games: tuple[tuple[Game, dict[str, Any]], ...] = (),
        dailies: tuple[tuple[str, str, int], ...] = (),
    ) -> Table:
        db = tmp_path / f"tiers{len(servers)}.db"
        keep_proved_deals(db)
        conn = store.open_database(db)
        try:
            preferences.save(conn, {"how_to_play_seen": True})
            for mode, tiers in RATED.items():
                for tier, deals in tiers.items():
                    for deal in deals:
                        line = proof_of(deal, mode).line
                        kept = KeptProof(deal, line, 1234, 0.5, tier=tier, wins=3)
                        store.add_proved_deal(conn, mode, kept)
            for day, tier, deal in dailies:
                kept = KeptProof(deal, proof_of(deal, D1N).line, tier=tier, wins=3)
                store.keep_daily_deal(conn, day, D1N, kept)
            for game, keywords in games:
                store.insert_game(conn, game, **keywords)
            conn.commit()
        finally:
            store.close_database(conn)
        server = Server(db, "--no-shipped-deals")  # the deals rated here (RATED) alone
        servers.append(server)
        return open_table(server=server, locale=locale)

    yield open_
    for server in servers:
        server.kill()


def open_stats(table: Table) -> None:
    press(table, "#stats-button")
    table.page.locator("#stats-recent tbody tr").first.wait_for()


def test_hard_in_the_new_game_dialog_deals_a_hard_deal_remembered_and_marked(
    open_rated: Opener,
) -> None:
    """The difficulty is offered with "winnable deals only" alone; Hard deals the kept Hard
    deal, which the history marks; the choice is remembered for Draw 1, not for Draw 3."""
    table = open_rated()
    page = table.page
    open_new_game(table)
    choice = page.locator("#new-dialog").get_by_label("Difficulty")  # labelled
    assert choice.evaluate("el => el.id") == "new-tier"
    assert choice.locator("option").all_inner_texts() == WORDS["en-US"]["options"]
    assert choice.is_disabled() and choice.input_value() == ""  # winnable is not checked
    press(table, "#new-dialog label:has(#winnable-input)")
    assert page.locator("#winnable-input").is_checked() and choice.is_enabled()
    choice.select_option("hard")
    press(table, "#new-start")
    page.locator("#new-dialog").wait_for(state="hidden", timeout=20_000)
    view = table.check()
    assert (view["code"], view["tier"], view["draw"]) == (HARD, "hard", 1)
    assert table.toast().startswith("Proved winnable in ")
    open_stats(table)
    first = page.locator("#stats-recent tbody tr").first
    assert first.get_attribute("data-tier") == "hard"
    assert first.locator(".tier-mark").inner_text().endswith("Hard")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    # remembered after a reload, for the version and draw count it was chosen for
    page.reload()
    table.open_at_current()
    open_new_game(table)
    assert page.locator("#winnable-input").is_checked()
    assert choice.is_enabled() and choice.input_value() == "hard"
    press(table, "#new-dialog label:has(input[name='draw'][value='3'])")
    assert choice.input_value() == ""  # Draw 3 has its own choice: none yet
    press(table, "#new-dialog label:has(input[name='draw'][value='1'])")
    assert choice.input_value() == "hard"
    if not table.touch:  # the keyboard reaches the choice, after "winnable", and changes it
        page.locator("#winnable-input").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "new-tier"
        page.keyboard.press("ArrowDown")
        assert choice.input_value() == "expert"
        page.keyboard.press("ArrowUp")
        assert choice.input_value() == "hard"
    assert not table.errors, table.errors


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_difficulty_with_no_deal_ready_says_how_long_and_the_game_stays(
    open_rated: Opener, locale: str
) -> None:
    """Expert of Draw 1 Vegas: none is kept ready, so the dialog stays open and shows how
    long finding one takes (about 2 minutes); the game in progress is still the same one."""
    words = WORDS[locale]
    table = open_rated(locale=locale)
    page = table.page
    before = table.check()
    open_new_game(table)
    choice = page.locator("#new-dialog").get_by_label(words["difficulty"])
    assert choice.locator("option").all_inner_texts() == words["options"]
    press(table, "#new-dialog label:has(input[name='scoring'][value='vegas'])")
    press(table, "#new-dialog label:has(#winnable-input)")
    choice.select_option("expert")
    press(table, "#new-start")
    waiting = page.locator("#new-wait:not([hidden]) #new-wait-text")
    waiting.wait_for(timeout=20_000)
    assert waiting.inner_text() == words["not_ready"]
    assert page.locator("#new-dialog").evaluate("el => el.open")  # the dialog stays open
    audit(table, "new game, no deal of the difficulty ready")
    after = table.check()
    assert (after["id"], after["code"], after["version"]) == (
        before["id"],
        before["code"],
        before["version"],
    )
    assert table.server.game()["id"] == before["id"]  # still the game in progress
    # another difficulty: the wait ends, and Start starts again
    choice.select_option("")
    assert page.locator("#new-wait").is_hidden() and page.locator("#new-start").is_enabled()


@pytest.mark.both_screens
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_deal_of_the_shipped_pool_says_its_difficulty_not_a_proof_of_0_s(
    open_table: Opener, locale: str
) -> None:
    """An Easy deal comes from the package's shipped pool of rated deals, which keeps no
    figures of its proof: the dialog and the toast say it is winnable and rated easy."""
    table = open_table(locale=locale)
    page = table.page
    open_new_game(table)
    press(table, "#new-dialog label:has(#winnable-input)")
    page.locator("#new-tier").select_option("easy")
    with page.expect_response(lambda r: r.url.endswith("/api/games")) as answer:
        press(table, "#new-start")
    assert answer.value.json()["proof"]["shipped"] is True
    page.locator("#new-dialog").wait_for(state="hidden", timeout=20_000)
    said = {
        "en-US": "A winnable deal, rated easy.",
        "de-DE": "Ein lösbares Spiel der Schwierigkeit „Einfach“.",
    }[locale]
    assert table.toast() == said
    assert page.locator("#new-proof").text_content() == said
    assert table.check()["tier"] == "easy"


@pytest.mark.parametrize("screen", ["desktop"])
@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_a_difficulty_none_was_found_of_is_said_so(open_rated: Opener, locale: str) -> None:
    """When the server has stopped looking for a tier (404 no_tier_deal, which takes many
    ratings to happen, so answered here in its place), the dialog says none was found."""
    table = open_rated(locale=locale)
    page = table.page
    before = table.check()

    def refuse(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        params = {"tier": "expert", "rules": "app", "draw": 1, "scoring": "normal"}
        error = {"reason": "no_tier_deal", "message": "no expert deal", "params": params}
        body = json.dumps({"error": {**error, "params": {**params, "day_text": ""}}, "game": None})
        route.fulfill(status=404, content_type="application/json", body=body)

    page.route("**/api/games", refuse)
    open_new_game(table)
    press(table, "#new-dialog label:has(#winnable-input)")
    page.locator("#new-tier").select_option("expert")
    press(table, "#new-start")
    error = page.locator("#new-error:not(:empty)")
    error.wait_for()
    assert error.inner_text() == WORDS[locale]["none_found"]
    assert table.check()["id"] == before["id"]


def test_the_daily_deal_of_a_difficulty_and_its_wait(open_rated: Opener) -> None:
    """The Daily dialog's difficulty loads that tier's calendar and starts its daily deal; a
    tier whose daily deals are not found yet shows the wait, the game staying."""
    today = datetime.date.today()  # the browser's calendar day: the same machine and zone
    table = open_rated(dailies=((today.isoformat(), "hard", 6),))
    page = table.page
    press(table, "#daily-button")
    page.locator("#daily-dialog[open] #daily-calendar button").first.wait_for()
    choice = page.locator("#daily-dialog").get_by_label("Difficulty")
    assert choice.input_value() == ""
    with page.expect_response(lambda r: "/api/daily?" in r.url and "tier=hard" in r.url):
        choice.select_option("hard")
    press(table, "#daily-play")
    page.locator("#daily-dialog").wait_for(state="hidden", timeout=20_000)
    view = table.check()
    assert (view["daily"], view["tier"], view["code"]) == (today.isoformat(), "hard", HARD)
    # the calendar of Hard shows today's Hard deal in progress; the choice is remembered
    press(table, "#daily-button")
    todays = page.locator(f"#daily-calendar button[data-day='{today.isoformat()}']")
    todays.wait_for()
    assert choice.input_value() == "hard"
    assert "playing" in (todays.get_attribute("class") or "").split()
    with page.expect_response(lambda r: "/api/daily?" in r.url and "tier=expert" in r.url):
        choice.select_option("expert")
    # its own days: the calendar drawn from that answer shows none in progress
    page.wait_for_function(
        """(day) => {
            const todays = document.querySelector(`#daily-calendar [data-day='${day}']`);
            return todays !== null && !todays.classList.contains("playing");
        }""",
        arg=today.isoformat(),
    )
    press(table, "#daily-play")
    waiting = page.locator("#daily-wait:not([hidden]) #daily-wait-text")
    waiting.wait_for(timeout=20_000)
    text = waiting.inner_text()
    assert text.startswith("Finding the expert daily deal of "), text
    assert text.endswith("… about 4 minutes to go."), text
    assert page.locator("#daily-dialog").evaluate("el => el.open")
    assert table.check()["id"] == view["id"]


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_win_screen_the_history_and_the_statistics_show_the_difficulty(
    open_rated: Opener, locale: str
) -> None:
    """A Hard deal one King from the win, and a Hard daily deal won today: the win screen
    marks the difficulty, the history marks both games, and the statistics count the Hard
    games of Draw 1 (one won of one) and the Hard daily deals (one day won) apart."""
    words = WORDS[locale]
    today = datetime.date.today().isoformat()
    daily = {"status": "won", "daily": today, "tier": "hard", "elapsed_ms": 65_000}
    table = open_rated(
        locale=locale,
        games=(
            (won_game(), {**daily, "ended_at": store.utc_now()}),
            (Game.from_snapshot(one_move_to_win("KH")), {"tier": "hard"}),
        ),
    )
    page = table.page
    assert table.check()["tier"] == "hard"
    page.evaluate("window.klondike.settings.values.speed = 'off'")
    table.tap(table.card("KH"))
    mark = page.locator("#win-dialog[open] #win-tier")
    mark.wait_for()
    assert mark.locator(".tier-mark").inner_text().endswith(words["hard"])
    audit(table, "win, a Hard deal")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('dialog[open]')")
    open_stats(table)
    row = page.locator("#stats-modes tr[data-stat='tier_hard']")
    assert row.locator("th").inner_text() == words["hard_row"]
    hard = row.locator("td[data-mode='D1N']")
    assert hard.locator("span").all_inner_texts() == ["1 / 1", "100 %"]
    if table.screen == "desktop":
        assert row.locator("td[data-mode='D3N']").inner_text() == "–"
    assert page.locator("#stats-modes tr[data-stat='tier_easy']").count() == 0  # none played
    dailies = page.locator("#stats-daily tbody tr")
    assert dailies.count() == 1  # no daily deal of any tier was played: only Hard's
    assert dailies.first.get_attribute("data-tier") == "hard"
    cells = dailies.first.locator("td").all_inner_texts()
    assert cells[0].endswith(f"{words['hard']} ✓") and cells[1:4] == ["1", "1", "1:05"], cells
    marked = page.locator("#stats-recent tbody tr[data-tier='hard'] .tier-mark")
    assert marked.count() == 2
    assert all(text.endswith(words["hard"]) for text in marked.all_inner_texts())
    audit(table, "statistics of Hard games")
    assert not table.errors, table.errors
