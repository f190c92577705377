"""The database: where it lives, its schema version, WAL and FULL sync, migrations, refusing
newer files."""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.api import HOST, TestClient
from helpers.proofs import proof_of
from helpers.rows import add_game
from klondike import Game, gestures
from klondike.rules import Mode
from klondike.store import database as store
from klondike.store import migrations, settings
from klondike.store.database import DatabaseError, close_database, open_database
from klondike.store.stats import summary
from klondike.web import solving
from klondike.web.api import create_app
from klondike.web.proofs import daily_of
from klondike.web.views import daily
from klondike.web.views.daily import utc_today
from klondike.web.workers import SolverWorkers

NEXT = migrations.SCHEMA_VERSION + 1
"""A made-up schema version after the current one, for the migration tests."""


def test_new_database_has_the_current_schema(db_path: Path) -> None:
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION == 10
    settings = [row[1] for row in conn.execute("PRAGMA table_info(settings)")]
    assert settings == ["name", "value"]
    proved = [row[1] for row in conn.execute("PRAGMA table_info(proved_deals)")]
    assert proved == [
        *("rules", "draw", "scoring", "deal", "states", "seconds", "line", "tier", "wins")
    ]
    daily = [row[1] for row in conn.execute("PRAGMA table_info(daily_deals)")]
    assert daily == ["day", "rules", "draw", "scoring", "tier", "deal", "line", "wins"]
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    assert columns == [
        "id", "code", "draw", "scoring", "status", "score", "moves", "undos", "elapsed_ms",
        "started_at", "ended_at", "version", "snapshot", "counted", "rules", "hints", "daily",
        "fair_hints", "peeked_hints",
        "line", "start", "tier", "practice",
    ]  # fmt: skip
    reviews = [row[1] for row in conn.execute("PRAGMA table_info(reviews)")]
    assert reviews == ["game_id", "status", "state", "review", "updated_at"]
    indexes = [row[1] for row in conn.execute("PRAGMA index_list(games)")]
    assert "games_status" in indexes
    conn.close()


