"""`klondike show CODE`: prints the layout; exits 2 with the reason for a bad code."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from klondike import Game
from klondike.cli import main


def test_show_prints_the_layout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "KL1-D1N-AAAAAAG"]) == 0
    out = capsys.readouterr().out
    assert out == str(Game.from_code("KL1-D1N-AAAAAAG")) + "\n"
    lines = out.splitlines()
    assert lines[0].startswith("KL1-D1N-AAAAAAG  Draw 1  Normal  score 0")
    assert "S [24]" in lines[1]
    assert lines[3].split() == [f"T{i}" for i in range(1, 8)]
    # the face-up cards of deal 6, one per column, on the diagonal
    assert lines[4].split() == ["AD", "##", "##", "##", "##", "##", "##"]
    assert lines[10].split() == ["AH"]
    assert "JC" in lines[5] and "KD" in lines[6] and "3S" in lines[9]


def test_show_accepts_case_and_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "  kl1-d3v-7777777 "]) == 0
    out = capsys.readouterr().out
    assert out.startswith("KL1-D3V-7777777  Draw 3  Vegas  score -$52")


@pytest.mark.parametrize(
    "code,words",
    [
        ("KL2-D1N-AAAAAAG", "starts with KL1, KC1 or KS1"),
        ("KL1-D2N-AAAAAAG", "D1 or D3"),
        ("KL1-D1Y-AAAAAAG", "N (Normal), V (Vegas) or X (no score)"),
        ("KS1-D1X-AAAAAAG", "Solitär is played with Draw 3, not Draw 1"),
        ("KL1-D1N-AAAA", "7 characters"),
        ("KL1-D1N-AAAAAA1", "A–Z"),
        ("hello", "is not a game code"),
    ],
)
def test_show_bad_code_exits_2(code: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", code]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("klondike: ")
    assert words in captured.err


@pytest.mark.parametrize(
    "command",
    [
        ["solve", "KL1-D1N-AAAAAAG"],
        ["show", "KL1-D1N-AAAAAAG"],
        ["export", "KL1-D1N-AAAAAAG", "--format", "json"],
        ["analyse", "KL1-D1N-AAAAAAG", "--moves", "S-W"],
        ["--help"],
        ["solve", "--help"],
    ],
)
def test_a_command_whose_reader_is_gone_stops_quietly(command: list[str]) -> None:
    """``klondike solve CODE | head -1`` once ``head`` has gone: its output has nowhere to
    go (a pipe whose reading end is closed before anything is written), and the command
    stops with status 0 and nothing on stderr — no BrokenPipeError traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "klondike", *command],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr == b"" and done.returncode == 0
