// The winnable layouts gauge (setting winnable_gauge): for the position on the table, how
// many of the layouts the player cannot tell apart can still be won. The server computes it
// in the background after each move; the page asks for the version shown
// (GET /api/games/{id}/gauge?version=…), which answers once it is ready, and shows it on
// the bar. Nothing here judges a position: the figures are the server's.

import { call } from "./api.js";
import { reasonText, t } from "./i18n.js";

/** The share as a whole percent. */
const percent = (share) => Math.round(share * 100);

/** The gauge's word for a share of layouts won (with some left undecided, never "lost"). */
function chanceKey(share, unknown) {
  if (share >= 0.9) return "sure";
  if (share >= 0.6) return "likely";
  if (share >= 0.3) return "maybe";
  if (share > 0 || unknown) return "unlikely";
  return "lost";
}

/** The gauge on the bar. */
export class Gauge {
  /**
   * @param {import("./game.js").Game} game the game in progress
   * @param {(selector: string) => Element} $ finds the bar's elements
   */
  constructor(game, $) {
    this.game = game;
    this.box = $("#gauge-info");
    this.value = $("#gauge");
    this.words = $("#gauge-words");
    this.enabled = false;
    this.asked = null; // "id:version" of the gauge asked for
    this.answer = null; // the last answer shown, or a refusal {reason, text}
  }

  /** The player's setting: off hides the gauge and asks for nothing. */
  setEnabled(on) {
    if (Boolean(on) === this.enabled) return;
    this.enabled = Boolean(on);
    this.box.hidden = !this.enabled;
    this.asked = null;
    if (this.enabled && this.game.view) this.viewShown(this.game.view);
  }

  /** A view was shown: ask for its version's gauge (once per version). */
  viewShown(view) {
    if (!this.enabled) return;
    const key = `${view.id}:${view.version}`;
    if (this.asked === key) return;
    this.asked = key;
    this.answer = null;
    if (view.status !== "playing") {
      this.box.hidden = true;
      return;
    }
    this.box.hidden = false;
    this.draw();
    this.fetch(view, key);
  }

  /** Ask until the gauge of `key` is ready (the server waits a while before each answer). */
  async fetch(view, key) {
    const path = `/api/games/${view.id}/gauge?version=${view.version}`;
    while (this.enabled && this.asked === key) {
      let answer;
      try {
        answer = await call("GET", path);
      } catch (err) {
        // a newer version is shown, or about to be: its own gauge is asked for
        if (this.asked !== key || ["gauge_superseded", "stale_version"].includes(err.reason)) return;
        this.answer = { reason: err.reason, text: reasonText(err.reason, err.params, err.message) };
        this.draw();
        return;
      }
      if (this.asked !== key) return;
      this.answer = answer;
      this.draw();
      if (answer.status === "ready") return;
    }
  }

  /** Write the figures of the last answer (in the page's language). */
  draw() {
    if (!this.enabled) return;
    const answer = this.answer;
    this.box.classList.toggle("computing", !answer || answer.status === "computing");
    if (!answer) {
      this.value.textContent = "…";
      this.words.textContent = t("gauge_computing");
      this.box.title = this.words.textContent;
      return;
    }
    if (answer.reason) {
      this.value.textContent = "?";
      this.words.textContent = answer.text;
      this.box.title = answer.text;
      return;
    }
    const { wins, losses, unknown } = answer.layouts;
    const solved = wins + losses + unknown;
    const share = solved ? wins / solved : 0;
    const counts = { wins, samples: solved, unknown, percent: percent(share) };
    const word = t(`gauge_word_${chanceKey(share, unknown)}`);
    const figure = t(unknown ? "gauge_at_least" : "gauge_figure", counts);
    this.value.replaceChildren(`${figure} `);
    const small = document.createElement("small");
    small.className = "gauge-word";
    small.textContent = answer.status === "ready" ? word : "…";
    this.value.append(small);
    const long = answer.status === "ready" ? "gauge_long" : "gauge_partial";
    this.words.textContent = t(long, { ...counts, figure, word });
    this.box.title = t("gauge_details", counts);
  }
}
