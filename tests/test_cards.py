"""Cards and piles: names, input forms, colours and ranks."""

from __future__ import annotations

import pytest

from klondike import IllegalMove
from klondike.cards import (
    CARD_NAMES,
    PILE_NAMES,
    card_name,
    fits_on,
    parse_card,
    parse_pile,
    pretty,
    rank_of,
    suit_of,
)


def test_52_distinct_cards_in_foundation_order() -> None:
    assert len(CARD_NAMES) == len(set(CARD_NAMES)) == 52
    assert CARD_NAMES[:13] == tuple(r + "S" for r in "A23456789TJQK")
    assert [CARD_NAMES[13 * s] for s in range(4)] == ["AS", "AH", "AD", "AC"]


def test_pile_names() -> None:
    assert ("S", "W", "F1", "F2", "F3", "F4", *(f"T{i}" for i in range(1, 8))) == PILE_NAMES


@pytest.mark.parametrize(
    "text,name", [("TH", "TH"), ("10H", "TH"), ("10h", "TH"), (" as ", "AS"), ("kc", "KC")]
)
def test_card_input_forms(text: str, name: str) -> None:
    assert card_name(parse_card(text)) == name


def test_every_card_name_parses_back() -> None:
    for card, name in enumerate(CARD_NAMES):
        assert parse_card(name) == card


@pytest.mark.parametrize("text", ["", "1H", "11H", "HT", "ZZ", "AX", "A", "10", "♥7", "Aſ", "aſ"])
def test_bad_card(text: str) -> None:
    with pytest.raises(IllegalMove) as err:
        parse_card(text)
    assert err.value.reason == "bad_card"


@pytest.mark.parametrize("value", [None, 7, ["AS"], b"AS"])
def test_card_not_text(value: object) -> None:
    with pytest.raises(IllegalMove) as err:
        parse_card(value)
    assert err.value.reason == "not_text"
    assert err.value.params == {"what": "card", "type": type(value).__name__}


@pytest.mark.parametrize("text,index", [("S", 0), ("w", 1), ("F2", 3), (" t7 ", 12)])
def test_pile_input(text: str, index: int) -> None:
    assert parse_pile(text) == index


@pytest.mark.parametrize("text", ["", "F", "F0", "F5", "T0", "T8", "X", "stock", "ſ", "ｓ"])
def test_bad_pile(text: str) -> None:
    with pytest.raises(IllegalMove) as err:
        parse_pile(text)
    assert err.value.reason == "bad_pile"


def test_pile_not_text() -> None:
    with pytest.raises(IllegalMove) as err:
        parse_pile(3)
    assert err.value.reason == "not_text"


def test_ranks_and_suits() -> None:
    assert [rank_of(parse_card(r + "S")) for r in "A23456789TJQK"] == list(range(1, 14))
    assert [suit_of(parse_card("Q" + s)) for s in "SHDC"] == [0, 1, 2, 3]


def test_fits_other_colour_one_rank_lower() -> None:
    """Red on black, black on red, exactly one rank lower."""
    seven_h = parse_card("7H")
    assert fits_on(seven_h, parse_card("8S")) and fits_on(seven_h, parse_card("8C"))
    assert not fits_on(seven_h, parse_card("8H")) and not fits_on(seven_h, parse_card("8D"))
    assert not fits_on(seven_h, parse_card("9S")) and not fits_on(seven_h, parse_card("6S"))
    for card in range(52):
        for target in range(52):
            red = suit_of(card) in (1, 2)
            expected = rank_of(target) == rank_of(card) + 1 and (suit_of(target) in (1, 2)) != red
            assert fits_on(card, target) == expected


def test_a_king_fits_on_nothing() -> None:
    assert not any(fits_on(parse_card("KH"), t) for t in range(52))


def test_pretty() -> None:
    assert pretty(parse_card("TH")) == "10♥"
    assert pretty(parse_card("KC")) == "K♣"
    assert pretty(parse_card("AS")) == "A♠"
    assert pretty(parse_card("2D")) == "2♦"
