"""One test per rule of the spec (docs/rules.md traces each to the seed), refusals included.

Every refusal is checked with its reason key and with the position unchanged.
"""

from __future__ import annotations

import pytest

from helpers.positions import column_text, game, refused, refused_move, texts, won_game
from klondike import Game, IllegalMove, Move

# ----------------------------------------------------------------- the layout


def test_new_game_layout() -> None:
    """28 cards in 7 columns of 1..7, only the last face up; 24 in the stock; rest empty."""
    snap = Game.from_code("KL1-D1N-AAAAAAG").snapshot()
    assert [len(c["down"]) for c in snap["tableau"]] == [0, 1, 2, 3, 4, 5, 6]
    assert [len(c["up"]) for c in snap["tableau"]] == [1] * 7
    assert len(snap["stock"]) == 24
    assert snap["waste"] == []
    assert snap["foundations"] == [[], [], [], []]
    assert snap["score"] == 0 and snap["won"] is False


# ----------------------------------------------------------------- onto a column


@pytest.mark.parametrize("target", ["8S", "8C"])
def test_red_seven_on_black_eight(target: str) -> None:
    """The seed's example: a seven of hearts may go on a spade or club eight."""
    g = game(tableau=[target], waste="7H")
    assert g.play("W-T1") == Move("W", "T1")
    assert column_text(g, 1) == f" | {target} 7H"


@pytest.mark.parametrize("target", ["8H", "8D"])
def test_same_colour_refused(target: str) -> None:
    g = game(tableau=[target], waste="7H")
    err = refused_move(g, "W-T1", "does_not_fit")
    assert err.params == {
        "card": "7♥",
        "target": "8" + {"H": "♥", "D": "♦"}[target[1]],
        "colour": "black",
        "rank": "7",
    }
    assert str(err).startswith("7♥ does not go on 8")


@pytest.mark.parametrize("target", ["9S", "7S", "KC"])
def test_rank_must_be_one_lower(target: str) -> None:
    g = game(tableau=[target], waste="7H")
    refused_move(g, "W-T1", "does_not_fit")


def test_black_on_red() -> None:
    g = game(tableau=["TD", "TH"], waste="9C")
    assert set(texts(g)) >= {"W-T1", "W-T2"}
    g.play("W-T2")
    assert column_text(g, 2) == " | TH 9C"


def test_ranks_run_ace_to_king() -> None:
    """Ace is the lowest rank; a Queen fits on a King, a Jack on a Queen, a two on a three."""
    for low, high in [("QH", "KS"), ("JS", "QD"), ("2D", "3C"), ("TH", "JC")]:
        g = game(tableau=[high], waste=low)
        g.play("W-T1")
        assert column_text(g, 1) == f" | {high} {low}"


def test_ace_goes_on_a_two_in_a_column() -> None:
    g = game(tableau=["2S"], waste="AH")
    assert "W-T1" in texts(g)


# ----------------------------------------------------------------- sequences


def test_sequence_moves_with_every_card_on_it() -> None:
    """A face-up card moves with every card on it, however many."""
    g = game(tableau=["4C | 9H 8S 7D 6C 5H", "TS"])
    g.play("T1-T2")
    assert column_text(g, 1) == " | 4C"
    assert column_text(g, 2) == " | TS 9H 8S 7D 6C 5H"


def test_sequence_only_the_fitting_card_moves_to_a_given_column() -> None:
    """For a pair of columns only one card of the run can fit: the pair names the move."""
    run = "KD QS JH TC 9D 8C"
    for target, moved in [("JD", "TC 9D 8C"), ("9H", "8C"), ("QC", "JH TC 9D 8C")]:
        g = game(tableau=["2S | " + run, target])
        g.play("T1-T2")
        assert column_text(g, 2) == f" | {target} {moved}"
        assert g.moves == 1
    g = game(tableau=["2S | " + run, "5H"])
    refused_move(g, "T1-T2", "no_card_fits")


