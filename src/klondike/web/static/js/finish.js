// The Finish button: shown when the server's view offers a finish line (every tableau card
// face up, and drawing and putting cards up wins: `finish` in the view) and the setting
// allows it. Pressing it plays the line's moves one by one, each an ordinary action (scored,
// undoable), waiting for the table to come to rest between them. Nothing plays by itself.

/** The Finish button. */
export class FinishButton {
  /**
   * @param {HTMLButtonElement} button
   * @param {import("./game.js").Game} game
   * @param {{enabled: () => boolean, settled: () => Promise<void>}} hooks enabled(): the
   *   setting; settled(): resolves when the table is at rest
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

  /** Play the finish line, move by move, from the view current at each step. */
  async run() {
    if (this.running) return;
    this.running = true;
    this.button.hidden = true;
    try {
      for (;;) {
        const data = await this.game.act((view) =>
          view?.finish?.length && !view.won ? { action: "move", move: view.finish[0] } : null,
        );
        if (!data?.played || data.won) break;
        await this.hooks.settled();
      }
    } finally {
      this.running = false;
      this.show(this.game.view);
    }
  }
}
