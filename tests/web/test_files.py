"""The file around the games: checkpoints, a file deleted or replaced while the server runs,
damaged and strange files, two servers on one file, and the backup command."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.api import HOST, TestClient, act
from helpers.positions import one_move_to_win
from helpers.server import Server
from klondike import Game
from klondike.cli import main
from klondike.store import database as store
from klondike.store import settings
from klondike.web.api import create_app

CODE = "KL1-D1N-AAAAAAG"


def copy_alone(db_path: Path, tmp_path: Path) -> sqlite3.Connection:
    """A copy of the database file without its WAL (what copying klondike.db gives)."""
    copy = tmp_path / "copy" / "klondike.db"
    copy.parent.mkdir(exist_ok=True)
    for name in (copy, Path(f"{copy}-wal"), Path(f"{copy}-shm")):
        name.unlink(missing_ok=True)
    shutil.copyfile(db_path, copy)
    return sqlite3.connect(copy)


def versions(conn: sqlite3.Connection) -> dict[int, tuple[str, int]]:
    """Each game's status and version, by id."""
    rows = conn.execute("SELECT id, status, version FROM games").fetchall()
    return {game_id: (status, version) for game_id, status, version in rows}


def play_taps(client: TestClient, view: dict[str, Any], count: int) -> dict[str, Any]:
    """Tap the stock ``count`` times (every tap is an action); the last view."""
    for _ in range(count):
        view = act(client, view, "tap", pile="S").json()
    return view


def version_at_start(db_path: Path, game_id: int) -> int:
    """The version of a game as a server started again on the file shows it."""
    again = Server(db_path)
    try:
        return int(again.game(game_id)["version"])
    finally:
        again.stop()


# --------------------------------------------------------------------------- checkpoints


