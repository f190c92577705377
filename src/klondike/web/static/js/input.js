// One pointer handler for mouse and touch, chessground-style: a press that moves more than
// DRAG_PX (a finger: DRAG_TOUCH_PX, as a fingertip wobbles more than a mouse) becomes a drag,
// anything shorter is a tap; two taps close in time and place are a double tap. The handler
// only says what the player did; the server decides what it means.

export const DRAG_PX = 4;
export const DRAG_TOUCH_PX = 10;
export const DOUBLE_MS = 300;
export const DOUBLE_PX = 28;

/** Mouse and touch on the table: taps, double taps and drags. */
export class PointerInput {
  /**
   * @param {import("./board.js").Board} board the table the pointer acts on
   * @param {object} actions what the gestures ask for:
   *   enabled() -> bool, whether the table takes input now;
   *   targets(card) -> pile names the card may go to, to light them up during a drag;
   *   tap(gesture) a tap ({pile, card, top, faceDown, ...}; may set gesture.done to a promise);
   *   secondTap(firstGesture) the second tap of a double tap;
   *   drag(card, target) -> Promise, a card (and the cards on it) dropped on a pile.
   */
  constructor(board, actions) {
    this.board = board;
    this.actions = actions;
    this.press = null;
    this.last = null;
    this.frame = 0;
    this.onMove = (e) => this.move(e);
    this.onUp = (e) => this.up(e);
    this.onCancel = (e) => this.cancel(e);
    board.root.addEventListener("pointerdown", (e) => this.down(e));
    board.root.addEventListener("contextmenu", (e) => e.preventDefault());
    board.root.addEventListener("dragstart", (e) => e.preventDefault());
    // A finger's moves on the table are the page's own. Left to the browser, a quick drop
    // ends in a fling (of a page that cannot scroll), and the browser spends the next tap,
    // anywhere on the page, on stopping it: a button tapped just after a drop did nothing.
    board.root.addEventListener(
      "touchmove",
      (e) => {
        if (e.cancelable) e.preventDefault();
      },
      { passive: false },
    );
    // Escape during a drag lets go: the cards slide back.
    window.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.press?.dragging) {
        e.preventDefault();
        this.cancel({ pointerId: this.press.id });
      }
    });
  }

  /** A press on the table: remember what it is on; a tap or a drag is decided later. */
  down(e) {
    if (!this.actions.enabled()) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (this.press) {
      if (!e.isPrimary) return; // a second finger
      this.cancel({ pointerId: this.press.id }); // a press whose end never came
    }
    const pileEl = e.target.closest?.("[data-pile]");
    if (!pileEl || !this.board.root.contains(pileEl)) return;
    const cardEl = e.target.closest("[data-card]");
    let name = cardEl?.dataset.card ?? null;
    let item = name ? this.board.item(name) : null;
    let faceDown = !cardEl && Boolean(e.target.closest(".card"));
    if (!cardEl && !faceDown) {
      // A card in flight catches no pointer: the press goes to the table as it now is, to the
      // card that lies (or is landing) under the finger.
      item = this.board.itemAt(pileEl.dataset.pile, e.clientX, e.clientY);
      name = item?.name ?? null;
      faceDown = Boolean(item && !item.name);
      if (faceDown) item = null;
    }
    e.preventDefault();
    this.press = {
      id: e.pointerId,
      x0: e.clientX,
      y0: e.clientY,
      x: e.clientX,
      y: e.clientY,
      pile: item ? item.pile : pileEl.dataset.pile,
      card: name,
      item,
      top: Boolean(item?.top),
      slop: e.pointerType === "mouse" ? DRAG_PX : DRAG_TOUCH_PX,
      faceDown,
      dragging: false,
      pulled: false, // a card that may not move was pulled: it shook
      els: [],
    };
    // The board keeps the pointer until it is let go, even if the card under it goes away.
    const root = this.board.root;
    try {
      root.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic event without a real pointer: the listeners below still work
    }
    root.addEventListener("pointermove", this.onMove, { passive: false });
    root.addEventListener("pointerup", this.onUp);
    root.addEventListener("pointercancel", this.onCancel);
    root.addEventListener("lostpointercapture", this.onCancel);
  }

  /** The pointer moved: far enough with a movable card, the press becomes a drag. */
  move(e) {
    const press = this.press;
    if (!press || e.pointerId !== press.id) return;
    press.x = e.clientX;
    press.y = e.clientY;
    if (!press.dragging) {
      const far = Math.hypot(press.x - press.x0, press.y - press.y0) > press.slop;
      if (!far || press.pulled) return;
      if (!press.item?.movable) {
        // A face-up card that may not move (a Classic foundation's) stays put and shakes; the
        // press is then no tap either.
        if (press.item?.name) {
          press.pulled = true;
          this.board.shake(press.card);
        }
        return;
      }
      this.startDrag(press);
    }
    e.preventDefault();
    if (!this.frame) this.frame = requestAnimationFrame(() => this.paintDrag());
  }

  /** Lift the pressed card (and the cards on it) and hold the table still. */
  startDrag(press) {
    const item = press.item;
    const names = item.run ?? [item.name];
    press.dragging = true;
    this.board.freeze();
    press.els = names.map((name) => {
      const el = this.board.card(name);
      const r = el.getBoundingClientRect();
      const p = el.parentNode.getBoundingClientRect();
      el.classList.add("dragging");
      el.style.zIndex = String(2000 + Number(el.dataset.z || 0));
      return { el, x: r.left - p.left, y: r.top - p.top };
    });
    this.board.highlight(this.actions.targets(press.card));
  }

  /** Draw the dragged cards under the pointer (once per frame). */
  paintDrag() {
    this.frame = 0;
    const press = this.press;
    if (!press?.dragging) return;
    const dx = press.x - press.x0;
    const dy = press.y - press.y0;
    for (const d of press.els) d.el.style.transform = `translate(${d.x + dx}px, ${d.y + dy}px)`;
    this.board.markDrop(this.landing(press));
  }

  /** The legal pile the dragged card overlaps most (the view's targets), or null. */
  landing(press) {
    const rect = press.els[0].el.getBoundingClientRect();
    return this.board.pileOverlapping(rect, this.actions.targets(press.card));
  }

  /** Stop following the pointer; returns the press that ended. */
  finish() {
    const root = this.board.root;
    root.removeEventListener("pointermove", this.onMove);
    root.removeEventListener("pointerup", this.onUp);
    root.removeEventListener("pointercancel", this.onCancel);
    root.removeEventListener("lostpointercapture", this.onCancel);
    try {
      if (root.hasPointerCapture(this.press.id)) root.releasePointerCapture(this.press.id);
    } catch {
      // already released
    }
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    const press = this.press;
    this.press = null;
    return press;
  }

  /**
   * The press ended: a tap, or a drop. A drop goes to the legal pile the dragged card overlaps
   * most (the view's targets); overlapping none, it asks for the pile under the pointer (or the
   * one the card overlaps most), which the server refuses and says why.
   */
  up(e) {
    if (!this.press || e.pointerId !== this.press.id) return;
    const press = this.finish();
    if (!press.dragging) {
      if (!press.pulled) this.tap(press, e);
      return;
    }
    press.x = e.clientX;
    press.y = e.clientY;
    this.paintDrag();
    this.board.highlight([]);
    const target =
      this.landing(press) ??
      this.board.pileAt(e.clientX, e.clientY) ??
      this.board.pileOverlapping(press.els[0].el.getBoundingClientRect());
    if (!target || target === press.pile) {
      this.board.thaw(); // nothing asked: the cards slide back
      return;
    }
    for (const d of press.els) d.el.classList.add("lifted");
    Promise.resolve(this.actions.drag(press.card, target)).finally(() => this.board.thaw());
  }

  /** The press was taken away (Escape, a lost pointer): the cards slide back. */
  cancel(e) {
    if (!this.press || e.pointerId !== this.press.id) return;
    const press = this.finish();
    if (press.dragging) {
      this.board.highlight([]);
      this.board.thaw();
    }
  }

  /** A tap, or the second tap of a double tap (timed by the events: a busy page misses none). */
  tap(press, e) {
    const now = e.timeStamp;
    const last = this.last;
    if (
      press.pile !== "S" &&
      last &&
      now - last.time < DOUBLE_MS &&
      Math.hypot(e.clientX - last.x, e.clientY - last.y) < DOUBLE_PX
    ) {
      // The second tap of a double tap: it belongs to the first tap's card, whatever the
      // first tap uncovered under the finger.
      this.last = null;
      this.actions.secondTap(last);
      return;
    }
    const gesture = {
      pile: press.pile,
      card: press.card,
      top: press.top,
      faceDown: press.faceDown,
      time: now,
      x: e.clientX,
      y: e.clientY,
      played: null,
      done: null,
    };
    this.last = press.pile === "S" ? null : gesture;
    this.actions.tap(gesture);
  }
}
