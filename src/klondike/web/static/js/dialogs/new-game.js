// The New game dialog: draw count and scoring, or a game code that restores a deal.

import { ApiError } from "../api.js";
import { reasonText, t } from "../i18n.js";
import { mayLeave } from "./confirm.js";

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
    $("#code-input").addEventListener("input", (e) => {
      this.error.textContent = "";
      // the field shows capitals, and what it holds is what it shows
      const field = e.target;
      const upper = field.value.toUpperCase();
      if (upper !== field.value) {
        const [start, end] = [field.selectionStart, field.selectionEnd];
        field.value = upper;
        field.setSelectionRange(start, end);
      }
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

  /** Start: a bad code keeps the dialog open and says what is wrong with it, before the
   *  game in progress is put at stake ("Leave this game?" only for a code that can be played). */
  async submit() {
    const fields = this.form.elements;
    const code = fields.code.value.trim().toUpperCase();
    const body = code
      ? { code }
      : { draw: Number(fields.draw.value), scoring: fields.scoring.value };
    this.error.textContent = "";
    if (code) {
      try {
        body.code = (await this.game.checkCode(code)).code;
      } catch (err) {
        this.refuse(err, fields);
        return;
      }
    }
    if (!(await mayLeave(this.game, t("confirm_new")))) return;
    try {
      await this.game.start(body, true);
      this.dialog.close();
    } catch (err) {
      // game_over: another tab left this game for a new one already; refused() follows it.
      const mistake =
        err instanceof ApiError &&
        err.reason !== "game_over" &&
        err.status >= 400 &&
        err.status < 500;
      if (mistake) this.refuse(err, fields);
      else {
        this.dialog.close();
        this.game.refused(err);
      }
    }
  }

  /** Say what is wrong with the code (a failure of the server goes to the toast). */
  refuse(err, fields) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
      this.dialog.close();
      this.game.refused(err);
      return;
    }
    this.error.textContent = reasonText(err.reason, err.params, err.message);
    fields.code.focus();
  }
}
