"""Tap, double tap and drag: the moves the app's gestures mean."""

from __future__ import annotations

import pytest

from helpers.positions import column_text, game, refused, won_game
from klondike import Move, gestures

# ----------------------------------------------------------------- tap


def test_tap_stock_draws() -> None:
    g = game(tableau=["5H"], stock="AC 2C")
    assert gestures.tap(g, "S") == Move("S", "W")
    assert g.snapshot()["waste"] == ["2C"]


def test_tap_stock_draws_three() -> None:
    g = game(tableau=["5H"], stock="AC 2C 3C 4C", rest="T1", draw=3)
    assert gestures.tap(g, "S") == Move("S", "W")
    assert g.snapshot()["waste"] == ["4C", "3C", "2C"]


def test_tap_empty_stock_recycles() -> None:
    g = game(tableau=["5H"], waste="AC 2C", rest="T1", score=200)
    assert gestures.tap(g, "s") == Move("W", "S")
    assert g.snapshot()["stock"] == ["2C", "AC"] and g.score == 100


def test_tap_empty_stock_in_vegas_does_nothing() -> None:
    g = game(tableau=["5H"], waste="AC 2C", rest="T1", scoring="vegas")
    before = g.snapshot()
    assert gestures.tap(g, "S") is None
    assert g.snapshot() == before


def test_tap_empty_stock_and_waste_does_nothing() -> None:
    g = game(tableau=["5H"], rest="T1")
    before = g.snapshot()
    assert gestures.tap(g, "S") is None
    assert g.snapshot() == before


@pytest.mark.parametrize("pile,where", [("T1", "tableau"), ("W", "waste")])
def test_tap_top_card_goes_to_its_foundation(pile: str, where: str) -> None:
    g = game(tableau=["2C AH" if pile == "T1" else "5S"], waste="AH" if pile == "W" else "")
    assert gestures.tap(g, pile) == Move(pile, "F2")
    assert g.snapshot()["foundations"][1] == ["AH"]


def test_tap_top_card_that_cannot_go_home_does_nothing() -> None:
    """A tap never looks for a column: only the foundation."""
    g = game(tableau=["7H", "8S"], waste="3D")
    before = g.snapshot()
    assert gestures.tap(g, "T1") is None
    assert gestures.tap(g, "W") is None
    assert g.snapshot() == before


def test_tap_empty_column_or_waste_does_nothing() -> None:
    g = game(tableau=["", "5H"])
    before = g.snapshot()
    assert gestures.tap(g, "T1") is None
    assert gestures.tap(g, "W") is None
    assert g.snapshot() == before


@pytest.mark.parametrize("pile", ["F1", "F2", "F3", "F4"])
def test_tap_foundation_does_nothing(pile: str) -> None:
    g = game(tableau=["5H"], foundations=[3, 0, 13, 1])
    before = g.snapshot()
    assert gestures.tap(g, pile) is None
    assert g.snapshot() == before


def test_tap_on_a_won_game_does_nothing() -> None:
    g = won_game()
    before = g.snapshot()
    for pile in ["S", "W", "F1", "T1"]:
        assert gestures.tap(g, pile) is None
        assert gestures.double_tap(g, pile) is None
    assert g.snapshot() == before


def test_tap_turns_a_face_down_card() -> None:
    g = game(tableau=["9C | AH"])
    gestures.tap(g, "T1")
    assert column_text(g, 1) == " | 9C"
    assert g.score == 15


@pytest.mark.parametrize("pile", ["X", "T0", "T8", "F", "F5", ""])
def test_tap_bad_pile(pile: str) -> None:
    g = game(tableau=["5H"])
    refused(g, lambda: gestures.tap(g, pile), "bad_pile")


# ----------------------------------------------------------------- double tap


def test_double_tap_foundation_first() -> None:
    """A top card that can go home goes home, even when a column would take it."""
    g = game(tableau=["AH", "2S"], foundations={"H": 0})
    assert gestures.double_tap(g, "T1") == Move("T1", "F2")


def test_double_tap_longest_column() -> None:
    g = game(tableau=["7H", "2C | 8S", "8C", "KD"], rest="T4")
    # T2 (2 cards) and T3 (1 card) fit; T4 (rest face down under KD) does not.
    assert gestures.double_tap(g, "T1") == Move("T1", "T2")


def test_double_tap_face_down_cards_make_a_column_longer() -> None:
    g = game(tableau=["7H", "| 9D 8S", "2D 3D 4D | 8C"])
    # T2 has 2 face-up cards, T3 has 3 face-down + 1 face-up: T3 is longer.
    assert gestures.double_tap(g, "T1") == Move("T1", "T3")


def test_double_tap_ties_go_left() -> None:
    g = game(tableau=["7H", "2D | 8S", "3D | 8C"])
    assert gestures.double_tap(g, "T1") == Move("T1", "T2")


