// The pictures of the court cards: Jack, Queen and King of each suit, drawn as inline SVG.
//
// Each face is a flat, double-headed bust in a frame, as on a real court card: the upper half
// (the figure with its crown, tiara or cap, its sceptre, rose or spear, and the suit) turned
// by 180° makes the lower half. Robes take the suit's colour (red for ♥ ♦, dark for ♠ ♣) and
// each suit has its own trim and hair, so the twelve faces differ. A second, single-headed
// close-up of the same bust is part of the markup: faces.css shows it instead on small cards
// (a phone), where a double-headed figure would be too small to read.
//
// The markup uses presentation attributes and classes only (no style attributes, no ids, no
// data: URLs, nothing loaded), so it suits a strict Content-Security-Policy and can be
// inserted into many cards at once. The corner indices are not part of the picture.

/** The ranks that have a picture. */
export const COURT_RANKS = "JQK";

/** The suits, in the order of the foundations. */
export const COURT_SUITS = "SHDC";

const INK = "#1b1b1f";
const RED = "#c8202f";
const GOLD = "#e3b23c";
const BLUE = "#2b5ba8";
const SKIN = "#f4d4b5";
const CREAM = "#fbf4e2";
const WHITE = "#ffffff";

/** Per suit: robe, trim, band (jewels, cap), hair, the rose's colour and the suit's ink. */
const PALETTE = {
  S: { robe: "#27324d", trim: GOLD, band: RED, hair: "#4a3323", beard: "#8a8d93", flower: RED, ink: INK },
  H: { robe: RED, trim: GOLD, band: BLUE, hair: "#d9a441", beard: "#d9a441", flower: "#f6c3cf", ink: RED },
  D: { robe: RED, trim: BLUE, band: GOLD, hair: "#9c4a25", beard: "#9c4a25", flower: WHITE, ink: RED },
  C: { robe: "#1f2023", trim: RED, band: BLUE, hair: "#2a2420", beard: "#2a2420", flower: "#d23a4c", ink: INK },
};

/** The suit symbols as SVG path data in a 100x100 box (the same shapes as the page's own). */
export const SUIT_PATHS = {
  S: "M50 3C62 22 97 40 97 64c0 15-11 24-23 24-9 0-16-4-20-11 1 9 5 16 13 21H33c8-5 12-12 13-21-4 7-11 11-20 11C14 88 3 79 3 64 3 40 38 22 50 3z",
  H: "M50 95C40 80 3 58 3 31 3 15 14 5 28 5c10 0 18 6 22 15 4-9 12-15 22-15 14 0 25 10 25 26 0 27-37 49-47 64z",
  D: "M50 2c10 17 24 34 40 48-16 14-30 31-40 48-10-17-24-34-40-48C26 36 40 19 50 2z",
  C: "M50 4a21 21 0 0 1 17 33 21 21 0 1 1 2 41c-7 0-13-3-16-8 1 11 6 19 14 27H33c8-8 13-16 14-27-3 5-9 8-16 8a21 21 0 1 1 2-41A21 21 0 0 1 50 4z",
};

// The card is 100 x 140 units; the frame spans x 15..85, y 31..109 and leaves the corners to
// the indices. The upper half of the frame (y 31..70) holds one figure.
const FRAME = { x: 15, y: 31, w: 70, h: 78 };
const MID = FRAME.y + FRAME.h / 2;

