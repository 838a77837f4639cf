import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUEUED_REQUESTS_PER_CONNECTION } from '../../../src/server/bound-pipelining.js';
import { useBuiltSite } from '../../helpers/built-site.js';
import { sendRaw, statusOf } from '../../helpers/raw-http.js';
import { type CliProcess, startCli } from '../../helpers/run-cli.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';

/**
 * One client against the origin, running as the real `serve` command in a
 * child process, so that its descriptors can be counted and so that a crash,
 * or a descriptor limit, is its own and not the test runner's.
 */
let site: TempSite;
let serving: CliProcess | undefined;
const clients: Socket[] = [];
const built = useBuiltSite();

beforeEach(async () => {
  site = await makeTempSite();
  await built.copyInto(site);
  await writeFile(join(site.publicDir, 'big.txt'), 'x'.repeat(1_000_000));
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  if (serving && serving.child.exitCode === null) {
    serving.child.kill('SIGKILL');
    await serving.exited();
  }
  serving = undefined;
  await site.remove();
});

/** Starts `serve`, optionally with a lower limit on open descriptors (`prlimit` execs, so the pid is the server's). */
async function startServe(maxDescriptors?: number): Promise<{ pid: number; port: number }> {
  serving = startCli(['serve'], {
    cwd: site.root,
    env: { PORT: '0' },
    ...(maxDescriptors === undefined ? {} : { wrapper: ['prlimit', `--nofile=${maxDescriptors}`] }),
  });
  const [, port] = await serving.waitForOutput(/listening on http:\/\/127\.0\.0\.1:(\d+)/, 20_000);
  const pid = serving.child.pid;
  if (pid === undefined) throw new Error('no pid');
  return { pid, port: Number(port) };
}

const descriptorsOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

/** Opens a connection, sends `count` pipelined GETs of `path` in one write, and never reads the answers. */
async function pipelineUnread(port: number, path: string, count: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  clients.push(socket);
  socket.pause();
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(count));
  return socket;
}

const stillServes = async (port: number) =>
  statusOf(await sendRaw(port, 'GET /api/v1/regions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));

describe('a client that pipelines requests and never reads the answers', () => {
  it('leaves no descriptor behind once it disconnects', async () => {
    const { pid, port } = await startServe();
    expect(await stillServes(port)).toBe(200);
    const before = descriptorsOf(pid);
    // Within the per-connection bound, so that it is the release on disconnect that is tested.
    const socket = await pipelineUnread(port, '/big.txt', MAX_QUEUED_REQUESTS_PER_CONNECTION - 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(descriptorsOf(pid) - before, 'files held for answers the client has not read').toBeLessThanOrEqual(4);
    socket.destroy();
    await waitFor(async () => descriptorsOf(pid) <= before + 2, 5_000).catch(() => {});
    expect(descriptorsOf(pid) - before).toBeLessThanOrEqual(2);
    expect(await stillServes(port)).toBe(200);
  });

  it(`may not queue more than ${MAX_QUEUED_REQUESTS_PER_CONNECTION} requests behind an unread answer`, async () => {
    const { port } = await startServe();
    // Read everything, and take a reset (the server closing on requests it has not read) as the end too.
    const socket = connect(port, '127.0.0.1');
    clients.push(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.write('GET /api/v1/regions HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(500));
    await new Promise((resolve) => socket.once('close', resolve));
    const raw = Buffer.concat(chunks).toString('latin1');
    const answered = raw.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0;
    expect(answered).toBeLessThanOrEqual(MAX_QUEUED_REQUESTS_PER_CONNECTION + 1);
    expect(await stillServes(port)).toBe(200);
  });

  it('still answers a few honest pipelined requests in order', async () => {
    const { port } = await startServe();
    const raw = await sendRaw(
      port,
      `${'GET /big.txt HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(5)}GET /api/v1/regions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect([...raw.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]))).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
  });
});

describe('running out of descriptors', () => {
  it('does not end the process: 300 such clients against a limit of 256 descriptors, then it answers again', async () => {
    const { pid, port } = await startServe(256);
    const before = descriptorsOf(pid);
    const sockets = await Promise.all(Array.from({ length: 300 }, () => pipelineUnread(port, '/big.txt', 50)));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const socket of sockets) socket.destroy();
    // The server works through 300 connections' worth of closes and of backlog: on a loaded machine that took over 10 s.
    await waitFor(async () => descriptorsOf(pid) <= before + 2, 30_000).catch(() => {});
    expect(serving?.child.exitCode, serving?.output()).toBeNull();
    expect(serving?.child.signalCode).toBeNull();
    expect(descriptorsOf(pid) - before).toBeLessThanOrEqual(2);
    // Connections still in the listen backlog from the flood are being accepted and closed: give it a moment.
    await waitFor(async () => (await stillServes(port).catch(() => 0)) === 200, 10_000);
  }, 60_000);
});
