"""The solver in the game: hints, "winnable deals only", the daily deal (docs/api.md)."""

from __future__ import annotations

import datetime
import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from helpers.api import HOST, TestClient, act, hidden_cards, leaked
from helpers.positions import UNDECIDED_DEAL, almost_won, position
from helpers.proofs import proof_of
from helpers.server import Server
from klondike import Game
from klondike.fair.pool import PoolDeal, RatedPool
from klondike.rules import SOLITAER, rules_for
from klondike.solver import solve
from klondike.solver.daily import daily_deal
from klondike.store import database as store
from klondike.store import settings as preferences
from klondike.web import solving
from klondike.web.api import create_app
from klondike.web.games import Games
from klondike.web.proofs import prove_some
from klondike.web.proved_deals import POOL_SIZE, ProvedDeals
from klondike.web.refusals import Refusal
from klondike.web.solving import HintAnswer, Solving
from klondike.web.workers import SolverWorkers


@pytest.fixture(autouse=True)
def peeking_hints(db_path: Path) -> None:
    """These are tests of the solver's hint, which looks at the face-down cards (the fair
    hint, the default, is tested in tests/web/test_fair_hint.py)."""
    conn = store.open_database(db_path)
    preferences.save(conn, {"hints_peek": True})
    conn.close()


