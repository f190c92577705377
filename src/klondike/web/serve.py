"""Running the server: the socket, the host names it answers to, the browser, the stop.

`serve` is what ``klondike`` (no command) runs: it opens the database, binds a port (the
next free one if taken), builds the app of `klondike.web.api` and runs it under uvicorn
until Ctrl-C or SIGTERM, both a clean stop: the clocks are saved, the WAL is copied into
the database file, the connection is closed, "stopped" is printed and the status is 0.

Connections are bounded (`make_server`): at most `MAX_CONNECTIONS` at once (more get 503),
and a request must arrive whole (headers and body) within `REQUEST_TIMEOUT` seconds of its
first byte (or of the connection), else the connection is closed (`BoundedProtocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import ipaddress
import os
import signal
import socket
import struct
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from klondike.fair.pool import shipped_pool
from klondike.store import database as store

from .api import create_app
from .proved_deals import TIER_MODES
from .security import LOOPBACK_NAMES
from .views.page import STATIC_DIR

DEFAULT_PORT = 8765
PORT_TRIES = 50
MAX_CONNECTIONS = 64
"""Open connections at most; a request beyond that is answered 503."""
REQUEST_TIMEOUT = 10.0
"""Seconds a request may take to arrive whole, headers and body, before its connection is
closed (a client that sends less than it announced does not hold a connection forever)."""


def is_loopback(host: str) -> bool:
    """True for an address or name of this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_names(host: str, port: int) -> list[str]:
    """The Host header values the server answers to when listening on ``host:port``.

    >>> host_names("127.0.0.1", 8765)
    ['127.0.0.1:8765', 'localhost:8765', '[::1]:8765']
    """
    names = list(LOOPBACK_NAMES)
    bare = host.strip("[]")
    if ":" in bare:
        bare = f"[{bare}]"
    extra = [bare]
    if bare in ("0.0.0.0", "[::]", ""):  # every interface: this machine's names and addresses
        hostname = socket.gethostname()
        extra = [hostname, f"{hostname}.local"]
        extra += (f"[{address}]" if ":" in address else address for address in own_addresses())
    for name in extra:
        if name.lower() not in names:
            names.append(name.lower())
    result = [f"{name}:{port}" for name in names]
    if port == 80:
        result += names
    return result


def own_addresses() -> list[str]:
    """The addresses of this machine's network interfaces (without zone; link-local IPv6
    ones left out, a Host header cannot name them), and those its host name resolves to."""
    found: list[str] = []
    for index_name in _interface_names():
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            packed = struct.pack("256s", index_name.encode()[:15])
            found.append(socket.inet_ntoa(fcntl.ioctl(s.fileno(), 0x8915, packed)[20:24]))
    with contextlib.suppress(OSError), open("/proc/net/if_inet6", encoding="ascii") as table:
        for line in table:
            digits = line.split()[0]
            found.append(str(ipaddress.IPv6Address(bytes.fromhex(digits))))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.append(str(info[4][0]).partition("%")[0])
    addresses: list[str] = []
    for address in found:
        parsed = ipaddress.ip_address(address)
        if not (parsed.is_link_local or parsed.is_unspecified) and address not in addresses:
            addresses.append(address)
    return addresses


def _interface_names() -> list[str]:
    """The names of the network interfaces (none where the system cannot list them)."""
    try:
        return [name for _, name in socket.if_nameindex()]
    except OSError:
        return []


def lan_address(addresses: list[str]) -> str | None:
    """The first address others on the network can reach this machine at, or None.

    >>> lan_address(["127.0.0.1", "::1", "192.168.1.20", "10.0.0.5"])
    '192.168.1.20'
    """
    for address in addresses:
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


class BoundedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with a deadline for each request to arrive whole: from
    the connection (or a request's first byte) to the end of its body. A connection past
    its deadline is answered 408 (if nothing was answered yet) and closed."""

    request_timeout: float = REQUEST_TIMEOUT
    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None:
            self._arm()
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self._disarm()  # the request arrived whole (or the connection is done)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            self.transport.write(
                b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
            )
        self.transport.close()


class Server(uvicorn.Server):
    """uvicorn's server, stopped the same way by SIGINT (Ctrl-C) and SIGTERM: a clean
    shutdown, and the signal is not raised again afterwards (so the exit status is 0)."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        stops = (signal.SIGINT, signal.SIGTERM)
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in stops}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def make_server(app: Any, protocol: type[H11Protocol] = BoundedProtocol) -> Server:
    """The uvicorn server of ``app``: bounded connections (`MAX_CONNECTIONS`, the request
    deadline of ``protocol``), a short keep-alive, a clean stop on SIGINT and SIGTERM."""
    config = uvicorn.Config(
        app,
        http=protocol,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=3,
        timeout_keep_alive=5,
        limit_concurrency=MAX_CONNECTIONS,
    )
    return Server(config)


def bind(host: str, port: int, tries: int = PORT_TRIES) -> socket.socket:
    """A listening socket on ``port``, or the next free one; OSError if none is free."""
    bare = host.strip("[]")
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    last: OSError | None = None
    for candidate in range(port, min(port + tries, 65536)):
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only then (without
        # it, Nagle and delayed ACKs add 40 ms to every answer)
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((bare, candidate))
            sock.listen(128)
        except OSError as err:
            sock.close()
            last = err
            if err.errno in (errno.EADDRINUSE, errno.EACCES):
                continue
            raise
        sock.set_inheritable(True)
        return sock
    raise last or OSError(f"no free port from {port}")


def has_display() -> bool:
    """False on Linux without a graphical session (no DISPLAY or WAYLAND_DISPLAY)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _open_when_started(server: Any, url: str, wait: float = 10.0) -> None:
    """Open ``url`` in the default browser once the server accepts connections."""
    deadline = time.monotonic() + wait
    while not server.started and not server.should_exit and time.monotonic() < deadline:
        time.sleep(0.05)
    if server.started and not server.should_exit:
        webbrowser.open(url)


def serve(
    host: str = "127.0.0.1",
    port: int = DEFAULT_PORT,
    open_browser: bool = True,
    db: str | Path | None = None,
    clock: Callable[[], float] = time.monotonic,
    shipped_deals: bool = True,
    static_dir: Path = STATIC_DIR,
) -> int:
    """Run the game's server until Ctrl-C or SIGTERM; returns the exit status.

    ``clock`` (monotonic seconds) runs the games' clocks, as `create_app`'s: a test that
    wants time to pass without waiting for it gives one it drives (tests/helpers/clock.py).
    A difficulty's deals come from the package's pool of rated deals first
    (`klondike.fair.pool`), unless not ``shipped_deals``. ``static_dir`` holds the page's
    files (a test of an upgrade serves other ones).
    """
    if not 0 <= port <= 65535:
        print(f"klondike: the port is a number from 0 to 65535, not {port}", file=sys.stderr)
        return 2
    where = store.default_db_path() if db is None else Path(db)
    new_file = not where.exists()
    try:
        conn = store.open_database(where)
    except store.DatabaseError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return 2
    for said in conn.notices:
        print(f"klondike: {said}", file=sys.stderr)
    try:
        sock = bind(host, port)
    except OSError as err:
        conn.close()
        print(f"klondike: cannot listen on {host} port {port}: {err}", file=sys.stderr)
        return 2
    bound = sock.getsockname()[1]
    app = create_app(
        conn,
        allowed_hosts=host_names(host, bound),
        clock=clock,
        static_dir=static_dir,
        keep_proved_deals=True,
        rated_modes=TIER_MODES,
        pool=shipped_pool() if shipped_deals else None,
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{bound}/"
    if not is_loopback(host):
        every = host in ("0.0.0.0", "::", "")
        lan: str | None = lan_address(own_addresses()) if every else host
        reach = f" (from another machine: http://{lan}:{bound}/)" if lan else ""
        print(
            f"klondike: warning: listening on {host}, not only on this machine: "
            f"anyone who can reach it can play and read your games{reach}",
            file=sys.stderr,
        )
    if new_file:
        print(f"klondike: a new database at {where}", file=sys.stderr)
    print(f"klondike: playing at {url}  (Ctrl-C stops)", flush=True)
    server = make_server(app)
    if open_browser and has_display():
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        notice = store.close_database(conn)
    if notice is not None:
        print(f"klondike: {notice}", file=sys.stderr)
    print("klondike: stopped", flush=True)
    return 0
