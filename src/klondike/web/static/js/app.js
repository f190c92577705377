// The page's entry: builds the table, the bar, the inputs and the dialogs and wires them to
// the game. Each concern lives in its own module; nothing here decides anything.

import { Bar } from "./bar.js";
import { Board } from "./board.js";
import { mayLeave } from "./dialogs/confirm.js";
import { NewGameDialog } from "./dialogs/new-game.js";
import { StatsDialog } from "./dialogs/stats.js";
import { WinDialog } from "./dialogs/win.js";
import { Game } from "./game.js";
import { Hints } from "./hint.js";
import { pileWords, t, translatePage } from "./i18n.js";
import { PointerInput } from "./input.js";
import { KeyboardInput } from "./keyboard.js";
import { bindLanguage } from "./language.js";
import { copyCode, copyLink, takeLinkedCode } from "./share.js";
import { bindShortcuts } from "./shortcuts.js";
import { announce, toast } from "./toast.js";

const $ = (selector) => document.querySelector(selector);

const board = new Board($("#board"));
const bar = new Bar($);
const game = new Game({
  show(view) {
    board.setView(view);
    bar.show(view);
    hints.viewShown(view);
    win.showIfWon(view);
  },
  started: () => win.reset(),
  played(move) {
    const [source, target] = move.split("-");
    announce(`${pileWords(source)} → ${pileWords(target)}`);
  },
  message: (text) => toast(text),
});
const win = new WinDialog(game, () => newGame.open());
const newGame = new NewGameDialog(game, () => win.close());
const stats = new StatsDialog(game);
const hints = new Hints(game, board, (text) => toast(text, 5000));

// ------------------------------------------------------------------ the table's input

const tableTakesInput = () => !document.querySelector("dialog[open]") && Boolean(game.view);
const drag = (card, target) => game.act({ action: "drag", card, target });

const pointer = new PointerInput(board, {
  enabled: tableTakesInput,
  targets: (card) => game.targets(card),
  tap(gesture) {
    if (gesture.pile === "S") {
      game.tapPile("S");
      return;
    }
    if (!gesture.card || !gesture.top) return; // a card under others, a back, an empty pile
    // A tap never plays a card not aimed at: sent only while the card is still on top.
    gesture.done = game.tapPile(gesture.pile, gesture.card).then((data) => {
      gesture.played = data?.played ?? null;
    });
  },
  secondTap(first) {
    // The second tap of a double tap: only if the first one played nothing.
    if (!first.card) return;
    game.act(() =>
      first.played ? null : { action: "double_tap", pile: first.pile, card: first.card },
    );
  },
  drag,
});

const keyboard = new KeyboardInput(board, {
  enabled: tableTakesInput,
  targets: (card) => game.targets(card),
  tapPile: (pile, card) => game.tapPile(pile, card),
  doubleTap: (pile, card) =>
    game.act(card ? { action: "double_tap", pile, card } : { action: "double_tap", pile }),
  drag,
  announce,
});

board.onRendered = () => keyboard.restore();

// ------------------------------------------------------------------ the bar

const undo = () => game.act({ action: "undo" });

async function restart() {
  if (game.view && (await mayLeave(game, t("confirm_restart")))) game.restart();
}

$("#new-game").addEventListener("click", () => newGame.open());
$("#undo").addEventListener("click", undo);
$("#restart").addEventListener("click", restart);
$("#stats-button").addEventListener("click", () => stats.open());
$("#hint").addEventListener("click", () => hints.ask());
$("#keys-button").addEventListener("click", () => {
  const help = $("#keys-help");
  help.hidden = !help.hidden;
});
$("#code").addEventListener("click", () => game.view && copyCode(game.view.code));
$("#share").addEventListener("click", () => game.view && copyLink(game.view.code));
bindLanguage($("#lang"), () => board.relabel());
bindShortcuts({ undo, newGame: () => newGame.open(), hint: () => hints.ask() });

// Back to this tab: another tab may have played meanwhile.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") game.refresh();
});

// ------------------------------------------------------------------ start

/** Show the game in progress, then the deal of a shared link (?code=…) if there is one. */
async function start() {
  translatePage();
  const view = await game.follow();
  if (!view) return;
  const code = takeLinkedCode();
  if (code === null) return;
  if (view.code === code.trim().toUpperCase() && view.moves === 0) return;
  if (await mayLeave(game, t("confirm_link", { code: code.trim() }))) game.start({ code });
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

window.klondike = { state: game, board, pointer, keyboard, hints, idle };
start();