def run_apart(function: Callable[..., Any], *args: Any) -> Any:
    """Run the coroutine function in an event loop of its own thread (the browser tests'
    loop may be running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, function, *args).result()


@pytest.fixture
def solver_client(db_path: Path) -> Iterator[TestClient]:
    """A test client whose solver runs in threads (quick to start), hints for 0.5 s."""
    app = create_app(
        db_path,
        allowed_hosts=[HOST],
        workers=SolverWorkers(processes=False),
        hint_budget=0.5,
    )
    with TestClient(app) as client:
        yield client


def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition()`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)


def start(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def hint(client: TestClient, view: dict[str, Any]) -> httpx.Response:
    return client.post(f"/api/games/{view['id']}/hint", json={"version": view["version"]})


def with_position(db_path: Path, snapshot: dict[str, Any]) -> None:
    conn = store.open_database(db_path)
    store.insert_game(conn, Game.from_snapshot(snapshot))
    conn.close()


# ------------------------------------------------------------------------ hints


def test_hint_names_the_first_move_of_a_winning_line_and_plays_nothing(
    solver_client: TestClient,
) -> None:
    view = start(solver_client, code="KL1-D1N-AAAAAAG")
    answer = hint(solver_client, view).json()
    assert answer["kind"] == "winning"
    first = solve(Game.from_code("KL1-D1N-AAAAAAG"), budget=30).line[0]
    assert answer["move"] == str(first)
    source, target = answer["move"].split("-")
    assert (answer["source"], answer["target"]) == (source, target)
    assert answer["card"] in view["tableau"][int(source[1]) - 1]["up"]
    assert (answer["id"], answer["version"], answer["hints"]) == (view["id"], 0, 1)
    after = solver_client.get(f"/api/games/{view['id']}").json()
    assert (after["version"], after["moves"], after["hints"]) == (0, 0, 1)


def test_hint_when_the_game_cannot_be_won_offers_no_move_and_says_why(
    db_path: Path, solver_client: TestClient
) -> None:
    with_position(
        db_path,
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"],
            foundations=[13, 11, 5, 13],
            waste="6D",
        ),
    )
    view = solver_client.get("/api/game").json()
    answer = hint(solver_client, view).json()
    assert (answer["kind"], answer["move"], answer["card"]) == ("lost", None, None)
    assert (answer["reason"], answer["back"]) == ("no_win", None)  # lost from the deal
    assert view["status"] == "playing"  # never declared lost


def test_hint_when_no_move_is_left_says_no_win_is_possible_and_is_not_counted(
    db_path: Path, solver_client: TestClient
) -> None:
    with_position(
        db_path,
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        ),
    )
    view = solver_client.get("/api/game").json()
    answer = hint(solver_client, view).json()
    assert (answer["kind"], answer["move"], answer["card"], answer["hints"]) == (
        "lost", None, None, 0,
    )  # fmt: skip


def test_hint_out_of_budget_offers_the_best_move(db_path: Path) -> None:
    app = create_app(
        db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False), hint_budget=0.05
    )
    with TestClient(app) as client:
        view = start(client, code=UNDECIDED_DEAL)
        answer = hint(client, view).json()
    assert answer["kind"] == "unknown"
    assert answer["move"] is not None
    Game.from_code(UNDECIDED_DEAL).play(answer["move"])  # a legal move


def test_a_draw_hint_names_no_card(solver_client: TestClient, db_path: Path) -> None:
    with_position(
        db_path,
        position(tableau=["KS"], stock="QS", foundations=[11, 13, 13, 13]),
    )
    view = solver_client.get("/api/game").json()
    answer = hint(solver_client, view).json()
    assert (answer["move"], answer["source"], answer["target"], answer["card"]) == (
        "S-W", "S", "W", None,
    )  # fmt: skip


def test_hints_never_name_a_hidden_card(solver_client: TestClient) -> None:
    view = start(solver_client, code="KL1-D3N-AAAAAAG")
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for _ in range(6):
        answer = hint(solver_client, view).json()
        hidden = hidden_cards(game)
        assert leaked(answer, hidden) == []
        if answer["move"] is None:
            break
        view = act(solver_client, view, "move", move=answer["move"]).json()
        game.play(answer["move"])


def test_hint_refusals(solver_client: TestClient) -> None:
    view = start(solver_client, code="KL1-D1N-AAAAAAG")
    stale = solver_client.post(f"/api/games/{view['id']}/hint", json={"version": 5})
    assert (stale.status_code, stale.json()["error"]["reason"]) == (409, "stale_version")
    missing = solver_client.post("/api/games/999/hint", json={"version": 0})
    assert (missing.status_code, missing.json()["error"]["reason"]) == (404, "game_not_found")
    bad = solver_client.post(f"/api/games/{view['id']}/hint", json={"version": "x"})
    assert (bad.status_code, bad.json()["error"]["reason"]) == (422, "bad_request")


def test_a_game_won_with_a_hint_is_not_perfect(db_path: Path, solver_client: TestClient) -> None:
    with_position(db_path, almost_won().snapshot())
    view = solver_client.get("/api/game").json()
    answer = hint(solver_client, view).json()
    assert answer["move"] == "T1-F4"
    won = act(solver_client, view, "move", move="T1-F4").json()
    assert won["won"] and won["hints"] == 1
    mode = solver_client.get("/api/stats").json()["modes"][0]
    assert (mode["won"], mode["perfect_wins"], mode["hints"]) == (1, 0, 1)


def test_the_server_answers_other_requests_while_a_hint_is_computed(db_path: Path) -> None:
    """The hint runs in a solver process: the table's requests are answered meanwhile."""
    server = Server(db_path, position=Game.from_code(UNDECIDED_DEAL).snapshot())
    try:
        view = server.game()
        answers: list[Any] = []
        hint_time: list[float] = []

        def ask() -> None:
            began = time.monotonic()
            with httpx.Client(base_url=server.url, timeout=30) as other:
                path = f"/api/games/{view['id']}/hint"
                answers.append(other.post(path, json={"version": 0}).json())
            hint_time.append(time.monotonic() - began)

        thread = threading.Thread(target=ask)
        thread.start()
        time.sleep(0.2)
        delays: list[float] = []
        while thread.is_alive():
            began = time.monotonic()
            assert server.game()["id"] == view["id"]
            delays.append(time.monotonic() - began)
            time.sleep(0.05)
        thread.join()
        assert answers[0]["kind"] in ("winning", "unknown")
        assert hint_time[0] >= 1.0 and len(delays) >= 5
        assert sorted(delays)[len(delays) // 2] < 0.25, delays
    finally:
        server.stop()


# ------------------------------------------------------------------------ winnable deals


def test_a_winnable_deal_is_proved_and_says_how_long_it_took(solver_client: TestClient) -> None:
    view = start(solver_client, draw=3, scoring="normal", winnable=True)
    assert (view["draw"], view["scoring"]) == (3, "normal")
    proof = view["proof"]
    assert proof["seconds"] >= 0 and proof["states"] >= 1
    assert solve(Game.from_code(view["code"]), budget=30).verdict == "winnable"
    again = start(solver_client, code=view["code"])  # its code works like any code
    assert again["code"] == view["code"] and "proof" not in again


def test_a_kept_deal_is_taken_first_and_the_filler_is_woken(db_path: Path) -> None:
    mode = ("app", 1, "normal")
    conn = store.open_database(db_path)
    store.add_proved_deal(conn, mode, store.KeptProof(6, proof_of(6, mode).line, 123, 0.25))
    conn.close()
    app = create_app(
        db_path,
        allowed_hosts=[HOST],
        workers=SolverWorkers(processes=False),
        keep_proved_deals=True,
        proved_modes=(mode,),
    )
    with TestClient(app) as client:
        filler = app.state.proved_deals

        def kept() -> int:
            return filler.db.read(store.proved_deal_counts).get(mode, 0)

        until(lambda: kept() == POOL_SIZE and filler.idle(), 60)  # full, and asleep
        view = start(client, winnable=True)
        assert view["code"] == "KL1-D1N-AAAAAAG"
        assert view["proof"] == {"deal": 6, "states": 123, "seconds": 0.25}
        until(lambda: kept() == POOL_SIZE, 60)  # woken: the deal taken is replaced


def test_a_deal_of_the_shipped_pool_says_it_is_one_and_no_figures(db_path: Path) -> None:
    """The shipped pool keeps no figures of how its deals were proved: the view says the
    deal is a shipped one, not that it was proved in 0 s among 0 positions."""
    mode = ("app", 1, "normal")
    pool = RatedPool([PoolDeal(mode, 6, "easy", 8, 8, 416, proof_of(6, mode).line)])
    app = create_app(
        db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False), pool=pool
    )
    with TestClient(app) as client:
        view = start(client, winnable=True, tier="easy")
    assert (view["code"], view["tier"]) == ("KL1-D1N-AAAAAAG", "easy")
    assert view["proof"] == {"deal": 6, "shipped": True}


