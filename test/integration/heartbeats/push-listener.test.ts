import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { Agent, request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heartbeatFileOf, readHeartbeat } from '../../../src/heartbeats/heartbeat-files.js';
import { type PushListener, type PushOutcome, startPushListener } from '../../../src/heartbeats/push-listener.js';
import { closeAll, openIdleConnections } from '../../helpers/idle-connections.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { createTestCa } from '../../helpers/test-certificates.js';
import { waitFor } from '../../helpers/test-server.js';

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

/** A push from the loopback address `from`, each address another client; a body in `chunks` is sent chunked. */
function pushFrom(
  from: string,
  path: string,
  options: { token?: string | null; chunks?: readonly string[] } = {},
): Promise<number> {
  const token = options.token === undefined ? TOKEN : options.token;
  return new Promise((resolve, reject) => {
    const sent = httpRequest(new URL(path, listener.url), {
      method: 'POST',
      localAddress: from,
      agent: false,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    sent.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    sent.on('error', reject);
    for (const chunk of options.chunks ?? []) sent.write(chunk);
    sent.end();
  });
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

  it('answers 429 with Retry-After to a client past its allowance of failures, logging it once a minute', async () => {
    await start({ rateLimit: { burst: 3, perSecond: 0.5 } });
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push(await push('/heartbeat/backups', { token: 'guess' }));
    expect(answers.map(({ status }) => status)).toEqual([401, 401, 401, 429, 429, 429]);
    expect(answers[5]?.headers['retry-after']).toBe('2');
    expect(lines.filter((line) => line.includes('refused 429'))).toHaveLength(1);
  });

  it('never refuses a push with the right token, however many wrong ones came from its host or for its slug', async () => {
    await start({ rateLimit: { burst: 2, perSecond: 0.01 } });
    // Wrong tokens from the job's own host, and from others, for the job's slug.
    const wrong = [];
    for (let attempt = 0; attempt < 5; attempt += 1)
      wrong.push(await pushFrom('127.0.0.1', '/heartbeat/nightly-build', { token: 'guess' }));
    for (let client = 2; client < 9; client += 1)
      wrong.push(await pushFrom(`127.0.2.${client}`, '/heartbeat/nightly-build', { token: 'guess' }));
    expect(wrong.slice(0, 2)).toEqual([401, 401]);
    expect(wrong.slice(2)).toEqual(Array(10).fill(429));
    // The job's own pushes, far past any burst: every one recorded.
    const right = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      right.push(await pushFrom('127.0.0.1', '/heartbeat/nightly-build'));
    expect(right).toEqual(Array(12).fill(204));
    expect(outcomes.filter((outcome) => outcome === 'success')).toHaveLength(12);
  });

  it('holds failures of one slug to its allowance across client addresses, leaving other slugs alone', async () => {
    await start({ rateLimit: { burst: 3, perSecond: 0.01 } });
    const wrong = [];
    for (let client = 2; client < 8; client += 1)
      wrong.push(await pushFrom(`127.0.3.${client}`, '/heartbeat/nightly-build', { token: 'guess' }));
    expect(wrong).toEqual([401, 401, 401, 429, 429, 429]);
    expect(await pushFrom('127.0.3.9', '/heartbeat/backups', { token: 'guess' })).toBe(401);
  });

  it("never logs a token: not from the query, not from a path in Uptime Kuma's style, not as an unknown slug", async () => {
    await start();
    const secrets = ['QUERYSECRET0123456789', 'PATHSECRET0123456789', 'SLUGSECRET0123456789'];
    await push(`/heartbeat/nightly-build?status=ok&token=${secrets[0]}`, { token: null });
    await push(`/heartbeat/nightly-build?token=${secrets[0]}&msg=x`, { token: 'wrong' });
    await push(`/api/push/${secrets[1]}?status=up&msg=OK&ping=`, { method: 'GET', token: null });
    await push(`/heartbeat/${secrets[2]}`, { token: null });
    await push(`/heartbeat/nightly-build/${secrets[2]}`, { token: null });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
    // What the operator needs is still there: the path pushed to and the names of the parameters.
    expect(lines.join('\n')).toContain('POST /heartbeat/nightly-build?status=…&token=…: no bearer token');
  });

  it.each([
    ['just past the cap', [4 * 1024 + 1]],
    ['in many small chunks', Array(70).fill(1000)],
    ['in a few large ones', [60_000, 60_000]],
  ])('answers a chunked body with the right token %s with 413, not 500', async (_how, sizes) => {
    await start();
    const status = await pushFrom('127.0.0.1', '/heartbeat/nightly-build', {
      chunks: sizes.map((size) => 'x'.repeat(size)),
    });
    expect(status).toBe(413);
    expect(lines).toEqual([expect.stringMatching(/^heartbeats: refused 413 from 127\.0\.0\.1: /)]);
    await expect(readFile(heartbeatFileOf(stateDir, 'nightly-build'))).rejects.toThrow(/ENOENT/);
  });

  it("closes connections past its caps, and idle ones within its idle limit, letting a job's push in", async () => {
    const connectionLimits = { maxConnections: 5, maxPerClient: 3, idleMs: 300, handshakeMs: 300, requestMs: 1_000 };
    await start({ connectionLimits });
    const { port } = new URL(listener.url);
    const held = [
      ...(await openIdleConnections(Number(port), 5, '127.0.4.1')),
      ...(await openIdleConnections(Number(port), 5, '127.0.4.2')),
    ];
    try {
      await waitFor(async () => held.filter((c) => !c.closed()).length === 5, 2_000);
      // A job's push still gets through meanwhile, from its own address: the oldest idle connection makes room.
      expect(await pushFrom('127.0.4.3', '/heartbeat/nightly-build')).toBe(204);
      await waitFor(async () => held.every((c) => c.closed()), 3_000);
    } finally {
      closeAll(held);
    }
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
