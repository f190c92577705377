// The page: the bar, the table, the dialogs, and the queue that sends the player's actions.
//
// Actions go to the server one at a time, each naming the version of the view it was made
// on; input that comes while one is on its way (or while cards still slide) waits in the
// queue, so nothing is lost and nothing is applied to the wrong position.

import { ApiError, call } from "./api.js";
import { Board } from "./board.js";
import {
  lang,
  pileWords,
  reasonText,
  setLang,
  t,
  translatePage,
} from "./i18n.js";
import { PointerInput } from "./input.js";
import { KeyboardInput } from "./keyboard.js";

const $ = (selector) => document.querySelector(selector);

const state = {
  view: null,
  clockBase: 0, // elapsed_ms of the last view
  clockAt: 0, // performance.now() when it came
  winShown: null, // id of the game whose win screen was shown
};

const board = new Board($("#board"));

// ------------------------------------------------------------------ the queue

const queue = [];
let pumping = false;

async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) await queue.shift()();
  pumping = false;
}

/** Run `job` after every job before it. Errors are shown unless `raw`: then they reject. */
function enqueue(job, raw = false) {
  return new Promise((resolve, reject) => {
    queue.push(async () => {
      try {
        resolve(await job());
      } catch (err) {
        if (raw) reject(err);
        else {
          refused(err);
          resolve(null);
        }
      }
    });
    pump();
  });
}

/** Send one action (or `make(view)`'s, skipped when it returns null) on the game in progress. */
function act(make) {
  return enqueue(async () => {
    const view = state.view;
    const body = typeof make === "function" ? make(view) : make;
    if (!body || !view) return null;
    const data = await call("POST", `/api/games/${view.id}/actions`, {
      version: view.version,
      ...body,
    });
    show(data);
    if (data.played) announce(moveWords(data.played));
    return data;
  });
}

function refused(err) {
  if (!(err instanceof ApiError)) {
    console.error(err);
    toast(reasonText("server_error", {}, String(err)));
    return;
  }
  if (err.game) show(err.game);
  if (err.reason === "game_over" && err.params?.status === "abandoned") {
    // Another tab started a new game: show the game in progress.
    enqueue(async () => show(await call("GET", "/api/game")));
  }
  if (err.reason === "network") toast(t("network", { detail: err.message }));
  else toast(reasonText(err.reason, err.params, err.message));
}

// ------------------------------------------------------------------ showing a view

function show(view) {
  state.view = view;
  state.clockBase = view.elapsed_ms;
  state.clockAt = performance.now();
  board.setView(view);
  updateBar();
  if (view.won && state.winShown !== view.id) {
    state.winShown = view.id;
    setTimeout(() => showWin(), 450);
  }
}

function updateBar() {
  const view = state.view;
  if (!view) return;
  $("#undo").disabled = !view.can_undo;
  $("#code").textContent = view.code;
  $("#score").textContent = view.score_text;
  $("#moves").textContent = String(view.moves);
  $("#score").closest(".info").classList.toggle("vegas", view.scoring === "vegas");
  tick();
}

function elapsed() {
  const view = state.view;
  if (!view) return 0;
  return view.clock_running
    ? state.clockBase + (performance.now() - state.clockAt)
    : state.clockBase;
}

function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() {
  const text = formatTime(elapsed());
  const el = $("#time");
  if (el.textContent !== text) el.textContent = text;
}

setInterval(tick, 250);

function unfinished() {
  const view = state.view;
  return Boolean(view && view.moves > 0 && !view.won);
}

// ------------------------------------------------------------------ messages

let toastTimer = 0;

function toast(text, ms = 3200) {
  const el = $("#toast");
  el.textContent = text;
  el.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("shown"), ms);
}

