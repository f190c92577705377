// The table: lays out the server's view and draws it, once per animation frame.
//
// Cards are keyed: a face-up card by its name (data-card="TH"), a face-down card by its place
// ("T3.d0"); a face-down card's name never reaches the page. Each render compares the new
// layout with where every card is on screen (getBoundingClientRect, so even a card in flight
// or under the finger) and slides the cards that moved with CSS transforms; a card that was
// turned up or drawn from the stock turns over. There is no game logic here: what is legal,
// where a card may go and the score all come from the view.

import { courtSVG } from "./faces.js";
import { cardWords, lang, pileWords, RANK_LABELS, suitWords, t } from "./i18n.js";
import { PILES, SUITS, topCard } from "./piles.js";

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));

/**
 * A duration custom property of `el`'s style in milliseconds: the stylesheet's `--slide` and
 * `--flip` are the one source of how long a card slides and turns over.
 * @param {Element} el
 * @param {string} name "--slide" or "--flip"
 * @returns {number}
 */
export function durationMs(el, name) {
  const text = getComputedStyle(el).getPropertyValue(name).trim();
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return 0;
  return text.endsWith("ms") ? value : value * 1000;
}

/** The place of every card of `view` on a board of `geo`'s size. */
export function layout(view, geo) {
  const items = new Map();
  const add = (key, name, pile, x, y, z, extra = {}) =>
    items.set(key, { key, name, pile, x, y, z, ...extra });
  const slot = geo.piles;

  // The stock: a few backs for depth, never a name.
  const stock = view.stock.count;
  const backs = stock === 0 ? 0 : stock > 16 ? 3 : stock > 6 ? 2 : 1;
  for (let i = 0; i < backs; i++) {
    const d = (backs - 1 - i) * geo.depth;
    add(`S.b${i}`, null, "S", slot.S.x - d, slot.S.y - d, i + 1);
  }

  // The waste: its top cards, fanned in Draw 3; the last one is the playable one.
  const top = view.waste.top;
  top.forEach((name, i) => {
    const dx = view.draw === 3 ? i * geo.fanX : 0;
    add(name, name, "W", slot.W.x + dx, slot.W.y, i + 1, {
      movable: i === top.length - 1,
      top: i === top.length - 1,
    });
  });

  // The foundations: stacked, the top one movable where the version's rules let a card be
  // taken back (view.rules.take_back), so that in the others it does not even lift.
  view.foundations.forEach((cards, f) => {
    const pile = `F${f + 1}`;
    cards.forEach((name, i) => {
      add(name, name, pile, slot[pile].x, slot[pile].y, i + 1, {
        movable: i === cards.length - 1 && view.rules.take_back,
        top: i === cards.length - 1,
      });
    });
  });

  // The columns: backs, then the face-up run fanned; a long column squeezes to fit, its
  // face-up cards never closer than their corner index (measure() made the cards small
  // enough for that).
  view.tableau.forEach((column, c) => {
    const pile = `T${c + 1}`;
    const { x, y } = slot[pile];
    const down = column.down;
    const up = column.up.length;
    let fd = geo.fanDown;
    let fu = geo.fanUp;
    const room = geo.columnBottom - y - geo.ch;
    // Too long for the window: close up the backs first, then the face-up cards.
    let over = down * fd + Math.max(0, up - 1) * fu - room;
    if (over > 0 && down > 0) {
      const cut = Math.min(over, down * (fd - geo.fanDownMin));
      fd -= cut / down;
      over -= cut;
    }
    if (over > 0 && up > 1) fu = Math.max(geo.fanUpMin, (room - down * fd) / (up - 1));
    let cy = y;
    for (let i = 0; i < down; i++) {
      add(`${pile}.d${i}`, null, pile, x, cy, i + 1);
      cy += fd;
    }
    column.up.forEach((name, i) => {
      add(name, name, pile, x, cy, down + i + 1, {
        movable: true,
        top: i === up - 1,
        run: column.up.slice(i),
      });
      cy += fu;
    });
  });
  return items;
}

/**
 * How far apart two cards must lie for the corner index of the one under to show whole, for
 * cards `cw` wide whose index is `index` of that (the stylesheet's --index): down the fan of
 * a column (the index's height, rank and suit side by side, and a little air) and across the
 * fan of the waste (where the suit stands under the rank: the widest, "10").
 */
