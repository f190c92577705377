// The game's time: the server counts it; the page runs it on between answers.

/**
 * A time in milliseconds as the page writes it: "4:05", "1:02:03".
 * @param {number} ms
 * @returns {string}
 */
export function formatTime(ms) {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A clock on the page that runs from the last view's elapsed time while the game is played. */
export class Clock {
  /** @param {Element} el where the time is written; it is updated four times a second */
  constructor(el) {
    this.el = el;
    this.base = 0; // elapsed_ms of the last view
    this.at = 0; // performance.now() when it came
    this.running = false;
    setInterval(() => this.tick(), 250);
  }

  /** Set the clock from a view's elapsed_ms and clock_running. */
  set(view) {
    this.base = view.elapsed_ms;
    this.at = performance.now();
    this.running = view.clock_running;
  }

  /** The time played so far, in milliseconds. */
  elapsed() {
    return this.running ? this.base + (performance.now() - this.at) : this.base;
  }

  /** Write the time (only when the text changes). */
  tick() {
    const text = formatTime(this.elapsed());
    if (this.el.textContent !== text) this.el.textContent = text;
  }
}
