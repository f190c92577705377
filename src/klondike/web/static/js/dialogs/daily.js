// The Daily dialog: a calendar of a month's daily deals for a mode and difficulty (GET
// /api/daily): the days played and won marked, today outlined, the month before and after; a
// day the server says can be played is chosen and started. Each difficulty has daily deals
// of its own (any: the daily deal of the mode); its choice is remembered per version and draw.
// A difficulty's daily deal not found yet is waited for in the dialog (waiting.js).

import { ApiError, call } from "../api.js";
import { dailyBody, dateText, shortDay, today } from "../daily.js";
import { reasonText, t } from "../i18n.js";
import { ModePicker, modeOf } from "../mode-picker.js";
import { TierChoice } from "../tier-choice.js";
import { tierRefusal } from "../tiers.js";
import { DialogWait, notReady } from "../waiting.js";
import { mayLeave } from "./confirm.js";

const $ = (selector) => document.querySelector(selector);

/** Monday to Sunday: the weekday of 2024-01-01 (a Monday) plus 0 … 6. */
const TIER_KEY = "klondike.daily-tier"; // and the version and draw count

const WEEK = [1, 2, 3, 4, 5, 6, 7].map((n) => `2024-01-0${n}`);

/** The Daily dialog. */
export class DailyDialog {
  /**
   * @param {import("../game.js").Game} game the game it starts
   * @param {() => void} beforeOpen runs before it opens (the win screen closes)
   */
  constructor(game, beforeOpen) {
    this.game = game;
    this.beforeOpen = beforeOpen;
    this.dialog = $("#daily-dialog");
    this.form = $("#daily-form");
    this.error = $("#daily-error");
    this.status = $("#daily-status");
    this.play = $("#daily-play");
    this.picker = new ModePicker(this.form, $("#daily-mode"), {
      rules: "daily-rules",
      scoring: "daily-scoring",
    });
    this.tier = new TierChoice($("#daily-tier"), TIER_KEY);
    this.data = null; // the calendar shown (GET /api/daily's answer)
    this.day = null; // the day chosen
    this.asked = 0; // the last calendar asked for: an older answer is not shown
    this.wait = new DialogWait({
      dialog: this.dialog,
      prefix: "daily",
      startButton: this.play,
      game,
      start: (body) => this.begin(body),
      none: (text) => {
        this.error.textContent = text;
      },
    });
    this.form.addEventListener("change", (e) => {
      if (["rules", "draw"].includes(e.target.name)) this.tier.show(this.picker.mode());
      if (["rules", "draw", "scoring", "tier"].includes(e.target.name)) {
        this.wait.stop(); // another deal is chosen: the one waited for is not
        this.show(this.data?.month);
      }
    });
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.start();
    });
    $("#daily-prev").addEventListener("click", () => this.show(this.data?.previous));
    $("#daily-next").addEventListener("click", () => this.show(this.data?.next));
    $("#daily-close").addEventListener("click", () => this.dialog.close());
  }

  /** Open it on this month and a mode (default: the game in progress's). */
  async open(mode = null) {
    try {
      await this.picker.load();
    } catch (err) {
      this.game.refused(err);
      return;
    }
    const view = this.game.view;
    this.picker.set(mode ?? (view ? modeOf(view) : {}));
    this.tier.show(this.picker.mode());
    this.day = null;
    if (!(await this.show(null))) return;
    this.beforeOpen();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Ask for the calendar of `month` (null: this month), the mode and the difficulty chosen,
   *  and draw it; false if it could not be had (said in the dialog, or in a toast before it
   *  opens). */
  async show(month) {
    const query = new URLSearchParams({ ...this.picker.mode(), today: today() });
    if (month) query.set("month", month);
    const tier = this.tier.value();
    if (tier) query.set("tier", tier);
    const asked = ++this.asked;
    let data;
    try {
      data = await call("GET", `/api/daily?${query}`);
    } catch (err) {
      if (asked !== this.asked) return false;
      if (this.dialog.open && err instanceof ApiError && err.status >= 400 && err.status < 500) {
        this.error.textContent = reasonText(err.reason, err.params, err.message);
      } else this.game.refused(err);
      return false;
    }
    if (asked !== this.asked) return false;
    this.error.textContent = "";
    this.data = data;
    const chosen = data.days.find((day) => day.day === this.day && day.playable);
    const todays = data.days.find((day) => day.day === data.today);
    this.day = chosen?.day ?? todays?.day ?? null;
    this.draw();
    return true;
  }

  /** Draw the calendar shown (again after a change of language). */
  draw() {
    const data = this.data;
    if (!data) return;
    $("#daily-month").textContent = dateText(data.month, { month: "long", year: "numeric" });
    $("#daily-prev").disabled = !data.previous;
    $("#daily-next").disabled = !data.next;
    const head = document.createElement("tr");
    for (const day of WEEK) {
      const cell = document.createElement("th");
      cell.scope = "col";
      const name = document.createElement("abbr");
      name.title = dateText(day, { weekday: "long" });
      name.textContent = dateText(day, { weekday: "short" });
      cell.append(name);
      head.append(cell);
    }
    const rows = [];
    let row = document.createElement("tr");
    const blank = (new Date(`${data.month}-01T12:00:00Z`).getUTCDay() + 6) % 7;
    for (let i = 0; i < blank; i++) row.append(document.createElement("td"));
    for (const day of data.days) {
      if (row.children.length === 7) {
        rows.push(row);
        row = document.createElement("tr");
      }
      const cell = document.createElement("td");
      cell.append(this.dayButton(day, data.today));
      row.append(cell);
    }
    rows.push(row);
    const calendar = $("#daily-calendar");
    calendar.replaceChildren(document.createElement("thead"), document.createElement("tbody"));
    calendar.tHead.append(head);
    calendar.tBodies[0].append(...rows);
    this.play.disabled = !this.day;
    this.play.textContent = this.day ? t("daily_play", { day: shortDay(this.day) }) : t("daily_pick");
  }

  /** The button of one day of the calendar: its number, its mark, chosen or not. */
  dayButton(day, todayIs) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "day";
    button.dataset.day = day.day;
    if (day.state) button.classList.add(day.state);
    if (day.day === todayIs) {
      button.classList.add("today");
      button.setAttribute("aria-current", "date");
    }
    button.disabled = !day.playable;
    button.setAttribute("aria-pressed", String(day.day === this.day));
    const number = document.createElement("span");
    number.textContent = String(Number(day.day.slice(8)));
    button.append(number);
    const words = [dateText(day.day, { day: "numeric", month: "long" })];
    if (day.state) words.push(t(`day_${day.state}`));
    if (day.day === todayIs) words.push(t("day_today"));
    button.setAttribute("aria-label", words.join(", "));
    button.addEventListener("click", () => {
      this.day = day.day;
      this.draw();
      $(`#daily-calendar [data-day='${day.day}']`)?.focus();
    });
    return button;
  }

  /** Start the daily deal of the day chosen (after "Leave this game?" if it is unfinished). */
  async start() {
    if (!this.day || this.wait.waiting()) return;
    const body = { ...dailyBody(this.picker.mode(), this.day), tier: this.tier.value() };
    if (!(await mayLeave(this.game, t("confirm_new")))) return;
    await this.begin(body);
  }

  /** Start the daily deal of `body`, the player having agreed to leave the game in progress;
   *  one of a difficulty not found yet is waited for in the dialog (open again if it was
   *  closed: the game in progress stays meanwhile). */
  async begin(body) {
    this.status.textContent = t("daily_finding");
    this.play.disabled = true; // one start at a time
    let waiting = false;
    try {
      const view = await this.game.start(body, true);
      this.dialog.close();
      this.game.hooks.message(t("daily_started", { day: shortDay(view.daily) }));
    } catch (err) {
      waiting = notReady(err);
      const none = waiting ? null : tierRefusal(err, body.day);
      const mistake =
        err instanceof ApiError && err.reason !== "game_over" && err.status >= 400 && err.status < 500;
      if ((waiting || none) && !this.dialog.open) this.dialog.showModal();
      if (waiting) this.wait.begin(body, err);
      else if (none) this.error.textContent = none;
      else if (mistake && this.dialog.open) {
        this.error.textContent = reasonText(err.reason, err.params, err.message);
      } else {
        this.dialog.close();
        this.game.refused(err);
      }
    } finally {
      this.status.textContent = "";
      if (!waiting) this.play.disabled = !this.day;
    }
  }
}
