/**
 * `serve` (a child process of the CLI, with the shipped Node options) under
 * crowds asking for many large compressible static files: its resident
 * memory against the compressed files' cache bound, and, where the files
 * are more than the cache holds, what the crowd costs a small hot file and
 * an API document asked for meanwhile.
 */
import { readFileSync } from 'node:fs';
import { copyFile, cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import type { BenchSite } from '../fixtures.js';
import { CLI, median, REPO_ROOT, residentMemoryOf, startServe } from '../process-tools.js';

const MIB = 1024 * 1024;
const SAMPLE_EVERY_MS = 20;
/** How long after the crowd the resident memory is read again: what the process keeps. */
const SETTLE_AFTER_MS = 2_000;
/** How often the side client asks for the hot file and the status while the crowd runs. */
const SIDE_EVERY_MS = 50;

/** One crowd: `files` distinct files of `fileMiB`, each asked for `rounds` times, `concurrency` at a time. */
export interface CrowdCase {
  readonly name: string;
  readonly files: number;
  readonly fileMiB: number;
  readonly concurrency: number;
  readonly rounds: number;
  /** Ask for the page's script and the status alongside, and time them. */
  readonly timeHotPaths: boolean;
}

/** Latencies of one path asked for by a side client, milliseconds. */
export interface PathTimes {
  readonly idleP50: number;
  readonly p50: number;
  readonly max: number;
}

export interface CrowdResult {
  readonly crowd: CrowdCase;
  readonly startRss: number;
  readonly peakRss: number;
  /** `SETTLE_AFTER_MS` after the crowd. */
  readonly afterRss: number;
  readonly wallMs: number;
  /** The server's CPU time (user + system) during the crowd. */
  readonly cpuMs: number;
  /** Answers by Content-Encoding (`identity` for none), and failures. */
  readonly codings: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly hot?: { readonly script: PathTimes; readonly status: PathTimes };
}

/** A deterministic generator of 32-bit numbers (xorshift), so every run serves the same bytes. */
function makeRandom(seed: number): () => number {
  let state = seed || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

/** JSON lines like the history's (ids, times, states, figures): compressible, distinct for each seed. */
function compressibleFile(bytes: number, seed: number): Buffer {
  const random = makeRandom(seed);
  const states = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'];
  const lines: string[] = [];
  for (let length = 0; length < bytes; ) {
    const line = `{"id":"${random().toString(16)}","at":${1_790_000_000 + (random() % 10_000_000)},"state":"${states[random() % 4]}","latency_ms":${random() % 5_000}},\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join('').slice(0, bytes));
}

function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Times `path` from its own connection every `SIDE_EVERY_MS` until `stop` resolves. */
async function timePath(origin: string, path: string, until: () => boolean): Promise<number[]> {
  const pool = new Pool(origin, { connections: 1 });
  const times: number[] = [];
  try {
    while (until()) {
      const start = performance.now();
      const response = await pool.request({ path, method: 'GET', headers: { 'accept-encoding': 'br, gzip' } });
      await response.body.arrayBuffer();
      times.push(performance.now() - start);
      await sleep(SIDE_EVERY_MS);
    }
  } finally {
    await pool.close();
  }
  return times;
}

/**
 * Runs one crowd against a fresh `serve` of the bench site plus the crowd's
 * files and the page's script, started from `cli` (the compiled CLI of this
 * checkout unless given: another build, for before and after).
 */
export async function measureCrowd(site: BenchSite, crowd: CrowdCase, cli = CLI): Promise<CrowdResult> {
  const publicDir = join(site.root, `crowd-${crowd.files}x${crowd.fileMiB}`);
  await cp(site.publicDir, publicDir, { recursive: true });
  await copyFile(join(REPO_ROOT, 'public', 'status-page.js'), join(publicDir, 'status-page.js'));
  await mkdir(join(publicDir, 'files'), { recursive: true });
  for (let index = 0; index < crowd.files; index += 1) {
    await writeFile(join(publicDir, 'files', `${index}.json`), compressibleFile(crowd.fileMiB * MIB, index + 1));
  }
  const serve = await startServe(publicDir, site.headersFile, { nodeFlags: LONG_RUNNING_NODE_FLAGS, cli });
  try {
    const pid = serve.child.pid as number;
    let crowdDone = false;
    const idle = crowd.timeHotPaths
      ? await Promise.all(
          ['/status-page.js', '/api/v1/status'].map((path) => {
            const stopAt = performance.now() + 1_500;
            return timePath(serve.url, path, () => performance.now() < stopAt);
          }),
        )
      : undefined;
    await sleep(500);
    const startRss = residentMemoryOf(pid).rss;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, residentMemoryOf(pid).rss);
    }, SAMPLE_EVERY_MS);
    const side = crowd.timeHotPaths
      ? Promise.all(['/status-page.js', '/api/v1/status'].map((path) => timePath(serve.url, path, () => !crowdDone)))
      : undefined;
    const queue: string[] = [];
    for (let round = 0; round < crowd.rounds; round += 1) {
      for (let index = 0; index < crowd.files; index += 1) queue.push(`/files/${index}.json`);
    }
    const codings: Record<string, number> = {};
    let errors = 0;
    const pool = new Pool(serve.url, { connections: crowd.concurrency });
    const cpuBefore = cpuMsOf(pid);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: crowd.concurrency }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          try {
            const response = await pool.request({ path, method: 'GET', headers: { 'accept-encoding': 'br, gzip' } });
            await response.body.arrayBuffer();
            const coding =
              response.statusCode === 200 ? String(response.headers['content-encoding'] ?? 'identity') : 'error';
            codings[coding] = (codings[coding] ?? 0) + 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
    const wallMs = performance.now() - start;
    const cpuMs = cpuMsOf(pid) - cpuBefore;
    crowdDone = true;
    const during = await side;
    await pool.close();
    await sleep(SETTLE_AFTER_MS);
    clearInterval(sampler);
    const afterRss = residentMemoryOf(pid).rss;
    const times = (idleTimes: number[] | undefined, crowdTimes: number[] | undefined): PathTimes => ({
      idleP50: median(idleTimes ?? []),
      p50: median(crowdTimes ?? []),
      max: Math.max(...(crowdTimes ?? [])),
    });
    return {
      crowd,
      startRss,
      peakRss: Math.max(peakRss, afterRss),
      afterRss,
      wallMs,
      cpuMs,
      codings,
      errors,
      ...(idle === undefined || during === undefined
        ? {}
        : { hot: { script: times(idle[0], during[0]), status: times(idle[1], during[1]) } }),
    };
  } finally {
    await serve.stop();
    await rm(publicDir, { recursive: true, force: true });
  }
}