function announce(text) {
  const el = $("#announce");
  el.textContent = "";
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

function moveWords(move) {
  const [source, target] = move.split("-");
  return `${pileWords(source)} → ${pileWords(target)}`;
}

// ------------------------------------------------------------------ gestures

function targets(card) {
  return state.view?.targets?.[card] ?? [];
}

/** The top card of a pile in `view` (null for the stock or an empty pile). */
function topCard(view, pile) {
  let cards = [];
  if (pile === "W") cards = view.waste.top;
  else if (pile[0] === "F") cards = view.foundations[Number(pile[1]) - 1];
  else if (pile[0] === "T") cards = view.tableau[Number(pile[1]) - 1].up;
  return cards.length ? cards[cards.length - 1] : null;
}

/** Tap a pile (the card aimed at, if named). An empty stock that may not be turned again asks the engine, which says why. */
function tapPile(pile, card = null) {
  if (pile !== "S") {
    // With a card named, only while it is still the pile's top card when its turn comes.
    return act((view) =>
      card === null || topCard(view, pile) === card ? { action: "tap", pile } : null,
    );
  }
  return act((view) =>
    view.stock.count === 0 && view.stock.recycle !== "allowed"
      ? { action: "move", move: "W-S" }
      : { action: "tap", pile: "S" },
  );
}

const pointer = new PointerInput(board, {
  enabled: () => !document.querySelector("dialog[open]") && Boolean(state.view),
  targets,
  tap(gesture) {
    if (gesture.pile === "S") {
      tapPile("S");
      return;
    }
    if (!gesture.card || !gesture.top) return; // a card under others, a back, an empty pile
    // Sent only if the card tapped is still that pile's top card when its turn comes (an
    // action queued before it may have covered it): a tap never plays a card not aimed at.
    gesture.done = tapPile(gesture.pile, gesture.card).then((data) => {
      gesture.played = data?.played ?? null;
    });
  },
  secondTap(first) {
    // The second tap of a double tap: only if the first one played nothing.
    if (!first.card) return;
    act(() =>
      first.played ? null : { action: "double_tap", pile: first.pile, card: first.card },
    );
  },
  drag(card, target) {
    return act({ action: "drag", card, target });
  },
});

const keyboard = new KeyboardInput(board, {
  enabled: () => !document.querySelector("dialog[open]") && Boolean(state.view),
  targets,
  tapPile,
  doubleTap(pile, card) {
    return act(card ? { action: "double_tap", pile, card } : { action: "double_tap", pile });
  },
  drag(card, target) {
    return act({ action: "drag", card, target });
  },
  announce,
});

board.onRendered = () => keyboard.restore();

// ------------------------------------------------------------------ dialogs

function confirmDialog(text, yes = t("leave_yes"), title = t("confirm_title")) {
  const dialog = $("#confirm-dialog");
  $("#confirm-title").textContent = title;
  $("#confirm-text").textContent = text;
  $("#confirm-yes").textContent = yes;
  dialog.returnValue = "";
  dialog.showModal();
  $("#confirm-no").focus();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}

/** Start a game ({draw, scoring} or {code}); the game in progress is abandoned. */
function startGame(body, raw = false) {
  return enqueue(async () => {
    const current = state.view;
    const request = { ...body };
    if (current && !current.won) request.abandon = current.id;
    const view = await call("POST", "/api/games", request);
    state.winShown = null;
    closeWin();
    show(view);
    return view;
  }, raw);
}

function openNewGame() {
  const dialog = $("#new-dialog");
  const form = $("#new-form");
  const view = state.view;
  if (view) {
    form.elements.draw.value = String(view.draw);
    form.elements.scoring.value = view.scoring;
  }
  form.elements.code.value = "";
  $("#new-error").textContent = "";
  closeWin();
  dialog.showModal();
}

$("#new-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const form = e.target;
  const code = form.elements.code.value.trim();
  const body = code
    ? { code }
    : { draw: Number(form.elements.draw.value), scoring: form.elements.scoring.value };
  $("#new-error").textContent = "";
  if (unfinished() && !(await confirmDialog(t("confirm_new")))) return;
  try {
    await startGame(body, true);
    $("#new-dialog").close();
  } catch (err) {
    if (err instanceof ApiError && err.reason === "game_over") {
      // Another tab left this game for a new one already: follow the game in progress.
      $("#new-dialog").close();
      refused(err);
    } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      $("#new-error").textContent = reasonText(err.reason, err.params, err.message);
      form.elements.code.focus();
    } else {
      $("#new-dialog").close();
      refused(err);
    }
  }
});

$("#new-cancel").addEventListener("click", () => $("#new-dialog").close());
$("#code-input").addEventListener("input", () => {
  $("#new-error").textContent = "";
});

async function restart() {
  const view = state.view;
  if (!view) return;
  if (unfinished() && !(await confirmDialog(t("confirm_restart")))) return;
  enqueue(async () => {
    const current = state.view;
    const fresh = await call("POST", `/api/games/${current.id}/restart`, {
      version: current.version,
    });
    state.winShown = null;
    show(fresh);
  });
}

