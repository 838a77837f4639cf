import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderRule } from '../headers/headers-config.js';
import { resolveHeaders } from '../headers/resolve-headers.js';
import type { CompressedFiles } from './compressed-files.js';
import { resolveFileHeaders } from './file-headers.js';
import { findStaticFile, planLookup } from './find-static-file.js';
import { encodePath } from './request-target.js';
import { sendError } from './send-error.js';
import { createFileSender } from './send-file.js';

/** What a client asking for a file still being rewritten is asked to wait before it tries again. */
const UNSETTLED_RETRY_AFTER_S = 1;

export interface StaticFilesOptions {
  /** The real path of `public/`. */
  readonly publicDir: string;
  readonly rules: readonly HeaderRule[];
  /**
   * The files answered from memory in every encoding; a file they decline,
   * or have no room or turn for, is streamed as it is. None unless given.
   */
  readonly compressed?: CompressedFiles;
  /** Hears of a file that failed while it was being sent. */
  readonly onError: (error: Error & { code?: string }) => void;
}

/**
 * Everything in `public/` other than the API documents: clean URLs as
 * `planLookup` decides them, no directory listings, nothing reached through a
 * symlink anywhere on the path, nothing but regular files (`findStaticFile`),
 * and JSON errors. A file the compressed files take is answered from memory;
 * any other is streamed from disk by the same rules for ranges and
 * conditional requests (`sendFile`). A file that never holds still long
 * enough to be read whole (a writer rewriting it in place) is answered 503
 * with `Retry-After`. A file is opened only once its response
 * is the one being written on the connection, and closed with it, so a
 * client that pipelines requests and leaves holds no descriptors. Rejects
 * only on a failure of the disk (EACCES, EMFILE) before anything was written.
 */
export function createStaticFiles({ publicDir, rules, compressed, onError }: StaticFilesOptions) {
  const sendFile = createFileSender(onError);

  /** A clean URL's redirect, with the headers `headers.json` gives the path asked for (it has no body, so no type). */
  function redirect(response: ServerResponse, path: string, location: string): void {
    const headers: Record<string, string> = { Location: encodePath(location), 'Content-Length': '0' };
    for (const [name, { key, value }] of resolveHeaders(rules, path)) {
      if (name !== 'content-type') headers[key] = value;
    }
    response.writeHead(301, headers);
    response.end();
  }

  /** Serves a checked, decoded path. */
  return async function serveStatic(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    // Node queues the responses to pipelined requests, and a queued one gets a socket (and
    // its 'close') only when the ones before it are done: opening files before then would hold
    // them for as long as the client leaves earlier answers unread, and for good if it leaves.
    if (response.socket === null) await once(response, 'socket');
    const plan = planLookup(path);
    if (plan.kind === 'redirect') {
      redirect(response, path, plan.location);
      return;
    }
    const found = await findStaticFile(publicDir, plan.candidates);
    if (found === undefined) {
      sendError(response, 'not_found', 'no such resource');
      return;
    }
    let outcome = (await compressed?.serve(request, response, found)) ?? 'declined';
    if (outcome === 'declined' || outcome === 'uncompressed') {
      const varies = outcome === 'uncompressed';
      outcome = await sendFile(request, response, found, resolveFileHeaders(rules, found.file), varies);
    }
    if (outcome === 'missing') sendError(response, 'not_found', 'no such resource');
    if (outcome === 'unsettled') {
      sendError(response, 'service_unavailable', 'this file is being rewritten; try again shortly', {
        'Retry-After': String(UNSETTLED_RETRY_AFTER_S),
      });
    }
  };
}
