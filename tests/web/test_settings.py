"""GET and PUT /api/settings: every setting with its default, checked changes, remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.api import HOST, TestClient
from klondike.store import settings
from klondike.store.database import open_database
from klondike.web.api import create_app

DEFAULTS = {
    "card_back": "blue",
    "table": "green",
    "sound": False,
    "speed": "normal",
    "left_handed": False,
    "finish_button": True,
    "hints": True,
    "hints_peek": False,
    "four_colours": False,
    "large_indices": False,
    "auto_safe": False,
    "how_to_play_seen": False,
    "winnable_gauge": False,
    "cascade": "short",
    "tap_where_it_fits": False,
}


def test_defaults_then_a_change_is_remembered_across_a_restart(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        assert client.get("/api/settings").json() == DEFAULTS
        changed = client.put("/api/settings", json={"card_back": "red", "sound": True})
        assert changed.status_code == 200
        assert changed.json() == DEFAULTS | {"card_back": "red", "sound": True}
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        assert client.get("/api/settings").json() == DEFAULTS | {"card_back": "red", "sound": True}
        every = {
            "card_back": "green",
            "table": "wine",
            "sound": False,
            "speed": "off",
            "left_handed": True,
            "finish_button": False,
            "hints": False,
            "hints_peek": True,
            "four_colours": True,
            "large_indices": True,
            "auto_safe": True,
            "how_to_play_seen": True,
            "winnable_gauge": True,
            "cascade": "none",
            "tap_where_it_fits": True,
        }
        assert client.put("/api/settings", json=every).json() == every


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"card_back": "purple"}, "card_back"),
        ({"table": 3}, "table"),
        ({"sound": "yes"}, "sound"),
        ({"sound": 1}, "sound"),
        ({"speed": None}, "speed"),
        ({"left_handed": "true"}, "left_handed"),
        ({"colour": "red"}, "colour"),
        ({"table": "blue", "speed": "warp"}, "speed"),
    ],
)
def test_a_bad_value_is_refused_and_changes_nothing(
    db_path: Path, body: dict[str, object], field: str
) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        answer = client.put("/api/settings", json=body)
        assert answer.status_code == 422
        error = answer.json()["error"]
        assert error["reason"] == "bad_request" and field in error["message"]
        assert client.get("/api/settings").json() == DEFAULTS


def test_put_needs_json_from_this_page(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        text = client.put(
            "/api/settings", content="sound=1", headers={"Content-Type": "text/plain"}
        )
        assert text.status_code == 415
        foreign = client.put(
            "/api/settings", json={"sound": True}, headers={"Origin": "https://evil.example"}
        )
        assert foreign.status_code == 403
        assert client.get("/api/settings").json() == DEFAULTS


def test_the_store_checks_too_and_ignores_values_no_longer_allowed(db_path: Path) -> None:
    conn = open_database(db_path)
    with pytest.raises(settings.InvalidSetting, match="there is no setting 'colour'"):
        settings.save(conn, {"sound": True, "colour": "red"})
    with pytest.raises(settings.InvalidSetting, match="sound is one of False, True, not 1"):
        settings.save(conn, {"sound": 1})
    assert settings.load(conn) == DEFAULTS  # nothing of a refused change was written
    conn.execute("INSERT INTO settings VALUES ('speed', '\"warp\"'), ('table', 'not json')")
    conn.execute("INSERT INTO settings VALUES ('retired', 'true')")
    assert settings.load(conn) == DEFAULTS
    conn.close()


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("KL2-D1N-AAAAAAG", "code_prefix"),
        ("garbage", "code_format"),
        ("KL1-D2N-AAAAAAG", "code_draw"),
        ("KL1-D1N-AAAAAA1", "code_alphabet"),
    ],
)
def test_a_code_is_checked_without_starting_a_game(db_path: Path, code: str, reason: str) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        before = client.get("/api/game").json()
        good = client.get("/api/codes/kl1-d3v-aaaaaag")
        assert good.status_code == 200
        assert good.json() == {
            "code": "KL1-D3V-AAAAAAG",
            "rules": "app",
            "draw": 3,
            "scoring": "vegas",
        }
        bad = client.get(f"/api/codes/{code}")
        assert bad.status_code == 400 and bad.json()["error"]["reason"] == reason
        assert client.get("/api/game").json() == before  # nothing started, nothing left
        assert [g["id"] for g in client.get("/api/stats").json()["recent"]] == [before["id"]]


def test_a_change_of_one_setting_keeps_the_others(db_path: Path) -> None:
    with TestClient(create_app(db_path, allowed_hosts=[HOST])) as client:
        client.put("/api/settings", json={"table": "wine", "speed": "fast"})
        changed = client.put("/api/settings", json={"sound": True})
        expected = DEFAULTS | {"table": "wine", "speed": "fast", "sound": True}
        assert changed.json() == expected
        assert client.get("/api/settings").json() == expected
