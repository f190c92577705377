// The game in progress as the server last showed it, and every request that changes it.
// Each action names the version of the view it was made on and waits its turn in the queue,
// so nothing is lost and nothing is applied to the wrong position.

import { ApiError, call } from "./api.js";
import { reasonText, t } from "./i18n.js";
import { pileCards, topCard } from "./piles.js";
import { ActionQueue } from "./queue.js";

/** The server's game, seen from this tab. */
export class Game {
  /**
   * @param {object} hooks what the page does with the answers:
   *   show(view) draws a view; started() a new or restarted game began;
   *   played(move) a move was played ("T2-T6"); message(text) tells the player something;
   *   pace() the time in ms between the moves one action played (the safe cards that went
   *   home by themselves after the player's move), as Finish keeps between its moves.
   *   left(id) a game with moves was left for another (it may be reviewed now).
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.view = null;
    this.queue = new ActionQueue((err) => this.refused(err));
  }

  /** Take `view` as the current one and draw it. */
  show(view) {
    this.view = view;
    this.hooks.show(view);
  }

  /** True while the game has moves and is not won: leaving it counts as abandoned. */
  unfinished() {
    const view = this.view;
    return Boolean(view && view.moves > 0 && !view.won);
  }

  /**
   * Send one action on the game in progress, in its turn.
   * @param {object | ((view: object) => object | null)} make the action's body, or a function
   *   that makes it from the view current when its turn comes (null: nothing is sent)
   * @returns {Promise<object | null>} the server's answer
   */
  act(make) {
    return this.queue.run(async () => {
      const view = this.view;
      const body = typeof make === "function" ? make(view) : make;
      if (!body || !view) return null;
      const data = await call("POST", `/api/games/${view.id}/actions`, {
        version: view.version,
        ...body,
      });
      await this.showSteps(data);
      this.show(data);
      const last = data.auto?.length ? data.auto[data.auto.length - 1] : data.played;
      if (last) this.hooks.played(last);
      return data;
    });
  }

  /**
   * Show the table after each move of an action but the last, one at a time, the pace of
   * Finish apart: the player's move, then each safe card the server sent home after it
   * (`steps` and `auto` of the answer). The answer's own view is the table after the last.
   */
  async showSteps(data) {
    const steps = data.steps ?? [];
    for (const step of steps) {
      this.show({ ...data, ...step, won: false, finish: false });
      this.hooks.played(step.last.move);
      const pace = this.hooks.pace?.() ?? 0;
      await new Promise((resolve) => setTimeout(resolve, pace));
    }
  }

  /**
   * Tap a pile. With `card` named, only while it is still the pile's top card when the tap's
   * turn comes (an action queued before it may have covered it); with `under`, a card under
   * others, only while it still lies face up there (the tap names it). An empty stock that
   * may not be turned again asks the engine for W-S, which says why not.
   */
  tapPile(pile, card = null, under = false) {
    if (under) {
      return this.act((view) =>
        pileCards(view, pile).includes(card) ? { action: "tap", pile, card } : null,
      );
    }
    if (pile !== "S") {
      return this.act((view) =>
        card === null || topCard(view, pile) === card ? { action: "tap", pile } : null,
      );
    }
    return this.act((view) =>
      view.stock.count === 0 && view.stock.recycle !== "allowed"
        ? { action: "move", move: "W-S" }
        : { action: "tap", pile: "S" },
    );
  }

  /**
   * Check a game code without starting a game (GET /api/codes/…).
   * @returns {Promise<{code: string, draw: number, scoring: string}>} rejects with the
   *   server's ApiError for a code that cannot be played
   */
  checkCode(code) {
    return call("GET", `/api/codes/${encodeURIComponent(code)}`);
  }

  /** The piles `card` may go to in the current view. */
  targets(card) {
    return this.view?.targets?.[card] ?? [];
  }

  /**
   * Start a game ({draw, scoring} or {code}); the game in progress is abandoned.
   * @param {boolean} raw true: a refusal rejects instead of being shown
   */
  start(body, raw = false) {
    return this.queue.run(async () => {
      const current = this.view;
      const request = { ...body };
      if (current && !current.won) request.abandon = current.id;
      const view = await call("POST", "/api/games", request);
      if (current && !current.won && current.moves > 0) this.hooks.left?.(current.id);
      this.hooks.started();
      this.show(view);
      return view;
    }, raw);
  }

  /**
   * Try a finished game again from the position before its move `before` (a practice game,
   * kept out of the statistics); the game in progress is left, as for a new game.
   */
  practice(gameId, before) {
    return this.queue.run(async () => {
      const current = this.view;
      const request = { before };
      if (current && !current.won && current.status === "playing") request.abandon = current.id;
      const view = await call("POST", `/api/games/${gameId}/practice`, request);
      if (current && !current.won && current.moves > 0) this.hooks.left?.(current.id);
      this.hooks.started();
      this.show(view);
      return view;
    });
  }

  /** Deal the game in progress again from the start. */
  restart() {
    return this.queue.run(async () => {
      const current = this.view;
      const fresh = await call("POST", `/api/games/${current.id}/restart`, {
        version: current.version,
      });
      if (!current.won && current.moves > 0) this.hooks.left?.(current.id);
      this.hooks.started();
      this.show(fresh);
      return fresh;
    });
  }

  /** Show the game in progress (raw: a failure rejects, as at start-up). */
  follow(raw = false) {
    return this.queue.run(async () => {
      const view = await call("GET", "/api/game");
      this.show(view);
      return view;
    }, raw);
  }

  /** Catch up with what another tab played meanwhile (or the game it started). */
  refresh() {
    const view = this.view;
    if (!view) return null;
    return this.queue.run(async () => {
      const fresh = await call("GET", `/api/games/${view.id}`);
      if (fresh.status === "abandoned") this.show(await call("GET", "/api/game"));
      else if (fresh.version !== this.view.version) this.show(fresh);
    });
  }

  /** A refusal or a failure: show the position the server sent and say why. */
  refused(err) {
    if (!(err instanceof ApiError)) {
      console.error(err);
      this.hooks.message(t("server_error"));
      return;
    }
    if (err.game) this.show(err.game);
    if (err.reason === "game_over" && err.params?.status === "abandoned") {
      // Another tab started a new game: show the game in progress.
      this.follow();
    }
    if (err.reason === "network") return; // the outage notice says it (outage.js)
    this.hooks.message(reasonText(err.reason, err.params, err.message));
  }
}
