// Keyboard play: every pile and every face-up card can be reached and played.
//
// Tab goes from pile to pile; the arrow keys move between piles (left/right) and along a
// column's face-up cards and between the two rows (up/down). Enter or Space taps, D double
// taps, M picks the focused card up and puts it down on the focused pile (Enter also puts
// it down), Escape lets go. The page-wide keys (U or Ctrl+Z undo, N new game) are in
// shortcuts.js. Like the pointer, this only says what the player did; the server decides.

import { cardWords, t } from "./i18n.js";
import { pileCards, topCard } from "./piles.js";

const TOP_ROW = ["S", "W", null, "F1", "F2", "F3", "F4"];
const COLUMNS = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"];

function slotOf(pile) {
  const i = TOP_ROW.indexOf(pile);
  return i >= 0 ? i : COLUMNS.indexOf(pile);
}

/** Keys on the table: moves a cursor over piles and cards and says what the player did. */
export class KeyboardInput {
  /**
   * @param {import("./board.js").Board} board the table the keys act on
   * @param {object} actions what the keys ask for:
   *   enabled() -> bool, whether the table takes keys now (no dialog open, a game shown);
   *   targets(card) -> pile names the card may go to, to light them up;
   *   tapPile(pile, card?) taps a pile (card: the card aimed at, if any, perhaps one under
   *     others);
   *   doubleTap(pile, card?) double taps it;
   *   drag(card, target) puts a picked-up card down on a pile;
   *   announce(text) tells a screen reader what happened.
   * @param {import("./pick.js").Pick} pick the card picked up (the pointer's taps share it)
   */
  constructor(board, actions, pick) {
    this.board = board;
    this.actions = actions;
    this.cursor = null; // {pile, card}
    this.pick = pick;
    board.root.addEventListener("keydown", (e) => this.key(e));
    board.root.addEventListener("focusin", (e) => this.focused(e));
  }

  /** Focus moved into the table: the cursor follows it. */
  focused(e) {
    const pileEl = e.target.closest?.("[data-pile]");
    if (!pileEl) return;
    const card = e.target.dataset?.card ?? null;
    const item = card ? this.board.item(card) : null;
    this.cursor = { pile: item ? item.pile : pileEl.dataset.pile, card };
  }

  /** The face-up cards of a pile as drawn now, bottom first. */
  cardsOf(pile) {
    return this.board.shown ? pileCards(this.board.shown, pile) : [];
  }

  /** The top card of a pile as drawn now, or null. */
  topOf(pile) {
    return this.board.shown ? topCard(this.board.shown, pile) : null;
  }

  /** Put the focus on a pile's card (its top card unless `card` is given) or on the pile. */
  focus(pile, card = undefined) {
    const name = card === undefined ? this.topOf(pile) : card;
    const el = (name && this.board.card(name)) || this.board.piles[pile];
    this.cursor = { pile, card: name && this.board.card(name) ? name : null };
    el.focus({ preventScroll: true });
  }

  /** After a redraw: keep the focus on the pile the player was on. */
  restore() {
    if (!this.cursor) return;
    const active = document.activeElement;
    if (active !== document.body && !this.board.root.contains(active)) return;
    const { pile } = this.cursor;
    const name = active?.dataset?.card;
    if (name && this.board.item(name)?.pile === pile) return;
    if (active === this.board.piles[pile] && !this.topOf(pile)) return;
    this.focus(pile);
  }

  /** One key on the table: move the cursor, tap, double tap, pick up or put down. */
  key(e) {
    if (!this.actions.enabled() || e.altKey || e.metaKey) return;
    const cursor = this.cursor;
    if (!cursor) return;
    const { pile, card } = cursor;
    let handled = true;
    switch (e.key) {
      case "ArrowLeft":
      case "ArrowRight":
        this.sideways(pile, e.key === "ArrowRight" ? 1 : -1);
        break;
      case "ArrowUp":
      case "ArrowDown":
        this.vertical(pile, card, e.key === "ArrowDown" ? 1 : -1);
        break;
      case "Enter":
      case " ":
        if (this.pick.card) this.drop(pile);
        else this.actions.tapPile(pile, card);
        break;
      case "d":
      case "D":
        if (pile !== "S") this.actions.doubleTap(pile, card ?? this.topOf(pile));
        else this.actions.tapPile(pile);
        break;
      case "m":
      case "M":
        if (this.pick.card) this.drop(pile);
        else this.pickUp(pile, card);
        break;
      case "Escape":
        if (this.pick.card) {
          this.pick.letGo();
          this.actions.announce(t("drop_cancelled"));
        } else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  /** Left or right (`step` -1 or 1) along the row, wrapping round. */
  sideways(pile, step) {
    const row = pile[0] === "T" ? COLUMNS : TOP_ROW.filter(Boolean);
    const i = row.indexOf(pile);
    this.focus(row[(i + step + row.length) % row.length]);
  }

  /** Up or down (`step` -1 or 1): along a column's face-up cards, or between the rows. */
  vertical(pile, card, step) {
    if (pile[0] !== "T") {
      if (step > 0) this.focus(COLUMNS[slotOf(pile)]);
      return;
    }
    const cards = this.cardsOf(pile);
    const i = card ? cards.indexOf(card) : cards.length;
    const next = i + step;
    if (next < 0 || (step < 0 && cards.length === 0)) {
      const slot = slotOf(pile);
      this.focus(TOP_ROW[slot] ?? "W");
    } else if (next < cards.length) {
      this.focus(pile, cards[next]);
    }
  }

  /** Pick up the focused card (a movable one) and light up where it may go. */
  pickUp(pile, card) {
    const name = card ?? this.topOf(pile);
    const item = name ? this.board.item(name) : null;
    if (!item?.movable) return;
    this.pick.take(name, item.pile);
    this.actions.announce(t("picked", { card: cardWords(name) }));
  }

  /** Put the picked-up card down on `pile` (its own pile: cancelled). */
  drop(pile) {
    const { card, pile: from } = this.pick;
    this.pick.letGo();
    if (pile === from) {
      this.actions.announce(t("drop_cancelled"));
      return;
    }
    this.cursor = { pile: from, card: null };
    this.actions.drag(card, pile);
  }
}
