"""The deal: SplitMix64, Fisher-Yates and the dealing order, pinned for ever by golden tests.

If a golden test fails, a change re-deals every saved code: do not update the literals,
find the change.
"""

from __future__ import annotations

import itertools

import pytest

from klondike import Game
from klondike.cards import CARD_NAMES
from klondike.codes import DEAL_COUNT
from klondike.deal import _below, deal_layout, redeal_permutation, shuffled_deck, splitmix64

# ----------------------------------------------------------------- SplitMix64

# The published reference outputs of SplitMix64 for seed 0 (Vigna's splitmix64.c,
# https://prng.di.unimi.it/splitmix64.c, as reproduced in many test suites).
SPLITMIX64_SEED_0 = [
    0xE220A8397B1DCDAF,
    0x6E789E6AA1B965F4,
    0x06C45D188009454F,
    0xF88BB8A8724C81EC,
    0x1B39896A51A8749B,
    0x53CB9F0C747EA2EA,
    0x2C829ABE1F4532E1,
    0xC584133AC916AB3C,
    0x3EE5789041C98AC3,
    0xF3B8488C368CB0A6,
]


def test_splitmix64_reference_values_for_seed_0() -> None:
    assert list(itertools.islice(splitmix64(0), 10)) == SPLITMIX64_SEED_0


def test_splitmix64_is_64_bit() -> None:
    for x in itertools.islice(splitmix64(2**35 - 1), 1000):
        assert 0 <= x < 2**64


def test_below_rejects_the_uneven_top_of_the_range() -> None:
    """2**64 % 3 == 1, so 2**64 - 1 is rejected and the next number is used."""
    assert _below(iter([2**64 - 1, 5]), 3) == 2
    assert _below(iter([2**64 - 2, 5]), 3) == (2**64 - 2) % 3
    assert _below(iter([7]), 1) == 0


def _reference_deck(deal: int) -> list[int]:
    """docs/deal.md, written out again independently: must agree with the engine."""
    mask = 2**64 - 1
    state = deal

    def next64() -> int:
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    deck = list(range(52))
    for i in range(51, 0, -1):
        n = i + 1
        while True:
            x = next64()
            if x < 2**64 - 2**64 % n:
                break
        j = x % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize("deal", [0, 1, 6, 12345, DEAL_COUNT - 1])
def test_shuffle_matches_the_documented_algorithm(deal: int) -> None:
    assert shuffled_deck(deal) == _reference_deck(deal)


# ----------------------------------------------------------------- Fisher-Yates


def test_shuffle_is_a_permutation() -> None:
    for deal in range(200):
        assert sorted(shuffled_deck(deal)) == list(range(52))


@pytest.mark.parametrize("card", ["AS", "KH", "7D", "KC"])
def test_shuffle_is_uniform_ish(card: str) -> None:
    """Chi-square of one card's position over 5,200 deals: 51 degrees of freedom.

    The deals are fixed, so the test is deterministic; 90 is beyond the 99.9th percentile.
    """
    deals = 5200
    index = CARD_NAMES.index(card)
    counts = [0] * 52
    for deal in range(deals):
        counts[shuffled_deck(deal).index(index)] += 1
    expected = deals / 52
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 90, chi2


def test_first_card_is_uniform_ish() -> None:
    deals = 5200
    counts = [0] * 52
    for deal in range(deals):
        counts[shuffled_deck(deal)[0]] += 1
    expected = deals / 52
    assert sum((c - expected) ** 2 / expected for c in counts) < 90


# ----------------------------------------------------------------- dealing order


def test_dealt_as_a_person_deals() -> None:
    """Row by row across the columns that still need cards; then the stock, first on top."""
    deal = 6
    deck = shuffled_deck(deal)
    stock, down, up = deal_layout(deal)
    position = iter(range(52))
    columns: list[list[int]] = [[] for _ in range(7)]
    for row in range(7):
        for col in range(row, 7):
            columns[col].append(deck[next(position)])
    assert [d + u for d, u in zip(down, up, strict=True)] == columns
    assert [len(u) for u in up] == [1] * 7
    assert stock[-1] == deck[28]  # the next card drawn is the first left over
    assert stock == deck[28:][::-1]


def test_layout_depends_on_the_deal_number_only() -> None:
    layouts = []
    for draw, scoring in itertools.product("13", "NV"):
        snap = Game.from_code(f"KL1-D{draw}{scoring}-AAAAAAG").snapshot()
        layouts.append((snap["stock"], snap["tableau"]))
    assert all(layout == layouts[0] for layout in layouts)


def test_different_deals_differ() -> None:
    assert len({tuple(shuffled_deck(d)) for d in range(500)}) == 500


# ----------------------------------------------------------------- golden layouts

