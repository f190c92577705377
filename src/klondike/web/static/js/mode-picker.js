// The choice of a version, its draw count and its scoring, as the New game and the Daily
// dialogs offer it. The versions and what each allows come from the server (GET /api/rules,
// asked once): a choice a version does not have is not offered.

import { call } from "./api.js";
import { t } from "./i18n.js";

let asked = null;

/** Every version's rules, the default first (asked once; a failure is asked again). */
export function versions() {
  asked ??= call("GET", "/api/rules").catch((err) => {
    asked = null;
    throw err;
  });
  return asked;
}

/** The mode of a game's view, as the API takes it: {rules, draw} and its scoring if any. */
export function modeOf(view) {
  const mode = { rules: view.rules.key, draw: view.draw };
  if (view.rules.score) mode.scoring = view.scoring;
  return mode;
}

/** A translated text element: `tag` showing the key `key`. */
function words(tag, key) {
  const el = document.createElement(tag);
  el.dataset.i18n = key;
  el.textContent = t(key);
  return el;
}

/** One radio choice: a bold name and, when `hint` is given, a small line under it. */
export function choice(name, value, title, hint) {
  const label = document.createElement("label");
  label.className = "choice";
  const input = document.createElement("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  const text = document.createElement("span");
  text.append(words("b", title));
  if (hint) text.append(" ", words("small", hint));
  label.append(input, text);
  return label;
}

/** A fieldset with its translated legend. */
function fieldset(legend, id) {
  const box = document.createElement("fieldset");
  if (id) box.id = id;
  box.append(words("legend", legend));
  return box;
}

/** The version, draw and scoring choices of one form (radio groups rules, draw, scoring). */
export class ModePicker {
  /**
   * @param {HTMLFormElement} form the form that holds the choices
   * @param {Element} place where the three fieldsets go
   * @param {{rules: string, scoring: string}} ids the ids of the version and scoring fieldsets
   */
  constructor(form, place, ids) {
    this.form = form;
    this.place = place;
    this.ids = ids;
    this.rules = null; // the versions' rules, once built
    form.addEventListener("change", (e) => {
      if (e.target.name === "rules") this.fit();
    });
  }

  /** Ask the server for the versions (once) and build the choices. */
  async load() {
    const all = await versions();
    if (this.rules) return;
    const kinds = fieldset("version", this.ids.rules);
    kinds.classList.add("versions");
    for (const rules of all) {
      kinds.append(choice("rules", rules.key, `rules_${rules.key}`, `rules_${rules.key}_hint`));
    }
    const draws = fieldset("draw");
    for (const draw of [...new Set(all.flatMap((rules) => rules.draws))].sort()) {
      draws.append(choice("draw", String(draw), `draw${draw}`, `draw${draw}_hint`));
    }
    this.scoring = fieldset("scoring", this.ids.scoring);
    for (const scoring of new Set(all.flatMap((rules) => (rules.score ? rules.scorings : [])))) {
      this.scoring.append(choice("scoring", scoring, scoring));
    }
    this.place.append(kinds, draws, this.scoring);
    this.rules = all;
  }

  /** The rules of the version chosen. */
  chosen() {
    const key = this.form.elements.rules.value;
    return this.rules.find((rules) => rules.key === key) ?? this.rules[0];
  }

  /** Choose a mode ({rules, draw, scoring}, each optional: the version's first). */
  set(mode) {
    const fields = this.form.elements;
    fields.rules.value = mode.rules ?? this.rules[0].key;
    if (mode.draw) fields.draw.value = String(mode.draw);
    if (mode.scoring) fields.scoring.value = mode.scoring;
    this.fit();
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
    this.scoring.hidden = !rules.score;
    if (rules.score && !rules.scorings.includes(fields.scoring.value)) {
      fields.scoring.value = rules.scorings[0];
    }
  }

  /** The mode chosen, as the API takes it: {rules, draw} and the scoring if it has one. */
  mode() {
    const rules = this.chosen();
    const mode = { rules: rules.key, draw: Number(this.form.elements.draw.value) };
    if (rules.score) mode.scoring = this.form.elements.scoring.value;
    return mode;
  }
}
