// The action queue: the player's actions go to the server one at a time, in the order they
// were made, so that each is made on the position the one before it left.

/** Jobs run one after another; a failed job is handed to `onError` (or rejects, if raw). */
export class ActionQueue {
  /** @param {(err: unknown) => void} onError shows a job's failure */
  constructor(onError) {
    this.onError = onError;
    this.jobs = [];
    this.running = false;
  }

  /**
   * Run `job` after every job queued before it.
   * @param {() => Promise<any>} job
   * @param {boolean} raw true: a failure rejects the returned promise instead of being shown
   * @returns {Promise<any>} the job's result (null after a failure that was shown)
   */
  run(job, raw = false) {
    return new Promise((resolve, reject) => {
      this.jobs.push(async () => {
        try {
          resolve(await job());
        } catch (err) {
          if (raw) reject(err);
          else {
            this.onError(err);
            resolve(null);
          }
        }
      });
      this.pump();
    });
  }

  /** True when no job is running or waiting. */
  idle() {
    return !this.running && this.jobs.length === 0;
  }

  async pump() {
    if (this.running) return;
    this.running = true;
    while (this.jobs.length) await this.jobs.shift()();
    this.running = false;
  }
}
