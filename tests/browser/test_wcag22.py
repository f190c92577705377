"""WCAG 2.2 beside the axe-core audit (issue 35, item 7), on a phone upright (360 x 640) and
sideways (740 x 360):

- 2.5.8, target size: every control of the bar and of every dialog is at least 24 x 24 CSS
  px (a switch's or a choice's target is its whole label), as axe-core's own `target-size`
  rule agrees; on the table every pile and every pile's top card is too. The cards fanned
  under others show a strip of their corner: their arrangement is the game's (the exception
  for what is essential), and each can also be reached by its column's top card and taps.
- 2.5.7, dragging: every drag has a single-pointer way (test_taps.py: a tap picks a card up,
  a tap on a lit pile puts it there).
- 2.3.3, motion: with the system asking for reduced motion nothing slides, turns or shakes,
  and the win's cascade is a glow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from browser.test_axe import AXE
from helpers.page import Table, press
from helpers.positions import one_move_to_win

Opener = Callable[..., Table]

SMALL = """() => {
  const open = document.querySelector('dialog[open]');
  const found = [];
  const controls = (open ?? document).querySelectorAll(
    'button, select, input, textarea, a[href], summary, [role=button]');
  for (const el of controls) {
    if (el.closest('#board') || (!open && el.closest('dialog'))) continue;
    const target = el.matches('input') && el.closest('label') ? el.closest('label') : el;
    const r = target.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (r.width < 24 || r.height < 24) {
      found.push(`${el.id || el.name || el.textContent.trim().slice(0, 24)}: ` +
                 `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  for (const pile of document.querySelectorAll('#board .pile')) {
    const cards = [...pile.querySelectorAll('.card')];
    const top = cards.sort((a, b) => a.dataset.z - b.dataset.z).at(-1);
    for (const el of top ? [pile, top] : [pile]) {
      const r = el.getBoundingClientRect();
      if (r.width < 24 || r.height < 24) found.push(`${pile.dataset.pile}: ${r.width}x${r.height}`);
    }
  }
  return found;
}"""
"""The controls shown (those of the open dialog, or the page's) smaller than 24 x 24 px."""


def small_targets(table: Table, where: str) -> None:
    """Fail with every control of the screen as it is now that is under 24 x 24 px, by the
    page's measure and by axe-core's target-size rule (the table's cards aside)."""
    page = table.page
    found = page.evaluate(SMALL)
    assert not found, (where, found)
    if not page.evaluate("Boolean(window.axe)"):
        page.add_script_tag(content=AXE.read_text())
    result: dict[str, Any] = page.evaluate(
        """() => axe.run({exclude: [['#board']]},
             {runOnly: {type: 'rule', values: ['target-size']}, resultTypes: ['violations']})"""
    )
    flagged = [[node["target"] for node in v["nodes"]] for v in result["violations"]]
    assert not flagged, (where, flagged)


def open_dialog(table: Table, button: str, dialog: str) -> None:
    press(table, button)
    table.page.locator(f"{dialog}[open]").wait_for()


def close(table: Table) -> None:
    table.page.keyboard.press("Escape")
    table.page.wait_for_function("!document.querySelector('dialog[open]')")


@pytest.mark.parametrize(("screen", "locale"), [("phone", "en-US"), ("landscape", "de-DE")])
def test_every_control_is_at_least_24_px_square(open_table: Opener, locale: str) -> None:
    table = open_table(one_move_to_win("KH"), locale=locale)
    page = table.page
    small_targets(table, "table")
    press(table, "#hint")  # the hint panel, with its buttons
    table.hint_text()
    small_targets(table, "hint")
    press(table, "#hint-close")
    for button, dialog in [
        ("#new-game", "#new-dialog"),
        ("#settings-button", "#settings-dialog"),
        ("#daily-button", "#daily-dialog"),
        ("#help-button", "#howto-dialog"),
    ]:
        open_dialog(table, button, dialog)
        if dialog == "#daily-dialog":
            page.locator("#daily-calendar .today").wait_for()
        small_targets(table, dialog)
        close(table)
    page.evaluate("window.klondike.settings.values.cascade = 'none'")
    table.tap(table.card("KH"))
    page.locator("#win-dialog[open]").wait_for()
    small_targets(table, "win")
    press(table, "#win-new")  # New game: a deal, a draw, and Restart asks first
    page.locator("#new-dialog[open]").wait_for()
    press(table, "#new-start")
    page.locator("#new-dialog").wait_for(state="hidden")
    table.tap(table.pile("S"), "middle")
    table.settle()
    open_dialog(table, "#restart", "#confirm-dialog")
    small_targets(table, "confirm")
    press(table, "#confirm-no")
    page.locator("#confirm-dialog").wait_for(state="hidden")
    open_dialog(table, "#stats-button", "#stats-dialog")
    page.locator("#stats-recent tbody tr").first.wait_for()  # the game won: Replay, Review
    small_targets(table, "statistics")
    press(table, "#stats-recent tr[data-result='won'] .review")  # the review of the game won
    page.locator("#review-dialog[open] #review-body:not([hidden])").wait_for(timeout=30_000)
    small_targets(table, "review")
    close(table)


MOTION = """() => {
  window.motions = [];
  // (whole names: border-left-color is a colour, not a motion)
  const moving = /^(transform|translate|rotate|scale|left|top|right|bottom|inset)$/;
  const look = () => {
    for (const a of document.getAnimations()) {
      const props = a.transitionProperty ? [a.transitionProperty]
        : a.effect.getKeyframes().flatMap((k) => Object.keys(k));
      const name = a.animationName ?? a.transitionProperty;
      if (props.some((p) => moving.test(p))) window.motions.push(name);
    }
    requestAnimationFrame(look);
  };
  look();
}"""
"""Note every animation or transition that moves something, frame by frame."""


@pytest.mark.parametrize("screen", ["phone"])
def test_reduced_motion_keeps_everything_still(open_table: Opener) -> None:
    table = open_table(one_move_to_win("KH"), reduced_motion="reduce")
    page = table.page
    page.evaluate(MOTION)
    table.tap(table.card("KH"))  # the winning move, then the celebration
    page.locator(".celebrate-canvas").wait_for()
    assert page.locator(".celebrate-canvas").get_attribute("data-mode") == "fade"
    page.locator("#win-dialog[open]").wait_for()
    press(table, "#win-new")
    page.locator("#new-dialog[open]").wait_for()
    press(table, "#new-start")  # a new deal, dealt at once
    page.locator("#new-dialog").wait_for(state="hidden")
    table.tap(table.pile("S"), "middle")  # a draw: the card turned over
    table.settle()
    top = table.check()["waste"]["top"][-1]
    table.tap(table.card(top))  # to its foundation, or picked up, or a shake
    table.settle()
    press(table, "#code")  # the code copied: a toast comes up
    page.locator("#toast.shown").wait_for()
    page.wait_for_function("document.getAnimations().length === 0")  # and has come
    assert page.evaluate("window.motions") == []
