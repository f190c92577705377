// The daily deal: one proved-winnable deal per calendar day and mode, the same everywhere,
// played from the Daily dialog. The day is the player's own calendar day.

import { lang } from "./i18n.js";

/** Today's date in the player's time zone, as the API takes it ("2026-12-01"). */
export function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The body that starts the daily deal of a mode ({rules, draw, scoring?}) and day. */
export function dailyBody(mode, day = today()) {
  return { ...mode, daily: true, day };
}

/** A day ("2026-12-02") or a month ("2026-12") as the player reads it, e.g. "2 Dec" with
 *  `{day: "numeric", month: "short"}`, in the page's language. */
export function dateText(iso, options) {
  const date = new Date(`${iso.length === 7 ? `${iso}-01` : iso}T12:00:00Z`);
  const locale = lang() === "de" ? "de-DE" : "en-GB";
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
}

/** The short name of a day on the table and in messages: "2 Dec", "2. Dez.". */
export function shortDay(day) {
  return dateText(day, { day: "numeric", month: "short" });
}
