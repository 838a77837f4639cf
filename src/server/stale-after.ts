import { staleAfterMs } from '../freshness/judge-freshness.js';
import type { ComponentsConfig } from '../schemas/components-config.js';
import type { UptimeDocument } from '../schemas/uptime.js';
import { scheduleIntervalMs } from '../time/schedule-interval.js';
import { DEFAULT_STALE_AFTER_MS } from './assess-health.js';

/** The staleness bound for a probe schedule: three of its intervals, by the one rule. */
export function staleAfterForSchedule(schedule: string): number {
  return staleAfterMs(scheduleIntervalMs(schedule));
}

/**
 * The bound `/healthz` applies now: a fixed one when given (`serve
 * --stale-after`), else three intervals of what the probe publishes in
 * `/api/v1/uptime` (the page and `verify` read the same figure), else the
 * fallback from the configured schedule.
 */
export function chooseStaleAfterMs(
  fixedMs: number | undefined,
  uptime: Pick<UptimeDocument, 'interval_seconds'> | undefined,
  fallbackMs: number,
): number {
  if (fixedMs !== undefined) return fixedMs;
  return uptime === undefined ? fallbackMs : staleAfterMs(uptime.interval_seconds * 1000);
}

/**
 * The staleness bound `/healthz` uses when none is given: three intervals of
 * the probe's configured schedule, or the default without a config beside
 * the server.
 */
export function fallbackStaleAfterMs(config: Pick<ComponentsConfig, 'schedule'> | undefined): number {
  return config === undefined ? DEFAULT_STALE_AFTER_MS : staleAfterForSchedule(config.schedule);
}
