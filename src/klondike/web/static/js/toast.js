// Messages to the player: a toast that fades after a while, and words for a screen reader.

import { setCodeText } from "./code-text.js";

let timer = 0;

/**
 * Show `text` in the toast for `ms` milliseconds (replacing any toast still shown).
 * @param {string} text
 * @param {number} ms
 */
export function toast(text, ms = 3200) {
  const el = document.querySelector("#toast");
  setCodeText(el, text);
  el.classList.add("shown");
  clearTimeout(timer);
  timer = setTimeout(() => el.classList.remove("shown"), ms);
}

/**
 * Have a screen reader say `text` (the live region is emptied first, so a repeat is said too).
 * @param {string} text
 */
export function announce(text) {
  const el = document.querySelector("#announce");
  el.textContent = "";
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}
