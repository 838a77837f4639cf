import { existsSync } from 'node:fs';
import { staleAfterMs } from '../freshness/judge-freshness.js';
import { readDocument } from '../io/read-document.js';
import { scheduleIntervalMs } from '../probe/schedule-interval.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { DEFAULT_STALE_AFTER_MS } from './assess-health.js';

/** The staleness bound for a probe schedule, by the one staleness rule: three of its intervals. */
export function staleAfterForSchedule(schedule: string): number {
  return staleAfterMs(scheduleIntervalMs(schedule));
}

/**
 * The staleness bound `/healthz` uses when none is given: three intervals of
 * the probe schedule in `configFile`, or the default when there is no such
 * file (a server deployed without a probe config beside it). A config that
 * exists but is invalid throws `InputError`, as it would for the probe.
 */
export async function readStaleAfterMs(configFile: string): Promise<number> {
  if (!existsSync(configFile)) return DEFAULT_STALE_AFTER_MS;
  const config = await readDocument(configFile, ComponentsConfigSchema);
  return staleAfterForSchedule(config.schedule);
}
