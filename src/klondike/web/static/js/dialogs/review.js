// The review of a finished game (docs/review.md): its analysis started or resumed on the
// server, its progress, then the moves in the page's words, the table at any move (every card
// shown, face-down ones marked), where the win was lost and the winning line, the fair share
// as a line chart with the mistakes marked, and the summary. The server decides everything.

import { ApiError, call } from "../api.js";
import { cardWords, lang, pileWords, RANK_LABELS, reasonText, t, tn } from "../i18n.js";

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 500;
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const JUDGED = ["mistake", "blunder"]; // the classes a review explains (klondike.review.classes)
const MARKED = ["inaccuracy", "mistake", "blunder"]; // the classes the chart marks

/** The review dialog. */
export class ReviewDialog {
  /** @param {(gameId: number, before: number) => Promise<unknown>} practice starts a
   * practice game from a position of the reviewed game */
  constructor(practice) {
    this.practice = practice;
    this.dialog = $("#review-dialog");
    this.gameId = null;
    this.review = null;
    this.tables = null;
    this.mode = "game"; // "game": the game's positions; "line": the winning line's
    this.at = 0;
    this.timer = null;
    this.back = null; // what closing it returns to (the win screen it was opened from)
    $("#review-prev").addEventListener("click", () => this.go(this.at - 1));
    $("#review-next").addEventListener("click", () => this.go(this.at + 1));
    $("#review-slider").addEventListener("input", (e) => this.go(Number(e.target.value)));
    $("#review-line").addEventListener("click", () => this.toggleLine());
    $("#review-practice").addEventListener("click", () => this.tryAgain());
    this.dialog.addEventListener("keydown", (e) => this.key(e));
    this.dialog.addEventListener("close", () => {
      this.stopPolling();
      const back = this.back;
      this.back = null;
      back?.();
    });
  }

  /** Open the review of game `id`: start (or resume) its analysis, then show it. `back`, if
   *  given, runs when it closes (the win screen it was opened from opens again). */
  async open(id, back = null) {
    this.stopPolling();
    this.back = back;
    this.gameId = id;
    this.review = null;
    this.tables = null;
    $("#review-error").textContent = "";
    $("#review-body").hidden = true;
    $("#review-progress").hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    try {
      this.progress(await call("POST", `/api/games/${id}/review`, {}));
    } catch (err) {
      this.failed(err);
    }
  }

  failed(err) {
    $("#review-progress").hidden = true;
    $("#review-error").textContent =
      err instanceof ApiError ? reasonText(err.reason, err.params, err.message) : String(err);
  }

  stopPolling() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A status from the server: show the progress, or the review once done. */
  async progress(status) {
    if (status.id !== this.gameId || !this.dialog.open) return;
    if (status.status === "done") {
      $("#review-progress").hidden = true;
      try {
        this.tables = await call("GET", `/api/games/${status.id}/review/tables`);
      } catch (err) {
        this.failed(err);
        return;
      }
      this.show(status.review);
      return;
    }
    $("#review-progress").hidden = false;
    const bar = $("#review-bar");
    bar.max = Math.max(1, status.total);
    bar.value = status.done;
    $("#review-progress-text").textContent =
      status.part === "shares"
        ? t("review_progress_shares", {
            move: Math.max(0, status.done - 1),
            moves: Math.max(0, status.total - 1),
          })
        : t("review_progress_verdicts", { done: status.done, total: status.total });
    const wanted = status.status === "paused" ? "POST" : "GET";
    this.timer = setTimeout(async () => {
      try {
        this.progress(await call(wanted, `/api/games/${status.id}/review`, wanted === "POST" ? {} : undefined));
      } catch (err) {
        this.failed(err);
      }
    }, POLL_MS);
  }

  /** Show a finished review. */
  show(review) {
    this.review = review;
    this.mode = "game";
    $("#review-body").hidden = false;
    $("#review-summary").textContent = this.summaryText();
    $("#review-lost").textContent = this.lostText();
    const line = $("#review-line");
    line.hidden = !review.winning_line.length;
    line.textContent = t("review_show_line");
    this.renderMoves();
    this.renderChart();
    this.go(review.lost_at ?? 0);
  }

  /** The summary: moves, accuracy, the classes counted, hints and undos. */
  summaryText() {
    const s = this.review.summary;
    const counted = MARKED.filter((name) => s.classes[name]).map((name) =>
      tn(`review_count_${name}`, s.classes[name]),
    );
    const parts = [tn("review_moves", s.moves)];
    if (s.accuracy !== null) parts.push(t("review_accuracy", { accuracy: Math.round(s.accuracy) }));
    parts.push(counted.length ? counted.join(", ") : t("review_clean"));
    parts.push(tn("review_hints", s.hints), tn("review_undos", s.undos));
    return `${parts.join(" · ")}.`;
  }

