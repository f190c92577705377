"""Running the server: the socket, the host names it answers to, the browser, Ctrl-C.

`serve` is what ``klondike`` (no command) runs: it opens the database, binds a port (the
next free one if taken), builds the app of `klondike.web.api` and runs it under uvicorn
until Ctrl-C or SIGTERM, which uvicorn turns into a clean shutdown (the clocks are saved).
"""

from __future__ import annotations

import errno
import ipaddress
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import Any

from klondike.store import database as store

from .api import create_app
from .security import LOOPBACK_NAMES

DEFAULT_PORT = 8765
PORT_TRIES = 50


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
    if bare in ("0.0.0.0", "[::]", ""):  # every interface: this machine's names too
        hostname = socket.gethostname()
        extra = [hostname, f"{hostname}.local"]
        try:
            for info in socket.getaddrinfo(hostname, None):
                address = str(info[4][0])
                extra.append(f"[{address}]" if ":" in address else address)
        except OSError:
            pass
    for name in extra:
        if name.lower() not in names:
            names.append(name.lower())
    result = [f"{name}:{port}" for name in names]
    if port == 80:
        result += names
    return result


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
) -> int:
    """Run the game's server until Ctrl-C; returns the exit status."""
    import uvicorn

    if not 0 <= port <= 65535:
        print(f"klondike: the port is a number from 0 to 65535, not {port}", file=sys.stderr)
        return 2
    try:
        conn = store.open_database(db)
    except store.DatabaseError as err:
        print(f"klondike: {err}", file=sys.stderr)
        return 2
    try:
        sock = bind(host, port)
    except OSError as err:
        conn.close()
        print(f"klondike: cannot listen on {host} port {port}: {err}", file=sys.stderr)
        return 2
    bound = sock.getsockname()[1]
    app = create_app(conn, allowed_hosts=host_names(host, bound), keep_proved_deals=True)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    shown = f"[{shown}]" if ":" in shown else shown
    url = f"http://{shown}:{bound}/"
    if not is_loopback(host):
        print(
            f"klondike: warning: listening on {host}, not only on this machine: "
            "anyone who can reach it can play and read your games",
            file=sys.stderr,
        )
    print(f"klondike: playing at {url}  (Ctrl-C stops)", flush=True)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3
    )
    server = uvicorn.Server(config)
    if open_browser and has_display():
        threading.Thread(target=_open_when_started, args=(server, url), daemon=True).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        with app.state.games.db_lock:
            conn.close()
    print("klondike: stopped", flush=True)
    return 0
