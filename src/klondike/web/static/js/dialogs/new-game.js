// The New game dialog: the version, draw count and scoring (mode-picker.js), or a game code
// that restores a deal; the "winnable deals only" option (remembered) and its difficulty
// (remembered per version and draw count); the way to the Daily dialog. A difficulty with no
// deal ready is waited for in the dialog (waiting.js).

import { ApiError } from "../api.js";
import { reasonText, t } from "../i18n.js";
import { ModePicker, modeOf } from "../mode-picker.js";
import { TierChoice } from "../tier-choice.js";
import { tierRefusal, tierWords } from "../tiers.js";
import { DialogWait, notReady } from "../waiting.js";
import { mayLeave } from "./confirm.js";

const WINNABLE_KEY = "klondike.winnable";
const TIER_KEY = "klondike.tier"; // and the version and draw count: klondike.tier.app.1

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
   * @param {(mode: object) => void} openDaily opens the Daily dialog on a mode
   */
  constructor(game, beforeOpen, openDaily) {
    this.game = game;
    this.beforeOpen = beforeOpen;
    this.dialog = $("#new-dialog");
    this.form = $("#new-form");
    this.error = $("#new-error");
    this.picker = new ModePicker(this.form, $("#new-mode"), {
      rules: "rules-choice",
      scoring: "scoring-choice",
    });
    this.picker.load().catch(() => {}); // asked at once, so that the dialog opens at once
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
    this.winnable = $("#winnable-input");
    this.winnable.checked = rememberedWinnable();
    // the difficulty of a winnable deal: only with "winnable deals only"
    this.tier = new TierChoice($("#new-tier"), TIER_KEY);
    this.tier.setEnabled(this.winnable.checked);
    this.winnable.addEventListener("change", () => {
      this.tier.setEnabled(this.winnable.checked);
      this.error.textContent = "";
      try {
        localStorage.setItem(WINNABLE_KEY, this.winnable.checked ? "1" : "0");
      } catch {
        // storage may be off: the choice holds for this page only
      }
    });
    this.proof = $("#new-proof");
    this.wait = new DialogWait({
      dialog: this.dialog,
      prefix: "new",
      startButton: $("#new-start"),
      game,
      start: (body) => this.begin(body),
      none: (text) => this.say(text, this.tier.select),
    });
    this.form.addEventListener("change", (e) => {
      if (["rules", "draw"].includes(e.target.name)) this.tier.show(this.picker.mode());
      if (["rules", "draw", "scoring", "tier", "winnable"].includes(e.target.name)) {
        this.error.textContent = "";
        this.wait.stop(); // another deal is chosen: the one waited for is not
      }
    });
    $("#new-daily").addEventListener("click", () => {
      this.dialog.close();
      openDaily(this.picker.mode());
    });
  }

  /** Open it with the current game's version, draw count and scoring chosen. */
  async open() {
    try {
      await this.picker.load();
    } catch (err) {
      this.game.refused(err);
      return;
    }
    const view = this.game.view;
    const fields = this.form.elements;
    this.picker.set(view ? modeOf(view) : {});
    this.tier.show(this.picker.mode());
    fields.code.value = "";
    this.error.textContent = "";
    this.beforeOpen();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Start: a bad code keeps the dialog open and says what is wrong with it, before the game
   *  in progress is put at stake ("Leave this game?" only for a code that can be played). */
  async submit() {
    if (this.wait.waiting()) return; // the deal waited for starts by itself
    const fields = this.form.elements;
    const code = fields.code.value.trim().toUpperCase();
    const winnable = this.winnable.checked;
    let body = { ...this.picker.mode(), winnable, tier: winnable ? this.tier.value() : null };
    if (code) body = { code };
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
    await this.begin(body);
  }

  /** Start the game of `body`, the player having agreed to leave the game in progress. A
   *  proved deal says how long the proof took (a shipped one, its difficulty). A difficulty
   *  with no deal ready is waited for in the dialog (open again if it was closed: the game in
   *  progress stays meanwhile). */
  async begin(body) {
    const fields = this.form.elements;
    try {
      if (body.winnable) this.proof.textContent = t("proving");
      const view = await this.game.start(body, true);
      const proved = view.proof ? proofText(view.proof, view.tier) : "";
      this.proof.textContent = proved;
      this.dialog.close();
      if (proved) this.game.hooks.message(proved);
    } catch (err) {
      this.proof.textContent = "";
      if (notReady(err)) {
        if (!this.dialog.open) this.dialog.showModal();
        this.wait.begin(body, err);
        return;
      }
      const none = tierRefusal(err);
      if (none) {
        if (!this.dialog.open) this.dialog.showModal();
        this.say(none, this.tier.select);
        return;
      }
      // game_over: another tab left this game for a new one already; refused() follows it.
      const mistake =
        err instanceof ApiError &&
        err.reason !== "game_over" &&
        err.status >= 400 &&
        err.status < 500;
      if (mistake && this.dialog.open) this.refuse(err, fields);
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
    this.say(reasonText(err.reason, err.params, err.message), fields.code);
  }

  /** Say `text` under the choices, with the control it is about focused. */
  say(text, control) {
    this.error.textContent = text;
    control.focus({ preventScroll: true });
    // a short screen scrolls the dialog: the control and what is wrong come into sight
    control.scrollIntoView({ block: "nearest" });
    this.error.scrollIntoView({ block: "nearest" });
  }
}

/** "Proved winnable in 0.12 s (1,234 positions)"; a deal of the shipped pool of rated deals,
 *  whose proof's figures are not kept: "A winnable deal, rated easy". */
function proofText(proof, tier) {
  if (proof.shipped) return t("proved_shipped", tierWords(tier));
  return t("proved", {
    seconds: proof.seconds.toFixed(2),
    states: proof.states.toLocaleString(),
  });
}
