// Text that may hold game codes, written into an element so that a code never breaks at its
// hyphens: each code goes into a <span class="nowrap"> (table.css), the rest stays text.

const CODE = /\b[A-Z]{2}\d-D\d[A-Z]-[A-Z2-7]{7}\b/g;

/**
 * Set `el`'s text to `text`, every game code in it kept on one line.
 * @param {Element} el
 * @param {string} text
 */
export function setCodeText(el, text) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(CODE)) {
    parts.push(text.slice(at, match.index));
    const span = document.createElement("span");
    span.className = "nowrap";
    span.textContent = match[0];
    parts.push(span);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  el.replaceChildren(...parts.filter((part) => part !== ""));
}