function showWin() {
  const view = state.view;
  if (!view?.won) return;
  $("#win-score").textContent = view.score_text;
  $("#win-moves").textContent = String(view.moves);
  $("#win-time").textContent = formatTime(view.elapsed_ms);
  $("#win-code").textContent = view.code;
  const dialog = $("#win-dialog");
  if (!dialog.open) dialog.showModal();
  $("#win-new").focus();
}

function closeWin() {
  const dialog = $("#win-dialog");
  if (dialog.open) dialog.close();
}

$("#win-again").addEventListener("click", () => {
  const code = state.view?.code;
  closeWin();
  if (code) startGame({ code });
});
$("#win-new").addEventListener("click", () => openNewGame());

// ------------------------------------------------------------------ statistics

function modeName(draw, scoring) {
  return t(`mode_d${draw}${scoring === "vegas" ? "v" : "n"}`);
}

function dollars(amount) {
  if (amount > 0) return `+$${amount}`;
  if (amount < 0) return `-$${-amount}`;
  return "$0";
}

function cell(tag, text, cls) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (cls) el.className = cls;
  return el;
}

function renderStats(data) {
  const modes = $("#stats-modes");
  modes.replaceChildren();
  const head = document.createElement("tr");
  head.append(cell("th", ""));
  for (const m of data.modes) {
    const th = cell("th", "", "num mode");
    for (const part of modeName(m.draw, m.scoring).split(" · ")) th.append(cell("span", part));
    head.append(th);
  }
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  const none = "–";
  const rows = [
    ["st_played", (m) => String(m.played)],
    ["st_won", (m) => String(m.won)],
    ["st_win_rate", (m) => `${Math.round(m.win_rate * 100)} %`],
    ["st_current_streak", (m) => String(m.current_streak)],
    ["st_longest_streak", (m) => String(m.longest_streak)],
    [
      "st_best_score",
      (m) => (m.best_score == null ? none : m.scoring === "vegas" ? dollars(m.best_score) : String(m.best_score)),
    ],
    ["st_fastest_win", (m) => (m.fastest_win_ms == null ? none : formatTime(m.fastest_win_ms))],
    ["st_fewest_moves", (m) => (m.fewest_moves == null ? none : String(m.fewest_moves))],
    ["st_perfect_wins", (m) => String(m.perfect_wins)],
    ["st_vegas_balance", (m) => (m.vegas_balance == null ? none : dollars(m.vegas_balance))],
  ];
  for (const [key, value] of rows) {
    const tr = document.createElement("tr");
    tr.dataset.stat = key.slice(3);
    tr.append(cell("th", t(key)));
    for (const m of data.modes) {
      const td = cell("td", value(m), "num");
      td.dataset.mode = `D${m.draw}${m.scoring === "vegas" ? "V" : "N"}`;
      tr.append(td);
    }
    tbody.append(tr);
  }
  modes.append(thead, tbody);

  const recent = $("#stats-recent");
  recent.replaceChildren();
  if (!data.recent.length) {
    const tr = document.createElement("tr");
    tr.append(cell("td", t("no_games")));
    recent.append(tr);
    return;
  }
  const rhead = document.createElement("tr");
  for (const key of ["col_date", "col_code", "col_mode", "col_result", "score", "moves", "time"]) {
    rhead.append(cell("th", t(key), `col-${key}`));
  }
  rhead.append(cell("th", ""));
  const rthead = document.createElement("thead");
  rthead.append(rhead);
  const rbody = document.createElement("tbody");
  const dates = new Intl.DateTimeFormat(lang(), { dateStyle: "short", timeStyle: "short" });
  for (const game of data.recent) {
    const tr = document.createElement("tr");
    tr.dataset.game = String(game.id);
    tr.dataset.result = game.result;
    const when = new Date(game.ended_at ?? game.started_at);
    tr.append(
      cell("td", Number.isNaN(when.getTime()) ? "" : dates.format(when), "col-col_date"),
      cell("td", game.code, "mono"),
      cell("td", modeName(game.draw, game.scoring), "col-col_mode"),
      cell("td", t(`result_${game.result}`), `result-${game.result}`),
      cell("td", game.score_text, "num"),
      cell("td", String(game.moves), "num"),
      cell("td", formatTime(game.elapsed_ms), "num col-time"),
    );
    const td = document.createElement("td");
    const button = cell("button", t("replay"), "btn btn-small replay");
    button.type = "button";
    button.setAttribute("aria-label", t("replay_label", { code: game.code }));
    button.addEventListener("click", () => replay(game.code));
    td.append(button);
    tr.append(td);
    rbody.append(tr);
  }
  recent.append(rthead, rbody);
}

