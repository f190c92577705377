"""The page under its strict Content-Security-Policy, and the double tap's time window."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Request

from helpers.page import SCREENS, Table
from helpers.positions import every_gesture
from helpers.server import Server

Opener = Callable[..., Table]

RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


class StrictTable(Table):
    """The page with its content policy in force: waits by polling (Playwright's
    wait_for_function evaluates a string in the page, which the policy forbids)."""

    def open(self, path: str = "/") -> Table:
        self.page.goto(self.server.url + path)
        self.page.wait_for_selector("[data-pile='T1']")
        self.settle()
        return self

    def settle(self) -> None:
        deadline = time.monotonic() + 5
        ready = "Boolean(window.klondike && window.klondike.state.view && window.klondike.idle())"
        while not self.page.evaluate(ready):
            assert time.monotonic() < deadline, "the page did not come to rest"
            self.page.wait_for_timeout(20)


@pytest.fixture
def open_strict(
    browser: Browser, make_server: Callable[..., Server], screen: str
) -> Iterator[Callable[..., Table]]:
    """Start a server (with a position) and open the page, its content policy in force."""
    contexts: list[BrowserContext] = []

    def open_(position: dict[str, Any] | None = None) -> Table:
        context = browser.new_context(locale="en-US", **SCREENS[screen])
        context.set_default_timeout(5000)
        contexts.append(context)
        page = context.new_page()
        page.add_init_script(RECORD_VIOLATIONS)
        return StrictTable(page, make_server(position), screen).open()

    yield open_
    for context in contexts:
        context.close()


def test_the_page_works_under_its_content_policy(open_strict: Opener) -> None:
    """Every part of the page (table, gestures, dialogs, statistics) with no violation."""
    table = open_strict(every_gesture())
    policy = table.page.evaluate("fetch('/').then((r) => r.headers.get('content-security-policy'))")
    for directive in (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ):
        assert directive in policy
    table.double_tap(table.card("7S"))  # a move: cards slide, a face turns up
    table.check()
    table.tap(table.pile("S"))
    table.check()
    table.page.click("#stats-button")
    table.page.locator("#stats-modes tr").first.wait_for()
    table.page.click("#stats-close")
    table.page.click("#new-game")
    table.page.click("#new-start")
    table.settle()
    table.check()
    assert table.page.evaluate("window.violations") == []
    assert not table.errors, table.errors


REFUSALS = ("script-src-elem", "script-src-attr", "style-src-attr")
"""The directives the injected script, the image's inline handler and the inline style
break (Chromium reports each as it refuses it)."""


def test_an_injected_inline_script_does_not_run(open_strict: Opener) -> None:
    """An inline script, an inline event handler and an inline style injected into the
    page are all refused: none runs or applies, and each refusal is reported."""
    table = open_strict()
    table.page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.injected = 'script'";
            document.body.append(script);
            document.body.insertAdjacentHTML(
                "beforeend", `<img src="/static/favicon.svg" onload="window.injected = 'img'">`
            );
            // Added after the inline handler, so it runs after it: once the image has
            // loaded, the handler has had its chance.
            document.body.lastElementChild.addEventListener("load", () => {
                window.imageLoaded = true;
            });
            const style = document.createElement("div");
            style.innerHTML = '<p id="styled" style="color: rgb(255, 0, 0)">x</p>';
            document.body.append(style);
        }"""
    )
    deadline = time.monotonic() + 5
    while True:
        violations: list[str] = table.page.evaluate("window.violations")
        reported = {entry.split()[0] for entry in violations}
        if table.page.evaluate("window.imageLoaded === true") and reported >= set(REFUSALS):
            break
        assert time.monotonic() < deadline, f"refusals not all reported: {violations}"
        table.page.wait_for_timeout(20)
    assert table.page.evaluate("window.injected") is None
    color = table.page.evaluate("getComputedStyle(document.querySelector('#styled')).color")
    assert color != "rgb(255, 0, 0)"
    table.errors.clear()  # the console reports the refusals: they are the point here


def test_two_taps_450_ms_apart_are_two_taps_not_a_double_tap(open_table: Opener) -> None:
    """7♠ cannot go home, so a tap plays nothing (it picks 7♠ up: it may go on a red 8); a
    double tap would move it onto 8♦. The second tap, 450 ms later, is a tap of its own: on
    the picked-up card, it puts it back (test_taps.py)."""
    table = open_table(every_gesture())
    sent: list[dict[str, Any]] = []

    def record(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/actions"):
            sent.append(json.loads(request.post_data or "{}"))

    table.page.on("request", record)
    before = table.check()
    table.tap(table.card("7S"))
    table.page.wait_for_timeout(450)
    table.page.locator(".card.picked[data-card='7S']").wait_for()
    table.tap(table.card("7S"))
    table.page.wait_for_timeout(350)  # past any double tap window
    after = table.check()
    assert [body["action"] for body in sent] == ["tap"]  # no double tap
    assert table.page.locator(".card.picked").count() == 0
    assert after["version"] == before["version"] and after["moves"] == 0
    assert after["tableau"][3]["up"][-1] == "7S"
