// Telling the server whether the game is shown: its clock counts only play. The page reports
// when it is hidden (another tab, a closed window, a locked phone) and when it is shown
// again, and says "still here" every 20 seconds while shown; the server stops the clock of a
// page that fell silent (docs/api.md, "The clock").

const HEARTBEAT_MS = 20_000;

/**
 * Report the page's visibility for the game in progress.
 * @param {() => object | null} currentView the view shown
 * @param {(view: object) => void} clock takes the server's answer (the clock as it is now)
 * @returns {{report: () => void}} report(): say now whether the page is shown
 */
export function reportPresence(currentView, clock) {
  function send(visible) {
    const view = currentView();
    if (!view || view.status !== "playing") return;
    fetch(`/api/games/${view.id}/presence`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ visible }),
      keepalive: true, // still sent when the page is being closed
      cache: "no-store",
      credentials: "same-origin",
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer) => answer && clock(answer))
      .catch(() => {});
  }
  // Once the page is going away, nothing it says later may start the clock again (the
  // visibilitychange of an unloading page can still read "visible").
  let gone = false;
  const report = () => {
    if (!gone) send(document.visibilityState === "visible");
  };
  document.addEventListener("visibilitychange", report);
  addEventListener("pagehide", () => {
    gone = true;
    send(false);
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return; // back from the back-forward cache: shown again
    gone = false;
    report();
  });
  setInterval(() => {
    if (!gone && document.visibilityState === "visible") send(true);
  }, HEARTBEAT_MS);
  return { report };
}
