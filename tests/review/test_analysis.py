"""The review on games whose answers are known (docs/review.md)."""

from __future__ import annotations

import random

import pytest

from helpers.positions import game
from klondike import Game
from klondike.review import Analysis, ReviewError, Settings, analyse, replay
from klondike.solver import solve

# Q♥ lies on J♥ J♦ J♣ face down: only a black King frees them, and K♠ is home for good
# (Classic: no take-backs). K♣ tops the waste, Q♦ under it.
BURY = {
    "tableau": ["JH JD JC | QH", "", "KH", "KD", "QC"],
    "waste": "QD KC",
    "foundations": {"S": 13, "H": 10, "D": 10, "C": 10},
    "rules": "classic",
}
BURIED = ["W-T2", "W-T2", "T5-T3"]  # K♣ to the empty column, then Q♦ buries it


def burying() -> Game:
    return game(**BURY)


def test_burying_the_only_king_is_where_the_win_was_lost() -> None:
    review = analyse(burying(), BURIED)
    assert review["lost_at"] == 2
    assert review["moves"][1]["card"] == "QD"
    verdicts = [p["verdict"] for p in review["positions"]]
    assert verdicts == ["winnable", "winnable", "unwinnable", "unwinnable"]
    assert review["summary"]["lost_at"] == 2
    assert not review["won"]


def test_burying_the_only_king_is_a_blunder_by_what_the_player_could_see() -> None:
    """Q♦ onto K♣ loses every layout the position wins: a blunder, 100 points, and why in
    facts: Q♦ took the K♣ that Q♥ (over three face-down cards) needed."""
    review = analyse(burying(), BURIED)
    assert review["mistakes"] == [2]
    second = review["moves"][1]
    assert second["played"]["wins"] == 0
    assert (second["class"], second["drop"], second["accuracy"]) == ("blunder", 100.0, 0.0)
    better = second["better"]
    assert better["move"] == "T1-T2" and better["card"] == "QH"
    assert better["share"]["wins"] == review["settings"]["fine_samples"]
    assert second["why"] == {"kind": "took", "card": "QD", "target": "KC", "needed_by": "QH"}
    assert [m["class"] for m in review["moves"]] == ["best", "blunder", "best"]
    assert review["summary"]["mistakes"] == 1
    assert review["summary"]["classes"] == {
        "best": 2,
        "good": 0,
        "inaccuracy": 0,
        "mistake": 0,
        "blunder": 1,
    }
    assert review["lost"] == {"move": 2, "class": "blunder", "seen": True, "why": second["why"]}


def test_a_move_a_few_layouts_behind_the_fair_choice_is_an_inaccuracy() -> None:
    """Draw 3, one draw in: Q♦ from the waste onto K♣ loses one of the 24 layouts at the
    first look; on the review's 64 it wins 35 where drawing on wins 40: 7.8 points, an
    inaccuracy (5 to 10), with the better move named and no why (only mistakes and
    blunders are explained)."""
    start = Game.from_code("KL1-D3N-AAAABWQ")
    start.play("S-W")
    review = analyse(start, ["W-T5"], settings=Settings(verdict_states=2_000))
    move = review["moves"][0]
    assert move["card"] == "QD" and move["before"]["wins"] - move["played"]["wins"] == 1
    assert (move["class"], move["drop"], move["accuracy"]) == ("inaccuracy", 7.8, 70.3)
    assert move["better"]["move"] == "S-W" and move["better"]["share"]["wins"] == 40
    assert move["why"] is None and review["mistakes"] == []
    assert review["summary"]["classes"]["inaccuracy"] == 1


def test_the_winning_line_replays_from_the_position_before_the_lost_move() -> None:
    review = analyse(burying(), BURIED)
    positions, _ = replay(burying(), BURIED)
    before = positions[review["lost_at"] - 1].copy()
    for step in review["winning_line"]:
        before.play(step["move"])
    assert before.won
    assert review["winning_line"][0] == {"move": "T1-T2", "card": "QH"}


