"""Browser tests: the real server in a subprocess, Debian's Chromium, real pointer gestures.

Every test starts its own server over a fresh database, as a player who has closed "How to
play" once (it is offered on a first visit only); a test of the first visit asks for
``first_visit=True``. A test that needs an exact position hands it to the server, which
writes it into the database first: the server then continues it as the game in progress.
Gestures go through the browser's own input pipeline: the mouse on the desktop viewport,
touch events on the phone viewport (see ``helpers.page``).
"""

from __future__ import annotations

import contextlib
import re
import uuid
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType

from helpers.clock import DrivenClock
from helpers.page import SCREENS, Table
from helpers.proofs import keep_proved_deals
from helpers.server import Server
from klondike.store import database as store
from klondike.store import settings as preferences

CHROMIUM = "/usr/bin/chromium"


BROWSER_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
"""Features of Chromium's own window that headless Chromium (156) still prepares for each
new context: the address bar's two popups, WebUI pages in a renderer process of their own,
which no page sees. They took about 0.8 s of a core per context, more than loading the
game's page itself."""


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], browser_type: BrowserType
) -> dict[str, Any]:
    """Launch Debian's Chromium, quietly, without the address bar's popups."""
    args = [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*args, *without_browser_ui(browser_type, args)],
    }


def without_browser_ui(browser_type: BrowserType, args: list[str]) -> list[str]:
    """A ``--disable-features`` switch with `BROWSER_UI` added to the features Playwright
    disables. Of two such switches Chromium keeps the last, and Playwright puts its own
    first: its list is read from the command line of a Chromium it launches with ``args``
    (none found, as off Linux: no switch, and the popups stay)."""
    marker = f"--klondike-probe={uuid.uuid4().hex}"  # a switch Chromium does not know
    probe = browser_type.launch(executable_path=CHROMIUM, args=[*args, marker])
    try:
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            with contextlib.suppress(OSError):
                text = cmdline.read_bytes().decode(errors="replace")
                found = re.search(r"--disable-features=([^\s\x00]*)", text)
                if marker in text and found:
                    features = [name for name in found.group(1).split(",") if name]
                    return ["--disable-features=" + ",".join([*features, *BROWSER_UI])]
    finally:
        probe.close()
    return []


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start a server, optionally with a position as the game in progress (the daily deal of
    the day ``daily``), on a first visit or not, with the games' clocks on a ``clock`` the
    test drives or on real time; killed after.

    Its pool of proved deals is full from the start (fixed deals): no solver process proves
    deals while the test plays, and "winnable deals only" deals the same every run.
    """
    servers: list[Server] = []

    def make(
        position: dict[str, Any] | None = None,
        *,
        first_visit: bool = False,
        daily: str | None = None,
        clock: DrivenClock | None = None,
    ) -> Server:
        db = tmp_path / f"klondike{len(servers)}.db"
        keep_proved_deals(db)
        if not first_visit:
            conn = store.open_database(db)
            preferences.save(conn, {"how_to_play_seen": True})
            store.close_database(conn)
        server = Server(db, position=position, daily=daily, clock=clock)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.kill()


@pytest.fixture(params=["desktop", "phone"])
def screen(request: pytest.FixtureRequest) -> str:
    """The viewport a test runs at: a 1280x800 desktop, or a 360x640 touch phone."""
    return str(request.param)


@pytest.fixture
def open_table(
    browser: Browser, make_server: Callable[..., Server], screen: str
) -> Iterator[Callable[..., Table]]:
    """Start a server (with a position) and open the page at this test's screen."""
    contexts: list[BrowserContext] = []

    def open_(
        position: dict[str, Any] | None = None,
        *,
        locale: str = "en-US",
        path: str = "/",
        server: Server | None = None,
        first_visit: bool = False,
        daily: str | None = None,
        reduced_motion: Literal["reduce", "no-preference"] | None = None,
        driven_clock: bool = False,
    ) -> Table:
        """``reduced_motion`` is what the system asks for from the page's first load on;
        with ``driven_clock`` the page's time is Playwright's (``page.clock``) from then on,
        flowing until the test makes it jump."""
        server = server or make_server(position, first_visit=first_visit, daily=daily)
        # Playwright's wait_for_function evaluates a string in the page, which the page's
        # content policy forbids: these contexts bypass it (test_policy.py keeps it). The
        # service worker (an installed page opened without its server) is test_install.py's:
        # here it is blocked, as its first install fetches every file of the page again.
        context = browser.new_context(
            locale=locale,
            bypass_csp=True,
            service_workers="block",
            reduced_motion=reduced_motion,
            **SCREENS[screen],
        )
        context.set_default_timeout(5000)
        contexts.append(context)
        if driven_clock:
            context.clock.install()
        return Table(context.new_page(), server, screen).open(path)

    yield open_
    for context in contexts:
        context.close()


LANGUAGE_AT: dict[str, str] = {"desktop": "en-US", "phone": "de-DE"}
"""Where a test runs at both screens and in both languages, the language it runs in at each
screen: each language once and each screen once, not all four crossings."""


def one_screen(name: str) -> str:
    """The screen a test of a `one_screen` module runs at: the desktop or the phone, fixed by
    the test's name, so that each module's tests share out both screens (mouse and touch)."""
    return ("desktop", "phone")[zlib.crc32(name.encode()) % 2]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A browser test that takes the screens (the `screen` fixture) and parametrizes the
    language apart runs English on the desktop and German on the phone (`LANGUAGE_AT`); a
    test that names its own (screen, language) pairs keeps them. A test of a module marked
    ``one_screen`` runs at one screen (`one_screen`) unless marked ``both_screens``."""
    crossed: list[pytest.Item] = []
    for item in items:
        spec = getattr(item, "callspec", None)
        params = spec.params if spec is not None else {}
        if "screen" not in params:
            continue
        named = any("screen" in str(mark.args[0]) for mark in item.iter_markers("parametrize"))
        if named:
            continue
        function = getattr(item, "originalname", item.name)
        if (
            item.get_closest_marker("one_screen") is not None
            and item.get_closest_marker("both_screens") is None
            and params["screen"] != one_screen(function)
        ) or ("locale" in params and LANGUAGE_AT.get(params["screen"]) != params["locale"]):
            crossed.append(item)
    if crossed:
        config.hook.pytest_deselected(items=crossed)
        items[:] = [item for item in items if item not in crossed]
