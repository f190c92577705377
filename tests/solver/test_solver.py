"""The solver: known answers on constructed positions, every winning line replayed by the
engine, and its `unwinnable` checked against a brute-force search of small positions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.exhaustive import brute_force_winnable
from helpers.positions import almost_won, position, small_position, won_game
from klondike import Game, InvalidSnapshot
from klondike.cards import CARD_NAMES, RANKS, move_code, parse_pile, safe_to_play_up
from klondike.codes import format_code
from klondike.solver import Solution, best_move, describe_line, hint, solve
from klondike.solver.moves import children
from klondike.solver.position import STOCK_AT, position_key, stock_part
from klondike.solver.position import dominated as position_dominated
from klondike.solver.search import search
from klondike.solver.variants import under_draw
from klondike.stock import split_draws


def replays_to_win(start: Game | dict[str, Any], solution: Solution) -> bool:
    """True if the engine plays the solution's line from ``start`` to a win."""
    g = start.copy() if isinstance(start, Game) else Game.from_snapshot(start)
    for move in solution.line:
        g.play(move)
    return g.won


# ----------------------------------------------------------------- constructed positions


def test_a_won_game_is_winnable_with_an_empty_line() -> None:
    s = solve(won_game())
    assert (s.verdict, s.line, s.first_move) == ("winnable", (), None)


def test_one_move_from_a_win() -> None:
    s = solve(almost_won())
    assert s.verdict == "winnable"
    assert [str(m) for m in s.line] == ["T1-F4"]
    assert replays_to_win(almost_won(), s)


def test_a_blocked_king_moves_to_an_empty_column() -> None:
    snapshot = position(tableau=["QH | KH"], foundations=[13, 11, 13, 13])
    s = solve(snapshot)
    assert s.verdict == "winnable"
    assert [str(m) for m in s.line] == ["T1-T2", "T1-F2", "T2-F2"]
    assert replays_to_win(snapshot, s)


def dead_position(**kwargs: Any) -> dict[str, Any]:
    """The King of hearts covers the Queen and 7♦; every column is full, nothing fits."""
    return position(
        tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"],
        foundations=[13, 11, 6, 13],
        **kwargs,
    )


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("scoring", ["normal", "vegas"])
def test_a_dead_position_is_unwinnable(draw: int, scoring: str) -> None:
    snapshot = dead_position(draw=draw, scoring=scoring)
    s = solve(snapshot)
    assert (s.verdict, s.line) == ("unwinnable", ())
    assert brute_force_winnable(Game.from_snapshot(snapshot)) is False


def take_back_position() -> dict[str, Any]:
    """4♦ covers A♥ and 3♦ and fits only on a black 5, both of which are home: one must
    come back down onto a red 6 first."""
    return position(
        tableau=["3D AH | 4D", "6H"],
        foundations=[5, 0, 2, 5],
        stock=" ".join(
            c
            for c in CARD_NAMES
            if c not in ("3D", "AH", "4D", "6H")
            and not (c[1] in "SC" and RANKS.index(c[0]) < 5)
            and not (c[1] == "D" and RANKS.index(c[0]) < 2)
        ),
    )


def test_a_win_that_needs_a_card_back_from_a_foundation() -> None:
    snapshot = take_back_position()
    s = solve(snapshot)
    assert s.verdict == "winnable"
    assert replays_to_win(snapshot, s)
    assert any(m.source in ("F1", "F4") for m in s.line)


def test_a_win_that_needs_two_cards_back_from_one_foundation() -> None:
    # 4♦ covers A♥ and needs a black 5; both lie under the black 6s on their foundations,
    # and nothing can go on a 6 taken back (the red 5s are face down): the 6 comes down
    # only so the 5 below it can come down too.
    snapshot = position(
        tableau=["5H 5D 3D AH | 4D", "7H", "6H", "7D"],
        foundations=[6, 0, 2, 6],
    )
    s = solve(snapshot)
    assert s.verdict == "winnable"
    assert replays_to_win(snapshot, s)
    texts = [str(m) for m in s.line]
    assert any(t.startswith(("F1-", "F4-")) for t in texts)


