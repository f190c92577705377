// The Finish button: shown when the server's view offers a finish (every tableau card face
// up, and drawing and putting cards up wins whatever order the unseen stock is in: `finish`
// in the view) and the setting allows it. Pressing it asks the server for the finish's next
// move again and again (the action `finish`, an ordinary action: scored, undoable), keeping
// a card's pace between them (the stylesheet's `--finish`: about 100 ms a card, less with
// the fast animation, none without; the cards' slides overlap); the page never learns the
// line ahead, which would tell the stock's order. Nothing plays by itself.

/** The Finish button. */
export class FinishButton {
  /**
   * @param {HTMLButtonElement} button
   * @param {import("./game.js").Game} game
   * @param {{enabled: () => boolean, pace: () => number}} hooks enabled(): the setting;
   *   pace(): the least time from one finish request to the next, in ms
   */
  constructor(button, game, hooks) {
    this.button = button;
    this.game = game;
    this.hooks = hooks;
    this.running = false;
    button.addEventListener("click", () => this.run());
  }

  /** Show or hide the button for `view`. */
  show(view) {
    const offered = Boolean(view?.finish && !view.won && view.status === "playing");
    this.button.hidden = this.running || !offered || !this.hooks.enabled();
  }

  /** Play the finish, move by move, while the view current at each step offers it. */
  async run() {
    if (this.running) return;
    this.running = true;
    this.button.hidden = true;
    try {
      for (;;) {
        const asked = performance.now();
        const data = await this.game.act((view) =>
          view?.finish && !view.won ? { action: "finish" } : null,
        );
        if (!data?.played || data.won) break;
        const wait = asked + this.hooks.pace() - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      this.running = false;
      this.show(this.game.view);
    }
  }
}
