"""The same position under other rules, for the solver: in Draw 1 (the help the Draw 3
search gets) and within a number of passes through the stock (the finish with the fewest
turn-overs).

Each is a new game in the position's piles, score and counters, without its history (and
so without undo or redo); the game itself is unchanged.

>>> from klondike import Game
>>> under_draw(Game.from_code("KL1-D3N-AAAAAAG"), 1).code
'KL1-D1N-AAAAAAG'
>>> game = within_passes(Game.from_code("KL1-D1N-AAAAAAG"), 1)
>>> game.recycle_limit, game.rules.pass_limit("normal"), game.code
(0, 1, 'KL1-D1N-AAAAAAG')
"""

from __future__ import annotations

import dataclasses

from ..codes import check_draw
from ..game import Game
from ..rules import Rules


def under_draw(game: Game, draw: object) -> Game:
    """``game``'s position under Draw ``draw``; :class:`~klondike.errors.InvalidCode` if
    the version has no such draw."""
    return variant(game, game.rules, check_draw(draw))


def within_passes(game: Game, passes: int) -> Game:
    """``game``'s position where the stock may be gone through at most ``passes`` times in
    all (fewer if the version allows fewer), for a search of the line with the fewest
    turn-overs."""
    rules, scoring = game.rules, game.scoring
    allowed = rules.pass_limit(scoring)
    passes = passes if allowed is None else min(passes, allowed)
    others = tuple(pair for pair in rules.pass_limits if pair[0] != scoring)
    limited = dataclasses.replace(rules, pass_limits=(*others, (scoring, passes)))
    return variant(game, limited, game.draw)


def variant(game: Game, rules: Rules, draw: int) -> Game:
    """``game``'s position under ``rules`` and Draw ``draw``: its piles (copied), score,
    recycles, moves and undos, without its history."""
    other = Game.restored(
        game.deal,
        rules,
        draw,
        game.scoring,
        stock=game.stock[:],
        waste=game.waste[:],
        foundations=game.foundations[:],
        down=[column[:] for column in game.down],
        up=[column[:] for column in game.up],
    )
    other.recycles, other.score = game.recycles, game.score
    other.moves, other.undos = game.moves, game.undos
    return other
