"""The statistics dialog: rows named for what they count, one version at a time on a phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from helpers.page import Table
from helpers.positions import every_gesture

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

Opener = Callable[..., Table]


def open_stats(table: Table) -> None:
    control = table.page.locator("#stats-button")
    if table.touch:
        control.tap()
    else:
        control.click()
    table.page.locator("#stats-modes tbody tr").first.wait_for()


def shown_modes(table: Table) -> list[str]:
    """The modes whose column of figures is on show (in the Best score row)."""
    return table.page.eval_on_selector_all(  # type: ignore[no-any-return]
        "#stats-modes tr[data-stat='best_score'] td",
        "els => els.filter((el) => el.getClientRects().length).map((el) => el.dataset.mode)",
    )


@pytest.mark.parametrize(
    ("locale", "corner", "best"),
    [
        ("en-US", "Statistic", "Best score (any game)"),
        ("de-DE", "Kennzahl", "Beste Punktzahl (alle Spiele)"),
    ],
)
def test_the_rows_say_what_they_count(
    open_table: Opener, locale: str, corner: str, best: str
) -> None:
    """Best score is over every finished game, won or left: its row says so; the column of
    row names is headed by what they are."""
    table = open_table(every_gesture(), locale=locale)
    open_stats(table)
    page = table.page
    assert page.locator("#stats-modes thead th").first.inner_text().strip() == corner
    assert page.locator("#stats-modes tr[data-stat='best_score'] th").inner_text() == best


@pytest.mark.parametrize("screen", ["phone"])
@pytest.mark.parametrize(("locale", "classic"), [("en-US", "Classic"), ("de-DE", "Classic")])
def test_a_phone_shows_one_version_at_a_time(open_table: Opener, locale: str, classic: str) -> None:
    table = open_table(every_gesture(), locale=locale)
    open_stats(table)
    page = table.page
    picker = page.locator("#stats-version")
    assert picker.is_visible()
    choices = picker.locator("label")
    assert choices.count() == 3
    # the version of the game in progress first: the app's four modes, and they fit
    assert shown_modes(table) == ["D1N", "D3N", "D1V", "D3V"]
    fits = page.evaluate(
        """() => { const t = document.querySelector('#stats-modes');
                   return t.getBoundingClientRect().width <= t.closest('.scroll').clientWidth; }"""
    )
    assert fits
    # every column of the table's head belongs to a shown mode, or heads the row names
    heads = page.eval_on_selector_all(
        "#stats-modes thead th", "els => els.filter((el) => el.getClientRects().length).length"
    )
    assert heads == 1 + 4
    choices.filter(has_text=classic).tap()
    assert shown_modes(table) == ["classic-D1", "classic-D3"]
    choices.filter(has_text="Solitär").tap()
    assert shown_modes(table) == ["solitaer-D3"]


@pytest.mark.parametrize("screen", ["desktop"])
def test_a_desktop_shows_every_version(open_table: Opener) -> None:
    table = open_table(every_gesture())
    open_stats(table)
    assert table.page.locator("#stats-version").is_hidden()
    assert len(shown_modes(table)) == 7


@pytest.mark.parametrize(
    ("locale", "fair", "peeked"),
    [
        ("en-US", "– from what you can see", "– looking at face-down cards"),
        ("de-DE", "– aus dem Sichtbaren", "– mit Blick auf verdeckte Karten"),
    ],
)
def test_fair_and_peeking_hints_have_rows_of_their_own(
    open_table: Opener, locale: str, fair: str, peeked: str
) -> None:
    table = open_table(every_gesture(), locale=locale)
    open_stats(table)
    page = table.page
    assert page.locator("#stats-modes tr[data-stat='fair_hints'] th").inner_text() == fair
    assert page.locator("#stats-modes tr[data-stat='peeked_hints'] th").inner_text() == peeked
    assert page.locator("#stats-modes tr[data-stat='fair_hints'] td").first.inner_text() == "0"