const line = (d, color, width, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const shape = (d, fill, stroke = INK, width = 0.7, cls = "") =>
  `<path${cls ? ` class="${cls}"` : ""} d="${d}" fill="${fill}" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round"/>`;
const dot = (cx, cy, r, fill, stroke = "none", width = 0) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${stroke === "none" ? "" : ` stroke="${stroke}" stroke-width="${width}"`}/>`;

function suitSymbol(suit, x, y, size, color) {
  const s = size / 100;
  return (
    `<path class="court-suit-mark" transform="translate(${x} ${y}) scale(${s})" d="${SUIT_PATHS[suit]}" ` +
    `fill="${color}" stroke="${WHITE}" stroke-width="${4 / s / 10}"/>`
  );
}

function face(rank, p) {
  const young = rank === "J";
  const rx = rank === "Q" ? 5.9 : 6.3;
  let out = "";
  out += shape("M46.6 54 L46.6 60.5 L53.4 60.5 L53.4 54 Z", SKIN, INK, 0.6); // neck
  out += `<ellipse cx="50" cy="50" rx="${rx}" ry="7.3" fill="${SKIN}" stroke="${INK}" stroke-width="0.7"/>`;
  // eyes, brows, nose
  out += dot(47.6, 49.4, 0.85, INK) + dot(52.4, 49.4, 0.85, INK);
  out += line("M46.3 47.3 Q47.6 46.5 48.9 47.2", p.hair === "#d9a441" ? "#8a6420" : p.hair, 0.6);
  out += line("M51.1 47.2 Q52.4 46.5 53.7 47.3", p.hair === "#d9a441" ? "#8a6420" : p.hair, 0.6);
  out += line("M50.1 49.8 L49.3 52.8 L50.5 53", INK, 0.45);
  out += `<circle cx="46.4" cy="52.6" r="1.3" fill="#ec9a88" fill-opacity="0.55"/>`;
  out += `<circle cx="53.6" cy="52.6" r="1.3" fill="#ec9a88" fill-opacity="0.55"/>`;
  out += rank === "Q"
    ? shape("M48.3 55 Q50 54.2 51.7 55 Q50 56.6 48.3 55 Z", "#c6283a", "#c6283a", 0.3)
    : line(young ? "M48.4 55 Q50 56.1 51.6 55" : "M48.6 55.6 L51.4 55.6", "#b0303a", 0.6);
  return out;
}

/** A hand holding a staff at (x, y), with the sleeve's cuff. */
function hand(x, y, p) {
  return (
    shape(`M${x - 3.4} ${y + 3.2} Q${x} ${y + 1.2} ${x + 3.4} ${y + 3.2} L${x + 3.2} ${y + 5.8} L${x - 3.2} ${y + 5.8} Z`, p.trim, INK, 0.5) +
    `<ellipse cx="${x}" cy="${y}" rx="2.5" ry="2.1" fill="${SKIN}" stroke="${INK}" stroke-width="0.5"/>` +
    line(`M${x - 1.6} ${y - 0.4} L${x + 1.6} ${y - 0.4} M${x - 1.8} ${y + 0.8} L${x + 1.8} ${y + 0.8}`, INK, 0.3)
  );
}

/** The robe's front: a band of the trim down the middle, with buttons, from y `top`. */
function front(p, top) {
  return (
    shape(`M47.6 ${top} L52.4 ${top} L53.2 71 L46.8 71 Z`, p.trim, INK, 0.5) +
    dot(50, top + 2.6, 0.7, WHITE, INK, 0.25) +
    dot(50, top + 5.4, 0.7, WHITE, INK, 0.25)
  );
}

function king(suit, p) {
  let out = "";
  // the sceptre, held behind the shoulder
  out += line("M74 70 L74 41.5", INK, 2.6) + line("M74 70 L74 41.5", p.trim, 1.5);
  out += dot(74, 39.3, 2.7, p.trim, INK, 0.6);
  out += line("M74 36.6 L74 33.2 M72.4 34.6 L75.6 34.6", INK, 1.6);
  out += line("M74 36.6 L74 33.2 M72.4 34.6 L75.6 34.6", p.trim, 0.8);
  // hair behind the face
  out += shape("M42.6 46 Q42 57 46.5 58.5 L53.5 58.5 Q58 57 57.4 46 Z", p.beard, INK, 0.6);
  // the robe with an ermine collar
  out += shape("M19 71 Q19.5 62 33 59 Q42 58.4 50 61 Q58 58.4 67 59 Q80.5 62 81 71 Z", p.robe, INK, 0.7, "court-robe");
  out += shape("M29 59.8 Q40 57.6 50 62.5 Q60 57.6 71 59.8 L73.5 64.5 Q61 61.8 50 68.5 Q39 61.8 26.5 64.5 Z", WHITE, INK, 0.6);
  for (const [x, y] of [[31, 61.6], [37, 60.6], [63, 60.6], [69, 61.6], [44, 62.8], [56, 62.8]]) {
    out += shape(`M${x} ${y - 0.9} L${x + 0.6} ${y + 0.9} L${x - 0.6} ${y + 0.9} Z`, INK, INK, 0.2);
  }
  out += front(p, 62.5) + hand(74, 64.2, p);
  out += face("K", p);
  // beard and moustache
  out += shape("M43.8 51.2 Q44.2 61 50 62.3 Q55.8 61 56.2 51.2 Q54.3 55.6 50 55.4 Q45.7 55.6 43.8 51.2 Z", p.beard, INK, 0.6);
  out += shape("M46.2 54.6 Q48 52.6 50 53.6 Q52 52.6 53.8 54.6 Q52 54.2 50 54.8 Q48 54.2 46.2 54.6 Z", p.beard, INK, 0.45);
  // the crown
  out += shape("M41.6 44.2 L40.4 34.6 L44.6 38.8 L47.3 33.2 L50 37.8 L52.7 33.2 L55.4 38.8 L59.6 34.6 L58.4 44.2 Z", p.trim === GOLD ? GOLD : GOLD, INK, 0.7, "court-crown");
  for (const [x, y] of [[40.4, 34.4], [47.3, 33], [52.7, 33], [59.6, 34.4]]) out += dot(x, y, 1, GOLD, INK, 0.5);
  out += shape("M41.3 41.4 L58.7 41.4 L58.4 44.4 L41.6 44.4 Z", p.band, INK, 0.5);
  out += dot(50, 42.9, 1.05, WHITE, INK, 0.35) + dot(45.3, 42.9, 0.7, WHITE) + dot(54.7, 42.9, 0.7, WHITE);
  out += suitSymbol(suit, 21, 35, 9.5, p.ink);
  return out;
}

function queen(suit, p) {
  let out = "";
  // a rose on a long stem
  out += line("M26.5 70 L26.8 47.5", "#3d7a3a", 1.3);
  out += shape("M26.6 57 Q22.4 53.6 21.2 55.6 Q22.8 58.8 26.6 58 Z", "#4f8f45", INK, 0.4);
  out += shape("M26.8 52 Q31 49.6 31.8 51.6 Q30 54.4 26.8 53.2 Z", "#4f8f45", INK, 0.4);
  out += dot(26.8, 44.8, 3.6, p.flower, INK, 0.6);
  out += line("M25.3 44.9 Q26.8 42.6 28.4 44.6 Q27 47 25.6 45.6", INK, 0.45);
  // long hair behind the face
  out += shape("M41.8 46.5 Q40.6 36.8 50 36.6 Q59.4 36.8 58.2 46.5 Q58.4 56 62.5 60.6 Q56.2 62 54.4 57.2 L45.6 57.2 Q43.8 62 37.5 60.6 Q41.6 56 41.8 46.5 Z", p.hair, INK, 0.6);
  // the gown, with a neckline and a necklace
  out += shape("M19 71 Q19.5 62.5 33 59.6 Q41 59 45 58.6 Q50 64.5 55 58.6 Q59 59 67 59.6 Q80.5 62.5 81 71 Z", p.robe, INK, 0.7, "court-robe");
  out += line("M38.5 59.4 Q50 70.5 61.5 59.4", p.trim, 1.8) + hand(26.7, 64.2, p);
  out += face("Q", p);
  out += shape("M43.6 47.6 Q44.4 41.4 50 41.2 Q55.6 41.4 56.4 47.6 Q53.6 44.2 50 44 Q46.4 44.2 43.6 47.6 Z", p.hair, INK, 0.5);
  for (const x of [46, 48, 50, 52, 54]) out += dot(x, 60.8 + (x === 50 ? 0.9 : x === 48 || x === 52 ? 0.6 : 0), 0.62, WHITE, INK, 0.25);
  // the tiara
  out += shape("M42.8 42.6 L42.4 37.8 Q44.4 39.4 46 36.6 Q48 38.8 50 34.4 Q52 38.8 54 36.6 Q55.6 39.4 57.6 37.8 L57.2 42.6 Q50 41.4 42.8 42.6 Z", GOLD, INK, 0.6, "court-crown");
  out += dot(50, 39.6, 1.05, p.band, INK, 0.3) + dot(46, 36.4, 0.7, WHITE) + dot(54, 36.4, 0.7, WHITE) + dot(50, 34.2, 0.75, WHITE);
  out += suitSymbol(suit, 69.5, 35, 9.5, p.ink);
  return out;
}

function jack(suit, p) {
  let out = "";
  // a spear
  out += line("M25 70 L25 41", INK, 2.2) + line("M25 70 L25 41", "#a2723f", 1.2);
  out += shape("M25 32.6 L27.6 38.8 L25 42 L22.4 38.8 Z", "#d3d7de", INK, 0.55);
  out += line("M22.6 42.4 L27.4 42.4", INK, 1.2);
  // page-boy hair behind the face
  out += shape("M42.4 48 Q41.8 39.2 50 39.2 Q58.2 39.2 57.6 48 L58.2 56 Q56 57.2 55.6 52 L44.4 52 Q44 57.2 41.8 56 Z", p.hair, INK, 0.6);
  // a tunic with a white collar
  out += shape("M19 71 Q19.5 62 33 59.2 Q42 58.6 50 59.4 Q58 58.6 67 59.2 Q80.5 62 81 71 Z", p.robe, INK, 0.7, "court-robe");
  out += line("M22.5 66 Q30 61.6 40 60.6 M77.5 66 Q70 61.6 60 60.6", p.trim, 1.5);
  out += front(p, 64) + hand(25, 64.2, p);
  out += shape("M42.2 58.8 Q50 63.2 57.8 58.8 L57.2 62.2 Q50 66.6 42.8 62.2 Z", WHITE, INK, 0.5);
  out += face("J", p);
  // a beret with a feather
  out += shape("M57.8 40 Q60.5 31.8 69.5 32.6 Q64 35 60.8 41.4 Z", p.band, INK, 0.5);
  out += line("M59.2 40.4 Q62.4 34 68.4 33", WHITE, 0.45);
  out += shape("M40.6 43.6 Q39.2 35.6 50 34.8 Q61.6 34.8 61 41 Q59.8 43.4 40.6 43.6 Z", p.robe, INK, 0.6, "court-cap");
  out += line("M41.2 42.2 Q50 44.2 60.4 41.2", p.trim, 1.6);
  out += dot(50, 35.2, 1, p.trim, INK, 0.3);
  out += suitSymbol(suit, 69.5, 44, 9.5, p.ink);
  return out;
}

const FIGURES = { K: king, Q: queen, J: jack };

/**
 * The SVG markup of a court card's picture (the middle of the card, not its indices).
 *
 * The picture is 100 x 140 units (a card's proportions) and scales with its box; put it over
 * the whole face (faces.css: `.court-art`). It contains a double-headed figure and, for small
 * cards (`.small-cards` on the board), a single-headed close-up.
 *
 * @param {string} rank "J", "Q" or "K"
 * @param {string} suit "S", "H", "D" or "C"
 * @returns {string} an `<svg class="court-art">` element, aria-hidden
 * @throws {RangeError} for a rank or suit without a picture
 * @example
 *   card.querySelector(".face").insertAdjacentHTML("beforeend", courtSVG("Q", "H"));
 */
export function courtSVG(rank, suit) {
  const figure = FIGURES[rank];
  const p = PALETTE[suit];
  if (!figure || !p || typeof suit !== "string" || suit.length !== 1) {
    throw new RangeError(`no court card ${rank}${suit}: rank is one of J Q K, suit one of S H D C`);
  }
  const half = figure(suit, p);
  const bust = `<g transform="translate(50 ${MID}) scale(1.1) translate(-50 -66.5)">${half}</g>`;
  const { x, y, w, h } = FRAME;
  const clip = (hh, body) =>
    `<svg x="${x}" y="${y}" width="${w}" height="${hh}" viewBox="${x} ${y} ${w} ${hh}" overflow="hidden">${body}</svg>`;
  const background = `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${CREAM}"/>`;
  const border =
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="2" fill="none" stroke="${p.ink}" stroke-width="1.3"/>` +
    `<rect x="${x + 2}" y="${y + 2}" width="${w - 4}" height="${h - 4}" rx="1" fill="none" stroke="${p.trim === BLUE ? BLUE : GOLD}" stroke-width="0.6"/>`;
  const double =
    `<g class="court-double">${background}${clip(h / 2, bust)}` +
    `<g transform="rotate(180 50 ${MID})">${clip(h / 2, bust)}</g>` +
    line(`M${x} ${MID} L${x + w} ${MID}`, p.ink, 0.6) +
    `${border}</g>`;
  // the close-up: the upper half twice as large, around the face
  const single =
    `<g class="court-single">${background}` +
    clip(h, `<g transform="translate(50 ${y}) scale(2) translate(-50 -${y - 0.5})">${half}</g>`) +
    `${border}</g>`;
  return (
    `<svg class="court-art court-${rank}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" ` +
    `preserveAspectRatio="xMidYMid meet" aria-hidden="true" focusable="false">${double}${single}</svg>`
  );
}

/** Every court card's name ("JS", "QH", ...) with its picture: a Map of name to markup. */
export function allCourtSVGs() {
  const faces = new Map();
  for (const suit of COURT_SUITS) for (const rank of COURT_RANKS) faces.set(rank + suit, courtSVG(rank, suit));
  return faces;
}
