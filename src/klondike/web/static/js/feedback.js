// The sound of a move: which of the table's sounds (sound.js) an answered action makes.

/**
 * The sound of `move` ("S-W", "T3-F2", …) played from the view `before` to `after`.
 * @returns {"draw" | "turn" | "place"}
 */
export function soundOf(move, before, after) {
  if (move.startsWith("S-") || move === "W-S") return "draw";
  const source = move.split("-")[0];
  if (source[0] === "T" && before && after) {
    const c = Number(source.slice(1)) - 1;
    if (after.tableau[c].down < before.tableau[c].down) return "turn";
  }
  return "place";
}