  /** Where the win was lost knowing every card, what the player could see of it, and why:
   * one sentence for the two measures, then the why. */
  lostText() {
    const r = this.review;
    const verdicts = r.positions.map((p) => p.verdict);
    if (r.won) return t("review_won");
    if (r.lost_at && r.lost) {
      const move = this.moveWords(r.moves[r.lost_at - 1]);
      const sentence = r.lost.seen
        ? t("review_lost_seen", { n: r.lost_at, move, class: t(`review_class_${r.lost.class}`) })
        : t("review_lost_unseen", { n: r.lost_at, move });
      return `${sentence} ${this.whyWords(r.lost.why)}`;
    }
    if (r.lost_at) {
      return t("review_lost_at", { n: r.lost_at, move: this.moveWords(r.moves[r.lost_at - 1]) });
    }
    if (r.lost_between) return t("review_lost_between", { a: r.lost_between[0], b: r.lost_between[1] });
    if (verdicts[0] === "unwinnable") return t("review_never");
    if (verdicts[verdicts.length - 1] === "winnable") return t("review_still");
    return t("review_undecided");
  }

  /** Why a move lost (klondike.review.why), in the page's words. */
  whyWords(why) {
    if (!why) return "";
    const card = (name) => (name ? cardWords(name) : "");
    switch (why.kind) {
      case "unseen":
        return why.card
          ? t("review_why_unseen_card", { card: card(why.card) })
          : t("review_why_unseen");
      case "took":
        return why.target
          ? t("review_why_took", {
              card: card(why.card),
              target: card(why.target),
              needed: card(why.needed_by),
            })
          : t("review_why_took_empty", { card: card(why.card), needed: card(why.needed_by) });
      case "home":
        return t("review_why_home", { card: card(why.card), needed: card(why.needed_by) });
      case "passed":
        return t("review_why_passed", { card: card(why.card) });
      case "emptied":
        return t("review_why_emptied", { column: why.column });
      case "turned":
        return t("review_why_turned", { column: why.column });
      default:
        return why.better ? t("review_why_other", { move: why.better }) : "";
    }
  }

  /** A move in the page's words: "seven of hearts: column 3 → column 5", "Draw". */
  moveWords(move) {
    const [source, target] = move.move.split("-");
    if (move.card === "recycle") return t("review_recycle");
    if (move.card.startsWith("draw")) {
      const cards = move.card.split(" ").slice(1).map(cardWords).join(", ");
      return t("review_draw", { cards });
    }
    return `${cardWords(move.card)}: ${pileWords(source)} → ${pileWords(target)}`;
  }