def test_double_tap_king_to_the_leftmost_empty_column() -> None:
    g = game(tableau=["5H", "", "9S", "", ""], waste="KD")
    assert gestures.double_tap(g, "W") == Move("W", "T2")


def test_double_tap_king_with_its_run() -> None:
    g = game(tableau=["2C | KD QS", "5H", ""])
    assert gestures.double_tap(g, "T1", "KD") == Move("T1", "T3")
    assert column_text(g, 3) == " | KD QS"


def test_double_tap_king_at_the_bottom_does_nothing() -> None:
    g = game(tableau=["KD QS", "5H", ""])
    before = g.snapshot()
    assert gestures.double_tap(g, "T1", "KD") is None
    assert g.snapshot() == before


def test_double_tap_non_top_card_moves_with_its_run() -> None:
    g = game(tableau=["2C | TD 9S 8H", "TH"])
    assert gestures.double_tap(g, "T1", "9S") == Move("T1", "T2")
    assert column_text(g, 2) == " | TH 9S 8H"
    assert column_text(g, 1) == "2C | TD"


def test_double_tap_non_top_card_does_not_go_to_a_foundation() -> None:
    g = game(tableau=["2C | 2S AH"], foundations={"S": 1})
    before = g.snapshot()
    assert gestures.double_tap(g, "T1", "2S") is None
    assert g.snapshot() == before


def test_double_tap_non_top_card_only_its_own_column_move() -> None:
    """The fitting column for another card of the run is not used."""
    g = game(tableau=["2C | TD 9S 8H", "9C"])  # 9C takes 8H, not 9S
    before = g.snapshot()
    assert gestures.double_tap(g, "T1", "9S") is None
    assert g.snapshot() == before
    assert gestures.double_tap(g, "T1") == Move("T1", "T2")  # the top card 8H does fit


def test_double_tap_nothing_fits() -> None:
    g = game(tableau=["7H", "7S"], waste="3D")
    before = g.snapshot()
    assert gestures.double_tap(g, "T1") is None
    assert gestures.double_tap(g, "W") is None
    assert gestures.double_tap(g, "T2", "7S") is None
    assert g.snapshot() == before


def test_double_tap_waste_top_to_column() -> None:
    g = game(tableau=["8S", "2D | 8C"], waste="7H")
    assert gestures.double_tap(g, "W") == Move("W", "T2")
    assert g.score == 5


def test_double_tap_waste_with_its_top_card_named() -> None:
    g = game(tableau=["8S"], waste="2C 7H")
    assert gestures.double_tap(g, "W", "7h") == Move("W", "T1")


def test_double_tap_waste_card_below_the_top_refused() -> None:
    g = game(tableau=["8S"], waste="7H 2C")
    refused(g, lambda: gestures.double_tap(g, "W", "7H"), "not_top_waste")


def test_double_tap_face_down_card_refused_like_any_card_not_there() -> None:
    g = game(tableau=["3C 4D | 8H", "9S"])
    hidden = refused(g, lambda: gestures.double_tap(g, "T1", "4D"), "card_not_in_pile")
    elsewhere = refused(g, lambda: gestures.double_tap(g, "T1", "5D"), "card_not_in_pile")
    assert hidden.params == {"card": "4♦", "pile": "column 1"}
    assert str(hidden).replace("4♦", "X") == str(elsewhere).replace("5♦", "X")


def test_double_tap_card_of_another_pile_refused() -> None:
    g = game(tableau=["8H", "9S"])
    err = refused(g, lambda: gestures.double_tap(g, "T1", "9S"), "card_not_in_pile")
    assert err.params == {"card": "9♠", "pile": "column 1"}


def test_double_tap_stock_draws() -> None:
    g = game(tableau=["5H"], stock="AC 2C")
    assert gestures.double_tap(g, "S") == Move("S", "W")


def test_double_tap_stock_with_a_card_refused() -> None:
    g = game(tableau=["5H"], stock="AC 2C")
    refused(g, lambda: gestures.double_tap(g, "S", "2C"), "not_face_up")


def test_double_tap_foundation_does_nothing() -> None:
    g = game(tableau=["4D"], foundations={"S": 3})
    before = g.snapshot()
    assert gestures.double_tap(g, "F1") is None
    assert gestures.double_tap(g, "F1", "3S") is None
    assert g.snapshot() == before
    refused(g, lambda: gestures.double_tap(g, "F1", "2S"), "not_top_foundation")


def test_double_tap_empty_pile_does_nothing() -> None:
    g = game(tableau=["", "5H"])
    before = g.snapshot()
    assert gestures.double_tap(g, "T1") is None
    assert gestures.double_tap(g, "W") is None
    assert g.snapshot() == before


# ----------------------------------------------------------------- drag


@pytest.mark.parametrize("target", ["F1", "F2", "F3", "F4"])
def test_drag_to_any_foundation_means_its_own(target: str) -> None:
    g = game(tableau=["2C AH"])
    assert gestures.drag(g, "AH", target) == Move("T1", "F2")


