import { once } from 'node:events';
import { constants, createReadStream, type ReadStream } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveHandler from 'serve-handler';
import type { HeaderRule } from '../headers/headers-config.js';
import type { ErrorCode } from './json-error.js';
import { sendError } from './send-error.js';

/**
 * Open flags for reading without waiting. A read stream hands its flags to
 * `fs.open`, which takes them as a number; @types/node types them as a string only.
 */
const NONBLOCKING_READ = (constants.O_RDONLY | constants.O_NONBLOCK) as unknown as string;

/**
 * Everything in `public/` other than the API documents, through serve-handler
 * with settings that are safe whatever its defaults: no directory listings,
 * no symlinks anywhere on the path (serve-handler alone follows a symlinked
 * directory), JSON errors, and no read stream left open when it answers 304.
 * A file is opened only once its response is the one being written on the
 * connection, and every stream it opened is closed with that response, so a
 * client that pipelines requests and leaves holds no descriptors. A read
 * error (EMFILE included) ends that one response, never the process; `onError`
 * hears of it. `publicDir` must already be a real path.
 */
export function createStaticFiles(
  publicDir: string,
  rules: readonly HeaderRule[],
  onError: (error: Error & { code?: string }) => void,
) {
  const config = {
    public: publicDir,
    headers: rules.map(({ source, headers }) => ({
      source,
      headers: headers.map(({ key, value }) => ({ key, value })),
    })),
    directoryListing: false,
    symlinks: false,
    etag: true,
    cleanUrls: true,
  };

  /**
   * lstat that reports as missing any path reached through a symlink, and
   * anything but a regular file or a directory: opening a FIFO would wait for
   * a writer, holding one of libuv's four threads, and a device is no file.
   */
  async function lstatWithoutLinks(path: string) {
    const missing = (why: string) => Object.assign(new Error(`${path} ${why}`), { code: 'ENOENT' });
    // serve-handler answers any other error with its own HTML page: a name too long or a loop of links is no file.
    const lookUp = <T>(look: (path: string) => Promise<T>) =>
      look(path).catch((error: unknown) => {
        const code = error instanceof Error && 'code' in error ? error.code : undefined;
        throw code === 'ENAMETOOLONG' || code === 'ELOOP' ? missing(`cannot be looked up (${code})`) : error;
      });
    const real = await lookUp(realpath);
    if (real !== path) throw missing('is reached through a symlink');
    const stats = await lookUp(lstat);
    if (!stats.isFile() && !stats.isDirectory()) throw missing('is not a regular file');
    return stats;
  }

  function sendServeHandlerError(
    _absolutePath: string,
    response: ServerResponse,
    _acceptsJSON: boolean,
    _current: string,
    _handlers: unknown,
    _config: unknown,
    spec: { statusCode: number; message: string },
  ) {
    const code: ErrorCode =
      spec.statusCode === 404 ? 'not_found' : spec.statusCode === 400 ? 'bad_request' : 'internal_error';
    sendError(response, code, code === 'not_found' ? 'no such resource' : spec.message);
  }

  /** Serves an already checked, canonical path. */
  return async function serveStatic(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    // Node queues the responses to pipelined requests, and a queued one gets a socket (and
    // its 'close') only when the ones before it are done: opening files before then would hold
    // them for as long as the client leaves earlier answers unread, and for good if it leaves.
    if (response.socket === null) await once(response, 'socket');
    const streams: ReadStream[] = [];
    let closed = false;
    // serve-handler opens the file before it decides on a 304, and never closes it then.
    response.once('close', () => {
      closed = true;
      for (const stream of streams) stream.destroy();
    });
    response.on('error', (error) => {
      onError(error);
      response.destroy();
    });
    request.url = path;
    await serveHandler(request, response, config, {
      lstat: lstatWithoutLinks,
      createReadStream: (file: string, options?: { start?: number; end?: number }) => {
        // Non-blocking, should a FIFO be swapped in after the lstat: the read then fails instead of waiting.
        const stream = createReadStream(file, { ...options, flags: NONBLOCKING_READ });
        // The client may have gone while serve-handler was looking the file up.
        if (closed) stream.destroy();
        streams.push(stream);
        // serve-handler pipes the stream without listening for its errors: unheard, one would end the process.
        stream.on('error', (error) => {
          onError(error);
          response.destroy();
        });
        return stream;
      },
      sendError: sendServeHandlerError,
    } as unknown as Parameters<typeof serveHandler>[3]);
  };
}
