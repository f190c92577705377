"""The prunings of issue 18: cards that can never go home (position.never_home: a position
with one is lost and not searched), and take-backs and stock cards used at once
(moves.obligation: the next move puts a card on them). docs/solver.md explains both."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.exhaustive import brute_force_winnable
from helpers.positions import position
from klondike import Game
from klondike.cards import CARD_NAMES, RANK, SUIT, TWIN_SUIT, move_code, parse_pile
from klondike.rules import rules_for
from klondike.solver import solve
from klondike.solver.moves import children, obligation
from klondike.solver.position import never_home, stock_rules
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
    not searched: the loss takes some 2 000 positions, without the rule some 15 000."""
    game = Game(25049588098, 1)
    with_rule = search(game)
    assert with_rule.complete and with_rule.codes is None and with_rule.states < 2_500
    without = search(game, plain=True)
    assert without.complete and without.codes is None and without.states > 10_000


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
    """Every position a winning line passes through is winnable: none is stuck."""
    game = Game(deal, draw, scoring, rules_for(rules))
    s = solve(game, budget=30)
    if s.verdict != "winnable":
        pytest.skip(f"not won here: {s.verdict}")
    probe = game.copy()
    for move in s.line:
        assert never_home(probe) == -1, str(move)
        probe.play(move)
    assert probe.won and never_home(probe) == -1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    draw=st.sampled_from([1, 3]),
    scoring=st.sampled_from(["normal", "vegas"]),
)
def test_a_stuck_position_is_never_won_by_the_search_without_the_rule(
    seed: int, draw: int, scoring: str
) -> None:
    """Random play from a random deal: wherever a position is called stuck, the search
    without the rule finds no win there either."""
    rng = random.Random(seed)
    game = Game(rng.randrange(2**35), draw, scoring)
    game.history = []
    for _ in range(rng.randrange(60)):
        options = children(game)
        if not options or game.won:
            break
        for code in rng.choice(options):
            game.push(code)
        if never_home(game) >= 0:
            plain = search(game.copy(), max_states=20_000, relaxed=False, plain=True)
            assert plain.codes is None
            return


# ----------------------------------------------------------------- used at once


def first_move(macro: tuple[int, ...]) -> int:
    """A macro's first move that is not a draw or a turn-over."""
    return next(code for code in macro if (code & 15) > 1 or (code >> 4) & 15 > 1)


def test_after_a_take_back_the_next_move_puts_a_card_on_it_or_the_card_below_comes_down() -> None:
    """5♠ comes back onto 6♥: what follows must put a card on 5♠ (4♦, turning up A♥) or
    bring 4♠ down too; the stock cards that could go elsewhere wait."""
    snapshot = position(
        tableau=["3D AH | 4D", "6H", "9C", "KS QH"], foundations=[5, 0, 2, 5], stock="7S 8D"
    )
    game = Game.from_snapshot(snapshot)
    take_back = move_code(parse_pile("F1"), parse_pile("T2"))
    assert (take_back,) in children(game)
    game.push(take_back)
    owed = obligation(game, (take_back,), stock_rules(game))
    assert owed
    options = children(game)
    kept = children(game, owed=owed)
    assert kept and len(kept) < len(options)
    for macro in kept:
        code = first_move(macro)
        assert code & 15 == parse_pile("T2") or (code >> 4) & 15 == parse_pile("F1")
    assert solve(snapshot).verdict == "winnable"


@pytest.mark.parametrize(("draw", "scoring"), [(1, "normal"), (3, "normal"), (1, "vegas")])
def test_a_stock_card_played_to_a_column_owes_a_card_on_it(draw: int, scoring: str) -> None:
    """In Draw 1 Normal (every stock card always at hand) the next move puts a card on the
    card played; where the stock's order matters, it may instead play from the stock
    again, which a wait could change, but nothing else."""
    game, macro = next(
        (game, m)
        for deal in range(100)
        for game in [Game(deal, draw, scoring)]
        for m in children(game)
        if (m[-1] >> 4) & 15 == parse_pile("W") and m[-1] & 15 >= parse_pile("T1")
    )
    for code in macro:
        game.push(code)
    card = game.up[(macro[-1] & 15) - parse_pile("T1")][-1]
    twins = {card, TWIN_SUIT[SUIT[card]] * 13 + RANK[card] - 1}
    onto = {parse_pile("T1") + j for j, run in enumerate(game.up) if run and run[-1] in twins}
    owed = obligation(game, macro, stock_rules(game))
    assert owed
    free_stock = draw == 1 and scoring == "normal"

    def uses_it(option: tuple[int, ...]) -> bool:
        code = first_move(option)
        return code & 15 in onto or (not free_stock and (code >> 4) & 15 == parse_pile("W"))

    options, kept = children(game), children(game, owed=owed)
    assert kept == [option for option in options if uses_it(option)]
    if free_stock:
        assert len(kept) < len(options)


def test_a_loss_is_proved_in_far_fewer_positions_when_moves_are_used_at_once() -> None:
    """Deal 19892133002, Draw 1: about 20 000 positions (with cards that can never go home
    alone, some 320 000; with neither, 2.3 million)."""
    s = search(Game(19892133002, 1))
    assert s.complete and s.codes is None and s.states < 25_000


def emptying_for_a_stock_king() -> Game:
    """Draw 3 (KL1-D3N-IIVARNZ after 71 moves of a win): 10♣ on the waste's top goes onto
    J♥; the way on is 7♠ onto 8♦, which empties T6, with K♦ drawn from the stock into it."""
    return Game.from_snapshot(
        position(
            tableau=[
                "4D 3S 2D",
                "KS QH JC TH 9C 8D",
                "TD 2C | 5S 4H 3C 2H",
                "KH 9H | QS JD TS 9D",
                "JS 7H 8S | JH",
                "7S",
                "AH AD 7C 8C 6D | 6S 5D 4S 3H",
            ],
            waste="2S KC 5H TC",
            stock="3D QD 5C 6C 6H 9S QC AS 7D KD 8H 4C",
            foundations={"C": 1},
            draw=3,
        )
    )


def test_a_stock_card_owed_in_draw_three_lets_a_stock_king_fill_an_emptied_column() -> None:
    """The King drawn for the emptied column is a stock move: the card owed cannot wait
    past it, so the emptying move joined with it is kept (once, it was not: this deal was
    called lost)."""
    game = emptying_for_a_stock_king()
    ten = move_code(parse_pile("W"), parse_pile("T5"))
    assert (ten,) in children(game)
    game.push(ten)
    owed = obligation(game, (ten,), stock_rules(game))
    empties = move_code(parse_pile("T6"), parse_pile("T2"))
    kept = [m for m in children(game, owed=owed) if m[0] == empties]
    assert kept and all((m[-1] >> 4) & 15 == parse_pile("W") for m in kept)
    assert search(game).codes is not None


@pytest.mark.parametrize("code", ["KL1-D3N-IIVARNZ", "KL1-D1V-52ALHUZ"])
def test_deals_once_called_lost_by_a_stock_card_owed_are_won(code: str) -> None:
    game = Game.from_code(code)
    s = solve(game, max_states=200_000)
    assert s.verdict == "winnable" and replays_to_win(game, s)
