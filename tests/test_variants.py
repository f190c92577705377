"""The three versions (rules as data): what each one does differently, in the engine.

Seeds: 000 the app (the default), 003 "Classic", 004 "Solitär"; docs/rules.md traces each
seed sentence to the test here that shows it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.positions import game, position, position_of, refused
from klondike import Game, IllegalMove, InvalidSnapshot, gestures
from klondike.cards import CARD_NAMES, RANK, STOCK, WASTE, count_of, move_code, source_of
from klondike.deal import deal_layout, redeal_permutation
from klondike.rules import APP, CLASSIC, PRESETS, SOLITAER, Rules, rules_for

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SRC = Path(__file__).parent.parent / "src" / "klondike"


def draw_through(g: Game) -> None:
    """Draw until the stock is empty."""
    while g.stock:
        g.play("S-W")


# ----------------------------------------------------------------- rules are data


def test_presets() -> None:
    assert [r.key for r in PRESETS] == ["app", "classic", "solitaer"]
    assert (APP.draws, APP.scorings, APP.pass_limit("vegas")) == ((1, 3), ("normal", "vegas"), 1)
    assert (APP.take_back, APP.recycle, APP.auto_aces, APP.dealt_to_waste) == (
        True,
        "keep",
        False,
        0,
    )
    assert (CLASSIC.draws, CLASSIC.scorings) == ((1, 3), ("none",))
    assert CLASSIC.pass_limit("none") is None
    assert (CLASSIC.take_back, CLASSIC.recycle, CLASSIC.auto_aces) == (False, "shuffle", False)
    assert (SOLITAER.draws, SOLITAER.scorings) == ((3,), ("none",))
    assert SOLITAER.pass_limit("none") is None
    assert (SOLITAER.take_back, SOLITAER.recycle, SOLITAER.auto_aces) == (True, "keep", True)
    assert SOLITAER.dealt_to_waste == 3
    assert [r.right_click_draws for r in PRESETS] == [False, False, True]
    assert [r.has_score for r in PRESETS] == [True, False, False]
    assert all(rules_for(r.key.upper()) is r for r in PRESETS)


def test_no_version_is_named_outside_the_presets() -> None:
    """No ``if variant == ...``: the engine, storage and server read the rules' fields."""
    for path in SRC.rglob("*.py"):
        if path.name == "rules.py":
            continue
        code = [line for line in path.read_text().splitlines() if ">>>" not in line]
        text = "\n".join(code)
        assert not re.search(r"\b(CLASSIC|SOLITAER)\b|\"(classic|solitaer)\"", text), path


# ----------------------------------------------------------------- Solitär


def test_solitaer_starts_with_three_cards_on_the_waste() -> None:
    """004: "Dabei liegen rechts neben dem Talon bereits drei Karten offen" — the next three
    stock cards, as a Draw 3 would turn them."""
    g = Game.from_code("KS1-D3X-AAAAAAG")
    assert [CARD_NAMES[c] for c in g.waste] == ["QH", "JH", "AS"][:2]  # A♠ flew home
    assert g.foundations == [1, 1, 1, 0] and len(g.stock) == 21  # A♦ and A♥ were dealt on top
    assert g.moves == 0 and not g.can_undo
    app = Game.from_code("KL1-D3N-AAAAAAG")
    app.play("S-W")
    assert [CARD_NAMES[c] for c in app.waste] == ["QH", "JH", "AS"]


@pytest.mark.parametrize("deal", range(40))
def test_solitaer_deal_is_a_draw_3_with_its_aces_home(deal: int) -> None:
    g = Game.new(deal=deal, rules=SOLITAER)
    app = Game(deal, 3, "normal")
    app.play("S-W")
    expected = app.waste[:]
    while expected and RANK[expected[-1]] == 1:  # Aces on top of the waste fly home
        expected.pop()
    assert g.waste == expected and g.stock == app.stock
    flown = len(app.waste) - len(expected)
    flown += sum(RANK[run[-1]] == 1 for run in app.up)  # and Aces dealt on a column's top
    assert sum(g.foundations) >= flown
    assert not any(RANK[c] == 1 for c in [*g.waste[-1:], *(run[-1] for run in g.up if run)])


