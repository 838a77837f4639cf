import { randomBytes } from 'node:crypto';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../../src/site/build-site.js';
import { sendRaw, statusOf } from '../../helpers/raw-http.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

/** Markers planted in every file that must never be served; a response carrying one is a leak. */
const marker = (name: string) => `LEAK-${name}-${randomBytes(6).toString('hex')}`;
const secrets = {
  outside: marker('outside'),
  dotenv: marker('dotenv'),
  git: marker('git'),
  hiddenDir: marker('hidden-dir'),
  temp: marker('temp'),
};

let site: TempSite;
let server: TestServer;
let leakMarkers: string[];

beforeAll(async () => {
  site = await makeTempSite();
  await buildSite({ regionsFile: site.regionsFile, publicDir: site.publicDir });
  await publishStatus(site.publicDir, sampleStatus());
  const pub = site.publicDir;
  await writeFile(join(site.root, 'secret-outside.txt'), secrets.outside);
  await writeFile(join(pub, '.env'), secrets.dotenv);
  await mkdir(join(pub, '.git'));
  await writeFile(join(pub, '.git', 'config'), secrets.git);
  await mkdir(join(pub, '.hidden'));
  await writeFile(join(pub, '.hidden', 'file.txt'), secrets.hiddenDir);
  await writeFile(join(pub, 'api', 'v1', '.status.123.abcd.tmp'), secrets.temp);
  await symlink(join(site.root, 'secret-outside.txt'), join(pub, 'link-file.txt'));
  await symlink(site.root, join(pub, 'link-dir'));
  await mkdir(join(pub, 'docs'));
  await writeFile(join(pub, 'docs', 'page.html'), '<p>docs</p>');
  // Files next to public/ and on the machine that a traversal would aim for.
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '');
  leakMarkers = [
    ...Object.values(secrets),
    passwd.split('\n')[0] ?? '',
    await readFile(site.headersFile, 'utf8'),
  ].filter((text) => text.length > 0);
  server = await startTestServer(site);
});
afterAll(async () => {
  await server?.close();
  await site?.remove();
});

const TRAVERSAL_STEPS = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2E%2e%2F',
  '%2e%2e%5c',
  '..%5c',
  '..\\',
  '%252e%252e%252f',
  '..%252f',
  '%c0%ae%c0%ae/',
  '..%c0%af',
  '..%e0%80%af',
  '%uff0e%uff0e/',
  '..;/',
  '.%2e/',
  '%2e./',
  '....//',
  '..%00/',
  '..%2500/',
];
const TRAVERSAL_TARGETS = ['secret-outside.txt', 'headers.json', 'etc/passwd', 'data/regions.json'];
const TRAVERSAL_PREFIXES = ['/', '/api/v1/', '/docs/', '/link-dir/'];

const HIDDEN_PATHS = [
  '/.env',
  '/%2eenv',
  '/%2Eenv',
  '/.env?x=1',
  '/.env/',
  '/.git/config',
  '/.git/',
  '/.git',
  '/%2egit/config',
  '/.git%2fconfig',
  '/docs/../.env',
  '/api/v1/../../.env',
  '/.hidden/file.txt',
  '/.hidden/',
  '/api/v1/.status.123.abcd.tmp',
  '/api/v1/%2estatus.123.abcd.tmp',
  '/link-file.txt',
  '/link-dir/secret-outside.txt',
  '/link-dir/',
  '/link-dir',
  '/link-dir%2fsecret-outside.txt',
  '/link-dir/public/.env',
  '/docs/',
  '/docs',
  '/api/',
  '/api/v1/',
  '/api/v1',
];

const ODD_TARGETS = [
  '*',
  'http://example.test/../secret-outside.txt',
  'http://example.test/.env',
  'https://example.test/link-dir/secret-outside.txt',
  '//etc/passwd',
  '///secret-outside.txt',
  '/%',
  '/%zz',
  '/%e2%82',
  '/%00',
  '/index.html%00.txt',
  '/api/v1/status%00',
  '/api/v1/status/..',
  '/api/v1/status/../../.env',
];