def test_drag_waste_top_card_to_any_foundation() -> None:
    g = game(tableau=["5C"], waste="AD")
    assert gestures.drag(g, "AD", "F1") == Move("W", "F3")


def test_drag_a_run_by_its_card() -> None:
    g = game(tableau=["2C | TD 9S 8H", "TH"])
    assert gestures.drag(g, "9S", "T2") == Move("T1", "T2")
    assert column_text(g, 2) == " | TH 9S 8H"


def test_drag_not_the_fitting_card_refused() -> None:
    """Dragging 9S onto a column that takes only 8H of its run is refused."""
    g = game(tableau=["2C | TD 9S 8H", "9C"])
    err = refused(g, lambda: gestures.drag(g, "9S", "T2"), "does_not_fit")
    assert err.params == {"card": "9♠", "target": "9♣", "colour": "red", "rank": "8"}
    assert str(err) == "9♠ does not go on 9♣: only a red 8 goes on it"


def test_drag_not_the_king_to_an_empty_column_refused() -> None:
    g = game(tableau=["2C | KD QS", ""])
    refused(g, lambda: gestures.drag(g, "QS", "T2"), "king_only")
    assert gestures.drag(g, "KD", "T2") == Move("T1", "T2")


def test_drag_non_top_column_card_to_a_foundation_refused() -> None:
    g = game(tableau=["2C | 2H AS"], foundations={"H": 1})
    refused(g, lambda: gestures.drag(g, "2H", "F2"), "not_top_for_foundation")


def test_drag_waste_card_below_the_top_refused() -> None:
    g = game(tableau=["8S"], waste="7H 2C")
    refused(g, lambda: gestures.drag(g, "7H", "T1"), "not_top_waste")


@pytest.mark.parametrize("card", ["4D", "3C"])
def test_drag_face_down_card_refused(card: str) -> None:
    g = game(tableau=["3C 4D | 8H", "9S"], stock="5D")
    refused(g, lambda: gestures.drag(g, card, "T2"), "not_face_up")


def test_drag_stock_card_refused() -> None:
    g = game(tableau=["8H", "9S"], stock="5D")
    refused(g, lambda: gestures.drag(g, "5D", "T2"), "not_face_up")


def test_drag_foundation_top_card_back() -> None:
    g = game(tableau=["4D"], foundations={"S": 3})
    assert gestures.drag(g, "3S", "T1") == Move("F1", "T1")
    assert g.score == 0


def test_drag_foundation_card_below_the_top_refused() -> None:
    g = game(tableau=["3D"], foundations={"S": 3})
    refused(g, lambda: gestures.drag(g, "2S", "T1"), "not_top_foundation")


def test_drag_foundation_card_to_a_foundation_refused() -> None:
    g = game(tableau=["3D"], foundations={"S": 3})
    refused(g, lambda: gestures.drag(g, "3S", "F2"), "same_pile")


def test_drag_illegal_drop_refused_with_the_reason() -> None:
    g = game(tableau=["8H", "9H"])
    err = refused(g, lambda: gestures.drag(g, "8H", "T2"), "does_not_fit")
    assert str(err) == "8♥ does not go on 9♥: only a black 8 goes on it"
    refused(g, lambda: gestures.drag(g, "8H", "F2"), "foundation_needs")


def test_drag_onto_the_stock_refused_even_when_it_is_empty() -> None:
    """Dropping the waste's top card on the empty stock is not a recycle."""
    g = game(tableau=["5H", "6S"], waste="KS 3D", rest="T1", score=150)
    refused(g, lambda: gestures.drag(g, "3D", "S"), "to_stock")
    refused(g, lambda: gestures.drag(g, "5H", "S"), "to_stock")


def test_drag_onto_the_waste_refused() -> None:
    g = game(tableau=["5H", "6S"], waste="KS 3D")
    refused(g, lambda: gestures.drag(g, "3D", "W"), "to_waste")
    refused(g, lambda: gestures.drag(g, "5H", "W"), "to_waste")


def test_drag_on_a_won_game_refused() -> None:
    g = won_game()
    refused(g, lambda: gestures.drag(g, "KC", "T1"), "game_won")


@pytest.mark.parametrize("card,target,reason", [("XX", "T1", "bad_card"), ("8H", "T9", "bad_pile")])
def test_drag_bad_names(card: str, target: str, reason: str) -> None:
    g = game(tableau=["8H", "9S"])
    refused(g, lambda: gestures.drag(g, card, target), reason)


def test_double_tap_non_top_card_never_sends_the_top_card_home() -> None:
    """9S is double tapped, 7S (same suit, on top) could go home: neither moves."""
    g = game(tableau=["4D | 9S 8H 7S", "5C"], foundations={"S": 6})
    before = g.snapshot()
    assert gestures.double_tap(g, "T1", "9S") is None
    assert g.snapshot() == before
    assert gestures.double_tap(g, "T1", "7S") == Move("T1", "F1")
