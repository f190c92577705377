"""Slow and partial requests: a request must arrive whole in time, connections are bounded,
and the server keeps answering others meanwhile (uvicorn in a thread, loopback only)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest

from klondike.web import serve
from klondike.web.api import create_app

TIMEOUT = 1.0  # the request deadline in these tests (the real one is serve.REQUEST_TIMEOUT)

PATIENT = 3.0
"""A longer deadline, for a test that times the answers to other requests before it, or
that needs its idle connections held while it asks: room for a loaded machine."""


@pytest.fixture
def served(request: pytest.FixtureRequest) -> Iterator[tuple[serve.Server, str]]:
    """A server of a fresh in-memory game in a thread, with a short request deadline
    (``TIMEOUT``, or the fixture's parameter), and its URL."""

    class QuickProtocol(serve.BoundedProtocol):
        request_timeout = getattr(request, "param", TIMEOUT)

    sock = serve.bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(":memory:", allowed_hosts=serve.host_names("127.0.0.1", port))
    server = serve.make_server(app, protocol=QuickProtocol)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    yield server, f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def url(served: tuple[serve.Server, str]) -> str:
    """The URL of the server (`served`)."""
    return served[1]


def connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=5)
    return sock


def answer_of(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    received = b""
    while chunk := sock.recv(4096):
        received += chunk
    return received


def partial_body(url: str) -> socket.socket:
    """A connection that announces 100 bytes of body and sends 10."""
    sock = connect(url)
    host = url.removeprefix("http://")
    sock.sendall(
        f"POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f'Content-Length: 100\r\n\r\n{{"draw": 1'.encode()
    )
    return sock


@pytest.mark.parametrize("served", [PATIENT], indirect=True)
def test_a_body_shorter_than_its_length_does_not_hold_the_connection(url: str) -> None:
    assert httpx.get(url + "/api/game").status_code == 200  # the game exists
    slow = [partial_body(url) for _ in range(5)]
    started = time.monotonic()
    # meanwhile the server answers others, before the slow ones are refused
    with httpx.Client(base_url=url, timeout=2) as http:
        for _ in range(3):
            assert http.get("/api/game").status_code == 200
    assert time.monotonic() - started < PATIENT
    for sock in slow:
        got = answer_of(sock)
        sock.close()
        assert got.startswith(b"HTTP/1.1 408"), got
    assert time.monotonic() - started < PATIENT + 2
    with httpx.Client(base_url=url, timeout=2) as http:
        assert http.get("/api/stats").json()["recent"][0]["moves"] == 0  # no game was started


@pytest.mark.parametrize("sent", [b"", b"GET /api/game HTTP/1.1\r\nHost: 127"])
def test_a_silent_or_half_sent_request_is_closed(url: str, sent: bytes) -> None:
    sock = connect(url)
    sock.sendall(sent)
    started = time.monotonic()
    got = answer_of(sock)
    sock.close()
    assert TIMEOUT - 0.1 < time.monotonic() - started < TIMEOUT + 2
    assert got in (
        b"",
        b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n",
    )


def test_a_request_arriving_slowly_but_in_time_is_answered(url: str) -> None:
    sock = connect(url)
    host = url.removeprefix("http://")
    request = f"GET /api/game HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    for i in range(0, len(request), 20):
        sock.sendall(request[i : i + 20])
        time.sleep(TIMEOUT / 10)
    got = answer_of(sock)
    sock.close()
    assert got.startswith(b"HTTP/1.1 200")


@pytest.mark.parametrize("served", [PATIENT], indirect=True)
def test_connections_are_bounded_and_freed(served: tuple[serve.Server, str]) -> None:
    server, url = served
    idle = [connect(url) for _ in range(serve.MAX_CONNECTIONS + 5)]
    try:
        deadline = time.monotonic() + PATIENT
        while len(server.server_state.connections) < len(idle):  # until it holds them all
            assert time.monotonic() < deadline, len(server.server_state.connections)
            time.sleep(0.01)
        with httpx.Client(base_url=url, timeout=2) as http:
            assert http.get("/api/game").status_code == 503  # over the bound: refused at once
        for sock in idle:  # each closed by the server at its deadline
            got = answer_of(sock)
            assert got == b"" or got.startswith(b"HTTP/1.1 408"), got
    finally:
        for sock in idle:
            sock.close()
    with httpx.Client(base_url=url, timeout=2) as http:
        assert http.get("/api/game").status_code == 200  # the idle ones were closed
