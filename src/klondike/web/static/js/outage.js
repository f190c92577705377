// The server stopped answering (it was stopped, the computer slept): a notice says so in the
// player's words — start `klondike` — while the page asks again in the background, the pause
// growing from FIRST_MS to LONGEST_MS (and at once when the browser is back online or the
// page is shown again). The first answer takes the notice away and the page catches up.

import { call, connection } from "./api.js";

export const FIRST_MS = 1000;
export const LONGEST_MS = 16_000;

/** The outage notice and the background retries. */
export class Outage {
  /**
   * @param {HTMLElement} el the notice (its words are the page's, translated with it)
   * @param {() => void} back runs when the server answers again
   */
  constructor(el, back) {
    this.el = el;
    this.back = back;
    this.down = false;
    this.pause = FIRST_MS;
    this.timer = 0;
    connection.addEventListener("down", () => this.lost());
    connection.addEventListener("up", () => this.found());
    const now = () => this.down && this.retry();
    addEventListener("online", now);
    document.addEventListener("visibilitychange", () => document.hidden || now());
  }

  /** A request found no server: say so, and ask again after a pause. */
  lost() {
    if (this.down) return;
    this.down = true;
    this.pause = FIRST_MS;
    this.el.hidden = false;
    this.later();
  }

  later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.retry(), this.pause);
    this.pause = Math.min(2 * this.pause, LONGEST_MS);
  }

  /** Ask the server for something small; any answer ends the outage (api.js says so). */
  async retry() {
    clearTimeout(this.timer);
    try {
      await call("GET", "/api/rules");
    } catch {
      if (this.down) this.later();
    }
  }

  /** The server answered: the notice goes and the page catches up. */
  found() {
    if (!this.down) return;
    this.down = false;
    clearTimeout(this.timer);
    this.el.hidden = true;
    this.back();
  }
}
