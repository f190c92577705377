"""Waiting on a condition, never on the clock alone."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], bool], seconds: float = 60) -> None:
    """Wait (polling every 20 ms) until ``condition`` holds; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"the condition did not hold within {seconds} s"
        time.sleep(0.02)
