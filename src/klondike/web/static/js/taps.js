// What the pointer's taps ask of the game. A tap on the stock draws; a tap on a card asks the
// server to tap it (to its foundation; with the setting "one tap moves a card where it fits",
// where its double tap would go, a card under others with them). A card the tap sends
// nowhere is picked up if it may go somewhere (the piles it may go to light up: a tap on one
// puts it there), or shakes; a second tap close behind makes a double tap instead. With a
// card picked up, a tap on a lit pile puts it down there; any other tap lets it go first.

import { DOUBLE_MS } from "./input.js";

/**
 * The tap and second-tap handlers of the pointer (input.js).
 * @param {object} deps
 * @param {import("./game.js").Game} deps.game
 * @param {import("./board.js").Board} deps.board
 * @param {import("./pick.js").Pick} deps.pick the card picked up (shared with the keys)
 * @param {() => boolean} deps.whereItFits the setting "one tap moves a card where it fits"
 * @param {(card: string, target: string) => Promise<any>} deps.drag puts a card on a pile
 * @param {() => void} deps.touched the player touched the table (the sound may start)
 */
export function tapActions({ game, board, pick, whereItFits, drag, touched }) {
  /** The card a tap sent nowhere: picked up if it may go somewhere, else it shakes. */
  function nowhere(gesture) {
    if (gesture.second) return; // a double tap followed
    const item = board.item(gesture.card);
    if (item?.movable && game.targets(gesture.card).length) pick.take(gesture.card, item.pile);
    else board.shake(gesture.card);
  }

  return {
    tap(gesture) {
      touched();
      if (pick.card) {
        const { card, pile } = pick;
        pick.letGo();
        if (game.targets(card).includes(gesture.pile)) {
          gesture.played = "put down"; // no double tap follows from this tap
          gesture.done = drag(card, gesture.pile);
          return;
        }
        if (gesture.pile === pile) {
          gesture.played = "let go";
          return; // a tap on the card's own pile only lets it go
        }
      }
      if (gesture.pile === "S") {
        game.tapPile("S");
        return;
      }
      if (!gesture.card) return; // a back, an empty pile
      if (!gesture.top && !whereItFits()) {
        // a card under others: the app's tap sends it nowhere (a double tap moves it)
        setTimeout(() => nowhere(gesture), DOUBLE_MS);
        return;
      }
      // A tap never plays a card not aimed at: sent only while the card still lies there.
      gesture.done = game.tapPile(gesture.pile, gesture.card, !gesture.top).then((data) => {
        gesture.played = data?.played ?? null;
        if (data && data.played === null) setTimeout(() => nowhere(gesture), DOUBLE_MS);
      });
    },

    secondTap(first) {
      // The second tap of a double tap: only if the first one played nothing.
      if (!first.card) return;
      first.second = true;
      pick.letGo();
      game
        .act(() => (first.played ? null : { action: "double_tap", pile: first.pile, card: first.card }))
        .then((data) => {
          if (data && data.played === null) board.shake(first.card);
        });
    },
  };
}
