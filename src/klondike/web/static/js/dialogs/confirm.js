// The confirmation dialog: "Leave this game?" and the like, answered yes or no.

import { setCodeText } from "../code-text.js";
import { t } from "../i18n.js";

const $ = (selector) => document.querySelector(selector);

/**
 * Ask the player; resolves true for yes, false for no (or Escape).
 * @param {string} text the question
 * @param {string} yes the words on the yes button
 * @param {string} title the dialog's heading
 * @returns {Promise<boolean>}
 */
export function confirmDialog(text, yes = t("leave_yes"), title = t("confirm_title")) {
  const dialog = $("#confirm-dialog");
  $("#confirm-title").textContent = title;
  setCodeText($("#confirm-text"), text);
  $("#confirm-yes").textContent = yes;
  dialog.returnValue = "";
  dialog.showModal();
  $("#confirm-no").focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}

/**
 * True if the game may be left: it is finished, or the player says yes to `text`.
 * @param {import("../game.js").Game} game
 * @param {string} text the question, asked only if the game is unfinished
 * @returns {Promise<boolean>}
 */
export async function mayLeave(game, text) {
  return !game.unfinished() || confirmDialog(text);
}
