// The bar's figures: the game code, version (and the day of a daily deal, or a practice
// game's mark), score (if the version keeps one), moves, time, and whether Undo can be pressed. Drawn once per animation frame, however many views came.

import { fitBarWords } from "./bar-fit.js";
import { Clock } from "./clock.js";
import { shortDay } from "./daily.js";
import { scoreText, t } from "./i18n.js";

/** The bar above the table. */
export class Bar {
  /** @param {(selector: string) => Element} $ finds the bar's elements */
  constructor($) {
    this.undo = $("#undo");
    this.redo = $("#redo");
    this.code = $("#code");
    this.score = $("#score");
    this.version = $("#version");
    this.daily = $("#daily-mark");
    this.practice = $("#practice-mark");
    this.moves = $("#moves");
    this.clock = new Clock($("#time"));
    this.view = null;
    this.frame = 0;
    // the words fit the room again when the bar's width or its figures' width changes
    addEventListener("resize", () => this.fit());
    new ResizeObserver(() => this.fit()).observe(this.score.closest(".bar-info"));
  }

  /** Fit the bar's words to its room (again after a resize, or new words in it). */
  fit() {
    fitBarWords(this.undo.closest(".bar"));
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
    this.redo.disabled = !view.can_redo;
    this.code.textContent = view.code;
    this.version.textContent = t(`rules_${view.rules.key}`);
    this.daily.hidden = !view.daily;
    this.daily.textContent = view.daily ? t("daily_mark", { day: shortDay(view.daily) }) : "";
    this.practice.hidden = !view.practice;
    this.score.textContent = scoreText(view.score, view.scoring);
    this.score.closest(".info").hidden = !view.rules.score;
    this.moves.textContent = String(view.moves);
    this.score.closest(".info").classList.toggle("vegas", view.scoring === "vegas");
    this.clock.tick();
  }
}
