"""Property tests (hypothesis) over random deals, random legal play and malformed input."""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers.positions import Snapshot, position_of, refused, win_line
from klondike import Game, IllegalMove, InvalidSnapshot, KlondikeError, Move, gestures
from klondike.cards import CARD_NAMES, PILE_NAMES, RANKS, SUITS
from klondike.codes import format_code
from klondike.errors import MESSAGES

FAST = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

deals = st.integers(0, 2**35 - 1)
draws = st.sampled_from([1, 3])
scorings = st.sampled_from(["normal", "vegas"])
seeds = st.randoms(use_true_random=False)


def play_randomly(g: Game, rng: random.Random, steps: int) -> int:
    """Play up to ``steps`` random legal moves; returns how many were played."""
    for played in range(steps):
        moves = g.legal_moves()
        if not moves:
            return played
        g.play(rng.choice(moves))
    return steps


def all_cards(snap: Snapshot) -> list[str]:
    cards: list[str] = snap["stock"] + snap["waste"]
    cards += [c for f in snap["foundations"] for c in f]
    return cards + [c for col in snap["tableau"] for c in col["down"] + col["up"]]


def face_down(snap: Snapshot) -> set[str]:
    return {c for col in snap["tableau"] for c in col["down"]}


# ----------------------------------------------------------------- random play


