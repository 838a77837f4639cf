import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { z } from 'zod';
import { MAX_API_DOCUMENT_BYTES } from '../api-documents.js';
import { compressBody } from '../compression/compress-body.js';
import { quoteForLog } from '../errors/quote-for-log.js';
import { isOlderThanHeld } from '../freshness/keep-newer.js';
import type { ResolvedHeader } from '../headers/resolve-headers.js';
import { displayPath } from '../io/display-path.js';
import { type ReadRegularFile, readRegularFile } from '../io/read-regular-file.js';
import { type EncodedVariants, encodeVariants } from './encoded-variants.js';
import { type Representation, representDocument } from './represent-document.js';

export type { Representation } from './represent-document.js';

/**
 * A version being served: what the server keeps of the validated document
 * (`FollowedDocumentOptions.keep`), and its bytes in every encoding, compressed once.
 */
export type ServedRepresentation<K> = Omit<Representation<unknown>, 'value'> & {
  readonly value: K;
  readonly variants: EncodedVariants;
};

/** How often the file is checked when no watch event arrives: the bound on staleness. */
export const POLL_INTERVAL_MS = 500;

export interface FollowedDocumentOptions<T, K = T> {
  readonly file: string;
  /** What a file must be to be served. */
  readonly schema: z.ZodType<T>;
  /**
   * What the server reads of a valid document, kept beside its bytes; the
   * whole document unless given. A document that is only sent keeps nothing:
   * its parsed form of a large file weighs several times its bytes.
   */
  keep?(value: T): K;
  /** The headers `headers.json` gives this path. */
  readonly headers: ReadonlyMap<string, ResolvedHeader>;
  readonly log: (message: string) => void;
  /** How the file is read; the real `readRegularFile` unless given. */
  readonly readFile?: ReadRegularFile;
  /** The largest file taken; `MAX_API_DOCUMENT_BYTES` unless given. */
  readonly maxBytes?: number;
  /**
   * A document a deployment may leave out (not `requiredByVerify` in the
   * table): while no file has been seen, it is answered 404 as a static host
   * answers a missing file, not 503 "try again", which would never come true
   * where history is off or there are no peers.
   */
  readonly optional?: boolean;
  /**
   * When a valid document says it was made (`API_DOCUMENTS`' `dated`): a
   * version older than the one served is refused (`isOlderThanHeld`), so
   * that a writer that lost its lease cannot take the answer back in time.
   */
  datedAt?(value: T): string | undefined;
  /** The wall clock `datedAt` is judged against. */
  readonly now?: (() => Date) | undefined;
}

/**
 * One API document held in memory. It follows its file on disk and swaps in a
 * new version only when the file holds a whole, schema-valid document
 * (`representDocument` decides); a missing, torn, corrupt or hostile file
 * leaves the last good version in place. Each version of a file (its
 * identity: device, inode, size, mtime, ctime) is judged once, good or bad,
 * and each problem is logged once. A good version is compressed (Brotli and
 * gzip) before it is swapped in, so that requests only pick bytes.
 */
export class FollowedDocument<T = unknown, K = T> {
  readonly file: string;
  /** Answered 404, not 503, while nothing has been published: see `FollowedDocumentOptions.optional`. */
  readonly optional: boolean;
  #current: ServedRepresentation<K> | undefined;
  /** When the version served says it was made, if its document says. */
  #currentDatedAt: string | undefined;
  /** The identity of the version last judged, good or bad; empty when it must be looked at again. */
  #judged = '';
  #lastProblem = '';
  /** A file has been at the path, good or bad: from then on its absence is a problem to log. */
  #found = false;
  #checking: Promise<void> | undefined;
  #recheck = false;
  #poll: NodeJS.Timeout | undefined;
  #watcher: FSWatcher | undefined;
  readonly #options: FollowedDocumentOptions<T, K>;
  readonly #readFile: ReadRegularFile;

  constructor(options: FollowedDocumentOptions<T, K>) {
    this.file = options.file;
    this.optional = options.optional ?? false;
    this.#options = options;
    this.#readFile = options.readFile ?? readRegularFile;
  }

  /** The version being served, if any valid one has been seen. */
  get current(): ServedRepresentation<K> | undefined {
    return this.#current;
  }

  /**
   * No file has been at the path yet: the document is not published, which is
   * not a problem of its own (before the probe's first cycle, every document it
   * writes is missing); the server says so once for all such documents.
   */
  get unpublished(): boolean {
    return !this.#found;
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
    const shown = displayPath(this.file);
    const found = await this.#readFile(this.file, {
      maxBytes: this.#options.maxBytes ?? MAX_API_DOCUMENT_BYTES,
      knownIdentity: this.#judged,
    });
    if (found.kind === 'unchanged') return;
    if (found.kind === 'refused') {
      // A refusal without an identity (missing, a symlink, out of descriptors) is looked at again next time.
      this.#judged = found.identity ?? '';
      if (found.missing === true && !this.#found) return;
      this.#found = true;
      this.#report(`${shown}: ${found.reason}`);
      return;
    }
    this.#found = true;
    this.#judged = found.identity;
    const result = representDocument(shown, found.bytes, this.#options.schema, this.#options.headers);
    if (!result.ok) {
      this.#report(result.problem);
      return;
    }
    const datedAt = this.#options.datedAt?.(result.representation.value);
    const now = this.#options.now?.() ?? new Date();
    if (datedAt !== undefined && isOlderThanHeld(datedAt, this.#currentDatedAt, now)) {
      this.#report(
        `${shown}: made at ${datedAt}, before the version served (${this.#currentDatedAt}): ` +
          'a writer that lost its lock wrote it late?',
      );
      return;
    }
    const previous = this.#current;
    // Compressed here, once per version, never per request; the old version is served meanwhile.
    const forms = await compressBody(result.representation.body).catch(() => ({}));
    const { value, ...representation } = result.representation;
    this.#current = {
      ...representation,
      // Without `keep`, K is T (its default): the document is kept whole.
      value: this.#options.keep ? this.#options.keep(value) : (value as unknown as K),
      variants: encodeVariants(result.representation, forms),
    };
    this.#currentDatedAt = datedAt;
    if (this.#lastProblem !== '') {
      const what = previous === undefined ? 'published' : 'valid again';
      this.#options.log(`${shown}: ${what}, now serving it`);
    }
    this.#lastProblem = '';
  }

  #report(problem: string): void {
    if (problem === this.#lastProblem) return;
    this.#lastProblem = problem;
    const keeping = this.#current ? 'keeping the last good document' : 'nothing to serve yet';
    // The problem may quote the file's own bytes (a parser's message about them).
    this.#options.log(`${quoteForLog(problem)} (${keeping})`);
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
