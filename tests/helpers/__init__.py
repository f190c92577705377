"""What the tests share, imported as ``helpers.<module>`` (``tests/`` is on the path).

- :mod:`helpers.positions`: positions written as text, refusals checked, a line that wins.
- :mod:`helpers.server`: ``python -m klondike`` started for real, on a free port.
- :mod:`helpers.clock`: a clock the test drives, for a server in another process.
- :mod:`helpers.pages`: a server of other page files (an upgrade's test).
- :mod:`helpers.icons`: the page's home-screen icons drawn from its favicon (``make icons``).
- :mod:`helpers.api`: acting on the app through its test client; hidden cards in a body.
- :mod:`helpers.page`: the page in Chromium, read and played with real gestures.
- :mod:`helpers.rows`: game rows written straight into the database, for the statistics.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root folder."""