def test_no_deal_proved_in_time_is_refused_and_changes_nothing(
    solver_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = start(solver_client)
    monkeypatch.setattr(solving, "SEARCH_SECONDS", 0.0)  # no time to prove any deal
    body = {"draw": 3, "scoring": "vegas", "winnable": True, "abandon": before["id"]}
    refused = solver_client.post("/api/games", json=body)
    assert refused.status_code == 503
    assert refused.json()["error"]["reason"] == "no_proved_deal"
    assert solver_client.get("/api/game").json()["id"] == before["id"]  # still in progress


def test_proving_some_deal_keeps_its_window_whatever_the_budget() -> None:
    """A budget larger than the window is cut to the time left: the 20 s hold."""
    for seed in range(3):
        began = time.monotonic()
        prove_some(("app", 3, "vegas"), 30.0, 0.5, seed=seed)
        assert time.monotonic() - began < 1.5


def test_proving_some_deal_stops_at_its_time() -> None:
    began = time.monotonic()
    assert prove_some(("app", 3, "vegas"), 0.0, 0.3, seed=1) is None  # no budget: none proved
    assert time.monotonic() - began < 5
    proof = prove_some(("app", 1, "normal"), 5.0, 60.0, seed=1)
    assert proof is not None and proof["states"] >= 1


def test_the_filler_keeps_proved_deals_per_mode(db_path: Path) -> None:
    conn = store.open_database(db_path)
    workers = SolverWorkers(processes=False)
    # Draw 3 Vegas (about 1% winnable) left out to keep the test short
    modes = (
        ("app", 1, "normal"),
        ("app", 1, "vegas"),
        ("classic", 1, "none"),
        ("solitaer", 3, "none"),
    )
    filler = ProvedDeals(conn, workers, size=2, budget=0.5, modes=modes)
    filler.start()
    try:
        deadline = time.monotonic() + 60
        while filler.missing() and time.monotonic() < deadline:
            time.sleep(0.1)
        counts = store.proved_deal_counts(conn)
        assert counts == dict.fromkeys(modes, 2)
        rows = conn.execute("SELECT rules, draw, scoring, deal FROM proved_deals")
        for key, draw, scoring, deal in rows:
            game = Game(deal, draw, scoring, rules_for(key))
            assert solve(game, budget=30).verdict == "winnable"
    finally:
        filler.stop()
        filler.join(10)
        workers.close()
    assert not filler.is_alive()
    conn.close()
    reopened = store.open_database(db_path)  # persisted: a restart keeps them
    assert sum(store.proved_deal_counts(reopened).values()) == 8
    reopened.close()


# ------------------------------------------------------------------------ the daily deal


def test_the_daily_deal_is_the_same_for_the_day_and_counted_apart(
    solver_client: TestClient,
) -> None:
    today = datetime.date.today()
    view = start(solver_client, daily=True, day=today.isoformat(), draw=3)
    expected, proof = daily_deal(today, ("app", 3, "normal"))
    assert view["code"] == Game(expected, 3, "normal").code and proof.verdict == "winnable"
    assert view["daily"] == today.isoformat()
    act(solver_client, view, "move", move="S-W")  # played, then left: counted as played
    again = start(solver_client, daily=True, day=today.isoformat(), draw=3, abandon=view["id"])
    assert again["code"] == view["code"] and again["id"] != view["id"]
    other_mode = start(solver_client, daily=True, day=today.isoformat(), draw=1)
    assert other_mode["code"] != view["code"]
    daily = solver_client.get("/api/stats").json()["daily"]
    assert [(d["rules"], d["draw"], d["scoring"], d["played"]) for d in daily] == [
        ("app", 1, "normal", 0), ("app", 3, "normal", 1), ("app", 1, "vegas", 0),
        ("app", 3, "vegas", 0), ("classic", 1, "none", 0), ("classic", 3, "none", 0),
        ("solitaer", 3, "none", 0),
    ]  # fmt: skip


def test_each_version_has_its_own_daily_and_winnable_deals(solver_client: TestClient) -> None:
    today = datetime.date.today()
    apps = start(solver_client, daily=True, day=today.isoformat(), draw=3)
    solitaer = start(solver_client, daily=True, day=today.isoformat(), rules="solitaer")
    expected, _ = daily_deal(today, ("solitaer", 3, "none"))
    assert solitaer["code"] == Game(expected, 3, "none", SOLITAER).code != apps["code"]
    assert solitaer["daily"] == today.isoformat() and solitaer["rules"]["key"] == "solitaer"
    classic = start(solver_client, rules="classic", draw=3, winnable=True)
    assert classic["code"].startswith("KC1-D3X-") and classic["proof"]["states"] >= 1
    assert solve(Game.from_code(classic["code"]), budget=30).verdict == "winnable"
    refused = solver_client.post("/api/games", json={"rules": "solitaer", "draw": 1, "daily": True})
    assert refused.status_code == 400  # a mode the version lacks: the engine's reason


def test_the_daily_deal_refuses_a_day_it_has_no_deal_of(solver_client: TestClient) -> None:
    response = solver_client.post("/api/games", json={"daily": True, "day": "1999-12-31"})
    assert (response.status_code, response.json()["error"]["reason"]) == (400, "bad_day")
    bad = solver_client.post("/api/games", json={"daily": True, "day": "yesterday"})
    assert (bad.status_code, bad.json()["error"]["reason"]) == (422, "bad_request")


def test_following_the_hints_wins_with_no_position_twice_and_the_line_stays_home(
    db_path: Path,
) -> None:
    """KS1-D3X-CATADIY cycled a take-back (F3-T6 / T6-F3) when every hint searched anew:
    the server now follows the rest of the last hint's line while it still wins."""
    with_position(db_path, Game.from_code("KS1-D3X-CATADIY").snapshot())
    app = create_app(
        db_path, allowed_hosts=[HOST], workers=SolverWorkers(processes=False), hint_budget=30
    )
    with TestClient(app) as client:
        view = client.get("/api/game").json()
        seen: set[str] = set()
        for _ in range(400):
            if view["status"] == "won":
                break
            answer = hint(client, view).json()
            assert set(answer) == set(HintAnswer.__annotations__)  # no line in the answer
            assert answer["kind"] in ("winning", "finish"), answer
            view = act(client, view, "move", move=answer["move"]).json()
            table = json.dumps({k: view[k] for k in ("tableau", "foundations", "stock", "waste")})
            assert table not in seen
            seen.add(table)
        assert view["status"] == "won"


# ------------------------------------------------------------------ the rooms

SOLVER_NAMES = {
    "workers", "hint_budget", "filler", "solver_lock", "hints_pending", "dailies_pending",
    "choose_deal", "hint", "_submit", "_solver", "_proved_deal", "_take_proved_deal",
    "_daily_deal", "_read_daily_deal", "_keep_daily_deal", "_ask_hint", "_count_hint",
}  # fmt: skip
"""The solver's jobs and state, which are `Solving`'s and none of the open games'."""


def test_the_open_games_hold_none_of_the_solvers_jobs(db_path: Path) -> None:
    games = Games(store.open_database(db_path))
    assert SOLVER_NAMES & (set(vars(games)) | set(dir(Games))) == set()
    solver = Solving(games, SolverWorkers(processes=False))
    assert set(dir(Solving)) | set(vars(solver)) >= SOLVER_NAMES
    games.conn.close()


def test_solving_hints_over_the_open_games_and_counts_the_hint_there(db_path: Path) -> None:
    """Without the API: `Solving` asks `Games` for the position of a version, and a hint
    that names a move is counted in the game and its row; another version is refused."""
    conn = store.open_database(db_path)
    games = Games(conn)
    solver = Solving(games, SolverWorkers(processes=False), hint_budget=0.5)
    try:
        entry = games.new(code="KL1-D1N-AAAAAAG")
        answer = run_apart(solver.hint, entry.id, 0)
        first = solve(Game.from_code("KL1-D1N-AAAAAAG"), budget=30).line[0]
        assert (answer["move"], answer["version"], answer["hints"]) == (str(first), 0, 1)
        row = store.load_game(conn, entry.id)
        assert entry.hints == 1 and row is not None and row.hints == 1
        with pytest.raises(Refusal) as stale:
            run_apart(solver.hint, entry.id, 3)
        assert stale.value.reason == "stale_version"
        assert solver.hints_pending == {}  # the answered hint is no longer pending
    finally:
        solver.workers.close()
        conn.close()


def test_solving_deals_a_kept_proved_deal_for_a_new_game(db_path: Path) -> None:
    mode = ("app", 1, "normal")
    conn = store.open_database(db_path)
    store.add_proved_deal(conn, mode, store.KeptProof(6, proof_of(6, mode).line, 123, 0.25))
    games = Games(conn)
    solver = Solving(games, SolverWorkers(processes=False))
    filler = ProvedDeals(conn, solver.workers, modes=(mode,))  # not started: asleep
    filler.wanted.clear()
    solver.filler = filler
    try:
        chosen = run_apart(partial(solver.choose_deal, 1, "normal", "app", daily=None))
        assert chosen.deal == 6 and chosen.proof is not None and not filler.idle()  # woken
        entry = games.new(1, "normal", chosen=chosen)
        assert entry.game.code == "KL1-D1N-AAAAAAG" and entry.proof == chosen.proof
        assert store.proved_deal_counts(conn) == {}  # taken
    finally:
        solver.workers.close()
        conn.close()