def test_solitaer_ace_flies_up_by_itself_and_undo_takes_back_both() -> None:
    """004: "Ein As kann zu seinem Ablagestapel bewegt werden (in der Regel automatisch)"."""
    g2 = game(rules="solitaer", draw=3, tableau=["AH AS | 9D", "TC"], stock="KD")
    before = position_of(g2.snapshot())
    move = g2.play("T1-T2")
    assert str(move) == "T1-T2"
    assert g2.foundations[:2] == [1, 1]  # A♠ turned up and flew, then A♥ under it
    assert g2.up[0] == [] and g2.down[0] == []
    assert g2.moves == 1 and len(g2.history) == 1
    assert g2.snapshot()["history"] == [["T1-T2", 1, True, 0, [["T1-F1", True], ["T1-F2", False]]]]
    g2.undo()
    assert position_of(g2.snapshot()) == before
    assert g2.moves == 0


def test_app_ace_stays_where_it_is_uncovered() -> None:
    """000: "Keine Automatik: Keine Karte wandert von selbst auf die Zielstapel"."""
    g = game(tableau=["AH AS | 9D", "TC"], stock="KD")
    g.play("T1-T2")
    assert g.foundations == [0, 0, 0, 0] and CARD_NAMES[g.up[0][-1]] == "AS"
    assert "T1-F1" in map(str, g.legal_moves())


def test_classic_ace_goes_up_only_when_played() -> None:
    """003: "Ein Ass darfst du jederzeit auf ein Fundament legen" — it may, nothing moves alone."""
    g = game(rules="classic", tableau=["AH AS | 9D", "TC"], stock="KD")
    g.play("T1-T2")
    assert g.foundations == [0, 0, 0, 0]
    g.play("T1-F")
    assert g.foundations == [1, 0, 0, 0]


def test_solitaer_drawn_ace_flies_and_the_next_waste_ace_too() -> None:
    g = game(rules="solitaer", draw=3, stock="KD AD 5C AC", tableau=["9S"])
    g.play("S-W")  # turns AC, 5C, AD: AD on top flies; 5C stays on top
    assert [CARD_NAMES[c] for c in g.waste] == ["AC", "5C"]
    assert g.foundations == [0, 0, 1, 0]
    g.undo()
    assert [CARD_NAMES[c] for c in g.stock][-4:] == ["KD", "AD", "5C", "AC"]
    assert g.waste == [] and g.foundations == [0, 0, 0, 0]


def test_solitaer_push_pop_is_one_move_for_a_solver() -> None:
    g = game(rules="solitaer", draw=3, tableau=["AH AS | 9D", "TC"], stock="KD")
    start = position_of(g.snapshot())
    code = move_code(9 - 3, 7, 1)  # T1-T2
    assert code in g.legal_codes()
    g.push(code)
    assert g.foundations[:2] == [1, 1] and len(g.history) == 1
    assert g.pop() == code
    assert position_of(g.snapshot()) == start


def test_solitaer_cards_come_back_from_a_foundation_but_not_an_ace() -> None:
    """004: "Eine Karte kann vom Talon oder von einem Ablagestapel zu einem Spielstapel
    verschoben werden"; an Ace taken back would fly straight home, so it stays."""
    g = game(rules="solitaer", draw=3, tableau=["3H", "2D"], foundations={"S": 2, "C": 1})
    assert "F1-T1" in map(str, g.legal_moves())
    g.play("F1-T1")
    assert g.foundations[0] == 1
    refused(g, lambda: gestures.drag(g, "AC", "T2"), "ace_stays")
    refused(g, lambda: gestures.drag(g, "AS", "T2"), "ace_stays")


def test_only_a_king_fills_an_empty_column_in_every_version() -> None:
    for rules in PRESETS:
        draw = rules.draws[-1]
        g = game(rules=rules.key, draw=draw, tableau=["", "QH", "KS"], waste="QC")
        refused(g, lambda g=g: g.play("T2-T1"), "king_only")
        refused(g, lambda g=g: g.play("W-T1"), "king_only")
        assert "T3-T1" not in map(str, g.legal_moves())  # a King already at the bottom


# ----------------------------------------------------------------- Classic


def test_classic_no_card_leaves_a_foundation() -> None:
    """003: "Du legst Karten nicht von den Fundamenten zurück ins Tableau"."""
    g = game(rules="classic", tableau=["3H"], foundations={"S": 2})
    assert not [m for m in map(str, g.legal_moves()) if m.startswith("F")]
    assert "2S" not in g.drop_targets()
    err = refused(g, lambda: gestures.drag(g, "2S", "T1"), "no_take_back")
    assert str(err) == "2♠ stays on its foundation: in this version no card leaves one"
    refused(g, lambda: g.play("F1-T1"), "no_take_back")
    app = game(tableau=["3H"], foundations={"S": 2})
    assert gestures.drag(app, "2S", "T1")


