"""Starting the game: ``klondike --help`` explains every option (issue 3, "Start").

Serving itself (the address printed, the next free port, the browser opened only with a
display and without ``--no-browser``, Ctrl-C) is tested in tests/web/test_cli_serve.py; every
browser test here starts the server with ``python -m klondike --no-browser --port P --db X``.
"""

from __future__ import annotations

import subprocess
import sys

from helpers import ROOT


def helptext(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "klondike", *args, "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
        check=True,
    )
    return " ".join(result.stdout.split())


def test_help_explains_every_option() -> None:
    text = helptext()
    assert "opened in the default browser" in text
    assert "--host HOST address to listen on (default 127.0.0.1" in text
    assert "--port PORT port to listen on; if taken, the next free one (default 8765)" in text
    assert "--no-browser do not open the game in the browser" in text
    assert "--db PATH the database file" in text
    assert "show print the layout of a game code" in text
    assert "stats print the statistics" in text
    assert "--db PATH the database file" in helptext("stats")
    assert "code a game code such as KL1-D1N-AAAAAAG" in helptext("show")
