import { errorMessage } from '../errors/describe-error.js';
import { InputError } from '../errors/input-error.js';
import { displayPath } from '../io/display-path.js';
import type { HistoryStore } from './history-store.js';
import { monthPeriod } from './month-period.js';
import { openSqliteHistoryStore } from './sqlite-history-store.js';
import { buildUptimeReport, type UptimeReport } from './uptime-report.js';

/** A period to report on, as of `now`, and the objectives of the components that have one. */
export interface ReportPeriod {
  readonly sinceMs: number;
  readonly untilMs: number;
  readonly now: Date;
  /** Each component's `slo` in percent, by name. */
  readonly slos: ReadonlyMap<string, number>;
}

export interface ReadReportOptions extends ReportPeriod {
  readonly historyFile: string;
}

/**
 * The report over a period from an open store: the time per state, the
 * incidents and the merged latency sketches, as the probe's monthly reports
 * and the `uptime` CLI both read them, so their figures are the same.
 */
export function reportFromStore(store: HistoryStore, { sinceMs, untilMs, now, slos }: ReportPeriod): UptimeReport {
  return buildUptimeReport({
    sinceMs,
    untilMs,
    nowMs: now.getTime(),
    buckets: store.readBuckets(sinceMs, untilMs, now.getTime()),
    incidents: store.readIncidents(sinceMs, untilMs),
    latency: store.readLatency(sinceMs, Math.min(untilMs, now.getTime() + 1)),
    slos,
  });
}

/**
 * Opens the history read-only (the probe may be writing: WAL lets both
 * proceed) and builds the report. Throws `InputError` naming the file when
 * there is no usable history there.
 */
export function readUptimeReport({ historyFile, ...period }: ReadReportOptions): UptimeReport {
  let store: HistoryStore;
  try {
    store = openSqliteHistoryStore(historyFile, { readonly: true });
  } catch (error) {
    const reason = errorMessage(error);
    throw new InputError(displayPath(historyFile), [{ path: '', reason: `no usable history: ${reason}` }], {
      cause: error,
    });
  }
  try {
    return reportFromStore(store, period);
  } finally {
    store.close();
  }
}

/**
 * A `--since`/`--until` value: a UTC date (`2026-11-01`, midnight) or an
 * ISO 8601 date and time with a zone. Throws `InputError` naming the flag.
 */
export function parsePeriodDate(flag: string, text: string): number {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const ms = dateOnly ? Date.parse(`${text}T00:00:00Z`) : withZone ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms) || (dateOnly && new Date(ms).toISOString().slice(0, 10) !== text)) {
    throw new InputError(flag, [
      { path: '', reason: `${JSON.stringify(text)} is not a date like 2026-11-01 or 2026-11-01T12:00:00Z` },
    ]);
  }
  return ms;
}

/** A `--month` value (`2026-11`, UTC) as its bounds. Throws `InputError` naming the flag. */
export function parseMonth(flag: string, text: string): { sinceMs: number; untilMs: number } {
  const period = monthPeriod(text);
  if (period === undefined) {
    throw new InputError(flag, [{ path: '', reason: `${JSON.stringify(text)} is not a month like 2026-11` }]);
  }
  return { sinceMs: period.fromMs, untilMs: period.toMs };
}
