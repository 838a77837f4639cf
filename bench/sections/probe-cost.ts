import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS } from '../../src/schemas/components-config.js';
import { unusedPort } from '../../test/helpers/unused-port.js';
import type { BenchSite } from '../fixtures.js';
import { type AnsweringProcess, median, REPO_ROOT, TSX_LOADER, untilAnswering } from '../process-tools.js';
import { hasNginx, startNginxTargets } from '../servers/nginx-targets.js';
import { REGIONS_FILE, writeComponentsConfig } from './probe-cycle.js';

/** Debian's `prometheus-blackbox-exporter`; the section is skipped where it (or nginx) is missing. */
export const BLACKBOX = '/usr/bin/prometheus-blackbox-exporter';
/** Checks per measured batch unless told: small component counts run as many cycles as it takes to reach it. */
const CHECKS_PER_BATCH = 1_000;
const STARTUP_TIMEOUT_MS = 10_000;
const WARM_UP_CYCLES_MIN = 3;
const TICKS_PER_S = 100; // USER_HZ, what /proc/PID/stat counts in on Linux

export const canMeasureProbeCost = () => existsSync(BLACKBOX) && hasNginx();

export interface ProberCost {
  /** CPU time of the prober's process per check, ms (median of rounds). */
  readonly cpuPerCheckMs: number;
  /** Wall time per cycle of `components` checks, ms (median of rounds). */
  readonly wallPerCycleMs: number;
}

const PROBERS = ['ours', 'checksOnly', 'blackbox'] as const;
type Prober = (typeof PROBERS)[number];

export interface ProbeCostRow {
  readonly components: number;
  readonly cycles: number;
  /** The sidecar's whole cycle: checks, decisions, and every document written. */
  readonly ours: ProberCost;
  /** `runCycle` alone: the checks and the decisions, nothing written. */
  readonly checksOnly: ProberCost;
  readonly blackbox: ProberCost;
}

/** utime + stime + cutime + cstime of a process, in ms: its own CPU and its reaped children's (`getent`). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name in parentheses, which may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime is field 14 of the whole line, the 12th after the name and state (index 11).
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
  return (ticks * 1000) / TICKS_PER_S;
}

/** Blackbox's config: `http_2xx` as our check does it (GET, any 2xx, no redirects followed, the same timeout). */
function blackboxConfig(): string {
  return `modules:
  http_2xx:
    prober: http
    timeout: ${DEFAULT_TIMEOUT_MS / 1000}s
    http:
      method: GET
      preferred_ip_protocol: ip4
      follow_redirects: false
`;
}

