"""The fair player's choices (docs/fair.md, "Choices, not single moves"): which moves
commit, the look at an unseen stock, and lines whose steps are legal in every layout the
player cannot tell apart."""

from __future__ import annotations

import random

from hypothesis import given, settings

from fair.test_fair import PLAYED, played_in
from helpers.positions import position
from klondike import Game, Move
from klondike.fair import commitment, commits, decide, layouts, play_out, scouting_move
from klondike.fair.choices import MAX_STEPS, stock_choices
from klondike.information import information_set
from klondike.solver import solve
from review.test_analysis import burying


def after(game: Game, text: str) -> tuple[Game, Move]:
    moved = game.copy()
    return moved, moved.play(text)


def commits_here(game: Game, text: str) -> bool:
    moved, move = after(game, text)
    return commits(game, move, moved)


def test_a_card_turned_up_commits() -> None:
    game = Game.from_snapshot(position(tableau=["KS", "3 | QH"]))
    assert commits_here(game, "T2-T1")


def test_a_run_moved_between_twins_is_a_step() -> None:
    """9♥ lies on 10♠; moving it onto 10♣ can be taken back: it commits to nothing."""
    game = Game.from_snapshot(position(tableau=["KD QS JH TS 9H", "KH QC JD TC"]))
    assert not commits_here(game, "T1-T2")


def test_a_column_emptied_of_a_card_that_is_not_a_king_commits() -> None:
    game = Game.from_snapshot(position(tableau=["KS QH", "JS"]))
    assert commits_here(game, "T2-T1")  # only a King may go back into the empty column


def test_a_waste_card_played_commits() -> None:
    game = Game.from_snapshot(position(tableau=["KS"], waste="QH"))
    assert commits_here(game, "W-T1")


def test_a_draw_is_a_step_only_where_the_stock_is_seen_and_free() -> None:
    seen = Game.from_code("KL1-D3N-AAAAAAG")
    while seen.stock:
        seen.play("S-W")
    seen.play("W-S")  # every stock card was seen: the order is known, and it is kept
    assert not seen.unseen_stock() and not commits_here(seen, "S-W")
    assert commits_here(Game.from_code("KL1-D3N-AAAAAAG"), "S-W")  # turns up a new card
    vegas = Game.from_code("KL1-D1V-AAAAAAG")
    assert commits_here(vegas, "S-W")  # one pass only
    classic = Game.from_code("KC1-D1X-AAAAAAG")
    while classic.stock:
        classic.play("S-W")
    assert commits_here(classic, "W-S")  # the redeal is shuffled


def test_a_draw_commits_where_no_pass_comes_round_to_the_waste_again() -> None:
    """Draw 3, the stock seen: with whole draws on the waste a draw is a step; once a waste
    card was played, the waste lies where no pass stops, and drawing on loses its top."""
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for move in ["S-W"] * 8 + ["W-S", "S-W"]:
        game.play(move)
    assert len(game.waste) == 3 and not commits_here(game, "S-W")
    game.play("W-F1")
    assert len(game.waste) == 2 and commits_here(game, "S-W")
    assert stock_choices(game) == []  # the draws to a card would commit on the way


def test_the_stock_is_looked_at_where_that_costs_nothing() -> None:
    assert str(scouting_move(Game.from_code("KL1-D3N-AAAAAAG"))) == "S-W"
    assert str(scouting_move(Game.from_code("KS1-D3X-AAAAAAG"))) == "S-W"
    assert scouting_move(Game.from_code("KL1-D3V-AAAAAAG")) is None  # one pass
    assert scouting_move(Game.from_code("KC1-D3X-AAAAAAG")) is None  # shuffled redeal
    looked = play_out(Game.from_code("KL1-D1N-AAAAAAG"), samples=2, max_states=200, max_decisions=1)
    # the Ace and the Two go home (forced), then the whole stock is drawn before any choice
    assert looked.moves[:26] == ("T1-F3", "T7-F2") + ("S-W",) * 24


@settings(max_examples=25, deadline=None, derandomize=True)
@given(**PLAYED)
def test_a_commitment_turns_up_nothing_before_its_last_move(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    """A layout's line cut at its first committing move: every move before it is a step
    and plays alike in every other layout, so the choice is legal wherever it is tried."""
    game = played_in(deal, mode, moves, seed)
    drawn = list(layouts(information_set(game), 3, seed))
    line = solve(drawn[0], max_states=400).line
    choice = commitment(drawn[0], line)
    if choice is None:
        assert not line
        return
    assert choice == line[: len(choice)] and len(choice) <= MAX_STEPS + 1
    for layout in drawn:
        walk = layout.copy()
        for move in choice[:-1]:
            moved, played_move = after(walk, str(move))
            assert not commits(walk, played_move, moved)
            assert information_set(moved)["unseen"] == information_set(walk)["unseen"]
            walk = moved
        walk.play(choice[-1])


def test_the_choice_replays_and_only_its_last_move_commits() -> None:
    rng = random.Random(5)
    checked = 0
    for code in ("KL1-D3N-AAAAAAH", "KL1-D1N-AAAAAAG", "KS1-D3X-AAAAAAE"):
        game = Game.from_code(code)
        for _ in range(40):
            decision = decide(game, samples=6, max_states=300, seed=rng.randrange(99))
            if decision.move is None:
                break
            assert decision.move == decision.line[0]
            for move in decision.line[:-1]:
                moved, played_move = after(game, str(move))
                assert not commits(game, played_move, moved)
                game = moved
            game.play(decision.line[-1])
            checked += len(decision.line)
    assert checked > 60


def test_a_move_that_buries_the_only_king_is_not_chosen() -> None:
    """K♣ went to the empty column; Q♦ on it would bury the only King that frees the
    column under Q♥ (the review's example): the fair player plays something else."""
    game = burying()
    game.play("W-T2")
    decision = decide(game, samples=8, max_states=500)
    assert decision.move is not None and str(decision.line[0]) != "W-T2"
    assert decision.share.wins == 8
