"""``make test`` runs the tests with ``--dist loadgroup``: the tests of one ``xdist_group``
run in one process (tests/test_packaging.py builds its wheels there while the other
process runs other tests). pytest 9.2 with pytest-xdist 3.8 drops the groups without a
word (pytest-dev/pytest-xdist#1386), hence pyproject's ``pytest<9.2``; this test fails
wherever the groups are lost."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

GROUPED = """
import os
from pathlib import Path

import pytest


@pytest.mark.xdist_group("one")
@pytest.mark.parametrize("index", range(6))
def test_grouped(index):
    Path(f"ran-{index}").write_text(os.environ["PYTEST_XDIST_WORKER"])
"""

ALONE = ("-p", "xdist.plugin", "-p", "no:cacheprovider", "test_grouped.py")
"""xdist and no other plugin, no cache, and only the toy file: the project's own settings
stay out, and the run takes a second or two."""


def test_the_tests_of_a_group_run_in_one_process(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q", *ALONE],
        cwd=tmp_path,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    workers = {path.read_text() for path in tmp_path.glob("ran-*")}
    assert len(list(tmp_path.glob("ran-*"))) == 6
    assert len(workers) == 1, f"the group ran in {sorted(workers)}"
