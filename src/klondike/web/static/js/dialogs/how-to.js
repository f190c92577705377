// "How to play": the goal and the moves every version shares, then what the chosen version
// does with the draw, the recycles, the scoring and undo (texts of i18n.js). Offered by itself
// on a first visit, until it is closed once: the setting how_to_play_seen, on the server.

import { t } from "../i18n.js";
import { choice, versions } from "../mode-picker.js";

const $ = (selector) => document.querySelector(selector);

/** What each version's text says, in the order of the dialog. */
const TOPICS = ["draw", "recycle", "scoring", "undo"];

/** The How to play dialog. */
export class HowToDialog {
  /**
   * @param {import("../game.js").Game} game the game in progress (its version is shown first)
   * @param {import("../settings.js").Settings} settings where "seen" is remembered
   */
  constructor(game, settings) {
    this.game = game;
    this.settings = settings;
    this.dialog = $("#howto-dialog");
    this.form = $("#howto-form");
    this.built = false;
    this.form.addEventListener("change", () => this.draw());
    this.dialog.addEventListener("close", () => this.seen());
  }

  /** One choice per version (asked of the server once). */
  async build() {
    const all = await versions();
    if (this.built) return;
    const box = $("#howto-versions");
    for (const rules of all) box.append(choice("howto_version", rules.key, `rules_${rules.key}`));
    this.built = true;
  }

  /** Open it on a version (default: the game in progress's). */
  async open(key = null) {
    try {
      await this.build();
    } catch (err) {
      this.game.refused(err);
      return;
    }
    const fields = this.form.elements;
    fields.howto_version.value = key ?? this.game.view?.rules.key ?? fields.howto_version[0].value;
    this.draw();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Open it if it was never closed (the first visit); nothing if the settings are unknown. */
  offer() {
    if (this.settings.values.how_to_play_seen === false) return this.open();
    return null;
  }

  /** Write the chosen version's texts (again after a change of language). */
  draw() {
    const key = this.form.elements.howto_version?.value;
    if (!key) return;
    for (const topic of TOPICS) $(`#howto-${topic}`).textContent = t(`howto_${key}_${topic}`);
  }

  /** Closed: never offered again (a failure to save offers it again on the next visit). */
  seen() {
    if (this.settings.values.how_to_play_seen === false) {
      this.settings.save({ how_to_play_seen: true }).catch(() => {});
    }
  }
}
