import { existsSync } from 'node:fs';
import { readDocument } from '../io/read-document.js';
import { scheduleIntervalMs } from '../probe/schedule-interval.js';
import { ComponentsConfigSchema } from '../schemas/components-config.js';
import { DEFAULT_STALE_AFTER_MS } from './assess-health.js';

/** How many probe intervals may pass before the status counts as stale. */
export const STALE_AFTER_INTERVALS = 3;

/** The staleness bound for a probe schedule: three of its intervals. */
export function staleAfterForSchedule(schedule: string): number {
  return STALE_AFTER_INTERVALS * scheduleIntervalMs(schedule);
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
