"""The fair player plays a game to its end, deciding every move from what it can see.

>>> from klondike import Game
>>> game = Game.from_code("KL1-D1N-AAAAAAG")
>>> result = play_out(game, samples=2, max_states=200, max_decisions=3)
>>> result.decisions, game.moves  # the game given is not changed
(3, 0)
>>> result.moves[:3]  # an Ace and a Two home, then a look through the stock: no decision
('T1-F3', 'T7-F2', 'S-W')
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from klondike import Game
from klondike.information import seen_key

from .choices import forced_move, scouting_move
from .ismcts import Search, decide_ismcts
from .player import MAX_STATES, SAMPLES, Decision, Shared, decide

MAX_DECISIONS = 400
"""Decisions after which a game that is not won counts as lost."""


@dataclass(frozen=True)
class Playout:
    """How a fair play of a game went: won or not, the cards it brought home, its moves and
    the decisions it took."""

    won: bool
    home: int
    moves: tuple[str, ...]
    decisions: int
    seconds: float
    decision_median: float


def play_out(
    game: Game,
    *,
    samples: int = SAMPLES,
    max_states: int = MAX_STATES,
    seed: int = 0,
    max_decisions: int = MAX_DECISIONS,
    shared: Shared | None = None,
    reveals: int = 0,
    stock_known: bool = False,
    search: Search | None = None,
    watch: Callable[[tuple[Game, Decision]], object] | None = None,
) -> Playout:
    """Play ``game`` (a copy) to the end with the fair player: until it is won, no move
    is left, every layout is proved lost, or ``max_decisions`` were taken. Once Finish
    wins (`Game.can_finish`, decided from the face-up cards alone) it is played without a
    search, and so are `forced_move` and `scouting_move` (the only choice `decide` would
    weigh) while they lead somewhere new. Each decision's whole line is played. Decision
    ``i`` is seeded with ``seed`` and ``i``, so plays with different seeds are independent
    and the same seed plays the same game. ``shared`` (`Shared`) holds what plays of one
    rating share: each position's pool of layouts and the solves. ``reveals``: each
    decision judges its choices that many choices deep (`decide`). ``stock_known``: the
    player knows the stock's order from the deal (lonelybot's rules, `decide`). ``search``
    (`klondike.fair.ismcts.Search`): each decision by information-set search
    (`decide_ismcts`) instead of `decide`. ``watch``, if given, is called at each decision
    with a copy of the position and the decision taken there, as a pair."""
    game = game.copy()
    began = time.monotonic()
    timings: list[float] = []
    moves: list[str] = []

    def key(position: Game) -> str:
        return seen_key(position, stock_known=stock_known)

    visited = {key(game)}
    while not game.won and len(timings) < max_decisions:
        if game.can_finish():
            moves.append(str(game.play(game.finish_move())))
            continue
        # decide would choose it alone
        plain = forced_move(game) or scouting_move(game, stock_known=stock_known)
        if plain is not None:
            after = game.copy()
            after.play(plain)
            if key(after) not in visited:
                moves.append(str(game.play(plain)))
                visited.add(key(game))
                continue
        decision_seed = seed * 1_000_003 + len(timings)
        if search is not None:
            decision = decide_ismcts(
                game,
                search,
                samples=samples,
                max_states=max_states,
                seed=decision_seed,
                visited=visited,
                stock_known=stock_known,
            )
        else:
            decision = decide(
                game,
                samples=samples,
                max_states=max_states,
                seed=decision_seed,
                visited=visited,
                shared=shared,
                reveals=reveals,
                stock_known=stock_known,
            )
        timings.append(decision.seconds)
        if watch is not None:
            watch((game.copy(), decision))
        share = decision.share
        if decision.move is None or share.losses == share.samples:  # lost in every layout
            break
        for move in decision.line:
            moves.append(str(game.play(move)))
            visited.add(key(game))
    return Playout(
        won=game.won,
        home=sum(game.foundations),
        moves=tuple(moves),
        decisions=len(timings),
        seconds=time.monotonic() - began,
        decision_median=statistics.median(timings) if timings else 0.0,
    )
