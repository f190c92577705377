// Winnable deals by difficulty (klondike.tiers): the tiers' names, the mark a deal of a tier
// carries (the win screen, the history), and what a refusal of one says (none ready yet, or
// none found). The server deals and rates; the page only names.

import { ApiError } from "./api.js";
import { shortDay } from "./daily.js";
import { t, tn } from "./i18n.js";

/** Every tier, the easiest first (as the server sends them). */
export const TIERS = ["easy", "medium", "hard", "expert"];

/** A tier's name: "Hard", "Schwer". */
export function tierName(tier) {
  return t(`tier_${tier}`);
}

/** The small mark of a deal's tier: "Hard", read as "Difficulty: Hard". */
export function tierMark(tier) {
  const mark = document.createElement("span");
  mark.className = "tier-mark";
  mark.dataset.tier = tier;
  const label = document.createElement("span");
  label.className = "sr-only";
  label.textContent = t("tier_label");
  mark.append(label, tierName(tier));
  return mark;
}

/** A wait in words: "1 second", "45 seconds", or from 90 s on "2 minutes". */
export function waitText(seconds) {
  if (seconds >= 90) return tn("wait_minutes", Math.round(seconds / 60));
  return tn("wait_seconds", Math.max(1, Math.round(seconds)));
}

/**
 * What a refusal of a tier's deal says, or null for any other failure: `tier_not_ready`
 * (none is ready: how long finding one takes) or `no_tier_deal` (none was found).
 * @param {unknown} err the failure of POST /api/games
 * @param {string | null} day the daily deal's day asked for (null: not a daily deal)
 */
export function tierRefusal(err, day = null) {
  if (!(err instanceof ApiError)) return null;
  const tier = err.params?.tier;
  if (!TIERS.includes(tier)) return null;
  const name = tierName(tier);
  const daily = err.params.day ?? day;
  const words = { tier: name.toLowerCase(), name, day: daily ? shortDay(daily) : "" };
  if (err.reason === "tier_not_ready") {
    const wait = waitText(Number(err.params.seconds) || 0);
    return t(daily ? "tier_wait_daily" : "tier_wait", { ...words, wait });
  }
  if (err.reason === "no_tier_deal") return t(daily ? "tier_none_daily" : "tier_none", words);
  return null;
}
