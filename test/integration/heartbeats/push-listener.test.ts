import { readFile } from 'node:fs/promises';
import { Agent, request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heartbeatFileOf, readHeartbeat } from '../../../src/heartbeats/heartbeat-files.js';
import { type PushListener, type PushOutcome, startPushListener } from '../../../src/heartbeats/push-listener.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { createTestCa } from '../../helpers/test-certificates.js';

const TOKEN = 'nightly-build-token-0123456789abcdef';
const OTHER_TOKEN = 'backups-token-0123456789abcdef0123';
const targets = [
  { name: 'Nightly Build', slug: 'nightly-build', token: TOKEN },
  { name: 'Backups', slug: 'backups', token: OTHER_TOKEN },
];
const AT = Date.parse('2026-11-21T05:00:00Z');

let stateDir: string;
let listener: PushListener;
let lines: string[];
let outcomes: PushOutcome[];

async function start(extra: Partial<Parameters<typeof startPushListener>[0]> = {}): Promise<PushListener> {
  listener = await startPushListener({
    targets,
    stateDir,
    port: 0,
    host: '127.0.0.1',
    log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    now: () => new Date(AT),
    observe: (outcome) => outcomes.push(outcome),
    ...extra,
  });
  return listener;
}

/** One push as a job's curl sends it; the answer's status, headers and text. */
async function push(
  path: string,
  options: { method?: string; token?: string | null; body?: string; dispatcher?: Agent } = {},
) {
  const token = options.token === undefined ? TOKEN : options.token;
  const response = await request(new URL(path, listener.url).href, {
    method: (options.method ?? 'POST') as 'POST',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
  });
  return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
}

const tempDir = tempDirsPerTest({ prefix: 'pushes-' });
beforeEach(async () => {
  stateDir = await tempDir();
  lines = [];
  outcomes = [];
});
afterEach(async () => {
  await listener?.close();
});

describe('the push listener', () => {
  it('records a push with the right token, answering 204', async () => {
    await start();
    expect((await push('/heartbeat/nightly-build')).status).toBe(204);
    expect(await readHeartbeat(stateDir, 'nightly-build')).toEqual({ atMs: AT, ok: true, message: null });
    expect(outcomes).toEqual(['success']);
  });

  it.each([
    ['ours', 'POST', '/heartbeat/nightly-build?status=fail&message=make%20failed', 'make failed'],
    ["Uptime Kuma's", 'GET', '/heartbeat/nightly-build?status=down&msg=make%20failed&ping=', 'make failed'],
    ["Gatus's", 'POST', '/heartbeat/nightly-build?success=false&error=make%20failed', 'make failed'],
  ])('records a failure pushed in %s shape, with its message', async (_shape, method, path, message) => {
    await start();
    expect((await push(path, { method })).status).toBe(204);
    expect(await readHeartbeat(stateDir, 'nightly-build')).toEqual({ atMs: AT, ok: false, message });
    expect(outcomes).toEqual(['failure']);
  });

  it('answers a wrong token, no token and an unknown slug alike with 401, and records nothing', async () => {
    await start();
    const answers = [
      await push('/heartbeat/nightly-build', { token: 'nightly-build-token-0123456789abcdeX' }),
      await push('/heartbeat/nightly-build', { token: OTHER_TOKEN }),
      await push('/heartbeat/nightly-build', { token: null }),
      await push('/heartbeat/no-such-job'),
      await push('/heartbeat/no-such-job', { token: null }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.text).toBe('unauthorized\n');
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="heartbeat"');
    }
    await expect(readFile(heartbeatFileOf(stateDir, 'nightly-build'))).rejects.toThrow(/ENOENT/);
    expect(outcomes).toEqual(Array(5).fill('unauthorized'));
    // The log says why, for the operator; never a token.
    expect(lines.join('\n')).toMatch(/refused 401 from 127\.0\.0\.1: POST \/heartbeat\/nightly-build: wrong token/);
    for (const line of lines) expect(line).not.toMatch(/token-0123456789/);
  });

  it('leaves a recorded push as it was when a wrong token comes', async () => {
    await start();
    await push('/heartbeat/nightly-build');
    const before = await readFile(heartbeatFileOf(stateDir, 'nightly-build'), 'utf8');
    expect((await push('/heartbeat/nightly-build?status=fail', { token: OTHER_TOKEN })).status).toBe(401);
    expect(await readFile(heartbeatFileOf(stateDir, 'nightly-build'), 'utf8')).toBe(before);
  });

  it.each([
    ['another method', '/heartbeat/nightly-build', 'PUT', undefined, 405],
    ['another path', '/metrics', 'GET', undefined, 404],
    ['a status it cannot read', '/heartbeat/nightly-build?status=maybe', 'POST', undefined, 400],
    ['a body over 4 KiB', '/heartbeat/nightly-build', 'POST', 'x'.repeat(5000), 413],
  ])('refuses %s, saying so in the log, and records nothing', async (_what, path, method, body, status) => {
    await start();
    const answer = await push(path, { method, ...(body === undefined ? {} : { body }) });
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.allow).toBe('POST, GET');
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^heartbeats: refused ${status} from 127\\.0\\.0\\.1: `))]);
    await expect(readFile(heartbeatFileOf(stateDir, 'nightly-build'))).rejects.toThrow(/ENOENT/);
    expect(outcomes).toEqual(['refused']);
  });

  it('answers 429 with Retry-After to a client past its allowance, logging it once a minute', async () => {
    await start({ rateLimit: { burst: 3, perSecond: 0.5 } });
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await push('/heartbeat/nightly-build', { token: 'guess' })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const limited = await push('/heartbeat/nightly-build');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('2');
    expect(lines.filter((line) => line.includes('refused 429'))).toHaveLength(1);
  });

  it('speaks HTTPS with a certificate and key', async () => {
    const ca = await createTestCa();
    try {
      await start({ tls: await ca.issueLeaf({ days: 30 }) });
      expect(listener.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/heartbeat\/$/);
      const dispatcher = new Agent({ connect: { ca: ca.caPem } });
      expect((await push('/heartbeat/backups', { token: OTHER_TOKEN, dispatcher })).status).toBe(204);
      await dispatcher.close();
      expect(await readHeartbeat(stateDir, 'backups')).toMatchObject({ ok: true });
    } finally {
      await ca.remove();
    }
  });
});
