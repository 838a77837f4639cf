/**
 * Baseline: a bare node:http server answering the throughput paths from memory
 * with the same bytes and the same headers as the thin handler. It is the
 * practical limit for a Node origin. Usage: bare-server.ts PUBLIC_DIR HEADERS_FILE
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentFile } from '../../src/api-paths.js';
import { HeadersConfigSchema } from '../../src/headers/headers-config.js';
import { resolveHeaders } from '../../src/headers/resolve-headers.js';
import { strongEtag } from '../../src/server/etag.js';
import { THROUGHPUT_PATHS } from '../fixtures.js';

const [publicDir, headersFile] = process.argv.slice(2);
if (!publicDir || !headersFile) throw new Error('usage: bare-server.ts PUBLIC_DIR HEADERS_FILE');
const config = HeadersConfigSchema.parse(JSON.parse(readFileSync(headersFile, 'utf8')));
const documents = new Map<string, { body: Buffer; headers: Record<string, string> }>(
  THROUGHPUT_PATHS.map((path) => {
    const body = readFileSync(documentFile(publicDir, path));
    const headers: Record<string, string> = {};
    for (const { key, value } of resolveHeaders(config.headers, path).values()) headers[key] = value;
    headers.ETag = strongEtag(body);
    headers['Content-Length'] = String(body.length);
    return [path, { body, headers }] as const;
  }),
);

const server = createServer((request, response) => {
  const document = documents.get(request.url ?? '');
  if (!document) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, document.headers);
  response.end(document.body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
