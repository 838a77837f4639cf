import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../../src/io/write-atomically.js';
import type { ServiceStatus } from '../../src/schemas/service-status.js';

/** A schema-valid status document. */
export function sampleStatus(overrides: Partial<ServiceStatus> = {}): ServiceStatus {
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
    updated_at: '2026-11-21T04:37:59Z',
    ...overrides,
  };
}

export function statusFile(publicDir: string): string {
  return join(publicDir, 'api', 'v1', 'status');
}

/** Publishes a status the way the probe does: atomically. */
export async function publishStatus(publicDir: string, status: ServiceStatus): Promise<string> {
  const text = `${JSON.stringify(status)}\n`;
  await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
  await writeAtomically(statusFile(publicDir), text);
  return text;
}