def cycling_position(scoring: str) -> dict[str, Any]:
    """Draw 3, nothing moves on the table until 4♦ goes home. The first pass turns up A♥
    (which goes home), 6♦ and 5♦; with A♥ gone, the second pass turns up 4♦."""
    hearts = " ".join(f"{r}H" for r in reversed(RANKS[1:12]))
    return position(
        tableau=[f"{hearts} | KH", "8D", "9D", "TD", "JD", "QD", "KD"],
        foundations=[13, 0, 3, 13],
        stock=" ".join(reversed(["7D", "6D", "AH", "4D", "5D"])),
        draw=3,
        scoring=scoring,
    )


def test_draw_three_winnable_only_by_cycling_the_stock() -> None:
    normal = cycling_position("normal")
    s = solve(normal)
    assert s.verdict == "winnable"
    assert "W-S" in [str(m) for m in s.line]
    assert replays_to_win(normal, s)
    vegas = cycling_position("vegas")
    assert solve(vegas).verdict == "unwinnable"
    assert brute_force_winnable(Game.from_snapshot(vegas)) is False


# ----------------------------------------------------------------- deals


@pytest.mark.parametrize("code", ["KL1-D1N-AAAAAAG", "KL1-D3N-AAAAAAD", "KL1-D1N-AAAAAAE"])
def test_winning_lines_of_deals_replay_to_a_win(code: str) -> None:
    g = Game.from_code(code)
    s = solve(g, budget=20)
    assert s.verdict == "winnable"
    assert replays_to_win(g, s)
    assert g.moves == 0  # the game given is not changed


def test_a_position_in_mid_game_from_a_game_or_its_snapshot() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    for move in ["T1-F3", "T7-F2", "S-W", "S-W"]:
        g.play(move)
    from_game = solve(g, budget=20)
    from_snapshot = solve(g.snapshot(), budget=20)
    assert from_game.verdict == from_snapshot.verdict == "winnable"
    assert replays_to_win(g, from_game) and replays_to_win(g, from_snapshot)


def test_the_budget_gives_unknown() -> None:
    """The deal is won, but only after some 3 700 positions: a budget of 50 positions, or of
    no time at all, runs out first and the answer is unknown, with no line."""
    game = Game.from_code("KL1-D1N-AAAAAAA")
    unbounded = solve(game)
    assert unbounded.verdict == "winnable" and unbounded.states > 1_000, unbounded.states
    s = solve(game, max_states=50)
    assert (s.verdict, s.line, s.states) == ("unknown", (), 50)
    s = solve(game, budget=0)
    assert (s.verdict, s.line) == ("unknown", ())


def test_the_state_budget_is_a_hard_limit_where_positions_repeat() -> None:
    """Many positions are reached twice: whichever position the count ends on, a repeated
    one included, the search stops at its budget of positions."""
    game = Game.from_code(format_code(31956055374, 1, "normal"))
    for budget in range(200, 260):
        s = solve(game, max_states=budget, budget=2)
        assert s.verdict == "winnable" or s.states == budget, budget


def test_bad_input_is_refused() -> None:
    with pytest.raises(InvalidSnapshot):
        solve({"code": "nope"})
    with pytest.raises(ValueError, match="budget"):
        solve(almost_won(), budget=-1)
    with pytest.raises(ValueError, match="max_states"):
        solve(almost_won(), max_states=0)


# ----------------------------------------------------------------- hints


def test_hint_names_the_next_move_of_a_winning_line() -> None:
    h = hint(Game.from_code("KL1-D1N-AAAAAAG"), budget=None, max_states=200_000)
    assert h.kind == "winning" and h.move == h.solution.line[0]


def test_hint_says_finish_when_finish_wins() -> None:
    h = hint(almost_won())
    assert (str(h.move), h.kind) == ("T1-F4", "finish")


def test_hint_in_a_dead_position_says_no_win_is_possible() -> None:
    h = hint(dead_position())
    assert h.kind == "unwinnable" and h.move is None
    assert h.solution.verdict == "unwinnable"


