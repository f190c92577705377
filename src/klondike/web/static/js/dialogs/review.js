// The review of a finished game (docs/review.md): its analysis started or resumed on the
// server, its progress, then the moves in the page's words, the table at any move (every card
// shown, face-down ones marked), where the win was lost and the winning line, the fair share
// as a line chart with the mistakes marked, and the summary. The server decides everything.

import { ApiError, call } from "../api.js";
import { cardWords, lang, pileWords, RANK_LABELS, reasonText, t } from "../i18n.js";

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 500;
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const JUDGED = ["mistake", "blunder"]; // the classes a review explains (klondike.review.classes)

/** The review dialog. */
export class ReviewDialog {
  constructor() {
    this.dialog = $("#review-dialog");
    this.gameId = null;
    this.review = null;
    this.tables = null;
    this.mode = "game"; // "game": the game's positions; "line": the winning line's
    this.at = 0;
    this.timer = null;
    $("#review-prev").addEventListener("click", () => this.go(this.at - 1));
    $("#review-next").addEventListener("click", () => this.go(this.at + 1));
    $("#review-slider").addEventListener("input", (e) => this.go(Number(e.target.value)));
    $("#review-line").addEventListener("click", () => this.toggleLine());
    this.dialog.addEventListener("keydown", (e) => this.key(e));
    this.dialog.addEventListener("close", () => this.stopPolling());
  }

  /** Open the review of game `id`: start (or resume) its analysis, then show it. */
  async open(id) {
    this.stopPolling();
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
    const s = review.summary;
    $("#review-summary").textContent = t("review_summary", {
      moves: s.moves,
      mistakes: s.mistakes,
      hints: s.hints,
      undos: s.undos,
    });
    $("#review-lost").textContent = this.lostText();
    const line = $("#review-line");
    line.hidden = !review.winning_line.length;
    line.textContent = t("review_show_line");
    this.renderMoves();
    this.renderChart();
    this.go(review.lost_at ?? 0);
  }

  lostText() {
    const r = this.review;
    const verdicts = r.positions.map((p) => p.verdict);
    if (r.won) return t("review_won");
    if (r.lost_at) {
      return t("review_lost_at", { n: r.lost_at, move: this.moveWords(r.moves[r.lost_at - 1]) });
    }
    if (r.lost_between) return t("review_lost_between", { a: r.lost_between[0], b: r.lost_between[1] });
    if (verdicts[0] === "unwinnable") return t("review_never");
    if (verdicts[verdicts.length - 1] === "winnable") return t("review_still");
    return t("review_undecided");
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
      if (JUDGED.includes(move.class) && move.better) {
        li.classList.add("mistake");
        text += ` — ${t("review_mistake", {
          move: this.moveWords(move.better),
          share: percent(move.better.share),
          played: percent(move.played),
        })}`;
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

  /** The fair share before each move as a line over the moves; mistakes and the lost move
   * marked. */
  renderChart() {
    const r = this.review;
    const width = 600;
    const height = 140;
    const shares = r.moves.map((m) => fraction(m.before));
    if (r.moves.length) shares.push(fraction(r.moves[r.moves.length - 1].after));
    const count = Math.max(1, shares.length - 1);
    const x = (i) => (i / count) * width;
    const y = (v) => height - 6 - v * (height - 12);
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("class", "review-svg");
    const known = shares.map((v, i) => [i, v]).filter(([, v]) => v !== null);
    const first = known.length ? Math.round(100 * known[0][1]) : 0;
    const last = known.length ? Math.round(100 * known[known.length - 1][1]) : 0;
    svg.setAttribute(
      "aria-label",
      t("review_chart_label", {
        first,
        last,
        mistakes: r.mistakes.length ? r.mistakes.join(", ") : t("review_none"),
      }),
    );
    const grid = document.createElementNS(SVG, "path");
    grid.setAttribute("d", `M0 ${y(0)}H${width}M0 ${y(0.5)}H${width}M0 ${y(1)}H${width}`);
    grid.setAttribute("class", "grid");
    svg.append(grid);
    if (r.lost_at) {
      const lost = document.createElementNS(SVG, "path");
      lost.setAttribute("d", `M${x(r.lost_at)} 0V${height}`);
      lost.setAttribute("class", "lost");
      svg.append(lost);
    }
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", known.map(([i, v]) => `${x(i)},${y(v)}`).join(" "));
    line.setAttribute("class", "share");
    svg.append(line);
    for (const number of r.mistakes) {
      const value = fraction(r.moves[number - 1].after);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", String(x(number)));
      dot.setAttribute("cy", String(y(value ?? 0)));
      dot.setAttribute("r", "6");
      dot.setAttribute("class", "mistake");
      dot.dataset.number = String(number);
      svg.append(dot);
    }
    const cursor = document.createElementNS(SVG, "path");
    cursor.setAttribute("class", "cursor");
    svg.append(cursor);
    this.cursor = { path: cursor, x, height };
    $("#review-chart").replaceChildren(svg);
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
    if (this.cursor) {
      const x = this.cursor.x(this.mode === "game" ? at : r.lost_at - 1);
      this.cursor.path.setAttribute("d", `M${x} 0V${this.cursor.height}`);
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