export function indexRoom(cw, index) {
  const em = cw * index;
  return { down: Math.ceil(em * 1.22), across: Math.ceil(em * 1.36) + 1 };
}

/**
 * Sizes and places of the piles on a board `width` x `height` CSS pixels large; `leftHanded`
 * puts the stock and the waste on the right and the foundations on the left. The cards are as
 * large as the board allows, and no larger than lets every column of `tableau` (the view's:
 * its face-down and face-up counts) show the corner index of each face-up card: the fan
 * shrinks to what fits first, then the cards do. `index` is the corner index's size as a
 * share of a card's width (the stylesheet's --index).
 */
export function measure(width, height, draw, leftHanded = false, tableau = [], index = 0.26) {
  const pad = clamp(Math.min(width, height) * 0.02, 6, 20);
  const gap = clamp(width * 0.012, 4, 16);
  // As wide as seven columns allow, but short enough that a long column (six backs and a
  // dozen face-up cards) still shows every corner. A short wide table (a phone held
  // sideways) squeezes a long column more, so its cards may be as large as the height allows.
  const sideways = height < 480 && width > 1.5 * height;
  const rows = sideways ? 3.5 : 4.5;
  let cw = Math.min((width - 2 * pad - 6 * gap) / 7, 120, (height - 2 * pad) / (1.4 * rows));
  cw = Math.max(Math.floor(cw), 24);
  let geo = place(width, height, draw, leftHanded, cw, { pad, gap, sideways, index });
  while (cw > 24 && !fits(geo, tableau)) {
    cw -= 1;
    geo = place(width, height, draw, leftHanded, cw, { pad, gap, sideways, index });
  }
  return geo;
}

/** True if every column of `tableau` fits on the board of `geo` at its closest fans. */
function fits(geo, tableau) {
  const room = geo.columnBottom - geo.piles.T1.y - geo.ch;
  return tableau.every(
    (column) => column.down * geo.fanDownMin + Math.max(0, column.up.length - 1) * geo.fanUpMin <= room,
  );
}

/** The board of `measure` with cards `cw` wide. */
function place(width, height, draw, leftHanded, cw, { pad, gap, sideways, index }) {
  const ch = Math.round(cw * 1.4);
  const rowGap = Math.round(Math.max(gap * 1.5, ch * 0.14));
  // Sideways the columns spread over the width (up to a third of a card apart).
  if (sideways) gap = Math.max(gap, Math.min((width - 2 * pad - 7 * cw) / 6, cw / 3));
  const left = Math.round((width - (7 * cw + 6 * gap)) / 2);
  const top = pad;
  const columnTop = top + ch + rowGap;
  const piles = {};
  const at = (i) => left + i * (cw + gap);
  const room = indexRoom(cw, index);
  const fanX = Math.max(Math.round(cw * 0.45), room.across); // the waste's indices whole
  const wasteWidth = draw === 3 ? cw + 2 * fanX : cw;
  if (leftHanded) {
    // the waste fans out to the right as always, so it ends where the sixth column ends
    piles.S = { x: at(6), y: top, w: cw, h: ch };
    piles.W = { x: at(5) + cw - wasteWidth, y: top, w: wasteWidth, h: ch };
    for (let f = 0; f < 4; f++) piles[`F${f + 1}`] = { x: at(f), y: top, w: cw, h: ch };
  } else {
    piles.S = { x: at(0), y: top, w: cw, h: ch };
    piles.W = { x: at(1), y: top, w: wasteWidth, h: ch };
    for (let f = 0; f < 4; f++) piles[`F${f + 1}`] = { x: at(3 + f), y: top, w: cw, h: ch };
  }
  const columnBottom = height - pad;
  for (let c = 0; c < 7; c++) {
    piles[`T${c + 1}`] = { x: at(c), y: columnTop, w: cw, h: Math.max(ch, columnBottom - columnTop) };
  }
  return {
    width, height, cw, ch, gap, piles, columnBottom, fanX,
    fanDown: Math.max(3, Math.round(ch * 0.1)),
    fanDownMin: Math.max(2, Math.round(ch * 0.035)),
    // a tall narrow window (a phone) has room to fan the face-up cards wider
    fanUp: Math.max(room.down, Math.round(ch * (columnBottom - columnTop > ch * 6 ? 0.33 : 0.27))),
    fanUpMin: room.down,
    depth: Math.max(1, Math.round(cw / 60)),
  };
}