def test_hint_when_unwinnable_still_offers_a_move() -> None:
    # The dead position with 6♦ on the waste: it goes home, and the King of hearts still
    # covers the Queen and 7♦.
    snapshot = position(
        tableau=["7D QH | KH", "KD", "QD", "JD", "TD", "9D", "8D"],
        foundations=[13, 11, 5, 13],
        waste="6D",
    )
    h = hint(snapshot)
    assert h.solution.verdict == "unwinnable"
    assert h.kind == "unwinnable" and str(h.move) == "W-F3"
    assert str(best_move(snapshot)) == "W-F3"


def test_describe_line_names_the_cards() -> None:
    snapshot = cycling_position("normal")
    s = solve(snapshot)
    words = describe_line(snapshot, s.line)
    assert len(words) == len(s.line)
    assert "recycle" in words and words[0] == "draw 7D 6D AH"


# ----------------------------------------------------------------- against brute force


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    draw=st.sampled_from([1, 3]),
    scoring=st.sampled_from(["normal", "vegas"]),
    left=st.integers(3, 7),
)
def test_verdicts_match_brute_force_on_small_positions(
    seed: int, draw: int, scoring: str, left: int
) -> None:
    """The solver decides small random positions, its wins replay, and its verdict matches
    a brute-force search wherever that finishes (take-backs make the exact position space
    large, so on most positions it does not; the constructed positions above and the
    pyksolve checks cover unwinnable verdicts too)."""
    snapshot = small_position(random.Random(seed), draw, scoring, left)
    truth = brute_force_winnable(Game.from_snapshot(snapshot))
    s = solve(snapshot)
    assert s.verdict != "unknown"
    if truth is not None:
        assert s.verdict == ("winnable" if truth else "unwinnable")
    if s.verdict == "winnable":
        assert replays_to_win(snapshot, s)


# ----------------------------------------------------------------- twins in the key


def twin_position(on_heart: bool) -> dict[str, Any]:
    """5♠ 4♦ lie on 6♥ (``on_heart``) or on its twin 6♦; 6♥ can go home at once."""
    pile = "5S 4D"
    return position(
        tableau=[
            "KH QC JH",
            "KC QH JC TD 9S",
            "4S | 6S 5D",
            "KD QS JD",
            "KS QD JS TH 9C",
            "9H 5C 3D | 7C 6H" + (" " + pile if on_heart else ""),
            "9D 8D 8H | 6D" + ("" if on_heart else " " + pile),
        ],
        foundations=[3, 5, 2, 4],
        waste="TC 7D 7S 8C 6C 8S",
        stock="7H TS",
    )


def test_the_key_ignores_which_twin_a_pile_lies_on() -> None:
    on_heart = Game.from_snapshot(twin_position(True))
    on_diamond = Game.from_snapshot(twin_position(False))
    assert position_key(on_heart) == position_key(on_diamond)
    on_diamond.play("T6-F2")  # now 6♥ is home: another key
    assert position_key(on_heart) != position_key(on_diamond)


def test_a_partial_run_onto_the_twin_comes_with_the_card_it_frees_going_home() -> None:
    """The move that only swaps twins keeps the key, so the macro that makes it also sends
    the freed card home; the search then finds the win through it."""
    snapshot = twin_position(True)
    g = Game.from_snapshot(snapshot)
    partial = [m for m in children(g) if m[0] == move_code(parse_pile("T6"), parse_pile("T7"), 2)]
    assert partial == [(partial[0][0], move_code(parse_pile("T6"), parse_pile("F2")))]
    s = solve(snapshot)
    assert s.verdict == "winnable"
    assert replays_to_win(snapshot, s)


