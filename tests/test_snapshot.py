"""Snapshots: the JSON-ready shape, exact round trips, and refusal of impossible games."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from helpers.positions import game, played, position, won_game
from klondike import Game, InvalidSnapshot, Move


def refused_snapshot(snap: Any, words: str = "") -> InvalidSnapshot:
    with pytest.raises(InvalidSnapshot) as err:
        Game.from_snapshot(snap)
    assert err.value.reason == "bad_snapshot"
    assert words in str(err.value), str(err.value)
    return err.value


# ----------------------------------------------------------------- shape and round trip


def test_snapshot_shape() -> None:
    snap = Game.from_code("KL1-D3V-AAAAAAG").snapshot()
    assert snap["code"] == "KL1-D3V-AAAAAAG"
    assert snap["draw"] == 3 and snap["scoring"] == "vegas"
    assert snap["score"] == -52 and snap["won"] is False
    assert len(snap["foundations"]) == 4 and len(snap["tableau"]) == 7
    assert all(set(col) == {"down", "up"} for col in snap["tableau"])
    assert snap["moves"] == 0 and snap["undos"] == 0 and snap["history"] == []
    assert json.loads(json.dumps(snap)) == snap


def test_snapshot_history_entries() -> None:
    g = game(tableau=["3C | AH", "8S"], waste="7D", stock="9C", score=20)
    g.play("S-W")
    g.play("T1-F")
    assert g.snapshot()["history"] == [["S-W", 1, False, 20], ["T1-F2", 1, True, 20]]


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "KL1-D3N-AAAAAAB", "KL1-D1V-7777777"])
@pytest.mark.parametrize("moves", [0, 1, 30, 150])
def test_round_trip(code: str, moves: int) -> None:
    g = played(code, moves)
    snap = g.snapshot()
    restored = Game.from_snapshot(json.loads(json.dumps(snap)))
    assert restored.snapshot() == snap
    assert (restored.score, restored.won, restored.code) == (g.score, g.won, g.code)
    assert restored.legal_moves() == g.legal_moves()
    assert str(restored) == str(g)


def test_round_trip_keeps_the_undo_history() -> None:
    g = played(moves=20)
    restored = Game.from_snapshot(g.snapshot())
    while g.can_undo:
        assert restored.undo() == g.undo()
        assert restored.snapshot() == g.snapshot()
    assert not restored.can_undo


def test_round_trip_of_a_won_game() -> None:
    g = won_game()
    restored = Game.from_snapshot(g.snapshot())
    assert restored.won and restored.snapshot() == g.snapshot()
    assert not restored.can_undo


def test_optional_keys_default() -> None:
    snap = Game.from_code("KL1-D1N-AAAAAAG").snapshot()
    for key in ("draw", "scoring", "won", "moves", "undos", "history"):
        del snap[key]
    g = Game.from_snapshot(snap)
    assert g.snapshot() == Game.from_code("KL1-D1N-AAAAAAG").snapshot()


def test_restored_game_is_independent() -> None:
    snap = Game.from_code("KL1-D1N-AAAAAAG").snapshot()
    g = Game.from_snapshot(snap)
    g.play("S-W")
    assert snap["stock"][-1] == "QH" and snap["waste"] == []


# ----------------------------------------------------------------- refusals


def base() -> dict[str, Any]:
    return played(moves=25, seed=3).snapshot()


@pytest.mark.parametrize("value", [None, [], "snapshot", 3, 1.5, b"{}"])
def test_not_an_object(value: object) -> None:
    refused_snapshot(value, "must be an object")


@pytest.mark.parametrize("key", ["code", "stock", "waste", "foundations", "tableau", "score"])
def test_missing_key(key: str) -> None:
    snap = base()
    del snap[key]
    refused_snapshot(snap, f"“{key}” is missing")


def test_duplicate_card() -> None:
    snap = position(tableau=["5H"])
    snap["waste"] = ["5H"]
    refused_snapshot(snap, "each of the 52 cards exactly once")


def test_missing_card() -> None:
    snap = position(tableau=["5H"])
    snap["stock"].pop()
    refused_snapshot(snap, "each of the 52 cards exactly once")


def test_card_twice_replacing_another() -> None:
    snap = position(tableau=["5H"])
    snap["stock"][0] = "5H"
    refused_snapshot(snap, "each of the 52 cards exactly once")


@pytest.mark.parametrize("bad", ["10H", "th", "XX", 5, None, ["AS"]])
def test_not_a_card_name(bad: object) -> None:
    snap = position(tableau=["5H"])
    snap["stock"][0] = bad
    refused_snapshot(snap, "not a card name")


def test_bad_foundation_order() -> None:
    snap = position(tableau=["5H"], foundations={"S": 3})
    snap["foundations"][0] = ["AS", "3S", "2S"]
    refused_snapshot(snap, "foundation F1 must run from its Ace up")


def test_foundation_of_the_wrong_suit() -> None:
    snap = position(tableau=["5H"], foundations={"S": 1, "H": 1})
    snap["foundations"][0], snap["foundations"][1] = ["AH"], ["AS"]
    refused_snapshot(snap, "foundation F1 must run from its Ace up")


def test_foundation_not_starting_at_ace() -> None:
    snap = position(tableau=["5H"], foundations={"S": 2})
    snap["foundations"][0] = ["2S"]
    snap["stock"].append("AS")
    refused_snapshot(snap, "foundation F1 must run from its Ace up")


@pytest.mark.parametrize("up", [["9H", "8H"], ["9H", "7S"], ["8S", "9H"], ["9H", "8S", "8C"]])
def test_bad_up_run(up: list[str]) -> None:
    snap = position(tableau=[" ".join(up)])
    refused_snapshot(snap, "must alternate colours one rank down")


def test_face_down_without_face_up() -> None:
    snap = position(tableau=["5H"])
    snap["tableau"][1] = {"down": [snap["stock"].pop()], "up": []}
    refused_snapshot(snap, "face-down cards but no face-up card")


@pytest.mark.parametrize("won", [True, "yes", 1])
def test_won_flag_wrong_on_a_game_in_progress(won: object) -> None:
    snap = base()
    snap["won"] = won
    refused_snapshot(snap, "“won” must be true exactly when")


def test_won_flag_false_on_a_won_game() -> None:
    snap = won_game().snapshot()
    snap["won"] = False
    refused_snapshot(snap, "“won” must be true exactly when")


def test_negative_normal_score() -> None:
    snap = position(tableau=["5H"], score=-5)
    refused_snapshot(snap, "never below 0")


def test_negative_vegas_score_is_fine() -> None:
    assert Game.from_snapshot(position(tableau=["5H"], scoring="vegas", score=-52)).score == -52


@pytest.mark.parametrize("score", ["10", 10.0, None, True])
def test_score_not_a_whole_number(score: object) -> None:
    snap = base()
    snap["score"] = score
    refused_snapshot(snap, "“score” must be a whole number")


@pytest.mark.parametrize("draw", [3, 2, "1", True, 1.0])
def test_draw_does_not_match_the_code(draw: object) -> None:
    snap = base()  # KL1-D1N
    snap["draw"] = draw
    refused_snapshot(snap, "“draw” does not match the code")


@pytest.mark.parametrize("scoring", ["vegas", "Normal", 0, None])
def test_scoring_does_not_match_the_code(scoring: object) -> None:
    snap = base()
    snap["scoring"] = scoring
    refused_snapshot(snap, "“scoring” does not match the code")


@pytest.mark.parametrize("code", ["KL2-D1N-AAAAAAG", "", None, 6])
def test_bad_code(code: object) -> None:
    snap = base()
    snap["code"] = code
    refused_snapshot(snap, "game code")


@pytest.mark.parametrize(
    "key,value,words",
    [
        ("foundations", [[], [], []], "4 lists"),
        ("foundations", "AS", "4 lists"),
        ("tableau", [{"down": [], "up": []}] * 6, "7 columns"),
        ("tableau", None, "7 columns"),
        ("stock", "AS 2S", "must be a list"),
        ("waste", {"AS": 1}, "must be a list"),
    ],
)
def test_bad_pile_shapes(key: str, value: object, words: str) -> None:
    snap = base()
    snap[key] = value
    refused_snapshot(snap, words)


def test_bad_column_object() -> None:
    snap = base()
    snap["tableau"][2] = {"down": [], "up": [], "extra": []}
    refused_snapshot(snap, "column T3 must be an object")
    snap["tableau"][2] = ["AS"]
    refused_snapshot(snap, "column T3 must be an object")


@pytest.mark.parametrize(
    "key,value", [("moves", -1), ("moves", "3"), ("undos", -1), ("undos", 1.0)]
)
def test_bad_counters(key: str, value: object) -> None:
    snap = base()
    snap[key] = value
    refused_snapshot(snap, f"“{key}” must be a whole number")


def test_moves_fewer_than_history() -> None:
    snap = base()
    snap["moves"] = len(snap["history"]) - 1
    refused_snapshot(snap, "“moves” must be a whole number of at least")


# ----------------------------------------------------------------- forged history


def history_game() -> dict[str, Any]:
    """A position with four undoable actions behind it."""
    g = game(tableau=["3C | AH", "8S", "KD"], waste="7D", stock="9C QS", score=20)
    for move in ["S-W", "T1-F", "W-T3", "S-W"]:
        g.play(move)
    snap = g.snapshot()
    assert snap["history"] == [
        ["S-W", 1, False, 20],
        ["T1-F2", 1, True, 20],
        ["W-T3", 1, False, 35],
        ["S-W", 1, False, 40],
    ]
    return snap


def test_real_history_is_accepted() -> None:
    snap = history_game()
    g = Game.from_snapshot(snap)
    for _ in range(4):
        g.undo()
    assert g.snapshot()["stock"][-2:] == ["9C", "QS"]
    assert g.score == 20


@pytest.mark.parametrize(
    "index,entry",
    [
        (1, ["T1-F1", 1, True, 20]),  # wrong foundation
        (1, ["T1-F2", 1, False, 20]),  # the card turned up is not owned up to
        (1, ["T1-F2", 1, True, 25]),  # wrong score before
        (1, ["T1-F2", 2, True, 20]),  # wrong count
        (2, ["W-T2", 1, False, 35]),  # QS never went on 8S
        (3, ["S-W", 3, False, 40]),  # Draw 1 deals one card
        (3, ["W-S", 2, False, 40]),  # a recycle that never happened
        (2, ["T3-T2", 1, False, 35]),  # a move that was not played
        (0, ["X-W", 1, False, 20]),  # not a pile
        (0, ["S-W", 0, False, 20]),  # no cards
        (0, ["S-W", 1, "no", 20]),  # not a flag
        (0, ["S-W", 1, False, "20"]),  # not a score
        (0, ["S-W", 1, False]),  # too short
        (0, "S-W"),  # not a list
        (0, ["S", 1, False, 20]),  # not a move
    ],
)
def test_forged_history_entry(index: int, entry: object) -> None:
    snap = history_game()
    snap["history"][index] = entry
    refused_snapshot(snap, "history")


def test_history_too_long() -> None:
    snap = history_game()
    snap["history"] = snap["history"] * 26
    refused_snapshot(snap, "at most 100 actions")


def test_history_not_a_list() -> None:
    snap = history_game()
    snap["history"] = {"0": ["S-W", 1, False, 20]}
    refused_snapshot(snap, "“history” must be a list")


def test_history_that_does_not_lead_here() -> None:
    """A real history whose position was changed afterwards."""
    snap = history_game()
    forged = copy.deepcopy(snap)
    forged["tableau"][1], forged["tableau"][2] = forged["tableau"][2], forged["tableau"][1]
    refused_snapshot(forged, "history")


@pytest.mark.parametrize(
    "redo",
    ["T1-F3", [["T1-F3"]], [["T1-F3", 0]], [["X-F3", 1]], [["T2-T3", 1]], [["T1-F3", 1]] * 2],
)
def test_a_redo_list_that_cannot_be_played_is_refused(redo: object) -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    with pytest.raises(InvalidSnapshot) as err:
        Game.from_snapshot(g.snapshot() | {"redo": redo})
    assert "redo" in str(err.value)


def test_a_redo_list_is_restored() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    g.play("T1-F3")
    g.undo()
    again = Game.from_snapshot(g.snapshot())
    assert again.redo_moves == [Move("T1", "F3")] and again.redo() == Move("T1", "F3")
