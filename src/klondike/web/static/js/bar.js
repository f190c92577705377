// The bar's figures: the game code, score, moves, time, and whether Undo can be pressed.
// Drawn once per animation frame, however many views came in it.

import { Clock } from "./clock.js";

/** The bar above the table. */
export class Bar {
  /** @param {(selector: string) => Element} $ finds the bar's elements */
  constructor($) {
    this.undo = $("#undo");
    this.code = $("#code");
    this.score = $("#score");
    this.moves = $("#moves");
    this.clock = new Clock($("#time"));
    this.view = null;
    this.frame = 0;
  }

  /** Show `view`'s figures at the next animation frame; the clock is set at once. */
  show(view) {
    this.view = view;
    this.clock.set(view);
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** Write the figures of the last view shown. */
  draw() {
    this.frame = 0;
    const view = this.view;
    if (!view) return;
    this.undo.disabled = !view.can_undo;
    this.code.textContent = view.code;
    this.score.textContent = view.score_text;
    this.moves.textContent = String(view.moves);
    this.score.closest(".info").classList.toggle("vegas", view.scoring === "vegas");
    this.clock.tick();
  }
}
