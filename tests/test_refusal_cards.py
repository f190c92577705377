"""Refusals name the card the player moved (issue 17, item 4): a drag says which card does
not go where, and why, never only a column."""

from __future__ import annotations

import random

import pytest

from helpers.positions import game, refused
from klondike import Game, IllegalMove, gestures
from klondike.cards import CARD_NAMES, PILE_NAMES, parse_card, pretty


@pytest.mark.parametrize(
    ("position", "card", "target", "reason", "message"),
    [
        # the issue's own example: a drag onto a card it does not go on
        (
            {"tableau": ["2D | 9C", "6H"]},
            "9C",
            "T2",
            "does_not_fit",
            "9♣ does not go on 6♥: only a black 5 goes on it",
        ),
        # a card inside a run, not the one that fits
        (
            {"tableau": ["2D | TD 9S 8H", "9C"]},
            "9S",
            "T2",
            "does_not_fit",
            "9♠ does not go on 9♣: only a red 8 goes on it",
        ),
        (
            {"tableau": ["9C", "AH"]},
            "9C",
            "T2",
            "nothing_on_ace",
            "9♣ does not go on A♥: no card goes on an Ace in a column",
        ),
        (
            {"tableau": ["2D | KD QS", ""]},
            "QS",
            "T2",
            "king_only",
            "Q♠ cannot go into an empty column: only a King can",
        ),
        (
            {"tableau": ["KD QS", ""]},
            "KD",
            "T2",
            "king_at_bottom",
            "K♦ already lies at the bottom of column 1: moving it to an empty column "
            "changes nothing",
        ),
        (
            {"tableau": ["5C", ""], "waste": "8H"},
            "8H",
            "T2",
            "king_only",
            "8♥ cannot go into an empty column: only a King can",
        ),
        (
            {"tableau": ["2C | 2H AS"], "foundations": {"H": 1}},
            "2H",
            "F2",
            "not_top_for_foundation",
            "2♥ cannot go to its foundation: only the top card of a column can",
        ),
        (
            {"tableau": ["8S"], "waste": "7H 2C"},
            "7H",
            "T1",
            "not_top_waste",
            "7♥ cannot be played: only the top card of the waste can",
        ),
        (
            {"tableau": ["3D"], "foundations": {"S": 3}},
            "2S",
            "T1",
            "not_top_foundation",
            "2♠ cannot be taken back: only the top card of a foundation can",
        ),
        (
            {"tableau": ["4C"], "foundations": {"S": 3}},
            "3S",
            "T1",
            "does_not_fit",
            "3♠ does not go on 4♣: only a red 3 goes on it",
        ),
        (
            {"tableau": ["5H", "6S"], "waste": "KS 3D"},
            "5H",
            "S",
            "to_stock",
            "5♥ cannot be put on the stock",
        ),
        (
            {"tableau": ["5H", "6S"], "waste": "KS 3D"},
            "3D",
            "W",
            "to_waste",
            "3♦ cannot go on the waste: cards go there only from the stock",
        ),
        (
            {"tableau": ["8H", "9H"]},
            "8H",
            "F2",
            "foundation_needs",
            "8♥ cannot go on its foundation yet: A♥ must be there first",
        ),
        (
            {"tableau": ["2D | 5D"], "stock": "5C"},
            "5C",
            "T1",
            "not_face_up",
            "5♣ cannot be moved: it is not face up",
        ),
        (
            {"rules": "classic", "tableau": ["3H"], "foundations": {"S": 2}},
            "2S",
            "T1",
            "no_take_back",
            "2♠ stays on its foundation: in this version no card leaves one",
        ),
    ],
)
def test_a_refused_drag_names_the_card(
    position: dict[str, object], card: str, target: str, reason: str, message: str
) -> None:
    g = game(**position)  # type: ignore[arg-type]
    err = refused(g, lambda: gestures.drag(g, card, target), reason)
    assert str(err) == message
    if "{card}" in message or reason != "same_pile":
        assert err.params["card"] == pretty(parse_card(card))


