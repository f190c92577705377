// The language menu: switching retranslates the page at once and is remembered.

import { lang, setLang, translatePage } from "./i18n.js";

/**
 * Make `select` switch the page's language.
 * @param {HTMLSelectElement} select the menu, one option per language
 * @param {() => void} redraw redraws what the page wrote itself (the table, the bar)
 */
export function bindLanguage(select, redraw) {
  select.value = lang();
  select.addEventListener("change", () => {
    setLang(select.value);
    translatePage();
    redraw();
  });
}
