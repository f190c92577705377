// The choice of a difficulty in the New game and the Daily dialogs: a labelled select of any,
// easy, medium, hard and expert, remembered per version and draw count (localStorage).

import { t } from "./i18n.js";
import { TIERS } from "./tiers.js";

/** One option of the select, translated with the page (data-i18n). */
function option(value, key) {
  const el = document.createElement("option");
  el.value = value;
  el.dataset.i18n = key;
  el.textContent = t(key);
  return el;
}

/** A dialog's difficulty choice. */
export class TierChoice {
  /**
   * @param {HTMLSelectElement} select the dialog's select (its label is in the page)
   * @param {string} storeKey where the choices are remembered: `${storeKey}.${rules}.${draw}`
   */
  constructor(select, storeKey) {
    this.select = select;
    this.storeKey = storeKey;
    this.mode = null; // the mode ({rules, draw}) whose choice is shown
    select.replaceChildren(
      option("", "tier_any"),
      ...TIERS.map((tier) => option(tier, `tier_${tier}`)),
    );
    select.addEventListener("change", () => this.remember());
  }

  key(mode) {
    return `${this.storeKey}.${mode.rules}.${mode.draw}`;
  }

  /** Show the choice remembered for a mode ({rules, draw}): any, if none is. */
  show(mode) {
    this.mode = mode;
    let stored = null;
    try {
      stored = localStorage.getItem(this.key(mode));
    } catch {
      stored = null; // storage may be off
    }
    this.select.value = TIERS.includes(stored) ? stored : "";
  }

  /** Remember the choice shown for its mode. */
  remember() {
    if (!this.mode) return;
    try {
      localStorage.setItem(this.key(this.mode), this.select.value);
    } catch {
      // storage may be off: the choice holds for this page only
    }
  }

  /** The tier chosen, as the API takes it: null for any. */
  value() {
    return this.select.value || null;
  }

  /** Offer the choice, or show it dimmed and out of use. */
  setEnabled(enabled) {
    this.select.disabled = !enabled;
  }
}
