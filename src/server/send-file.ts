import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileIdentity } from '../io/read-regular-file.js';
import { chooseAnswer, describeAnswer, readConditions } from './choose-answer.js';
import { buildVariantHeaders, type VariantHeaders } from './encoded-variants.js';
import { versionEtag } from './etag.js';
import { type FoundFile, isNoFileError } from './find-static-file.js';
import { createSettler } from './wait-until-settled.js';

/**
 * What became of a request for a file: answered; no file there after all;
 * a file never left alone long enough to be read whole (`SETTLE_MS`); or,
 * from the compressed files only, left to be streamed from disk: 'declined'
 * (not one it compresses) or 'uncompressed' (one it compresses, but not
 * now), which is sent with `Vary: Accept-Encoding` like its compressed forms.
 */
export type SendOutcome = 'sent' | 'missing' | 'unsettled' | 'declined' | 'uncompressed';

/** Opened without following a link and without waiting: a FIFO swapped in after the lookup cannot hold a thread. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/** Past this many files with a version that held still, the memory of them starts again. */
const MAX_SETTLED_FILES = 10_000;

/**
 * What sends a file from disk, as it is, by the same rule as the documents
 * in memory (`chooseAnswer`): 304, one byte range, 416, or the whole. What
 * was opened is judged by `fstat` on the descriptor, which also gives the
 * length and the ETag (`versionEtag`). A version is sent only once it has
 * held still for `SETTLE_MS` (`waitUntilSettled`, which each version waits
 * out once, with no descriptor open); if the file never holds still nothing
 * is sent ('unsettled'). The last bytes are sent only if the file is still
 * the version the headers name; if it changed or shrank meanwhile the answer
 * is cut short instead, which no client takes for a whole body. The
 * descriptor is closed with the response; a failure to read it, or a
 * change, ends that response and is handed to `onError`, a client leaving is not.
 */
export function createFileSender(onError: (error: Error & { code?: string }) => void) {
  /** The version of each file that last held still, by its path under `public/`. */
  const settled = new Map<string, string>();
  const settle = createSettler();

  /**
   * Sends `found` with `headers`, its own (`resolveFileHeaders`); `varies`
   * adds `Vary: Accept-Encoding`, for a file also answered compressed.
   */
  return async function sendFile(
    request: IncomingMessage,
    response: ServerResponse,
    found: FoundFile,
    headers: Readonly<Record<string, string>>,
    varies: boolean,
  ): Promise<SendOutcome> {
    // Twice at most: the version opened is either one that held still, or it is waited for and opened again.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      // Gone since the lookup, or a link put in its place (O_NOFOLLOW): no file, as if never found.
      const handle = await open(found.absolute, OPEN_FLAGS).catch((error: unknown) => {
        if (isNoFileError(error)) return undefined;
        throw error;
      });
      if (handle === undefined) return 'missing';
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return 'missing';
        const identity = fileIdentity(stats);
        if (settled.get(found.file) === identity) {
          const etag = versionEtag(identity);
          const fileHeaders = buildVariantHeaders(headers, etag, stats.size, undefined, varies);
          await sendVersion(request, response, handle, { size: stats.size, identity, etag, headers: fileHeaders });
          return 'sent';
        }
      } finally {
        await handle.close().catch(() => {});
      }
      const version = await settle(found.absolute);
      if (version === 'missing' || version === 'unsettled') return version;
      if (settled.size >= MAX_SETTLED_FILES) settled.clear();
      settled.set(found.file, version.identity);
    }
    return 'unsettled';
  };

  /** Sends one settled version of an open file: `headers` are its header sets, `etag` its tag. */
  async function sendVersion(
    request: IncomingMessage,
    response: ServerResponse,
    handle: FileHandle,
    version: {
      readonly size: number;
      readonly identity: string;
      readonly etag: string;
      readonly headers: VariantHeaders;
    },
  ): Promise<void> {
    const { size, identity, etag, headers } = version;
    const answer = chooseAnswer(readConditions(request), etag, size);
    const head = describeAnswer(answer, headers, size);
    response.writeHead(head.status, head.headers);
    const [start, end] = answer.kind === 'part' ? [answer.start, answer.end] : [0, size - 1];
    if (request.method === 'HEAD' || answer.kind === 'not-modified' || answer.kind === 'unsatisfiable' || end < start) {
      response.end();
      return;
    }
    await pipeline(
      handle.createReadStream({ start, end, autoClose: false }),
      guardVersion(handle, identity, end - start + 1),
      response,
    ).catch((error: Error & { code?: string }) => {
      if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
    });
  }
}

/**
 * Passes `length` bytes read from `handle` through, holding the last of them
 * until an `fstat` shows the file is still the version `identity` names:
 * fails, so that the answer is cut short, if it is not, or if fewer bytes came.
 */
function guardVersion(handle: FileHandle, identity: string, length: number): Transform {
  const changed = () =>
    Object.assign(new Error('a static file changed while it was being sent; its answer was cut short'), {
      code: 'FILE_CHANGED',
    });
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen < length) {
        callback(null, chunk);
        return;
      }
      handle.stat().then(
        (stats) => (fileIdentity(stats) === identity ? callback(null, chunk) : callback(changed())),
        (error: Error) => callback(error),
      );
    },
    flush(callback) {
      callback(seen === length ? null : changed());
    },
  });
}
