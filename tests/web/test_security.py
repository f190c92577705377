"""The guard: Host header (DNS rebinding), Origin and Sec-Fetch-Site, JSON only, body size."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.api import HOST, TestClient
from klondike.web import security
from klondike.web.api import create_app
from klondike.web.serve import host_names


def test_unknown_host_is_refused(client: TestClient) -> None:
    for path in ("/api/game", "/", "/static/app.js", "/openapi.json"):
        response = client.get(path, headers={"Host": "evil.example:8765"})
        assert response.status_code == 403, path
        assert response.json()["error"]["reason"] == "bad_host"
        assert response.json()["error"]["params"] == {"host": "evil.example:8765"}
    refused = client.post("/api/games", json={}, headers={"Host": "rebind.example"})
    assert refused.status_code == 403 and refused.json()["error"]["reason"] == "bad_host"
    assert client.get("/api/stats").json()["recent"] == []  # nothing was created


def test_server_names_are_allowed_with_their_port(db_path: Path) -> None:
    app = create_app(db_path, allowed_hosts=host_names("127.0.0.1", 8765))
    with TestClient(app, base_url="http://127.0.0.1:8765") as client:
        for host in ("127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LocalHost:8765"):
            assert client.get("/api/game", headers={"Host": host}).status_code == 200, host
        for host in ("127.0.0.1:8766", "localhost", "evil.example:8765", "", "127.0.0.1.nip.io"):
            assert client.get("/api/game", headers={"Host": host}).status_code == 403, host


def test_host_names_include_the_chosen_host() -> None:
    assert "192.168.1.20:9000" in host_names("192.168.1.20", 9000)
    assert "[fe80::1]:9000" in host_names("fe80::1", 9000)
    assert "127.0.0.1:9000" in host_names("192.168.1.20", 9000)


def test_host_allowed_entries() -> None:
    assert security.host_allowed("localhost:1", ["localhost"])
    assert not security.host_allowed("localhost:x", ["localhost"])
    assert not security.host_allowed("localhost.evil:1", ["localhost"])
    assert security.host_allowed("[::1]:80", ["[::1]"])
    assert not security.host_allowed("[::1]:81", ["[::1]:80"])


def test_post_from_another_origin_is_refused(client: TestClient) -> None:
    view = client.get("/api/game").json()
    body = {"version": 0, "action": "tap", "pile": "S"}
    for origin in ("http://evil.example", "http://testserver:9999", "null", "https://testserver"):
        response = client.post(
            f"/api/games/{view['id']}/actions", json=body, headers={"Origin": origin}
        )
        assert response.status_code == 403, origin
        assert response.json()["error"]["reason"] == "bad_origin"
    refused = client.post("/api/stats/reset", json={"confirm": True}, headers={"Origin": "null"})
    assert refused.status_code == 403
    assert client.get("/api/game").json()["version"] == 0  # nothing was played
    same = client.post(
        f"/api/games/{view['id']}/actions", json=body, headers={"Origin": "http://testserver"}
    )
    assert same.status_code == 200 and same.json()["version"] == 1


def test_cross_site_fetch_is_refused(client: TestClient) -> None:
    cross = {"Sec-Fetch-Site": "cross-site"}
    for response in (
        client.get("/api/game", headers=cross),
        client.get("/api/stats", headers=cross),
        client.post("/api/games", json={}, headers=cross),
    ):
        assert response.status_code == 403
        assert response.json()["error"]["reason"] == "bad_origin"
    # a link from another site still opens the page; same-origin fetches work
    assert client.get("/", headers=cross).status_code in (200, 404)
    assert client.get("/api/game", headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_post_must_send_json(client: TestClient, content_type: str | None) -> None:
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.post("/api/games", content=b'{"draw": 3}', headers=headers)
    assert response.status_code == 415
    assert response.json()["error"]["reason"] == "bad_content_type"
    assert client.get("/api/stats").json()["recent"] == []
    ok = client.post(
        "/api/games",
        content=b'{"draw": 3}',
        headers={"Content-Type": "application/json; charset=utf-8"},
    )
    assert ok.status_code == 200


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    big = b'{"draw": 1, "x": "' + b"a" * security.MAX_BODY + b'"}'
    response = client.post("/api/games", content=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413 and response.json()["error"]["reason"] == "too_large"

    def chunks() -> object:  # no Content-Length: counted while it arrives
        for _ in range(20):
            yield b" " * 1024

    chunked = client.post(
        "/api/games",
        content=chunks(),
        headers={"Content-Type": "application/json"},  # type: ignore[arg-type]
    )
    assert chunked.status_code == 413
    assert client.get("/api/stats").json()["recent"] == []


def test_no_cors_headers_and_protective_headers(client: TestClient) -> None:
    response = client.get("/api/game", headers={"Origin": "http://evil.example"})
    assert not any(name.lower().startswith("access-control-") for name in response.headers)
    preflight = client.options(
        "/api/games",
        headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert not any(name.lower().startswith("access-control-") for name in preflight.headers)
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"


def test_a_refusal_changes_nothing(client: TestClient) -> None:
    view = client.get("/api/game").json()
    for headers in ({"Host": "evil.example"}, {"Origin": "http://evil.example"}):
        client.post(
            f"/api/games/{view['id']}/actions",
            json={"version": 0, "action": "tap", "pile": "S"},
            headers=headers,
        )
    assert client.get("/api/game").json() | {"elapsed_ms": 0} == view | {"elapsed_ms": 0}


def test_default_allowed_hosts_are_the_loopback_names(db_path: Path) -> None:
    with TestClient(create_app(db_path), base_url="http://127.0.0.1:5000") as client:
        assert client.get("/api/game").status_code == 200
        assert client.get("/api/game", headers={"Host": HOST}).status_code == 403


def test_other_methods_get_405_and_still_need_the_origin(client: TestClient) -> None:
    for method in ("PUT", "PATCH", "DELETE"):
        headers = {"Content-Type": "application/json"} if method == "PUT" else {}
        response = client.request(method, "/api/stats", content=b"{}", headers=headers)
        assert response.status_code == 405, method
        refused = client.request(method, "/api/stats", headers={"Origin": "http://evil.example"})
        assert refused.status_code == 403 and refused.json()["error"]["reason"] == "bad_origin"


def test_an_app_outlives_its_test_clients(db_path: Path) -> None:
    app = create_app(db_path, allowed_hosts=[HOST])
    for _ in range(2):
        with TestClient(app) as client:
            assert client.post("/api/games", json={}).status_code == 200


def test_refusals_carry_the_protective_headers_too(client: TestClient) -> None:
    refused = client.get("/api/game", headers={"Host": "<script>evil.example</script>"})
    assert refused.status_code == 403
    assert refused.headers["x-content-type-options"] == "nosniff"
    assert refused.headers["content-type"] == "application/json"


def test_every_state_changing_endpoint_refuses_a_foreign_origin(client: TestClient) -> None:
    """Each POST and PUT of the API, with another page's Origin: 403, and nothing changed."""
    view = client.get("/api/game").json()
    played = client.post(
        f"/api/games/{view['id']}/actions", json={"version": 0, "action": "tap", "pile": "S"}
    ).json()
    settings = client.get("/api/settings").json()
    requests = {
        ("POST", "/api/games"): {"abandon": view["id"]},
        ("POST", "/api/games/{game_id}/restart"): {"version": 1},
        ("POST", "/api/games/{game_id}/actions"): {"version": 1, "action": "tap", "pile": "S"},
        ("POST", "/api/games/{game_id}/presence"): {"visible": False},
        ("POST", "/api/games/{game_id}/hint"): {"version": 1},
        ("POST", "/api/games/{game_id}/review"): {},
        ("POST", "/api/games/{game_id}/practice"): {"before": 1},
        ("POST", "/api/stats/reset"): {"confirm": True},
        ("POST", "/api/tier-search"): {"tier": "easy", "rules": "app", "draw": 1},
        ("PUT", "/api/settings"): {"sound": not settings["sound"]},
    }
    writes = {
        (method, route.path)  # type: ignore[attr-defined]
        for route in client.app.routes  # type: ignore[attr-defined]
        for method in getattr(route, "methods", ())
        if method not in ("GET", "HEAD")
    }
    assert writes == set(requests)  # a new state-changing endpoint needs its line here
    for (method, path), body in requests.items():
        for origin in ("http://evil.example", "null"):
            answer = client.request(
                method, path.format(game_id=view["id"]), json=body, headers={"Origin": origin}
            )
            assert answer.status_code == 403, (path, origin)
            assert answer.json()["error"]["reason"] == "bad_origin"
    now = client.get("/api/game").json()
    assert (now["id"], now["version"], now["stock"]) == (view["id"], 1, played["stock"])
    assert now["hints"] == 0  # no hint was given (nor counted)
    stats = client.get("/api/stats").json()
    assert [game["id"] for game in stats["recent"]] == [view["id"]]
    assert client.get("/api/settings").json() == settings


def test_the_body_limit_is_16384_bytes() -> None:
    """Literal boundaries: a valid body of exactly 16,384 bytes is accepted, 16,385 not."""
    with TestClient(create_app(":memory:", allowed_hosts=[HOST])) as client:
        for size, status in [(16_384, 200), (16_385, 413)]:
            body = b'{"draw": 3}'
            body += b" " * (size - len(body))
            assert len(body) == size
            answer = client.post(
                "/api/games", content=body, headers={"Content-Type": "application/json"}
            )
            assert answer.status_code == status, size
        assert client.get("/api/game").json()["draw"] == 3
