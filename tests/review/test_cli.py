"""``klondike analyse``: the review in the terminal, a progress bar on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from klondike import Game
from klondike.cli import main
from klondike.store import database as store
from klondike.store.database import open_database

CODE = "KL1-D1N-AAAAAAG"
QUICK = ["--samples", "2", "--states", "2000"]


def stored_game(db: Path, moves: list[str], status: str) -> int:
    game = Game.from_code(CODE)
    for move in moves:
        game.play(move)
    conn = open_database(db)
    game_id = store.insert_game(conn, Game.from_code(CODE))
    store.save_game(
        conn, game_id, game, version=len(moves), elapsed_ms=0, status=status, line=" ".join(moves)
    )
    conn.close()
    return game_id


def test_a_code_and_its_moves_are_reviewed_with_a_progress_bar(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", CODE, "--moves", "S-W S-W T1-F", *QUICK, "--progress"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{CODE}  3 moves  not won  accuracy 100%  hints 0  undos 0")
    assert "best 3  good 0  inaccuracy 0  mistake 0  blunder 0" in out
    assert "Knowing every card: it could still be won when it was left." in out
    assert "T1-F3" in out and "AD" in out
    assert "what you could see: move 3 of 3" in err and "knowing every card:" in err


def test_a_stored_game_is_reviewed_and_one_being_played_is_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "k.db"
    left = stored_game(db, ["S-W", "S-W"], "abandoned")
    playing = stored_game(db, ["S-W"], "playing")
    assert main(["analyse", str(left), "--db", str(db), *QUICK]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"{CODE}  2 moves") and err == ""
    assert main(["analyse", str(playing), "--db", str(db)]) == 1
    _, err = capsys.readouterr()
    assert err == (
        f"klondike: game {playing} ({CODE}) cannot be reviewed: it is still being played: "
        "its review opens once the game is over\n"
    )
    assert main(["analyse", "99", "--db", str(db)]) == 1
    assert "there is no game 99" in capsys.readouterr().err


def test_a_review_the_server_kept_is_printed_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "k.db"
    left = stored_game(db, ["S-W"], "abandoned")
    assert main(["analyse", CODE, "--moves", "S-W", *QUICK]) == 0
    printed = capsys.readouterr().out
    from klondike.review import Settings, analyse

    review = analyse(Game.from_code(CODE), ["S-W"], settings=Settings(samples=2))
    conn = open_database(db)
    store.save_review(conn, left, {}, review)
    conn.close()
    assert main(["analyse", str(left), "--db", str(db)]) == 0
    assert capsys.readouterr().out.startswith(printed.splitlines()[0])


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([CODE, "--moves", "T1-T2"], "klondike: move 1 (T1-T2) cannot be played there"),
        ([CODE], 'klondike: a code needs its moves: --moves "S-W T3-F2 …"'),
        (["KX1"], "klondike: a code needs its moves"),
        (["3", "--moves", "S-W"], "klondike: --moves goes with a code, not a game id"),
    ],
)
def test_bad_input_is_said_clearly(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", *argv]) == 2
    assert capsys.readouterr().err.startswith(said)
