/** How many files' request counts are kept; past it, counts are aged to make room, and a file that finds none is not counted. */
export const MAX_COUNTED_FILES = 4_096;
/** After this many requests counted, every count is halved: what was popular an hour ago gives way. */
const AGE_EVERY_REQUESTS = MAX_COUNTED_FILES * 10;

/**
 * How often each file has been asked for lately: TinyLFU's frequency
 * estimate, as a bounded map rather than a sketch (the files are those
 * under `public/`, not what clients make up), halved every
 * `AGE_EVERY_REQUESTS` so that the counts follow what is asked for now.
 * Pure: no clock, no I/O.
 */
export class RequestCounts {
  readonly #counts = new Map<string, number>();
  #sinceAging = 0;

  /** Counts one request for `file`. */
  count(file: string): void {
    if (!this.#counts.has(file) && this.#counts.size >= MAX_COUNTED_FILES) this.#age();
    if (this.#counts.has(file) || this.#counts.size < MAX_COUNTED_FILES) {
      this.#counts.set(file, (this.#counts.get(file) ?? 0) + 1);
    }
    this.#sinceAging += 1;
    if (this.#sinceAging >= AGE_EVERY_REQUESTS) this.#age();
  }

  /** The requests for `file` counted lately. */
  of(file: string): number {
    return this.#counts.get(file) ?? 0;
  }

  #age(): void {
    this.#sinceAging = 0;
    for (const [file, count] of this.#counts) {
      if (count <= 1) this.#counts.delete(file);
      else this.#counts.set(file, count >> 1);
    }
  }
}