interface Case {
  readonly name: string;
  readonly request: string;
  /** Statuses a correct server may answer. */
  readonly allowed: readonly number[];
}

function requestFor(method: string, target: string, version = 'HTTP/1.1'): string {
  return `${method} ${target} ${version}\r\nHost: example.test\r\nConnection: close\r\n\r\n`;
}

function buildCorpus(): Case[] {
  const cases: Case[] = [];
  for (const prefix of TRAVERSAL_PREFIXES) {
    for (const step of TRAVERSAL_STEPS) {
      for (const target of TRAVERSAL_TARGETS) {
        for (const depth of [1, 3, 6]) {
          const path = `${prefix}${step.repeat(depth)}${target}`;
          cases.push({ name: `traversal ${path}`, request: requestFor('GET', path), allowed: [400, 404] });
        }
      }
    }
  }
  for (const path of HIDDEN_PATHS) {
    for (const method of ['GET', 'HEAD']) {
      cases.push({ name: `${method} ${path}`, request: requestFor(method, path), allowed: [400, 404] });
    }
    cases.push({ name: `HTTP/1.0 ${path}`, request: requestFor('GET', path, 'HTTP/1.0'), allowed: [400, 404] });
  }
  for (const target of ODD_TARGETS) {
    cases.push({ name: `odd target ${target}`, request: requestFor('GET', target), allowed: [400, 404] });
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND']) {
    for (const path of [
      '/api/v1/status',
      '/api/v1/regions',
      '/healthz',
      '/docs/page.html',
      '/.env',
      '/../secret-outside.txt',
    ]) {
      cases.push({ name: `${method} ${path}`, request: requestFor(method, path), allowed: [400, 404, 405] });
    }
  }
  cases.push({ name: 'a 20 kB URL', request: requestFor('GET', `/${'a'.repeat(20_000)}`), allowed: [431] });
  cases.push({
    name: 'a 20 kB header',
    request: `GET /api/v1/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    allowed: [431],
  });
  cases.push({ name: 'a NUL in the request line', request: 'GET /\0.env HTTP/1.1\r\nHost: x\r\n\r\n', allowed: [400] });
  cases.push({ name: 'a space in the path', request: 'GET /a b/../.env HTTP/1.1\r\nHost: x\r\n\r\n', allowed: [400] });
  cases.push({ name: 'garbage', request: 'HELLO\r\n\r\n', allowed: [400] });
  cases.push({
    name: 'a websocket upgrade of a hidden path',
    request: 'GET /.env HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\r\n',
    allowed: [400, 404],
  });
  cases.push({
    name: 'a malformed Content-Length',
    request: 'POST /api/v1/status HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    allowed: [400],
  });
  cases.push({
    name: 'request smuggling: Content-Length with Transfer-Encoding',
    request:
      'POST /api/v1/status HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    allowed: [400],
  });
  return cases;
}

/** Splits a raw response into status, header block and body. */
function splitResponse(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  return { status: statusOf(raw), head: raw.slice(0, at), body: raw.slice(at + 4) };
}

describe('a corpus of hostile requests over raw sockets', () => {
  const corpus = buildCorpus();

  it('has several hundred cases', () => {
    expect(corpus.length).toBeGreaterThan(500);
  });

  it('never leaks a planted file, answers each with an allowed status and the JSON error shape, and survives', async () => {
    const failures: string[] = [];
    for (let index = 0; index < corpus.length; index += 25) {
      await Promise.all(
        corpus.slice(index, index + 25).map(async ({ name, request, allowed }) => {
          const raw = await sendRaw(server.port, request);
          if (raw === '') {
            failures.push(`${name}: no response`);
            return;
          }
          for (const leak of leakMarkers) if (raw.includes(leak)) failures.push(`${name}: leaked ${leak.slice(0, 30)}`);
          const { status, head, body } = splitResponse(raw);
          if (!allowed.includes(status)) failures.push(`${name}: status ${status}, expected ${allowed.join('/')}`);
          if (!/\r\nContent-Type: application\/json\r\n/i.test(head)) failures.push(`${name}: not JSON`);
          if (!request.startsWith('HEAD') && !/^\{"error":\{"code":"[a-z_]+","message":"[^"]+"\}\}\n$/.test(body)) {
            failures.push(`${name}: body ${JSON.stringify(body.slice(0, 80))}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
    const after = await sendRaw(server.port, requestFor('GET', '/api/v1/regions'));
    expect(statusOf(after)).toBe(200);
  });
});