@pytest.mark.parametrize("draw", [1, 3])
def test_joined_draws_change_the_position_as_the_engine_draws_do(draw: int) -> None:
    """The search pushes the draws between two recycles as one code; that code changes the
    position exactly as the engine's own draws do, and the line splits it into them."""
    g = Game(17412541332, draw)
    g.play("S-W")
    stops = g.stock_stops()
    for steps, card in stops:
        joined = g.draw_codes(steps)
        one_by_one = g.copy()
        for code in split_draws(list(joined), draw):
            assert code in one_by_one.legal_codes()
            one_by_one.push(code)
        probe = g.copy()
        for code in joined:
            probe.push(code)
        assert (probe.stock, probe.waste, probe.recycles) == (
            one_by_one.stock,
            one_by_one.waste,
            one_by_one.recycles,
        )
        assert probe.waste[-1] == card
        for _ in joined:
            probe.pop()
        assert (probe.stock, probe.waste, probe.recycles) == (g.stock, g.waste, g.recycles)
    assert max(len(g.draw_codes(steps)) for steps, _ in stops) <= 3


def test_a_run_empties_a_column_only_for_a_king_to_fill_it_next() -> None:
    """7♣ can leave T1 for 8♥; that empties T1, worth it only with a King moving in next
    (K♦ off its face-down card, or one from the stock) — and not while another column is
    empty."""
    tableau = ["7C", "8H", "4S | KD", "QS", "JS", "TS", "9S"]
    g = Game.from_snapshot(position(tableau=tableau, foundations=[3, 7, 12, 6]))
    empties = move_code(parse_pile("T1"), parse_pile("T2"))
    joined = [m for m in children(g) if m[0] == empties]
    assert (empties, move_code(parse_pile("T3"), parse_pile("T1"))) in joined
    for macro in joined:
        assert macro[-1] & 15 == parse_pile("T1")
        probe = g.copy()
        for code in split_draws(list(macro), 1):
            probe.push(code)
        assert CARD_NAMES[probe.up[0][0]][0] == "K"
    open_column = Game.from_snapshot(
        position(tableau=tableau[:-1], foundations=[3, 7, 12, 6], stock="9S")
    )
    assert not [m for m in children(open_column) if m[0] == empties]


def test_draw_three_pauses_for_the_same_deal_in_draw_one() -> None:
    """With a budget, a Draw 3 search that is not done early pauses while the same
    position in Draw 1 is searched (a Draw 1 loss proves the Draw 3 loss). That Draw 1
    position is the one given, not the one the Draw 3 search paused at: this deal is won in
    Draw 3, and no budget may call it lost."""
    game = Game(8948579833, 3)
    for states in (500, 2_000, 8_000):
        assert solve(game, max_states=states).verdict != "unwinnable", states
    s = solve(game, budget=30)
    assert s.verdict == "winnable"
    assert replays_to_win(game, s)


def test_a_draw_three_loss_proved_through_draw_one() -> None:
    """Deal 26051540278 is lost in Draw 1 after about 90 positions, in Draw 3 alone only
    after some 1 000: taking turns with the Draw 1 search (the first 1/16 of the budget
    each, then twice as long), the Draw 3 loss comes within a few hundred."""
    game = Game(26051540278, 3)
    proof = search(under_draw(game, 1))
    assert proof.complete and proof.codes is None and proof.states < 150
    assert not search(game, max_states=600, relaxed=False).complete
    s = search(game, max_states=600)
    assert s.complete and s.codes is None
    assert s.states < 300


def test_a_draw_three_loss_whose_draw_one_proof_takes_under_half_the_budget_is_proved() -> None:
    """Deal 19593349383: the Draw 1 proof takes about 2 700 positions, the Draw 3 search
    alone some 13 500. With 12 000, the Draw 1 search's turns add up to enough of them (a
    fixed share of the budget, as once given, leaves it unknown)."""
    game = Game(19593349383, 3)
    proof = search(under_draw(game, 1))
    assert proof.complete and proof.codes is None and 2_000 < proof.states < 3_500
    assert not search(game, max_states=12_000, relaxed=False).complete
    s = search(game, max_states=12_000)
    assert s.complete and s.codes is None


