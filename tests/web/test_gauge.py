"""The winnable layouts gauge (klondike.web.gauge, docs/api.md "The gauge"): off by default,
computed in the background lane after a move, superseded by the next move, and the same for
two positions the player cannot tell apart, through the API."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from helpers.api import HOST, TestClient
from helpers.positions import almost_won
from klondike import Game
from klondike.fair import Share, winnable_share
from klondike.store import database as store
from klondike.web import gauge
from klondike.web.api import create_app
from klondike.web.refusals import Refusal
from klondike.web.workers import SolverWorkers

CODE = "KL1-D1N-AAAAAAG"


def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def served(db: Path, game: Game | None = None, *, on: bool = True) -> TestClient:
    """A test client of a server over ``db`` (with ``game`` as the game in progress), its
    solver in threads, the gauge turned on if ``on``."""
    if game is not None:
        conn = store.open_database(db)
        store.insert_game(conn, game)
        conn.close()
    app = create_app(db, allowed_hosts=[HOST], workers=SolverWorkers(processes=False))
    client = TestClient(app)
    client.__enter__()
    if on:
        assert client.put("/api/settings", json={"winnable_gauge": True}).status_code == 200
    return client


@pytest.fixture
def closing() -> Iterator[list[TestClient]]:
    """Clients to close after the test."""
    clients: list[TestClient] = []
    yield clients
    for client in clients:
        client.__exit__(None, None, None)


def move(client: TestClient, game_id: int, version: int, text: str) -> dict[str, Any]:
    body = {"version": version, "action": "move", "move": text}
    answer = client.post(f"/api/games/{game_id}/actions", json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def ask(client: TestClient, game_id: int, version: int) -> Any:
    return client.get(f"/api/games/{game_id}/gauge", params={"version": version})


def reason(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["reason"]


def twin(game: Game, seed: int) -> Game:
    """``game`` with its unseen cards (the face-down ones, and the stock's before its first
    turn-over) dealt again among their places: every seen card where it was."""
    snapshot = game.snapshot()
    unseen = [name for column in snapshot["tableau"] for name in column["down"]]
    stock_unseen = game.recycles == 0
    if stock_unseen:
        unseen += snapshot["stock"]
    random.Random(seed).shuffle(unseen)
    for column in snapshot["tableau"]:
        column["down"] = [unseen.pop() for _ in column["down"]]
    if stock_unseen:
        snapshot["stock"] = [unseen.pop() for _ in snapshot["stock"]]
    snapshot["history"] = []
    return Game.from_snapshot(snapshot)


# ------------------------------------------------------------------------ the setting


def test_the_gauge_is_off_by_default_and_says_so(tmp_path: Path, closing: list[TestClient]) -> None:
    client = served(tmp_path / "a.db", on=False)
    closing.append(client)
    assert client.get("/api/settings").json()["winnable_gauge"] is False
    view = client.get("/api/game").json()
    assert reason(ask(client, view["id"], view["version"])) == (409, "gauge_off")
    bad = client.put("/api/settings", json={"winnable_gauge": "yes"})
    assert reason(bad) == (422, "bad_request")


def test_a_move_computes_the_gauge_in_the_background_lane_as_winnable_share_says(
    tmp_path: Path, closing: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = served(tmp_path / "a.db")
    closing.append(client)
    workers = client.app.state.solving.workers  # type: ignore[attr-defined]
    lanes: list[tuple[str, str]] = []
    submit = workers.submit

    def recording(lane: str, limit: float, function: Any, *args: Any) -> Any:
        lanes.append((lane, function.__name__))
        return submit(lane, limit, function, *args)

    monkeypatch.setattr(workers, "submit", recording)
    view = client.post("/api/games", json={"code": CODE}).json()
    played = move(client, view["id"], 0, "S-W")
    until(lambda: ("background", "gauge_part") in lanes, 10)  # started by the move alone
    answer = ask(client, view["id"], played["version"])
    assert answer.status_code == 200, answer.text
    figures = answer.json()
    played = Game.from_snapshot(played_position(client, view["id"]))
    share = winnable_share(played, samples=24, max_states=gauge.MAX_STATES, coupled=True)
    assert figures["status"] == "ready" and figures["samples"] == 24
    assert figures["layouts"] == {
        "wins": share.wins,
        "losses": share.losses,
        "unknown": share.unknown,
    }
    assert (figures["low"], figures["high"]) == (round(share.low, 4), round(share.high, 4))
    assert {lane for lane, _ in lanes} == {"background"}  # never the hint lane
    assert [name for _, name in lanes] == ["gauge_part"] * (24 // gauge.PART)


def played_position(client: TestClient, game_id: int) -> dict[str, Any]:
    """The snapshot of a game the server holds (as the solver would be given it)."""
    games = client.app.state.games  # type: ignore[attr-defined]
    return dict(games.get(game_id).game.snapshot())


def test_a_stale_a_finished_or_a_missing_game_is_refused_clearly(
    tmp_path: Path, closing: list[TestClient]
) -> None:
    client = served(tmp_path / "a.db", almost_won())
    closing.append(client)
    view = client.get("/api/game").json()
    assert reason(ask(client, view["id"], 5)) == (409, "stale_version")
    assert reason(ask(client, 999, 0)) == (404, "game_not_found")
    assert reason(client.get(f"/api/games/{view['id']}/gauge")) == (422, "bad_request")
    assert reason(ask(client, view["id"], -1)) == (422, "bad_request")
    assert ask(client, view["id"], 0).json()["layouts"]["wins"] == 24  # a won position
    move(client, view["id"], 0, "T1-F4")
    assert reason(ask(client, view["id"], 1)) == (409, "game_over")


# ------------------------------------------------------------------------ superseded


def test_a_new_move_supersedes_the_old_gauge_and_leaves_its_worker_free(
    tmp_path: Path, closing: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The part running when the next move comes is the last of the old gauge: the parts
    left are never sent, a request waiting for the old gauge is answered at once, and the
    lane is idle once the new gauge is done. Moves are answered while a part runs."""
    parts: list[tuple[int, int]] = []  # (the position's moves, the first layout)
    release = threading.Event()
    real = gauge.gauge_part

    def slow(snapshot: dict[str, Any], first: int, count: int, max_states: int) -> Share:
        parts.append((snapshot["moves"], first))
        if snapshot["moves"] == 1:
            release.wait(30)
        return real(snapshot, first, count, max_states)

    monkeypatch.setattr(gauge, "gauge_part", slow)
    client = served(tmp_path / "a.db")
    closing.append(client)
    view = client.post("/api/games", json={"code": CODE}).json()
    move(client, view["id"], 0, "S-W")
    until(lambda: parts == [(1, 0)], 10)
    with ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(ask, client, view["id"], 1)
        second = move(client, view["id"], 1, "S-W")  # answered while the part is stuck
        assert reason(waiting.result(timeout=20)) in {
            (409, "gauge_superseded"),
            (409, "stale_version"),  # asked after the move
        }
    assert reason(ask(client, view["id"], 1)) == (409, "stale_version")
    release.set()
    answer = ask(client, view["id"], second["version"])
    assert answer.json()["status"] == "ready", answer.text
    assert parts[0] == (1, 0) and all(moves == 2 for moves, _ in parts[1:])
    assert sorted(first for _, first in parts[1:]) == list(range(0, 24, gauge.PART))
    workers = client.app.state.solving.workers  # type: ignore[attr-defined]
    until(lambda: not workers.busy("background"), 10)


