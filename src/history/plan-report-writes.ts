import { monthOf } from './month-period.js';

/**
 * The running month's report is rewritten when this long has passed since it
 * was last written (and the history has a record it did not see): rereading a
 * month of 1,000 components' history every 5 s cycle would cost the probe more
 * than a report that lags half a minute is worth.
 */
export const RUNNING_REPORT_REWRITE_MS = 30_000;

export interface ReportWrites {
  /** Months whose report was written while they ran, and which have ended: each is written once more, closed. */
  readonly close: readonly string[];
  /** The month of `atMs`, when its report is due. */
  readonly running: string | undefined;
}

/**
 * Which reports a cycle at `atMs` writes, given the months that have a report
 * (`true`: closed). A month is reported from its first cycle on, and
 * rewritten every 30 s at most (so at least once a minute while cycles come
 * every 30 s or more often); one that has ended is written closed at the next
 * cycle, and a closed one never again. Months before the first cycle that
 * saw them have no report. `historyMoved`: whether the history has a record
 * the running month's last report was not read from; without one there is
 * nothing new to say, so it is not rewritten (only its time would move).
 */
export function planReportWrites(
  atMs: number,
  months: ReadonlyMap<string, boolean>,
  runningWrittenAtMs: number | undefined,
  historyMoved = true,
): ReportWrites {
  const current = monthOf(atMs);
  const close = [...months].filter(([month, closed]) => !closed && month < current).map(([month]) => month);
  const due =
    !months.has(current) ||
    runningWrittenAtMs === undefined ||
    (historyMoved && atMs - runningWrittenAtMs >= RUNNING_REPORT_REWRITE_MS);
  return { close: close.sort(), running: due ? current : undefined };
}