def test_wal_and_full_sync(db_path: Path) -> None:
    conn = open_database(db_path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    conn.close()


def test_reopening_keeps_the_data(db_path: Path) -> None:
    conn = open_database(db_path)
    game_id = store.insert_game(conn, Game.from_code("KL1-D3V-AAAAAAG"))
    conn.close()
    conn = open_database(db_path)
    row = store.load_game(conn, game_id)
    assert row is not None and row.code == "KL1-D3V-AAAAAAG" and row.status == "playing"
    assert row.draw == 3 and row.scoring == "vegas" and row.score == -52 and row.counted == 1
    assert Game.from_snapshot(json.loads(row.snapshot)).code == "KL1-D3V-AAAAAAG"
    conn.close()


def test_creates_missing_directories(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "klondike.db"
    open_database(path).close()
    assert path.is_file()


def test_default_path_is_in_the_user_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    assert store.default_db_path() == tmp_path / "klondike" / "klondike.db"
    open_database(None).close()
    assert (tmp_path / "klondike" / "klondike.db").is_file()


def test_newer_schema_is_refused_and_left_unchanged(db_path: Path) -> None:
    conn = open_database(db_path)
    store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"))
    conn.execute(f"PRAGMA user_version = {migrations.SCHEMA_VERSION + 1}")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    before = db_path.read_bytes()
    with pytest.raises(DatabaseError, match="newer version of klondike") as caught:
        open_database(db_path)
    assert str(db_path) in str(caught.value) and f"schema {NEXT}" in str(caught.value)
    assert db_path.read_bytes() == before
    assert not Path(f"{db_path}-wal").exists()


def test_database_error_is_a_runtime_error() -> None:
    assert issubclass(DatabaseError, RuntimeError)


def test_not_a_database_is_refused_clearly(db_path: Path) -> None:
    db_path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    before = db_path.read_bytes()
    with pytest.raises(DatabaseError, match="not a klondike database"):
        open_database(db_path)
    assert db_path.read_bytes() == before


def test_a_file_cut_short_is_kept_aside_not_called_foreign(db_path: Path) -> None:
    conn = open_database(db_path)
    for _ in range(60):
        store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"), status="abandoned")
    close_database(conn)
    with open(db_path, "r+b") as file:
        file.truncate(os.path.getsize(db_path) - 4096)  # its last page gone
    cut = db_path.read_bytes()
    conn = open_database(db_path)
    assert "is damaged (database disk image is malformed)" in " ".join(conn.notices)
    assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    close_database(conn)
    kept = [name for name in db_path.parent.iterdir() if ".damaged-" in name.name]
    assert len(kept) == 1 and kept[0].read_bytes() == cut


def test_a_file_klondike_cannot_read_now_is_not_called_foreign(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Locked by another program, unreadable, a failing disk: said as such, and the file
    is left as it is."""
    close_database(open_database(db_path))
    before = db_path.read_bytes()

    def locked(conn: sqlite3.Connection) -> int:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(migrations, "user_version", locked)
    with pytest.raises(DatabaseError) as err:
        open_database(db_path)
    assert str(err.value) == f"cannot use the database {db_path}: database is locked"
    assert db_path.read_bytes() == before


def test_another_programs_database_is_refused_and_left_as_it_is(db_path: Path) -> None:
    other = sqlite3.connect(db_path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.execute("INSERT INTO notes VALUES ('milk')")
    other.commit()
    other.close()
    before = db_path.read_bytes()
    with pytest.raises(DatabaseError, match="not a klondike database: it holds another program"):
        open_database(db_path)
    assert db_path.read_bytes() == before
    assert not Path(f"{db_path}-wal").exists()


def test_a_directory_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match=str(tmp_path)):
        open_database(tmp_path)


def test_migration_from_an_empty_file(db_path: Path) -> None:
    """Version 0 (an empty SQLite file) is migrated to the current version."""
    sqlite3.connect(db_path).close()
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    conn.close()


def test_save_and_abandon(db_path: Path) -> None:
    conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    first = store.insert_game(conn, game)
    game.play("S-W")
    store.save_game(conn, first, game, version=1, elapsed_ms=5000)
    second = store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"))
    assert store.newest_open_id(conn) == second
    stamp = store.utc_now()
    store.abandon_game(conn, first, version=1, elapsed_ms=6000, ended_at=stamp)
    store.abandon_game(conn, second, version=0, elapsed_ms=10, ended_at=stamp)
    assert store.newest_open_id(conn) is None
    one, two = store.load_game(conn, first), store.load_game(conn, second)
    assert one is not None and two is not None
    assert (one.status, one.ended_at, one.elapsed_ms, one.counted, one.moves, one.version) == (
        "abandoned", stamp, 6000, 1, 1, 1,
    )  # fmt: skip
    assert (two.status, two.counted) == ("abandoned", 0)  # nothing played: not counted
    assert store.load_game(conn, 999) is None
    conn.close()


def test_migrations_are_a_list_of_steps_up_to_the_schema_version() -> None:
    assert sorted(migrations.MIGRATIONS) == list(range(1, migrations.SCHEMA_VERSION + 1))


NEXT = migrations.SCHEMA_VERSION + 1
"""A made-up next version, for the tests of the migration machinery."""


def _add_note_column(conn: sqlite3.Connection) -> None:
    """A made-up next version: a column with a default, the way a real step would add one."""
    conn.execute("ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT ''")


VERSION_1_COLUMNS = (
    "code, draw, scoring, status, score, moves, undos, elapsed_ms, started_at, ended_at,"
    " version, snapshot"
)
"""The columns of a game row in a schema-version-1 file."""


def version_1_file(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """A file as klondike with schema version 1 wrote it, with one game played; its id."""
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "SCHEMA_VERSION", 1)
        conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("S-W")
    snap = {k: v for k, v in game.snapshot().items() if k not in ("rules", "recycles")}
    cursor = conn.execute(
        f"INSERT INTO games ({VERSION_1_COLUMNS}) VALUES (?, ?, ?, 'playing', ?, ?, 0, 0,"
        " 'now', NULL, 1, ?)",
        (game.code, game.draw, game.scoring, game.score, game.moves, json.dumps(snap)),
    )
    conn.close()
    return int(cursor.lastrowid or 0)


def test_a_version_1_file_gets_the_settings_table_keeping_its_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = version_1_file(db_path, monkeypatch)
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    assert settings.load(conn) == settings.DEFAULTS
    assert settings.save(conn, {"table": "blue"})["table"] == "blue"
    conn.close()
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
        assert (view["id"], view["version"], view["moves"]) == (game_id, 1, 1)
        assert client.get("/api/settings").json()["table"] == "blue"


def test_an_older_schema_is_migrated_forward_at_start_keeping_its_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of this version opened by a (made-up) next klondike: the next step runs once,
    in order, and the games are still there; a server started on it continues its game."""
    conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game.play("S-W")
    game_id = store.insert_game(conn, game, version=1)
    conn.close()
    ran: list[int] = []

    def step(conn: sqlite3.Connection) -> None:
        ran.append(conn.execute("PRAGMA user_version").fetchone()[0])
        _add_note_column(conn)

    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(migrations.MIGRATIONS, NEXT, step)
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT
    assert ran == [NEXT - 1]  # run on the older file, exactly once
    assert conn.execute("SELECT id, note, moves FROM games").fetchall() == [(game_id, "", 1)]
    conn.close()
    open_database(db_path).close()  # already at the next version: nothing runs again
    assert ran == [NEXT - 1]

    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
    assert (view["id"], view["version"], view["moves"]) == (game_id, 1, 1)


def test_a_new_file_runs_every_step_in_order(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[int] = []

    def recording(version: int) -> Callable[[sqlite3.Connection], None]:
        def step(conn: sqlite3.Connection) -> None:
            ran.append(version)
            if version == NEXT:
                _add_note_column(conn)

        return step

    def counted(version: int) -> Callable[[sqlite3.Connection], None]:
        real = migrations.MIGRATIONS[version]

        def step(conn: sqlite3.Connection) -> None:
            ran.append(version)
            real(conn)

        return step

    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT + 1)
    for version in range(1, NEXT):
        monkeypatch.setitem(migrations.MIGRATIONS, version, counted(version))
    monkeypatch.setitem(migrations.MIGRATIONS, NEXT, recording(NEXT))
    monkeypatch.setitem(migrations.MIGRATIONS, NEXT + 1, recording(NEXT + 1))
    conn = open_database(db_path)
    assert ran == list(range(1, NEXT + 2))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == NEXT + 1
    conn.close()


def test_a_failing_migration_leaves_the_file_at_its_old_version(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    conn = open_database(db_path)
    game_id = store.insert_game(conn, Game.from_code("KL1-D1N-AAAAAAG"))
    conn.close()

    def broken(conn: sqlite3.Connection) -> None:
        _add_note_column(conn)
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(migrations, "SCHEMA_VERSION", NEXT)
    monkeypatch.setitem(migrations.MIGRATIONS, NEXT, broken)
    with pytest.raises(DatabaseError, match=str(db_path)):
        open_database(db_path)
    monkeypatch.undo()
    conn = open_database(db_path)  # still a good current file, the half step undone
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    columns = [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    assert "note" not in columns and store.load_game(conn, game_id) is not None
    conn.close()


def test_save_game_over_an_expected_version_writes_only_that_version(db_path: Path) -> None:
    conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    game_id = store.insert_game(conn, game)
    game.play("S-W")
    assert store.save_game(conn, game_id, game, version=1, elapsed_ms=10, expected_version=0)
    gestures.tap(game, "S")  # the next card from the stock
    # a second writer that read version 0 too is refused, and the row keeps version 1
    assert not store.save_game(conn, game_id, game, version=1, elapsed_ms=20, expected_version=0)
    saved = store.load_game(conn, game_id)
    assert saved is not None and (saved.version, saved.moves, saved.elapsed_ms) == (1, 1, 10)
    # nor is a game that is no longer open written over
    store.abandon_game(conn, game_id, version=1, elapsed_ms=30, ended_at=store.utc_now())
    assert not store.save_game(conn, game_id, game, version=2, elapsed_ms=40, expected_version=1)
    saved = store.load_game(conn, game_id)
    assert saved is not None and (saved.status, saved.version) == ("abandoned", 1)
    conn.close()


def test_a_version_1_file_migrates_forward_as_the_apps_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file version 1 wrote (no rules column, snapshots without "rules"): its games become
    the app's, count in the app's statistics and go on being played."""
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", 1)
    conn = open_database(db_path)
    assert [row[1] for row in conn.execute("PRAGMA table_info(games)")][-1] == "counted"
    old_columns = VERSION_1_COLUMNS
    playing = Game.from_code("KL1-D3V-AAAAAAG")
    playing.play("S-W")
    for game, status, ended in ((Game.from_code("KL1-D1N-AAAAAAB"), "abandoned", "x"),
                                (playing, "playing", None)):  # fmt: skip
        snap = {k: v for k, v in game.snapshot().items() if k not in ("rules", "recycles")}
        conn.execute(
            f"INSERT INTO games ({old_columns}) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 'now', ?, 1, ?)",
            (game.code, game.draw, game.scoring, status, game.score, game.moves, ended,
             json.dumps(snap)),
        )  # fmt: skip
    conn.close()
    monkeypatch.undo()

    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    assert conn.execute("SELECT rules FROM games").fetchall() == [("app",), ("app",)]
    modes = summary(conn)
    assert (modes[0]["rules"], modes[0]["draw"], modes[0]["played"]) == ("app", 1, 1)
    assert sum(m["played"] for m in modes) == 1
    conn.close()
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
        assert (view["code"], view["moves"], view["rules"]["key"]) == ("KL1-D3V-AAAAAAG", 1, "app")
        answer = client.post(
            f"/api/games/{view['id']}/actions", json={"version": 1, "action": "undo"}
        ).json()
        assert answer["moves"] == 0


def test_migration_4_adds_hints_daily_and_the_deal_tables_to_a_version_1_file(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = version_1_file(db_path, monkeypatch)
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    row = store.load_game(conn, game_id)
    assert row is not None
    assert (row.moves, row.rules, row.hints, row.daily) == (1, "app", 0, None)
    assert store.count_hint(conn, game_id)
    assert store.load_game(conn, game_id).hints == 1  # type: ignore[union-attr]
    kept = store.KeptProof(42, "S-W W-F", states=100, seconds=0.5)
    store.add_proved_deal(conn, ("app", 3, "normal"), kept)
    store.add_proved_deal(conn, ("classic", 3, "none"), store.KeptProof(43, "S-W", 10, 0.1))
    assert store.proved_deal_counts(conn) == {("app", 3, "normal"): 1, ("classic", 3, "none"): 1}
    assert store.take_proved_deal(conn, ("app", 3, "normal")) == kept
    assert store.take_proved_deal(conn, ("app", 3, "normal")) is None
    store.keep_daily_deal(conn, "2026-01-02", ("app", 1, "vegas"), store.KeptProof(7, "S-W"))
    assert store.daily_deal_of(conn, "2026-01-02", ("app", 1, "vegas")) == store.KeptProof(7, "S-W")
    assert store.daily_deal_of(conn, "2026-01-02", ("app", 1, "normal")) is None
    assert store.daily_deal_of(conn, "2026-01-02", ("solitaer", 3, "none")) is None
    conn.close()
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        view = client.get("/api/game").json()
    assert (view["id"], view["moves"], view["draw"]) == (game_id, 1, 1)


# ------------------------------------------------------- rows of an edited or damaged file


def solver_app(db_path: Path) -> TestClient:
    """A client of an app over ``db_path`` whose solver runs in threads (quick to start)."""
    workers = SolverWorkers(processes=False)
    return TestClient(create_app(db_path, allowed_hosts=[HOST], workers=workers))


def edit(db_path: Path, sql: str, *params: object) -> None:
    """Change the stopped database file by hand, as a player with sqlite3 could."""
    conn = store.open_database(db_path)  # the current schema
    conn.close()
    raw = sqlite3.connect(db_path)
    with raw:
        raw.execute(sql, params)
    raw.close()


APP_DRAW_1: Mode = ("app", 1, "normal")


@pytest.mark.parametrize("deal", ["zz", -1, 12.5, 2**40])
def test_a_daily_deal_row_of_no_deal_is_found_again_and_repaired(
    db_path: Path, deal: object, caplog: pytest.LogCaptureFixture
) -> None:
    today = utc_today().isoformat()
    edit(
        db_path,
        "INSERT INTO daily_deals (day, rules, draw, scoring, deal, line) VALUES (?, ?, ?, ?, ?, ?)",
        today, *APP_DRAW_1, deal, "S-W",
    )  # fmt: skip
    with solver_app(db_path) as client:
        view = client.post("/api/games", json={"daily": True, "day": today})
        assert view.status_code == 200, view.text
    expected = daily_of(today, APP_DRAW_1)
    assert view.json()["code"] == Game(expected["deal"], 1, "normal").code
    assert "is not used" in caplog.text
    conn = store.open_database(db_path)
    assert store.daily_deal_of(conn, today, APP_DRAW_1) == store.KeptProof(
        expected["deal"], expected["line"]
    )  # repaired: the next request reads it
    conn.close()


def test_the_daily_deal_is_kept_and_a_kept_one_that_does_not_replay_is_found_again(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    today = utc_today().isoformat()
    with solver_app(db_path) as client:
        first = client.post("/api/games", json={"daily": True, "day": today}).json()
    conn = store.open_database(db_path)
    kept = store.daily_deal_of(conn, today, APP_DRAW_1)
    assert kept is not None and Game(kept.deal, 1, "normal").code == first["code"]  # stored
    store.keep_daily_deal(conn, today, APP_DRAW_1, store.KeptProof(kept.deal, "S-W"))
    conn.close()
    with solver_app(db_path) as client:
        again = client.post("/api/games", json={"daily": True, "day": today}).json()
    assert again["code"] == first["code"] and "does not replay" in caplog.text


def test_the_daily_deal_is_read_not_found_again(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    today = utc_today().isoformat()
    proof = proof_of(6, APP_DRAW_1)  # not the day's deal: what is kept is what is served
    conn = store.open_database(db_path)
    store.keep_daily_deal(conn, today, APP_DRAW_1, proof)
    conn.close()
    monkeypatch.setattr(solving, "daily_of", None)  # finding it again would fail
    with solver_app(db_path) as client:
        view = client.post("/api/games", json={"daily": True, "day": today})
    assert view.json()["code"] == Game(6, 1, "normal").code


@pytest.mark.parametrize(
    ("offset", "status"), [(-400, 200), (-2, 200), (-1, 200), (1, 200), (2, 400)]
)
def test_the_daily_deal_is_for_a_past_day_or_today_somewhere(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, offset: int, status: int
) -> None:
    today = datetime.date(2026, 6, 15)
    monkeypatch.setattr(daily, "utc_today", lambda: today)
    day = (today + datetime.timedelta(days=offset)).isoformat()
    conn = store.open_database(db_path)
    store.keep_daily_deal(conn, day, APP_DRAW_1, proof_of(6, APP_DRAW_1))  # no search
    conn.close()
    with solver_app(db_path) as client:
        response = client.post("/api/games", json={"daily": True, "day": day})
    assert response.status_code == status
    if status == 400:
        assert response.json()["error"]["reason"] == "bad_day"


def test_proved_deal_rows_of_no_deal_or_no_winning_line_are_dropped(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = proof_of(6, APP_DRAW_1)
    rows = [("abc", good.line), (12.5, good.line), (-7, good.line), (8, good.line), (7, "")]
    for deal, line in [*rows, (good.deal, good.line)]:
        edit(
            db_path,
            "INSERT INTO proved_deals (rules, draw, scoring, deal, line, states, seconds)"
            " VALUES (?, ?, ?, ?, ?, 'many', -1)",
            *APP_DRAW_1, deal, line,
        )  # fmt: skip
    with solver_app(db_path) as client:
        view = client.post("/api/games", json={"winnable": True})
    assert view.status_code == 200, view.text
    assert view.json()["code"] == Game(6, 1, "normal").code
    assert view.json()["proof"] == {"deal": 6, "states": 0, "seconds": 0.0}
    assert caplog.text.count("was dropped") == 4 and "does not replay" in caplog.text


def test_a_game_whose_version_reaches_the_browsers_limit_is_refused_as_damaged(
    db_path: Path,
) -> None:
    conn = store.open_database(db_path)
    game_id = add_game(conn, "playing", version=2**53 - 1)
    conn.close()
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        shown = client.get(f"/api/games/{game_id}")
        assert (shown.status_code, shown.json()["error"]["reason"]) == (409, "game_damaged")
        assert "version" in shown.json()["error"]["message"]
        assert client.post("/api/games", json={}).status_code == 200  # a new game starts


def test_a_setting_nested_deep_under_an_unknown_name_is_left_unread(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    edit(db_path, "INSERT INTO settings (name, value) VALUES ('colour', ?)", deep)
    edit(db_path, "INSERT INTO settings (name, value) VALUES ('table', ?)", deep)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        shown = client.get("/api/settings")
        assert shown.status_code == 200 and shown.json() == settings.DEFAULTS
        changed = client.put("/api/settings", json={"sound": True})
        assert changed.status_code == 200 and changed.json()["sound"] is True
    assert "table is not one of its values" in caplog.text


@pytest.mark.parametrize("day", ["not-a-date", 17, None])
def test_a_daily_game_of_no_day_is_left_out_of_the_statistics(
    db_path: Path, day: object, caplog: pytest.LogCaptureFixture
) -> None:
    conn = store.open_database(db_path)
    add_game(conn, "won", daily="2026-06-15")
    damaged = add_game(conn, "won", daily="2026-06-16")
    conn.close()
    edit(db_path, "UPDATE games SET daily = ? WHERE id = ?", day, damaged)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        stats = client.get("/api/stats")
    assert stats.status_code == 200, stats.text
    if day is not None:  # NULL is an ordinary game, not a daily one
        assert "is not counted: that is no date" in caplog.text


@pytest.mark.parametrize(
    ("column", "value"), [("moves", "many"), ("elapsed_ms", "long"), ("draw", 2), ("score", 1.5)]
)
def test_a_finished_game_row_that_cannot_be_read_is_left_out_of_the_history(
    db_path: Path, column: str, value: object, caplog: pytest.LogCaptureFixture
) -> None:
    conn = store.open_database(db_path)
    kept = add_game(conn, "won")
    damaged = add_game(conn, "abandoned")
    conn.close()
    edit(db_path, f"UPDATE games SET {column} = ? WHERE id = ?", value, damaged)
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        stats = client.get("/api/stats")
    assert stats.status_code == 200, stats.text
    assert [game["id"] for game in stats.json()["recent"]] == [kept]
    assert f"game {damaged} is left out of the history" in caplog.text


def test_migration_5_drops_the_deals_kept_without_a_winning_line_and_says_so(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "SCHEMA_VERSION", 4)
        conn = open_database(db_path)
    conn.execute(
        "INSERT INTO proved_deals (rules, draw, scoring, deal, states, seconds)"
        " VALUES ('app', 1, 'normal', 6, 10, 0.1), ('app', 3, 'vegas', 8, 10, 0.1)"
    )
    conn.execute(
        "INSERT INTO daily_deals (day, rules, draw, scoring, deal)"
        " VALUES ('2026-06-15', 'app', 1, 'normal', 6)"
    )
    conn.commit()
    conn.close()
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    assert store.proved_deal_counts(conn) == {}
    assert store.daily_deal_of(conn, "2026-06-15", APP_DRAW_1) is None
    assert any("3 proved or daily deals" in notice for notice in conn.notices), conn.notices
    conn.close()


def test_migration_6_counts_hints_by_kind_and_keeps_the_older_total(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "SCHEMA_VERSION", 5)
        conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    cursor = conn.execute(  # a row as schema 5 wrote it (the columns of then)
        "INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, version, snapshot, hints) VALUES (?, 'app', 1, 'normal', 'playing', 0, 0,"
        " 0, 0, 'now', 1, ?, 3)",
        (game.code, store.snapshot_text(game)),
    )
    older = int(cursor.lastrowid or 0)
    conn.commit()
    conn.close()
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    kinds = "SELECT hints, fair_hints, peeked_hints FROM games WHERE id = ?"
    assert conn.execute(kinds, (older,)).fetchone() == (3, 0, 0)  # of neither kind
    assert store.count_hint(conn, older) and store.count_hint(conn, older, peeked=True)
    assert store.count_hint(conn, older, peeked=True)
    assert conn.execute(kinds, (older,)).fetchone() == (6, 1, 2)
    conn.execute("UPDATE games SET status = 'won' WHERE id = ?", (older,))
    assert not store.count_hint(conn, older)  # a finished game counts no more hints
    assert conn.execute(kinds, (older,)).fetchone() == (6, 1, 2)
    conn.close()


def test_migration_9_drops_what_the_unsound_solver_computed_and_says_so(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reviews and ratings stand on the solver's verdicts: made with the one that called
    some winnable positions lost, they go; proofs of a win (lines that replay) stay, and
    so do past dailies and those a game was started from."""
    with monkeypatch.context() as patch:
        patch.setattr(migrations, "SCHEMA_VERSION", 8)
        conn = open_database(db_path)
    game = Game.from_code("KL1-D1N-AAAAAAG")
    conn.execute(
        "INSERT INTO games (code, rules, draw, scoring, status, score, moves, undos, elapsed_ms,"
        " started_at, version, snapshot, daily, tier) VALUES (?, 'app', 1, 'normal',"
        " 'playing', 0, 0, 0, 0, 'now', 1, ?, '2999-01-02', 'hard')",
        (game.code, store.snapshot_text(game)),
    )
    conn.execute(
        "INSERT INTO reviews (game_id, status, state, review, updated_at)"
        " VALUES (1, 'done', '{}', '{}', 'now')"
    )
    conn.execute(
        "INSERT INTO proved_deals (rules, draw, scoring, deal, states, seconds, line, tier, wins)"
        " VALUES ('app', 1, 'normal', 6, 10, 0.1, 'T1-F1', '', NULL),"
        " ('app', 1, 'normal', 7, 10, 0.1, 'T1-F1', 'easy', 8)"
    )
    conn.execute(
        "INSERT INTO daily_deals (day, rules, draw, scoring, tier, deal, line, wins) VALUES"
        " ('2000-01-01', 'app', 1, 'normal', 'easy', 6, 'T1-F1', 8),"
        " ('2999-01-01', 'app', 1, 'normal', 'easy', 7, 'T1-F1', 8),"
        " ('2999-01-01', 'app', 1, 'normal', '', 8, 'T1-F1', NULL),"
        " ('2999-01-02', 'app', 1, 'normal', 'hard', 9, 'T1-F1', 1)"
    )
    conn.commit()
    conn.close()
    conn = open_database(db_path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == migrations.SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone() == (0,)
    assert conn.execute("SELECT deal FROM proved_deals").fetchall() == [(6,)]
    days = "SELECT day, tier FROM daily_deals ORDER BY day, tier"
    assert conn.execute(days).fetchall() == [
        ("2000-01-01", "easy"),  # past
        ("2999-01-01", ""),  # not rated
        ("2999-01-02", "hard"),  # a game was started from it
    ]
    notice = "1 reviews, 1 rated deals and 1 rated daily deals to come"
    assert any(notice in text for text in conn.notices), conn.notices
    conn.close()
