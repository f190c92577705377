"""Waiting for a deal of a difficulty on the page (issue 34, "Waiting, where it still
happens"): the New game dialog shows the search's progress and starts the game by itself
once the deal is ready; or the player plays on, and a notice says when it is ready.

The server rates slowly and on command (`helpers.ratings`): each rating waits for the test
to let it go (its gate file), takes 0.3 s, and the tiers come in turn, so that Draw 1
Vegas's Expert deal, asked for, is the fourth rating's, deal 37. The tiers of Draw 1 and
Draw 3 Normal are kept ready (`browser.test_tiers.RATED`): the filler rates nothing unasked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from browser.test_axe import audit
from browser.test_tiers import RATED
from helpers import ratings
from helpers.page import Table, open_new_game, press
from helpers.proofs import keep_proved_deals, proof_of
from helpers.server import Server
from klondike import Game
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.store.database import KeptProof

EXPERT = Game(37, 1, "vegas").code
"""The Expert deal of Draw 1 Vegas the slowed rating finds (`helpers.ratings`)."""

WORDS = {
    "en-US": {
        "finding": "Finding your expert deal… about 2 minutes to go.",
        "soon": "Finding your expert deal… a few more seconds.",
        "play_on": "Play on meanwhile",
    },
    "de-DE": {
        "finding": "Suche ein Spiel für „Experte“ … noch etwa 2 Minuten.",
        "soon": "Suche ein Spiel für „Experte“ … nur noch wenige Sekunden.",
        "play_on": "Solange weiterspielen",
    },
}


class Gate:
    """The slowed rating's gate: how many ratings may have started."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.let(0)

    def let(self, ratings_allowed: int) -> None:
        fresh = self.path.with_name(f"{self.path.name}.new")
        fresh.write_text(str(ratings_allowed))
        fresh.replace(self.path)


@pytest.fixture
def slowed(
    open_table: Callable[..., Table], tmp_path: Path
) -> Iterator[Callable[..., tuple[Table, Gate]]]:
    """Open the page over a slowed server (its gate shut) whose tiers of Draw 1 and Draw 3
    Normal are kept ready and no other."""
    servers: list[Server] = []

    def open_(locale: str = "en-US") -> tuple[Table, Gate]:
        db = tmp_path / f"wait{len(servers)}.db"
        keep_proved_deals(db)
        conn = store.open_database(db)
        try:
            preferences.save(conn, {"how_to_play_seen": True})
            for mode, tiers in RATED.items():
                for tier, deals in tiers.items():
                    for deal in deals:
                        kept = KeptProof(deal, proof_of(deal, mode).line, tier=tier, wins=3)
                        store.add_proved_deal(conn, mode, kept)
            conn.commit()
        finally:
            store.close_database(conn)
        gate = Gate(tmp_path / f"gate{len(servers)}")
        env = {ratings.SECONDS: "0.3", ratings.GATE: str(gate.path)}
        server = Server(db, "--no-shipped-deals", slowed=True, env=env)
        servers.append(server)
        return open_table(server=server, locale=locale), gate

    yield open_
    for server in servers:
        server.kill()


def ask_for_vegas_expert(table: Table) -> None:
    """In the New game dialog: Draw 1 Vegas, winnable, Expert; Start."""
    page = table.page
    open_new_game(table)
    press(table, "#new-dialog label:has(input[name='scoring'][value='vegas'])")
    press(table, "#new-dialog label:has(#winnable-input)")
    page.locator("#new-tier").select_option("expert")
    press(table, "#new-start")
    page.locator("#new-wait:not([hidden])").wait_for(timeout=10_000)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_the_dialog_shows_the_wait_and_starts_the_game_when_the_deal_is_ready(
    slowed: Callable[..., tuple[Table, Gate]], locale: str
) -> None:
    """No Expert deal of Draw 1 Vegas is ready: the dialog stays open and says how long
    finding one takes (two minutes: four ratings of 30 s before one was measured), with a
    bar; once one rating is done the bar moves and the wait is the one measured; when the
    deal is ready the game starts by itself."""
    words = WORDS[locale]
    table, gate = slowed(locale)
    page = table.page
    before = table.check()
    began = time.monotonic()
    ask_for_vegas_expert(table)
    text = page.locator("#new-wait-text")
    assert text.inner_text() == words["finding"]
    bar = page.get_by_role("progressbar", name=words["finding"])  # named by the wait
    assert bar.evaluate("el => el.value") == 0
    assert page.locator("#new-start").is_disabled()
    assert page.locator("#new-wait-play-on").inner_text() == words["play_on"]
    gate.let(1)  # one rating: 0.3 s measured here, the wait is a few seconds now
    audit(table, "new game, waiting for a deal of a difficulty")
    assert table.server.game()["id"] == before["id"]  # the game in progress stays meanwhile
    page.wait_for_function(  # once the page looked after that rating
        "(soon) => document.querySelector('#new-wait-text').textContent === soon",
        arg=words["soon"],
        timeout=10_000,
    )
    assert 0 < page.locator("#new-wait-bar").evaluate("el => el.value") < 1
    gate.let(99)
    page.locator("#new-dialog").wait_for(state="hidden", timeout=10_000)
    view = table.check()
    assert (view["code"], view["tier"], view["scoring"]) == (EXPERT, "expert", "vegas")
    assert table.server.game()["id"] == view["id"] != before["id"]
    looks = [url for url in table.requests if "/api/tier-search" in url]
    waited = time.monotonic() - began
    assert 2 <= len(looks) <= waited + 1, (looks, waited)  # a look a second at most
    assert not table.errors, table.errors


@pytest.mark.parametrize("screen", ["desktop"])
def test_playing_on_meanwhile_a_notice_says_when_the_deal_is_ready(
    slowed: Callable[..., tuple[Table, Gate]],
) -> None:
    """The button "Play on meanwhile" closes the dialog, the game in progress stays; when the
    deal is ready a notice says so, and its button starts it."""
    table, gate = slowed()
    page = table.page
    before = table.check()
    ask_for_vegas_expert(table)
    press(table, "#new-wait-play-on")
    page.locator("#new-dialog").wait_for(state="hidden")
    assert table.check()["id"] == before["id"]
    gate.let(99)
    notice = page.locator("#ready-notice:not([hidden])")
    notice.wait_for(timeout=15_000)
    assert page.locator("#ready-text").inner_text() == "Your expert deal is ready."
    audit(table, "the notice that a deal of a difficulty is ready")
    assert table.server.game()["id"] == before["id"]  # not started until asked
    page.get_by_role("button", name="Start it").click()
    page.wait_for_function("(code) => window.klondike.state.view.code === code", arg=EXPERT)
    view = table.check()
    assert (view["code"], view["tier"]) == (EXPERT, "expert")
    assert notice.count() == 0
    assert not table.errors, table.errors