def test_classic_redeal_shuffles_by_deal_and_pass() -> None:
    """003: "Ist der Stock aufgebraucht, mischst du die beiseitegelegten Karten"."""
    g = Game.from_code("KC1-D1X-AAAAAAG")
    draw_through(g)
    waste = g.waste[:]
    g.play("W-S")
    turned = waste[::-1]
    assert g.stock == [turned[k] for k in redeal_permutation(6, 1, 24)]
    assert g.stock != turned and sorted(g.stock) == sorted(waste)
    assert g.recycles == 1
    again = Game.from_code("KC1-D1X-AAAAAAG")
    draw_through(again)
    again.play("W-S")
    assert again.stock == g.stock  # the same code replays identically
    g.undo()
    assert g.waste == waste and g.stock == [] and g.recycles == 0
    g.play("W-S")
    draw_through(g)
    second = g.waste[:]
    g.play("W-S")
    assert g.stock == [second[::-1][k] for k in redeal_permutation(6, 2, 24)]
    assert redeal_permutation(6, 2, 24) != redeal_permutation(6, 1, 24)
    assert redeal_permutation(7, 1, 24) != redeal_permutation(6, 1, 24)


def test_app_recycle_keeps_the_order() -> None:
    g = Game.from_code("KL1-D1N-AAAAAAG")
    draw_through(g)
    waste = g.waste[:]
    g.play("W-S")
    assert g.stock == waste[::-1] and g.stock == deal_layout(6)[0]


def test_classic_redeal_push_pop_inverts_exactly() -> None:
    g = Game.from_code("KC1-D3X-AAAAAAB")
    rng = random.Random(3)
    for _ in range(300):
        codes = g.legal_codes()
        recycle = [c for c in codes if source_of(c) == WASTE and c & 0xF == STOCK]
        code = recycle[0] if recycle else rng.choice(codes)
        before = (g.stock[:], g.waste[:], g.recycles)
        g.push(code)
        if recycle:
            assert count_of(code) == len(before[1])
            g.pop()
            assert (g.stock, g.waste, g.recycles) == before
            g.push(code)
    assert g.recycles >= 2


def test_unlimited_passes_without_a_score() -> None:
    """003 and 004: the stock may be gone through again and again; no points."""
    for code in ("KC1-D3X-AAAAAAG", "KS1-D3X-AAAAAAG"):
        g = Game.from_code(code)
        for _ in range(5):
            draw_through(g)
            g.play("W-S")
        assert g.recycles == 5 and g.score == 0 and g.can_recycle


# ----------------------------------------------------------------- snapshots


@pytest.mark.parametrize("code", ["KC1-D1X-AAAAAAG", "KS1-D3X-AAAAAAC", "KL1-D3V-AAAAAAG"])
def test_snapshot_round_trip_with_redeals_and_flights(code: str) -> None:
    g = Game.from_code(code)
    rng = random.Random(5)
    for _ in range(160):
        codes = g.legal_codes()
        if not codes:
            break
        g.push(rng.choice(codes))
    snap = g.snapshot()
    assert snap["rules"] == g.rules.key and snap["recycles"] == g.recycles
    restored = Game.from_snapshot(snap)
    assert restored.snapshot() == snap
    while restored.can_undo:
        restored.undo()
        g.undo()
        assert restored.snapshot() == g.snapshot()


def test_snapshot_contradicting_its_code_is_refused() -> None:
    snap = Game.from_code("KC1-D1X-AAAAAAG").snapshot()
    for rules in ("app", "solitaer", "spider", None):
        bad = {**snap, "rules": rules}
        with pytest.raises(InvalidSnapshot, match="“rules” does not match the code"):
            Game.from_snapshot(bad)
    old = {k: v for k, v in snap.items() if k != "rules"}
    with pytest.raises(InvalidSnapshot, match="“rules” does not match the code"):
        Game.from_snapshot(old)
    with pytest.raises(InvalidSnapshot, match="without a score"):
        Game.from_snapshot({**snap, "score": 10})


