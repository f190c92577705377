// Keyboard play: every pile and every face-up card can be reached and played.
//
// Tab goes from pile to pile; the arrow keys move between piles (left/right) and along a
// column's face-up cards and between the two rows (up/down). Enter or Space taps, D double
// taps, M picks the focused card up and puts it down on the focused pile (Enter also puts
// it down), Escape lets go. U (or Ctrl+Z) undoes, N opens the New game dialog.

import { cardWords, t } from "./i18n.js";

const TOP_ROW = ["S", "W", null, "F1", "F2", "F3", "F4"];
const COLUMNS = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"];

function slotOf(pile) {
  const i = TOP_ROW.indexOf(pile);
  return i >= 0 ? i : COLUMNS.indexOf(pile);
}

export class KeyboardInput {
  /**
   * @param board the Board
   * @param actions {tapPile(pile, card), doubleTap(pile, card), drag(card, target), targets(card),
   *   undo(), newGame(), announce(text), enabled()}
   */
  constructor(board, actions) {
    this.board = board;
    this.actions = actions;
    this.cursor = null; // {pile, card}
    this.picked = null; // {card, pile}
    board.root.addEventListener("keydown", (e) => this.key(e));
    board.root.addEventListener("focusin", (e) => this.focused(e));
  }

  focused(e) {
    const pileEl = e.target.closest?.("[data-pile]");
    if (!pileEl) return;
    const card = e.target.dataset?.card ?? null;
    const item = card ? this.board.item(card) : null;
    this.cursor = { pile: item ? item.pile : pileEl.dataset.pile, card };
  }

  /** The face-up cards of a pile as drawn now, bottom first. */
  cardsOf(pile) {
    const names = [];
    for (const item of this.board.items?.values() ?? []) {
      if (item.pile === pile && item.name) names.push(item);
    }
    return names.sort((a, b) => a.z - b.z).map((item) => item.name);
  }

  topOf(pile) {
    const cards = this.cardsOf(pile);
    return pile === "S" ? null : (cards[cards.length - 1] ?? null);
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
        if (this.picked) this.drop(pile);
        else if (pile === "S" || !card || card === this.topOf(pile)) {
          this.actions.tapPile(pile, card);
        }
        break;
      case "d":
      case "D":
        if (pile !== "S") this.actions.doubleTap(pile, card ?? this.topOf(pile));
        else this.actions.tapPile(pile);
        break;
      case "m":
      case "M":
        if (this.picked) this.drop(pile);
        else this.pick(pile, card);
        break;
      case "Escape":
        if (this.picked) {
          this.letGo();
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

  sideways(pile, step) {
    const row = pile[0] === "T" ? COLUMNS : TOP_ROW.filter(Boolean);
    const i = row.indexOf(pile);
    this.focus(row[(i + step + row.length) % row.length]);
  }

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

  pick(pile, card) {
    const name = card ?? this.topOf(pile);
    const item = name ? this.board.item(name) : null;
    if (!item?.movable) return;
    this.picked = { card: name, pile: item.pile };
    this.board.card(name)?.classList.add("picked");
    this.board.highlight(this.actions.targets(name));
    this.actions.announce(t("picked", { card: cardWords(name) }));
  }

  drop(pile) {
    const picked = this.picked;
    this.letGo();
    if (pile === picked.pile) {
      this.actions.announce(t("drop_cancelled"));
      return;
    }
    this.cursor = { pile: picked.pile, card: null };
    this.actions.drag(picked.card, pile);
  }

  letGo() {
    if (this.picked) this.board.card(this.picked.card)?.classList.remove("picked");
    this.picked = null;
    this.board.highlight([]);
  }
}
