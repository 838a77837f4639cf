/**
 * Section 5's row on one `probe --once` of 10,000 components (issue 34):
 * peak resident memory, wall and CPU time of the compiled CLI as the
 * recipes run it and with Node's defaults, twice each in one state
 * directory (a first run, then one with a history to read).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LONG_RUNNING_NODE_FLAGS } from '../../src/cli/long-running-node-flags.js';
import type { BenchSite } from '../fixtures.js';
import { CLI } from '../process-tools.js';
import { hasNginx, startNginxTargets } from '../servers/nginx-targets.js';
import { REGIONS_FILE } from './probe-cycle.js';

const MB = 1024 * 1024;
const TICKS_PER_S = 100; // USER_HZ, what /proc/PID/stat counts in on Linux
/** How often the child's high-water mark and CPU time are read: it is gone once it exits. */
const SAMPLE_MS = 20;
/** The issue's target for a probe at 10,000 components. */
export const SCALE_RSS_TARGET = 400 * MB;

export interface OnceRun {
  /** Which Node options, as the row names them. */
  readonly options: string;
  /** 1: an empty state directory; 2: the history of the first. */
  readonly run: number;
  readonly exitCode: number | null;
  /** VmHWM, last read before the process ended. */
  readonly peakRss: number;
  readonly wallMs: number;
  /** utime + stime, last read before the process ended. */
  readonly cpuMs: number;
}

/** VmHWM (bytes) and CPU time (ms) of a running process, or `undefined` once it is gone. */
function sample(pid: number): { peakRss: number; cpuMs: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { peakRss: Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024, cpuMs: (ticks * 1000) / TICKS_PER_S };
  } catch {
    return undefined;
  }
}

/** One `probe --once` run to its end, sampled. */
function runOnce(argv: readonly string[]): Promise<Omit<OnceRun, 'options' | 'run'>> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, argv, { stdio: 'ignore' });
    let last = { peakRss: 0, cpuMs: 0 };
    const timer = setInterval(() => {
      const now = child.pid === undefined ? undefined : sample(child.pid);
      // The largest of each: a process that has just exited (a zombie) reads as no memory.
      if (now !== undefined) {
        last = { peakRss: Math.max(last.peakRss, now.peakRss), cpuMs: Math.max(last.cpuMs, now.cpuMs) };
      }
    }, SAMPLE_MS);
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('exit', (exitCode) => {
      clearInterval(timer);
      resolve({ exitCode, wallMs: performance.now() - started, ...last });
    });
  });
}

/**
 * `components` components on one nginx (a URL each), probed by `cli` with
 * `probe --once`: with the recipes' Node options and with Node's defaults,
 * each twice in a fresh state directory. `undefined` without nginx.
 */
export async function measureProbeAtScale(
  site: BenchSite,
  components: number,
  cli: string = CLI,
): Promise<OnceRun[] | undefined> {
  if (!hasNginx()) return undefined;
  const dir = join(site.root, 'probe-at-scale');
  const nginx = await startNginxTargets(join(dir, 'nginx'));
  const runs: OnceRun[] = [];
  try {
    const config = join(dir, 'components.json');
    const list = Array.from({ length: components }, (_, index) => ({
      name: `Component ${index}`,
      url: `${nginx.origin}/component/${index}`,
    }));
    await writeFile(config, JSON.stringify({ region: 'ams1', schedule: '*/30 * * * * *', components: list }));
    const variants = [
      { options: LONG_RUNNING_NODE_FLAGS.join(' '), flags: LONG_RUNNING_NODE_FLAGS },
      { options: "Node's defaults", flags: [] },
    ];
    for (const { options, flags } of variants) {
      const root = join(dir, options.replace(/\W+/g, '-'));
      await rm(root, { recursive: true, force: true });
      await mkdir(join(root, 'public'), { recursive: true });
      for (const run of [1, 2]) {
        const argv = [
          ...flags,
          cli,
          'probe',
          '--once',
          '--config',
          config,
          '--regions',
          REGIONS_FILE,
          '--out',
          join(root, 'public'),
          '--state',
          join(root, 'state', 'probe-state.json'),
          '--history',
          join(root, 'state', 'history.sqlite'),
        ];
        runs.push({ options, run, ...(await runOnce(argv)) });
      }
      await rm(root, { recursive: true, force: true });
    }
  } finally {
    await nginx.stop();
  }
  return runs;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Section 5's row, printed: the recipes' options carry the verdict. */
export async function reportProbeAtScale(
  site: BenchSite,
  quick: boolean,
  out: (line?: string) => void,
  cli: string = CLI,
): Promise<void> {
  const components = quick ? 2_000 : 10_000;
  const runs = await measureProbeAtScale(site, components, cli);
  out();
  out(`### \`probe --once\` at ${fmt(components)} components`);
  out();
  if (runs === undefined) {
    out('Skipped: nginx is not installed.');
    return;
  }
  out(
    `The compiled CLI, one cycle each of ${fmt(components)} components on one local nginx (a URL each), history on, twice in one state directory: the first run writes every document for the first time, the second reads a history and compares every badge. Peak resident memory is the process's high-water mark (VmHWM), read every ${SAMPLE_MS} ms until it exits.`,
  );
  out();
  out('| Node options | run | exit | peak resident | wall | CPU | target |');
  out('|---|---|---|---|---|---|---|');
  for (const run of runs) {
    const shipped = run.options !== "Node's defaults";
    const target = shipped
      ? `≤ ${fmt(SCALE_RSS_TARGET / MB)} MB: ${run.peakRss <= SCALE_RSS_TARGET && run.exitCode === 0 ? 'met' : '**missed**'}`
      : 'reported';
    out(
      `| ${shipped ? `\`${run.options}\` (the recipes)` : run.options} | ${run.run} | ${run.exitCode} | ${fmt(run.peakRss / MB)} MB | ${fmt(run.wallMs / 1000, 1)} s | ${fmt(run.cpuMs / 1000, 1)} s | ${target} |`,
    );
  }
}
