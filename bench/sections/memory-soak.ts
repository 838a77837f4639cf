/**
 * An hour of the system's life in a couple of minutes: the real sidecar
 * (`probe`, a child process of the CLI) on the shipped 5-second schedule
 * with its clock sped up by libfaketime, writing into the directory the real
 * `serve` (another child) serves under a steady visitors' load. Resident
 * memory of both is sampled from /proc throughout.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Standin, startStandin } from '../../src/standins/start-standin.js';
import type { BenchSite } from '../fixtures.js';
import {
  CLI,
  countCycles,
  REPO_ROOT,
  type ResidentMemory,
  residentMemoryOf,
  startServerProcess,
  stopChild,
} from '../process-tools.js';
import { startSteadyLoad, VISITOR_MIX } from '../steady-load.js';
import { REGIONS_FILE } from './probe-cycle.js';

/** The shipped schedule's interval: 720 cycles are an hour. */
export const SOAK_INTERVAL_S = 5;
const SAMPLE_EVERY_MS = 1_000;
const LOAD_CONNECTIONS = 8;
/**
 * A status page's realistic traffic at four components: 20 requests a
 * second (a few hundred visitors with the page open, each refreshing the
 * status and the uptime every minute, plus API clients), spread over 8
 * connections as the saturating load's are, so that only the amount differs.
 * It is paced by the sidecar's sped-up clock, not the wall clock: by cycle n
 * the second `serve` has been sent `STEADY_RATE_PER_S × n × SOAK_INTERVAL_S`
 * requests, an hour's 72,000 over 720 cycles however long they take here.
 */
export const STEADY_RATE_PER_S = 20;
const STEADY_CONNECTIONS = 8;
/** Loaded into each child: it logs V8's heap spaces and the kernel's split of its memory. */
const HEAP_SPACES_HOOK = join(REPO_ROOT, 'bench', 'servers', 'sample-heap-spaces.mjs');
/** Debian's libfaketime (package faketime), preloaded into the sidecar alone: its pid stays node's. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

export interface SoakSample {
  /** Cycles the sidecar has logged as done. */
  readonly cycles: number;
  /** Requests the saturated `serve` has answered. */
  readonly requests: number;
  /** Requests the `serve` under a status page's realistic traffic has answered. */
  readonly steadyRequests: number;
  readonly sidecar: ResidentMemory;
  /** `serve` under as many requests as 8 connections can send. */
  readonly serve: ResidentMemory;
  /** `serve` under `STEADY_RATE_PER_S` requests a second of the sidecar's sped-up clock. */
  readonly steadyServe: ResidentMemory;
}

/** Where one process's memory was at its last sample, from inside (bench/servers/sample-heap-spaces.mjs). */
export interface HeapSpacesSample {
  readonly rss: number;
  readonly anon: number;
  readonly file: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  /** By V8's space name (`new_space`, `old_space`, `code_space`, `large_object_space`, …). */
  readonly spaces: Readonly<Record<string, { readonly size: number; readonly used: number }>>;
}

export interface SoakResult {
  /** Each process's last sample from inside, by `sidecar`, `serve`, `steadyServe`. */
  readonly insides: Readonly<Record<string, HeapSpacesSample | undefined>>;
  readonly cycles: number;
  readonly speedup: number;
  readonly realSeconds: number;
  readonly samples: readonly SoakSample[];
  readonly statuses: Readonly<Record<string, number>>;
}

/** Where a series of memory samples started, ended and peaked, and its trend. */
export interface MemoryTrend {
  readonly start: ResidentMemory;
  readonly end: ResidentMemory;
  readonly maxRss: number;
  /** Least-squares slope of RSS in bytes per unit of `x` (a cycle, a request). */
  readonly slopePerUnit: number;
}

/**
 * The trend of RSS against `x` over the samples after the warm-up (the first
 * tenth of the run, when code is still being compiled and pools filled).
 */
export function summarizeTrend(
  samples: readonly SoakSample[],
  memory: (sample: SoakSample) => ResidentMemory,
  x: (sample: SoakSample) => number,
): MemoryTrend {
  const lastX = x(samples.at(-1) as SoakSample);
  const settled = samples.filter((sample) => x(sample) >= lastX / 10);
  const points = settled.map((sample) => [x(sample), memory(sample).rss] as const);
  const meanX = points.reduce((sum, [px]) => sum + px, 0) / points.length;
  const meanY = points.reduce((sum, [, py]) => sum + py, 0) / points.length;
  const covariance = points.reduce((sum, [px, py]) => sum + (px - meanX) * (py - meanY), 0);
  const variance = points.reduce((sum, [px]) => sum + (px - meanX) ** 2, 0);
  return {
    start: memory(settled[0] as SoakSample),
    end: memory(settled.at(-1) as SoakSample),
    maxRss: Math.max(...samples.map((sample) => memory(sample).rss)),
    slopePerUnit: variance === 0 ? 0 : covariance / variance,
  };
}

