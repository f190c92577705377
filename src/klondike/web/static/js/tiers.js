// Winnable deals by difficulty (klondike.tiers): the tiers' names, the mark a deal of a tier
// carries (the win screen, the history), a wait in words, and that none was found. The
// server deals and rates; the page only names.

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

/** The words of a deal of `tier` (the daily deal of `day`, if given) in a sentence: its
 *  tier in the sentence ("expert") and alone ("Expert"), and its day. */
export function tierWords(tier, day = null) {
  const name = tierName(tier);
  return { tier: name.toLowerCase(), name, day: day ? shortDay(day) : "" };
}

/** That no deal of `tier` (no daily deal of `day`, if given) was found. */
export function noneText(tier, day = null) {
  return t(day ? "tier_none_daily" : "tier_none", tierWords(tier, day));
}

/**
 * What a refusal of a tier's deal because none was found (`no_tier_deal`) says, or null
 * for any other failure (none ready yet is waited for: waiting.js).
 * @param {unknown} err the failure of POST /api/games
 * @param {string | null} day the daily deal's day asked for (null: not a daily deal)
 */
export function tierRefusal(err, day = null) {
  if (!(err instanceof ApiError) || err.reason !== "no_tier_deal") return null;
  const tier = err.params?.tier;
  if (!TIERS.includes(tier)) return null;
  return noneText(tier, err.params.day ?? day);
}
