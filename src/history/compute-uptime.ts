import type { UptimeFigure } from '../schemas/uptime.js';
import { type StateMs, totalMs } from './state-time.js';

/** The share of `partial_outage` time that counts as down, as Statuspage and Instatus count it. */
export const PARTIAL_OUTAGE_DOWN_SHARE = 0.3;

/** Down time: all of `major_outage`, 30 % of `partial_outage`; maintenance and degraded performance count as up. */
export function downMs(time: StateMs): number {
  return time[4] + PARTIAL_OUTAGE_DOWN_SHARE * time[3];
}

/**
 * Uptime over a period of `periodMs` in which `time` had data: the ratio
 * leaves no-data time out, and `data_percent` says how much of the period had data.
 */
export function computeUptime(time: StateMs, periodMs: number): UptimeFigure {
  const dataMs = totalMs(time);
  return {
    uptime_percent: dataMs > 0 ? roundPercent((100 * (dataMs - downMs(time))) / dataMs) : null,
    data_percent: periodMs > 0 ? roundPercent(Math.min(100, (100 * dataMs) / periodMs)) : 0,
  };
}

/** Three decimals: 99.999 % is a figure people publish. */
export function roundPercent(value: number): number {
  return Math.round(value * 1000) / 1000;
}
