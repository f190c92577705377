// The page's entry: builds the table, the bar, the inputs and the dialogs and wires them to
// the game. Each concern lives in its own module; nothing here decides anything.

import { ApiError } from "./api.js";
import { Bar } from "./bar.js";
import { Board, durationMs } from "./board.js";
import { celebrate } from "./celebrate.js";
import { mayLeave } from "./dialogs/confirm.js";
import { DailyDialog } from "./dialogs/daily.js";
import { HowToDialog } from "./dialogs/how-to.js";
import { NewGameDialog } from "./dialogs/new-game.js";
import { ReviewDialog } from "./dialogs/review.js";
import { StatsDialog } from "./dialogs/stats.js";
import { WinDialog } from "./dialogs/win.js";
import { soundOf } from "./feedback.js";
import { FinishButton } from "./finish.js";
import { Game } from "./game.js";
import { Gauge } from "./gauge.js";
import { Hints } from "./hint.js";
import { lang, pileWords, RANK_LABELS, reasonText, t, translatePage } from "./i18n.js";
import { PointerInput } from "./input.js";
import { KeyboardInput } from "./keyboard.js";
import { bindLanguage } from "./language.js";
import { keepPageOffline, lookForNewPage } from "./offline.js";
import { Outage } from "./outage.js";
import { reportPresence } from "./presence.js";
import { Pick } from "./pick.js";
import { topCard } from "./piles.js";
import { Settings } from "./settings.js";
import { copyCode, copyLink, takeLinkedCode } from "./share.js";
import { bindShortcuts } from "./shortcuts.js";
import { createSound } from "./sound.js";
import { tapActions } from "./taps.js";
import { announce, toast } from "./toast.js";

const $ = (selector) => document.querySelector(selector);

const board = new Board($("#board"));
const bar = new Bar($);
const sound = createSound({ enabled: false });
let before = null; // the view shown before the last one (for the sound of a move)
let latest = null;
const game = new Game({
  show(view) {
    // another table: a card picked up is put back
    if (latest && (latest.id !== view.id || latest.version !== view.version)) pick.letGo();
    [before, latest] = [latest, view];
    board.setView(view);
    bar.show(view);
    finish.show(view);
    hints.viewShown(view);
    gauge.viewShown(view);
    win.showIfWon(view);
  },
  started: () => win.reset(),
  left(id) {
    const button = $("#review-last");
    button.dataset.game = String(id);
    button.hidden = false;
    bar.fit();
  },
  played(move) {
    const [source, target] = move.split("-");
    announce(`${pileWords(source)} → ${pileWords(target)}`);
    sound.play(game.view?.won ? "win" : soundOf(move, before, game.view));
  },
  message(text) {
    toast(text);
    sound.play("refuse");
  },
  pace: () => durationMs(document.documentElement, "--finish"),
});
const settings = new Settings((values) => {
  sound.setEnabled(values.sound);
  board.speedChanged();
  board.setLeftHanded(values.left_handed);
  board.schedule(false); // the corner index's size may have changed: the fans follow it
  hints.setEnabled(values.hints);
  gauge.setEnabled(values.winnable_gauge);
  bar.fit(); // the gauge takes room on the bar, or gives it back
  if (game.view) finish.show(game.view);
});
const settled = () =>
  new Promise((resolve) => {
    const wait = () => (idle() ? resolve() : requestAnimationFrame(wait));
    requestAnimationFrame(wait);
  });
const finish = new FinishButton($("#finish"), game, {
  enabled: () => settings.values.finish_button,
  pace: () => durationMs(document.documentElement, "--finish"),
});
const review = new ReviewDialog((id, before) => game.practice(id, before));
const win = new WinDialog(
  game,
  () => newGame.open(),
  async () => {
    await settled();
    if (settings.values.cascade === "none") return;
    await celebrate($("#table"), document.querySelectorAll(".pile-F [data-card]"), {
      speed: settings.speed(),
      labels: RANK_LABELS[lang()],
      length: settings.values.cascade,
      skipText: t(matchMedia("(pointer: coarse)").matches ? "skip_touch" : "skip_mouse"),
    });
  },
  (id, back) => review.open(id, back),
);
$("#review-last").addEventListener("click", (e) => review.open(Number(e.currentTarget.dataset.game)));
const daily = new DailyDialog(game, () => win.close());
const newGame = new NewGameDialog(game, () => win.close(), (mode) => daily.open(mode));
const howTo = new HowToDialog(game, settings);
const stats = new StatsDialog(game, (id) => review.open(id));
const hints = new Hints(game, board, (text) => toast(text, 5000));
const gauge = new Gauge(game, $);

// ------------------------------------------------------------------ the table's input

const tableTakesInput = () => !document.querySelector("dialog[open]") && Boolean(game.view);
const drag = (card, target) => game.act({ action: "drag", card, target });

