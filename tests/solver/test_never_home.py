"""`never_home` against its round-by-round reading (helpers/never_home_reference.py): the
search's walk goes on where the last round's stopped and finds the cards under a run's
cards by shifts, and must answer exactly as every round walking every column would
(docs/solver.md, "cards that can never go home")."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.differential import buried_position, game_of, random_play
from helpers.never_home_reference import never_home_walked
from helpers.positions import small_position
from klondike import Game
from klondike.rules import MODES, Mode, rules_for
from klondike.solver.moves import children
from klondike.solver.position import may_strand, never_home


def search_play(game: Game, rng: random.Random, moves: int) -> list[Game]:
    """Positions of a seeded game of the search's own macro moves from ``game``."""
    probe = game.copy()
    played: list[Game] = []
    for _ in range(moves):
        options = children(probe)
        if not options or probe.won:
            break
        for code in rng.choice(options):
            probe.push(code)
        played.append(probe.copy())
    return played


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(map(str, m)))
def test_never_home_answers_as_its_round_by_round_reading(mode: Mode) -> None:
    """Seeded random play (any legal move, and the search's own moves) from seeded deals
    of every version, draw and scoring, and seeded small and buried positions: the same
    answer everywhere, positions called stuck among them."""
    rng = random.Random(f"never_home:{mode}")
    rules, draw, scoring = mode
    answers = {"stuck": 0, "free": 0}
    for _ in range(6):
        game = game_of(mode, rng.randrange(2**35))
        positions = list(random_play(game, rng, 120)) + search_play(game, rng, 60)
        for _ in range(10):
            positions.append(Game.from_snapshot(small_position(rng, draw, scoring, 12, rules)))
            positions.append(Game.from_snapshot(buried_position(rng, mode, 14)))
        for probe in positions:
            answer = never_home(probe)
            assert answer == never_home_walked(probe), probe.snapshot()
            answers["stuck" if answer >= 0 else "free"] += 1
    assert answers["stuck"] >= 10 and answers["free"] >= 100, answers


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(map(str, m)))
def test_never_home_answers_as_its_reading_where_a_parent_lies_above_a_card(mode: Mode) -> None:
    """Seeded play from deals where rule 7 answers (a parent above a card serves it only
    from elsewhere: docs/solver.md) — 32710300920, where 4♠ lies under 5♦ and over both
    black 6s and 3♠ in the app's deal, and seeded deals — and the positions the planted
    tests build: the same answer as the reading, and rule 7 changes it somewhere (the
    seeded positions of the test above seldom need it)."""
    rng = random.Random(f"never_home, parents above:{mode}")
    changed = 0
    for deal in (32710300920, *(rng.randrange(2**35) for _ in range(5))):
        game = game_of(mode, deal)
        for probe in [game, *random_play(game, rng, 80), *search_play(game, rng, 40)]:
            answer = never_home(probe)
            assert answer == never_home_walked(probe), probe.snapshot()
            changed += answer != never_home_walked(probe, parents_above=False)
    assert changed >= 1


@pytest.mark.parametrize("mode", MODES[:2], ids=lambda m: "-".join(map(str, m)))
def test_never_home_answers_as_its_round_by_round_reading_in_any_layout(mode: Mode) -> None:
    """The same where the face-up runs are shuffled (cards lying on cards they do not fit
    on, as no legal move leaves them): `never_home` takes any layout."""
    rng = random.Random(f"never_home, shuffled:{mode}")
    compared = 0
    for _ in range(6):
        for probe in random_play(game_of(mode, rng.randrange(2**35)), rng, 120):
            for run in probe.up:
                rng.shuffle(run)
            assert never_home(probe) == never_home_walked(probe), probe.up
            compared += 1
    assert compared >= 600


@given(
    mode=st.sampled_from(MODES),
    deal=st.integers(0, 2**35 - 1),
    seed=st.integers(0, 2**32 - 1),
)
def test_never_home_answers_as_its_round_by_round_reading_anywhere(
    mode: Mode, deal: int, seed: int
) -> None:
    """The same along any seeded random game of any deal."""
    rng = random.Random(seed)
    for probe in random_play(game_of(mode, deal), rng, 80, progress=0.7):
        assert never_home(probe) == never_home_walked(probe), probe.snapshot()


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(map(str, m)))
def test_the_search_leaves_it_out_only_after_a_move_home_or_back_that_turns_nothing(
    mode: Mode,
) -> None:
    """`may_strand` is False exactly after a move that changes the foundations, turns no
    card up and sends no Ace flying (seeded random play, every version, draw and
    scoring): the search asks `never_home` after every other move."""
    rng = random.Random("-".join(map(str, mode)))
    kinds = {True: 0, False: 0}
    for deal in range(4):
        game = Game(deal, mode[1], mode[2], rules_for(mode[0]))
        assert may_strand(game)  # a deal: no move yet
        for _ in range(120):
            codes = game.legal_codes()
            if not codes or game.won:
                break
            home, down = sum(game.foundations), sum(map(len, game.down))
            game.push(rng.choice(codes))
            flew = bool(game.flights and game.flights[-1])
            turned = sum(map(len, game.down)) != down
            quiet = sum(game.foundations) != home and not turned and not flew
            assert may_strand(game) is not quiet
            kinds[quiet] += 1
    assert kinds[True] >= 5 and kinds[False] >= 50
