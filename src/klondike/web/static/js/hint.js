// Hints: ask the server's solver for the next move and light up its card and target pile.
// Nothing is played; the light goes out with the next change of the table.

import { call } from "./api.js";
import { cardWords, pileWords, t } from "./i18n.js";

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

  /** Light up the hint's card and target, and say what kind of hint it is. */
  show(answer) {
    this.clear();
    if (answer.move === null) {
      this.say(t(answer.kind === "unwinnable" ? "hint_lost" : "hint_none"));
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
    const why = {
      winning: "hint_winning",
      finish: "hint_finish",
      unwinnable: "hint_unwinnable",
      unknown: "hint_unknown",
    };
    const layouts = answer.layouts;
    const reason = layouts
      ? t("hint_fair", {
          wins: layouts.wins,
          samples: layouts.wins + layouts.losses + layouts.unknown,
        })
      : t(why[answer.kind]);
    this.say(`${move} ${reason}${answer.peeked ? ` ${t("hint_peeked")}` : ""}`);
  }

  /** Put the light out (the table changed). */
  clear() {
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
