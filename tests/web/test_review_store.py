"""The review's store: the moves of every game, and the reviews kept (migration 6)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from helpers.api import HOST, TestClient, act
from klondike import Game
from klondike.review import standing_moves
from klondike.store import database as store
from klondike.store import migrations
from klondike.store.database import open_database
from klondike.web.api import create_app


def test_every_action_keeps_the_moves_that_stand(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        for action, fields in [
            ("move", {"move": "S-W"}),
            ("move", {"move": "S-W"}),
            ("undo", {}),
            ("tap", {"pile": "S"}),
            ("undo", {}),
            ("redo", {}),
        ]:
            view = act(client, view, action, **fields).json()
        game_id = view["id"]
    conn = open_database(db_path)
    row = store.load_game(conn, game_id)
    assert row is not None
    assert row.line == "S-W S-W"
    conn.close()


def test_the_safe_cards_that_go_home_by_themselves_are_kept_with_the_moves(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        client.put("/api/settings", json={"auto_safe": True})
        view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        view = act(client, view, "tap", pile="S").json()
        assert view["auto"] == ["T1-F3", "T7-F2"]
        view = act(client, view, "undo").json()  # takes back T7-F2 alone
        view = act(client, view, "tap", pile="S").json()
        assert view["played"] == "S-W" and view["auto"] == ["T7-F2"]
        game_id, moves = view["id"], view["moves"]
    conn = open_database(db_path)
    row = store.load_game(conn, game_id)
    assert row is not None
    assert row.line == "S-W T1-F3 S-W T7-F2"
    assert len(row.line.split()) == moves
    conn.close()


def test_a_long_game_with_safe_cards_going_home_can_be_reviewed(db_path: Path) -> None:
    """Beyond the undo history's 100 moves only the kept moves tell the game's moves."""
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        client.put("/api/settings", json={"auto_safe": True})
        view = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG"}).json()
        while view["moves"] <= 120:
            view = act(client, view, "tap", pile="S").json()
        assert view["status"] == "playing"
        game_id = view["id"]
        left = client.post("/api/games", json={"code": "KL1-D1N-AAAAAAG", "abandon": game_id})
        assert left.status_code == 200, left.text
        review = client.get(f"/api/games/{game_id}/review")
        assert review.status_code == 200, review.text
        tables = client.get(f"/api/games/{game_id}/review/tables")
        assert tables.status_code == 200, tables.text
        assert len(tables.json()["positions"]) == view["moves"] + 1  # every move, from the deal


def test_a_game_of_schema_5_gets_its_moves_from_its_snapshot(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "SCHEMA_VERSION", 5)
        conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    for move in ("S-W", "S-W", "T1-F"):
        game.play(move)
    cursor = conn.execute(
        "INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, version, snapshot) VALUES (?, 'app', 1, 'normal', 'abandoned', 0, 3, 0,"
        " 0, 'now', 3, ?)",
        (game.code, store.snapshot_text(game)),
    )
    game_id = int(cursor.lastrowid or 0)
    conn.close()
    conn = open_database(db_path)
    row = store.load_game(conn, game_id)
    assert row is not None and (row.line, row.start) == ("", None)
    assert standing_moves(row.line, game) == ["S-W", "S-W", "T1-F3"]
    conn.close()


def test_moves_beyond_the_undo_history_of_an_older_game_are_not_known() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    moves = [str(game.play("S-W" if game.stock else "W-S")) for _ in range(120)]
    restored = Game.from_snapshot(game.snapshot())
    assert standing_moves("", restored) is None
    assert standing_moves(" ".join(moves), restored) == moves
    assert standing_moves("S-W", restored) is None  # one move per move counted, or none


def test_a_review_kept_survives_a_restart(db_path: Path) -> None:
    conn = open_database(db_path)
    store.save_review(conn, 7, {"moves": ["S-W"]})
    assert store.load_review(conn, 7) == store.KeptReview(7, "running", {"moves": ["S-W"]}, None)
    store.save_review(conn, 7, {"moves": ["S-W"]}, {"lost_at": None})
    conn.close()
    conn = open_database(db_path)
    kept = store.load_review(conn, 7)
    assert kept == store.KeptReview(7, "done", {"moves": ["S-W"]}, {"lost_at": None})
    assert store.load_review(conn, 8) is None
    conn.close()


@pytest.mark.parametrize(
    ("status", "state", "review", "said"),
    [
        ("done", "{", "{}", "its state is not a JSON object"),
        ("done", "[1]", "{}", "its state is not a JSON object"),
        ("running", 5, None, "its state is not a JSON object"),
        ("done", "{}", "nope", "its review is not a JSON object"),
        ("lost", "{}", "{}", "its status 'lost' is none of running, done"),
    ],
)
def test_a_damaged_review_row_is_read_as_none_and_said(
    db_path: Path,
    caplog: pytest.LogCaptureFixture,
    status: str,
    state: object,
    review: object,
    said: str,
) -> None:
    conn = open_database(db_path)
    conn.execute(
        "INSERT INTO reviews (game_id, status, state, review, updated_at) VALUES (3, ?, ?, ?, '')",
        (status, state, review),
    )
    with caplog.at_level(logging.WARNING):
        assert store.load_review(conn, 3) is None
    assert f"the review of game 3 is not used: {said}" in caplog.text
    store.save_review(conn, 3, {"moves": []})  # replaced
    assert store.load_review(conn, 3) is not None
    conn.close()
