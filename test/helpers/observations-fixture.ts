import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomically } from '../../src/io/write-atomically.js';
import type { ObservationsDocument } from '../../src/schemas/observations.js';

/** A schema-valid observations document of Amsterdam 1: one global component voted on, one regional. */
export function sampleObservations(overrides: Partial<ObservationsDocument> = {}): ObservationsDocument {
  return {
    version: 'v1',
    region: 'ams1',
    observed_at: '2026-11-21T04:37:59Z',
    components: [
      {
        name: 'Control API',
        scope: 'global',
        status: 'major_outage',
        failure_class: 'timeout',
        latency_ms: 1000,
        vote: {
          outcome: 'decided',
          status: 'operational',
          configured: 3,
          quorum: 2,
          answered: 3,
          outage: 1,
          summary: '1 of 3 regions sees an outage (quorum 2): operational',
          votes: [
            { region: 'ams1', status: 'major_outage' },
            { region: 'fra1', status: 'operational' },
            { region: 'lhr1', status: 'operational' },
          ],
        },
      },
      { name: 'Registry', scope: 'regional', status: 'operational', failure_class: null, latency_ms: 12, vote: null },
    ],
    peers: [
      {
        region: 'fra1',
        outcome: 'fresh',
        observed_at: '2026-11-21T04:37:58Z',
        components: [{ name: 'Control API', status: 'operational' }],
      },
      { region: 'lhr1', outcome: 'unreachable', observed_at: null, components: [] },
    ],
    ...overrides,
  };
}

/** Publishes observations the way the probe does: atomically, under `publicDir`. */
export async function publishObservations(publicDir: string, observations: ObservationsDocument): Promise<string> {
  const text = `${JSON.stringify(observations)}\n`;
  await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
  await writeAtomically(join(publicDir, 'api', 'v1', 'observations'), text);
  return text;
}
