// The table's sounds, synthesized with Web Audio: no files, nothing loaded from anywhere.
//
// Five short sounds: a card drawn from the stock, a card put down, a card turned up, a move
// refused, and the win. Sound is off until the player turns it on. The AudioContext is made
// lazily, on the first sound after the player has touched the page (browsers keep a context
// made earlier silent); without Web Audio every call is a quiet no-op.

/** The names `play` knows. */
export const SOUND_NAMES = ["draw", "place", "turn", "refuse", "win"];

const noiseBuffers = new WeakMap(); // context -> one second of white noise

function noise(ctx) {
  let buffer = noiseBuffers.get(ctx);
  if (!buffer) {
    buffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = buffer.getChannelData(0);
    let seed = 0x2545f491; // a fixed sequence: the same sound every time
    for (let i = 0; i < data.length; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      data[i] = ((seed >>> 0) / 0xffffffff) * 2 - 1;
    }
    noiseBuffers.set(ctx, buffer);
  }
  return buffer;
}

/** A burst of filtered noise: the rustle and tick of a card. */
function rustle(ctx, out, t, { type, freq, q = 1, gain, attack = 0.003, decay, offset = 0 }) {
  const src = ctx.createBufferSource();
  src.buffer = noise(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = type;
  filter.frequency.value = freq;
  filter.Q.value = q;
  const env = ctx.createGain();
  env.gain.setValueAtTime(0, t);
  env.gain.linearRampToValueAtTime(gain, t + attack);
  env.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
  src.connect(filter).connect(env).connect(out);
  src.start(t, offset);
  src.stop(t + attack + decay + 0.02);
}

/** A tone gliding from `from` to `to` Hz with a short attack and a smooth fall. */
function tone(ctx, out, t, { type = "sine", from, to = from, gain, attack = 0.005, decay }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(from, t);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, t + attack + decay);
  const env = ctx.createGain();
  env.gain.setValueAtTime(0, t);
  env.gain.linearRampToValueAtTime(gain, t + attack);
  env.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
  osc.connect(env).connect(out);
  osc.start(t);
  osc.stop(t + attack + decay + 0.02);
}

const VOICES = {
  // a card slid off the stock: a soft, bright swish
  draw: (ctx, out, t) => {
    rustle(ctx, out, t, { type: "bandpass", freq: 3200, q: 0.8, gain: 0.5, attack: 0.012, decay: 0.07 });
  },
  // a card laid down: a short tap with a little body
  place: (ctx, out, t) => {
    rustle(ctx, out, t, { type: "lowpass", freq: 1800, q: 0.7, gain: 0.7, decay: 0.05, offset: 0.3 });
    tone(ctx, out, t, { from: 190, to: 120, gain: 0.25, decay: 0.07 });
  },
  // a card turned over: two quick ticks
  turn: (ctx, out, t) => {
    rustle(ctx, out, t, { type: "highpass", freq: 2500, gain: 0.45, decay: 0.03, offset: 0.5 });
    rustle(ctx, out, t + 0.045, { type: "bandpass", freq: 1600, q: 1.2, gain: 0.55, decay: 0.05, offset: 0.6 });
  },
  // a move refused: a low, soft double bump, never harsh
  refuse: (ctx, out, t) => {
    tone(ctx, out, t, { type: "triangle", from: 240, to: 200, gain: 0.35, decay: 0.08 });
    tone(ctx, out, t + 0.1, { type: "triangle", from: 180, to: 140, gain: 0.35, decay: 0.12 });
  },
  // the win: a rising arpeggio and a chord that rings out
  win: (ctx, out, t) => {
    const notes = [523.25, 659.25, 783.99, 1046.5];
    notes.forEach((f, i) => tone(ctx, out, t + i * 0.11, { type: "triangle", from: f, gain: 0.28, decay: 0.25 }));
    for (const f of [523.25, 659.25, 783.99]) {
      tone(ctx, out, t + 0.46, { type: "sine", from: f, gain: 0.16, attack: 0.02, decay: 0.7 });
    }
  },
};

