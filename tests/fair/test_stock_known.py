"""The fair player under lonelybot's rules (``stock_known``): the stock's order is known
from the deal, so twins that differ in the stock are told apart, twins that differ in the
face-down cards are not, the layouts keep the stock and the waste, its games replay in the
engine, and nothing of the game asks for it."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from hypothesis import given, settings

from fair.test_fair import PLAYED, played_in
from helpers.positions import position
from klondike import Game
from klondike.fair import decide, play_out
from klondike.fair.sampler import layouts
from klondike.information import information_set

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "klondike"


def down_shuffled(game: Game, seed: int) -> Game:
    """``game`` with its face-down column cards dealt again among their slots (the stock,
    the waste and every face-up card as they lie)."""
    snapshot = {**game.snapshot(), "history": []}
    down = [card for column in snapshot["tableau"] for card in column["down"]]
    random.Random(seed).shuffle(down)
    for column in snapshot["tableau"]:
        column["down"] = [down.pop() for _ in column["down"]]
    return Game.from_snapshot(snapshot)


def stock_reversed(game: Game) -> Game:
    """``game`` with its stock in the reverse order, every other card as it lies."""
    snapshot = {**game.snapshot(), "history": []}
    snapshot["stock"] = snapshot["stock"][::-1]
    return Game.from_snapshot(snapshot)


OPEN_STOCK = position(tableau=["4 | 5H", "3 | 9C", "2 | QD"], waste="KC", draw=1, scoring="normal")
"""Three columns with cards face down, a King on the waste, the other cards in the stock
(its order unseen)."""


def test_twins_that_differ_in_the_stock_are_told_apart_only_when_it_is_known() -> None:
    game = Game.from_snapshot(OPEN_STOCK)
    other = stock_reversed(game)
    assert information_set(game) == information_set(other)  # today: the stock is unseen
    today = [decide(g, samples=4, max_states=300) for g in (game, other)]
    assert dataclasses.replace(today[0], seconds=0.0) == dataclasses.replace(today[1], seconds=0.0)
    assert today[0].line == (game.stock_step(),)  # a look at the stock first
    assert information_set(game, stock_known=True) != information_set(other, stock_known=True)
    known = [decide(g, samples=4, max_states=300, stock_known=True) for g in (game, other)]
    assert all(decision.line != today[0].line for decision in known)  # nothing to look at
    assert set(known[0].candidates) != set(known[1].candidates)  # the draws to each card
    assert known[0].line != known[1].line


def test_the_layouts_keep_the_stock_and_the_waste_and_deal_the_face_down_cards() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    for _ in range(2):
        game.play("S-W")  # six cards drawn, the rest of the stock unseen
    assert game.recycles == 0 and information_set(game)["stock"] == len(game.stock) == 18
    info = information_set(game, stock_known=True)
    downs = set()
    for layout in layouts(info, 8, seed=1):
        assert (layout.stock, layout.waste, layout.up) == (game.stock, game.waste, game.up)
        assert sorted(c for column in layout.down for c in column) == sorted(
            c for column in game.down for c in column
        )
        assert information_set(layout, stock_known=True) == info
        downs.add(str(layout.down))
    assert len(downs) > 1


@settings(max_examples=10, deadline=None, derandomize=True)
@given(**PLAYED)
def test_twins_that_differ_in_the_face_down_cards_get_the_same_answers(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    game = {**played_in(deal, mode, moves, seed).snapshot(), "history": []}
    mine = Game.from_snapshot(game)
    other = down_shuffled(mine, seed)
    assert information_set(mine, stock_known=True) == information_set(other, stock_known=True)
    first = decide(mine, samples=4, max_states=300, stock_known=True)
    second = decide(other, samples=4, max_states=300, stock_known=True)
    assert dataclasses.replace(first, seconds=0.0) == dataclasses.replace(second, seconds=0.0)


def test_a_game_with_the_stock_known_replays_in_the_engine() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    first = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5, stock_known=True)
    again = play_out(game, samples=3, max_states=300, max_decisions=12, seed=5, stock_known=True)
    assert first.moves == again.moves and first.decisions > 0
    replay = game.copy()
    for move in first.moves:
        replay.play(move)  # raises if the engine refuses it
    assert game.moves == 0


def test_the_game_never_plays_with_the_stock_known() -> None:
    """Only the player's own modules name it: the app, the server, the hint and the
    rating never ask for it."""
    naming = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "stock_known" in path.read_text(encoding="utf-8")
    }
    assert naming == {
        "information.py",
        "fair/choices.py",
        "fair/ismcts.py",
        "fair/player.py",
        "fair/playout.py",
    }