def test_old_snapshot_without_version_is_the_apps() -> None:
    snap = Game.from_code("KL1-D1V-AAAAAAG").snapshot()
    old = {k: v for k, v in snap.items() if k not in ("rules", "recycles")}
    g = Game.from_snapshot(old)
    assert g.rules is APP and g.recycles == 0 and g.snapshot() == snap


def test_solitaer_snapshot_refuses_a_playable_ace_and_bad_flights() -> None:
    with pytest.raises(InvalidSnapshot, match="Ace lies playable"):
        Game.from_snapshot(position(rules="solitaer", draw=3, tableau=["AS"]))
    g = game(rules="solitaer", draw=3, tableau=["AH AS | 9D", "TC"], stock="KD")
    g.play("T1-T2")
    snap = g.snapshot()
    for flights in ([["T1-F1", True]], [["T1-T2", True], ["T1-F2", False]], "T1-F1", [[1, 2]]):
        bad = {**snap, "history": [[*snap["history"][0][:4], flights]]}
        with pytest.raises(InvalidSnapshot):
            Game.from_snapshot(bad)
    with pytest.raises(InvalidSnapshot):
        Game.from_snapshot({**snap, "history": [snap["history"][0][:4]]})


# ----------------------------------------------------------------- invariants, every version


def _game_of(rules: Rules, deal: int, draw_choice: int) -> Game:
    return Game.new(deal=deal, draw=rules.draws[draw_choice % len(rules.draws)], rules=rules)


@FAST
@given(
    rules=st.sampled_from(PRESETS),
    deal=st.integers(0, 2**35 - 1),
    draw_choice=st.integers(0, 1),
    rng=st.randoms(use_true_random=False),
    steps=st.integers(1, 150),
)
def test_invariants_in_every_version(
    rules: Rules, deal: int, draw_choice: int, rng: random.Random, steps: int
) -> None:
    """52 cards always; every action undone restores the position exactly (flights and
    shuffled redeals included); snapshots round-trip; the version's rules hold."""
    g = _game_of(rules, deal, draw_choice)
    for step in range(steps):
        moves = g.legal_moves()
        if not moves:
            break
        before = g.snapshot()
        g.play(rng.choice(moves))
        after = g.snapshot()
        cards = after["stock"] + after["waste"] + [c for f in after["foundations"] for c in f]
        cards += [c for col in after["tableau"] for c in col["down"] + col["up"]]
        assert sorted(cards) == sorted(CARD_NAMES)
        assert g.score == 0 or rules.has_score
        if not rules.take_back:
            assert all(a >= b for a, b in zip(g.foundations, _heights(before), strict=True))
        if rules.auto_aces:
            tops = [*g.waste[-1:], *(run[-1] for run in g.up if run)]
            assert not any(RANK[c] == 1 for c in tops)
        undone = g.copy()
        undone.undo()
        assert position_of(undone.snapshot()) == position_of(before)
        assert undone.recycles == before["recycles"]
        if step % 20 == 0:
            assert Game.from_snapshot(after).snapshot() == after
    assert Game.from_snapshot(g.snapshot()).snapshot() == g.snapshot()


def _heights(snap: dict[str, object]) -> list[int]:
    foundations = snap["foundations"]
    assert isinstance(foundations, list)
    return [len(f) for f in foundations]


@FAST
@given(
    rules=st.sampled_from(PRESETS),
    deal=st.integers(0, 2**35 - 1),
    draw_choice=st.integers(0, 1),
    rng=st.randoms(use_true_random=False),
    steps=st.integers(0, 200),
)
def test_push_pop_restore_the_start_in_every_version(
    rules: Rules, deal: int, draw_choice: int, rng: random.Random, steps: int
) -> None:
    g = _game_of(rules, deal, draw_choice)
    start = g.snapshot()
    pushed = 0
    for _ in range(steps):
        codes = g.legal_codes()
        if not codes:
            break
        g.push(rng.choice(codes))
        pushed += 1
    for _ in range(pushed):
        g.pop()
    assert position_of(g.snapshot()) == position_of(start) and g.recycles == 0


def test_illegal_move_in_a_version_changes_nothing() -> None:
    g = game(rules="classic", tableau=["3H"], foundations={"S": 2})
    snap = g.snapshot()
    with pytest.raises(IllegalMove):
        g.play("F1-T1")
    assert g.snapshot() == snap