/** blackbox_exporter on a free loopback port with `modules` (YAML; `http_2xx` as our http check unless given). */
export async function startBlackbox(dir: string, modules = blackboxConfig()): Promise<AnsweringProcess> {
  const config = join(dir, 'blackbox.yml');
  await writeFile(config, modules);
  const port = await unusedPort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(BLACKBOX, [`--config.file=${config}`, `--web.listen-address=127.0.0.1:${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return untilAnswering(child, origin, `${origin}/-/healthy`, {
    name: 'blackbox_exporter',
    timeoutMs: STARTUP_TIMEOUT_MS,
    describeExit: () => `:
${stderr}`,
  });
}

/** One `/probe` request, as Prometheus would scrape it; rejects unless blackbox says the probe succeeded. */
function probeOnce(agent: Agent, origin: string, target: string, module: string): Promise<void> {
  const url = `${origin}/probe?module=${module}&target=${encodeURIComponent(target)}`;
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        /^probe_success 1$/m.test(body) ? resolve() : reject(new Error(`blackbox probe of ${target} failed`)),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A cycle for blackbox: every target once, at most `concurrency` probes in flight, as our probe's cycle does. */
export async function blackboxCycle(
  agent: Agent,
  origin: string,
  targets: readonly string[],
  concurrency: number,
  module = 'http_2xx',
) {
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++] as string;
      await probeOnce(agent, origin, target, module);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
}

export interface DrivenProbe {
  readonly pid: number;
  runCycles(cycles: number): Promise<void>;
  stop(): Promise<void>;
}

/** Our probe's process, driven a batch of cycles at a time over its stdin (bench/servers/probe-driver.ts). */
export async function startOurProbe(dir: string, config: string, checksOnly = false): Promise<DrivenProbe> {
  const publicDir = join(dir, 'public');
  const stateDir = join(dir, 'state');
  await mkdir(publicDir, { recursive: true });
  await mkdir(stateDir, { recursive: true });
  const script = join(REPO_ROOT, 'bench', 'servers', 'probe-driver.ts');
  const args = [script, config, REGIONS_FILE, publicDir, stateDir, ...(checksOnly ? ['--checks-only'] : [])];
  const child = spawn(process.execPath, ['--import', TSX_LOADER, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let exited: Error | undefined;
  child.once('exit', (code) => {
    exited = new Error(`the probe driver exited with ${code}`);
    for (const waiter of waiting.splice(0)) waiter.reject(exited);
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'done' || line === 'ready') waiting.shift()?.resolve();
  });
  const next = () =>
    new Promise<void>((resolve, reject) => (exited ? reject(exited) : waiting.push({ resolve, reject })));
  await next();
  return {
    pid: child.pid as number,
    runCycles(cycles) {
      const done = next();
      child.stdin.write(`${cycles}\n`);
      return done;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

export interface Sample {
  readonly cpuMs: number;
  readonly wallMs: number;
}

/** CPU (ms, from /proc) and wall time (ms) of `work` as process `pid` does it. */
export async function measure(pid: number, work: () => Promise<void>): Promise<Sample> {
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  return { cpuMs: cpuMsOf(pid) - cpuBefore, wallMs };
}

/**
 * Our probe against blackbox_exporter on the same targets: one nginx on
 * loopback, a distinct URL per component. Both are started first and warmed
 * up with one batch (start-up excluded); each round then runs a batch of
 * about 1,000 checks on each (ours twice: the sidecar's whole cycle, and
 * `runCycle` alone), rotating which goes first, and reads each
 * prober's CPU time from /proc/PID/stat around its batch (the bench's driving
 * of blackbox is in this process, not counted). Medians over the rounds.
 */
export async function measureProbeCost(
  site: BenchSite,
  componentCounts: readonly number[],
  rounds: number,
  checksPerBatch = CHECKS_PER_BATCH,
): Promise<ProbeCostRow[]> {
  const dir = join(site.root, 'probe-cost');
  const nginx = await startNginxTargets(join(dir, 'nginx'));
  const blackbox = await startBlackbox(dir).catch(async (error: unknown) => {
    await nginx.stop();
    throw error;
  });
  const agent = new Agent({ keepAlive: true, maxSockets: DEFAULT_CONCURRENCY });
  const rows: ProbeCostRow[] = [];
  try {
    for (const count of componentCounts) {
      const targets = Array.from({ length: count }, (_, index) => `${nginx.origin}/component/${index}`);
      const config = await writeComponentsConfig(site, `cost-${count}`, targets);
      const ours = await startOurProbe(join(dir, `ours-${count}`), config);
      const checksOnly = await startOurProbe(join(dir, `checks-${count}`), config, true).catch(async (error) => {
        await ours.stop();
        throw error;
      });
      // An even number of cycles: at a 30 s schedule the detail documents are written every other cycle
      // (`isDetailDue`), so a batch holds as many cycles that write them as cycles that do not.
      const cycles = 2 * Math.max(1, Math.round(checksPerBatch / count / 2));
      const checks = cycles * count;
      const runners: Record<Prober, { pid: number; run: () => Promise<void> }> = {
        ours: { pid: ours.pid, run: () => ours.runCycles(cycles) },
        checksOnly: { pid: checksOnly.pid, run: () => checksOnly.runCycles(cycles) },
        blackbox: {
          pid: blackbox.child.pid as number,
          run: async () => {
            for (let cycle = 0; cycle < cycles; cycle += 1)
              await blackboxCycle(agent, blackbox.origin, targets, DEFAULT_CONCURRENCY);
          },
        },
      };
      try {
        const samples: Record<Prober, Sample[]> = { ours: [], checksOnly: [], blackbox: [] };
        // Warm-up, at least three cycles: the first ones also write every badge twice (no data, then the first uptime).
        await ours.runCycles(Math.max(cycles, WARM_UP_CYCLES_MIN));
        await checksOnly.runCycles(Math.max(cycles, WARM_UP_CYCLES_MIN));
        await runners.blackbox.run();
        for (let round = 0; round < rounds; round += 1) {
          // Who goes first rotates each round.
          const order = PROBERS.map((_, index) => PROBERS[(index + round) % PROBERS.length] as Prober);
          for (const which of order) samples[which].push(await measure(runners[which].pid, runners[which].run));
        }
        const summarize = (list: readonly Sample[]): ProberCost => ({
          cpuPerCheckMs: median(list.map((sample) => sample.cpuMs / checks)),
          wallPerCycleMs: median(list.map((sample) => sample.wallMs / cycles)),
        });
        rows.push({
          components: count,
          cycles,
          ours: summarize(samples.ours),
          checksOnly: summarize(samples.checksOnly),
          blackbox: summarize(samples.blackbox),
        });
      } finally {
        await Promise.all([ours.stop(), checksOnly.stop()]);
      }
    }
  } finally {
    agent.destroy();
    await blackbox.stop();
    await nginx.stop();
  }
  return rows;
}
