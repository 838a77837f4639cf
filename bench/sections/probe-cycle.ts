import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createProber } from '../../src/probe-process/create-prober.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import { loadProbeSettings } from '../../src/settings/load-probe-settings.js';
import { type Standin, startStandin } from '../../src/standins/start-standin.js';
import type { BenchSite } from '../fixtures.js';
import { median, REPO_ROOT, startServerProcess, TSX_LOADER } from '../process-tools.js';

export const REGIONS_FILE = join(REPO_ROOT, 'data', 'regions.json');
const QUIET = { info: () => {}, error: () => {} };

export interface CycleTiming {
  readonly components: number;
  readonly cycles: number;
  readonly medianMs: number;
  readonly maxMs: number;
}

/** Writes a components config for `urls` and returns its path. */
export async function writeComponentsConfig(
  site: BenchSite,
  name: string,
  urls: readonly string[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const file = join(site.root, `${name}.json`);
  const components = urls.map((url, index) => ({ name: `Component ${index}`, url, ...extra }));
  await writeFile(file, JSON.stringify({ region: 'ams1', schedule: '*/30 * * * * *', components }));
  return file;
}

async function timeCycles(
  site: BenchSite,
  configFile: string,
  cycles: number,
  historyFile: string | undefined,
): Promise<number[]> {
  const settings = await loadProbeSettings({ configFile, regionsFile: REGIONS_FILE });
  const prober = createProber({
    settings,
    publicDir: createPublicDirWriter(site.publicDir),
    stateFile: join(site.root, 'state.json'),
    ...(historyFile === undefined ? {} : { historyFile }),
    log: QUIET,
  });
  const timings: number[] = [];
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    const start = performance.now();
    const report = await prober.runCycle();
    timings.push(performance.now() - start);
    if (!report.published) throw new Error(`cycle did not publish: ${report.why}`);
  }
  prober.close();
  return timings;
}

/** Four components, one hanging: a cycle should take about `timeoutMs`, not the sum of the timeouts. */
export async function measureHangingCycle(site: BenchSite, timeoutMs: number, cycles: number): Promise<CycleTiming> {
  const standins: Standin[] = [];
  try {
    for (const mode of ['healthy', 'healthy', 'healthy', 'hanging'] as const) {
      standins.push(await startStandin({ name: `bench ${mode}`, port: 0, mode }));
    }
    const urls = standins.map((standin) => `${standin.origin}/healthz`);
    const config = await writeComponentsConfig(site, 'hanging', urls, {
      timeout_ms: timeoutMs,
      degraded_ms: timeoutMs - 1,
    });
    const timings = await timeCycles(site, config, cycles, undefined);
    return { components: 4, cycles, medianMs: median(timings), maxMs: Math.max(...timings) };
  } finally {
    await Promise.all(standins.map((standin) => standin.close()));
  }
}

/**
 * Many components, each its own stand-in server in a separate process, probed with the config's bounded concurrency;
 * with `historyFiles`, the same cycles again with the history on, once per file, alternating with runs without it.
 */
export async function measureManyComponentsCycle(
  site: BenchSite,
  count: number,
  cycles: number,
  historyFiles: readonly (string | undefined)[] = [undefined],
): Promise<CycleTiming[]> {
  const script = join(REPO_ROOT, 'bench', 'servers', 'many-standins.ts');
  const child = await startServerProcess(process.execPath, ['--import', TSX_LOADER, script, String(count)]);
  try {
    const origins: unknown = JSON.parse(child.url);
    if (!Array.isArray(origins)) throw new Error('the stand-ins did not list their origins');
    if (origins.length !== count) throw new Error(`expected ${count} stand-ins, got ${origins.length}`);
    const config = await writeComponentsConfig(
      site,
      'many',
      origins.map((origin) => `${String(origin)}/healthz`),
    );
    const results: CycleTiming[] = [];
    for (const historyFile of historyFiles) {
      const timings = await timeCycles(site, config, cycles, historyFile);
      results.push({ components: count, cycles, medianMs: median(timings), maxMs: Math.max(...timings) });
    }
    return results;
  } finally {
    await child.stop();
  }
}
