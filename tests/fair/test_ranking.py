"""The learned value of close choices (`klondike.fair.ranking`, `decide`'s ``ranked``):
read from what the player sees only — twins get identical decisions, features and
effort — and it does choose, among the close candidates, the one it values most."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from hypothesis import given, settings

import klondike.fair.ranking as ranking
from fair.test_fair import PLAYED, twins
from fair.test_honesty import AFTER, forgetful, twin
from klondike import Game, Move
from klondike.fair import Decision, decide, play_out
from klondike.fair.choices import line_of, text_of
from klondike.information import information_set

EVERY = tuple(range(1, len(ranking.FEATURES) + 1))
"""Weights that make every feature count, so that one that peeked would show."""


def decided(game: Game, ranked: int | None = 4, weights: tuple[int, ...] | None = None) -> object:
    """`decide`'s decision in ``game`` with close choices ranked (``weights``: instead of
    the shipped ones), its time left out."""
    with pytest.MonkeyPatch.context() as patch:
        if weights is not None:
            patch.setattr(ranking, "WEIGHTS", weights)
        decision = decide(game, samples=6, max_states=300, ranked=ranked)
    return dataclasses.replace(decision, seconds=0.0)


@settings(max_examples=10, deadline=None, derandomize=True)
@given(**PLAYED)
def test_positions_the_player_cannot_tell_apart_get_the_same_ranked_decision(
    deal: int, mode: tuple[str, int, str], moves: int, seed: int
) -> None:
    pair = twins(deal, mode, moves, seed)
    if pair is None:
        return
    game, other = pair
    assert decided(game) == decided(other)
    assert decided(game, 64, EVERY) == decided(other, 64, EVERY)


@pytest.mark.parametrize("kind", list(AFTER))
def test_twins_of_another_deal_get_the_same_ranked_decision(kind: str) -> None:
    mine = forgetful(AFTER[kind]())
    other = twin(mine, deal=12_345_678, seed=7)
    assert information_set(other) == information_set(mine)
    assert decided(mine, 64, EVERY) == decided(other, 64, EVERY)


def values(game: Game, decision: Decision, text: str) -> tuple[Fraction, ...]:
    share = decision.candidates[text]
    most = max(s.wins for s in decision.candidates.values())
    return ranking.features(
        game,
        line_of(text),
        share.wins,
        share.losses,
        share.unknown,
        decision.votes[text],
        decision.effort[text],
        decision.agreement[text],
        most,
    )


def first_decision(deal: int) -> Game:
    """The position of the first decision of a training deal's play (`bench/learn.py`)."""
    taken: list[tuple[Game, Decision]] = []
    play_out(
        Game(deal, 1, "normal"), samples=6, max_states=300, max_decisions=1, watch=taken.append
    )
    return taken[0][0]


def test_the_choice_among_close_candidates_is_the_one_valued_most() -> None:
    game = first_decision(5_003)
    today = decided(game, None)
    assert isinstance(today, Decision)
    most = today.share.wins
    close = [t for t, s in today.candidates.items() if s.wins >= most - 4]
    assert len(close) > 1
    # a value that prefers the candidate with the most steps before it commits
    weights = tuple({"steps": 1000, "down_after": -1}.get(n, 0) for n in ranking.FEATURES)
    chosen = decided(game, 4, weights)
    assert isinstance(chosen, Decision)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ranking, "WEIGHTS", weights)
        valued = {t: ranking.score(values(game, chosen, t)) for t in close}
    assert valued[text_of(chosen.line)] == max(valued.values())
    assert chosen.line != today.line  # the value chose: today's choice is not valued most
    # the counts, votes and effort are today's: ranking reorders, it does not recount
    assert (chosen.candidates, chosen.votes, chosen.effort) == (
        today.candidates,
        today.votes,
        today.effort,
    )
    assert set(chosen.agreement) == set(close) and not today.agreement
    # with no weight at all, every close candidate is valued alike: today's choice
    unweighted = decided(game, 4, (0,) * len(ranking.FEATURES))
    assert dataclasses.replace(unweighted, agreement={}) == today


def test_features_read_counts_not_the_card_turned_up() -> None:
    game = Game.from_code("KL1-D1N-AAAAAAG")
    line = (Move("T5", "T4"),)
    found = ranking.features(game, line, 9, 1, 0, 3, (90, 300), 6, 10)
    named = dict(zip(ranking.FEATURES, found, strict=True))
    assert named["reveals"] == 1 and named["down_left"] == 4 and named["down_after"] == 20
    assert named["behind"] == 1 and named["rest_moves"] == Fraction(300, 9)
    assert named["stock_after"] == 24 and named["home_after"] == 0
    assert named["agreement"] == Fraction(6, 9)
