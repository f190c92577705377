// Hints: ask the server's solver for the next move and light up its card and target pile.
// Nothing is played; the light goes out with the next change of the table.

import { call } from "./api.js";
import { cardWords, pileWords, t, tn } from "./i18n.js";

// The short reason of each kind of hint that is not the fair player's.
const WHY = {
  winning: "hint_winning",
  finish: "hint_finish",
  unwinnable: "hint_unwinnable",
  unknown: "hint_unknown",
};

/** How much of the elements' boxes `box` covers, in square pixels. */
function covered(box, elements) {
  let area = 0;
  for (const el of elements) {
    const r = el.getBoundingClientRect();
    const w = Math.min(box.right, r.right) - Math.max(box.left, r.left);
    const h = Math.min(box.bottom, r.bottom) - Math.max(box.top, r.top);
    if (w > 0 && h > 0) area += w * h;
  }
  return area;
}

/** The word for a chance of a win (a share of the layouts won): the hint's short reason. */
export function chanceWord(share) {
  if (share >= 0.9) return "hint_chance_sure";
  if (share >= 0.6) return "hint_chance_likely";
  if (share >= 0.3) return "hint_chance_even";
  if (share > 0) return "hint_chance_long";
  return "hint_chance_none";
}

/** The hint button, the H key and the lit cards. */
export class Hints {
  /**
   * @param {import("./game.js").Game} game the game in progress
   * @param {import("./board.js").Board} board the table, whose cards and piles light up
   * @param {(text: string) => void} say shows a message to the player
   */
  constructor(game, board, say) {
    this.game = game;
    this.board = board;
    this.say = say;
    this.button = document.querySelector("#hint");
    this.pending = null; // the version a hint is being computed for
    this.lit = null; // {version, card, target} of the hint shown
    this.enabled = true;
    // Escape closes the panel as it closes a dialog (a dialog open, or a card picked up on
    // the table, takes it first)
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("dialog[open]")) return;
      if (document.querySelector("#hint-panel:not([hidden])")) this.hide(true);
    });
  }

  /** The player's hints setting: off hides the button, and H asks for nothing. */
  setEnabled(on) {
    this.enabled = on;
    if (this.button) this.button.hidden = !on;
    if (!on) this.clear();
  }

  /** Ask for a hint on the current view (one at a time); resolves with the answer. */
  async ask() {
    const view = this.game.view;
    if (!this.enabled || !view || view.status !== "playing" || this.pending !== null) return null;
    this.pending = view.version;
    this.button?.classList.add("busy");
    this.say(t("hint_thinking"));
    try {
      const answer = await call("POST", `/api/games/${view.id}/hint`, { version: view.version });
      const current = this.game.view;
      if (!current || current.id !== answer.id || current.version !== answer.version) return null;
      current.hints = answer.hints;
      this.show(answer);
      return answer;
    } catch (err) {
      // Another tab asked for a newer position: its hint is the one that counts.
      if (err.reason !== "hint_superseded") this.game.refused(err);
      return null;
    } finally {
      this.pending = null;
      this.button?.classList.remove("busy");
    }
  }

  /** Light up the hint's card and target, and say the move and one short reason; the
   * numbers behind it one tap away; for a hint with no move, why, and the way back. */
  show(answer) {
    this.clear();
    if (answer.move === null) {
      this.showEnd(answer);
      return;
    }
    const stock = answer.source === "S" || answer.target === "S";
    const card = stock ? null : this.board.card(answer.card);
    const target = this.board.root.querySelector(`[data-pile="${stock ? "S" : answer.target}"]`);
    card?.classList.add("hinted");
    target?.classList.add("hinted");
    this.lit = { version: answer.version, elements: [card, target].filter(Boolean) };
    const move = stock
      ? t("hint_stock")
      : t("hint_move", { card: cardWords(answer.card), target: pileWords(answer.target) });
    const layouts = answer.layouts;
    let reason;
    let details = "";
    if (layouts) {
      const samples = layouts.wins + layouts.losses + layouts.unknown;
      reason = t(chanceWord(samples ? layouts.wins / samples : 0));
      details = t("hint_fair", { wins: layouts.wins, samples });
    } else {
      reason = t(WHY[answer.kind] ?? "hint_unknown");
      details = t(`${WHY[answer.kind] ?? "hint_unknown"}_details`);
    }
    if (answer.peeked) details += ` ${t("hint_peeked")}`;
    this.panel(`${move} ${reason}`, details, null, [card ?? target, target].filter(Boolean));
  }

  /** A hint with no move: no move helps any more; why, and the undo to the last position
   * from which a win was still possible, as one button. */
  showEnd(answer) {
    if (answer.kind !== "lost") {
      this.panel(t("hint_none"), "", null, []);
      return;
    }
    const text = t(`hint_end_${answer.reason}${answer.peeked ? "_peeked" : ""}`);
    const back = answer.back ? { count: answer.back, version: answer.version } : null;
    this.panel(text, t(`hint_end_${answer.reason}_details`, { back: answer.back ?? 0 }), back, []);
  }

  /**
   * Show the hint panel: the text, its details behind "Why?", a way back, and placed away
   * from what it names: `named[0]`, the card (never covered if the other side is free),
   * then its target.
   */
  panel(text, details, back, named) {
    const panel = document.querySelector("#hint-panel");
    if (!panel) {
      this.say(text);
      return;
    }
    document.querySelector("#hint-text").textContent = text;
    const more = document.querySelector("#hint-more");
    const shown = document.querySelector("#hint-details");
    shown.textContent = details;
    shown.hidden = true;
    more.hidden = !details;
    more.setAttribute("aria-expanded", "false");
    more.onclick = () => {
      shown.hidden = !shown.hidden;
      more.setAttribute("aria-expanded", String(!shown.hidden));
    };
    const undo = document.querySelector("#hint-back");
    undo.hidden = !back;
    if (back) {
      undo.textContent = tn("hint_back", back.count);
      undo.onclick = () => {
        this.hide();
        this.game.act((view) =>
          view.version === back.version ? { action: "undo", count: back.count } : null,
        );
      };
    }
    document.querySelector("#hint-close").onclick = () => this.hide(true);
    panel.hidden = false;
    // At the top or the bottom of the screen, whichever covers less: never the cards it
    // names if it can help it, then no other control (the Finish button).
    const controls = [...document.querySelectorAll("#finish:not([hidden])")];
    const cost = (top) => {
      panel.classList.toggle("top", top);
      const box = panel.getBoundingClientRect();
      const [card, ...rest] = named;
      return 100 * covered(box, card ? [card] : []) + 10 * covered(box, rest) + covered(box, controls);
    };
    const atBottom = cost(false);
    panel.classList.toggle("top", cost(true) < atBottom);
  }

  /** Take the hint panel away. The focus, if it was in the panel (or nowhere, when the
   *  player `closed` it: its × or Escape), goes back to the Hint button, as a dialog's goes
   *  back to the button that opened it. */
  hide(closed = false) {
    const panel = document.querySelector("#hint-panel");
    if (!panel || panel.hidden) return;
    const focus = document.activeElement;
    const lost = panel.contains(focus) || (closed && (!focus || focus === document.body));
    panel.hidden = true;
    if (lost && this.button && !this.button.hidden) this.button.focus();
  }

  /** Put the light out (the table changed). */
  clear() {
    this.hide();
    for (const el of this.lit?.elements ?? []) el.classList.remove("hinted");
    for (const el of this.board.root.querySelectorAll(".hinted")) el.classList.remove("hinted");
    this.lit = null;
  }

  /** A new view was shown: a hint for another version no longer holds. */
  viewShown(view) {
    if (this.lit && view.version !== this.lit.version) this.clear();
    if (this.button) this.button.disabled = view.status !== "playing";
  }
}
