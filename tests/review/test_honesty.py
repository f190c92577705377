"""The review's honesty where the other tests do not look (issue 33): a search left
unknown proves no loss, and a move that loses exactly a class's margin is looked at and
classed there, each boundary tested from both sides (docs/review.md, "Move classes and
accuracy")."""

from __future__ import annotations

import pytest

from klondike import Game
from klondike.review import DROPS, Analysis, Settings, analyse, move_class
from klondike.review.classes import CLASSES, JUDGED, MoveClass
from klondike.solver import solve

UNDECIDED = ("KC1-D1X-AAAAAAB", "S-W W-T5 S-W")
"""Three moves of a Classic deal: within 300 positions the search proves the position after
the first winnable and leaves the next ones undecided; they can still be won."""


def test_a_search_left_unknown_is_no_proof_of_loss() -> None:
    """No "lost at move 2": the position after it was only left undecided by the bound."""
    code, moves = UNDECIDED
    work = Analysis.of(Game.from_code(code), moves.split(), settings=Settings(verdict_states=300))
    while work.part == "verdicts":
        work.step()
    review = work.review()
    verdicts = [position["verdict"] for position in review["positions"]]
    assert verdicts == ["winnable", "winnable", "unknown", "unknown"]
    assert solve(work.positions[2], max_states=20_000).verdict == "winnable"
    assert review["lost_at"] is None and review["lost"] is None
    assert review["lost_between"] is None  # nothing proved lost, so nothing lies between


LEAST: dict[MoveClass, float] = {name: least for name, least in DROPS}


@pytest.mark.parametrize("name", list(LEAST))
def test_each_class_begins_exactly_at_its_drop(name: MoveClass) -> None:
    """At its least drop a move is of the class; a hundredth of a point less, of the class
    before it."""
    below = CLASSES[CLASSES.index(name) - 1]
    assert (move_class(LEAST[name] - 0.01), move_class(LEAST[name])) == (below, name)


def one_move(code: str, moves: str, move: str, fine_samples: int) -> dict[str, object]:
    """The review's entry for ``move`` played from the game of ``code`` after ``moves``."""
    start = Game.from_code(code)
    for text in moves.split():
        start.play(text)
    settings = Settings(verdict_states=2_000, share_states=300, fine_samples=fine_samples)
    review = analyse(start, [move], settings=settings)
    entry: dict[str, object] = review["moves"][0]
    assert review["mistakes"] == ([1] if entry["class"] in JUDGED else [])
    return entry


@pytest.mark.parametrize(
    ("code", "moves", "move", "name", "first_look"),
    [
        ("KL1-D1N-AAAAAF4", "T7-T6 S-W", "W-T7", "inaccuracy", 1),
        ("KL1-D1N-AAAAAZU", "T1-T7", "T4-T7", "mistake", 2),
        ("KL1-D3N-AAAABPI", "S-W T5-T6 T6-T5 T5-T6 S-W T3-T2", "T1-T3", "blunder", 3),
    ],
)
def test_a_move_that_loses_exactly_a_class_margin_is_of_that_class(
    code: str, moves: str, move: str, name: MoveClass, first_look: int
) -> None:
    """On 20 layouts one is 5 points: a move the fair player's choice beats by exactly 1,
    2 or 3 of them is an inaccuracy, a mistake or a blunder, and only the last two are
    explained. Each is looked at again because it loses layouts at the first look (the
    inaccuracy exactly one, the first look's margin)."""
    entry = one_move(code, moves, move, fine_samples=20)
    before, played = entry["before"], entry["played"]
    assert isinstance(before, dict) and isinstance(played, dict)
    assert before["wins"] - played["wins"] == first_look
    assert (entry["drop"], entry["class"]) == (LEAST[name], name)
    assert entry["better"] is not None
    assert (entry["why"] is not None) is (name in JUDGED)