def test_in_draw_three_a_position_that_draws_reach_from_one_seen_is_not_searched() -> None:
    """Waste lengths 4 → 7 → 10 (draws of three) → the whole stock → 0, 3, 6…: from a
    length seen, draws alone reach the longer ones of its remainder and the multiples of
    three (key 0); nothing reaches a length that is not a multiple of three from those."""
    dominated = position_dominated
    lengths: dict[int, int] = {}
    rest, other = 123, 999  # two rests of a key (the bits below STOCK_AT)

    def key(rest: int, part: int) -> int:
        return rest | part << STOCK_AT

    assert not dominated(lengths, key(rest, 60 + 7), 3)
    assert lengths == {rest: 67}  # one part: the part itself
    assert dominated(lengths, key(rest, 60 + 7), 3)  # seen
    assert dominated(lengths, key(rest, 60 + 10), 3)  # 7 + 3
    assert not dominated(lengths, key(rest, 60 + 4), 3)  # 4 reaches 7, not the other way
    assert not dominated(lengths, key(rest, 60 + 5), 3)
    assert dominated(lengths, key(rest, 60 + 5), 3)  # seen, among several
    assert dominated(lengths, key(rest, 0), 3)  # a multiple of three, or the whole stock
    assert not dominated(lengths, key(other, 0), 3)  # another position
    assert not dominated(lengths, key(other, 60 + 2), 3)  # from 0, no length of 2
    assert [stock_part(key(rest, 60 + 7)), stock_part(key(other, 0))] == [67, 0]
    several = 1 << 32  # several parts: bits (bit 0: part 0, bit 1 + n: part 60 + n)
    assert lengths == {rest: several | 2 << 7 | 2 << 4 | 2 << 5, other: several | 1 | 2 << 2}


def test_a_deal_won_only_if_threes_wait_for_the_black_aces_is_winnable() -> None:
    """KL1-D1N-DHTYF7F is won, by a line the engine replays: a 3 sent home as "safe"
    before both black Aces are up leaves a black 2 with no red 3 to go on."""
    game = Game.from_code("KL1-D1N-DHTYF7F")
    s = solve(game, budget=30)
    assert s.verdict == "winnable"
    assert replays_to_win(game, s)


@pytest.mark.parametrize("rank", range(1, 14))
def test_the_safe_rule_sends_a_card_home_only_when_nothing_may_need_it(rank: int) -> None:
    """3♥ with the black foundations at 0 and 1 (an Ace still out) is not safe; with both at
    1 it is. Rank R needs the other colour at R−2 or more (Aces and Twos always go)."""
    heart = 13 + rank - 1
    short = [max(0, rank - 3), rank - 1, max(0, rank - 3), max(0, rank - 2)]
    assert safe_to_play_up(short, heart) == (rank <= 2), (rank, short)
    enough = [max(0, rank - 2), rank - 1, max(0, rank - 3), max(0, rank - 2)]
    assert safe_to_play_up(enough, heart)


@pytest.mark.parametrize("draw", [1, 3])
def test_every_verdict_on_small_classic_positions_is_confirmed_by_exhaustive_search(
    draw: int,
) -> None:
    """Fixed seeds, a few cards left in play: every verdict the solver gives is the one a
    plain exhaustive search (helpers.exhaustive, no pruning) gives, and wins replay. In
    Classic (no take-backs) that search ends; with take-backs every card home could come
    back down, and it does not end even with two cards left in play."""
    confirmed = {"winnable": 0, "unwinnable": 0}
    for seed in range(150):
        rng = random.Random(seed)
        snapshot = small_position(rng, draw, "none", rng.randrange(4, 11), "classic")
        truth = brute_force_winnable(Game.from_snapshot(snapshot), limit=5_000)
        s = solve(snapshot, max_states=50_000)
        if s.verdict == "winnable":
            assert replays_to_win(snapshot, s), seed
        if truth is None or s.verdict == "unknown":
            continue
        assert s.verdict == ("winnable" if truth else "unwinnable"), seed
        confirmed[s.verdict] += 1
    assert confirmed["winnable"] >= 50 and confirmed["unwinnable"] >= 1, confirmed
