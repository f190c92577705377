"""The game view: everything a table needs, never a face-down card or the stock's order."""

from __future__ import annotations

import random

import pytest

from helpers.api import hidden_cards, leaked
from helpers.positions import one_move_to_win
from klondike import Game, gestures
from klondike.cards import CARD_NAMES
from klondike.web.view import game_view


def view_of(game: Game, **kwargs: object) -> dict[str, object]:
    return game_view(game, game_id=7, version=3, elapsed_ms=1234, **kwargs)  # type: ignore[arg-type]


def random_positions(count: int, seed: int) -> list[Game]:
    """Games of several deals and modes, each played some random legal moves."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        mode = rng.choice(["D1N", "D3N", "D1V", "D3V"])
        code = Game.new(deal=rng.randrange(2**35)).code.replace("D1N", mode)
        game = Game.from_code(code)
        for _ in range(rng.randrange(0, 120)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            if i % 3 == 0 and rng.random() < 0.1 and game.can_undo:
                game.undo()
        games.append(game)
    return games


def test_new_game_view_counts_hidden_cards_only() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    view = view_of(game)
    assert view["id"] == 7 and view["version"] == 3 and view["elapsed_ms"] == 1234
    assert view["code"] == "KL1-D1N-AAAAAAG" and view["draw"] == 1
    assert view["scoring"] == "normal" and view["score"] == 0 and view["score_text"] == "0"
    assert view["stock"] == {"count": 24, "recycle": "allowed"}
    assert view["waste"] == {"count": 0, "top": []}
    assert view["foundations"] == [[], [], [], []]
    tableau = view["tableau"]
    assert isinstance(tableau, list)
    assert [column["down"] for column in tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert all(len(column["up"]) == 1 for column in tableau)
    assert view["targets"] == game.drop_targets()
    assert view["won"] is False and view["can_undo"] is False and view["last"] is None
    assert view["clock_running"] is True and view["status"] == "playing"


def test_view_keys_are_the_documented_ones() -> None:
    view = view_of(Game.from_code("KL1-D3V-AAAAAAG"))
    assert set(view) == {
        "id", "version", "status", "code", "rules", "draw", "scoring", "score", "score_text",
        "moves", "undos", "elapsed_ms", "clock_running", "won", "can_undo", "can_redo", "stock",
        "waste",
        "foundations", "tableau", "targets", "finish", "last",
    }  # fmt: skip


def test_vegas_view_shows_dollars_and_no_more_passes() -> None:
    view = view_of(Game.from_code("KL1-D3V-AAAAAAG"))
    assert view["score"] == -52 and view["score_text"] == "-$52"
    assert view["stock"] == {"count": 24, "recycle": "no_more_passes"}


def test_draw_three_waste_shows_top_three_last_playable() -> None:
    game = Game.from_code("KL1-D3N-AAAAAAG")
    game.play("S-W")
    game.play("S-W")
    view = view_of(game)
    assert view["waste"] == {
        "count": 6,
        "top": [CARD_NAMES[c] for c in game.waste[-3:]],
    }
    assert view["stock"] == {"count": 18, "recycle": "allowed"}


def test_foundations_are_listed_bottom_first_in_suit_order() -> None:
    game = Game.from_snapshot(one_move_to_win("KS", score=500))
    view = view_of(game)
    assert view["foundations"][0] == [r + "S" for r in "A23456789TJQ"]
    assert view["foundations"][3][-1] == "KC"
    assert view["targets"] == game.drop_targets() and view["targets"]["KS"] == ["F1"]


def test_finished_game_has_no_targets_and_a_stopped_clock() -> None:
    game = Game.from_snapshot(one_move_to_win("KS", score=500))
    gestures.tap(game, "T1")
    view = view_of(game, status="won", clock_running=False)
    assert view["won"] is True and view["targets"] == {} and view["can_undo"] is False
    assert view["clock_running"] is False and view["status"] == "won"


@pytest.mark.parametrize("seed", range(4))
def test_no_hidden_card_in_any_view(seed: int) -> None:
    for game in random_positions(40, seed):
        view = view_of(game, last={"move": "S-W", "undo": False})
        hidden = hidden_cards(game)
        assert leaked(view, hidden) == [], game.code
        # and what is shown is exactly the rest: the 52 cards minus the hidden ones
        shown = set(view["waste"]["top"])  # type: ignore[index]
        shown |= {c for pile in view["foundations"] for c in pile}  # type: ignore[attr-defined]
        shown |= {c for column in view["tableau"] for c in column["up"]}  # type: ignore[attr-defined]
        assert shown.isdisjoint(hidden)
        counted = view["stock"]["count"] + sum(  # type: ignore[index]
            column["down"]
            for column in view["tableau"]  # type: ignore[attr-defined]
        )
        assert counted == len(hidden)


def test_leak_detector_finds_a_leak() -> None:
    """The check above can fail: a view that shows a face-down card is caught."""
    game = Game.from_code("KL1-D1N-AAAAAAG")
    view = view_of(game)
    hidden = hidden_cards(game)
    secret = sorted(hidden)[0]
    view["tableau"][6]["up"].insert(0, secret)  # type: ignore[index]
    assert leaked(view, hidden) == [secret]
    assert leaked({"message": "hmm", "params": {"card": "10♥"}}, {"TH"}) == ["10♥"]
