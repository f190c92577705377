// The win celebration: the classic bouncing cascade off the foundations.
//
// One card after another leaps from the four foundation piles (Kings first, the piles in
// turn), falls, bounces along the bottom of the table and leaves over its side, stamping a
// trail of itself on a canvas laid over the page. The short cascade (the default) is over
// within SHORT_MS: the cards leap closer together and fast enough to be gone by then; the
// long one takes its time (about 15 s). A tap, a click or any key ends it at once, and a line
// on screen says so; when the system asks for reduced motion (or the animation setting is
// off) a short glow fades in and out instead. Either way the returned promise resolves when
// it is over, and everything it added to the page is gone again.
//
// The canvas is styled by celebrate.css (a fixed overlay, no style attributes) and the cards
// are drawn on it by this module, so nothing is loaded from anywhere.

import { SUIT_PATHS } from "./faces.js";

const RANKS = "A23456789TJQK";
const ENGLISH = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const INK = "#1b1b1f";
const RED = "#c8202f";
const FADE_MS = 900;
/** The short cascade's length at most, in ms at the normal speed. */
export const SHORT_MS = 4500;

/** Frames of 1/60 s: the physics below is in table pixels per such frame. */
const FRAME_MS = 1000 / 60;

/** The speeds the animation setting names, as factors. */
export const SPEEDS = { normal: 1, fast: 2, off: 0 };

function reducedMotionWanted() {
  try {
    return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  } catch {
    return false;
  }
}

/** The foundation cards grouped by pile, each pile's top (last) card first to leave. */
function pilesOf(cards) {
  const piles = new Map();
  for (const el of cards) {
    const name = el?.dataset?.card;
    if (!name || !RANKS.includes(name[0])) continue;
    const key = el.closest?.("[data-pile]")?.dataset.pile ?? name[1];
    if (!piles.has(key)) piles.set(key, []);
    piles.get(key).push(el);
  }
  const order = [...piles.keys()].sort();
  return order.map((key) =>
    piles.get(key).sort((a, b) => RANKS.indexOf(b.dataset.card[0]) - RANKS.indexOf(a.dataset.card[0])),
  );
}

