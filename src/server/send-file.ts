import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { fileIdentity } from '../io/read-regular-file.js';
import { chooseAnswer, describeAnswer, readConditions } from './choose-answer.js';
import { buildVariantHeaders } from './encoded-variants.js';
import { versionEtag } from './etag.js';
import { type FoundFile, isNoFileError } from './find-static-file.js';

/** Opened without following a link and without waiting: a FIFO swapped in after the lookup cannot hold a thread. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

/**
 * Sends a file from disk, as it is, by the same rule as the documents in
 * memory (`chooseAnswer`): 304, one byte range, 416, or the whole. What was
 * opened is judged by `fstat` on the descriptor, which also gives the length
 * and the ETag (`versionEtag`). `headers` are the file's own
 * (`resolveFileHeaders`); `varies` adds `Vary: Accept-Encoding`, for a file
 * that is also answered compressed. Resolves false, having written nothing,
 * if what is at the path is no longer a regular file. The descriptor is
 * closed with the response; a failure to read it ends that response (its
 * headers are sent by then) and is handed to `onError`, a client leaving is not.
 */
export async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  found: FoundFile,
  headers: Readonly<Record<string, string>>,
  varies: boolean,
  onError: (error: Error & { code?: string }) => void,
): Promise<boolean> {
  // Gone since the lookup, or a link put in its place (O_NOFOLLOW): no file, as if never found.
  const handle = await open(found.absolute, OPEN_FLAGS).catch((error: unknown) => {
    if (isNoFileError(error)) return undefined;
    throw error;
  });
  if (handle === undefined) return false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return false;
    const etag = versionEtag(fileIdentity(stats));
    const answer = chooseAnswer(readConditions(request), etag, stats.size);
    const head = describeAnswer(answer, buildVariantHeaders(headers, etag, stats.size, undefined, varies), stats.size);
    response.writeHead(head.status, head.headers);
    const [start, end] = answer.kind === 'part' ? [answer.start, answer.end] : [0, stats.size - 1];
    if (request.method === 'HEAD' || answer.kind === 'not-modified' || answer.kind === 'unsatisfiable' || end < start) {
      response.end();
      return true;
    }
    await pipeline(handle.createReadStream({ start, end, autoClose: false }), response).catch(
      (error: Error & { code?: string }) => {
        if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
      },
    );
    return true;
  } finally {
    await handle.close().catch(() => {});
  }
}
