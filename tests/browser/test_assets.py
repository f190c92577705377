"""The page's assets in Chromium: court-card pictures, synthesized sound, the win celebration.

Each module is imported into the real page from /static/js/ and exercised there; the court
cards are shown as the table shows its cards (at the phone's and the desktop's card size) and
photographed into tests/artifacts/.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, Table

Opener = Callable[..., Table]
ARTIFACTS = ROOT / "tests" / "artifacts"
DESKTOP_ONLY = pytest.mark.parametrize("screen", ["desktop"])

# --------------------------------------------------------------------------- court cards

# A gallery of the twelve court cards (and an ace and a ten beside them), built with the
# table's own classes over the page: cards of the width the board gives them on this screen.
GALLERY = """async ({cw, cols}) => {
  const { courtSVG, COURT_RANKS, COURT_SUITS } = await import('/static/js/faces.js');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/static/faces.css';
  const loaded = new Promise((resolve) => (link.onload = resolve));
  document.head.append(link);
  await loaded;
  const icon = (suit, cls) =>
    `<svg class="${cls}" aria-hidden="true"><use href="#suit-${suit}"/></svg>`;
  const gallery = document.createElement('div');
  gallery.id = 'gallery';
  gallery.className = 'table';
  const board = document.createElement('div');
  board.className = 'board' + (cw < 64 ? ' small-cards' : '');
  board.style.setProperty('--cw', `${cw}px`);
  board.style.setProperty('--ch', `${Math.round(cw * 1.4)}px`);
  gallery.append(board);
  Object.assign(gallery.style, {position: 'fixed', inset: '0', zIndex: 9000});
  const gap = Math.round(cw * 0.15);
  const names = [];
  for (const suit of COURT_SUITS) for (const rank of COURT_RANKS) names.push(rank + suit);
  names.push('AS', 'TH');
  names.forEach((name, i) => {
    const [rank, suit] = name;
    const card = document.createElement('div');
    card.className = 'card still' + ('HD'.includes(suit) ? ' red' : '');
    card.dataset.gallery = name;
    const x = gap + (i % cols) * (cw + gap);
    const y = gap + Math.floor(i / cols) * (Math.round(cw * 1.4) + gap);
    card.style.transform = `translate(${x}px, ${y}px)`;
    const label = rank === 'T' ? '10' : rank;
    const index = `<span class="rank">${label}</span>${icon(suit, 'idx-suit')}`;
    const middle = COURT_RANKS.includes(rank)
      ? courtSVG(rank, suit)
      : icon(suit, rank === 'A' ? 'pip pip-ace' : 'pip');
    card.innerHTML = `<span class="face"><span class="idx tl">${index}</span>` +
      `${icon(suit, 'corner-suit')}${middle}<span class="idx br">${index}</span></span>`;
    board.append(card);
  });
  document.body.append(gallery);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}"""

# The width of a card on each screen (as board.js measures it) and the gallery's columns.
CARD_WIDTH = {"desktop": (104, 7), "phone": (44, 6)}


def test_twelve_distinct_court_faces_are_scalable_self_contained_svg(
    open_table: Opener,
) -> None:
    table = open_table()
    faces: dict[str, Any] = table.page.evaluate(
        """async () => {
          const { allCourtSVGs, courtSVG } = await import('/static/js/faces.js');
          const out = {};
          for (const [name, markup] of allCourtSVGs()) {
            const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
            const root = doc.documentElement;
            const attributes = [...doc.querySelectorAll('*')].flatMap((el) =>
              [...el.attributes].map((a) => [el.localName, a.name, a.value]));
            out[name] = {
              markup,
              error: doc.querySelector('parsererror')?.textContent ?? null,
              root: root.localName,
              namespace: root.namespaceURI,
              viewBox: root.getAttribute('viewBox'),
              width: root.getAttribute('width'),
              hidden: root.getAttribute('aria-hidden'),
              tags: [...new Set([...doc.querySelectorAll('*')].map((el) => el.localName))],
              attributes,
            };
          }
          const refused = [];
          for (const [rank, suit] of [['A', 'S'], ['K', 'X'], ['KS', ''], [undefined, 'H']]) {
            try { courtSVG(rank, suit); } catch (err) { refused.push(err.name); }
          }
          out.refused = refused;
          return out;
        }"""
    )
    assert faces.pop("refused") == ["RangeError"] * 4
    names = {rank + suit for suit in "SHDC" for rank in "JQK"}
    assert set(faces) == names
    assert len({face["markup"] for face in faces.values()}) == 12, "every face is its own"
    for name, face in faces.items():
        assert face["error"] is None, f"{name}: {face['error']}"
        assert face["root"] == "svg" and face["namespace"] == "http://www.w3.org/2000/svg"
        # scales with its box: a view box of a card's proportions, no fixed size
        assert face["viewBox"] == "0 0 100 140" and face["width"] is None
        assert face["hidden"] == "true", "the card's label names it; the picture is decoration"
        # nothing loaded, nothing a strict Content-Security-Policy refuses
        assert not {"script", "image", "use", "foreignObject", "style", "a"} & set(face["tags"])
        for tag, attr, value in face["attributes"]:
            assert attr != "style" and not attr.startswith("on"), f"{name}: {tag} {attr}"
            assert "url(" not in value and "data:" not in value, f"{name}: {tag} {attr}"
            assert "href" not in attr, f"{name}: {tag} {attr}"
            if attr != "xmlns":
                assert "http" not in value, f"{name}: {tag} {attr}={value}"


def test_court_faces_fill_the_card_and_are_photographed(open_table: Opener, screen: str) -> None:
    table = open_table()
    page = table.page
    cw, cols = CARD_WIDTH[screen]
    page.evaluate(GALLERY, {"cw": cw, "cols": cols})
    shown = page.evaluate(
        """() => [...document.querySelectorAll('#gallery .court-art')].map((svg) => {
          const card = svg.closest('.card').getBoundingClientRect();
          const art = svg.getBoundingClientRect();
          const visible = (sel) => getComputedStyle(svg.querySelector(sel)).display !== 'none';
          return {
            name: svg.closest('.card').dataset.gallery,
            card: [card.width, card.height], art: [art.width, art.height],
            double: visible('.court-double'), single: visible('.court-single'),
          };
        })"""
    )
    assert len(shown) == 12
    for face in shown:
        assert face["art"] == face["card"], f"{face['name']} covers its card"
        # a phone's small card shows the single close-up, a desktop card the double figure
        assert face["single"] == (screen == "phone"), face
        assert face["double"] == (screen == "desktop"), face
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rows = -(-14 // cols)
    height = 2 * round(cw * 0.15) + rows * (round(cw * 1.4) + round(cw * 0.15))
    width = round(cw * 0.15) + cols * (cw + round(cw * 0.15))
    clip = {"x": 0, "y": 0, "width": width, "height": height}
    page.screenshot(path=str(ARTIFACTS / f"faces-{screen}.png"), clip=clip)
    assert not table.errors, table.errors
    foreign = [url for url in table.requests if not url.startswith(table.server.url + "/")]
    assert not foreign, foreign


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name