  renderMoves() {
    const list = $("#review-moves");
    const r = this.review;
    const items = r.moves.map((move) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "review-move";
      button.dataset.number = String(move.number);
      let text = this.moveWords(move);
      if (move.number === r.lost_at) {
        text += ` — ${t("review_lost_mark")}`;
        li.classList.add("lost");
      }
      if (MARKED.includes(move.class)) {
        li.classList.add(move.class);
        if (JUDGED.includes(move.class)) li.classList.add("mistake");
        text += ` — ${t(`review_class_${move.class}`)}`;
        if (move.better) {
          text += `, ${t("review_better", {
            move: this.moveWords(move.better),
            share: percent(move.better.share),
            played: percent(move.played),
          })}`;
        }
        if (move.why) text += ` ${this.whyWords(move.why)}`;
      }
      button.textContent = text;
      button.addEventListener("click", () => {
        this.mode = "game";
        this.go(move.number);
      });
      li.append(button);
      return li;
    });
    list.replaceChildren(...items);
  }

  /** The fair share before each move as a line over the moves, with its axes (move, chance of
   * a win) and a legend; inaccuracies, mistakes and blunders as dots of their class, the lost
   * move as a dashed line. A tap or a drag along it goes to that move. */
  renderChart() {
    const r = this.review;
    const width = 600;
    const height = 170;
    const left = 44;
    const right = 8;
    const top = 8;
    const bottom = 34;
    const shares = r.moves.map((m) => fraction(m.before));
    if (r.moves.length) shares.push(fraction(r.moves[r.moves.length - 1].after));
    const count = Math.max(1, shares.length - 1);
    const x = (i) => left + (i / count) * (width - left - right);
    const y = (v) => top + (1 - v) * (height - top - bottom);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("class", "review-svg");
    const known = shares.map((v, i) => [i, v]).filter(([, v]) => v !== null);
    const first = known.length ? Math.round(100 * known[0][1]) : 0;
    const last = known.length ? Math.round(100 * known[known.length - 1][1]) : 0;
    const marked = r.moves.filter((m) => MARKED.includes(m.class));
    svg.setAttribute(
      "aria-label",
      t("review_chart_label", {
        first,
        last,
        mistakes: marked.length
          ? marked.map((m) => `${m.number} (${t(`review_class_${m.class}`)})`).join(", ")
          : t("review_none"),
      }),
    );
    const add = (name, attributes, text) => {
      const el = document.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
      if (text !== undefined) el.textContent = text;
      svg.append(el);
      return el;
    };
    add("path", {
      d: [0, 0.5, 1].map((v) => `M${left} ${y(v)}H${width - right}`).join(""),
      class: "grid",
    });
    add("path", { d: `M${left} ${top}V${y(0)}H${width - right}`, class: "axis" });
    for (const v of [0, 0.5, 1]) {
      add("text", { x: left - 6, y: y(v) + 4, class: "tick", "text-anchor": "end" }, `${100 * v}%`);
    }
    const ticks = [...new Set([0, Math.round(count / 2), count])];
    for (const i of ticks) {
      // the last move's number ends at the axis's end: centred there, it would be cut off
      const anchor = i === count && i > 0 ? "end" : "middle";
      add("text", { x: x(i), y: y(0) + 14, class: "tick", "text-anchor": anchor }, String(i));
    }
    add(
      "text",
      { x: (left + width - right) / 2, y: height - 4, class: "axis-title", "text-anchor": "middle" },
      t("review_axis_moves"),
    );
    add(
      "text",
      { x: 10, y: (top + y(0)) / 2, class: "axis-title", "text-anchor": "middle",
        transform: `rotate(-90 10 ${(top + y(0)) / 2})` },
      t("review_axis_chance"),
    );
    if (r.lost_at) add("path", { d: `M${x(r.lost_at)} ${top}V${y(0)}`, class: "lost" });
    add("polyline", { points: known.map(([i, v]) => `${x(i)},${y(v)}`).join(" "), class: "share" });
    for (const move of marked) {
      const value = fraction(move.after);
      const dot = add("circle", {
        cx: x(move.number),
        cy: y(value ?? 0),
        r: 6,
        class: `dot ${move.class}${JUDGED.includes(move.class) ? " mistake" : ""}`,
      });
      dot.dataset.number = String(move.number);
    }
    const cursor = add("path", { class: "cursor" });
    this.cursor = { path: cursor, x, top, bottom: y(0) };
    // a tap or a drag along the chart goes to the move under it
    const toMove = (event) => {
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * width;
      const index = Math.round(((at - left) / (width - left - right)) * count);
      this.mode = "game";
      this.go(Math.max(0, Math.min(count, index)));
    };
    svg.addEventListener("pointerdown", (event) => {
      svg.setPointerCapture?.(event.pointerId);
      toMove(event);
    });
    svg.addEventListener("pointermove", (event) => {
      if (event.buttons) toMove(event);
    });
    $("#review-chart").replaceChildren(svg, this.legend(marked));
  }

  /** The chart's legend: the line, the lost move, and each class marked in this game. */
  legend(marked) {
    const list = document.createElement("ul");
    list.className = "review-legend";
    const item = (cls, text) => {
      const li = document.createElement("li");
      const sign = document.createElement("span");
      sign.className = `sign ${cls}`;
      sign.setAttribute("aria-hidden", "true");
      li.append(sign, document.createTextNode(text));
      list.append(li);
    };
    item("chance", t("review_legend_chance"));
    if (this.review.lost_at) item("lost", t("review_legend_lost"));
    for (const name of MARKED) {
      if (marked.some((m) => m.class === name)) item(name, t(`review_class_${name}`));
    }
    return list;
  }

  /** The steps of the current mode: the game's positions, or the winning line's. */
  steps() {
    if (this.mode === "line") return [this.tables.positions[this.review.lost_at - 1], ...this.tables.line];
    return this.tables.positions;
  }

  toggleLine() {
    this.mode = this.mode === "line" ? "game" : "line";
    $("#review-line").textContent = t(this.mode === "line" ? "review_show_game" : "review_show_line");
    this.go(0);
  }

  /** Show step `index` of the current mode. */
  go(index) {
    if (!this.review || !this.tables) return;
    const steps = this.steps();
    const at = Math.max(0, Math.min(steps.length - 1, index));
    this.at = at;
    const slider = $("#review-slider");
    slider.max = String(steps.length - 1);
    slider.value = String(at);
    $("#review-prev").disabled = at === 0;
    $("#review-next").disabled = at === steps.length - 1;
    this.renderTable(steps[at]);
    const r = this.review;
    let text;
    if (this.mode === "line") {
      text =
        at === 0
          ? t("review_line_start", { n: r.lost_at - 1 })
          : t("review_line_step", {
              n: at,
              count: r.winning_line.length,
              move: this.moveWords(r.winning_line[at - 1]),
            });
    } else if (at === 0) text = t("review_start");
    else {
      const move = r.moves[at - 1];
      const verdict = t(`review_verdict_${r.positions[at].verdict}`);
      text = t("review_after", { n: at, count: r.moves.length, move: this.moveWords(move), verdict });
      if (move.after) text += ` ${t("review_share", { share: percent(move.after) })}`;
    }
    slider.setAttribute("aria-valuetext", text);
    $("#review-at").textContent = text;
    for (const button of document.querySelectorAll("#review-moves .review-move")) {
      const current = this.mode === "game" && Number(button.dataset.number) === at;
      if (current) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    // "Try again from here": before the lost move or a move that cost layouts
    const move = this.mode === "game" && at > 0 ? r.moves[at - 1] : null;
    const tryable = move && (move.number === r.lost_at || MARKED.includes(move.class));
    const again = $("#review-practice");
    again.hidden = !tryable;
    if (tryable) again.textContent = t("review_practice", { n: move.number });
    if (this.cursor) {
      const x = this.cursor.x(this.mode === "game" ? at : r.lost_at - 1);
      this.cursor.path.setAttribute("d", `M${x} ${this.cursor.top}V${this.cursor.bottom}`);
    }
  }

  /** A practice game from the position before the move shown (the dialog closes). */
  async tryAgain() {
    const before = this.at;
    const id = this.gameId;
    const back = this.back;
    this.back = null; // the player leaves for the practice game: nothing to go back to
    this.dialog.close();
    // the practice game's cards lay face up here: the page keeps none of them
    $("#review-table").replaceChildren();
    $("#review-body").hidden = true;
    try {
      await this.practice(id, before);
    } catch (err) {
      this.back = back;
      this.dialog.showModal();
      this.failed(err);
    }
  }

  /** The table with every card: face-down ones marked. */
  renderTable(table) {
    const root = $("#review-table");
    const labels = RANK_LABELS[lang()];
    const chip = (name, down) => {
      const el = document.createElement("span");
      el.className = `chip${down ? " down" : ""}${"HD".includes(name[1]) ? " red" : ""}`;
      el.textContent = `${labels[name[0]] ?? name[0]}${SUIT_SIGNS[name[1]]}`;
      el.dataset.card = name;
      el.title = down ? `${cardWords(name)} (${t("review_face_down")})` : cardWords(name);
      el.setAttribute("aria-label", el.title);
      el.setAttribute("role", "img");
      return el;
    };
    const pile = (name, cards, down = 0) => {
      const el = document.createElement("div");
      el.className = "review-pile";
      const head = document.createElement("span");
      head.className = "review-pile-name";
      head.textContent = pileWords(name);
      el.append(head, ...cards.map((c, i) => chip(c, i < down)));
      return el;
    };
    const top = document.createElement("div");
    top.className = "review-top";
    top.append(
      pile("S", [...table.stock].reverse(), table.stock.length),
      pile("W", table.waste),
      ...table.foundations.map((cards, i) => pile(`F${i + 1}`, cards.slice(-1))),
    );
    const columns = document.createElement("div");
    columns.className = "review-columns";
    columns.append(
      ...table.tableau.map((col, i) => pile(`T${i + 1}`, [...col.down, ...col.up], col.down.length)),
    );
    root.replaceChildren(top, columns);
  }

  /** ←/→ step through (the slider does so by itself when it has the focus). */
  key(e) {
    if (e.target === $("#review-slider") || !this.review) return;
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      this.go(this.at - 1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      this.go(this.at + 1);
    }
  }
}

function fraction(share) {
  if (!share) return null;
  const samples = share.wins + share.losses + share.unknown;
  return samples ? share.wins / samples : null;
}

function percent(share) {
  const value = fraction(share);
  return value === null ? "–" : `${Math.round(100 * value)}%`;
}
