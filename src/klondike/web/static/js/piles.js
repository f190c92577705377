// The piles of a view by name ("S", "W", "F1"…"F4", "T1"…"T7") and the cards that lie face
// up on them: the one place that reads a pile out of the server's view.

/** Every pile, in the order the table is laid out. */
export const PILES = ["S", "W", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4", "T5", "T6", "T7"];

/** The suit letter of each foundation, F1 to F4. */
export const SUITS = "SHDC";

/**
 * The face-up cards of `pile` in `view` that the table shows, bottom first: the waste's
 * visible top cards, a foundation, a column's face-up run; none for the stock.
 * @param {object} view the server's view of a game
 * @param {string} pile a pile name
 * @returns {string[]} card names such as "TH"
 */
export function pileCards(view, pile) {
  if (pile === "W") return view.waste.top;
  if (pile[0] === "F") return view.foundations[Number(pile[1]) - 1];
  if (pile[0] === "T") return view.tableau[Number(pile[1]) - 1].up;
  return [];
}

/**
 * The top card of `pile` in `view`, or null (the stock, an empty pile).
 * @param {object} view the server's view of a game
 * @param {string} pile a pile name
 * @returns {string | null}
 */
export function topCard(view, pile) {
  const cards = pileCards(view, pile);
  return cards.length ? cards[cards.length - 1] : null;
}
