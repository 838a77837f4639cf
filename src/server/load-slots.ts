/**
 * At most `running` tasks at once, and `waiting` more queued behind them,
 * first come first served; past that a task is refused, and its caller does
 * without. What bounds the reads and compressions of static files: each
 * holds a file's bytes, its compressed forms and a compressor's state, and
 * each compression holds two of libuv's four threads while it runs.
 */
export class LoadSlots {
  readonly #running: number;
  readonly #waiting: number;
  readonly #queue: (() => void)[] = [];
  #busy = 0;

  constructor(running: number, waiting: number) {
    this.#running = running;
    this.#waiting = waiting;
  }

  /** Runs `task` when a slot is free; undefined, and `task` never runs, if the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T> | undefined {
    if (this.#busy >= this.#running && this.#queue.length >= this.#waiting) return undefined;
    return new Promise<void>((start) => {
      if (this.#busy < this.#running) {
        this.#busy += 1;
        start();
      } else {
        this.#queue.push(() => start());
      }
    })
      .then(task)
      .finally(() => {
        const next = this.#queue.shift();
        // The slot passes straight to the next in line.
        if (next === undefined) this.#busy -= 1;
        else next();
      });
  }

  /** Tasks running now. */
  get busy(): number {
    return this.#busy;
  }
}
