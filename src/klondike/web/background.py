"""A thread of the server that does its owner's work off the request path, one turn at a
time: `Background`. The gauges (`klondike.web.gauge`), the reviews
(`klondike.web.reviewing`) and the pool of proved deals (`klondike.web.proved_deals`) each
run on one.

The owner keeps its work (jobs in turn, a queue, pools to fill) under the lock
``changed``. The thread sleeps until the owner has a turn for it, takes the turn with
the lock held (the owner's ``take``), and does it with the lock free: typically a part
of a job sent to a solver lane (`klondike.web.workers`) and waited for. A full lane makes
the owner `pause`; `stop` ends the thread before its next turn.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

Turn = Callable[[], None]
"""One turn of the work: done by the thread, the lock free."""


class Background:
    """The thread ``name`` (a daemon, started by `start`), taking its turns from
    ``take``: called with ``changed`` held, it answers the next turn, or None while the
    owner has none (the thread then sleeps until `wake` or `stop`).

    ``changed`` is the owner's lock, a condition (by default a new one).
    """

    def __init__(
        self,
        name: str,
        take: Callable[[], Turn | None],
        changed: threading.Condition | None = None,
    ) -> None:
        self.name, self.take = name, take
        self.changed = changed if changed is not None else threading.Condition()
        self.stopping = False
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread; once started, nothing."""
        with self.changed:
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name=self.name, daemon=True)
                self.thread.start()

    def wake(self) -> None:
        """The owner has a new turn: the thread, if it sleeps, asks ``take`` again."""
        with self.changed:
            self.changed.notify_all()

    def pause(self, seconds: float) -> None:
        """Wait ``seconds`` (a full lane) unless stopped; `wake` and `stop` end it early.
        The lock may be held or not."""
        with self.changed:
            if not self.stopping:
                self.changed.wait(seconds)

    def stop(self) -> None:
        """End the thread before its next turn (the turn it does now is finished)."""
        with self.changed:
            self.stopping = True
            self.changed.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait at most ``timeout`` seconds for the thread to end (if it was started)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def is_alive(self) -> bool:
        """True while the thread runs."""
        return self.thread is not None and self.thread.is_alive()

    def _next(self) -> Turn | None:
        """The owner's next turn, once it has one; None once stopped (``changed`` held)."""
        while not self.stopping:
            turn = self.take()
            if turn is not None:
                return turn
            self.changed.wait()
        return None

    def _run(self) -> None:
        while True:
            with self.changed:
                turn = self._next()
            if turn is None:
                return
            turn()
