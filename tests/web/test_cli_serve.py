"""``klondike`` serving for real: a server process, its address, ports, warnings, Ctrl-C."""

from __future__ import annotations

import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from helpers.api import TestClient
from helpers.clock import DrivenClock
from helpers.server import Server, free_port
from klondike.store import database as store
from klondike.web import serve
from klondike.web.api import create_app


@pytest.fixture
def running(db_path: Path) -> Iterator[Server]:
    started = Server(db_path)
    yield started
    started.kill()


def test_serves_the_page_and_the_api_and_stops_on_ctrl_c(running: Server, db_path: Path) -> None:
    assert running.first_line.startswith(f"klondike: playing at http://127.0.0.1:{running.port}/")
    page = httpx.get(running.url + "/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    view = httpx.get(running.url + "/api/game").json()
    played = httpx.post(
        f"{running.url}/api/games/{view['id']}/actions",
        json={"version": 0, "action": "tap", "pile": "S"},
    ).json()
    assert played["played"] == "S-W"
    status, out, err = running.stop(signal.SIGINT)
    assert status == 0 and "stopped" in out and "Traceback" not in err, err
    conn = sqlite3.connect(db_path)
    assert conn.execute("SELECT version FROM games").fetchall() == [(1,)]
    conn.close()


def test_a_taken_port_moves_to_the_next_free_one(db_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        started = Server(db_path, port=port)
        try:
            assert started.port > port
            assert httpx.get(started.url + "/api/game").status_code == 200
        finally:
            started.stop()


def test_another_host_prints_a_warning(db_path: Path) -> None:
    started = Server(db_path, "--host", "0.0.0.0")
    try:
        assert httpx.get(started.url + "/api/game").status_code == 200
        refused = httpx.get(started.url + "/api/game", headers={"Host": "evil.example"})
        assert refused.status_code == 403
    finally:
        status, _, err = started.stop()
    assert status == 0 and "warning" in err and "0.0.0.0" in err
    lan = serve.lan_address(serve.own_addresses())
    if lan is not None:  # the address to give another machine
        assert f"from another machine: http://{lan}:{started.port}/" in err


def test_every_interface_means_this_machines_addresses_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--host 0.0.0.0``: the Host of each interface address is accepted, nothing else."""
    monkeypatch.setattr(serve, "own_addresses", lambda: ["192.168.1.20", "2001:db8::7"])
    names = serve.host_names("0.0.0.0", 8765)
    assert "192.168.1.20:8765" in names and "[2001:db8::7]:8765" in names
    assert "127.0.0.1:8765" in names and "192.168.1.21:8765" not in names
    assert serve.host_names("127.0.0.1", 8765) == ["127.0.0.1:8765", "localhost:8765", "[::1]:8765"]
    with TestClient(create_app(":memory:", allowed_hosts=names)) as client:
        for host, status in [
            ("192.168.1.20:8765", 200),
            ("[2001:db8::7]:8765", 200),
            ("192.168.1.21:8765", 403),
            ("evil.example:8765", 403),
        ]:
            assert client.get("/api/game", headers={"Host": host}).status_code == status, host


def test_own_addresses_are_this_machines() -> None:
    """The real list: addresses (no names), loopback among them, no link-local one."""
    import ipaddress

    addresses = serve.own_addresses()
    parsed = [ipaddress.ip_address(address) for address in addresses]
    assert any(address.is_loopback for address in parsed)
    assert not any(address.is_link_local or address.is_unspecified for address in parsed)
    for address in addresses:
        shown = f"[{address}]" if ":" in address else address
        assert f"{shown}:80" in serve.host_names("0.0.0.0", 80)


def test_a_newer_database_is_refused_and_left_alone(db_path: Path) -> None:
    conn = store.open_database(db_path)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = db_path.read_bytes()
    result = subprocess.run(
        [sys.executable, "-m", "klondike", "--no-browser", "--db", str(db_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    assert "newer version of klondike" in result.stderr and str(db_path) in result.stderr
    assert db_path.read_bytes() == before


def test_a_bad_port_is_refused(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.serve(port=70000, open_browser=False, db=db_path) == 2
    assert "0 to 65535" in capsys.readouterr().err


def test_has_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert serve.has_display() is False
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert serve.has_display() is True


@pytest.mark.parametrize(
    ("display", "flag", "opened"), [(True, True, 1), (False, True, 0), (True, False, 0)]
)
def test_the_browser_opens_only_with_a_display_and_without_no_browser(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, display: bool, flag: bool, opened: int
) -> None:
    import uvicorn

    urls: list[str] = []
    monkeypatch.setattr(serve.webbrowser, "open", lambda url: urls.append(url))
    monkeypatch.setattr(serve, "has_display", lambda: display)

    before = set(threading.enumerate())

    def run(self: uvicorn.Server, sockets: list[socket.socket]) -> None:
        self.started = True
        for opener in set(threading.enumerate()) - before:  # it sees the server started
            opener.join(10)
        self.should_exit = True

    monkeypatch.setattr(uvicorn.Server, "run", run)
    port = free_port()
    assert serve.serve(port=port, open_browser=flag, db=db_path) == 0
    assert urls == [f"http://127.0.0.1:{port}/"] * opened


def test_bind_skips_taken_ports() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        sock = serve.bind("127.0.0.1", port)
        try:
            assert sock.getsockname()[1] != port
        finally:
            sock.close()


def test_sigterm_stops_it_like_ctrl_c(running: Server, db_path: Path) -> None:
    """Clocks saved, WAL copied into the file, connection closed, "stopped", status 0."""
    status, out, err = running.stop(signal.SIGTERM)
    assert status == 0 and "Traceback" not in err, err
    assert out.rstrip().endswith("klondike: stopped")
    assert not Path(f"{db_path}-wal").exists()  # the last connection closed removes it


def test_many_requests_at_once_over_http(running: Server) -> None:
    """Real concurrency through uvicorn: one version, many tabs; exactly one is played."""
    view = httpx.get(running.url + "/api/game").json()
    codes: list[int] = []
    barrier = threading.Barrier(10)

    def tab() -> None:
        barrier.wait()
        response = httpx.post(
            f"{running.url}/api/games/{view['id']}/actions",
            json={"version": 0, "action": "tap", "pile": "S"},
        )
        codes.append(response.status_code)

    threads = [threading.Thread(target=tab) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [200] + [409] * 9
    assert httpx.get(running.url + "/api/game").json()["version"] == 1


def test_answers_are_not_held_back_by_nagle(running: Server) -> None:
    """Accepted sockets get TCP_NODELAY (asyncio sets it only on IPPROTO_TCP sockets): else
    every answer written in two parts waits for the client's delayed ACK, about 40 ms."""
    sock = serve.bind("127.0.0.1", free_port())
    try:
        assert sock.proto == socket.IPPROTO_TCP
    finally:
        sock.close()
    times = []
    for _ in range(15):
        start = time.perf_counter()
        assert running.http.get("/api/game").status_code == 200
        times.append(time.perf_counter() - start)
    assert sorted(times)[len(times) // 2] < 0.030, times


def test_bad_requests_to_the_real_server_get_a_4xx_with_a_message(running: Server) -> None:
    """Through uvicorn itself: another site's Host or Origin, bad bodies, unknown ids.
    Each gets a 4xx in the API's error shape (never a 5xx) and changes nothing."""
    view = running.http.get("/api/game").json()
    url = f"/api/games/{view['id']}/actions"
    tap = b'{"version": 0, "action": "tap", "pile": "S"}'
    json_type = {"Content-Type": "application/json"}

    def big() -> Iterator[bytes]:  # no Content-Length: counted while it arrives
        for _ in range(40):
            yield b" " * 1024

    cases: list[tuple[str, str, object, dict[str, str], int, str]] = [
        ("GET", "/api/game", None, {"Host": f"evil.example:{running.port}"}, 403, "bad_host"),
        ("POST", url, tap, {**json_type, "Host": "evil.example"}, 403, "bad_host"),
        ("POST", url, tap, {**json_type, "Origin": "http://evil.example"}, 403, "bad_origin"),
        ("POST", "/api/stats/reset", b'{"confirm": true}', {**json_type, "Origin": "null"},
         403, "bad_origin"),
        ("GET", "/api/stats", None, {"Sec-Fetch-Site": "cross-site"}, 403, "bad_origin"),
        ("POST", url, tap, {"Content-Type": "text/plain"}, 415, "bad_content_type"),
        ("POST", url, b"{not json", json_type, 422, "bad_request"),
        ("POST", url, b'{"version": "0", "action": "tap", "pile": "S"}', json_type, 422,
         "bad_request"),
        ("POST", url, b'{"version": 0, "action": "fly"}', json_type, 422, "bad_request"),
        ("POST", url, b"\xff\xfe", json_type, 422, "bad_request"),
        ("POST", url, big(), json_type, 413, "too_large"),
        ("POST", url, b" " * 20_000, json_type, 413, "too_large"),
        ("POST", "/api/games/424242/actions", tap, json_type, 404, "game_not_found"),
        ("GET", "/api/games/0", None, {}, 422, "bad_request"),
        ("GET", "/api/games/99999999999999999999", None, {}, 422, "bad_request"),
        ("POST", url, b'{"version": 0, "action": "move", "move": "T1-F9"}', json_type, 400,
         "bad_move_text"),
        ("PUT", url, tap, json_type, 405, "method_not_allowed"),
    ]  # fmt: skip
    for method, path, body, headers, status, reason in cases:
        response = running.http.request(method, path, content=body, headers=headers)  # type: ignore[arg-type]
        assert response.status_code == status, (method, path, headers, response.text)
        error = response.json()["error"]
        assert error["reason"] == reason and error["message"], (path, headers, error)
    after = running.http.get("/api/game").json()
    assert (after["id"], after["version"]) == (view["id"], 0)  # nothing was played
    assert [game["id"] for game in running.http.get("/api/stats").json()["recent"]] == [view["id"]]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_stopping_keeps_the_time_since_the_last_action(
    db_path: Path, tmp_path: Path, sig: int
) -> None:
    clock = DrivenClock(tmp_path / "clock")
    started = Server(db_path, clock=clock)
    view = started.http.get("/api/game").json()
    started.http.post(
        f"/api/games/{view['id']}/actions", json={"version": 0, "action": "tap", "pile": "S"}
    )
    clock.advance(1.2)
    status, _, err = started.stop(sig)
    assert status == 0 and "Traceback" not in err, err
    conn = sqlite3.connect(db_path)
    saved = conn.execute("SELECT elapsed_ms, version FROM games").fetchall()
    conn.close()
    assert len(saved) == 1 and saved[0][0] >= 1200 and saved[0][1] == 1
    again = Server(db_path)
    try:
        assert again.http.get("/api/game").json()["elapsed_ms"] >= 1200
    finally:
        again.stop()
