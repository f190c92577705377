"""The page on a phone's home screen (issue 35, item 1): installable as Chromium judges it,
opened without its server (from the service worker's cache: the page itself, saying that the
game needs `klondike` running, never a browser error page), and never older than the
server's page after an upgrade, with the server running or not.

Chromium installs no page of an incognito profile, so these tests run in a profile of their
own on disk (a persistent context) rather than in the other tests' contexts.
"""

from __future__ import annotations

import shutil
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright

from browser.conftest import CHROMIUM
from helpers.page import SCREENS, Table
from helpers.proofs import keep_proved_deals
from helpers.server import Server
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.web.views.page import STATIC_DIR

KEPT = """async () => {
  const names = await caches.keys();
  const files = [];
  for (const name of names) files.push((await (await caches.open(name)).keys()).length);
  return {names, files, controlled: Boolean(navigator.serviceWorker.controller)};
}"""
"""The caches of the page (their names, how many files each keeps), and whether the
service worker controls the page."""

Profile = Callable[..., tuple[BrowserContext, Page]]


@pytest.fixture
def profile(playwright: Playwright, tmp_path: Path) -> Iterator[Profile]:
    """A browser profile on disk (Chromium installs no incognito page): its first page."""
    contexts: list[BrowserContext] = []

    def open_(screen: str = "desktop", locale: str = "en-US") -> tuple[BrowserContext, Page]:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / f"profile{len(contexts)}"),
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
            locale=locale,
            bypass_csp=True,  # wait_for_function evaluates strings (test_policy.py keeps it)
            **SCREENS[screen],
        )
        context.set_default_timeout(5000)
        contexts.append(context)
        return context, context.pages[0] if context.pages else context.new_page()

    yield open_
    for context in contexts:
        context.close()


def server_on(db: Path, *, port: int | None = None, static: Path | None = None) -> Server:
    """A server over ``db`` (a player who has seen How to play, proved deals kept)."""
    if not db.exists():
        keep_proved_deals(db)
        conn = store.open_database(db)
        preferences.save(conn, {"how_to_play_seen": True})
        store.close_database(conn)
    return Server(db, port=port, static=static)


KEPT_WITHIN_S = 10
"""How long the service worker may take to control the page and keep every page file."""


def kept_whole(page: Page, other_than: list[str] | None = None) -> dict[str, Any]:
    """Wait until the service worker controls the page and one cache (not one of
    ``other_than``) keeps every page file; the caches' state (`KEPT`)."""
    page.evaluate("window.klondike.offline")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    files = len(page_files())
    deadline = time.monotonic() + KEPT_WITHIN_S
    while True:  # the caches are read asynchronously: asked again until they are whole
        kept = page.evaluate(KEPT)
        if kept["controlled"] and kept["files"] == [files] and kept["names"] != other_than:
            return kept  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, f"not kept whole ({files} files): {kept}"
        page.wait_for_timeout(50)


def page_files(static: Path = STATIC_DIR) -> list[str]:
    from klondike.web.views.page import page_files as files

    return files(static)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_installable_and_opened_without_its_server_it_says_so_and_carries_on(
    profile: Profile, tmp_path: Path
) -> None:
    db = tmp_path / "klondike.db"
    server = server_on(db)
    port = server.port
    try:
        context, page = profile("phone")
        table = Table(page, server, "phone").open()
        kept_whole(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("/static/manifest.webmanifest")
        found = server.get("/static/manifest.webmanifest")
        assert found["name"] == "Klondike Solitaire" and found["short_name"] == "Klondike"
        assert (found["start_url"], found["scope"], found["display"]) == ("/", "/", "standalone")
        # the theme is the felt's colour, as the page's own theme colour
        felt = page.evaluate(
            "getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"
        )
        meta = page.locator("meta[name='theme-color']").get_attribute("content")
        assert found["theme_color"] == felt == meta == "#1f6a41"
        sizes = {}
        for icon in found["icons"]:
            data = server.http.get(icon["src"]).content
            sizes[icon["purpose"], png_size(data)] = icon["sizes"]
        assert sizes == {
            ("any", (192, 192)): "192x192",
            ("any", (512, 512)): "512x512",
            ("maskable", (512, 512)): "512x512",
        }
        assert not table.errors, table.errors

        server.kill()
        page.reload()  # no server: the page from the cache, never a browser error page
        page.locator("#outage").wait_for()
        assert page.url == server.url + "/" and page.title() == "Klondike Solitaire"
        notice = table.text("#outage")
        assert "does not answer" in notice and "klondike" in notice, notice
        assert page.locator("[data-pile='T1']").count() == 1  # the page itself, its table
        press_language(table, "de")
        assert "antwortet nicht" in table.text("#outage")
        assert "klondike" in table.text("#outage")
        page.screenshot(path=str(shots() / "offline-start-phone.png"))
        server = server_on(db, port=port)  # the same address: the page finds it by itself
        assert server.port == port
        page.locator("#outage").wait_for(state="hidden", timeout=30_000)
        table = Table(page, server, "phone").open_at_current()
        assert table.check()["status"] == "playing"
    finally:
        server.kill()


def press_language(table: Table, language: str) -> None:
    """Choose the page's language in its menu."""
    table.page.locator("#lang").select_option(language)


def shots() -> Path:
    """Where the issue's screenshots go (tests/artifacts/screenshots/)."""
    from helpers.page import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


MARK = "getComputedStyle(document.documentElement).getPropertyValue('--page-mark').trim()"
"""A custom property the test writes into the page's stylesheet: which page is shown."""


def test_after_an_upgrade_the_open_page_becomes_the_new_one_also_without_the_server(
    profile: Profile, tmp_path: Path
) -> None:
    db = tmp_path / "klondike.db"
    old, new = tmp_path / "old", tmp_path / "new"
    for folder, mark in ((old, "old"), (new, "new")):
        shutil.copytree(STATIC_DIR, folder)
        with (folder / "table.css").open("a") as css:
            css.write(f"\n:root {{ --page-mark: {mark}; }}\n")
    server = server_on(db, static=old)
    port = server.port
    try:
        _, page = profile()
        table = Table(page, server, "desktop").open()
        before = kept_whole(page)
        assert page.evaluate(MARK) == "old"
        server.kill()
        table.tap(table.pile("S"), "middle")  # no server: the notice
        page.locator("#outage").wait_for()
        with page.expect_navigation(timeout=30_000):  # the page loads itself again, the new one
            server = server_on(db, port=port, static=new)  # the upgrade, at the same address
        Table(page, server, "desktop").open_at_current()
        assert page.evaluate(MARK) == "new"
        page.reload()
        Table(page, server, "desktop").open_at_current()
        assert page.evaluate(MARK) == "new"  # the page comes from the server
        kept_whole(page, other_than=before["names"])  # the old version's cache is gone
        server.kill()
        page.reload()  # offline: the new page, not the old one
        page.locator("#outage").wait_for()
        assert page.evaluate(MARK) == "new"
    finally:
        server.kill()