def test_sequence_from_middle_leaves_the_rest() -> None:
    g = game(tableau=["| 9H 8S 7D 6C", "8C"])
    g.play("T1-T2")
    assert column_text(g, 1) == " | 9H 8S"
    assert column_text(g, 2) == " | 8C 7D 6C"


def test_no_card_of_the_run_fits() -> None:
    g = game(tableau=["9H 8S", "4D"])
    err = refused_move(g, "T1-T2", "no_card_fits")
    assert err.params == {"column": 1, "target": "4♦", "colour": "black", "rank": "3"}


# ----------------------------------------------------------------- the empty column


def test_king_from_waste_to_empty_column() -> None:
    g = game(tableau=["", "5H"], waste="KS")
    assert g.play("W-T1") == Move("W", "T1")
    assert column_text(g, 1) == " | KS"


def test_king_with_its_run_to_empty_column() -> None:
    g = game(tableau=["", "3C | KH QS JD"])
    g.play("T2-T1")
    assert column_text(g, 1) == " | KH QS JD"
    assert column_text(g, 2) == " | 3C"


@pytest.mark.parametrize("card", ["QS", "AH", "2C"])
def test_non_king_from_waste_to_empty_column_refused(card: str) -> None:
    g = game(tableau=["", "5H"], waste=card)
    refused_move(g, "W-T1", "king_only")


def test_non_king_refused_even_to_free_a_face_down_card() -> None:
    """Not even to free a face-down card: the seed's explicit example."""
    g = game(tableau=["", "3C | QH JS"])
    refused_move(g, "T2-T1", "king_only")
    g = game(tableau=["", "3C 4D | 8H"])
    refused_move(g, "T2-T1", "king_only")


def test_non_king_from_foundation_to_empty_column_refused() -> None:
    g = game(tableau=["", "5H"], foundations={"S": 4})
    refused_move(g, "F1-T1", "king_only")


def test_king_at_the_bottom_of_its_column_does_not_move() -> None:
    """A King already at the bottom moving to an empty column changes nothing: illegal."""
    g = game(tableau=["", "KH QS"])
    err = refused_move(g, "T2-T1", "king_at_bottom")
    assert err.params == {"card": "K♥", "column": 2}


def test_king_on_face_down_cards_may_move_to_empty_column() -> None:
    g = game(tableau=["", "3C | KH QS"])
    assert "T2-T1" in texts(g)


# ----------------------------------------------------------------- the foundations


def test_ace_first_then_up_in_suit() -> None:
    g = game(tableau=["2H", "AH"])
    refused_move(g, "T1-F2", "foundation_needs")
    g.play("T2-F2")
    g.play("T1-F2")
    assert g.snapshot()["foundations"][1] == ["AH", "2H"]


def test_foundation_needs_the_next_rank() -> None:
    g = game(tableau=["4S"], foundations={"S": 2})
    err = refused_move(g, "T1-F1", "foundation_needs")
    assert err.params == {"card": "4♠", "needed": "3♠"}


@pytest.mark.parametrize("named", ["F2", "F3", "F4"])
def test_wrong_named_foundation_refused(named: str) -> None:
    g = game(tableau=["AS"])
    err = refused_move(g, f"T1-{named}", "wrong_foundation")
    assert err.params == {"card": "A♠", "foundation": 1}


def test_foundation_slots_are_fixed_spades_hearts_diamonds_clubs() -> None:
    g = game(tableau=["AS", "AH", "AD", "AC"])
    assert set(texts(g)) == {"S-W", "T1-F1", "T2-F2", "T3-F3", "T4-F4"}


@pytest.mark.parametrize("source", ["T1", "W"])
def test_f_alone_means_its_own_foundation(source: str) -> None:
    g = game(tableau=["AD"] if source == "T1" else ["5C"], waste="AD" if source == "W" else "")
    assert g.play(f"{source}-F") == Move(source, "F3")
    assert g.snapshot()["foundations"][2] == ["AD"]


def test_f_alone_from_an_empty_pile_is_refused() -> None:
    g = game(tableau=["", "5C"])
    refused(g, lambda: g.play("T1-F"), "column_empty")
    refused(g, lambda: g.play("W-F"), "waste_empty")


