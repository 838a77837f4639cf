/**
 * Baseline: a bare node:http server answering the throughput paths from memory
 * with the same bytes and the same headers as the thin handler, in the
 * coding a client asks for, precompressed at start-up. It is the
 * practical limit for a Node origin. Usage: bare-server.ts PUBLIC_DIR HEADERS_FILE
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentFile } from '../../src/api-paths.js';
import { compressBody } from '../../src/compression/compress-body.js';
import { HeadersConfigSchema } from '../../src/headers/headers-config.js';
import { resolveHeaders } from '../../src/headers/resolve-headers.js';
import { strongEtag } from '../../src/server/etag.js';
import { THROUGHPUT_PATHS } from '../fixtures.js';

const [publicDir, headersFile] = process.argv.slice(2);
if (!publicDir || !headersFile) throw new Error('usage: bare-server.ts PUBLIC_DIR HEADERS_FILE');
const config = HeadersConfigSchema.parse(JSON.parse(readFileSync(headersFile, 'utf8')));
const coded = async (path: (typeof THROUGHPUT_PATHS)[number]) => {
  const body = readFileSync(documentFile(publicDir, path));
  const headers: Record<string, string> = {};
  for (const { key, value } of resolveHeaders(config.headers, path).values()) headers[key] = value;
  // The same bytes the thin handler sends for each coding, compressed by the same function.
  const forms = await compressBody(body);
  const variant = (bytes: Buffer, coding?: string) => ({
    body: bytes,
    headers: {
      ...headers,
      ...(coding === undefined ? {} : { 'Content-Encoding': coding }),
      Vary: 'Accept-Encoding',
      ETag: strongEtag(bytes),
      'Content-Length': String(bytes.length),
    },
  });
  return {
    identity: variant(body),
    br: forms.br === undefined ? undefined : variant(forms.br, 'br'),
    gzip: forms.gzip === undefined ? undefined : variant(forms.gzip, 'gzip'),
  };
};
const documents = new Map(await Promise.all(THROUGHPUT_PATHS.map(async (path) => [path, await coded(path)] as const)));

const server = createServer((request, response) => {
  const document = documents.get((request.url ?? '') as (typeof THROUGHPUT_PATHS)[number]);
  if (!document) {
    response.writeHead(404);
    response.end();
    return;
  }
  // The least a server can do to pick a coding: a substring test, no weights.
  const accept = request.headers['accept-encoding'] ?? '';
  const chosen =
    (accept.includes('br') ? document.br : undefined) ??
    (accept.includes('gzip') ? document.gzip : undefined) ??
    document.identity;
  response.writeHead(200, chosen.headers);
  response.end(chosen.body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
