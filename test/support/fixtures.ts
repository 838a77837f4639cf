import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServiceStatus } from '../../src/schemas/service-status.js';

/** The repository's own files, so tests exercise the real data and rules. */
export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const REGIONS_FILE = join(REPO_ROOT, 'data/regions.json');
export const HEADERS_FILE = join(REPO_ROOT, 'headers.json');

/** A fresh directory under the system temp dir, and a function that removes it. */
export async function makeTempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'service-directory-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A valid status document for the region `Amsterdam 1`, as of `updatedAt`. */
export function makeStatus(updatedAt: string, overrides: Partial<ServiceStatus> = {}): ServiceStatus {
  return {
    status: 'operational',
    version: 'v1',
    region: 'Amsterdam 1',
    components: [
      { name: 'Control API', status: 'operational' },
      { name: 'Scheduler', status: 'operational' },
      { name: 'Build Service', status: 'operational' },
      { name: 'Registry', status: 'operational' },
    ],
    updated_at: updatedAt,
    ...overrides,
  };
}
