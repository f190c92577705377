"""Long columns (issue 35, item 2): every face-up card's rank and suit stay readable in
every layout — the fan closes up only to the corner index, then the whole table gets
smaller. Measured on the tallest columns the rules allow (a King-to-Ace run of 13 on six
face-down cards, and one on five), with Draw 3's fanned waste ("10" its widest index), on a
phone upright (360 x 640) and sideways (740 x 360) and on the desktop, with the usual and
the large corner indices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from helpers.page import Table
from helpers.positions import position

Opener = Callable[..., Table]

TALLEST = position(
    tableau=[
        "KC",
        "QD",
        "1 | JS",
        "5H",
        "4S",
        "5 | KD QC JH TS 9D 8C 7H 6S 5D 4C 3H 2S AH",
        "6 | KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS",
    ],
    waste="9C TH TC",
    draw=3,
)

SIZES = {"phone": [(360, 640), (740, 360)], "desktop": [(1280, 800), (800, 1280)]}
"""Each screen both ways round: a phone upright and sideways, the desktop and a tall one."""

CORNERS = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const found = [];
  for (const card of document.querySelectorAll('.pile-T [data-card], .pile-W [data-card]')) {
    const parts = [...card.querySelectorAll('.idx.tl .rank, .idx.tl .idx-suit')]
      .map((el) => el.getBoundingClientRect());
    const box = {
      left: Math.min(...parts.map((r) => r.left)), top: Math.min(...parts.map((r) => r.top)),
      right: Math.max(...parts.map((r) => r.right)),
      bottom: Math.max(...parts.map((r) => r.bottom)),
    };
    const points = [[box.left + 1, box.top + 1], [box.right - 1, box.top + 1],
      [box.left + 1, box.bottom - 1], [box.right - 1, box.bottom - 1],
      [(box.left + box.right) / 2, (box.top + box.bottom) / 2]];
    const over = points.map(([x, y]) => document.elementFromPoint(x, y))
      .filter((el) => el?.closest('[data-card]') !== card);
    const hidden = over.map((el) => el?.closest('[data-card]')?.dataset.card ?? el?.className);
    const inside = box.left >= board.left && box.right <= board.right &&
      box.top >= board.top && box.bottom <= board.bottom;
    const size = parseFloat(getComputedStyle(card.querySelector('.idx.tl .rank')).fontSize);
    found.push({card: card.dataset.card, hidden: hidden.length, inside, size, by: hidden});
  }
  return found;
}"""
"""Each face-up card of the columns and the waste: how many of five points of its upper
corner index (rank and suit) another card covers, whether the index lies on the table,
and the rank's size in CSS px."""


def corners_at(table: Table, width: int, height: int) -> list[dict[str, Any]]:
    """The corner indices of every face-up card, the page resized to ``width`` x ``height``."""
    page = table.page
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(
        """(w) => {
            const geo = window.klondike.board.geo;
            const board = document.querySelector('#board').getBoundingClientRect();
            return innerWidth === w && geo.width === board.width && geo.height === board.height;
        }""",
        arg=width,
    )
    table.settle()
    return page.evaluate(CORNERS)  # type: ignore[no-any-return]


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_every_corner_index_of_the_tallest_columns_shows_whole(
    open_table: Opener, screen: str
) -> None:
    table = open_table(TALLEST)
    assert table.check()["tableau"][6] == {"down": 6, "up": TALLEST["tableau"][6]["up"]}
    for large in (False, True):
        if large:  # the large corner indices: the fans and the cards follow them
            table.server.http.put("/api/settings", json={"large_indices": True})
            table.page.reload()
            table.open_at_current()
        for width, height in SIZES[screen]:
            found = corners_at(table, width, height)
            assert len(found) == 5 + 26 + 3, found
            covered = [c for c in found if c["hidden"] or not c["inside"]]
            assert not covered, ((width, height, large), covered)
            small = [c for c in found if c["size"] < 10]
            assert not small, ((width, height, large), small)
            if (width, height, large) == (740, 360, False):
                table.shoot("long-columns-sideways")
    # only so long a column makes the cards smaller: a short one keeps them large
    sizes = table.page.evaluate(
        """async () => {
            const { measure } = await import('/static/js/board.js');
            const view = window.klondike.state.view;
            const short = view.tableau.map((c) => ({down: c.down, up: c.up.slice(0, 2)}));
            return [740, 1280].map((w) => [measure(w, 360, 3, false, view.tableau, 0.26).cw,
                                          measure(w, 360, 3, false, short, 0.26).cw]);
        }"""
    )
    assert all(short > tall for tall, short in sizes), sizes
