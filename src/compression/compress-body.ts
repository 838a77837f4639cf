import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality by body size. Its best setting (11) costs about 4.5 ms
 * per kilobyte here, so it is kept for bodies of up to 64 KiB (the status,
 * the page's scripts); up to 4 MiB quality 9 is within a fifth of it at a
 * twenty-fifth of the time; past that quality 5, which compresses a 20 MB
 * document in a few hundred milliseconds. Measured on this project's JSON;
 * see `bench/notes.md`.
 */
export function brotliQualityFor(bytes: number): number {
  if (bytes <= 64 * 1024) return 11;
  if (bytes <= 4 * 1024 * 1024) return 9;
  return 5;
}

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
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    // Level 9 gains under 1% over 6 on JSON at several times the cost, above a few kilobytes.
    gzipAsync(body, { level: body.length <= 64 * 1024 ? constants.Z_BEST_COMPRESSION : 6 }),
  ]);
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gz.length < body.length ? { gzip: gz } : {}),
  };
}
