"""A game whose saved position is damaged: the page says so and shows no other position."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from helpers.page import SCREENS
from helpers.server import Server
from klondike import Game
from klondike.store import database as store


def test_the_page_says_what_was_damaged_and_what_was_kept(
    browser: Browser, tmp_path: Path, screen: str
) -> None:
    db_path = tmp_path / "klondike.db"
    conn = store.open_database(db_path)
    game_id = store.insert_game(conn, Game.from_code("KL1-D1N-BFTKQRA"), version=9)
    conn.execute("UPDATE games SET snapshot = substr(snapshot, 1, 300) WHERE id = ?", (game_id,))
    store.close_database(conn)
    server = Server(db_path)
    context = browser.new_context(locale="en-US", bypass_csp=True, **SCREENS[screen])
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        toast = page.locator("#toast.shown")
        toast.wait_for(timeout=5000)
        said = toast.inner_text()
        assert f"Game {game_id} (KL1-D1N-BFTKQRA)" in said and "damaged" in said
        assert "kept" in said and "new game" in said
        assert page.evaluate("window.klondike.state.view") is None  # no position as theirs
        assert page.locator("[data-card]").count() == 0
        page.click("#new-game")
        page.click("#new-start")
        page.locator("[data-card]").first.wait_for(timeout=5000)
        shown = page.evaluate("window.klondike.state.view")
        assert shown["id"] != game_id and shown["version"] == 0
    finally:
        context.close()
        server.kill()
    conn = store.open_database(db_path)
    row = store.load_game(conn, game_id)
    conn.close()
    assert row is not None and row.status == "playing" and row.version == 9
    assert len(row.snapshot) == 300  # the damaged row is kept as it was