/** A card's picture for the canvas: drawn once, stamped many times. */
function sprite(name, w, h, dpr, labels) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(w * dpr));
  canvas.height = Math.max(1, Math.round(h * dpr));
  const g = canvas.getContext("2d");
  if (!g) return canvas;
  g.scale(dpr, dpr);
  const r = w * 0.08;
  g.beginPath();
  g.roundRect(0.5, 0.5, w - 1, h - 1, r);
  g.fillStyle = "#fdfcf8";
  g.fill();
  g.lineWidth = 1;
  g.strokeStyle = "rgba(0, 0, 0, 0.3)";
  g.stroke();
  const color = "HD".includes(name[1]) ? RED : INK;
  const suit = new Path2D(SUIT_PATHS[name[1]]);
  const label = labels[name[0]] ?? ENGLISH[name[0]] ?? name[0];
  const size = w * 0.26;
  const index = () => {
    g.fillStyle = color;
    g.font = `700 ${size}px system-ui, "DejaVu Sans", sans-serif`;
    g.textBaseline = "top";
    g.fillText(label, size * 0.16, size * 0.16);
    const tw = g.measureText(label).width;
    g.save();
    g.translate(size * 0.2 + tw, size * 0.2);
    g.scale((size * 0.78) / 100, (size * 0.78) / 100);
    g.fill(suit);
    g.restore();
  };
  index();
  g.save();
  g.translate(w, h);
  g.rotate(Math.PI);
  index();
  g.restore();
  // the middle: a large suit, framed on a court card
  const pip = w * ("JQK".includes(name[0]) ? 0.4 : 0.52);
  if ("JQK".includes(name[0])) {
    g.strokeStyle = color;
    g.lineWidth = Math.max(1, w * 0.02);
    g.strokeRect(w * 0.15, h * 0.22, w * 0.7, h * 0.56);
    g.fillStyle = color;
    g.font = `700 ${w * 0.3}px Georgia, "DejaVu Serif", serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(label, w / 2, h * 0.36);
  }
  g.save();
  g.fillStyle = color;
  g.translate((w - pip) / 2, "JQK".includes(name[0]) ? h * 0.47 : (h - pip) / 2);
  g.scale(pip / 100, pip / 100);
  g.fill(suit);
  g.restore();
  return canvas;
}

/**
 * Celebrate a win over `table`: the foundations' cards cascade off and bounce away.
 *
 * Lays a canvas (class `celebrate-canvas`, styled by celebrate.css) over the page, hides each
 * card element as it leaps and shows it again at the end. The first pointer press or key
 * ends it (the press or key goes no further). Never rejects.
 *
 * @param {Element} table the element the cards bounce in (its bottom is the floor)
 * @param {Iterable<Element>} cards the foundations' card elements (with `data-card`, inside
 *   their `[data-pile]`), in any order
 * @param {{
 *   reducedMotion?: boolean,
 *   speed?: number | "normal" | "fast" | "off",
 *   labels?: Record<string, string>,
 *   length?: "short" | "long",
 *   skipText?: string,
 *   signal?: AbortSignal,
 * }} [options] `reducedMotion` defaults to the system's wish; `speed` is a factor (1 normal,
 *   2 fast, 0 or "off": the fade); `labels` maps ranks to the index letters shown
 *   (e.g. `{J: "B", Q: "D", K: "K"}` in German); `length` "short" (the default: over within
 *   SHORT_MS) or "long"; `skipText` the line that says how to skip it; `signal` ends it
 *   from outside.
 * @returns {Promise<void>} resolves when the cascade has run out or was skipped
 * @example
 *   await celebrate(document.querySelector("#table"),
 *     document.querySelectorAll(".pile-F [data-card]"), { speed: settings.speed });
 *   winDialog.showModal();
 */
export function celebrate(table, cards, options = {}) {
  const speed = typeof options.speed === "string" ? SPEEDS[options.speed] ?? 1 : options.speed ?? 1;
  const reduced = options.reducedMotion ?? reducedMotionWanted();
  const fade = reduced || !(speed > 0);
  const budget = options.length === "long" ? Infinity : SHORT_MS;
  return new Promise((resolve) => {
    let canvas;
    let skip;
    let frame = 0;
    let timer = 0;
    let done = false;
    const hidden = [];

    function finish() {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      removeEventListener("keydown", onKey, true);
      removeEventListener("pointerdown", onPointer, true);
      removeEventListener("resize", finish);
      options.signal?.removeEventListener("abort", finish);
      for (const el of hidden) el.classList.remove("celebrate-gone");
      canvas?.remove();
      skip?.remove();
      resolve();
    }

    function onKey(event) {
      event.preventDefault();
      event.stopPropagation();
      finish();
    }

    function onPointer(event) {
      event.preventDefault();
      event.stopPropagation();
      // the click that follows this press is part of the skip, not a move
      const swallow = (e) => {
        e.preventDefault();
        e.stopPropagation();
      };
      addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => removeEventListener("click", swallow, true), 600);
      finish();
    }

    try {
      if (options.signal?.aborted || !table?.getBoundingClientRect) {
        finish();
        return;
      }
      canvas = document.createElement("canvas");
      canvas.className = "celebrate-canvas";
      canvas.setAttribute("aria-hidden", "true");
      canvas.dataset.mode = fade ? "fade" : "cascade";
      const dpr = Math.min(globalThis.devicePixelRatio || 1, 2);
      const vw = document.documentElement.clientWidth || innerWidth;
      const vh = document.documentElement.clientHeight || innerHeight;
      canvas.width = Math.round(vw * dpr);
      canvas.height = Math.round(vh * dpr);
      const g = canvas.getContext("2d");
      document.body.append(canvas);
      if (options.skipText) {
        skip = document.createElement("p");
        skip.className = "celebrate-skip";
        skip.setAttribute("role", "status");
        skip.textContent = options.skipText;
        document.body.append(skip);
      }
      addEventListener("keydown", onKey, true);
      addEventListener("pointerdown", onPointer, true);
      addEventListener("resize", finish);
      options.signal?.addEventListener("abort", finish);
      const box = table.getBoundingClientRect();
      const piles = pilesOf(cards ?? []);
      if (!g) {
        finish();
        return;
      }
      g.scale(dpr, dpr);
      if (fade) {
        glow(g, box, piles);
        canvas.classList.add("celebrate-fade");
        timer = setTimeout(finish, FADE_MS);
        return;
      }
      const setFrame = (id) => (frame = id);
      cascade(g, box, piles, dpr, { speed, budget, labels: options.labels ?? {} }, hidden, setFrame, finish);
    } catch {
      finish();
    }
  });
}

/** The reduced-motion celebration: a warm light over the foundations (faded by CSS). */
function glow(g, box, piles) {
  const tops = piles.map((pile) => pile[0].getBoundingClientRect());
  const cx = tops.length ? tops.reduce((s, r) => s + r.left + r.width / 2, 0) / tops.length : box.left + box.width / 2;
  const cy = tops.length ? tops[0].top + tops[0].height / 2 : box.top + box.height / 3;
  const radius = Math.max(box.width, box.height) * 0.6;
  const light = g.createRadialGradient(cx, cy, 0, cx, cy, radius);
  light.addColorStop(0, "rgba(255, 224, 120, 0.55)");
  light.addColorStop(0.45, "rgba(255, 213, 74, 0.18)");
  light.addColorStop(1, "rgba(255, 213, 74, 0)");
  g.fillStyle = light;
  g.fillRect(box.left, box.top, box.width, box.height);
}

/**
 * The bouncing cascade: launch, fly, bounce, stamp; `finish` when every card has left, or
 * when `budget` ms (at the normal speed) have passed: within it the cards leap at most
 * 210 ms apart, all in its first half, each fast enough to be gone before its end.
 */
function cascade(g, box, piles, dpr, { speed, budget, labels }, hidden, setFrame, finish) {
  g.save();
  g.beginPath();
  g.rect(box.left, box.top, box.width, box.height);
  g.clip();
  const queue = [];
  const depth = Math.max(...piles.map((p) => p.length), 0);
  for (let i = 0; i < depth; i++) for (const pile of piles) if (pile[i]) queue.push(pile[i]);
  if (!queue.length) {
    finish();
    return;
  }
  const first = queue[0].getBoundingClientRect();
  const cw = first.width;
  const ch = first.height;
  const scale = cw / 80; // the physics is tuned for 80 px cards
  const gravity = 0.42 * scale;
  const floor = box.bottom - ch;
  const launchEvery = Math.min(210, budget / 2 / queue.length); // ms between two cards
  const flying = [];
  let launched = 0;
  let clock = 0;
  let last = performance.now();
  const deadline = last + budget / speed; // in real time too, however slow the frames come

  function launch(el) {
    const r = el.getBoundingClientRect();
    const name = el.dataset.card;
    const left = r.left + r.width / 2 < box.left + box.width / 2;
    const dir = Math.random() < 0.5 ? -1 : 1;
    const away = left ? dir : (Math.random() < 0.7 ? -1 : 1);
    // fast enough to leave the table before the end (in 90 % of the time still to come)
    const way = away < 0 ? r.left + cw - box.left : box.right - r.left;
    const least = way / (((budget - clock) * 0.9) / FRAME_MS);
    flying.push({
      x: r.left,
      y: r.top,
      vx: away * Math.max((2.2 + Math.random() * 4.2) * scale, least),
      vy: -(Math.random() * 7 + 1) * scale,
      picture: sprite(name, cw, ch, dpr, labels),
    });
    el.classList.add("celebrate-gone");
    hidden.push(el);
  }

  function step(now) {
    const dt = Math.min(now - last, 50) * speed;
    last = now;
    clock += dt;
    while (launched < queue.length && clock >= launched * launchEvery) launch(queue[launched++]);
    const frames = dt / FRAME_MS;
    for (const card of flying) {
      // small steps, so that a fast card still leaves an unbroken trail
      const travel = Math.hypot(card.vx, card.vy) * frames;
      const steps = Math.max(1, Math.ceil(travel / (cw * 0.3)));
      for (let s = 0; s < steps; s++) {
        const f = frames / steps;
        card.vy += gravity * f;
        card.x += card.vx * f;
        card.y += card.vy * f;
        if (card.y > floor) {
          card.y = floor;
          card.vy = -card.vy * 0.72;
          if (Math.abs(card.vy) < gravity * 4) card.vy = -gravity * 14; // keeps hopping
        }
        g.drawImage(card.picture, card.x, card.y, cw, ch);
      }
    }
    for (let i = flying.length - 1; i >= 0; i--) {
      const card = flying[i];
      if (card.x + cw < box.left || card.x > box.right) flying.splice(i, 1);
    }
    if ((launched === queue.length && !flying.length) || clock >= budget || now >= deadline) {
      finish();
      return;
    }
    setFrame(requestAnimationFrame(step));
  }

  setFrame(requestAnimationFrame(step));
}