const pick = new Pick(board, (card) => game.targets(card));
const pointer = new PointerInput(board, {
  enabled: tableTakesInput,
  targets: (card) => game.targets(card),
  ...tapActions({
    game,
    board,
    pick,
    whereItFits: () => Boolean(settings.values.tap_where_it_fits),
    drag,
    touched: () => sound.unlock(),
  }),
  drag,
});

const keyboard = new KeyboardInput(board, {
  enabled: tableTakesInput,
  targets: (card) => game.targets(card),
  tapPile(pile, card) {
    // a card under others: the app's tap leaves it; "one tap moves a card where it fits" not
    const under = Boolean(card) && card !== topCard(game.view, pile);
    if (under && !settings.values.tap_where_it_fits) return null;
    return game.tapPile(pile, card, under);
  },
  doubleTap: (pile, card) =>
    game
      .act(card ? { action: "double_tap", pile, card } : { action: "double_tap", pile })
      .then((data) => {
        if (data && data.played === null && card) board.shake(card);
        return data;
      }),
  drag,
  announce,
}, pick);

board.onRendered = () => keyboard.restore();

// A version whose rules say so draws with a right click anywhere on the table (no context
// menu there); in the others a right click does nothing special.
$("#table").addEventListener("contextmenu", (e) => {
  if (!game.view?.rules.right_click_draws) return;
  e.preventDefault();
  if (tableTakesInput()) game.tapPile("S");
});

// ------------------------------------------------------------------ the bar

const undo = () => game.act({ action: "undo" });
const redo = () => game.act({ action: "redo" });

async function restart() {
  if (game.view && (await mayLeave(game, t("confirm_restart")))) game.restart();
}

$("#new-game").addEventListener("click", () => newGame.open());
$("#daily-button").addEventListener("click", () => daily.open());
$("#help-button").addEventListener("click", () => howTo.open());
$("#undo").addEventListener("click", undo);
$("#redo").addEventListener("click", redo);
$("#restart").addEventListener("click", restart);
$("#stats-button").addEventListener("click", () => stats.open());
$("#settings-button").addEventListener("click", () => settings.open());
$("#hint").addEventListener("click", () => hints.ask());
$("#keys-button").addEventListener("click", () => {
  const help = $("#keys-help");
  help.hidden = !help.hidden;
  document.body.classList.toggle("keys-shown", !help.hidden);
});
$("#code").addEventListener("click", () => game.view && copyCode(game.view.code));
$("#share").addEventListener("click", () => game.view && copyLink(game.view.code));
bindLanguage($("#lang"), () => {
  board.relabel();
  bar.draw();
  bar.fit();
  daily.draw();
  howTo.draw();
  gauge.draw();
});
bindShortcuts({ undo, redo, newGame: () => newGame.open(), hint: () => hints.ask() });

// Back to this tab: another tab may have played meanwhile, the server may have a new page.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible") return;
  game.refresh();
  lookForNewPage();
});
// The clock counts play only: the server hears when the page is hidden or shown again.
const presence = reportPresence(
  () => game.view,
  (view) => {
    if (view.id === game.view?.id && view.version === game.view.version) bar.clock.set(view);
  },
);
addEventListener("pointerdown", () => sound.unlock(), { capture: true });

// ------------------------------------------------------------------ start

// The server stopped answering: a notice says what to start; once it answers again the page
// catches up (or, opened while it was down, starts).
new Outage($("#outage"), () => {
  if (!game.view) window.klondike.ready = start();
  else {
    game.refresh();
    presence.report();
  }
  lookForNewPage(); // the server may have been upgraded meanwhile
});

/** Show the game in progress, then the deal of a shared link (?code=…) if there is one, then
 *  How to play on a first visit. */
async function start() {
  translatePage();
  await settings.load();
  const view = await game.follow();
  if (!view) return;
  presence.report();
  await openLinked(view);
  await howTo.offer();
}

/** Start the deal of a shared link (?code=…) if there is one: a code that cannot be played is
 *  said at once, and the game in progress stays. */
async function openLinked(view) {
  const linked = takeLinkedCode();
  if (linked === null) return;
  let code;
  try {
    code = (await game.checkCode(linked.trim().toUpperCase())).code;
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      toast(reasonText(err.reason, err.params, err.message), 6000);
    } else game.refused(err);
    return;
  }
  if (view.code === code) {
    toast(t("link_in_play", { code }), 4000); // the deal of the link is the one in play
    return;
  }
  if (await mayLeave(game, t("confirm_link", { code }))) game.start({ code });
}

/** True when every action is answered and the table is at rest (the tests wait for it). */
function idle() {
  return (
    game.queue.idle() &&
    !board.frame &&
    !bar.frame &&
    !board.frozen &&
    !board.busy() &&
    board.shown === game.view &&
    !pointer.press
  );
}

window.klondike = { state: game, board, pointer, keyboard, idle, settings, sound, finish, hints, gauge };
// settled once the page has shown its game and offered what it offers (the tests wait for it)
window.klondike.ready = start();
// the page's files kept for a start without the server (the tests wait for it too)
window.klondike.offline = window.klondike.ready.then(keepPageOffline);
