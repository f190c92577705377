"""The fair player's honesty where the other tests do not look (issue 33): after every kind
of redeal and pass, twins of another deal (another code, the same information) get the
same answers; a shuffled redeal hides the stock's order from the information set and the
layouts; layouts that differ only in the stock are counted apart; ties go to the choice
that loses fewer; the fair hint offers Finish only where every unseen order finishes, and
follows its kept line only where it is due."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import klondike.fair.hint as fair_hint
import klondike.fair.player as player
from helpers.positions import position
from klondike import Game
from klondike.cards import parse_card
from klondike.codes import format_code
from klondike.fair import decide, winnable_share
from klondike.fair.hint import FairLine, KeptLine, SolverHint, hint_of
from klondike.fair.sampler import coupled_layouts, layouts
from klondike.information import information_set
from klondike.solver import solve
from test_finish import CLUBS_LEFT, LAST_CARDS
from web.test_fair_hint import FOLLOWED

HINT_SAMPLES = 16
"""Layouts a fair hint solves in these tests (the page's 64 take too long for a test)."""


@pytest.fixture(autouse=True)
def _small_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fair_hint, "FAIR_SAMPLES", HINT_SAMPLES)


def at(code: str, moves: str) -> Game:
    """The game of ``code`` after ``moves`` (texts, spaced; ``S-W*8``: eight draws)."""
    played = Game.from_code(code)
    for word in moves.split():
        text, _, times = word.partition("*")
        for _ in range(int(times or 1)):
            played.play(text)
    return played


def forgetful(original: Game) -> Game:
    """``original`` without its undo history: a twin cannot share it (an undo of Classic's
    redeal restores the waste by the deal number)."""
    return Game.from_snapshot({**original.snapshot(), "history": []})


def twin(original: Game, deal: int, seed: int = 0) -> Game:
    """A game of deal ``deal`` the player cannot tell from ``original``: every card seen in
    its place, the counts the same, the unseen cards dealt again among their slots — the
    face-down cards, with the stock's before its first turn-over, and the stock's order
    after a shuffled redeal."""
    snapshot = forgetful(original).snapshot()
    rng = random.Random(seed)
    pool = [card for column in snapshot["tableau"] for card in column["down"]]
    stock_unseen = original.recycles == 0
    if stock_unseen:
        pool += snapshot["stock"]
    rng.shuffle(pool)
    for column in snapshot["tableau"]:
        column["down"] = [pool.pop() for _ in column["down"]]
    if stock_unseen:
        snapshot["stock"] = [pool.pop() for _ in snapshot["stock"]]
    elif original.rules.recycle == "shuffle":
        rng.shuffle(snapshot["stock"])
    snapshot["code"] = format_code(deal, original.draw, original.scoring, original.rules.key)
    return Game.from_snapshot(snapshot)


# Vegas Draw 1 after its one pass: the stock drawn through, nothing to turn over again.
VEGAS_PASSED = position(
    tableau=["9S | KD", "KH", "KS 8D | QH", "9D", "JD JC | JS", "TS", "JH | TC"],
    waste="KC 7D TH TD QC QS 9C QD",
    foundations={"S": 8, "H": 9, "D": 6, "C": 8},
    scoring="vegas",
)

AFTER: dict[str, Callable[[], Game]] = {
    "before the first pass (Classic Draw 1)": lambda: at("KC1-D1X-AAAAAAB", "S-W*3"),
    "the app's redeal, Draw 1": lambda: at("KL1-D1N-AAAAAAB", "S-W*24 W-S S-W*3"),
    "the app's redeal, Draw 3": lambda: at("KL1-D3N-AAAAAAB", "S-W*8 W-S S-W*2"),
    "Vegas's one pass": lambda: Game.from_snapshot(VEGAS_PASSED),
    "Classic's shuffled redeal, Draw 1": lambda: at("KC1-D1X-AAAAAAB", "S-W*24 W-S S-W*3"),
    "Classic's shuffled redeal, Draw 3": lambda: at("KC1-D3X-AAAAAAB", "S-W*8 W-S S-W"),
    "Solitär's redeal": lambda: at("KS1-D3X-AAAAAAB", "S-W*7 W-S S-W"),
}
"""A position after each kind of redeal and pass, where the fair player's choice is open."""