def test_an_ace_that_flies_back_stays_named() -> None:
    """Solitär: an Ace goes home by itself, so it never comes back; the refusal names it."""
    g = game(rules="solitaer", draw=3, tableau=["2D"], foundations={"C": 1})
    err = refused(g, lambda: gestures.drag(g, "AC", "T1"), "ace_stays")
    assert str(err) == "A♣ stays on its foundation: it would go straight back there"


@pytest.mark.parametrize(
    ("position", "move", "reason", "message"),
    [
        # a typed move from a column names the column: no single card was chosen
        (
            {"tableau": ["9H 8S", "4D"]},
            "T1-T2",
            "no_card_fits",
            "no face-up card of column 1 goes on 4♦: only a black 3 goes on it",
        ),
        # ... but a whole run into an empty column names its bottom card
        (
            {"tableau": ["", "3C | QH JS"]},
            "T2-T1",
            "king_only",
            "Q♥ cannot go into an empty column: only a King can",
        ),
        (
            {"tableau": ["", "KH QS"]},
            "T2-T1",
            "king_at_bottom",
            "K♥ already lies at the bottom of column 2: moving it to an empty column "
            "changes nothing",
        ),
        (
            {"tableau": ["9C", "AH"]},
            "T1-T2",
            "nothing_on_ace",
            "9♣ does not go on A♥: no card goes on an Ace in a column",
        ),
        (
            {"tableau": ["3D"], "foundations": {"S": 3, "H": 2}},
            "F1-F2",
            "foundation_to_foundation",
            "3♠ cannot go from one foundation to another",
        ),
        (
            {"tableau": ["3D", "5H"]},
            "T2-S",
            "to_stock",
            "5♥ cannot be put on the stock",
        ),
        (
            {"tableau": ["3D", "5H"]},
            "T2-W",
            "to_waste",
            "5♥ cannot go on the waste: cards go there only from the stock",
        ),
        (
            {"tableau": ["5H"], "waste": "7C"},
            "W-T1",
            "does_not_fit",
            "7♣ does not go on 5♥: only a black 4 goes on it",
        ),
    ],
)
def test_a_refused_typed_move_names_the_card_it_would_move(
    position: dict[str, object], move: str, reason: str, message: str
) -> None:
    g = game(**position)  # type: ignore[arg-type]
    err = refused(g, lambda: g.play(move), reason)
    assert str(err) == message


def _face_up_cards(g: Game) -> list[str]:
    """Every card a player can see and take hold of: the waste, the columns' face-up cards,
    the foundations' tops."""
    cards = list(g.table()["waste"])
    for column in g.table()["tableau"]:
        cards += column["up"]
    cards += [pile[-1] for pile in g.table()["foundations"] if pile]
    return cards


@pytest.mark.parametrize("seed", range(6))
def test_every_refused_drag_of_a_card_names_that_card(seed: int) -> None:
    """Over fixed deals played some moves in: each card a player can take hold of, dropped
    on each pile, is played or refused with a message that names that card (only a drop on
    its own pile, which the page never sends, says so without it)."""
    rng = random.Random(seed)
    g = Game.new(deal=rng.randrange(10**9), rules=["app", "classic", "solitaer"][seed % 3])
    for _ in range(rng.randrange(5, 40)):
        legal = g.legal_moves()
        if not legal or g.won:
            break
        g.play(rng.choice(legal))
    checked = 0
    for card in _face_up_cards(g):
        for pile in PILE_NAMES:
            trial = g.copy()
            try:
                gestures.drag(trial, card, pile)
            except IllegalMove as err:
                checked += 1
                if err.reason == "same_pile":
                    continue
                assert err.params.get("card") == pretty(parse_card(card)), (card, pile, err)
                assert pretty(parse_card(card)) in str(err)
    assert checked > 0
    assert set(_face_up_cards(g)) <= set(CARD_NAMES)
