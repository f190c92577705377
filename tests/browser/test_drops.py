"""Where a dragged card lands: on the legal pile it overlaps most, not the pile under the pointer.

The fixed deal ``KL1-D1N-AAAAAAG`` has 9♦ alone on column 5, and 10♣ (where it may go) on
column 4. Each test grabs 9♦ at some point of its width, carries it by real gestures (the
mouse at the desktop, touch events on the phone) so that it lies over column 4 and a
neighbour, and lets go with the pointer somewhere else than column 4. While it is carried,
the pile it would land on is marked.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers.page import Table, same_table
from klondike import Game

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]

DEAL = "KL1-D1N-AAAAAAG"


def open_deal(open_table: Opener) -> Table:
    table = open_table(Game.from_code(DEAL).snapshot())
    view = table.check()
    assert view["targets"]["9D"] == ["T4"]
    return table


def box(table: Table, selector: str) -> dict[str, float]:
    found = table.page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def carry(table: Table, grab: float, card_left: float, lands: str | None = "T4") -> float:
    """Grab 9♦ at `grab` of its width, carry it so that its left edge is at `card_left`
    (its top a third of a card below 10♣'s), check that the pile it `lands` on (None: no
    pile) is marked before it is let go, and let go; returns where the pointer let go."""
    card = box(table, "[data-card='9D']")
    ten = box(table, "[data-card='TC']")
    x0 = card["x"] + card["width"] * grab
    y0 = card["y"] + card["height"] * 0.2
    x1 = card_left + card["width"] * grab
    y1 = ten["y"] + card["height"] * (0.2 + 1 / 3)
    table.press(x0, y0)
    steps = 8
    for i in range(1, steps + 1):
        table.move_to(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
    dragged = table.page.eval_on_selector_all(
        ".card.dragging", "els => els.map((el) => el.dataset.card)"
    )
    assert dragged == ["9D"]
    lit = table.page.eval_on_selector_all(".pile.target", "els => els.map((el) => el.dataset.pile)")
    assert lit == ["T4"]
    table.page.wait_for_function(
        "(pile) => [...document.querySelectorAll('.pile.drop-here')]"
        ".map((el) => el.dataset.pile).join() === (pile ?? '')",
        arg=lands,
    )
    table.release()
    return x1


def pile_under(table: Table, x: float, y: float) -> str | None:
    """The pile whose box holds the point (x, y), if any."""
    for name in ("T3", "T4", "T5", "T6", "T7"):
        b = box(table, f"[data-pile='{name}']")
        if b["x"] <= x < b["x"] + b["width"] and b["y"] <= y < b["y"] + b["height"]:
            return name
    return None


def landed(table: Table) -> None:
    view = table.check()
    assert view["tableau"][3]["up"] == ["TC", "9D"]
    assert view["last"]["move"] == "T5-T4"
    assert table.cards_in("T4") == ["TC", "9D"]


def test_grabbed_by_its_left_edge_it_lands_where_most_of_it_is(open_table: Opener) -> None:
    """Most of 9♦ over 10♣, the pointer (at its left edge) over column 3: it goes on 10♣."""
    table = open_deal(open_table)
    t4 = box(table, "[data-pile='T4']")
    cw = t4["width"]
    x = carry(table, grab=0.1, card_left=t4["x"] - 0.35 * cw)
    assert pile_under(table, x, t4["y"] + 5) == "T3", "the pointer let go over column 3"
    landed(table)


def test_let_go_in_the_gap_it_lands_on_the_legal_pile_it_overlaps(open_table: Opener) -> None:
    """The pointer in the gap between columns 3 and 4, the card more over column 3 (K♦, where
    it may not go) than over column 4: it goes on 10♣."""
    table = open_deal(open_table)
    t3 = box(table, "[data-pile='T3']")
    t4 = box(table, "[data-pile='T4']")
    gap_middle = (t3["x"] + t3["width"] + t4["x"]) / 2
    x = carry(table, grab=0.6, card_left=gap_middle - 0.6 * t4["width"])
    assert pile_under(table, x, t4["y"] + 5) is None, "the pointer let go in the gap"
    landed(table)


def test_let_go_over_its_own_column_it_lands_where_most_of_it_is(open_table: Opener) -> None:
    """Grabbed by its right edge, let go with the pointer still over column 5: on 10♣."""
    table = open_deal(open_table)
    t4 = box(table, "[data-pile='T4']")
    x = carry(table, grab=0.9, card_left=t4["x"] + 0.3 * t4["width"])
    assert pile_under(table, x, t4["y"] + 5) == "T5", "the pointer let go over column 5"
    landed(table)


def test_a_drop_over_no_legal_pile_is_refused(open_table: Opener) -> None:
    """Over columns 6 and 7 only: refused as before, and the card goes back."""
    table = open_deal(open_table)
    before = table.check()
    t7 = box(table, "[data-pile='T7']")
    carry(table, grab=0.5, card_left=t7["x"] - 0.2 * t7["width"], lands=None)
    assert table.toast()
    after = table.check()
    assert same_table(after, before)
    assert table.cards_in("T5") == ["9D"]