@FAST
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(1, 120))
def test_random_play_invariants(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    """52 distinct cards; face-down cards only turn up; Normal never below 0; play+undo exact."""
    g = Game(deal, draw, scoring)
    before = g.snapshot()
    for step in range(steps):
        moves = g.legal_moves()
        assert len(set(map(str, moves))) == len(moves)
        if not moves:
            break
        g.play(rng.choice(moves))
        after = g.snapshot()
        assert sorted(all_cards(after)) == sorted(CARD_NAMES)
        assert face_down(after) <= face_down(before)
        assert len(face_down(after)) >= len(face_down(before)) - 1
        for col_before, col_after in zip(before["tableau"], after["tableau"], strict=True):
            assert col_after["down"] == col_before["down"][: len(col_after["down"])]
        if scoring == "normal":
            assert g.score >= 0
        else:
            assert g.score >= -52
        undone = g.copy()
        undone.undo()
        restored = undone.snapshot()
        assert position_of(restored) == position_of(before)
        if len(before["history"]) < 100:
            assert restored["history"] == before["history"]
        if step % 15 == 0:
            assert Game.from_snapshot(after).snapshot() == after
        before = after
    assert Game.from_snapshot(g.snapshot()).snapshot() == g.snapshot()


@FAST
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(0, 100))
def test_undo_after_any_sequence_restores_the_start(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    g = Game(deal, draw, scoring)
    start = g.snapshot()
    played = play_randomly(g, rng, steps)
    for _ in range(played):
        g.undo()
    end = g.snapshot()
    assert position_of(end) == position_of(start)
    assert end["history"] == [] and end["undos"] == played
    refused(g, g.undo, "nothing_to_undo")


@FAST
@given(
    deal=deals,
    draw=draws,
    rules=st.sampled_from(["app", "classic", "solitaer"]),
    rng=seeds,
    steps=st.integers(1, 80),
    back=st.integers(1, 20),
)
def test_undo_then_redo_returns_the_same_snapshot(
    deal: int, draw: int, rules: str, rng: random.Random, steps: int, back: int
) -> None:
    g = Game.new(draw if rules != "solitaer" else 3, deal=deal, rules=rules)
    played = play_randomly(g, rng, steps)
    assume(played)
    before = g.snapshot()
    undone = [g.undo() for _ in range(min(back, played))]
    assert g.redo_moves == undone[::-1]
    again = Game.from_snapshot(g.snapshot())  # the redo list survives a restart
    assert [again.redo() for _ in undone] == undone[::-1]
    assert [g.redo() for _ in undone] == undone[::-1]
    for replayed in (g, again):
        after = replayed.snapshot()
        assert after == before | {"undos": before["undos"] + len(undone)}
        refused(replayed, replayed.redo, "nothing_to_redo")


@FAST
@given(deal=deals, draw=draws, rng=seeds, steps=st.integers(2, 60))
def test_a_new_move_ends_the_redo(deal: int, draw: int, rng: random.Random, steps: int) -> None:
    g = Game(deal, draw)
    assume(play_randomly(g, rng, steps) >= 2)
    g.undo()
    g.undo()
    assert g.can_redo
    g.redo()
    assume(g.legal_moves())
    g.play(rng.choice(g.legal_moves()))
    assert not g.can_redo and "redo" not in g.snapshot()
    refused(g, g.redo, "nothing_to_redo")


@settings(max_examples=20, deadline=None)
@given(deal=deals, draw=draws, rng=seeds)
def test_100_undos_deep_and_no_deeper(deal: int, draw: int, rng: random.Random) -> None:
    g = Game(deal, draw, "normal")
    assume(play_randomly(g, rng, 150) == 150)
    for _ in range(100):
        g.undo()
    assert g.moves == 50
    err = refused(g, g.undo, "undo_limit")  # older actions exist: say why they stay
    assert str(err) == "only the last 100 actions can be undone"
    assert err.params == {"limit": 100}


@FAST
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(0, 60))
def test_is_legal_agrees_with_legal_moves_for_every_pair(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    """Every pair of piles (and 'X-F'): legal exactly when listed; otherwise a reason."""
    g = Game(deal, draw, scoring)
    play_randomly(g, rng, steps)
    legal = {str(m) for m in g.legal_moves()}
    snap = g.snapshot()
    for source in PILE_NAMES:
        for target in [*PILE_NAMES, "F"]:
            text = f"{source}-{target}"
            if g.is_legal(text):
                copy = g.copy()
                played = copy.play(Move(source, target))
                assert str(played) in legal
                assert target == "F" or str(played) == text
            else:
                assert text not in legal
                with pytest.raises(IllegalMove) as err:
                    g.play(text)
                assert err.value.reason in MESSAGES
                assert g.snapshot() == snap


@FAST
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(0, 80))
def test_every_listed_move_plays(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    g = Game(deal, draw, scoring)
    play_randomly(g, rng, steps)
    for move in g.legal_moves():
        copy = g.copy()
        assert copy.play(move) == move
        assert copy.moves == g.moves + 1


@FAST
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(0, 120))
def test_the_stock_step_is_the_legal_move_of_the_stock(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    """A draw, or the turn-over once the stock is empty; None when neither is legal."""
    g = Game(deal, draw, scoring)
    play_randomly(g, rng, steps)
    of_the_stock = [m for m in g.legal_moves() if "S" in (m.source, m.target)]
    assert of_the_stock == ([] if g.stock_step() is None else [g.stock_step()])


def test_no_stock_step_once_vegas_draw_1_has_gone_through_its_stock() -> None:
    g = Game(6, 1, "vegas")
    assert str(g.stock_step()) == "S-W"
    while g.stock:
        g.play("S-W")
    assert g.waste and g.stock_step() is None


# ----------------------------------------------------------------- won games, constructed


@st.composite
def near_won(draw: st.DrawFn) -> Snapshot:
    """A position a few cards from the win that foundation-first play always wins.

    The cards not yet home are put in an order in which they can go home (each suit
    upwards); every pile gives its cards in that order: a column's face-up card goes first
    (the face-down cards under it later), the waste top first, the stock in drawing order.
    """
    left = [draw(st.integers(0, 4)) for _ in range(4)]
    assume(sum(left) > 0)
    order = draw(st.permutations([s for s in range(4) for _ in range(left[s])]))
    next_rank = [14 - n for n in left]
    needed = []
    for suit in order:
        needed.append(RANKS[next_rank[suit] - 1] + SUITS[suit])
        next_rank[suit] += 1
    piles = [draw(st.integers(0, 8)) for _ in needed]  # 0-6 columns, 7 stock, 8 waste
    draw_count = draw(draws)
    scoring = draw(scorings)
    columns: list[list[str]] = [[] for _ in range(7)]
    pool = []
    for card, pile in zip(needed, piles, strict=True):
        if pile < 7:
            columns[pile].insert(0, card)
        else:
            pool.append(card)
    stock_count = sum(1 for p in piles if p == 7)
    stock_needed, waste_needed = pool[:stock_count], pool[stock_count:]
    drawn = []  # the order the stock is drawn in: each group of `draw_count` reversed
    for i in range(0, len(stock_needed), draw_count):
        drawn += stock_needed[i : i + draw_count][::-1]
    start = draw(st.integers(0, 400))
    return {
        "code": format_code(draw(deals), draw_count, scoring),
        "stock": drawn[::-1],
        "waste": waste_needed[::-1],
        "foundations": [[RANKS[r] + SUITS[s] for r in range(13 - left[s])] for s in range(4)],
        "tableau": [{"down": col[:-1], "up": col[-1:]} for col in columns],
        "score": start if scoring == "normal" else -52 + 5 * (52 - sum(left)) + 5 * start,
    }


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(snap=near_won(), rng=seeds, detour=st.integers(0, 12))
def test_won_game_score_identity_from_a_constructed_start(
    snap: Snapshot, rng: random.Random, detour: int
) -> None:
    """final = start + 10 x cards put home + 5 x cards turned + 5 x W-T - recycles (Normal).

    Vegas: final = start + 5 x cards put home. Played with random legal moves (never a
    take-back) for a while, then won by the search, then replayed with play().
    """
    g = Game.from_snapshot(snap)
    start, home, down = g.score, sum(len(f) for f in snap["foundations"]), len(face_down(snap))
    prefix = []
    probe = g.copy()
    for _ in range(detour):
        moves = [m for m in probe.legal_moves() if m.source[0] != "F"]
        if not moves or probe.won:
            break
        prefix.append(str(probe.play(rng.choice(moves))))
    rest = win_line(probe, budget=5_000)
    assume(rest is not None)
    assert rest is not None
    waste_to_column = recycle_cost = 0
    for text in prefix + rest:
        before = g.score
        move = g.play(text)
        waste_to_column += move.source == "W" and move.target[0] == "T"
        if str(move) == "W-S":
            recycle_cost += before - g.score
    assert g.won
    if g.scoring == "normal":
        assert g.score == start + 10 * (52 - home) + 5 * down + 5 * waste_to_column - recycle_cost
    else:
        assert g.score == start + 5 * (52 - home)


@settings(max_examples=100, deadline=None)
@given(snap=near_won())
def test_constructed_start_is_won_by_foundation_first_play(snap: Snapshot) -> None:
    """The construction's promise: foundation moves first, else draw, always win."""
    g = Game.from_snapshot(snap)
    for _ in range(200):
        if g.won:
            break
        codes = [m for m in g.legal_moves() if m.target[0] == "F"]
        g.play(codes[0] if codes else "S-W")
    assert g.won


# ----------------------------------------------------------------- malformed input

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
any_values = st.one_of(
    json_values,
    st.binary(max_size=8),
    st.sampled_from(
        [int, float, complex, bytes, str, list, tuple, dict, set, bool, Decimal, Fraction]
    ).flatmap(st.from_type),
    st.text(alphabet="STWFstwf1234567890-AKQJ HDC", max_size=8),
    st.sampled_from([*PILE_NAMES, *CARD_NAMES, "F", "X-F", "T1-F", "W-F", "10H"]),
)


def changes_nothing_or_plays(g: Game, action: Any) -> None:
    """The action plays or refuses with one of the engine's errors, changing nothing."""
    before = g.snapshot()
    try:
        action()
    except KlondikeError as err:
        assert isinstance(err, ValueError)
        assert err.reason in MESSAGES and str(err)
        assert g.snapshot() == before


@settings(max_examples=400, deadline=None)
@given(a=any_values, b=any_values, deal=st.integers(0, 50))
def test_malformed_input_to_every_entry_point(a: object, b: object, deal: int) -> None:
    g = Game(deal, 1, "normal")
    for _ in range(deal % 7):
        g.play(g.legal_moves()[0])
    changes_nothing_or_plays(g, lambda: g.play(a))  # type: ignore[arg-type]
    changes_nothing_or_plays(g, lambda: g.is_legal(a))  # type: ignore[arg-type]
    changes_nothing_or_plays(g, lambda: gestures.tap(g, a))
    changes_nothing_or_plays(g, lambda: gestures.double_tap(g, a))
    changes_nothing_or_plays(g, lambda: gestures.double_tap(g, a, b))
    changes_nothing_or_plays(g, lambda: gestures.drag(g, a, b))
    changes_nothing_or_plays(g, lambda: Game.from_code(a))
    changes_nothing_or_plays(g, lambda: Game.from_snapshot(a))


@settings(max_examples=300, deadline=None)
@given(data=st.data(), value=json_values, deal=st.integers(0, 30), steps=st.integers(0, 30))
def test_from_snapshot_refuses_any_damaged_snapshot(
    data: st.DataObject, value: object, deal: int, steps: int
) -> None:
    """Damage one part of a real snapshot: it restores exactly or is refused, never crashes."""
    g = Game(deal, 1 + 2 * (deal % 2), "normal")
    play_randomly(g, random.Random(deal), steps)
    snap = g.snapshot()
    where = data.draw(st.sampled_from(["top", "column", "history", "foundation", "card"]))
    if where == "top":
        snap[data.draw(st.sampled_from(sorted(snap)))] = value
    elif where == "column":
        col = snap["tableau"][data.draw(st.integers(0, 6))]
        col[data.draw(st.sampled_from(["down", "up"]))] = value
    elif where == "history" and snap["history"]:
        entry = snap["history"][data.draw(st.integers(0, len(snap["history"]) - 1))]
        entry[data.draw(st.integers(0, 3))] = value
    elif where == "foundation":
        snap["foundations"][data.draw(st.integers(0, 3))] = value
    elif snap["stock"]:
        snap["stock"][data.draw(st.integers(0, len(snap["stock"]) - 1))] = value
    try:
        restored = Game.from_snapshot(snap)
    except InvalidSnapshot as err:
        assert err.reason == "bad_snapshot" and str(err)
    else:
        assert restored.snapshot() == snap  # accepted: restored exactly as written


@settings(max_examples=30, deadline=None)
@given(deal=deals, draw=draws, scoring=scorings, rng=seeds, steps=st.integers(0, 80))
def test_drag_agrees_with_drop_targets(
    deal: int, draw: int, scoring: str, rng: random.Random, steps: int
) -> None:
    """A drag plays exactly when drop_targets() lists the pile (any foundation: its own)."""
    g = Game(deal, draw, scoring)
    play_randomly(g, rng, steps)
    targets = g.drop_targets()
    snap = g.snapshot()
    for card in CARD_NAMES:
        listed = targets.get(card, [])
        for pile in PILE_NAMES:
            copy = g.copy()
            try:
                move = gestures.drag(copy, card, pile)
            except IllegalMove as err:
                assert err.reason in MESSAGES
                assert pile not in listed
                assert not (pile[0] == "F" and any(p[0] == "F" for p in listed))
            else:
                assert move.target in listed
                assert pile == move.target or pile[0] == move.target[0] == "F"
    assert g.snapshot() == snap