async function openStats() {
  const dialog = $("#stats-dialog");
  $("#stats-error").textContent = "";
  try {
    renderStats(await call("GET", "/api/stats"));
  } catch (err) {
    refused(err);
    return;
  }
  if (!dialog.open) dialog.showModal();
}

async function replay(code) {
  if (unfinished() && !(await confirmDialog(t("confirm_replay", { code })))) return;
  $("#stats-dialog").close();
  startGame({ code });
}

$("#stats-reset").addEventListener("click", async () => {
  if (!(await confirmDialog(t("confirm_reset"), t("reset_yes"), t("reset_stats")))) return;
  try {
    renderStats(await call("POST", "/api/stats/reset", { confirm: true }));
    toast(t("stats_reset_done"));
  } catch (err) {
    $("#stats-error").textContent =
      err instanceof ApiError ? reasonText(err.reason, err.params, err.message) : String(err);
  }
});

// ------------------------------------------------------------------ the bar

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

$("#new-game").addEventListener("click", () => openNewGame());
$("#undo").addEventListener("click", () => act({ action: "undo" }));
$("#restart").addEventListener("click", () => restart());
$("#stats-button").addEventListener("click", () => openStats());
$("#keys-button").addEventListener("click", () => {
  const help = $("#keys-help");
  help.hidden = !help.hidden;
});
$("#code").addEventListener("click", async () => {
  const code = state.view?.code;
  if (!code) return;
  toast((await copyText(code)) ? t("code_copied", { code }) : t("copy_failed", { text: code }));
});
$("#share").addEventListener("click", async () => {
  const code = state.view?.code;
  if (!code) return;
  const link = `${location.origin}/?code=${encodeURIComponent(code)}`;
  toast((await copyText(link)) ? `${t("link_copied")}: ${link}` : t("copy_failed", { text: link }));
});

const langSelect = $("#lang");
langSelect.value = lang();
langSelect.addEventListener("change", () => {
  setLang(langSelect.value);
  translatePage();
  board.relabel();
  updateBar();
});

document.addEventListener("keydown", (e) => {
  if (document.querySelector("dialog[open]") || e.altKey || e.metaKey) return;
  const field = e.target.closest?.("input, select, textarea");
  if (field) return;
  if ((e.key === "z" || e.key === "Z") && e.ctrlKey) {
    e.preventDefault();
    act({ action: "undo" });
  } else if (e.ctrlKey) {
    return;
  } else if (e.key === "u" || e.key === "U") {
    act({ action: "undo" });
  } else if (e.key === "n" || e.key === "N") {
    e.preventDefault();
    openNewGame();
  }
});

// ------------------------------------------------------------------ start

async function start() {
  translatePage();
  let view;
  try {
    view = await call("GET", "/api/game");
  } catch (err) {
    refused(err);
    return;
  }
  show(view);
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  if (code === null) return;
  history.replaceState(null, "", location.pathname);
  const same = view.code === code.trim().toUpperCase() && view.moves === 0;
  if (same) return;
  if (unfinished() && !(await confirmDialog(t("confirm_link", { code: code.trim() })))) return;
  startGame({ code });
}

/** True when every action is answered and the table is at rest (the tests wait for it). */
function idle() {
  return (
    !pumping &&
    queue.length === 0 &&
    !board.frame &&
    !board.frozen &&
    !board.busy() &&
    board.shown === state.view &&
    !pointer.press
  );
}

// Back to this tab: another tab may have played meanwhile.
document.addEventListener("visibilitychange", () => {
  const view = state.view;
  if (document.visibilityState !== "visible" || !view) return;
  enqueue(async () => {
    const fresh = await call("GET", `/api/games/${view.id}`);
    if (fresh.status === "abandoned") show(await call("GET", "/api/game"));
    else if (fresh.version !== state.view.version) show(fresh);
  });
});

window.klondike = { state, board, pointer, keyboard, idle };
start();