def test_a_game_never_winnable_has_no_lost_move() -> None:
    start = game(**{**BURY, "tableau": ["JH JD KC JC | QH", "", "KH", "KD", "QC"], "waste": "QD"})
    review = analyse(start, ["T5-T3", "T3-T4", "T4-T3"])
    assert {p["verdict"] for p in review["positions"]} == {"unwinnable"}
    assert review["lost_at"] is None and review["lost_between"] is None
    assert review["winning_line"] == []


def test_a_won_game_is_winnable_everywhere_without_a_search() -> None:
    start = burying()
    line = [str(move) for move in solve(start, max_states=50_000).line]
    review = analyse(start, line, hints=2, undos=3)
    assert review["won"]
    assert {p["verdict"] for p in review["positions"]} == {"winnable"}
    assert review["lost_at"] is None and review["mistakes"] == []
    assert review["summary"] == {
        "moves": len(line),
        "mistakes": 0,
        "classes": {"best": len(line), "good": 0, "inaccuracy": 0, "mistake": 0, "blunder": 0},
        "accuracy": 100.0,
        "lost_at": None,
        "hints": 2,
        "undos": 3,
        "searches": 0,
    }


def test_a_start_with_its_own_history_replays_without_it() -> None:
    """A Solitär game some moves in (each action's record lists the Aces that flew after
    it) is a start like any other: its history is not the review's."""
    start = Game.from_code("KS1-D3X-AAAAACD")
    for move in ("T3-T6", "T7-T1", "S-W", "S-W", "S-W", "W-T4"):
        start.play(move)
    positions, played = replay(start, ["S-W"])
    assert played == ["S-W"]
    assert [len(p.snapshot()["history"]) for p in positions] == [0, 1]


def test_a_move_that_cannot_be_played_is_named() -> None:
    with pytest.raises(ReviewError, match="move 2 \\(T4-T1\\)"):
        analyse(burying(), ["W-T2", "T4-T1"])


@pytest.mark.parametrize("seed", [1, 2])
def test_the_lost_move_follows_the_rule_on_played_deals(seed: int) -> None:
    """On a deal played at random: winnable positions come first, the lost move is the
    first unwinnable position after a winnable one, and its winning line replays."""
    chooser = random.Random(seed)
    start = Game.from_code("KL1-D1N-AAAAAAG")
    playing, moves = start.copy(), []
    for _ in range(40):
        options = [m for m in playing.legal_moves() if m.source != "F"]
        if not options:
            break
        moves.append(str(playing.play(chooser.choice(options))))
    work = Analysis.of(start, moves, settings=Settings(verdict_states=20_000))
    while work.part == "verdicts":
        work.step()
    review = work.review()
    verdicts = [p["verdict"] for p in review["positions"]]
    positions, _ = replay(start, moves)
    first_lost = next((i for i, v in enumerate(verdicts) if v == "unwinnable"), len(verdicts))
    assert all(v != "unwinnable" for v in verdicts[:first_lost])
    assert all(v == "unwinnable" for v in verdicts[first_lost:])
    last_won = max((i for i, v in enumerate(verdicts) if v == "winnable"), default=-1)
    assert all(v == "winnable" for v in verdicts[: last_won + 1])
    if review["lost_at"] is not None:
        n = review["lost_at"]
        assert verdicts[n - 1] == "winnable" and verdicts[n] == "unwinnable"
        assert solve(positions[n], max_states=20_000).verdict == "unwinnable"
        replayed = positions[n - 1].copy()
        for step in review["winning_line"]:
            replayed.play(step["move"])
        assert replayed.won


def test_an_analysis_resumes_from_its_state() -> None:
    """Stopped after any step and resumed from its JSON state, it ends with the same review."""
    whole = analyse(burying(), BURIED)
    work = Analysis.of(burying(), BURIED)
    steps = 0
    while True:
        work = Analysis(work.state)
        if not work.step():
            break
        steps += 1
    assert work.review() == whole
    assert work.progress() == ("done", 4, 4)
    assert steps >= 4
