// The settings: read from the server at start, applied to the page, changed in the Settings
// dialog and saved on the server (PUT /api/settings) at once. The look is set as attributes
// of <html> (table.css reads them): data-back, data-table, data-speed, data-left-handed,
// data-four-colours, data-large-indices. The auto-move setting is the server's own: it plays
// the safe cards after each move (the page only shows them, game.js).

import { ApiError, call } from "./api.js";
import { reasonText } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

/** The reduced-motion wish of the system: the animation is then off, whatever is chosen. */
export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The settings and their dialog. */
export class Settings {
  /**
   * @param {(values: object) => void} applied runs whenever the settings change (and once
   *   they are loaded): the page follows them
   */
  constructor(applied) {
    this.values = {}; // the server's, once read: it owns the settings and their defaults
    this.applied = applied;
    this.dialog = $("#settings-dialog");
    this.form = $("#settings-form");
    this.error = $("#settings-error");
    this.form.addEventListener("change", (e) => this.changed(e.target));
  }

  /** Read the settings from the server and apply them (none read: nothing changes). */
  async load() {
    try {
      this.values = await call("GET", "/api/settings");
    } catch {
      // no answer: the table keeps its look (the styles' defaults) until the next load
    }
    this.apply();
    return this.values;
  }

  /** The animation speed in effect: "off" when the system asks for reduced motion. */
  speed() {
    return reducedMotion() ? "off" : this.values.speed;
  }

  apply() {
    const root = document.documentElement;
    for (const [name, value] of [
      ["back", this.values.card_back],
      ["table", this.values.table],
      ["speed", this.speed()],
    ]) {
      if (value !== undefined) root.dataset[name] = value;
    }
    root.toggleAttribute("data-left-handed", this.values.left_handed);
    root.toggleAttribute("data-four-colours", Boolean(this.values.four_colours));
    root.toggleAttribute("data-large-indices", Boolean(this.values.large_indices));
    this.applied(this.values);
  }

  /** Open the dialog showing the current settings. */
  open() {
    const fields = this.form.elements;
    for (const [name, value] of Object.entries(this.values)) {
      const field = fields[name];
      if (!field) continue;
      if (typeof value === "boolean") field.checked = value;
      else field.value = value;
    }
    this.error.textContent = "";
    this.dialog.showModal();
  }

  /** Save some settings that no control shows ({name: value}); rejects on a refusal. */
  async save(changes) {
    this.values = await call("PUT", "/api/settings", changes);
    this.apply();
  }

  /** A control changed: save that setting; a refusal puts the control back. */
  async changed(field) {
    const name = field.name;
    if (!(name in this.values)) return; // a field that is no setting of the server's
    const value = field.type === "checkbox" ? field.checked : field.value;
    try {
      this.values = await call("PUT", "/api/settings", { [name]: value });
      this.error.textContent = "";
    } catch (err) {
      this.error.textContent =
        err instanceof ApiError ? reasonText(err.reason, err.params, err.message) : String(err);
      if (field.type === "checkbox") field.checked = this.values[name];
      else this.form.elements[name].value = this.values[name];
      return;
    }
    this.apply();
  }
}