/** How long each sound lasts, in seconds (the longest voice plus its tail). */
export const SOUND_SECONDS = { draw: 0.11, place: 0.1, turn: 0.12, refuse: 0.25, win: 1.25 };

/**
 * Schedule the sound `name` on an audio context at time `when`, through `destination`.
 *
 * @param {BaseAudioContext} ctx an AudioContext or an OfflineAudioContext
 * @param {AudioNode} destination where the sound goes
 * @param {string} name one of SOUND_NAMES
 * @param {number} [when] context time to start at (default: now)
 * @returns {boolean} false for an unknown name
 */
export function scheduleSound(ctx, destination, name, when = ctx.currentTime) {
  const voice = Object.hasOwn(VOICES, name) ? VOICES[name] : null;
  if (!voice) return false;
  voice(ctx, destination, when);
  return true;
}

/**
 * Render a sound offline (for tests and previews): its samples, mono, at `sampleRate`.
 *
 * @param {string} name one of SOUND_NAMES
 * @param {number} [sampleRate]
 * @returns {Promise<AudioBuffer>}
 */
export function renderSound(name, sampleRate = 22050) {
  const seconds = SOUND_SECONDS[name];
  if (!seconds) return Promise.reject(new RangeError(`no sound "${name}": one of ${SOUND_NAMES.join(", ")}`));
  const ctx = new OfflineAudioContext(1, Math.ceil(seconds * sampleRate), sampleRate);
  scheduleSound(ctx, ctx.destination, name, 0);
  return ctx.startRendering();
}

/**
 * The page's sound player. Off unless `enabled`; never throws.
 *
 * @param {{enabled?: boolean, volume?: number}} [options] volume 0..1 (default 0.6)
 * @returns {{
 *   play(name: string): boolean,
 *   setEnabled(on: boolean): void,
 *   readonly enabled: boolean,
 *   readonly context: AudioContext | null,
 *   unlock(): void,
 *   close(): void,
 * }}
 *   `play` returns true if the sound was started (sound on, Web Audio there, the page touched);
 *   `unlock` makes the context now (call it from a click or key handler if you like);
 *   `context` is null until the first sound.
 * @example
 *   const sound = createSound({ enabled: settings.sound });
 *   sound.play("place");
 */
export function createSound({ enabled = false, volume = 0.6 } = {}) {
  let on = Boolean(enabled);
  let ctx = null;
  let master = null;
  let broken = false; // Web Audio missing or failing: stay quiet from now on

  const touched = () => {
    const activation = globalThis.navigator?.userActivation;
    return activation ? activation.hasBeenActive : true;
  };

  function ensure() {
    if (ctx || broken) return ctx;
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (typeof Context !== "function") {
      broken = true;
      return null;
    }
    try {
      ctx = new Context({ latencyHint: "interactive" });
      master = ctx.createGain();
      master.gain.value = Math.max(0, Math.min(1, volume));
      master.connect(ctx.destination);
    } catch {
      broken = true;
      ctx = null;
    }
    return ctx;
  }

  function wake() {
    if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  }

  return {
    get enabled() {
      return on;
    },
    get context() {
      return ctx;
    },
    setEnabled(value) {
      on = Boolean(value);
      if (!on && ctx && ctx.state === "running") ctx.suspend().catch(() => {});
    },
    unlock() {
      if (!on || !touched()) return;
      ensure();
      wake();
    },
    play(name) {
      if (!on || !Object.hasOwn(VOICES, name) || !touched()) return false;
      try {
        if (!ensure()) return false;
        wake();
        return scheduleSound(ctx, master, name, ctx.currentTime + 0.005);
      } catch {
        return false;
      }
    },
    close() {
      const closing = ctx;
      ctx = null;
      master = null;
      if (closing) closing.close().catch(() => {});
    },
  };
}
