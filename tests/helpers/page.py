"""The page in Chromium: what it shows, checked against the API, and real gestures on it."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import CDPSession, ConsoleMessage, Locator, Page

from helpers import ROOT
from helpers.server import Server
from klondike.cards import RANKS, SUITS

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
        "viewport": {"width": 740, "height": 360},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
}


PILES = ["S", "W", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4", "T5", "T6", "T7"]
"""Every pile of the table, by its ``data-pile`` name."""

CARDS_IN = """(pile) => [...document.querySelectorAll(`[data-pile='${pile}'] [data-card]`)]
    .sort((a, b) => a.dataset.z - b.dataset.z).map((el) => el.dataset.card)"""
"""The face-up cards a pile shows, bottom first (in the page)."""

AT_REST = f"""(piles) => ({{
    view: window.klondike.state.view,
    cards: Object.fromEntries(piles.map((pile) => [pile, ({CARDS_IN})(pile)])),
    backs: Object.fromEntries(piles.map((pile) => [
        pile, document.querySelectorAll(`[data-pile='${{pile}}'] .card.down`).length])),
}})"""
"""The game the page shows, and every pile's face-up cards and backs, read at one moment."""


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

    def open_at_current(self) -> Table:
        """Wait for the page just loaded (a reload, a link) to show its game."""
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
        """The face-up cards the page shows in a pile at rest, bottom first."""
        self.settle()
        return self.page.evaluate(f"({CARDS_IN})", pile)  # type: ignore[no-any-return]

    def backs_in(self, pile: str) -> int:
        """The face-down cards the page shows in a pile at rest."""
        self.settle()
        return self.page.locator(f"[data-pile='{pile}'] .card.down").count()

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text().strip()

    def hint_text(self) -> str:
        """The hint panel's words, once it shows them."""
        panel = self.page.locator("#hint-panel:not([hidden]) #hint-text")
        panel.wait_for(timeout=30_000)
        self.page.wait_for_function("document.querySelector('#hint-text').textContent !== ''")
        return panel.inner_text().strip()

    def toast(self) -> str:
        toast = self.page.locator("#toast.shown")
        toast.wait_for(timeout=3000)
        return toast.inner_text().strip()

    def check(self) -> dict[str, Any]:
        """The page shows exactly the view's face-up cards, in their piles, and no hidden card.

        Returns the view of the page's game from the API.
        """
        self.settle()
        shown = self.page.evaluate(f"({AT_REST})", PILES)
        view = self.server.game(shown["view"]["id"])
        assert shown["view"]["version"] == view["version"], "the page shows an old version"
        expected: dict[str, list[str]] = {"W": view["waste"]["top"]}
        for f, cards in enumerate(view["foundations"]):
            expected[f"F{f + 1}"] = cards
        for c, column in enumerate(view["tableau"]):
            expected[f"T{c + 1}"] = column["up"]
            assert shown["backs"][f"T{c + 1}"] == column["down"], f"backs of T{c + 1}"
        for pile, cards in expected.items():
            assert shown["cards"][pile] == cards, f"cards of {pile}"
        assert shown["cards"]["S"] == []
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
        self.tap_at(x, y)

    def tap_at(self, x: float, y: float) -> None:
        """A tap (a touch, or a click) at a point of the page."""
        if self.touch:
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.click(x, y)

    def double_tap(self, target: Locator, gap_ms: int = 60) -> None:
        """Two taps on the target, `gap_ms` apart by the events' own clock.

        The events carry their time (as a real finger's do), so a slow machine between the
        two taps makes them no further apart for the page.
        """
        x, y = self.point(target)
        first = time.time()
        for clicks, at in ((1, first), (2, first + gap_ms / 1000)):
            if clicks == 2:
                self.page.wait_for_timeout(gap_ms)  # never a time still to come
            if self.touch:
                self.touch_event("touchStart", x, y, at=at)
                self.touch_event("touchEnd", at=at + 0.01)
            else:
                self.mouse_event("mousePressed", x, y, clicks=clicks, at=at)
                self.mouse_event("mouseReleased", x, y, clicks=clicks, at=at + 0.01)

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

    def touch_event(
        self, kind: str, x: float = 0, y: float = 0, *, at: float | None = None
    ) -> None:
        """One touch event through the browser's input pipeline (as a finger makes it),
        made now or at the time `at` (seconds since the epoch)."""
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        event: dict[str, Any] = {"type": kind, "touchPoints": points}
        if at is not None:
            event["timestamp"] = at
        self.cdp().send("Input.dispatchTouchEvent", event)

    def mouse_event(self, kind: str, x: float, y: float, *, clicks: int, at: float) -> None:
        """One press or release of the left button at the time `at` (seconds since the
        epoch), through the browser's input pipeline."""
        event = {
            "type": kind,
            "x": x,
            "y": y,
            "button": "left",
            "clickCount": clicks,
            "timestamp": at,
        }
        self.cdp().send("Input.dispatchMouseEvent", event)

    def cdp(self) -> CDPSession:
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        return self._cdp

    def shoot(self, name: str) -> None:
        """Save a screenshot of the page to tests/artifacts/screenshots/NAME.png."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def press(table: Table, selector: str) -> None:
    """Click (or, on the phone, tap) a control."""
    control = table.page.locator(selector)
    if table.touch:
        control.tap()
    else:
        control.click()


def open_new_game(table: Table) -> None:
    """Press New game and wait for its dialog."""
    press(table, "#new-game")
    table.page.locator("#new-dialog[open]").wait_for()


def same_table(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """True if two views show the same game at the same version (the clock aside)."""
    return {**a, "elapsed_ms": 0} == {**b, "elapsed_ms": 0}


def card_words(name: str) -> str:
    """A card's name in English words, as the page labels it: 'ten of hearts'."""
    ranks = ("ace", "two", "three", "four", "five", "six", "seven")
    ranks += ("eight", "nine", "ten", "jack", "queen", "king")
    suits = ("spades", "hearts", "diamonds", "clubs")
    return f"{ranks[RANKS.index(name[0])]} of {suits[SUITS.index(name[1])]}"
