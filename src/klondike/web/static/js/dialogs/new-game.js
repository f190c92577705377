// The New game dialog: the version, draw count and scoring, or a game code that restores a
// deal; the "winnable deals only" option (remembered) and the daily deal. The versions and
// what each allows come from the server (GET /api/rules): a choice a version does not have
// is not offered.

import { ApiError, call } from "../api.js";
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

/** One radio choice: a bold name and a small line under it, both translated. */
function choice(name, value, title, hint) {
  const label = document.createElement("label");
  label.className = "choice";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  const text = document.createElement("span");
  const bold = document.createElement("b");
  bold.dataset.i18n = title;
  bold.textContent = t(title);
  const small = document.createElement("small");
  small.dataset.i18n = hint;
  small.textContent = t(hint);
  text.append(bold, " ", small);
  label.append(input, text);
  return label;
}

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
    this.versions = null; // the rules of each version, from the server, once asked
    this.loadVersions().catch(() => {}); // asked at once, so that the dialog opens at once
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.submit();
    });
    this.form.addEventListener("change", (e) => {
      if (e.target.name === "rules") this.fit();
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
    this.winnable.addEventListener("change", () => {
      try {
        localStorage.setItem(WINNABLE_KEY, this.winnable.checked ? "1" : "0");
      } catch {
        // storage may be off: the choice holds for this page only
      }
    });
    this.proof = $("#new-proof");
    $("#new-daily").addEventListener("click", () => this.submit(true));
  }

  /** Ask the server for the versions once, and offer one radio choice each. */
  async loadVersions() {
    if (this.versions) return;
    const versions = await call("GET", "/api/rules");
    if (this.versions) return;
    const box = $("#rules-choice");
    for (const rules of versions) {
      box.append(choice("rules", rules.key, `rules_${rules.key}`, `rules_${rules.key}_hint`));
    }
    this.versions = versions;
  }

  /** The rules of the version chosen. */
  chosen() {
    const key = this.form.elements.rules.value;
    return this.versions.find((rules) => rules.key === key) ?? this.versions[0];
  }

  /** Offer only the draw counts and scorings the chosen version has (none without a score). */
  fit() {
    const rules = this.chosen();
    const fields = this.form.elements;
    for (const input of fields.draw) {
      input.closest("label").hidden = !rules.draws.includes(Number(input.value));
    }
    if (!rules.draws.includes(Number(fields.draw.value))) fields.draw.value = String(rules.draws[0]);
    for (const input of fields.scoring) {
      input.closest("label").hidden = !rules.scorings.includes(input.value);
    }
    $("#scoring-choice").hidden = !rules.score;
    if (rules.score && !rules.scorings.includes(fields.scoring.value)) {
      fields.scoring.value = rules.scorings[0];
    }
  }

  /** Open it with the current game's version, draw count and scoring chosen. */
  async open() {
    if (!this.versions) {
      try {
        await this.loadVersions();
      } catch (err) {
        this.game.refused(err);
        return;
      }
    }
    const view = this.game.view;
    const fields = this.form.elements;
    fields.rules.value = view ? view.rules.key : this.versions[0].key;
    if (view) {
      fields.draw.value = String(view.draw);
      if (view.rules.score) fields.scoring.value = view.scoring;
    }
    this.fit();
    fields.code.value = "";
    this.error.textContent = "";
    this.beforeOpen();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Start (the day's deal when `daily`): a bad code keeps the dialog open and says what is
   *  wrong with it, before the game in progress is put at stake ("Leave this game?" only for
   *  a code that can be played). A proved deal says how long the proof took. */
  async submit(daily = false) {
    const fields = this.form.elements;
    const code = daily ? "" : fields.code.value.trim().toUpperCase();
    const rules = this.chosen();
    const mode = { rules: rules.key, draw: Number(fields.draw.value) };
    if (rules.score) mode.scoring = fields.scoring.value;
    let body = { ...mode, winnable: this.winnable.checked };
    if (code) body = { code };
    else if (daily) body = dailyBody(mode);
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
    fields.code.focus({ preventScroll: true });
    // a short screen scrolls the dialog: the code and what is wrong with it come into sight
    fields.code.scrollIntoView({ block: "nearest" });
    this.error.scrollIntoView({ block: "nearest" });
  }
}

/** "Proved winnable in 0.12 s (1,234 positions)". */
function proofText(proof) {
  return t("proved", {
    seconds: proof.seconds.toFixed(2),
    states: proof.states.toLocaleString(),
  });
}
