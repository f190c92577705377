"""Browser tests: the real server in a subprocess, Debian's Chromium, real pointer gestures.

Every test starts its own server over a fresh database. A test that needs an exact position
writes it into the database first (``store.insert_game`` of ``Game.from_snapshot(...)``): the
server then continues it as the game in progress. Gestures go through the browser's own input
pipeline: the mouse on the desktop viewport, touch events on the phone viewport.
"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    ConsoleMessage,
    Locator,
    Page,
)

from klondike import Game
from klondike.cards import CARD_NAMES, RANKS, SUITS
from klondike.store import database as store

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "artifacts" / "screenshots"  # `make screenshots` copies to docs/
REFUSAL = re.compile(r"Failed to load resource: the server responded with a status of 4\d\d")

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}, "has_touch": False},
    "phone": {
        "viewport": {"width": 360, "height": 640},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
    # a phone held sideways (only where a test asks for it)
    "landscape": {
        "viewport": {"width": 640, "height": 360},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium, quietly."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


# --------------------------------------------------------------------------- positions


def snapshot(
    columns: list[tuple[int | list[str], list[str]]],
    *,
    waste: list[str] | None = None,
    stock: list[str] | None = None,
    stock_top: list[str] | None = None,
    rest: str = "stock",
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    draw: int = 1,
    scoring: str = "normal",
    score: int | None = None,
) -> dict[str, Any]:
    """A position as a snapshot: seven columns of (face-down cards or their count, face-up).

    Foundations are given by height (♠ ♥ ♦ ♣). Face-down cards given as a count are filled
    with the cards not named anywhere else, in a fixed order; the cards still left go to
    ``rest``: the stock (under ``stock_top``, whose last card is drawn first) unless the stock
    is given, or face-down under a column (``rest="T7"``).
    """
    home = [[CARD_NAMES[s * 13 + r] for r in range(h)] for s, h in enumerate(foundations)]
    named = {c for _, up in columns for c in up} | set(waste or []) | set(stock or [])
    named |= set(stock_top or [])
    named |= {c for pile in home for c in pile}
    named |= {c for down, _ in columns if isinstance(down, list) for c in down}
    spare = [c for c in CARD_NAMES if c not in named]
    tableau = []
    for down, up in columns:
        if isinstance(down, int):
            down, spare = spare[:down], spare[down:]
        tableau.append({"down": list(down), "up": list(up)})
    if rest.startswith("T"):
        column = tableau[int(rest[1]) - 1]
        column["down"], spare = spare + column["down"], []
    if stock is None:
        stock, spare = spare + list(stock_top or []), []
    if spare:
        raise ValueError(f"cards placed nowhere: {spare}")
    code = f"KL1-D{draw}{scoring[0].upper()}-AAAAAAG"
    if score is None:
        score = 0 if scoring == "normal" else -52 + 5 * sum(foundations)
    return {
        "code": code,
        "draw": draw,
        "scoring": scoring,
        "stock": list(stock),
        "waste": list(waste or []),
        "foundations": home,
        "tableau": tableau,
        "score": score,
    }


def near_won() -> dict[str, Any]:
    """One move from the win: the King of hearts alone on column 1, the rest home."""
    columns: list[tuple[int | list[str], list[str]]] = [(0, ["KH"])] + [(0, [])] * 6
    return snapshot(columns, foundations=(13, 12, 13, 13), stock=[], score=615)


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A running ``klondike`` server process over its own database."""

    process: subprocess.Popen[bytes]
    url: str
    db: Path

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as err:
            return json.loads(err.read())

    def game(self, game_id: int | None = None) -> dict[str, Any]:
        """The view of a game (by default the game in progress), as the API gives it."""
        path = "/api/game" if game_id is None else f"/api/games/{game_id}"
        return self.get(path)  # type: ignore[no-any-return]

    def hidden(self, game_id: int) -> set[str]:
        """The names of the face-down and stock cards of a game (from the database)."""
        with sqlite3.connect(self.db) as conn:
            row = conn.execute("SELECT snapshot FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return set()
        snap = json.loads(row[0])
        return set(snap["stock"]) | {c for col in snap["tableau"] for c in col["down"]}

    def stop(self) -> None:
        """Kill the server (its database is a throwaway one) and close its pipes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.communicate()


def start_server(db: Path, position: dict[str, Any] | None = None) -> Server:
    """Start ``python -m klondike`` over ``db`` (with ``position`` as the game in progress)."""
    if position is not None:
        conn = store.open_database(db)
        try:
            store.insert_game(conn, Game.from_snapshot(position))
            conn.commit()
        finally:
            conn.close()
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "klondike", "--no-browser", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    server = Server(process, f"http://127.0.0.1:{port}", db)
    deadline = time.monotonic() + 15
    while True:
        try:
            with urllib.request.urlopen(server.url + "/", timeout=2) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop()
            out, err = process.communicate()
            raise RuntimeError(f"the server did not start: {err.decode()} {out.decode()}")
        time.sleep(0.05)


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """Start a server, optionally with a position as the game in progress; stopped after."""
    servers: list[Server] = []

    def make(position: dict[str, Any] | None = None) -> Server:
        server = start_server(tmp_path / f"klondike{len(servers)}.db", position)
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


# --------------------------------------------------------------------------- the page


class Table:
    """A page showing the game, with the gestures of its screen (mouse or touch)."""

    def __init__(self, page: Page, server: Server, screen: str) -> None:
        self.page = page
        self.server = server
        self.screen = screen
        self.touch = SCREENS[screen]["has_touch"]
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("pageerror", lambda err: self.errors.append(str(err)))
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", self._console)
        self._cdp: CDPSession | None = None

    def _console(self, message: ConsoleMessage) -> None:
        """Collect console errors; a refusal (a 4xx answer) is part of the game, not one."""
        if message.type == "error" and not REFUSAL.match(message.text):
            self.errors.append(message.text)

    # -- opening and waiting

    def open(self, path: str = "/") -> Table:
        self.page.goto(self.server.url + path)
        self.page.wait_for_selector("[data-pile='T1']")
        self.page.wait_for_function("window.klondike && window.klondike.state.view")
        self.settle()
        return self

    def settle(self) -> None:
        """Wait until every action is answered and every card has come to rest."""
        self.page.wait_for_function("window.klondike.idle()", polling=20, timeout=5000)

    # -- reading the table

    def pile(self, name: str) -> Locator:
        return self.page.locator(f"[data-pile='{name}']")

    def card(self, name: str) -> Locator:
        return self.page.locator(f"[data-card='{name}']")

    def cards_in(self, pile: str) -> list[str]:
        """The face-up cards the page shows in a pile, bottom first."""
        return self.page.evaluate(  # type: ignore[no-any-return]
            """(pile) => [...document.querySelectorAll(`[data-pile='${pile}'] [data-card]`)]
                .sort((a, b) => a.dataset.z - b.dataset.z).map((el) => el.dataset.card)""",
            pile,
        )

    def backs_in(self, pile: str) -> int:
        return self.page.locator(f"[data-pile='{pile}'] .card.down").count()

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text().strip()

    def toast(self) -> str:
        toast = self.page.locator("#toast.shown")
        toast.wait_for(timeout=3000)
        return toast.inner_text().strip()

    def check(self) -> dict[str, Any]:
        """The page shows exactly the view's face-up cards, in their piles, and no hidden card.

        Returns the view of the page's game from the API.
        """
        self.settle()
        shown = self.page.evaluate("window.klondike.state.view")
        view = self.server.game(shown["id"])
        assert shown["version"] == view["version"], "the page shows an old version"
        expected: dict[str, list[str]] = {"W": view["waste"]["top"]}
        for f, cards in enumerate(view["foundations"]):
            expected[f"F{f + 1}"] = cards
        for c, column in enumerate(view["tableau"]):
            expected[f"T{c + 1}"] = column["up"]
            assert self.backs_in(f"T{c + 1}") == column["down"], f"backs of T{c + 1}"
        for pile, cards in expected.items():
            assert self.cards_in(pile) == cards, f"cards of {pile}"
        assert self.page.locator("[data-pile='S'] [data-card]").count() == 0
        html = self.page.content()
        for name in self.server.hidden(view["id"]):
            assert not re.search(rf"data-card=\"{name}\"", html), f"face-down {name} in the DOM"
        faces = self.page.eval_on_selector_all("[data-card]", "els => els.length")
        assert faces == sum(len(cards) for cards in expected.values())
        assert self.page.locator(".card.down[data-card]").count() == 0
        assert not self.errors, self.errors
        foreign = [url for url in self.requests if not url.startswith(self.server.url + "/")]
        assert not foreign, f"the page loaded something from elsewhere: {foreign}"
        return view  # type: ignore[no-any-return]

    # -- gestures

    def point(self, target: Locator, where: str = "top") -> tuple[float, float]:
        """A point on the visible part of a card or pile: near its top, or its middle."""
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None, "not on screen"
        x = box["x"] + box["width"] / 2
        if where == "left":  # a card fanned under another one shows its left edge
            x = box["x"] + box["width"] * 0.1
        if where == "middle":
            return x, box["y"] + box["height"] / 2
        cw = self.page.evaluate("window.klondike.board.geo.ch")
        return x, box["y"] + min(box["height"], cw) * 0.1 + 2

    def tap(self, target: Locator, where: str = "top") -> None:
        x, y = self.point(target, where)
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def double_tap(self, target: Locator) -> None:
        x, y = self.point(target)
        if self.touch:
            self.page.touchscreen.tap(x, y)
            self.page.wait_for_timeout(60)
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.dblclick(x, y)

    def drag(
        self,
        card: Locator,
        target: Locator,
        *,
        at: str = "top",
        to: str = "middle",
        steps: int = 8,
    ) -> None:
        """Press on a card, move in steps onto the target pile or card, and let go."""
        x0, y0 = self.point(card, at)
        x1, y1 = self.point(target, to)
        if not self.touch:
            mouse = self.page.mouse
            mouse.move(x0, y0)
            mouse.down()
            mouse.move(x0 + 2, y0 + 2)
            mouse.move(x1, y1, steps=steps)
            mouse.up()
            return
        self.touch_event("touchStart", x0, y0)
        for i in range(1, steps + 1):
            self.touch_event("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        self.touch_event("touchEnd")

    def press(self, x: float, y: float) -> None:
        """Put the mouse button (or a finger) down at (x, y)."""
        if self.touch:
            self.touch_event("touchStart", x, y)
        else:
            self.page.mouse.move(x, y)
            self.page.mouse.down()

    def move_to(self, x: float, y: float) -> None:
        """Move the pressed mouse (or finger) to (x, y)."""
        if self.touch:
            self.touch_event("touchMove", x, y)
        else:
            self.page.mouse.move(x, y)

    def release(self) -> None:
        """Let the mouse button (or the finger) go where it is."""
        if self.touch:
            self.touch_event("touchEnd")
        else:
            self.page.mouse.up()

    def touch_event(self, kind: str, x: float = 0, y: float = 0) -> None:
        """One touch event through the browser's input pipeline (as a finger makes it)."""
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.cdp().send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def cdp(self) -> CDPSession:
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        return self._cdp

    def shoot(self, name: str) -> None:
        """Save a screenshot of the page to tests/artifacts/screenshots/NAME.png."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


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
    ) -> Table:
        server = server or make_server(position)
        context = browser.new_context(locale=locale, **SCREENS[screen])
        context.set_default_timeout(5000)
        contexts.append(context)
        return Table(context.new_page(), server, screen).open(path)

    yield open_
    for context in contexts:
        context.close()


def same_table(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """True if two views show the same game at the same version (the clock aside)."""
    return {**a, "elapsed_ms": 0} == {**b, "elapsed_ms": 0}


def card_words(name: str) -> str:
    """A card's name in English words, as the page labels it: 'ten of hearts'."""
    ranks = ("ace", "two", "three", "four", "five", "six", "seven")
    ranks += ("eight", "nine", "ten", "jack", "queen", "king")
    suits = ("spades", "hearts", "diamonds", "clubs")
    return f"{ranks[RANKS.index(name[0])]} of {suits[SUITS.index(name[1])]}"
