import { DEFAULT_HISTORY_RETENTION, type HistoryConfig } from '../schemas/components-config.js';
import { DAY_MS, HOUR_MS } from '../time/time-units.js';

/** How long each layer of the history is kept, in milliseconds. */
export interface HistoryRetention {
  /** Raw cycles: every check and component state. */
  readonly rawMs: number;
  /** Hourly aggregates: time per state. */
  readonly hourlyMs: number;
  /** Hourly latency sketches (the daily ones are kept as long as the daily aggregates). */
  readonly hourlySketchMs: number;
  /** Daily aggregates: time per state and a latency sketch. */
  readonly dailyMs: number;
  /** Incidents, counted from when they were resolved. */
  readonly incidentMs: number;
}

/** The `history` block of `data/components.json`, in milliseconds. */
export function resolveHistoryRetention(config: HistoryConfig = DEFAULT_HISTORY_RETENTION): HistoryRetention {
  return {
    rawMs: config.raw_hours * HOUR_MS,
    hourlyMs: config.hourly_days * DAY_MS,
    hourlySketchMs: config.hourly_sketch_days * DAY_MS,
    dailyMs: config.daily_days * DAY_MS,
    incidentMs: config.incident_days * DAY_MS,
  };
}

/** The retention when nothing is configured: 48 hours, 90 days, 7 days, 400 days, 400 days. */
export const DEFAULT_RETENTION: HistoryRetention = resolveHistoryRetention();
