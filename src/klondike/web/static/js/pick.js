// A card picked up without a drag: by a tap on a card that the tap sends nowhere, or by the
// M key. The piles it may go to light up, and a tap on one of them (or Enter on the focused
// pile) puts it down there, so that every drag can also be made with single taps (WCAG
// 2.2, 2.5.7). Like the pointer and the keys, this only says what the player did; the
// server decides what it means.

/** The card picked up, if any, shared by the pointer and the keys. */
export class Pick {
  /**
   * @param {import("./board.js").Board} board the table the card lies on
   * @param {(card: string) => string[]} targets the piles a card may go to (the view's)
   */
  constructor(board, targets) {
    this.board = board;
    this.targets = targets;
    this.card = null;
    this.pile = null;
  }

  /** Pick `card` (lying on `pile`) up and light up the piles it may go to. */
  take(card, pile) {
    this.letGo();
    this.card = card;
    this.pile = pile;
    this.board.card(card)?.classList.add("picked");
    this.board.highlight(this.targets(card));
  }

  /** Put it back where it lies (nothing is played). */
  letGo() {
    if (!this.card) return;
    this.board.card(this.card)?.classList.remove("picked");
    this.card = null;
    this.pile = null;
    this.board.highlight([]);
  }
}
