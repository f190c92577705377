"""The fair player never peeks: what it answers is a function of what the player has seen
(the information set) and a seed; the sampler keeps every seen card where it is."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.positions import played, position
from klondike import Game
from klondike.codes import DEAL_COUNT, format_code
from klondike.fair import decide, sample, winnable_share
from klondike.information import information_set, position_key
from klondike.rules import MODES
from klondike.solver import solve


def played_in(deal: int, mode: tuple[str, int, str], moves: int, seed: int) -> Game:
    """A game of ``deal`` in ``mode`` after ``moves`` random legal moves."""
    key, draw, scoring = mode
    return played(format_code(deal, draw, scoring, key), moves, seed)


def hidden_swapped(game: Game, rng: random.Random) -> Game | None:
    """``game`` with two of its unseen cards exchanged, and of another deal number (None
    if fewer than two): a position the player cannot tell from ``game``, of another code."""
    snapshot = game.snapshot()
    slots = [
        ("tableau", i, j)
        for i, col in enumerate(snapshot["tableau"])
        for j in range(len(col["down"]))
    ]
    if not game.recycles:
        slots += [("stock", k, 0) for k in range(len(snapshot["stock"]))]
    if len(slots) < 2:
        return None
    a, b = rng.sample(slots, 2)

    def get(slot: tuple[str, int, int]) -> str:
        pile, i, j = slot
        return snapshot["tableau"][i]["down"][j] if pile == "tableau" else snapshot["stock"][i]

    def put(slot: tuple[str, int, int], name: str) -> None:
        pile, i, j = slot
        if pile == "tableau":
            snapshot["tableau"][i]["down"][j] = name
        else:
            snapshot["stock"][i] = name

    first, second = get(a), get(b)
    put(a, second)
    put(b, first)
    snapshot["history"] = []  # an undo would turn a card back: the history is not the test
    deal = (game.deal + 1 + rng.randrange(DEAL_COUNT - 1)) % DEAL_COUNT
    snapshot["code"] = format_code(deal, game.draw, game.scoring, game.rules.key)
    return Game.from_snapshot(snapshot)


def twins(deal: int, mode: tuple[str, int, str], moves: int, seed: int) -> tuple[Game, Game] | None:
    """A position of seeded play (`played_in`) and one the player cannot tell from it
    (`hidden_swapped`), or None where fewer than two cards are unseen."""
    game = played_in(deal, mode, moves, seed)
    other = hidden_swapped(game, random.Random(seed))
    if other is None:
        return None
    assert information_set(game) == information_set(other)
    return game, other


MODE = st.sampled_from(MODES)
PLAYED = {
    "deal": st.integers(0, 2**34),
    "mode": MODE,
    "moves": st.integers(0, 60),
    "seed": st.integers(0, 99),
}
"""`played_in`'s arguments for ``@given(**PLAYED)``: a position of seeded random play."""


@settings(max_examples=60, deadline=None, derandomize=True)
@given(deal=st.integers(0, 2**34), mode=MODE, moves=st.integers(0, 120), seed=st.integers(0, 99))
def test_a_layout_keeps_every_seen_card_and_every_count(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    game = played_in(deal, mode, moves, seed)
    info = information_set(game)
    layout = sample(info, random.Random(seed))
    assert information_set(layout) == info
    assert layout.legal_moves() == game.legal_moves()


@settings(max_examples=12, deadline=None, derandomize=True)
@given(**PLAYED)
def test_positions_the_player_cannot_tell_apart_get_the_same_answers(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    rng = random.Random(seed)
    game = played_in(deal, mode, moves, seed)
    other = hidden_swapped(game, rng)
    if other is None:
        return
    assert game.snapshot() != other.snapshot()  # they differ, in hidden cards and the code
    assert other.code != game.code
    assert information_set(game) == information_set(other)
    mine, theirs = decide(game, samples=4, max_states=300), decide(other, samples=4, max_states=300)
    assert (mine.move, repr(mine.candidates)) == (theirs.move, repr(theirs.candidates))
    assert winnable_share(game, samples=4, max_states=300) == winnable_share(
        other, samples=4, max_states=300
    )


def test_with_every_card_seen_the_share_is_the_solvers_verdict() -> None:
    """Nothing is unseen: every layout is the game itself."""
    open_game = position(
        tableau=["KS", "QS", "JS", "TS"],
        foundations=[9, 13, 13, 13],
        waste="",
        stock="",
    )
    game = Game.from_snapshot(open_game)
    assert information_set(game)["unseen"] == []
    share = winnable_share(game, samples=6)
    verdict = solve(game).verdict
    assert (share.wins, share.losses) == ((6, 0) if verdict == "winnable" else (0, 6))
    decision = decide(game, samples=6)
    assert decision.share.wins == (6 if verdict == "winnable" else 0)
    if verdict == "winnable":
        after = game.copy()
        after.play(decision.move)
        assert solve(after).verdict == "winnable"  # the move chosen keeps the win


def test_a_lost_position_is_lost_in_every_layout_and_a_won_one_has_no_move() -> None:
    lost = Game.from_snapshot(
        position(
            tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"], foundations=[13, 11, 6, 13]
        )
    )
    assert winnable_share(lost, samples=5) == winnable_share(lost, samples=5)
    assert decide(lost, samples=5).share.wins == 0
    won = Game.from_snapshot(position(tableau=[], foundations=[13, 13, 13, 13]))
    assert decide(won).move is None


def test_a_move_to_a_position_already_visited_is_left_out() -> None:
    """The player remembers where it has been: the move it would choose, once the position
    it leads to was visited, gives way to another."""
    game = Game.from_snapshot(
        position(tableau=["KS", "QS", "JS", "TS"], foundations=[9, 13, 13, 13], stock="", waste="")
    )
    first = decide(game, samples=2).move
    assert first is not None and len(game.legal_moves()) > 1
    after = game.copy()
    after.play(first)
    visited = {position_key(information_set(after))}
    assert decide(game, samples=2, visited=visited).move not in (None, first)