# (code, stock bottom first (last = next drawn), face-down cards per column, face-up cards)
# fmt: off
GOLDEN: list[tuple[str, list[str], list[list[str]], list[str]]] = [
    (
        "KL1-D1N-AAAAAAG",
        ["6C", "9S", "JD", "TH", "AC", "TD", "5S", "2D", "8S", "TS", "8C", "8H",
         "KS", "4H", "5C", "4S", "6D", "3H", "2C", "2S", "QC", "AS", "JH", "QH"],
        [
            [],
            ["2H"],
            ["7C", "3D"],
            ["7H", "5D", "8D"],
            ["4C", "6H", "6S", "7D"],
            ["9C", "KH", "JS", "5H", "KC"],
            ["9H", "3C", "QD", "7S", "QS", "4D"],
        ],
        ["AD", "JC", "KD", "TC", "9D", "3S", "AH"],
    ),
    (
        "KL1-D1N-AAAAAAA",
        ["TD", "KS", "4D", "6H", "5C", "7D", "4S", "KC", "6D", "JC", "7H", "9C",
         "7C", "AC", "KH", "3S", "9H", "2D", "4H", "3C", "JH", "QS", "TC", "QD"],
        [
            [],
            ["JD"],
            ["9S", "3H"],
            ["2C", "AS", "QC"],
            ["2H", "JS", "KD", "5S"],
            ["QH", "7S", "5D", "AD", "TH"],
            ["6C", "9D", "2S", "6S", "5H", "8H"],
        ],
        ["8C", "TS", "8S", "3D", "4C", "8D", "AH"],
    ),
    (
        "KL1-D3V-7777777",
        ["2C", "QD", "3C", "9C", "7D", "2H", "6D", "JC", "5C", "5S", "9H", "TD",
         "8H", "KC", "3D", "6H", "KD", "2S", "4H", "8D", "6S", "TH", "8C", "7C"],
        [
            [],
            ["KS"],
            ["7H", "5D"],
            ["6C", "7S", "4C"],
            ["KH", "5H", "JS", "QC"],
            ["2D", "9S", "QS", "TC", "3H"],
            ["AD", "TS", "4S", "JH", "8S", "AS"],
        ],
        ["QH", "4D", "AC", "9D", "AH", "JD", "3S"],
    ),
    (
        "KL1-D3N-ABCDEFG",
        ["8S", "JH", "TS", "3S", "KD", "KH", "6C", "4D", "KS", "6H", "9C", "3C",
         "7H", "4H", "7S", "7D", "4S", "QC", "TC", "2C", "2H", "AD", "QH", "8C"],
        [
            [],
            ["AS"],
            ["AC", "7C"],
            ["QD", "8D", "JC"],
            ["5S", "6S", "5C", "5H"],
            ["5D", "3D", "3H", "QS", "JS"],
            ["JD", "8H", "TH", "9S", "6D", "9D"],
        ],
        ["9H", "KC", "AH", "4C", "2S", "TD", "2D"],
    ),
    (
        "KL1-D1V-KLONDIK",
        ["2D", "6D", "9C", "8D", "7S", "7D", "JH", "9H", "5H", "JS", "5C", "TC",
         "3C", "9D", "7H", "QD", "KH", "QH", "3D", "KS", "JD", "5S", "8H", "KC"],
        [
            [],
            ["AS"],
            ["6S", "JC"],
            ["9S", "AD", "2S"],
            ["4S", "QC", "AC", "TH"],
            ["3S", "6H", "4D", "5D", "2H"],
            ["3H", "8S", "2C", "6C", "8C", "QS"],
        ],
        ["7C", "TS", "KD", "TD", "AH", "4C", "4H"],
    ),
]
# fmt: on


@pytest.mark.parametrize("code,stock,down,up", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_layout(code: str, stock: list[str], down: list[list[str]], up: list[str]) -> None:
    snap = Game.from_code(code).snapshot()
    assert snap["stock"] == stock
    assert [c["down"] for c in snap["tableau"]] == down
    assert [c["up"] for c in snap["tableau"]] == [[card] for card in up]
    assert snap["waste"] == [] and snap["foundations"] == [[], [], [], []]


def test_golden_deal_numbers() -> None:
    assert [Game.from_code(g[0]).deal for g in GOLDEN] == [
        6,
        0,
        DEAL_COUNT - 1,
        35754150,
        11121626378,
    ]


def test_first_draw_of_deal_6() -> None:
    """The worked example of docs/deal.md: the first card drawn from deal 6 is QH."""
    g = Game.from_code("KL1-D1N-AAAAAAG")
    g.play("S-W")
    assert g.snapshot()["waste"] == ["QH"]


def test_classic_worked_example() -> None:
    """docs/deal.md, "Classic: the shuffled redeal": deal 6, first redeal of 24 cards."""
    stream = splitmix64(1 << 35 | 6)
    assert [hex(next(stream)) for _ in range(3)] == [
        "0x1efc78edb3b1ff4e",
        "0x2c5cf4bcbc432e59",
        "0x1df0a1b2ab743d7f",
    ]
    perm = "17 3 1 2 20 4 12 5 13 18 7 0 21 9 6 8 11 16 22 19 10 15 23 14"
    assert redeal_permutation(6, 1, 24) == [int(k) for k in perm.split()]
    g = Game.from_code("KC1-D1X-AAAAAAG")
    while g.stock:
        g.play("S-W")
    g.play("W-S")
    expected = "5C QH 4S 8C 2S JH 6D 8H 8S 5S TS AS 6C 2D 2C 4H TD KS AC QC JD 9S TH 3H"
    assert " ".join(CARD_NAMES[c] for c in reversed(g.stock)) == expected


def test_solitaer_worked_example() -> None:
    """docs/deal.md, "Solitär: three cards on the waste, Aces home"."""
    snap = Game.from_code("KS1-D3X-AAAAAAG").snapshot()
    assert snap["waste"] == ["QH", "JH"]
    assert snap["foundations"][:3] == [["AS"], ["AH"], ["AD"]]
    assert snap["tableau"][0] == {"down": [], "up": []}
    assert snap["tableau"][6]["up"] == ["4D"] and len(snap["stock"]) == 21