def test_only_the_top_card_of_a_column_goes_to_a_foundation() -> None:
    g = game(tableau=["4D 3S"], foundations={"S": 2})
    assert "T1-F1" in texts(g)
    g = game(tableau=["3S 2H"], foundations={"S": 2})
    refused_move(g, "T1-F1", "wrong_foundation")


def test_a_run_does_not_go_to_a_foundation() -> None:
    """Only the top card of a run may go home, one at a time, never the run."""
    g = game(tableau=["3S 2H"], foundations={"S": 2, "H": 0})
    refused_move(g, "T1-F1", "wrong_foundation")
    g = game(tableau=["3S 2H"], foundations={"S": 2, "H": 1})
    g.play("T1-F")
    g.play("T1-F")
    assert g.snapshot()["foundations"][:2] == [["AS", "2S", "3S"], ["AH", "2H"]]


def test_foundation_to_foundation_refused() -> None:
    g = game(tableau=["5C"], foundations={"S": 1})
    refused_move(g, "F1-F2", "foundation_to_foundation")
    refused_move(g, "F1-F1", "same_pile")


def test_take_back_from_foundation_to_column() -> None:
    g = game(tableau=["4D"], foundations={"S": 3})
    assert g.play("F1-T1") == Move("F1", "T1")
    assert column_text(g, 1) == " | 4D 3S"
    assert g.snapshot()["foundations"][0] == ["AS", "2S"]


def test_take_back_a_king_to_an_empty_column() -> None:
    g = game(tableau=["", "5D"], foundations={"H": 13})
    g.play("F2-T1")
    assert column_text(g, 1) == " | KH"


def test_take_back_needs_a_fitting_column() -> None:
    g = game(tableau=["4H"], foundations={"S": 5})
    err = refused_move(g, "F1-T1", "does_not_fit")
    assert err.params == {"card": "5♠", "target": "4♥", "colour": "black", "rank": "3"}


def test_take_back_from_empty_foundation() -> None:
    g = game(tableau=["4H"])
    refused_move(g, "F1-T1", "foundation_empty")


# ----------------------------------------------------------------- the waste


def test_only_the_top_waste_card_plays() -> None:
    g = game(tableau=["8S", "3C"], waste="7H 2D")  # 7H lies under 2D
    assert "W-T1" not in texts(g)
    assert "W-T2" in texts(g)
    g.play("W-T2")
    assert "W-T1" in texts(g)  # the next one became playable


def test_waste_to_foundation() -> None:
    g = game(tableau=["5C"], waste="AH")
    g.play("W-F2")
    assert g.snapshot()["foundations"][1] == ["AH"]
    assert g.snapshot()["waste"] == []


def test_from_empty_waste() -> None:
    g = game(tableau=["5C"], rest="T1")
    refused_move(g, "W-T2", "waste_empty")
    refused_move(g, "W-S", "waste_empty")


# ----------------------------------------------------------------- turning face-down cards


def test_freed_face_down_card_turns_up_as_part_of_the_move() -> None:
    g = game(tableau=["3C 4D | 8H", "9S"])
    g.play("T1-T2")
    assert column_text(g, 1) == "3C | 4D"
    assert g.moves == 1
    g.undo()
    assert column_text(g, 1) == "3C 4D | 8H"


def test_freed_face_down_card_turns_up_after_foundation_move() -> None:
    g = game(tableau=["KD | AC"])
    g.play("T1-F4")
    assert column_text(g, 1) == " | KD"


def test_column_without_face_down_cards_just_empties() -> None:
    g = game(tableau=["AC", "5H"])
    g.play("T1-F")
    assert column_text(g, 1) == " | "


# ----------------------------------------------------------------- the stock


def test_draw_one_turns_one_card() -> None:
    g = game(tableau=["5H"], stock="2C 3D 4S", rest="T1")
    g.play("S-W")
    assert g.snapshot()["waste"] == ["4S"]
    assert g.snapshot()["stock"] == ["2C", "3D"]


