"""Cards that can never go home (position.never_home: a position with one is lost and not
searched), and the prunings of single moves that wait for their use: take-backs and stock
cards played to a column (moves.children). docs/solver.md explains each."""

from __future__ import annotations

import random
from typing import Any

import pytest

from helpers.exhaustive import brute_force_winnable
from helpers.positions import position
from klondike import Game
from klondike.cards import CARD_NAMES
from klondike.rules import rules_for
from klondike.solver import solve
from klondike.solver.moves import children
from klondike.solver.position import never_home
from klondike.solver.search import search

from .test_solver import replays_to_win


def test_a_card_over_both_cards_it_fits_on_and_a_lower_card_of_its_suit_is_stuck() -> None:
    """6♠ lies over 7♥ and 7♦ (the only cards it could go on) and over 3♠ (which must go
    home before it): it can never move, so 7♥ and the cards under it never go home."""
    stuck = Game.from_snapshot(position(tableau=["7D 3S 3H 7H | 6S"], foundations={"S": 2}))
    assert never_home(stuck) >= 0
    assert solve(stuck).verdict == "unwinnable"
    # With 7♦ in the stock instead, 6♠ can go onto it: nothing is stuck, and it is won.
    free = Game.from_snapshot(position(tableau=["3S 3H 7H | 6S"], foundations={"S": 2}))
    assert never_home(free) == -1
    s = solve(free)
    assert s.verdict == "winnable" and replays_to_win(free, s)


def spades_left(**kwargs: Any) -> Game:
    """Only spades left in play; hearts, diamonds and clubs all home."""
    return Game.from_snapshot(position(foundations={"H": 13, "D": 13, "C": 13}, **kwargs))


def test_a_card_home_comes_back_down_only_after_the_cards_on_it() -> None:
    """2♠ covers A♠ and could go only onto a red 3; both are home under the other red
    cards, which the King on top keeps there (no column can be emptied for it). A ♥3
    could go onto 4♠, but only once the cards above it came down: it never does."""
    columns = ["AS | 2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    game = spades_left(tableau=columns, stock="9S TS JS QS KS")
    assert never_home(game) >= 0
    assert brute_force_winnable(game) is False


@pytest.mark.parametrize("scoring", ["normal", "vegas"])
def test_with_no_turn_over_left_the_waste_is_a_pile(scoring: str) -> None:
    """K♠ lies on A♠ in the waste. With a turn-over (Normal) A♠ comes up again and all is
    won; in Vegas (no turn-over) K♠ must leave first, and there is no empty column for it
    and no column that can be emptied."""
    columns = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    game = spades_left(tableau=columns, waste="AS KS", stock="9S TS JS QS", scoring=scoring)
    if scoring == "vegas":
        assert never_home(game) >= 0
        assert brute_force_winnable(game) is False
    else:
        assert never_home(game) == -1
        assert solve(game).verdict == "winnable"


def test_a_deal_lost_at_the_deal_is_answered_without_a_search() -> None:
    """Deal 19141842175: 6♠ face down over 7♥, 7♦ and 3♠ (column 6). Without the rule the
    search does not prove the loss in 50 000 positions (it takes some 2 million)."""
    game = Game(19141842175, 1)
    assert CARD_NAMES[game.down[5][-1]] == "6S"
    s = solve(game)
    assert (s.verdict, s.states) == ("unwinnable", 0)
    assert not search(game, max_states=50_000, plain=True).complete


def test_a_loss_is_proved_in_fewer_positions_with_the_rule() -> None:
    """Deal 25049588098, Draw 1: positions the search reaches in which a card is stuck are
    not searched: the loss takes some 11 500 positions, without the rule over 100 000."""
    game = Game(25049588098, 1)
    with_rule = search(game)
    assert with_rule.complete and with_rule.codes is None and with_rule.states < 12_000
    without = search(game, max_states=100_000, plain=True)
    assert without.codes is None and not without.complete


@pytest.mark.parametrize(
    ("rules", "draw", "scoring", "deal"),
    [
        ("app", 1, "normal", 6),
        ("app", 3, "normal", 3),
        ("app", 1, "vegas", 5),
        ("app", 3, "vegas", 6),
        ("classic", 1, "none", 23757),
        ("solitaer", 3, "none", 15838),
    ],
)
def test_no_position_of_a_winning_line_is_called_stuck(
    rules: str, draw: int, scoring: str, deal: int
) -> None:
    """Every position a winning line passes through is winnable: none is stuck. Each deal
    is won within a bound of positions, not of time, so the answer is the same on a loaded
    machine: the most any of them takes is some 2 400 positions (app Draw 3 Vegas, deal 6)."""
    game = Game(deal, draw, scoring, rules_for(rules))
    s = solve(game, max_states=10_000)
    assert s.verdict == "winnable", (s.verdict, s.states)
    probe = game.copy()
    for move in s.line:
        assert never_home(probe) == -1, str(move)
        probe.play(move)
    assert probe.won and never_home(probe) == -1


@pytest.mark.parametrize(
    ("draw", "scoring"), [(1, "normal"), (3, "normal"), (1, "vegas"), (3, "vegas")]
)
def test_a_stuck_position_is_never_won_by_the_search_without_the_rule(
    draw: int, scoring: str
) -> None:
    """Seeded random play (the search's own moves) from seeded deals: wherever a position
    is called stuck, the plain search finds no win there either; enough positions are
    called stuck for the check to bite."""
    stuck = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = Game(rng.randrange(2**35), draw, scoring)
        game.history = []
        for _ in range(60):
            options = children(game)
            if not options or game.won:
                break
            for code in rng.choice(options):
                game.push(code)
            if never_home(game) >= 0:
                stuck += 1
                plain = search(game.copy(), max_states=20_000, relaxed=False, plain=True)
                assert plain.codes is None, game.snapshot()
                break
    assert stuck >= 10
