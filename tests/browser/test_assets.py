"""The page's assets in Chromium: court-card pictures, synthesized sound, the win celebration.

Each module is imported into the real page from /static/js/ and exercised there; the court
cards are shown as the table shows its cards (at the phone's and the desktop's card size) and
photographed into tests/artifacts/.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from helpers import ROOT
from helpers.page import Table
from helpers.positions import one_move_to_win

pytestmark = pytest.mark.one_screen  # each test at one screen (conftest.one_screen)

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


# --------------------------------------------------------------------------- sound


@DESKTOP_ONLY
def test_every_sound_is_short_audible_and_its_own(open_table: Opener) -> None:
    table = open_table()
    sounds: dict[str, Any] = table.page.evaluate(
        """async () => {
          const { SOUND_NAMES, renderSound } = await import('/static/js/sound.js');
          const out = {};
          for (const name of SOUND_NAMES) {
            const buffer = await renderSound(name, 22050);
            const data = buffer.getChannelData(0);
            let peak = 0, energy = 0, last = 0;
            data.forEach((v, i) => {
              peak = Math.max(peak, Math.abs(v));
              energy += v * v;
              if (Math.abs(v) > 0.001) last = i;
            });
            out[name] = {seconds: buffer.duration, peak, rms: Math.sqrt(energy / data.length),
                         end: last / buffer.sampleRate};
          }
          out.unknown = await renderSound('boom').then(() => 'played', (err) => err.name);
          return out;
        }"""
    )
    assert sounds.pop("unknown") == "RangeError"
    assert set(sounds) == {"draw", "place", "turn", "refuse", "win"}
    for name, sound in sounds.items():
        assert 0.05 < sound["peak"] <= 1.0, f"{name} is heard and does not clip: {sound}"
        assert sound["end"] < sound["seconds"], f"{name} has died away by its end"
        limit = 1.3 if name == "win" else 0.3
        assert sound["seconds"] <= limit, f"{name} is short: {sound}"
    assert len({round(s["rms"], 4) for s in sounds.values()}) == 5, "five different sounds"


@DESKTOP_ONLY
def test_sound_is_off_by_default_waits_for_a_gesture_and_never_throws(
    open_table: Opener,
) -> None:
    table = open_table()
    page = table.page
    before = page.evaluate(
        """async () => {
          const { createSound } = await import('/static/js/sound.js');
          const quiet = createSound();
          const on = createSound({enabled: true});
          window.testSound = on;
          // a page nobody has touched yet (page.evaluate itself counts as a gesture)
          Object.defineProperty(navigator, 'userActivation',
                                {value: {hasBeenActive: false}, configurable: true});
          return {
            quietEnabled: quiet.enabled, quietPlays: quiet.play('place'),
            quietContext: quiet.context === null,
            // the page not yet touched: no context is made (the browser would keep it mute)
            touched: navigator.userActivation.hasBeenActive,
            onPlays: on.play('place'), onContext: on.context === null,
          };
        }"""
    )
    assert before == {
        "quietEnabled": False,
        "quietPlays": False,
        "quietContext": True,
        "touched": False,
        "onPlays": False,
        "onContext": True,
    }
    page.mouse.click(5, 5)  # a gesture (on the bar)
    after = page.evaluate(
        """async () => {
          delete navigator.userActivation;  // the browser's own again: touched
          const sound = window.testSound;
          const played = ['draw', 'place', 'turn', 'refuse', 'win'].map((n) => sound.play(n));
          const context = sound.context;
          for (let i = 0; i < 50 && context.state !== 'running'; i++) {
            await new Promise((r) => setTimeout(r, 20));
          }
          const state = context.state;
          const unknown = sound.play('boom');
          sound.setEnabled(false);
          const off = sound.play('draw');
          sound.setEnabled(true);
          const again = sound.play('win');
          const same = sound.context === context;
          sound.close();
          return {played, state, unknown, off, again, same, closed: sound.context === null};
        }"""
    )
    assert after == {
        "played": [True] * 5,
        "state": "running",
        "unknown": False,
        "off": False,
        "again": True,
        "same": True,
        "closed": True,
    }
    # a browser without Web Audio: every call is a quiet no-op
    missing = page.evaluate(
        """async () => {
          const { createSound } = await import('/static/js/sound.js');
          const saved = window.AudioContext;
          window.AudioContext = undefined;
          try {
            const sound = createSound({enabled: true});
            sound.unlock();
            return [sound.play('win'), sound.context, sound.enabled];
          } finally {
            window.AudioContext = saved;
          }
        }"""
    )
    assert missing == [False, None, True]
    assert not table.errors, table.errors


# --------------------------------------------------------------------------- celebration

# Start the celebration over the table's foundations; the promise is kept in window.party.
CELEBRATE = """async (options) => {
  const { celebrate } = await import('/static/js/celebrate.js');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/static/celebrate.css';
  const loaded = new Promise((resolve) => (link.onload = resolve));
  document.head.append(link);
  await loaded;
  const cards = document.querySelectorAll('.pile-F [data-card]');
  window.partyCards = cards.length;
  window.partyOver = null;
  const start = performance.now();
  window.party = celebrate(document.querySelector('#table'), cards, options)
    .then(() => (window.partyOver = performance.now() - start));
}"""

OVER = "window.partyOver !== null"

STATE = """() => {
  const canvas = document.querySelector('.celebrate-canvas');
  let painted = 0;
  if (canvas) {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4 * 7) if (data[i] > 0) painted++;
  }
  return {
    canvas: Boolean(canvas),
    mode: canvas?.dataset.mode ?? null,
    painted,
    gone: document.querySelectorAll('.celebrate-gone').length,
  };
}"""


def hold_the_clock(page: Page) -> None:
    """The page's time stands still from now on (Playwright's clock), until the test runs
    it on (`Clock.run_for`: every frame and timer in turn, however loaded the machine) or
    lets it flow again (`Clock.resume`)."""
    start = time.time()
    page.clock.install(time=start)
    page.clock.pause_at(start + 10)


GLOW_AT = """(ms) => {
  for (const glow of document.querySelector('.celebrate-canvas').getAnimations()) {
    if (ms === null) glow.play();
    else {
      glow.pause();
      glow.currentTime = ms;
    }
  }
}"""
"""Hold the fade's glow (a CSS animation: the page's clock does not run it) at ``ms`` in,
or let it run on (``null``)."""


def full_foundations() -> dict[str, Any]:
    """Every card home but the King of hearts (on column 1)."""
    return one_move_to_win("KH", score=615)


def test_the_cascade_runs_and_a_tap_ends_it(open_table: Opener, screen: str) -> None:
    table = open_table(full_foundations())
    page = table.page
    hold_the_clock(page)
    page.evaluate(CELEBRATE, {"reducedMotion": False})
    assert page.evaluate("window.partyCards") == 51
    page.clock.run_for(1200)  # 1.2 s of the cascade, every frame of it
    state = page.evaluate(STATE)
    assert state["canvas"] and state["mode"] == "cascade"
    assert state["painted"] > 1000, "cards are flying and leave trails"
    assert state["gone"] > 3, "the cards that leapt have left their piles"
    assert page.evaluate("window.partyOver") is None, "still running"
    page.screenshot(path=str(artifact(f"celebrate-{screen}.png")))
    page.clock.resume()
    version = table.server.game()["version"]
    table.tap(table.pile("T4"), "middle")  # a tap ends it, and is no move
    page.wait_for_function(OVER, timeout=1000)
    assert page.evaluate(STATE) == {"canvas": False, "mode": None, "painted": 0, "gone": 0}
    assert table.server.game()["version"] == version
    table.check()


@DESKTOP_ONLY
def test_a_key_ends_the_cascade_and_goes_no_further(open_table: Opener) -> None:
    table = open_table(full_foundations())
    page = table.page
    page.evaluate(
        """() => { window.keysSeen = 0;
                   document.addEventListener('keydown', () => window.keysSeen++); }"""
    )
    hold_the_clock(page)
    page.evaluate(CELEBRATE, {"reducedMotion": False})
    page.clock.run_for(300)
    page.clock.resume()
    page.keyboard.press("n")  # would otherwise open the New game dialog
    page.wait_for_function(OVER, timeout=1000)
    assert page.evaluate("window.keysSeen") == 0
    assert not page.locator("#new-dialog").is_visible()
    assert page.evaluate(STATE)["canvas"] is False
    table.check()


@DESKTOP_ONLY
def test_the_cascade_ends_by_itself(open_table: Opener) -> None:
    table = open_table(full_foundations())
    page = table.page
    hold_the_clock(page)
    page.evaluate(CELEBRATE, {"reducedMotion": False, "speed": 6})
    for _ in range(15):  # up to 15 s of the cascade, every frame of it
        if page.evaluate(OVER):
            break
        page.clock.run_for(1000)
    page.clock.resume()
    page.wait_for_function(OVER, timeout=1000)
    assert page.evaluate(STATE) == {"canvas": False, "mode": None, "painted": 0, "gone": 0}
    # every card leapt: at this speed the cascade takes a few seconds, not no time at all
    assert 500 < page.evaluate("window.partyOver") < 15000
    table.check()


def test_reduced_motion_or_animation_off_fades_instead(open_table: Opener, screen: str) -> None:
    table = open_table(full_foundations())
    page = table.page
    page.emulate_media(reduced_motion="reduce")
    hold_the_clock(page)
    page.evaluate(CELEBRATE, {})
    state = page.evaluate(STATE)
    assert state["canvas"] and state["mode"] == "fade" and state["gone"] == 0
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.celebrate-canvas')).animationName")
        == "celebrate-glow"
    )
    page.evaluate(GLOW_AT, 350)  # the glow as it is 350 ms in
    page.screenshot(path=str(artifact(f"celebrate-fade-{screen}.png")))
    page.evaluate(GLOW_AT, None)
    page.clock.run_for(2000)
    page.clock.resume()
    page.wait_for_function(OVER, timeout=2000)
    assert 700 < page.evaluate("window.partyOver") < 2000
    assert page.evaluate(STATE)["canvas"] is False
    # the animation setting "off" fades too, with the system not asking for it
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(CELEBRATE, {"speed": "off"})
    assert page.evaluate(STATE)["mode"] == "fade"
    page.keyboard.press("Escape")  # skippable as well
    page.wait_for_function(OVER, timeout=500)
    table.check()


@DESKTOP_ONLY
def test_celebrating_nothing_or_aborted_resolves_at_once(open_table: Opener) -> None:
    table = open_table()
    over = table.page.evaluate(
        """async () => {
          const { celebrate } = await import('/static/js/celebrate.js');
          const table = document.querySelector('#table');
          const controller = new AbortController();
          const running = celebrate(table, document.querySelectorAll('.pile-T [data-card]'),
                                    {reducedMotion: false, signal: controller.signal});
          controller.abort();
          await running;
          await celebrate(table, [], {reducedMotion: false});
          await celebrate(null, [], {});
          return document.querySelectorAll('.celebrate-canvas, .celebrate-gone').length;
        }"""
    )
    assert over == 0
    assert not table.errors, table.errors


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name