describe('connections', () => {
  it('answers HTTP/1.0 on the API paths and closes', async () => {
    const raw = await sendRaw(server.port, 'GET /api/v1/status HTTP/1.0\r\n\r\n');
    expect(statusOf(raw)).toBe(200);
    expect(raw).toContain('Cache-Control: no-store');
    expect(raw).toMatch(/"version":"v1"/);
  });

  it('answers pipelined requests in order on one connection', async () => {
    const raw = await sendRaw(
      server.port,
      'GET /api/v1/regions HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /nope HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /api/v1/status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 404, 200]);
    expect(raw.indexOf('"object":"list"')).toBeLessThan(raw.indexOf('"not_found"'));
    expect(raw.indexOf('"not_found"')).toBeLessThan(raw.indexOf('"version":"v1"'));
  });
});

/** The headers docs/configuration.md (`headers.json`) documents for every response the server writes itself. */
function expectGeneratedJsonHeaders(head: string): void {
  expect(head).toMatch(/\r\nContent-Type: application\/json\r\n/i);
  expect(head).toMatch(/\r\nCache-Control: no-store\r\n/i);
  expect(head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
  expect(head).toMatch(/\r\nAccess-Control-Allow-Origin: \*\r\n/i);
}

describe("requests Node's HTTP parser answers before the handler", () => {
  it('answers HTTP/1.1 without Host with a JSON 400', async () => {
    const raw = await sendRaw(server.port, 'GET /api/v1/status HTTP/1.1\r\nConnection: close\r\n\r\n');
    const { status, head, body } = splitResponse(raw);
    expect(status).toBe(400);
    expectGeneratedJsonHeaders(head);
    expect(JSON.parse(body)).toEqual({ error: { code: 'bad_request', message: expect.stringContaining('Host') } });
  });

  it('answers an Expect it does not know with a JSON 417', async () => {
    const raw = await sendRaw(
      server.port,
      'GET /api/v1/status HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
    );
    const { status, head, body } = splitResponse(raw);
    expect(status).toBe(417);
    expectGeneratedJsonHeaders(head);
    expect(JSON.parse(body)).toEqual({
      error: { code: 'expectation_failed', message: expect.stringContaining('Expect') },
    });
  });

  it('still answers Expect: 100-continue with 100 Continue and then the document', async () => {
    const raw = await sendRaw(
      server.port,
      'GET /api/v1/status HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n',
    );
    expect(raw).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    expect(raw).toContain('"version":"v1"');
  });
});

describe('slow clients', () => {
  let strict: TestServer;
  beforeAll(async () => {
    const { startServer } = await import('../../../src/server/start-server.js');
    const running = await startServer({
      publicDir: site.publicDir,
      headersFile: site.headersFile,
      port: 0,
      host: '127.0.0.1',
      log: () => {},
      limits: { headersTimeoutMs: 600, requestTimeoutMs: 1_000, timeoutCheckIntervalMs: 100 },
    });
    strict = { ...running, port: Number(new URL(running.url).port), logs: [] };
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('cuts off a slow-loris client that trickles headers, with a JSON 408, and keeps serving others', async () => {
    const socket = connect(strict.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.write('GET /api/v1/status HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 100);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const start = performance.now();
    const meanwhile = await sendRaw(strict.port, requestFor('GET', '/api/v1/regions'));
    expect(statusOf(meanwhile)).toBe(200);
    await closed;
    clearInterval(trickle);
    const raw = Buffer.concat(chunks).toString();
    expect(statusOf(raw)).toBe(408);
    expect(raw).toContain('"code":"request_timeout"');
    expect(performance.now() - start).toBeLessThan(10_000);
  });
});
