// The wait for a deal of a tier that was not ready (409 tier_not_ready): the dialog that
// asked shows the search's progress (GET /api/tier-search, asked again at a bounded
// interval) and starts the game itself once the deal is ready; or the player plays on and a
// notice says when it is ready, with a button that starts it. The server finds and deals;
// the page only asks how far it is.

import { ApiError, call } from "./api.js";
import { t } from "./i18n.js";
import { noneText, tierWords, waitText } from "./tiers.js";
import { mayLeave } from "./dialogs/confirm.js";

/** The first look after a refusal, and the shortest interval between two (ms). */
const FIRST_LOOK_MS = 1000;
/** The longest interval between two looks (ms): the interval grows to it by `GROWTH`. */
const LONGEST_LOOK_MS = 5000;
const GROWTH = 1.5;

/** True if `err` refused a deal of a tier because none is ready yet. */
export function notReady(err) {
  return err instanceof ApiError && err.reason === "tier_not_ready";
}

/** The deal waited for, as GET /api/tier-search names it, from the body of POST /api/games. */
function askedOf(body) {
  const asked = { tier: body.tier, rules: body.rules, draw: body.draw, scoring: body.scoring };
  if (body.daily && body.day) asked.day = body.day;
  return asked;
}

/** The time left in rounder words than the seconds said ("about 45 seconds to go"): they
 *  change every few seconds at most. */
function timeLeft(seconds) {
  if (seconds < 10) return t("wait_moment");
  return t("wait_left", { wait: waitText(seconds < 90 ? Math.round(seconds / 5) * 5 : seconds) });
}

/** One search, looked at until it is ready or none was found, or until stopped. */
class Search {
  /**
   * @param {object} asked the deal waited for (GET /api/tier-search's parameters)
   * @param {(status: object) => void} heard each answer, or {state: "failed", error}
   */
  constructor(asked, heard) {
    this.asked = asked;
    this.heard = heard;
    this.timer = null;
    this.step = FIRST_LOOK_MS;
    this.stopped = false;
  }

  /** Look again after a while: sooner when the deal is due sooner, never more often than
   *  every `FIRST_LOOK_MS`; asked again (POST) when no one looks for it. */
  next(status) {
    if (this.stopped) return;
    const due = (status.seconds ?? 0) * 1000;
    const wait = Math.max(FIRST_LOOK_MS, Math.min(this.step, due));
    this.step = Math.min(LONGEST_LOOK_MS, this.step * GROWTH);
    const ask = status.state === "idle";
    this.timer = setTimeout(() => this.look(ask), wait);
  }

  async look(ask) {
    let status;
    try {
      status = ask
        ? await call("POST", "/api/tier-search", this.asked)
        : await call("GET", `/api/tier-search?${new URLSearchParams(this.asked)}`);
    } catch (err) {
      if (this.stopped) return;
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        this.heard({ state: "failed", error: err });
        return;
      }
      this.next({ state: "searching", seconds: LONGEST_LOOK_MS / 1000 }); // the server is away
      return;
    }
    if (this.stopped) return;
    this.heard(status);
    if (status.state === "searching" || status.state === "idle") this.next(status);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

/** The notice that a deal waited for while playing on is ready (or that none was found). */
class ReadyNotice {
  constructor() {
    this.panel = document.querySelector("#ready-notice");
    this.text = document.querySelector("#ready-text");
    this.button = document.querySelector("#ready-start");
    this.search = null;
    this.start = null;
    this.button.addEventListener("click", () => this.started());
    document.querySelector("#ready-close").addEventListener("click", () => this.end());
  }

  /** Follow `search` (its answers come here now); `start()` starts its deal. */
  follow(search, start) {
    this.end();
    this.search = search;
    this.start = start;
    search.heard = (status) => this.heard(status);
  }

  heard(status) {
    const { tier, day } = this.search.asked;
    if (status.state === "ready") {
      this.show(t(day ? "tier_ready_daily" : "tier_ready", tierWords(tier, day)), true);
    } else if (status.state === "none") this.show(noneText(tier, day), false);
    else if (status.state === "failed") this.end();
  }

