import { type FSWatcher, watch } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { InputError } from '../errors/input-error.js';
import type { ResolvedHeader } from '../headers/resolve-headers.js';
import { parseDocument } from '../io/parse-document.js';
import { displayPath, isErrnoException } from '../io/read-document.js';
import { strongEtag } from './etag.js';

/** How often the file is checked when no watch event arrives: the bound on staleness. */
export const POLL_INTERVAL_MS = 500;

/** A document ready to send: body plus the header sets decided once per version. */
export interface Representation<T> {
  /** The validated document. */
  readonly value: T;
  readonly body: Buffer;
  readonly etag: string;
  /** Headers of a 200: `headers.json` values plus ETag and Content-Length. */
  readonly okHeaders: Readonly<Record<string, string>>;
  /** Headers of a 304: the same less the representation's Content-Type and Content-Length. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

export interface ApiDocumentOptions<T> {
  readonly file: string;
  /** What a file must be to be served. */
  readonly schema: z.ZodType<T>;
  /** The headers `headers.json` gives this path. */
  readonly headers: ReadonlyMap<string, ResolvedHeader>;
  readonly log: (message: string) => void;
}

/**
 * One API document held in memory. It follows its file on disk and swaps in a
 * new version only when the file holds a whole, schema-valid document; a
 * missing, torn or corrupt file leaves the last good version in place.
 */
export class ApiDocument<T = unknown> {
  readonly file: string;
  #current: Representation<T> | undefined;
  #signature = '';
  #lastProblem = '';
  #checking: Promise<void> | undefined;
  #recheck = false;
  #poll: NodeJS.Timeout | undefined;
  #watcher: FSWatcher | undefined;
  readonly #options: ApiDocumentOptions<T>;

  constructor(options: ApiDocumentOptions<T>) {
    this.file = options.file;
    this.#options = options;
  }

  /** The version being served, if any valid one has been seen. */
  get current(): Representation<T> | undefined {
    return this.#current;
  }

  /** Loads the file now and starts following it. */
  async start(): Promise<void> {
    await this.refresh();
    this.#poll = setInterval(() => {
      if (!this.#watcher) this.#watchDirectory();
      void this.refresh();
    }, POLL_INTERVAL_MS);
    this.#poll.unref();
    this.#watchDirectory();
  }

  stop(): void {
    clearInterval(this.#poll);
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /** Checks the file; re-reads and validates it if it changed. Never throws. */
  refresh(): Promise<void> {
    if (this.#checking) {
      this.#recheck = true;
      return this.#checking;
    }
    this.#checking = this.#check().finally(() => {
      this.#checking = undefined;
      if (this.#recheck) {
        this.#recheck = false;
        void this.refresh();
      }
    });
    return this.#checking;
  }

  async #check(): Promise<void> {
    let signature: string;
    try {
      const stats = await stat(this.file);
      signature = `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
    } catch (error) {
      const reason = isErrnoException(error) && error.code === 'ENOENT' ? 'file not found' : String(error);
      this.#report(`${displayPath(this.file)}: ${reason}`);
      this.#signature = '';
      return;
    }
    if (signature === this.#signature) return;
    try {
      const body = await readFile(this.file);
      const value = parseDocument(displayPath(this.file), body.toString('utf8'), this.#options.schema);
      this.#signature = signature;
      const previous = this.#current;
      this.#current = this.#represent(value, body);
      if (this.#lastProblem !== '') {
        const what = previous === undefined ? 'published' : 'valid again';
        this.#options.log(`${displayPath(this.file)}: ${what}, now serving it`);
      }
      this.#lastProblem = '';
    } catch (error) {
      // Leave the signature alone so that the next event or poll reads the file again.
      this.#report(error instanceof InputError ? error.message : `${displayPath(this.file)}: ${String(error)}`);
    }
  }

  #report(problem: string): void {
    if (problem === this.#lastProblem) return;
    this.#lastProblem = problem;
    const keeping = this.#current ? 'keeping the last good document' : 'nothing to serve yet';
    this.#options.log(`${problem} (${keeping})`);
  }

  #represent(value: T, body: Buffer): Representation<T> {
    const etag = strongEtag(body);
    const okHeaders: Record<string, string> = {};
    const notModifiedHeaders: Record<string, string> = {};
    for (const [name, { key, value }] of this.#options.headers) {
      okHeaders[key] = value;
      if (name !== 'content-type' && name !== 'content-length') notModifiedHeaders[key] = value;
    }
    okHeaders.ETag = etag;
    okHeaders['Content-Length'] = String(body.length);
    notModifiedHeaders.ETag = etag;
    return { value, body, etag, okHeaders, notModifiedHeaders };
  }

  #watchDirectory(): void {
    const name = basename(this.file);
    try {
      this.#watcher = watch(dirname(this.file), { persistent: false }, (_event, changed) => {
        if (changed === null || changed === name) void this.refresh();
      });
      this.#watcher.on('error', () => {
        // The directory went away; polling carries on and the watch is not needed for correctness.
        this.#watcher?.close();
        this.#watcher = undefined;
      });
    } catch {
      // No directory yet: polling picks the file up when it appears.
    }
  }
}
