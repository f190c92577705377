"""The engine's stock shortcuts (Game.stock_stops, stock_moves, draw_codes,
waste_card_codes, split_draws) against plain exploration with legal_codes and push, on
random positions of every version, draw and scoring."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.positions import played
from klondike import Game
from klondike.cards import STOCK, T0, WASTE, MoveCode, source_of, target_of
from klondike.codes import format_code
from klondike.rules import MODES
from klondike.stock import split_draws

EXPLORED = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def random_position(key: str, draw: int, scoring: str, deal: int, seed: int, steps: int) -> Game:
    """The game after up to ``steps`` random legal moves (draws and turn-overs among them)."""
    return played(format_code(deal, draw, scoring, key), steps, seed)


def stock_code(g: Game) -> MoveCode | None:
    """The draw or turn-over legal_codes offers, if any."""
    for code in g.legal_codes():
        if source_of(code) <= WASTE and target_of(code) <= WASTE:
            return code
    return None


def waste_codes(g: Game) -> list[MoveCode]:
    """The legal moves of the waste's top card, in legal_codes' order."""
    return [c for c in g.legal_codes() if source_of(c) == WASTE and target_of(c) != STOCK]


def layout(g: Game) -> tuple[object, ...]:
    """Everything but the stock and the waste."""
    return (g.foundations[:], [d[:] for d in g.down], [u[:] for u in g.up])


def explore(g: Game) -> list[tuple[int, int, list[MoveCode], list[MoveCode], bool]]:
    """Draw and turn over with the engine's own codes until a waste length comes again:
    for each waste top seen, ``(steps, card, codes pushed, its legal moves, layout kept)``."""
    start = layout(g)
    seen: list[tuple[int, int, list[MoveCode], list[MoveCode], bool]] = []
    pushed: list[MoveCode] = []
    if g.waste:
        seen.append((0, g.waste[-1], [], waste_codes(g), True))
    lengths = {len(g.waste)}
    while (code := stock_code(g)) is not None:
        g.push(code)
        pushed.append(code)
        if len(g.waste) in lengths:
            break
        lengths.add(len(g.waste))
        if g.waste:
            kept = layout(g) == start
            seen.append((len(pushed), g.waste[-1], pushed[:], waste_codes(g), kept))
    for _ in pushed:
        g.pop()
    return seen


@EXPLORED
@given(
    mode=st.sampled_from(MODES),
    deal=st.integers(0, 2**35 - 1),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 150),
)
def test_stock_shortcuts_agree_with_playing_the_draws(
    mode: tuple[str, int, str], deal: int, seed: int, steps: int
) -> None:
    """Where the stock keeps its order, stock_stops lists exactly the waste tops the
    engine's draws show, draw_codes reach each one (split_draws gives the draws played),
    waste_card_codes gives each card's legal moves there, and stock_moves says all of it
    in one walk; waste_card_codes always equals the waste top's legal moves."""
    key, draw, scoring = mode
    g = random_position(key, draw, scoring, deal, seed, steps)
    before = g.snapshot()
    explored = explore(g)
    if g.waste:
        assert g.waste_card_codes(g.waste[-1]) == waste_codes(g)
    if not g.stock_keeps_order:
        try:
            g.stock_stops()
        except ValueError:
            return
        raise AssertionError("stock_stops answered where the stock does not keep its order")
    assert all(kept for *_, kept in explored)  # draws moved nothing but stock and waste
    assert g.stock_stops() == [(steps, card) for steps, card, *_ in explored]
    for every_empty in (True, False):
        stops, moves = g.stock_moves(every_empty=every_empty)
        assert stops == g.stock_stops()
        assert moves == [
            (g.draw_codes(steps), codes, card)
            for steps, card in stops
            if (codes := g.waste_card_codes(card, every_empty=every_empty))
        ]
    for steps, card, codes, moves, _ in explored:
        assert g.waste_card_codes(card) == moves
        first_empty = [c for c in moves if target_of(c) < T0 or g.up[target_of(c) - T0]]
        empty = [c for c in moves if c not in first_empty]
        assert g.waste_card_codes(card, every_empty=False) == first_empty + empty[:1]
        joined = g.draw_codes(steps)
        assert split_draws(joined, draw) == codes
        for code in joined:
            g.push(code)
        assert g.waste[-1] == card
        for _ in joined:
            g.pop()
    assert g.snapshot() == before


def test_every_version_and_draw_is_explored() -> None:
    """The modes drawn from hold every version, draw and scoring."""
    assert {key for key, _, _ in MODES} == {"app", "classic", "solitaer"}
    assert {(key, draw) for key, draw, _ in MODES} >= {("app", 1), ("app", 3)}