function suitIcon(suit, cls) {
  return `<svg class="${cls}" aria-hidden="true" focusable="false"><use href="#suit-${suit}"/></svg>`;
}

const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** A card's accessible name: the index it shows, then its words ("5♦ five of diamonds"). */
function cardLabel(name) {
  const label = RANK_LABELS[lang()][name[0]] ?? name[0];
  return `${label}${SUIT_SIGNS[name[1]]} ${cardWords(name)}`;
}

function faceHTML(name) {
  const rank = name[0];
  const suit = name[1];
  const label = RANK_LABELS[lang()][rank] ?? rank;
  const rankClass = rank === "T" ? "rank ten" : "rank"; // the one index of two figures
  const index = `<span class="${rankClass}">${label}</span>${suitIcon(suit, "idx-suit")}`;
  const middle = "JQK".includes(rank)
    ? courtSVG(rank, suit)
    : suitIcon(suit, rank === "A" ? "pip pip-ace" : "pip");
  // The lower index repeats the upper one as generated content (table.css), so the card's
  // text is its index once ("5"), which its accessible name begins with ("5♦ five of …").
  const lower = `<span class="rank" data-label="${label}"></span>${suitIcon(suit, "idx-suit")}`;
  return (
    `<span class="face"><span class="idx tl">${index}</span>` +
    `${suitIcon(suit, "corner-suit")}${middle}<span class="idx br" aria-hidden="true">${lower}</span></span>`
  );
}

export class Board {
  constructor(root) {
    this.root = root;
    this.view = null;
    this.shown = null; // the view on screen
    this.geo = null;
    this.piles = {};
    this.cards = new Map(); // key -> element
    this.frozen = 0; // > 0 while a drag holds the table still
    this.held = false; // a render was held back by a drag
    this.frame = 0;
    this.animating = 0;
    this.cleanup = 0;
    this.motionMs = null; // the longer of the stylesheet's --slide and --flip, read once
    this.onRendered = () => {};
    this.leftHanded = false;
    for (const name of PILES) {
      const el = document.createElement("div");
      el.className = `pile pile-${name[0]}`;
      el.dataset.pile = name;
      el.tabIndex = 0;
      el.setAttribute("role", name === "S" ? "button" : "group");
      if (name[0] === "F") {
        el.dataset.suit = SUITS[Number(name[1]) - 1];
        el.insertAdjacentHTML("beforeend", suitIcon(el.dataset.suit, "slot-suit"));
      }
      if (name === "S") {
        el.insertAdjacentHTML(
          "beforeend",
          '<span class="slot-mark" aria-hidden="true"></span><span class="count" aria-hidden="true"></span>',
        );
      }
      this.piles[name] = el;
      root.appendChild(el);
    }
    new ResizeObserver(() => this.schedule(false)).observe(root);
  }

  /** Show `view` at the next animation frame (sliding what moved unless `animate` is false). */
  setView(view, animate = true) {
    const newGame = !this.view || view.id !== this.view.id || view.code !== this.view.code;
    this.view = view;
    this.schedule(animate && !newGame, newGame);
  }

