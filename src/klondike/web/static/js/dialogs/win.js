// The win screen: the figures of the game just won (and its deal's difficulty, if it was
// dealt as one of a tier), Play again and New game.

import { formatTime } from "../clock.js";
import { scoreText } from "../i18n.js";
import { tierMark } from "../tiers.js";

const $ = (selector) => document.querySelector(selector);

// The last cards land before the win screen opens.
const WIN_PAUSE_MS = 450;

/** The win screen, shown once per game won, after the celebration. */
export class WinDialog {
  /**
   * @param {import("../game.js").Game} game
   * @param {() => void} newGame opens the New game dialog
   * @param {() => Promise<void>} celebrate the win's celebration, before the screen opens
   * @param {(id: number, back: () => void) => void} review opens the review of a game;
   *   `back` runs when it is closed
   */
  constructor(game, newGame, celebrate = async () => {}, review = () => {}) {
    this.game = game;
    this.celebrate = celebrate;
    this.dialog = $("#win-dialog");
    this.shownFor = null; // the id of the game whose win screen was shown
    $("#win-again").addEventListener("click", () => {
      const code = this.game.view?.code;
      this.close();
      if (code) this.game.start({ code });
    });
    $("#win-new").addEventListener("click", () => newGame());
    $("#win-review").addEventListener("click", () => {
      const id = this.game.view?.id;
      this.close();
      // closing the review comes back here: Play again and New game are still to hand
      if (id) review(id, () => this.game.view?.id === id && this.open("#win-review"));
    });
  }

  /** A view came: if it is a win not yet shown, open the screen once the cards have landed. */
  showIfWon(view) {
    if (!view.won || this.shownFor === view.id) return;
    this.shownFor = view.id;
    setTimeout(async () => {
      if (this.game.view?.id !== view.id) return;
      await this.celebrate();
      this.open();
    }, WIN_PAUSE_MS);
  }

  /** Open it for the current view (if it is still won), the focus on `focus`. */
  open(focus = "#win-new") {
    const view = this.game.view;
    if (!view?.won) return;
    $("#win-score").textContent = scoreText(view.score, view.scoring);
    $("#win-score").parentElement.hidden = !view.rules.score; // a version without a score
    $("#win-moves").textContent = String(view.moves);
    $("#win-time").textContent = formatTime(view.elapsed_ms);
    $("#win-code").textContent = view.code;
    const tier = $("#win-tier");
    tier.replaceChildren(...(view.tier ? [tierMark(view.tier)] : []));
    tier.hidden = !view.tier;
    if (!this.dialog.open) this.dialog.showModal();
    $(focus).focus();
  }

  /** Close it if it is open. */
  close() {
    if (this.dialog.open) this.dialog.close();
  }

  /** A game (re)started: close the screen; the next win is shown again. */
  reset() {
    this.shownFor = null;
    this.close();
  }
}