def test_draw_three_turns_three_cards_in_order() -> None:
    """The last stock card is the next drawn; drawn three, it lies under the other two."""
    g = game(tableau=["5H"], stock="AC 2C 3D 4S 5S", rest="T1", draw=3)
    g.play("S-W")
    assert g.snapshot()["waste"] == ["5S", "4S", "3D"]
    assert g.snapshot()["stock"] == ["AC", "2C"]


def test_draw_three_deals_fewer_when_fewer_are_left() -> None:
    g = game(tableau=["5H"], stock="AC 2C", waste="9D", rest="T1", draw=3)
    g.play("S-W")
    assert g.snapshot()["waste"] == ["9D", "2C", "AC"]
    assert g.snapshot()["stock"] == []
    g.undo()
    assert g.snapshot()["stock"] == ["AC", "2C"]


def test_draw_three_only_top_card_plays_then_the_next() -> None:
    g = game(tableau=["8S", "TS", "QC"], stock="JD 9H 2D", rest="T3", draw=3)
    g.play("S-W")
    assert g.snapshot()["waste"] == ["2D", "9H", "JD"]
    assert "W-T2" not in texts(g)
    refused_move(g, "W-T2", "does_not_fit")
    g.play("W-T3")
    assert "W-T2" in texts(g)  # 9H became playable
    g.play("W-T2")
    assert g.snapshot()["waste"] == ["2D"]


def test_draw_from_empty_stock_refused() -> None:
    g = game(tableau=["5H"], rest="T1")
    refused_move(g, "S-W", "stock_empty")


def test_recycle_turns_the_waste_back_in_the_same_order() -> None:
    g = game(tableau=["5H"], stock="AC 2C 3D", rest="T1")
    drawn = []
    for _ in range(3):
        g.play("S-W")
        drawn.append(g.snapshot()["waste"][-1])
    assert g.play("W-S") == Move("W", "S")
    assert g.snapshot()["stock"] == ["AC", "2C", "3D"] and g.snapshot()["waste"] == []
    again = []
    for _ in range(3):
        g.play("S-W")
        again.append(g.snapshot()["waste"][-1])
    assert again == drawn == ["3D", "2C", "AC"]


def test_recycle_draw_three_same_groups_next_pass() -> None:
    g = game(tableau=["5H"], stock="AC 2C 3D 4D 5D", rest="T1", draw=3)
    g.play("S-W")
    first = g.snapshot()["waste"]
    g.play("S-W")
    second = g.snapshot()["waste"]
    g.play("W-S")
    g.play("S-W")
    assert g.snapshot()["waste"] == first
    g.play("S-W")
    assert g.snapshot()["waste"] == second


def test_recycle_while_stock_not_empty_refused() -> None:
    g = game(tableau=["5H"], stock="AC", waste="2C")
    refused_move(g, "W-S", "recycle_stock_not_empty")


def test_recycle_is_unlimited_in_normal() -> None:
    g = game(tableau=["5H"], stock="AC 2C", rest="T1", score=500)
    for _ in range(4):
        g.play("S-W")
        g.play("S-W")
        g.play("W-S")
    assert g.snapshot()["stock"] == ["AC", "2C"]


@pytest.mark.parametrize("draw", [1, 3])
def test_vegas_no_recycle(draw: int) -> None:
    """Vegas: the stock is gone through once only, Draw 1 and Draw 3."""
    g = game(tableau=["5H"], stock="AC 2C", rest="T1", scoring="vegas", draw=draw)
    while g.snapshot()["stock"]:
        g.play("S-W")
    assert "W-S" not in texts(g)
    refused_move(g, "W-S", "vegas_one_pass")


def test_vegas_recycle_refused_while_stock_not_empty_too() -> None:
    g = game(tableau=["5H"], stock="AC", waste="2C", scoring="vegas")
    refused_move(g, "W-S", "vegas_one_pass")


