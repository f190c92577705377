// The bar's words: New game, Daily, Undo, Restart and Statistics show their words wherever
// the bar keeps to one row with them (a desktop of 1366 px does); where it would not,
// Statistics gives its word up first, then Daily, then Restart (their titles and names
// still say them). A phone shows the icons alone whatever the room (klondike.css).

const GIVE_UP = ["#stats-button", "#daily-button", "#restart"];
const ICON_ONLY = "icon-only";

/** True if the bar's buttons and figures share one row. */
function oneRow(bar) {
  const actions = bar.querySelector(".bar-actions");
  const info = bar.querySelector(".bar-info");
  return info.offsetTop < actions.offsetTop + actions.offsetHeight && bar.scrollWidth <= bar.clientWidth;
}

/**
 * Show as many of the buttons' words as leave the bar one row.
 * @param {HTMLElement} bar the page's `.bar`
 */
export function fitBarWords(bar) {
  const buttons = GIVE_UP.map((selector) => bar.querySelector(selector));
  for (const button of buttons) button.classList.remove(ICON_ONLY);
  for (const button of buttons) {
    if (oneRow(bar)) return;
    button.classList.add(ICON_ONLY);
  }
}