def test_a_position_seen_again_answers_from_its_kept_gauge(
    tmp_path: Path, closing: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = served(tmp_path / "a.db")
    closing.append(client)
    view = client.post("/api/games", json={"code": CODE}).json()
    first = ask(client, view["id"], 0).json()
    drawn = move(client, view["id"], 0, "S-W")
    ask(client, view["id"], drawn["version"])
    monkeypatch.setattr(gauge, "gauge_part", None)  # nothing more is computed
    back = client.post(
        f"/api/games/{view['id']}/actions", json={"version": drawn["version"], "action": "undo"}
    ).json()
    again = ask(client, view["id"], back["version"]).json()
    assert again["layouts"] == first["layouts"] and again["version"] == back["version"]


# ------------------------------------------------------------------------ no peeking


@pytest.mark.parametrize(
    "code", [Game.new(draw, None, 11, rules).code for draw, rules in ((3, "app"), (1, "classic"))]
)
def test_positions_the_player_cannot_tell_apart_get_byte_identical_gauges(
    tmp_path: Path, closing: list[TestClient], code: str
) -> None:
    game = Game.from_code(code)
    game.play("S-W")
    game = twin(game, 0)  # (its history left out, as in its twin)
    other = twin(game, 1)
    assert other.snapshot() != game.snapshot()  # the face-down cards and the stock differ
    answers = []
    for name, position in (("a", game), ("b", other)):
        client = served(tmp_path / f"{name}.db", position)
        closing.append(client)
        view = client.get("/api/game").json()
        answers.append(ask(client, view["id"], view["version"]))
    assert answers[0].status_code == 200, answers[0].text
    assert answers[0].json()["status"] == "ready"
    assert answers[0].content == answers[1].content


def test_in_worker_processes_a_superseded_gauge_sends_no_more_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the solver in its processes: the next move stops the old gauge at the part it
    runs, the new one is answered, and the background worker is idle after."""
    workers = SolverWorkers()
    sent: list[tuple[str, int, int]] = []  # (lane, the position's moves, the first layout)
    submit = workers.submit

    def recording(lane: str, limit: float, function: Any, *args: Any) -> Any:
        sent.append((lane, args[0]["moves"], args[1]))
        return submit(lane, limit, function, *args)

    monkeypatch.setattr(workers, "submit", recording)
    app = create_app(tmp_path / "a.db", allowed_hosts=[HOST], workers=workers)
    with TestClient(app) as client:
        assert client.put("/api/settings", json={"winnable_gauge": True}).status_code == 200
        view = client.post("/api/games", json={"code": CODE}).json()
        move(client, view["id"], 0, "S-W")
        until(lambda: bool(sent), 10)
        second = move(client, view["id"], 1, "S-W")
        answer = ask(client, view["id"], second["version"])
        assert answer.status_code == 200 and answer.json()["status"] == "ready", answer.text
        assert [first for _, moves, first in sent if moves == 1] == [0]  # one part, no more
        assert [first for _, moves, first in sent if moves == 2] == list(range(0, 24, gauge.PART))
        assert {lane for lane, _, _ in sent} == {"background"}
        until(lambda: not workers.busy("background"), 10)
        assert "background" in workers.pids()


def test_a_gauge_asked_for_a_version_older_than_the_last_one_started_is_stale(
    tmp_path: Path, closing: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request that read the position just before a move does not replace the newer
    version's gauge when it comes second."""
    client = served(tmp_path / "a.db")
    closing.append(client)
    view = client.post("/api/games", json={"code": CODE}).json()
    games, gauges = client.app.state.games, client.app.state.gauges  # type: ignore[attr-defined]
    old = games.hint_position(view["id"], 0)
    move(client, view["id"], 0, "S-W")
    newer = ask(client, view["id"], 1).json()
    monkeypatch.setattr(games, "hint_position", lambda game_id, version: old)
    with pytest.raises(Refusal) as refused:
        gauges.start_job(view["id"], 0)
    assert refused.value.reason == "stale_version"
    monkeypatch.undo()
    assert ask(client, view["id"], 1).json() == newer


def test_the_gauge_s_layouts_stay_the_same_from_one_position_to_the_next() -> None:
    """Common random numbers: a move that shows no new card leaves the gauge's layouts as
    they were (so its figure moves with what the player sees, not with a new draw); one
    that turns a card up keeps the other hidden cards of most layouts where they were."""
    from klondike.fair.sampler import coupled
    from klondike.information import information_set

    game = Game.from_code("KL1-D1N-AAAAAAG")
    before = [coupled(information_set(game), i) for i in range(24)]
    game.play("T1-F3")  # the ace of diamonds home: nothing new seen
    after = [coupled(information_set(game), i) for i in range(24)]
    assert [b.down for b in before] == [a.down for a in after]
    assert [b.stock for b in before] == [a.stock for a in after]
    game.play("T7-F2")  # the ace of hearts home turns up a card of column 7
    turned = [coupled(information_set(game), i) for i in range(24)]
    kept = total = 0
    for old, new in zip(after, turned, strict=True):
        for column in range(6):  # the columns where nothing was turned up
            for depth, card in enumerate(new.down[column]):
                total += 1
                kept += old.down[column][depth] == card
    assert kept >= 0.9 * total, (kept, total)  # (347 of 360 here)