/** `undefined` when libfaketime is not installed. */
export async function measureSoak(
  site: BenchSite,
  options: {
    readonly cycles: number;
    readonly speedup: number;
    /** Node's options before the CLI, for both processes: what the shipped recipes run with. */
    readonly nodeFlags?: readonly string[];
  },
): Promise<SoakResult | undefined> {
  if (!existsSync(LIBFAKETIME)) return undefined;
  const nodeFlags = options.nodeFlags ?? [];
  const standins: Standin[] = [];
  const children: ChildProcess[] = [];
  try {
    for (let index = 0; index < 4; index += 1) standins.push(await startStandin({ name: `soak ${index}`, port: 0 }));
    const config = join(site.root, 'soak-components.json');
    const components = standins.map((standin, index) => ({
      name: `Component ${index}`,
      url: `${standin.origin}/healthz`,
    }));
    await writeFile(config, JSON.stringify({ region: 'ams1', schedule: `*/${SOAK_INTERVAL_S} * * * * *`, components }));
    const publicDir = join(site.root, 'soak-public');
    // The page as shipped, then the bench site's documents.
    await cp(join(REPO_ROOT, 'public'), publicDir, { recursive: true, filter: (source) => !source.includes('/api') });
    await cp(site.publicDir, publicDir, { recursive: true });

    // Two servers of the one directory the sidecar writes: one saturated, one at a status page's traffic.
    const insideFile = (name: string) => join(site.root, `soak-${name}-inside.jsonl`);
    const hooked = ['--import', HEAP_SPACES_HOOK, ...nodeFlags];
    const startServe = (name: string) =>
      startServerProcess(
        process.execPath,
        [...hooked, CLI, 'serve', '--public', publicDir, '--headers', site.headersFile, '--config', config],
        { PORT: '0', HEAP_SPACES_FILE: insideFile(name) },
      );
    const serve = await startServe('serve');
    children.push(serve.child);
    const steadyServe = await startServe('steadyServe');
    children.push(steadyServe.child);
    const sidecar = spawn(
      process.execPath,
      [
        ...hooked,
        CLI,
        'probe',
        '--config',
        config,
        '--regions',
        REGIONS_FILE,
        '--out',
        publicDir,
        '--state',
        join(site.root, 'soak-state', 'state.json'),
        '--history',
        join(site.root, 'soak-state', 'history.sqlite'),
        // The lock's lease is kept on the sped-up clock too: the longest one leaves the loaded machine room.
        '--lock-stale-after',
        '3600',
      ],
      {
        env: {
          ...process.env,
          LD_PRELOAD: LIBFAKETIME,
          FAKETIME: `+0 x${options.speedup}`,
          HEAP_SPACES_FILE: insideFile('sidecar'),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(sidecar);
    const cyclesDone = countCycles(sidecar);
    const exited = new Promise<never>((_, reject) =>
      sidecar.once('exit', (code) => reject(new Error(`the soak's sidecar exited with ${code}`))),
    );
    exited.catch(() => {});
    while (cyclesDone() < 1) await Promise.race([sleep(50), exited]);

    const load = startSteadyLoad(serve.url, VISITOR_MIX, LOAD_CONNECTIONS);
    const steadyLoad = startSteadyLoad(
      steadyServe.url,
      VISITOR_MIX,
      STEADY_CONNECTIONS,
      () => STEADY_RATE_PER_S * cyclesDone() * SOAK_INTERVAL_S,
    );
    const started = performance.now();
    const samples: SoakSample[] = [];
    // On a loaded machine a cycle can outlast its sped-up slot and slots are skipped: the run then
    // reports the cycles it got within ten times the expected time, rather than hold the bench forever.
    const deadlineMs = ((options.cycles * SOAK_INTERVAL_S) / options.speedup) * 10_000 + 30_000;
    try {
      while (cyclesDone() < options.cycles && performance.now() - started < deadlineMs) {
        await Promise.race([sleep(SAMPLE_EVERY_MS), exited]);
        samples.push({
          cycles: cyclesDone(),
          requests: load.requests(),
          steadyRequests: steadyLoad.requests(),
          sidecar: residentMemoryOf(sidecar.pid as number),
          serve: residentMemoryOf(serve.child.pid as number),
          steadyServe: residentMemoryOf(steadyServe.child.pid as number),
        });
      }
    } finally {
      await Promise.all([load.stop(), steadyLoad.stop()]);
    }
    const lastInside = async (name: string) => {
      const lines = (await readFile(insideFile(name), 'utf8').catch(() => '')).trim().split('\n');
      return lines.at(-1) ? (JSON.parse(lines.at(-1) as string) as HeapSpacesSample) : undefined;
    };
    return {
      insides: {
        sidecar: await lastInside('sidecar'),
        serve: await lastInside('serve'),
        steadyServe: await lastInside('steadyServe'),
      },
      cycles: cyclesDone(),
      speedup: options.speedup,
      realSeconds: (performance.now() - started) / 1000,
      samples,
      statuses: load.statuses(),
    };
  } finally {
    await Promise.all(children.map(stopChild));
    await Promise.all(standins.map((standin) => standin.close()));
  }
}

/** An idle `node` process's resident memory: the floor every figure above stands on. */
export async function measureIdleNode(): Promise<ResidentMemory> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  try {
    await sleep(1_000);
    return residentMemoryOf(child.pid as number);
  } finally {
    await stopChild(child);
  }
}
