"""A clock the test drives, for a server in another process: the time is a number of seconds
in a file, which moves only when the test says (`DrivenClock.advance`), so a test of the
games' clocks lets time pass without waiting for it.

``python -m helpers.clock FILE [klondike's serving options]`` is ``klondike`` serving with
the games' clocks on the time in FILE (`klondike.web.serve.serve`'s ``clock``);
`helpers.server.Server` starts it when given a clock.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

START = 1000.0
"""The time a driven clock starts at (seconds; any monotonic reading would do)."""


class DrivenClock:
    """Monotonic seconds kept in the file ``path``: read by the server at each use, moved
    forward by the test."""

    def __init__(self, path: Path, *, start: float | None = None) -> None:
        self.path = path
        if start is not None or not path.exists():
            self.set(START if start is None else start)

    def __call__(self) -> float:
        """The time now, as the file says."""
        return float(self.path.read_text())

    def set(self, seconds: float) -> None:
        """Make the time ``seconds`` (the file is replaced whole: a reader never sees half)."""
        fresh = self.path.with_name(f"{self.path.name}.new")
        fresh.write_text(repr(float(seconds)))
        os.replace(fresh, self.path)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        self.set(self() + seconds)


def main(argv: list[str]) -> int:
    """Serve as ``klondike`` does, with the games' clocks on the time in ``argv[0]``."""
    from helpers.pages import serve_as_klondike

    return serve_as_klondike(argv[1:], clock=DrivenClock(Path(argv[0])))


if __name__ == "__main__":  # not when a solver worker process imports this module
    sys.exit(main(sys.argv[1:]))
