import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Up to this size a body is compressed at the best ratio: a document a few
 * hundred kilobytes long takes tens of milliseconds at Brotli's quality 11,
 * paid once per version. Larger bodies take a faster setting whose output is
 * within a few per cent, so that a version of megabytes is ready in well
 * under a second rather than in tens of seconds.
 */
export const BEST_RATIO_MAX_BYTES = 1024 * 1024;

/** The compressed forms of one body; a form that is not smaller than the body itself is left out. */
export interface CompressedForms {
  readonly br?: Buffer;
  readonly gzip?: Buffer;
}

/**
 * Compresses `body` as Brotli and gzip, on libuv's thread pool so that the
 * event loop keeps answering while a large document is compressed.
 */
export async function compressBody(body: Uint8Array): Promise<CompressedForms> {
  const best = body.length <= BEST_RATIO_MAX_BYTES;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: best ? constants.Z_BEST_COMPRESSION : 6 }),
  ]);
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gz.length < body.length ? { gzip: gz } : {}),
  };
}
