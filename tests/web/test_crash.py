"""Crash safety: SIGKILL the real server at random moments; the game comes back exactly.

The test plays one game over HTTP against ``python -m klondike`` and keeps a mirror of it
(the same deal and actions played by the engine here), so it knows what the server must
hold even for an action whose answer was lost in the kill. After each kill it restarts the
server and checks the game against the last acknowledged answer: cards seen, score, moves,
version, a clock not gone back, and the undo history (undoing the last actions gives the
tables of the earlier answers again).
"""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

import httpx

from helpers.proofs import keep_proved_deals
from helpers.server import Server, free_port
from klondike import Game, gestures
from klondike.game import UNDO_LIMIT
from klondike.web.view import game_view

TIME_BUDGET = 15.0  # seconds of kill-and-restart rounds (at most MAX_ROUNDS of them)
MIN_ROUNDS = 6
MAX_ROUNDS = 24
CODE = "KL1-D1N-BFTKQRA"  # the deal played
BOARD = ("stock", "waste", "foundations", "tableau", "score", "moves", "targets", "won")


def board(view: dict[str, Any]) -> dict[str, Any]:
    """What the position decides (not the clock, version, undo count or last action)."""
    return {key: view[key] for key in BOARD}


def mirror_board(game: Game) -> dict[str, Any]:
    return board(game_view(game, game_id=0, version=0, elapsed_ms=0))


def pick_action(game: Game, rng: random.Random) -> dict[str, Any]:
    """A random legal action on the mirror: mostly moves, some taps of the stock, undos."""
    roll = rng.random()
    if roll < 0.15 and game.can_undo:
        return {"action": "undo"}
    moves = game.legal_moves()
    if roll < 0.3 or not moves:
        return {"action": "tap", "pile": "S"}
    return {"action": "move", "move": str(rng.choice(moves))}


def apply(game: Game, action: dict[str, Any]) -> None:
    """Play ``action`` on the mirror as the server does."""
    if action["action"] == "undo":
        game.undo()
    elif action["action"] == "tap":
        gestures.tap(game, action["pile"])
    else:
        game.play(action["move"])


class Player:
    """The game as the test has seen it: the mirror, the last answer, the undo stack."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.mirror = Game.from_code(view["code"])
        assert view["version"] == 0 and board(view) == mirror_board(self.mirror)
        self.last = view
        # the tables of earlier answers that undo leads back to, newest last
        self.undo_stack: deque[dict[str, Any]] = deque(maxlen=UNDO_LIMIT)

    def acknowledged(self, action: dict[str, Any], view: dict[str, Any]) -> None:
        """An answer to ``action`` arrived: check it and remember it."""
        before = board(self.last)
        if view.get("played", "") is None:  # a tap that did nothing
            assert view["version"] == self.last["version"] and board(view) == before
            self.last = view
            return
        apply(self.mirror, action)
        assert view["version"] == self.last["version"] + 1, (view, self.last)
        assert board(view) == mirror_board(self.mirror)
        if action["action"] == "undo":
            assert self.undo_stack.pop() == board(view)
        else:
            self.undo_stack.append(before)
        assert view["elapsed_ms"] >= self.last["elapsed_ms"]
        self.last = view


def post(server: Server, view: dict[str, Any], action: dict[str, Any]) -> httpx.Response:
    return server.http.post(
        f"/api/games/{view['id']}/actions", json={"version": view["version"], **action}
    )


def play_some(server: Server, player: Player, rng: random.Random, count: int) -> None:
    """Play ``count`` acknowledged actions (fewer if the game is won)."""
    for _ in range(count):
        if player.mirror.won:
            return
        action = pick_action(player.mirror, rng)
        response = post(server, player.last, action)
        assert response.status_code == 200, response.text
        player.acknowledged(action, response.json())


def kill_in_flight(server: Server, player: Player, rng: random.Random) -> dict[str, Any] | None:
    """Send an action and SIGKILL the server while it is in flight.

    Returns the action if its answer was lost (it may or may not have been committed),
    else None (the answer arrived first and was acknowledged).
    """
    action = pick_action(player.mirror, rng)
    answer: list[httpx.Response] = []

    def send() -> None:
        with contextlib.suppress(httpx.TransportError):
            answer.append(post(server, player.last, action))

    thread = threading.Thread(target=send)
    thread.start()
    time.sleep(rng.uniform(0, 0.004))
    server.kill()
    thread.join()
    if answer and answer[0].status_code == 200:
        player.acknowledged(action, answer[0].json())
        return None
    assert not answer, answer[0].text
    return action


def check_restored(server: Server, player: Player, lost: dict[str, Any] | None) -> None:
    """The game after a restart is the last acknowledged one (or one action further, if the
    lost action was committed before the kill)."""
    view = server.http.get("/api/game").json()
    assert view["id"] == player.last["id"]
    if lost is not None and view["version"] == player.last["version"] + 1:
        player.acknowledged(lost, view)
    assert view["version"] == player.last["version"]
    assert board(view) == board(player.last)
    assert view["undos"] == player.last["undos"] == player.mirror.undos
    assert view["elapsed_ms"] >= player.last["elapsed_ms"]
    # no page has said it shows the game since the restart: its clock waits
    assert view["status"] == "playing" and view["clock_running"] is False
    player.last = view


def check_undo_history(server: Server, player: Player, rng: random.Random) -> None:
    """Undo some of the last actions: each answer is the table of an earlier answer."""
    for _ in range(min(len(player.undo_stack), rng.randint(1, 6))):
        expected = player.undo_stack[-1]
        response = post(server, player.last, {"action": "undo"})
        assert response.status_code == 200, response.text
        player.acknowledged({"action": "undo"}, response.json())
        assert board(player.last) == expected


def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(20261130)
    db = tmp_path / "crash.db"
    # The pool of proved deals full from the start (as for the browser tests): a server
    # restarted over an empty pool starts a solver process to fill it, which the next kill
    # ends (or leaves to find its server gone) before it has proved a deal, every round.
    keep_proved_deals(db)
    port = free_port()
    server = Server(db, port=port)
    player = Player(server.http.post("/api/games", json={"code": CODE}).json())
    started = time.monotonic()
    rounds = kills_in_flight = lost_committed = lost_dropped = 0
    try:
        while (rounds < MIN_ROUNDS or time.monotonic() - started < TIME_BUDGET) and not (
            player.mirror.won
        ):
            play_some(server, player, rng, rng.randint(3, 25))
            lost = None
            if rounds % 2 == 0:  # right after an answer
                server.kill()
            else:  # while a request is in flight
                lost = kill_in_flight(server, player, rng)
                kills_in_flight += 1
            version_before = player.last["version"]
            server = Server(db, port=port)
            check_restored(server, player, lost)
            if lost is not None:
                if player.last["version"] > version_before:
                    lost_committed += 1
                else:
                    lost_dropped += 1
            check_undo_history(server, player, rng)
            rounds += 1
            if rounds >= MAX_ROUNDS:
                break
    finally:
        server.kill()
    assert rounds >= MIN_ROUNDS and kills_in_flight >= MIN_ROUNDS // 2
    print(
        f"{rounds} rounds, {kills_in_flight} kills in flight "
        f"({lost_committed} lost answers committed, {lost_dropped} not), "
        f"final version {player.last['version']}"
    )