def test_a_copy_of_the_file_alone_holds_every_finished_game(db_path: Path, tmp_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.post("/api/games", json={"code": CODE}).json()
        view = play_taps(client, view, 5)
        left = view["id"]
        client.post("/api/games", json={"abandon": left})
        copy = copy_alone(db_path, tmp_path)
        assert versions(copy)[left] == ("abandoned", 5)
        copy.close()
    conn = store.open_database(db_path)
    won = store.insert_game(conn, Game.from_snapshot(one_move_to_win()))
    conn.close()
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get(f"/api/games/{won}").json()
        assert act(client, view, "move", move="T1-F").json()["won"]
        copy = copy_alone(db_path, tmp_path)
        assert versions(copy)[won] == ("won", 1)
        copy.close()


def test_the_wal_is_copied_into_the_file_as_it_grows(db_path: Path, tmp_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.post("/api/games", json={"code": CODE}).json()
        view = play_taps(client, view, 300)
        copy = copy_alone(db_path, tmp_path)
        assert versions(copy)[view["id"]][1] >= 300 - 60  # all but the last few actions
        copy.close()
        assert os.path.getsize(f"{db_path}-wal") < 2 * store.AUTOCHECKPOINT_PAGES * 4096


def test_stopping_copies_everything_into_the_file(db_path: Path, tmp_path: Path) -> None:
    server = Server(db_path)
    view = server.game()
    for version in range(3):
        server.post(f"/api/games/{view['id']}/actions", {"version": version, **TAP})
    status, out, err = server.stop(signal.SIGTERM)
    assert status == 0 and out.rstrip().endswith("klondike: stopped"), (out, err)
    assert not Path(f"{db_path}-wal").exists()  # checkpointed, connection closed
    copy = copy_alone(db_path, tmp_path)
    assert versions(copy)[view["id"]] == ("playing", 3)
    copy.close()


TAP = {"action": "tap", "pile": "S"}


# --------------------------------------------------------------------------- files gone


@pytest.mark.parametrize("what", ["file deleted", "file replaced", "wal deleted", "all deleted"])
def test_a_file_deleted_or_replaced_is_refused_with_a_503_that_says_so(
    db_path: Path, tmp_path: Path, what: str
) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = play_taps(client, client.post("/api/games", json={"code": CODE}).json(), 4)
        wal, shm = Path(f"{db_path}-wal"), Path(f"{db_path}-shm")
        if what == "file deleted":
            db_path.unlink()
        elif what == "file replaced":
            other = tmp_path / "other.db"
            sqlite3.connect(other).close()
            other.replace(db_path)
        elif what == "wal deleted":
            wal.unlink()
            shm.unlink()
        else:
            shutil.rmtree(db_path.parent)
        for answer in (
            act(client, view, "tap", pile="S"),
            client.post("/api/games", json={"abandon": view["id"]}),
            client.post(f"/api/games/{view['id']}/restart", json={"version": 4}),
            client.post("/api/stats/reset", json={"confirm": True}),
        ):
            assert answer.status_code == 503, answer.json()
            message = answer.json()["error"]["message"]
            assert "deleted or replaced" in message and str(db_path) in message
        assert client.get("/api/game").json()["version"] == 4  # reading still works
    if what == "wal deleted":  # the games so far were saved into the file itself
        conn = sqlite3.connect(db_path)
        assert versions(conn)[view["id"]] == ("playing", 4)
        conn.close()


def test_a_deleted_wal_loses_no_acknowledged_action_even_with_sigkill(db_path: Path) -> None:
    """The issue's repro: play, delete -wal and -shm, play on, SIGKILL, start again."""
    server = Server(db_path)
    view = server.game()
    for version in range(30):
        assert server.post(f"/api/games/{view['id']}/actions", {"version": version, **TAP})
    Path(f"{db_path}-wal").unlink()
    Path(f"{db_path}-shm").unlink()
    refused = server.http.post(f"/api/games/{view['id']}/actions", json={"version": 30, **TAP})
    assert refused.status_code == 503 and "journal" in refused.json()["error"]["message"]
    server.kill()
    assert version_at_start(db_path, view["id"]) == 30


@pytest.mark.parametrize("ending", ["stop", "kill"])
def test_a_backup_put_in_the_files_place_opens_as_it_was(
    db_path: Path, tmp_path: Path, ending: str
) -> None:
    """A backup copied over the file while the server runs: the server's journal, left at the
    file's name, belongs to the file replaced and must not be read into the backup."""
    server = Server(db_path)
    view = server.game()
    assert server.post(f"/api/games/{view['id']}/actions", {"version": 0, **TAP})["version"] == 1
    backup = tmp_path / "backup.db"
    subprocess.run(
        [sys.executable, "-m", "klondike", "backup", str(backup), "--db", str(db_path)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    for version in range(1, 76):
        assert server.post(f"/api/games/{view['id']}/actions", {"version": version, **TAP})
    assert os.path.getsize(f"{db_path}-wal") > 0  # actions not yet copied into the file
    restored = tmp_path / "restored.db"
    shutil.copyfile(backup, restored)
    restored.replace(db_path)
    refused = server.http.post(f"/api/games/{view['id']}/actions", json={"version": 76, **TAP})
    assert refused.status_code == 503
    if ending == "stop":
        server.stop()
    else:
        server.kill()
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert versions(conn)[view["id"]] == ("playing", 1)
    conn.close()
    assert version_at_start(db_path, view["id"]) == 1


def test_a_deleted_data_folder_is_said_at_the_stop_and_at_the_next_start(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "data"
    db_path = folder / "klondike.db"
    server = Server(db_path)
    view = server.game()
    shutil.rmtree(folder)
    refused = server.http.post(f"/api/games/{view['id']}/actions", json={"version": 0, **TAP})
    assert refused.status_code == 503
    status, out, err = server.stop(signal.SIGTERM)
    assert status == 0 and "deleted or replaced" in err and "stopped" in out
    assert "the time played could not be saved" in err and "not played" not in err
    again = Server(db_path)
    status, _, err = again.stop()
    assert status == 0 and f"a new database at {db_path}" in err


# --------------------------------------------------------------------------- strange files


def test_a_negative_schema_version_gets_the_message_newer_files_get(db_path: Path) -> None:
    conn = store.open_database(db_path)
    conn.execute("PRAGMA user_version = -3")
    store.close_database(conn)
    before = db_path.read_bytes()
    with pytest.raises(store.DatabaseError, match="newer version of klondike"):
        store.open_database(db_path)
    result = subprocess.run(
        [sys.executable, "-m", "klondike", "--no-browser", "--db", str(db_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "newer version of klondike" in result.stderr and "schema -3" in result.stderr
    assert main(["stats", "--db", str(db_path)]) == 2
    assert db_path.read_bytes() == before


def damage_the_index(db_path: Path) -> None:
    """Overwrite the games_status index's page with garbage (the table stays readable)."""
    conn = store.open_database(db_path)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_status'")
    page = int(root.fetchone()[0])
    store.close_database(conn)
    with open(db_path, "r+b") as file:
        file.seek((page - 1) * 4096 + 8)
        file.write(b"\xff" * 200)


def test_a_file_failing_quick_check_is_kept_aside_and_the_games_go_on(db_path: Path) -> None:
    conn = store.open_database(db_path)
    ids = [store.insert_game(conn, Game.from_code(CODE), status="abandoned") for _ in range(20)]
    playing = store.insert_game(conn, Game.from_code(CODE), version=3)
    store.close_database(conn)
    damage_the_index(db_path)
    damaged = db_path.read_bytes()

    server = Server(db_path)
    try:
        assert server.game()["id"] == playing and server.game()["version"] == 3
    finally:
        status, _, err = server.stop()
    assert status == 0
    kept = [name for name in os.listdir(db_path.parent) if ".damaged-" in name]
    assert len(kept) == 1 and re.fullmatch(r"klondike\.db\.damaged-\d{8}-\d{6}", kept[0])
    assert (db_path.parent / kept[0]).read_bytes() == damaged
    assert "is damaged" in err and kept[0] in err and "21 games" in err
    conn = sqlite3.connect(db_path)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    assert sorted(versions(conn)) == sorted([*ids, playing])
    conn.close()


def damage_the_table(db_path: Path, table: str) -> None:
    """Overwrite the first page of ``table`` with garbage: none of its rows can be read."""
    conn = sqlite3.connect(db_path)
    page = int(
        conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    )
    conn.close()
    with open(db_path, "r+b") as file:
        file.seek((page - 1) * 4096)
        file.write(b"\xff" * 4096)


def test_a_rebuilt_file_keeps_the_settings_and_every_table_it_can_read(db_path: Path) -> None:
    conn = store.open_database(db_path)
    game_id = store.insert_game(conn, Game.from_code(CODE), version=2)
    conn.execute(
        "UPDATE games SET hints = 3, fair_hints = 2, peeked_hints = 1 WHERE id = ?", (game_id,)
    )
    chosen = settings.save(conn, {"card_back": "red", "four_colours": True})
    store.add_proved_deal(conn, ("app", 1, "normal"), store.KeptProof(6, "T1-F3", 123, 0.25))
    store.save_review(conn, game_id, {"moves": []})
    rows = {
        t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in store.KEPT_TABLES
    }
    store.close_database(conn)
    damage_the_index(db_path)

    conn = store.open_database(db_path)
    notice = " ".join(conn.notices)
    assert "is damaged (" in notice and "goes on with the 1 game that could be read" in notice
    damage = notice.split("is damaged (")[1].split("); it is kept")[0]
    assert all(" " in problem for problem in damage.split("; ")), damage  # not word by word
    assert "settings" not in notice and "made again" not in notice
    assert settings.load(conn) == chosen
    for table, kept in rows.items():
        assert conn.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall() == kept, table
    store.close_database(conn)


@pytest.mark.parametrize("table", ["settings", "games"])
def test_a_table_that_cannot_be_read_is_said(db_path: Path, table: str) -> None:
    conn = store.open_database(db_path)
    for _ in range(3):
        store.insert_game(conn, Game.from_code(CODE), status="abandoned")
    settings.save(conn, {"card_back": "red"})
    store.close_database(conn)
    damage_the_table(db_path, table)

    conn = store.open_database(db_path)
    notice = " ".join(conn.notices)
    if table == "settings":
        assert "on with the 3 games" in notice
        assert "settings could not be read: they are back to their defaults" in notice
        assert settings.load(conn)["card_back"] != "red"
    else:
        assert "on without its games: none could be read" in notice
        assert settings.load(conn)["card_back"] == "red"
    store.close_database(conn)


def test_a_cut_last_byte_never_shows_another_position(db_path: Path) -> None:
    """The issue's repro: cut the last byte off a stopped database and start again."""
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.post("/api/games", json={"code": "KL1-D1N-BFTKQRA"}).json()
        played = play_taps(client, view, 12)
    client.app.state.games.conn.close()  # type: ignore[attr-defined]
    with open(db_path, "r+b") as file:
        file.truncate(os.path.getsize(db_path) - 1)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        answer = client.get(f"/api/games/{view['id']}")
        if answer.status_code == 200:  # readable: exactly the game as it was
            shown = answer.json()
            assert (shown["version"], shown["waste"], shown["stock"]) == (
                played["version"],
                played["waste"],
                played["stock"],
            )
        else:
            assert answer.json()["error"]["reason"] == "game_damaged"


# --------------------------------------------------------------------------- two servers


@pytest.mark.parametrize("how", ["new game", "restart"])
def test_two_servers_cannot_both_leave_one_game(db_path: Path, how: str) -> None:
    """A second New game or Restart from a game already left is refused, across servers."""
    first = create_app(db_path, allowed_hosts=[HOST])
    second = create_app(db_path, allowed_hosts=[HOST])
    with TestClient(first) as one, TestClient(second) as two:
        view = one.get("/api/game").json()
        assert two.get("/api/game").json()["id"] == view["id"]  # open in both
        answers = []
        for client in (one, two):
            if how == "new game":
                answers.append(client.post("/api/games", json={"abandon": view["id"]}))
            else:
                path = f"/api/games/{view['id']}/restart"
                answers.append(client.post(path, json={"version": 0}))
        assert answers[0].status_code == 200
        assert answers[1].status_code == 409, answers[1].json()
        assert answers[1].json()["error"]["reason"] == "game_over"
    conn = sqlite3.connect(db_path)
    playing = conn.execute("SELECT COUNT(*) FROM games WHERE status = 'playing'").fetchone()[0]
    conn.close()
    assert playing == 1


def test_a_second_server_takes_the_version_the_first_played_to(db_path: Path) -> None:
    """Two servers on one file: an action on the version the other server played the game
    to is played; one on an older version is refused with the game as it now stands."""
    first = create_app(db_path, allowed_hosts=[HOST])
    second = create_app(db_path, allowed_hosts=[HOST])
    with TestClient(first) as one, TestClient(second) as two:
        view = one.post("/api/games", json={"code": CODE}).json()
        assert two.get(f"/api/games/{view['id']}").json()["version"] == 0  # open in both
        played = play_taps(one, view, 3)
        path = f"/api/games/{view['id']}/actions"
        taken = two.post(path, json={"version": 3, **TAP})
        assert taken.status_code == 200, taken.json()
        assert taken.json()["version"] == 4 and taken.json()["moves"] == played["moves"] + 1
        refused = one.post(path, json={"version": 3, **TAP})
        assert refused.status_code == 409
        error, shown = refused.json()["error"], refused.json()["game"]
        assert error["params"] == {"version": 3, "current": 4}
        assert (shown["version"], shown["moves"]) == (4, taken.json()["moves"])
        hint = one.post(f"/api/games/{view['id']}/hint", json={"version": 4})
        assert hint.status_code != 409, hint.json()
        assert one.post(f"/api/games/{view['id']}/restart", json={"version": 4}).status_code == 200
        ended = two.post(path, json={"version": 4, **TAP})
        assert ended.status_code == 409 and ended.json()["error"]["reason"] == "game_over"


# --------------------------------------------------------------------------- backup


def test_backup_while_a_server_plays_and_the_copy_opens(db_path: Path, tmp_path: Path) -> None:
    server = Server(db_path)
    view = server.game()
    stop = threading.Event()
    played: list[int] = []

    def play() -> None:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            version = 0
            while not stop.is_set() and version < 400:
                answer = http.post(
                    f"/api/games/{view['id']}/actions", json={"version": version, **TAP}
                )
                version = answer.json()["version"]
                played.append(version)

    player = threading.Thread(target=play)
    player.start()
    try:
        while len(played) < 20:
            stop.wait(0.01)
        copy = tmp_path / "backup.db"
        result = subprocess.run(
            [sys.executable, "-m", "klondike", "backup", str(copy), "--db", str(db_path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        during = len(played)
    finally:
        stop.set()
        player.join()
        server.stop()
    assert result.returncode == 0, result.stderr
    assert str(copy) in result.stdout and "--db" in result.stdout
    assert not Path(f"{copy}-wal").exists()  # one self-contained file
    conn = sqlite3.connect(copy)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    status, version = versions(conn)[view["id"]]
    conn.close()
    assert status == "playing" and 20 <= version <= max(played)
    assert during >= 20
    opened = Server(copy)
    try:
        assert opened.game()["version"] == version
    finally:
        opened.stop()


def test_backup_refuses_an_existing_file_and_a_missing_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "there.db"
    target.write_text("keep me")
    db_path = tmp_path / "klondike.db"
    store.close_database(store.open_database(db_path))
    assert main(["backup", str(target), "--db", str(db_path)]) == 2
    assert "exists already" in capsys.readouterr().err and target.read_text() == "keep me"
    missing = tmp_path / "none.db"
    assert main(["backup", str(tmp_path / "new.db"), "--db", str(missing)]) == 2
    assert "there is no database" in capsys.readouterr().err
    assert not missing.exists() and not (tmp_path / "new.db").exists()