def unseen_places(snapshot: dict[str, Any]) -> tuple[object, ...]:
    return tuple(tuple(column["down"]) for column in snapshot["tableau"]), tuple(snapshot["stock"])


def without_seconds(hint: tuple[SolverHint, KeptLine]) -> tuple[SolverHint, KeptLine]:
    """A hint and the line it keeps, the seconds it took aside."""
    answer, kept = hint
    return {**answer, "seconds": 0.0}, kept


def answers(here: Game) -> tuple[object, ...]:
    """Everything the fair player says of ``here``, the seconds taken aside."""
    decision = dataclasses.replace(decide(here, samples=8, max_states=300), seconds=0.0)
    share = winnable_share(here, samples=8, max_states=300)
    gauge = winnable_share(here, samples=8, max_states=300, coupled=True)
    return decision, share, gauge, without_seconds(hint_of(here.snapshot(), 2.0))


@pytest.mark.parametrize("kind", list(AFTER))
def test_twins_of_another_deal_get_the_same_answers(kind: str) -> None:
    """Another deal, the unseen cards elsewhere, the same information: the same decision,
    shares, gauge and hint. (The answer reads neither the code nor a hidden card.)"""
    mine = forgetful(AFTER[kind]())
    other = twin(mine, deal=12_345_678, seed=7)
    assert other.code != mine.code
    assert unseen_places(other.snapshot()) != unseen_places(mine.snapshot())
    assert information_set(other) == information_set(mine)
    assert answers(other) == answers(mine)


def classic_redealt() -> Game:
    """Classic Draw 3, the stock drawn through and the waste turned over (shuffled)."""
    redealt = at("KC1-D3X-AAAAAAB", "S-W*8 W-S")
    assert redealt.recycles == 1 and len(redealt.stock) == 24
    return redealt


def test_after_a_shuffled_redeal_the_information_set_holds_the_stocks_cards_not_their_order() -> (
    None
):
    redealt = classic_redealt()
    info = information_set(redealt)
    stock = redealt.snapshot()["stock"]
    assert info["stock"] == 24 and info["stock_cards"] == sorted(stock, key=parse_card)
    for seed in range(3):
        other = twin(redealt, deal=redealt.deal + 1 + seed, seed=seed)
        assert other.stock != redealt.stock
        assert information_set(other) == info


def test_after_a_shuffled_redeal_the_layouts_shuffle_the_stock(solves: list[Game]) -> None:
    """The layouts hold the stock's cards in orders of their own: several orders, and not
    the real one, for the drawn layouts and the gauge's alike."""
    redealt = classic_redealt()
    info = information_set(redealt)
    winnable_share(redealt, samples=8, max_states=50)
    winnable_share(redealt, samples=8, max_states=50, coupled=True)
    for drawn in (
        list(layouts(info, 8, seed=1)),
        list(coupled_layouts(info, 8)),
        solves[:8],
        solves[8:],
    ):
        assert len(drawn) == 8
        assert all(sorted(layout.stock) == sorted(redealt.stock) for layout in drawn)
        assert len({tuple(layout.stock) for layout in drawn}) > 1
        assert all(layout.stock != redealt.stock for layout in drawn)


# Draw 3 Vegas, one pass, every card seen but the order of the stock's 9♣ J♣ K♣: some
# orders win and some do not.
CLUBS_UNSEEN = position(
    waste="KS TC KH QH QC",
    stock="JC KC 9C",
    foundations={"S": 12, "H": 11, "D": 13, "C": 8},
    draw=3,
    scoring="vegas",
)


def test_layouts_that_differ_only_in_the_stock_are_counted_apart() -> None:
    """Each layout counts with its own stock: the share is the count of layouts won, each
    solved on its own, for the gauge and for the position `decide` weighs."""
    unseen = Game.from_snapshot(CLUBS_UNSEEN)
    info = information_set(unseen)
    assert info["unseen"] == ["9C", "JC", "KC"] and not any(unseen.down)
    samples = 12
    drawn = layouts(info, samples, player.seed_of(unseen, 0))
    verdicts = [solve(layout, max_states=3_000).verdict for layout in drawn]
    wins = verdicts.count("winnable")
    assert 0 < wins < samples and verdicts.count("unwinnable") == samples - wins
    assert winnable_share(unseen, samples=samples, max_states=3_000).wins == wins
    assert decide(unseen, samples=samples, max_states=3_000).position.wins == wins


