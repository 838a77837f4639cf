/**
 * Private memory over time, on the wall clock: the real sidecar on a
 * one-second schedule at four stand-in components, writing into the
 * directory the real `serve` serves to a status page's light traffic, both
 * run as the recipes run them. Each process's private memory is
 * `/proc/PID/smaps_rollup`'s `Private_Clean` + `Private_Dirty`: what it
 * holds alone, without the node binary's and the libraries' pages it shares
 * with every other node process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Standin, startStandin } from '../../src/standins/start-standin.js';
import type { BenchSite } from '../fixtures.js';
import { CLI, countCycles, REPO_ROOT, startServerProcess, stopChild } from '../process-tools.js';
import { startSteadyLoad, VISITOR_MIX } from '../steady-load.js';
import { REGIONS_FILE } from './probe-cycle.js';

/** Light page traffic: two requests a second over two connections. */
const LIGHT_RATE_PER_S = 2;
const LIGHT_CONNECTIONS = 2;

export interface FlatMemorySample {
  /** Seconds since the first cycle. */
  readonly seconds: number;
  readonly cycles: number;
  /** Private memory of the sidecar and of `serve`, bytes. */
  readonly sidecar: number;
  readonly serve: number;
}

export interface FlatMemoryRun {
  readonly samples: readonly FlatMemorySample[];
  readonly requests: number;
}

/** `Private_Clean` + `Private_Dirty` of a process, bytes. */
export function privateMemoryOf(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(rollup)?.[1] ?? Number.NaN);
  return (kb('Private_Clean') + kb('Private_Dirty')) * 1024;
}

/**
 * Runs the sidecar and `serve` for `durationS` seconds of wall clock and
 * samples both every `sampleEveryS`; `cli` is the compiled CLI to run (this
 * checkout's unless given, so that an older build can be measured the same way).
 */
export async function measureFlatMemory(
  site: BenchSite,
  options: {
    readonly durationS: number;
    readonly sampleEveryS: number;
    readonly nodeFlags: readonly string[];
    readonly cli?: string;
    /** The sidecar's schedule: every second unless given. */
    readonly schedule?: string;
  },
): Promise<FlatMemoryRun> {
  const cli = options.cli ?? CLI;
  const standins: Standin[] = [];
  const children: ChildProcess[] = [];
  try {
    for (let index = 0; index < 4; index += 1) standins.push(await startStandin({ name: `flat ${index}`, port: 0 }));
    const config = join(site.root, 'flat-components.json');
    const components = standins.map((standin, index) => ({
      name: `Component ${index}`,
      url: `${standin.origin}/healthz`,
    }));
    await writeFile(
      config,
      JSON.stringify({ region: 'ams1', schedule: options.schedule ?? '* * * * * *', components }),
    );
    const publicDir = join(site.root, 'flat-public');
    await cp(join(REPO_ROOT, 'public'), publicDir, { recursive: true, filter: (source) => !source.includes('/api') });
    await cp(site.publicDir, publicDir, { recursive: true });
    await mkdir(join(site.root, 'flat-state'), { recursive: true });

    const serve = await startServerProcess(
      process.execPath,
      [...options.nodeFlags, cli, 'serve', '--public', publicDir, '--headers', site.headersFile, '--config', config],
      { PORT: '0' },
    );
    children.push(serve.child);
    const sidecar = spawn(
      process.execPath,
      [
        ...options.nodeFlags,
        cli,
        'probe',
        '--config',
        config,
        '--regions',
        REGIONS_FILE,
        '--out',
        publicDir,
        '--state',
        join(site.root, 'flat-state', 'state.json'),
        '--history',
        join(site.root, 'flat-state', 'history.sqlite'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(sidecar);
    const cyclesDone = countCycles(sidecar);
    const exited = new Promise<never>((_, reject) =>
      sidecar.once('exit', (code) => reject(new Error(`the sidecar exited with ${code}`))),
    );
    exited.catch(() => {});
    while (cyclesDone() < 1) await Promise.race([sleep(50), exited]);

    const started = performance.now();
    const elapsedS = () => (performance.now() - started) / 1000;
    const load = startSteadyLoad(serve.url, VISITOR_MIX, LIGHT_CONNECTIONS, () => LIGHT_RATE_PER_S * elapsedS());
    const samples: FlatMemorySample[] = [];
    const sample = () =>
      samples.push({
        seconds: elapsedS(),
        cycles: cyclesDone(),
        sidecar: privateMemoryOf(sidecar.pid as number),
        serve: privateMemoryOf(serve.child.pid as number),
      });
    try {
      sample();
      while (elapsedS() < options.durationS) {
        await Promise.race([sleep(options.sampleEveryS * 1000), exited]);
        sample();
      }
    } finally {
      await load.stop();
    }
    return { samples, requests: load.requests() };
  } finally {
    await Promise.all(children.map(stopChild));
    await Promise.all(standins.map((standin) => standin.close()));
  }
}
