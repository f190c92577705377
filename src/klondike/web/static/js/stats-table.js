// The statistics tables: one column per mode (draw count and scoring), with the wins of each
// difficulty played; the daily deals, of each difficulty apart; then the recent games.

import { formatTime } from "./clock.js";
import { lang, money, scoreText, t } from "./i18n.js";
import { TIERS, tierMark, tierName } from "./tiers.js";

const NONE = "–";

// A mode by name: "Draw 1 · Normal"; a version without a score: "Classic · Draw 3".
function modeName(rules, draw, scoring) {
  if (scoring === "none") {
    return t("mode_version", { rules: t(`rules_${rules}`), draw: t(`draw${draw}_hint`) });
  }
  return t(`mode_d${draw}${scoring === "vegas" ? "v" : "n"}`);
}

// A mode as the tests find it: "D1N", "D3V"; a version without a score: "classic-D3".
function modeKey(m) {
  if (m.scoring === "none") return `${m.rules}-D${m.draw}`;
  return `D${m.draw}${m.scoring === "vegas" ? "V" : "N"}`;
}

function cell(tag, text, cls) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (cls) el.className = cls;
  return el;
}

function section(tag, rows) {
  const el = document.createElement(tag);
  el.append(...rows);
  return el;
}

// One row per figure: its label key and how a mode's value is written.
const FIGURES = [
  ["st_played", (m) => String(m.played)],
  ["st_won", (m) => String(m.won)],
  ["st_win_rate", (m) => `${Math.round(m.win_rate * 100)} %`],
  ["st_current_streak", (m) => String(m.current_streak)],
  ["st_longest_streak", (m) => String(m.longest_streak)],
  [
    "st_best_score",
    (m) => {
      if (m.best_score == null) return NONE;
      return m.scoring === "vegas" ? money(m.best_score) : String(m.best_score);
    },
  ],
  ["st_fastest_win", (m) => (m.fastest_win_ms == null ? NONE : formatTime(m.fastest_win_ms))],
  ["st_fewest_moves", (m) => (m.fewest_moves == null ? NONE : String(m.fewest_moves))],
  ["st_perfect_wins", (m) => String(m.perfect_wins)],
  ["st_hints", (m) => String(m.hints)],
  ["st_fair_hints", (m) => String(m.fair_hints)],
  ["st_peeked_hints", (m) => String(m.peeked_hints)],
  ["st_vegas_balance", (m) => (m.vegas_balance == null ? NONE : money(m.vegas_balance))],
];

const DAILY_COLUMNS = [
  "col_mode",
  "daily_played",
  "daily_won",
  "st_fastest_win",
  "st_current_streak",
  "st_longest_streak",
];

const RECENT_COLUMNS = ["col_date", "col_code", "col_mode", "col_result", "score", "moves", "time"];

function renderModes(table, modes) {
  const head = document.createElement("tr");
  head.append(section("th", [cell("span", t("st_figure"), "sr-only")]));
  for (const m of modes) {
    const th = cell("th", "", "num mode");
    th.dataset.rules = m.rules;
    for (const part of modeName(m.rules, m.draw, m.scoring).split(" · ")) th.append(cell("span", part));
    head.append(th);
  }
  const rows = FIGURES.map(([key, value]) => {
    const tr = document.createElement("tr");
    tr.dataset.stat = key.slice(3);
    tr.append(cell("th", t(key)));
    for (const m of modes) {
      const td = cell("td", value(m), "num");
      td.dataset.mode = modeKey(m);
      td.dataset.rules = m.rules;
      tr.append(td);
    }
    return tr;
  });
  const rate = rows.findIndex((tr) => tr.dataset.stat === "win_rate");
  rows.splice(rate + 1, 0, ...tierRows(modes));
  table.replaceChildren(section("thead", [head]), section("tbody", rows));
}

/** A mode's figures of a tier ({tier, played, won, win_rate}), or none. */
function tierOf(m, tier) {
  return (m.tiers ?? []).find((row) => row.tier === tier);
}

// A row per difficulty played in any mode: "Hard: won / played", each mode's "1 / 2" over
// its win rate ("50 %"), or "–" where none was played.
function tierRows(modes) {
  const played = TIERS.filter((tier) => modes.some((m) => tierOf(m, tier)?.played > 0));
  return played.map((tier) => {
    const tr = document.createElement("tr");
    tr.dataset.stat = `tier_${tier}`;
    tr.append(cell("th", t("st_tier", { tier: tierName(tier) })));
    for (const m of modes) {
      const figures = tierOf(m, tier);
      const td = cell("td", "", "num tier-figures");
      if (figures?.played > 0) {
        td.append(
          cell("span", `${figures.won} / ${figures.played}`),
          cell("span", `${Math.round(figures.win_rate * 100)} %`, "tier-rate"),
        );
      } else td.textContent = NONE;
      td.dataset.mode = modeKey(m);
      td.dataset.rules = m.rules;
      tr.append(td);
    }
    return tr;
  });
}

