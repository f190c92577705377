// The daily deal: one proved-winnable deal per calendar day and mode, started from the New
// game dialog. The day is the player's own calendar day.

/** Today's date in the player's time zone, as the API takes it ("2026-12-01"). */
export function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The body that starts the daily deal of a mode ({rules, draw, scoring?}). */
export function dailyBody(mode) {
  return { ...mode, daily: true, day: today() };
}
