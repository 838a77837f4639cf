import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentFile, REGIONS_PATH, STATUS_PATH, UPTIME_PATH } from '../src/api-paths.js';
import { writeAtomically } from '../src/io/write-atomically.js';
import { buildSite } from '../src/site/build-site.js';
import { sampleUptime } from '../test/helpers/document-fixtures.js';
import { REPO_ROOT } from './process-tools.js';

/** The paths the throughput section loads, each published on the bench site and served by every server. */
export const THROUGHPUT_PATHS = [STATUS_PATH, REGIONS_PATH, UPTIME_PATH] as const;

/** One row of the throughput table: a path, asked for as it is or in one coding (`Accept-Encoding`). */
export interface ThroughputCase {
  readonly path: (typeof THROUGHPUT_PATHS)[number];
  readonly encoding?: 'br' | 'gzip';
}

/**
 * Every path as it is, then the largest document compressed: serve-handler
 * compresses nothing, so those rows compare the thin handler with the bare
 * server sending the same precompressed bytes.
 */
export const THROUGHPUT_CASES: readonly ThroughputCase[] = [
  ...THROUGHPUT_PATHS.map((path) => ({ path })),
  { path: UPTIME_PATH, encoding: 'br' },
  { path: UPTIME_PATH, encoding: 'gzip' },
];

/** How a case is named in the tables and the results. */
export const caseName = ({ path, encoding }: ThroughputCase) =>
  encoding === undefined ? path : `${path} (${encoding})`;

export interface BenchSite {
  readonly root: string;
  readonly publicDir: string;
  readonly headersFile: string;
  readonly statusFile: string;
}

/** A status document like the probe writes for the shipped four components. */
export function renderSampleStatus(updatedAt: string, overall = 'operational'): string {
  const components = ['Control API', 'Scheduler', 'Build Service', 'Registry'].map((name) => ({
    name,
    status: 'operational',
  }));
  return `${JSON.stringify({ status: overall, version: 'v1', region: 'Amsterdam 1', components, updated_at: updatedAt })}\n`;
}

/**
 * A temp public dir with the shipped regions built, a sample status and a
 * realistic uptime document (four components, 90 days, 24 hours of latency) published.
 */
export async function makeBenchSite(): Promise<BenchSite> {
  const root = await mkdtemp(join(tmpdir(), 'service-directory-bench-'));
  const publicDir = join(root, 'public');
  await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
  await buildSite({ regionsFile: join(REPO_ROOT, 'data', 'regions.json'), publicDir });
  const statusFile = join(publicDir, 'api', 'v1', 'status');
  await writeAtomically(statusFile, renderSampleStatus('2026-11-21T04:37:59Z'));
  await writeAtomically(documentFile(publicDir, UPTIME_PATH), `${JSON.stringify(sampleUptime())}\n`);
  const headersFile = join(root, 'headers.json');
  await copyFile(join(REPO_ROOT, 'headers.json'), headersFile);
  return { root, publicDir, headersFile, statusFile };
}