function renderRecent(table, games, replay, review) {
  if (!games.length) {
    const tr = document.createElement("tr");
    tr.append(cell("td", t("no_games")));
    table.replaceChildren(tr);
    return;
  }
  const head = document.createElement("tr");
  for (const key of RECENT_COLUMNS) head.append(cell("th", t(key), `col-${key}`));
  head.append(section("th", [cell("span", t("replay"), "sr-only")]));
  const dates = new Intl.DateTimeFormat(lang(), { dateStyle: "short", timeStyle: "short" });
  const rows = games.map((game) => {
    const tr = document.createElement("tr");
    tr.dataset.game = String(game.id);
    tr.dataset.result = game.result;
    if (game.tier) tr.dataset.tier = game.tier;
    const result = cell("td", t(`result_${game.result}`), `result-${game.result}`);
    if (game.tier) result.append(" ", tierMark(game.tier));
    const when = new Date(game.ended_at ?? game.started_at);
    tr.append(
      cell("td", Number.isNaN(when.getTime()) ? "" : dates.format(when), "col-col_date"),
      cell("td", game.code, "mono"),
      cell("td", modeName(game.rules, game.draw, game.scoring), "col-col_mode"),
      result,
      cell("td", scoreText(game.score, game.scoring), "num"),
      cell("td", String(game.moves), "num col-moves"),
      cell("td", formatTime(game.elapsed_ms), "num col-time"),
    );
    const button = cell("button", t("replay"), "btn btn-small replay");
    button.type = "button";
    button.setAttribute("aria-label", t("replay_label", { code: game.code }));
    button.addEventListener("click", () => replay(game.code));
    const actions = section("div", [button]);
    if (game.result !== "playing") {
      // a game still in play has no review yet (the server refuses it until it is over)
      const analyse = cell("button", t("review"), "btn btn-small review");
      analyse.type = "button";
      analyse.setAttribute("aria-label", t("review_label", { code: game.code }));
      analyse.addEventListener("click", () => review(game.id));
      actions.append(analyse);
    }
    actions.className = "recent-actions"; // Replay and Review, side by side at one size
    tr.append(section("td", [actions]));
    return tr;
  });
  table.replaceChildren(section("thead", [head]), section("tbody", rows));
}

// The daily deals: a row per mode in which one was played (days played and won, the fastest
// win, the streaks of days won in a row), and one per mode and difficulty whose daily deals
// were played ("Draw 1 · Normal · Difficulty: Hard"): a difficulty's daily deals are its own.
function renderDaily(table, modes) {
  const played = modes.flatMap((m) => {
    const name = modeName(m.rules, m.draw, m.scoring);
    const tiers = (m.tiers ?? []).filter((row) => row.played > 0);
    return [
      ...(m.played > 0 ? [{ ...m, name }] : []),
      ...tiers.map((row) => ({ ...m, ...row, name: `${name} · ${t("tier_label")}${tierName(row.tier)}` })),
    ];
  });
  if (!played.length) {
    const tr = document.createElement("tr");
    tr.append(cell("td", t("no_daily")));
    table.replaceChildren(tr);
    return;
  }
  const head = document.createElement("tr");
  for (const key of DAILY_COLUMNS) head.append(cell("th", t(key)));
  const rows = played.map((m) => {
    const tr = document.createElement("tr");
    tr.dataset.mode = modeKey(m);
    if (m.tier) tr.dataset.tier = m.tier;
    const name = m.name + (m.won_today ? ` ✓` : "");
    tr.append(
      cell("td", name),
      cell("td", String(m.played), "num"),
      cell("td", String(m.won), "num"),
      cell("td", m.fastest_win_ms == null ? NONE : formatTime(m.fastest_win_ms), "num"),
      cell("td", String(m.current_streak), "num"),
      cell("td", String(m.longest_streak), "num"),
    );
    return tr;
  });
  table.replaceChildren(section("thead", [head]), section("tbody", rows));
}

/**
 * The version picker of a narrow screen: a choice per version of `modes`; the table of
 * figures shows the chosen version's modes only (the others' cells are marked
 * `other-version`, which the stylesheet hides on a narrow screen only).
 * @param {HTMLFieldSetElement} picker
 * @param {HTMLTableElement} table the table of figures per mode
 * @param {object[]} modes the modes of /api/stats
 * @param {string} chosen the version shown first (the game in progress's)
 */
export function renderVersionPicker(picker, table, modes, chosen) {
  const versions = [...new Set(modes.map((m) => m.rules))];
  const pick = versions.includes(chosen) ? chosen : versions[0];
  const show = (version) => {
    for (const el of table.querySelectorAll("[data-rules]")) {
      el.classList.toggle("other-version", el.dataset.rules !== version);
    }
  };
  const choices = versions.map((version) => {
    const label = cell("label", "", "choice");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "stats_version";
    input.value = version;
    input.checked = version === pick;
    input.addEventListener("change", () => show(version));
    label.append(input, section("span", [cell("b", t(`rules_${version}`))]));
    return label;
  });
  picker.replaceChildren(picker.querySelector("legend"), ...choices);
  show(pick);
}

/**
 * Fill the statistics tables from the server's /api/stats answer.
 * @param {HTMLTableElement} modes the table of figures per mode
 * @param {HTMLTableElement} daily the table of the daily deals
 * @param {HTMLTableElement} recent the table of recent games
 * @param {object} data {modes: [...], daily: [...], recent: [...]}
 * @param {(code: string) => void} replay what a game's Replay button does
 * @param {(id: number) => void} review what a game's Review button does
 */
export function renderStats(modes, daily, recent, data, replay, review = () => {}) {
  renderModes(modes, data.modes);
  renderDaily(daily, data.daily);
  renderRecent(recent, data.recent, replay, review);
}
