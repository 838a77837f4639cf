import { DAY_MS, HOUR_MS } from '../time/time-units.js';
import type { MsRange } from './assemble-period-buckets.js';

/** Which sketches make up a period's latency: each hour it touches counted once, from one layer. */
export interface LatencyReads {
  /** Day sketches: days the period covers whole (each holds the hours of its day already summarized). */
  readonly days: MsRange;
  /** Hour sketches: the summarized hours of the days the period covers in part. */
  readonly hours: readonly MsRange[];
  /** Raw cycles: the hours not yet summarized (from the `latency_through` mark on). */
  readonly raw: MsRange;
}

const floorTo = (ms: number, unitMs: number) => Math.floor(ms / unitMs) * unitMs;
const ceilTo = (ms: number, unitMs: number) => Math.ceil(ms / unitMs) * unitMs;

/**
 * The reads for the latency of `[fromMs, toMs)`, in whole hours (every hour
 * the period touches), given the first hour not yet summarized into sketches
 * (`undefined`: none is). A day's sketch holds its summarized hours, so a day
 * the period covers whole is read from it and from the raw hours after the
 * mark; the hours of a day covered in part are read one by one.
 */
export function planLatencyReads(fromMs: number, toMs: number, latencyThroughMs: number | undefined): LatencyReads {
  const fromHourMs = floorTo(fromMs, HOUR_MS);
  const toHourMs = Math.max(fromHourMs, ceilTo(toMs, HOUR_MS));
  const markMs = Math.min(Math.max(latencyThroughMs ?? fromHourMs, fromHourMs), toHourMs);
  const firstDayMs = ceilTo(fromHourMs, DAY_MS);
  const endDayMs = floorTo(toHourMs, DAY_MS);
  const nonEmpty = (ranges: MsRange[]) => ranges.filter((hours) => hours.toMs > hours.fromMs);
  if (firstDayMs >= endDayMs) {
    return {
      days: range(firstDayMs, firstDayMs),
      hours: nonEmpty([range(fromHourMs, markMs)]),
      raw: range(markMs, toHourMs),
    };
  }
  return {
    // A day after the mark has no sketch yet; its hours are all raw.
    days: range(firstDayMs, Math.min(endDayMs, ceilTo(markMs, DAY_MS))),
    hours: nonEmpty([range(fromHourMs, Math.min(firstDayMs, markMs)), range(endDayMs, markMs)]),
    raw: range(markMs, toHourMs),
  };
}

function range(fromMs: number, toMs: number): MsRange {
  return { fromMs, toMs: Math.max(fromMs, toMs) };
}
