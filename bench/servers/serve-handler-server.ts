/**
 * Baseline: serve-handler alone with `headers.json`, what a user would
 * otherwise run. Usage: serve-handler-server.ts PUBLIC_DIR HEADERS_FILE
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import serveHandler from 'serve-handler';
import { HeadersConfigSchema } from '../../src/headers/headers-config.js';

const [publicDir, headersFile] = process.argv.slice(2);
if (!publicDir || !headersFile) throw new Error('usage: serve-handler-server.ts PUBLIC_DIR HEADERS_FILE');
const config = HeadersConfigSchema.parse(JSON.parse(readFileSync(headersFile, 'utf8')));

const server = createServer((request, response) => {
  void serveHandler(request, response, { public: publicDir, headers: config.headers, directoryListing: false });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
