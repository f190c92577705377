// The page's keys outside the table: U or Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, N
// opens the New game dialog, H asks for a hint. They are off while a dialog is open or a form field has the focus.

/**
 * Listen for the page's shortcut keys.
 * @param {object} actions undo(), redo(), newGame() and hint()
 */
export function bindShortcuts(actions) {
  document.addEventListener("keydown", (e) => {
    if (document.querySelector("dialog[open]") || e.altKey || e.metaKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const z = e.key === "z" || e.key === "Z";
    if ((z && e.ctrlKey && e.shiftKey) || ((e.key === "y" || e.key === "Y") && e.ctrlKey)) {
      e.preventDefault();
      actions.redo();
    } else if (z && e.ctrlKey) {
      e.preventDefault();
      actions.undo();
    } else if (e.ctrlKey) {
      return;
    } else if (e.key === "u" || e.key === "U") {
      actions.undo();
    } else if (e.key === "n" || e.key === "N") {
      e.preventDefault();
      actions.newGame();
    } else if ((e.key === "h" || e.key === "H") && actions.hint) {
      e.preventDefault();
      actions.hint();
    }
  });
}