  show(text, startable) {
    this.text.textContent = text;
    this.button.hidden = !startable;
    this.panel.hidden = false;
  }

  async started() {
    const start = this.start;
    this.end();
    if (start) await start();
  }

  /** Stop following and hide the notice. */
  end() {
    this.search?.stop();
    this.search = null;
    this.start = null;
    this.panel.hidden = true;
  }
}

let notice = null;

/** The wait of a dialog that asked for a deal of a tier: its panel (the search's progress
 *  in words, a bar, the button to play on meanwhile), shown in place of the Start button. */
export class DialogWait {
  /**
   * @param {object} parts
   * @param {HTMLDialogElement} parts.dialog the dialog that asked
   * @param {string} parts.prefix the ids of its panel's parts: `${prefix}-wait`, `-wait-text`,
   *   `-wait-bar` and `-wait-play-on`
   * @param {HTMLButtonElement} parts.startButton its Start button, out of use while it waits
   * @param {import("./game.js").Game} parts.game the game played on meanwhile
   * @param {(body: object) => Promise<void>} parts.start starts the deal of `body`
   * @param {(text: string) => void} parts.none says that none was found
   */
  constructor({ dialog, prefix, startButton, game, start, none }) {
    const $ = (suffix) => document.querySelector(`#${prefix}-${suffix}`);
    this.dialog = dialog;
    this.panel = $("wait");
    this.text = $("wait-text");
    this.bar = $("wait-bar");
    this.startButton = startButton;
    this.game = game;
    this.start = start;
    this.none = none;
    this.search = null;
    this.body = null;
    $("wait-play-on").addEventListener("click", () => this.playOn());
    dialog.addEventListener("close", () => this.stop());
    notice ??= new ReadyNotice();
  }

  /** True while the dialog waits. */
  waiting() {
    return this.search !== null;
  }

  /** Wait for the deal of `body`, refused with `err` (409 tier_not_ready): the dialog shows
   *  the wait it said and looks again until the deal is ready. */
  begin(body, err) {
    this.stop();
    this.body = body;
    this.search = new Search(askedOf(body), (status) => this.heard(status));
    this.show({ seconds: Number(err.params?.seconds) || 0, progress: 0 });
    this.panel.hidden = false;
    this.startButton.disabled = true;
    this.search.next({ state: "searching", seconds: 0 });
  }

  heard(status) {
    if (status.state === "ready") {
      const body = this.body;
      this.stop();
      this.start(body); // the player is still waiting: the dialog kept them from playing on
    } else if (status.state === "none") {
      const { tier, day } = this.search.asked;
      this.stop();
      this.none(noneText(tier, day));
    } else if (status.state === "failed") {
      this.stop();
      this.game.refused(status.error);
    } else this.show(status);
  }

  /** The search's progress: the wait in words (said when its words change) and the bar. */
  show(status) {
    const { tier, day } = this.search.asked;
    const words = { ...tierWords(tier, day), left: timeLeft(status.seconds) };
    const text = t(day ? "tier_finding_daily" : "tier_finding", words);
    if (this.text.textContent !== text) this.text.textContent = text;
    this.bar.value = Math.min(1, Math.max(0, status.progress ?? 0));
  }

  /** Close the dialog and play on: the notice says when the deal is ready. */
  playOn() {
    const { search, body } = this;
    if (!search) return;
    this.search = null; // handed over: closing the dialog does not stop it
    notice.follow(search, async () => {
      if (await mayLeave(this.game, t("confirm_new"))) await this.start(body);
    });
    this.stop();
    this.dialog.close();
  }

  /** Stop waiting here (the dialog closes, another choice is made). */
  stop() {
    this.search?.stop();
    this.search = null;
    this.body = null;
    this.panel.hidden = true;
    this.startButton.disabled = false;
  }
}
