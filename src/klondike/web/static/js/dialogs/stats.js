// The statistics dialog: the tables, Replay of a recent deal, and Reset.

import { ApiError, call } from "../api.js";
import { reasonText, t } from "../i18n.js";
import { renderStats, renderVersionPicker } from "../stats-table.js";
import { toast } from "../toast.js";
import { confirmDialog, mayLeave } from "./confirm.js";

const $ = (selector) => document.querySelector(selector);

/** The statistics dialog. */
export class StatsDialog {
  /**
   * @param {import("../game.js").Game} game the game a Replay starts
   * @param {(id: number) => void} review opens the review of a game
   */
  constructor(game, review = () => {}) {
    this.game = game;
    this.review = review;
    this.dialog = $("#stats-dialog");
    this.error = $("#stats-error");
    $("#stats-reset").addEventListener("click", () => this.reset());
  }

  /** Fetch the statistics and open the dialog (a failure is told in a toast instead). */
  async open() {
    this.error.textContent = "";
    try {
      this.render(await call("GET", "/api/stats"));
    } catch (err) {
      this.game.refused(err);
      return;
    }
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Fill the tables from an /api/stats answer. */
  render(data) {
    renderStats(
      $("#stats-modes"),
      $("#stats-daily"),
      $("#stats-recent"),
      data,
      (code) => this.replay(code),
      (id) => {
        this.dialog.close();
        this.review(id);
      },
    );
    const playing = this.game.view?.rules.key ?? "";
    renderVersionPicker($("#stats-version"), $("#stats-modes"), data.modes, playing);
  }

  /** Play the deal `code` again (after asking, if the game in progress is unfinished). */
  async replay(code) {
    if (!(await mayLeave(this.game, t("confirm_replay", { code })))) return;
    this.dialog.close();
    this.game.start({ code });
  }

  /** Reset the statistics, once the player confirms. */
  async reset() {
    if (!(await confirmDialog(t("confirm_reset"), t("reset_yes"), t("reset_stats")))) return;
    try {
      this.render(await call("POST", "/api/stats/reset", { confirm: true }));
      toast(t("stats_reset_done"));
    } catch (err) {
      this.error.textContent =
        err instanceof ApiError ? reasonText(err.reason, err.params, err.message) : String(err);
    }
  }
}
