import { readdir, readFile } from 'node:fs/promises';
import { monthlyReportPath, REPORTS_INDEX_PATH, REPORTS_PATH } from '../api-paths.js';
import { errorCode, errorMessage } from '../errors/describe-error.js';
import type { HistoryRecorder } from '../history/history-recorder.js';
import { MONTH_PATTERN, monthPeriod } from '../history/month-period.js';
import { planReportWrites } from '../history/plan-report-writes.js';
import { renderMonthlyReport, renderReportsIndex } from '../history/render-monthly-report.js';
import { MonthlyReportSchema } from '../schemas/monthly-report.js';
import type { PublishStep, StepParts } from './publish-step.js';

export interface ReportsStepOptions {
  readonly regionName: string;
  /** Each component's `slo` in percent, by name, for its error budget. */
  readonly slos: ReadonlyMap<string, number>;
}

/**
 * Writes the monthly reports (`/api/v1/reports/{YYYY-MM}.json` and `.csv`)
 * from the history and their index: the running month from the first cycle
 * on and again at least once a minute as the history changes (every 30 s at
 * most, and only after the history recorded something since: `planReportWrites`), a month that has
 * ended once more, closed, and never again, even after a restart (the months
 * already written, and whether closed, are read back from the directory
 * when the step first runs). Each file is replaced atomically; the JSON,
 * which says whether the month is closed, after its CSV.
 */
export function publishReportsStep(
  { publicDir, log }: StepParts,
  history: HistoryRecorder,
  { regionName, slos }: ReportsStepOptions,
): PublishStep {
  let months: Map<string, boolean> | undefined;
  let runningWrittenAtMs: number | undefined;
  /** The history's last record when the running month was last written: a report is rewritten only after a newer one. */
  let runningRecordedMs: number | undefined;
  let indexedKey: string | undefined;

  async function readWrittenMonths(): Promise<Map<string, boolean>> {
    const found = new Map<string, boolean>();
    let names: string[];
    try {
      names = await readdir(publicDir.fileOf(REPORTS_PATH));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return found;
      throw error;
    }
    for (const name of names) {
      const month = name.slice(0, -'.json'.length);
      if (!name.endsWith('.json') || !MONTH_PATTERN.test(month)) continue;
      const text = await readFile(publicDir.fileOf(monthlyReportPath(month, 'json')), 'utf8');
      // A report that does not read back is written again: closed if its month has ended.
      const parsed = MonthlyReportSchema.safeParse(parseJson(text));
      found.set(month, parsed.success && parsed.data.closed);
    }
    return found;
  }

  /** Writes `month`'s report as of `now`; false when the history is not open. */
  async function writeMonth(month: string, closed: boolean, now: Date): Promise<boolean> {
    const period = monthPeriod(month);
    if (period === undefined) return false;
    const untilMs = closed ? period.toMs : Math.min(period.toMs, Math.max(period.fromMs + 1, now.getTime()));
    const report = history.readReport({ sinceMs: period.fromMs, untilMs, now, slos });
    if (report === undefined) return false;
    const files = renderMonthlyReport(report, { regionName, now, month, closed });
    await publicDir.write(monthlyReportPath(month, 'csv'), files.csv);
    await publicDir.write(monthlyReportPath(month, 'json'), files.json);
    return true;
  }

  return {
    name: 'monthly reports',
    owns: { directories: [REPORTS_PATH] },
    async run({ status }) {
      const now = new Date(Date.parse(status.updated_at));
      try {
        months ??= await readWrittenMonths();
        const recordedMs = history.lastRecordedMs();
        const plan = planReportWrites(now.getTime(), months, runningWrittenAtMs, recordedMs !== runningRecordedMs);
        for (const month of plan.close) {
          if (await writeMonth(month, true, now)) months.set(month, true);
        }
        if (plan.running !== undefined && (await writeMonth(plan.running, false, now))) {
          months.set(plan.running, false);
          runningWrittenAtMs = now.getTime();
          runningRecordedMs = recordedMs;
        }
        const key = JSON.stringify([...months].sort());
        if (key !== indexedKey && months.size > 0) {
          await publicDir.write(REPORTS_INDEX_PATH, renderReportsIndex(regionName, now, months));
          indexedKey = key;
        }
      } catch (error) {
        log.error(`monthly reports: not written: ${errorMessage(error)}`);
      }
      return undefined;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