  schedule(animate = true, reset = false) {
    // A render still to come (a frame asked for, or one held back by a drag) keeps its wishes:
    // a new game that came during a drag is still dealt afresh when the drag ends.
    const pending = Boolean(this.frame) || this.held;
    this.wantAnimate = pending ? this.wantAnimate && animate : animate;
    this.wantReset = (pending && this.wantReset) || reset;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.frozen) {
        this.held = true;
        return;
      }
      this.held = false;
      this.render(this.wantAnimate, this.wantReset);
    });
  }

  /** Put the stock and waste on the right (`true`) or the left, and redraw at once. */
  setLeftHanded(on) {
    if (this.leftHanded === on) return;
    this.leftHanded = on;
    this.schedule(false);
  }

  /** The animation speed changed: read the stylesheet's durations again. */
  speedChanged() {
    this.motionMs = null;
  }

  /** Hold the table still (a drag is in progress); renders wait until thaw(). */
  freeze() {
    this.frozen += 1;
  }

  thaw() {
    this.frozen = Math.max(0, this.frozen - 1);
    if (!this.frozen) this.schedule(true);
  }

  /** True while cards are sliding or turning. */
  busy() {
    return performance.now() < this.animating;
  }

  /** The element of a face-up card, or undefined. */
  card(name) {
    return this.cards.get(name);
  }

  /** The layout item of a key as last drawn. */
  item(key) {
    return this.items?.get(key);
  }

  render(animate = true, reset = false) {
    const view = this.view;
    if (!view) return;
    const rect = this.root.getBoundingClientRect();
    const index = Number.parseFloat(getComputedStyle(this.root).getPropertyValue("--index")) || 0.26;
    const geo = measure(rect.width, rect.height, view.draw, this.leftHanded, view.tableau, index);
    const items = layout(view, geo);
    const previous = this.shown;

    // Read: where every card that stays is on screen now.
    const from = new Map();
    if (reset) {
      for (const el of this.cards.values()) el.remove();
      this.cards.clear();
    } else if (animate) {
      for (const [key, el] of this.cards) {
        if (!items.has(key)) continue;
        const r = el.getBoundingClientRect();
        from.set(key, { x: r.left - rect.left, y: r.top - rect.top });
      }
    }

    // Write: piles, then cards at their start positions (at once where nothing slides).
    if (!animate) this.root.classList.add("instant");
    this.root.style.setProperty("--cw", `${geo.cw}px`);
    this.root.style.setProperty("--ch", `${geo.ch}px`);
    this.root.classList.toggle("small-cards", geo.cw < 64);
    for (const [name, box] of Object.entries(geo.piles)) {
      const el = this.piles[name];
      el.style.left = `${box.x}px`;
      el.style.top = `${box.y}px`;
      el.style.width = `${box.w}px`;
      el.style.height = `${box.h}px`;
    }
    this.labelPiles(view);

    const lastMove = view.last && !view.last.undo ? view.last.move : null;
    const deal = reset && previous && !matchMedia("(prefers-reduced-motion: reduce)").matches;
    const moving = [];
    let longest = 0;
    for (const item of items.values()) {
      let el = this.cards.get(item.key);
      let start = from.get(item.key);
      let flip = false;
      if (!el) {
        el = this.createCard(item);
        this.cards.set(item.key, el);
        if (animate && item.name && previous) {
          if (item.pile === "W" && lastMove === "S-W") {
            start = { x: geo.piles.S.x, y: geo.piles.S.y };
            flip = true;
          } else if (
            item.pile[0] === "T" &&
            item.z - 1 === view.tableau[Number(item.pile[1]) - 1].down
          ) {
            const before = previous.tableau[Number(item.pile[1]) - 1];
            const now = view.tableau[Number(item.pile[1]) - 1];
            if (before.down > now.down && !before.up.includes(item.name)) flip = true;
          }
        }
      }
      const pileEl = this.piles[item.pile];
      if (el.parentNode !== pileEl) pileEl.appendChild(el);
      this.labelCard(el, item);
      const box = geo.piles[item.pile];
      const tx = item.x - box.x;
      const ty = item.y - box.y;
      el.dataset.z = item.z;
      const target = `translate(${tx}px, ${ty}px)`;
      el.classList.remove("dragging", "lifted");
      if (el.style.transitionDelay) el.style.transitionDelay = "";
      if (el.style.opacity) el.style.opacity = "";
      let delay = 0;
      if (deal && item.pile[0] === "T") {
        // A new game: the columns are dealt from the stock, row by row.
        start = { x: geo.piles.S.x, y: geo.piles.S.y };
        delay = ((item.z - 1) * 7 + Number(item.pile[1]) - 1) * 9;
        longest = Math.max(longest, delay);
      }
      if (start && (Math.abs(start.x - item.x) > 0.5 || Math.abs(start.y - item.y) > 0.5)) {
        el.classList.add("still");
        el.style.transform = `translate(${start.x - box.x}px, ${start.y - box.y}px)`;
        el.style.zIndex = String(600 + item.z);
        moving.push({ el, target, z: item.z, delay, hidden: deal });
        if (deal) el.style.opacity = "0"; // shown when its turn to be dealt comes
      } else {
        el.style.transform = target;
        el.style.zIndex = String(item.z);
      }
      if (flip) {
        el.classList.remove("flip");
        moving.push({ el, flip: true });
      }
    }
    for (const [key, el] of this.cards) {
      if (!items.has(key)) {
        el.remove();
        this.cards.delete(key);
      }
    }

    if (!animate) {
      void this.root.offsetWidth; // the cards stand where they now lie
      this.root.classList.remove("instant");
    }

    // Play: one reflow, then let the transitions run.
    if (moving.length) {
      void this.root.offsetWidth;
      for (const m of moving) {
        if (m.flip) {
          m.el.classList.add("flip", "moving");
          continue;
        }
        m.el.classList.remove("still");
        m.el.classList.add("moving");
        if (m.delay) m.el.style.transitionDelay = `${m.delay}ms`;
        m.el.style.transform = m.target;
        if (m.hidden) {
          m.el.style.opacity = "";
          if (m.el.dataset.card) {
            m.el.style.setProperty("--flip-delay", `${m.delay}ms`);
            m.el.classList.add("flip");
          }
        }
      }
      // The stylesheet does not change while the page is open: read its durations once.
      this.motionMs ??= Math.max(durationMs(this.root, "--slide"), durationMs(this.root, "--flip"));
      const until = performance.now() + longest + this.motionMs + 20;
      this.animating = until;
      clearTimeout(this.cleanup);
      this.cleanup = setTimeout(() => this.settle(), until - performance.now());
    }
    this.geo = geo;
    this.items = items;
    this.shown = view;
    this.onRendered(view, previous);
  }

  /** After an animation: every card back to its resting z-order. */
  settle() {
    for (const el of this.cards.values()) {
      el.classList.remove("flip", "moving");
      el.style.transitionDelay = "";
      el.style.opacity = "";
      el.style.removeProperty("--flip-delay");
      if (!el.classList.contains("dragging")) el.style.zIndex = el.dataset.z;
    }
  }

  createCard(item) {
    const el = document.createElement("div");
    if (item.name) {
      // the colour of the usual deck, and the suit (table.css: the four-colour deck)
      el.className = `card up ${"HD".includes(item.name[1]) ? "red" : "black"} suit-${item.name[1]}`;
      el.dataset.card = item.name;
      el.innerHTML = faceHTML(item.name);
      el.tabIndex = -1;
      el.setAttribute("role", "button");
    } else {
      el.className = "card down";
      el.setAttribute("role", "img");
      el.innerHTML = '<span class="back"></span>';
    }
    return el;
  }

  /** Rebuild every card face (the corner letters follow the language) and every label. */
  relabel() {
    for (const el of this.cards.values()) {
      if (el.dataset.card) el.innerHTML = faceHTML(el.dataset.card);
    }
    if (this.view) this.render(false);
  }

  labelCard(el, item) {
    el.classList.toggle("movable", Boolean(item.movable));
    if (!item.name) {
      el.setAttribute("aria-label", t("face_down"));
      return;
    }
    el.setAttribute("aria-label", t("card_in", { card: cardLabel(item.name), pile: pileWords(item.pile) }));
  }

  /** A short shake of a face-up card: the gesture on it found nowhere to go. */
  shake(name) {
    const el = this.cards.get(name);
    if (!el) return;
    el.classList.remove("shake");
    void el.offsetWidth; // restart the animation
    el.classList.add("shake");
    el.addEventListener("animationend", () => el.classList.remove("shake"), { once: true });
  }

  labelPiles(view) {
    const S = this.piles.S;
    const count = view.stock.count;
    S.classList.toggle("empty", count === 0);
    const noMore = count === 0 && view.stock.recycle !== "allowed";
    // Stock and waste both empty (Normal): nothing to turn over, so no recycle mark.
    const spent = count === 0 && !noMore && view.waste.count === 0;
    S.classList.toggle("no-more", noMore);
    S.classList.toggle("spent", spent);
    S.querySelector(".count").textContent = count ? String(count) : "";
    S.setAttribute(
      "aria-label",
      count
        ? t(count === 1 ? "stock_label_one" : "stock_label", { count })
        : noMore
          ? t("stock_empty_done")
          : spent
            ? t("stock_empty")
            : t("stock_empty_recycle"),
    );
    const W = this.piles.W;
    W.classList.toggle("empty", view.waste.count === 0);
    W.setAttribute(
      "aria-label",
      view.waste.count === 1
        ? t("waste_label_one")
        : view.waste.count
          ? t("waste_label", { count: view.waste.count })
          : t("waste_empty"),
    );
    view.foundations.forEach((_cards, f) => {
      const el = this.piles[`F${f + 1}`];
      const suit = suitWords(SUITS[f]);
      const top = topCard(view, `F${f + 1}`);
      el.classList.toggle("empty", top === null);
      el.setAttribute(
        "aria-label",
        top
          ? `${t("foundation_label", { n: f + 1, suit })}: ${cardWords(top)}`
          : t("foundation_empty", { n: f + 1, suit }),
      );
    });
    view.tableau.forEach((column, c) => {
      const el = this.piles[`T${c + 1}`];
      const empty = column.down === 0 && column.up.length === 0;
      el.classList.toggle("empty", empty);
      el.setAttribute(
        "aria-label",
        empty
          ? t("column_empty", { n: c + 1 })
          : t("column_cards", { n: c + 1, down: column.down, up: column.up.length }),
      );
    });
  }

  /** Mark the pile a dragged card would land on if let go now (null: none). */
  markDrop(pile) {
    for (const [name, el] of Object.entries(this.piles)) el.classList.toggle("drop-here", name === pile);
  }

  /** Mark the piles a dragged card may land on (and the card it would land on). */
  highlight(piles) {
    for (const [name, el] of Object.entries(this.piles)) {
      el.classList.toggle("target", piles.includes(name));
      if (!piles.length) el.classList.remove("drop-here");
    }
    for (const el of this.root.querySelectorAll(".card.drop-on")) el.classList.remove("drop-on");
    if (!this.shown) return;
    for (const pile of piles) {
      const top = topCard(this.shown, pile);
      if (top) this.cards.get(top)?.classList.add("drop-on");
    }
  }

  /** The topmost card of `pile` as last laid out (so where a sliding card is going, not where it
   *  is) that covers the point (x, y) in client coordinates, or null. */
  itemAt(pile, x, y) {
    const board = this.root.getBoundingClientRect();
    const px = x - board.left;
    const py = y - board.top;
    let best = null;
    for (const item of this.items?.values() ?? []) {
      if (item.pile !== pile || (best && item.z < best.z)) continue;
      const inside =
        px >= item.x && px < item.x + this.geo.cw && py >= item.y && py < item.y + this.geo.ch;
      if (inside) best = item;
    }
    return best;
  }

  /** The pile under the point (x, y) in client coordinates, or null. */
  pileAt(x, y) {
    for (const el of document.elementsFromPoint(x, y)) {
      if (el.classList.contains("dragging")) continue;
      const pile = el.closest?.("[data-pile]");
      if (pile && this.root.contains(pile)) return pile.dataset.pile;
    }
    return null;
  }

  /**
   * The pile whose box overlaps `rect` (client coordinates) the most, or null.
   * @param {DOMRect} rect
   * @param {string[] | null} among only these piles (null: any pile)
   */
  pileOverlapping(rect, among = null) {
    const board = this.root.getBoundingClientRect();
    let best = null;
    let bestArea = 0;
    for (const [name, box] of Object.entries(this.geo?.piles ?? {})) {
      if (among && !among.includes(name)) continue;
      const x0 = Math.max(rect.left, board.left + box.x);
      const x1 = Math.min(rect.right, board.left + box.x + box.w);
      const y0 = Math.max(rect.top, board.top + box.y);
      const y1 = Math.min(rect.bottom, board.top + box.y + box.h);
      const area = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
      if (area > bestArea) {
        best = name;
        bestArea = area;
      }
    }
    return best;
  }
}
