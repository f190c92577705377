"""The solver's worker process, started by a lane of `klondike.web.workers`: it imports
the tasks' modules and says it is ready, runs each task the server sends it (a function and
its arguments, by reference) and sends back its answer or its error, and exits as soon as
the server is gone (Ctrl-C, sent to the whole process group, is left to the server).
"""

from __future__ import annotations

import importlib
import os
import pickle
import signal
import threading
import time
from contextlib import suppress
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any


def end_with_parent(parent: int) -> None:
    """In a worker process: exit as soon as the server ``parent`` that started it is gone
    (even killed, even before the worker was ready), so that no solver is left running and
    no pipe of the server is held open."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


def serve_tasks(
    conn: Connection, parent: int, name: str, niceness: int = 0, preload: tuple[str, ...] = ()
) -> None:
    """A worker process: import the modules ``preload`` and say it is ready, then run each
    ``(function, args)`` it is sent and send back ``("ok", result)`` or ``("error",
    exception)``, until the pipe closes. On Linux the process is called ``name`` (``ps``
    and ``top`` show ``klondike-hint``); it runs ``niceness`` steps nicer than the server."""
    end_with_parent(parent)
    # Ctrl-C in a terminal reaches the whole process group: the server stops its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness:
        with suppress(OSError):
            os.nice(niceness)
    with suppress(OSError):
        Path("/proc/self/comm").write_text(name[:15])
    for module in preload:
        importlib.import_module(module)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            function, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[str, Any] = ("ok", function(*args))
        except Exception as err:  # sent back: the waiting request says what failed
            answer = ("error", err)
        try:
            conn.send(answer)
        except (TypeError, ValueError, AttributeError, pickle.PicklingError):
            conn.send(("error", RuntimeError(repr(answer[1])[:300])))
