"""What the tests share, imported as ``helpers.<module>`` (``tests/`` is on the path).

- :mod:`helpers.positions`: positions written as text, refusals checked, a line that wins.
- :mod:`helpers.server`: ``python -m klondike`` started for real, on a free port.
- :mod:`helpers.forks`: such servers forked from a process that has imported the server.
- :mod:`helpers.clock`: a clock the test drives, for a server in another process.
- :mod:`helpers.pages`: a server of other page files (an upgrade's test).
- :mod:`helpers.icons`: the page's home-screen icons drawn from its favicon (``make icons``).
- :mod:`helpers.api`: acting on the app through its test client; hidden cards in a body.
- :mod:`helpers.page`: the page in Chromium, read and played with real gestures.
- :mod:`helpers.rows`: game rows written straight into the database, for the statistics.
"""

import os
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""


def with_tests_on_path(environment: Mapping[str, str]) -> dict[str, str]:
    """``environment`` with ``tests/`` first on ``PYTHONPATH``: a process started in it
    imports ``helpers``."""
    paths = [str(ROOT / "tests"), environment.get("PYTHONPATH", "")]
    return {**environment, "PYTHONPATH": os.pathsep.join(path for path in paths if path)}