TIED = (
    "KL1-D1V-AAA2UR4",
    "T6-F3 T2-T6 S-W T2-F2 T4-T2 T4-T3 S-W W-T3 T5-T3 S-W*7 W-F2 W-T4 S-W",
)
"""A Draw 1 Vegas game lost by random moves: no choice wins a layout of four, and the
choices lose different numbers of them (the rest left undecided by the bound)."""


def test_a_tie_in_wins_goes_to_the_choice_that_loses_fewer() -> None:
    tied = at(*TIED)
    decision = decide(tied, samples=4, max_states=100)
    best = decision.candidates[" ".join(map(str, decision.line))]
    level = [s for s in decision.candidates.values() if s.wins == best.wins]
    assert len({share.losses for share in level}) > 1, "no tie to break: the test checks nothing"
    assert best.losses == min(share.losses for share in level)


ORDER_DECIDES = {
    "Draw 3": position(**LAST_CARDS, stock="JD QD JC", draw=3),
    "Draw 1 Vegas": position(**CLUBS_LEFT, stock="JC QC KC", scoring="vegas"),
}
"""Every tableau card face up; whether drawing and putting up wins depends on the unseen
order of the stock (tests/test_finish.py says how)."""

SPADES_LEFT = position(
    foundations={"S": 10, "H": 13, "D": 13, "C": 13},
    stock="QS KS JS",
    draw=3,
    rules="classic",
)
"""Classic Draw 3: the order of the stock and of every redeal to come is unseen."""


def orders_of(snapshot: dict[str, Any]) -> Iterator[Game]:
    """The game of ``snapshot`` with its stock in each order, of two deal numbers."""
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        for deal in (0, 3):
            stock = [snapshot["stock"][k] for k in order]
            code = format_code(deal, snapshot["draw"], snapshot["scoring"], snapshot["rules"])
            yield Game.from_snapshot({**snapshot, "stock": stock, "code": code})


@pytest.mark.parametrize(
    "snapshot",
    [*ORDER_DECIDES.values(), SPADES_LEFT],
    ids=[*ORDER_DECIDES, "Classic Draw 3"],
)
def test_the_fair_hint_offers_no_finish_that_depends_on_the_unseen_order(
    snapshot: dict[str, Any],
) -> None:
    """Every tableau card face up, but drawing and putting up wins only for some orders of
    the stock: the fair hint is the same for every order and deal, and never Finish."""
    games = list(orders_of(snapshot))
    assert {g.finish_line() is not None for g in games} == {True, False}
    hints = [hint_of(g.snapshot(), 2.0) for g in games]
    assert all(answer["kind"] != "finish" for answer, _ in hints)
    assert len({repr(without_seconds(hint)) for hint in hints}) == 1


def test_the_kept_line_is_followed_only_at_the_position_it_is_due() -> None:
    """At a position whose fair choice is a line of several moves, the player plays
    another move than the hint's: at the first (the line's next move is then illegal) and
    at the second (it is still legal). The next hint is the one the new position gets
    afresh — its move, its layouts, the line it keeps — not the line kept for elsewhere."""
    start = at(*FOLLOWED)
    first, kept = hint_of(start.snapshot(), 2.0)
    assert isinstance(kept, FairLine) and len(kept.moves) > 1
    followed = start.copy()
    followed.play(first["move"])
    second, kept_after = hint_of(followed.snapshot(), 2.0, kept)
    assert second["move"] == kept.moves[0] and isinstance(kept_after, FairLine)
    for due, line in ((start, kept), (followed, kept_after)):
        elsewhere = due.copy()
        elsewhere.play(next(m for m in elsewhere.legal_moves() if m.source not in ("S", "W")))
        assert without_seconds(hint_of(elsewhere.snapshot(), 2.0, line)) == without_seconds(
            hint_of(elsewhere.snapshot(), 2.0)
        )
