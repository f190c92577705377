"""`klondike solve` and `klondike export`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.positions import almost_won
from klondike import Game
from klondike.cli import main


def test_solve_prints_verdict_states_time_and_the_numbered_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "KL1-D1N-AAAAAAG", "--budget", "20"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("KL1-D1N-AAAAAAG: winnable (")
    assert "positions searched in" in lines[0]
    g = Game.from_code("KL1-D1N-AAAAAAG")
    for number, line in enumerate(lines[1:], start=1):
        index, move, what = line.split(maxsplit=2)
        assert index == f"{number}."
        g.play(move)
        assert what
    assert g.won
    assert lines[1].split() == ["1.", "T1-F3", "AD"]


def test_solve_a_snapshot_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(almost_won().snapshot()))
    assert main(["solve", "--snapshot", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "winnable" in out[0]
    assert out[1].split() == ["1.", "T1-F4", "KC"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve"], "give a game code or --snapshot"),
        (["solve", "KL1-D1N-AAAAAAG", "--snapshot", "x.json"], "give a game code"),
        (["solve", "nonsense"], "not a game code"),
        (["solve", "--snapshot", "/nonexistent/x.json"], "cannot read the snapshot"),
        (["solve", "KL1-D1N-AAAAAAG", "--budget", "-1"], "--budget"),
        (["solve", "KL1-D1N-AAAAAAG", "--states", "0"], "--states"),
        (["export", "nonsense"], "not a game code"),
    ],
)
def test_bad_arguments_exit_2_with_the_reason(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_solve_a_bad_snapshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"code": "KL1-D1N-AAAAAAG"}')
    assert main(["solve", "--snapshot", str(path)]) == 2
    assert "missing" in capsys.readouterr().err


def test_export_solvitaire(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "KL1-D1N-AAAAAAG", "--format", "solvitaire"]) == 0
    deal = json.loads(capsys.readouterr().out)
    g = Game.from_code("KL1-D1N-AAAAAAG")
    snap = g.snapshot()
    assert deal["tableau piles"][0] == ["AD"]
    assert deal["tableau piles"][3][-1] == "10C"  # ten written 10, face up upper case
    assert all(card == card.lower() for card in deal["tableau piles"][6][:-1])
    assert [c.replace("10", "T") for c in deal["stock"]] == snap["stock"]


def test_export_shootme_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "KL1-D1N-AAAAAAG", "--format", "shootme"]) == 0
    text = capsys.readouterr().out.strip()
    assert len(text) == 156 and text.isdigit() and text.startswith("012")
    assert main(["export", "KL1-D1N-AAAAAAG", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == Game.from_code("KL1-D1N-AAAAAAG").snapshot()
