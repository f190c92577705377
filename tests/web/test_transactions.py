"""The store's lock and write path: `atomic` nests (savepoints), `Database.read`/`write`
hold the connection's own lock, a write checks the file, and no module outside the store
takes a database lock."""

from __future__ import annotations

import ast
import os
import threading
from pathlib import Path

import pytest

from klondike import Game
from klondike.store import database as store

SOURCE = Path(store.__file__).parents[1]


def scores(conn: store.Database) -> list[int]:
    return [int(row[0]) for row in conn.execute("SELECT score FROM games ORDER BY id")]


def two_games(db_path: Path) -> tuple[store.Database, list[int]]:
    conn = store.open_database(db_path)
    ids = [store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG")) for _ in range(2)]
    conn.execute("UPDATE games SET score = 0")
    return conn, ids


def set_score(conn: store.Database, game_id: int, score: int) -> None:
    conn.execute("UPDATE games SET score = ? WHERE id = ?", (score, game_id))


def test_an_inner_failure_rolls_back_the_inner_block_alone(db_path: Path) -> None:
    conn, (one, two) = two_games(db_path)
    with store.atomic(conn):
        set_score(conn, one, 10)
        with pytest.raises(ZeroDivisionError), store.atomic(conn):
            set_score(conn, two, 20)
            _ = 1 / 0
        assert conn.in_transaction  # the outer transaction goes on
        set_score(conn, one, 11)
    assert not conn.in_transaction
    assert scores(conn) == [11, 0]
    conn.close()
    reopened = store.open_database(db_path)  # committed, not merely seen by this connection
    assert scores(reopened) == [11, 0]
    reopened.close()


def test_an_outer_failure_rolls_back_the_inner_blocks_too(db_path: Path) -> None:
    conn, (one, two) = two_games(db_path)
    with pytest.raises(ZeroDivisionError), conn.atomic():
        set_score(conn, one, 10)
        with conn.atomic():
            set_score(conn, two, 20)
            with conn.atomic():
                set_score(conn, one, 30)
        _ = 1 / 0
    assert not conn.in_transaction
    assert scores(conn) == [0, 0]
    conn.close()


def test_a_write_is_one_transaction_and_a_failing_one_writes_nothing(db_path: Path) -> None:
    conn, (one, two) = two_games(db_path)

    def both(conn: store.Database, score: int) -> int:
        set_score(conn, one, score)
        set_score(conn, two, score)
        if score < 0:
            raise ValueError("no negative scores here")
        return score

    assert conn.write(both, 5) == 5
    with pytest.raises(ValueError):
        conn.write(both, -1)
    assert scores(conn) == [5, 5]
    assert conn.read(lambda conn: conn.in_transaction) is False
    conn.close()


def test_the_connection_is_one_threads_while_a_use_holds_it(db_path: Path) -> None:
    """Inside `reading`, `writing` and `atomic` another thread cannot take the connection
    (it would join this thread's transaction); the same thread may nest them."""
    conn, (one, _) = two_games(db_path)
    taken: list[bool] = []

    def other_thread_takes_it() -> None:
        thread = threading.Thread(target=lambda: taken.append(conn.lock.acquire(blocking=False)))
        thread.start()
        thread.join(10)

    with conn.reading():
        other_thread_takes_it()
        with conn.writing():
            set_score(conn, one, 3)
            other_thread_takes_it()
            with conn.atomic():
                other_thread_takes_it()
    assert taken == [False, False, False]
    other_thread_takes_it()  # free again
    assert taken[-1] is True
    conn.close()


def test_a_write_to_a_replaced_file_is_refused_and_writes_nothing(db_path: Path) -> None:
    conn, (one, _) = two_games(db_path)
    moved = db_path.with_name("moved.db")
    os.replace(db_path, moved)
    db_path.write_bytes(b"")
    with pytest.raises(store.FileChanged):
        conn.write(set_score, one, 99)
    conn.close()


def lock_takers(path: Path) -> list[str]:
    """Where a module takes a database lock: ``….db_lock`` or the ``lock`` of something
    named like a connection (``conn.lock``, ``self.db.lock``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        named = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        if node.attr == "db_lock" or (node.attr == "lock" and named in ("conn", "db")):
            found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def test_no_module_outside_the_store_takes_a_database_lock() -> None:
    outside = [path for path in SOURCE.rglob("*.py") if SOURCE / "store" not in path.parents]
    assert len(outside) > 10
    assert [where for path in outside for where in lock_takers(path)] == []
