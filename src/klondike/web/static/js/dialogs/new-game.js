// The New game dialog: draw count and scoring, or a game code that restores a deal; the
// "winnable deals only" option (remembered) and the daily deal.

import { ApiError } from "../api.js";
import { dailyBody } from "../daily.js";
import { reasonText, t } from "../i18n.js";
import { mayLeave } from "./confirm.js";

const WINNABLE_KEY = "klondike.winnable";

/** The remembered "winnable deals only" choice. */
function rememberedWinnable() {
  try {
    return localStorage.getItem(WINNABLE_KEY) === "1";
  } catch {
    return false;
  }
}

const $ = (selector) => document.querySelector(selector);

/** The New game dialog. */
export class NewGameDialog {
  /**
   * @param {import("../game.js").Game} game the game it starts
   * @param {() => void} beforeOpen runs before it opens (the win screen closes)
   */
  constructor(game, beforeOpen) {
    this.game = game;
    this.beforeOpen = beforeOpen;
    this.dialog = $("#new-dialog");
    this.form = $("#new-form");
    this.error = $("#new-error");
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    $("#new-cancel").addEventListener("click", () => this.dialog.close());
    $("#code-input").addEventListener("input", () => {
      this.error.textContent = "";
    });
    this.winnable = $("#winnable-input");
    this.winnable.checked = rememberedWinnable();
    this.winnable.addEventListener("change", () => {
      try {
        localStorage.setItem(WINNABLE_KEY, this.winnable.checked ? "1" : "0");
      } catch {
        // storage may be off: the choice holds for this page only
      }
    });
    this.proof = $("#new-proof");
    $("#new-daily").addEventListener("click", () => {
      const fields = this.form.elements;
      this.submit(dailyBody(Number(fields.draw.value), fields.scoring.value));
    });
  }

  /** Open it with the current game's draw count and scoring chosen. */
  open() {
    const view = this.game.view;
    const fields = this.form.elements;
    if (view) {
      fields.draw.value = String(view.draw);
      fields.scoring.value = view.scoring;
    }
    fields.code.value = "";
    this.error.textContent = "";
    this.beforeOpen();
    this.dialog.showModal();
  }

  /** Start (the daily deal if `daily` is its body): a bad code keeps the dialog open and
   * says what is wrong with it. A proved deal says how long the proof took. */
  async submit(daily = null) {
    const fields = this.form.elements;
    const code = fields.code.value.trim();
    const mode = { draw: Number(fields.draw.value), scoring: fields.scoring.value };
    const body = daily ?? (code ? { code } : { ...mode, winnable: this.winnable.checked });
    this.error.textContent = "";
    if (!(await mayLeave(this.game, t("confirm_new")))) return;
    try {
      if (body.winnable || body.daily) this.proof.textContent = t("proving");
      const view = await this.game.start(body, true);
      this.proof.textContent = view.proof ? proofText(view.proof) : "";
      this.dialog.close();
      if (view.proof) this.game.hooks.message(proofText(view.proof));
      if (view.daily) this.game.hooks.message(t("daily_started", { day: view.daily }));
    } catch (err) {
      this.proof.textContent = "";
      // game_over: another tab left this game for a new one already; refused() follows it.
      const mistake =
        err instanceof ApiError &&
        err.reason !== "game_over" &&
        err.status >= 400 &&
        err.status < 500;
      if (mistake) {
        this.error.textContent = reasonText(err.reason, err.params, err.message);
        fields.code.focus();
      } else {
        this.dialog.close();
        this.game.refused(err);
      }
    }
  }
}

/** "Proved winnable in 0.12 s (1,234 positions)". */
function proofText(proof) {
  return t("proved", {
    seconds: proof.seconds.toFixed(2),
    states: proof.states.toLocaleString(),
  });
}