def test_vegas_real_deal_one_pass() -> None:
    g = Game.from_code("KL1-D3V-AAAAAAG")
    for _ in range(8):
        g.play("S-W")
    assert g.snapshot()["stock"] == []
    refused_move(g, "W-S", "vegas_one_pass")


# ----------------------------------------------------------------- other pairs of piles


@pytest.mark.parametrize("move", ["T1-S", "F1-S"])
def test_nothing_goes_to_the_stock(move: str) -> None:
    g = game(tableau=["5H"], foundations={"S": 1}, stock="AC")
    refused_move(g, move, "to_stock")


@pytest.mark.parametrize("move", ["T1-W", "F1-W"])
def test_nothing_goes_to_the_waste_but_from_the_stock(move: str) -> None:
    g = game(tableau=["5H"], foundations={"S": 1}, waste="9C")
    refused_move(g, move, "to_waste")


@pytest.mark.parametrize("move", ["S-T1", "S-F1", "S-F"])
def test_stock_deals_only_to_waste(move: str) -> None:
    g = game(tableau=["5H"], stock="AS 2C")
    refused(g, lambda: g.play(move), "stock_only_to_waste")


@pytest.mark.parametrize("move", ["T1-T1", "W-W", "S-S"])
def test_same_pile(move: str) -> None:
    g = game(tableau=["5H"], waste="9C")
    refused_move(g, move, "same_pile")


def test_from_empty_column() -> None:
    g = game(tableau=["", "5H"])
    err = refused_move(g, "T1-T2", "column_empty")
    assert err.params == {"column": 1}


# ----------------------------------------------------------------- a won game


@pytest.mark.parametrize("move", ["W-F", "T1-F", "T1-T2", "S-W", "W-S", "F1-T1", "F4-T1"])
def test_no_moves_on_a_won_game(move: str) -> None:
    g = won_game()
    assert g.legal_moves() == []
    refused(g, lambda: g.play(move), "game_won")


def test_won_when_all_52_are_home() -> None:
    g = game(tableau=["KC"], foundations=[13, 13, 13, 12])
    assert not g.won
    g.play("T1-F4")
    assert g.won and g.snapshot()["won"] is True


def test_the_game_never_finishes_itself() -> None:
    """No automatic play: with only foundation moves left, nothing happens on its own."""
    g = game(tableau=["KC", "QC", "KH"], foundations=[13, 12, 13, 11])
    g.play("T2-F4")
    assert not g.won
    assert g.snapshot()["tableau"][0]["up"] == ["KC"]


# ----------------------------------------------------------------- move input


def test_move_input_forms() -> None:
    g = game(tableau=["AS"])
    forms: list[Move | str] = ["T1-F1", " t1-f1 ", "T1-F", "t1 - f", Move("T1", "F1")]
    for form in [*forms, Move("T1", "F")]:
        assert g.is_legal(form)
    assert g.play(" t1 - f ") == Move("T1", "F1")


@pytest.mark.parametrize(
    "text", ["T1", "T1-F1-F2", "T8-T1", "X-Y", "", "-", "T1-F5", "10H-T1", "ſ-W", "T1-Ｆ1"]
)
def test_bad_move_text(text: str) -> None:
    g = game(tableau=["AS"])
    refused(g, lambda: g.play(text), "bad_move_text")


@pytest.mark.parametrize("value", [None, 3, 1.5, b"T1-F1", ["T1", "F1"], ("T1", "F1")])
def test_move_not_text(value: object) -> None:
    g = game(tableau=["AS"])
    err = refused(g, lambda: g.play(value), "not_text")  # type: ignore[arg-type]
    assert isinstance(err, IllegalMove) and isinstance(err, ValueError)


def test_legal_moves_are_canonical_text_once_each() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    assert texts(g) == ["S-W", "T1-F3", "T5-T4", "T7-F2"]
    for m in g.legal_moves():
        assert str(Move.from_text(str(m))) == str(m)


def test_play_returns_canonical_move() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    assert g.play("t7-f") == Move("T7", "F2")
    assert str(g.play("T1-F")) == "T1-F3"
