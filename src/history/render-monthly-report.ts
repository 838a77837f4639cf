import { monthlyReportPath } from '../api-paths.js';
import {
  type MonthlyReport,
  MonthlyReportSchema,
  type ReportsIndex,
  ReportsIndexSchema,
} from '../schemas/monthly-report.js';
import { formatTimestamp } from '../schemas/service-status.js';
import { formatUptimeReportCsv, type UptimeReport } from './uptime-report.js';

/** One month's report as the bytes of its two files. */
export interface MonthlyReportFiles {
  readonly json: string;
  readonly csv: string;
}

export interface MonthlyReportHeader {
  readonly regionName: string;
  readonly now: Date;
  readonly month: string;
  readonly closed: boolean;
}

/** The month's report, validated, as JSON (with the header) and as CSV (the same rows as `uptime --csv`). */
export function renderMonthlyReport(report: UptimeReport, header: MonthlyReportHeader): MonthlyReportFiles {
  const document: MonthlyReport = MonthlyReportSchema.parse({
    version: 'v1',
    region: header.regionName,
    generated_at: formatTimestamp(header.now),
    month: header.month,
    closed: header.closed,
    ...report,
  });
  return { json: `${JSON.stringify(document)}\n`, csv: `${formatUptimeReportCsv(report)}\n` };
}

/** The index of the months with a report (`true`: closed), newest first, validated, as JSON. */
export function renderReportsIndex(regionName: string, now: Date, months: ReadonlyMap<string, boolean>): string {
  const index: ReportsIndex = ReportsIndexSchema.parse({
    version: 'v1',
    region: regionName,
    generated_at: formatTimestamp(now),
    months: [...months]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, closed]) => ({
        month,
        closed,
        json: monthlyReportPath(month, 'json'),
        csv: monthlyReportPath(month, 'csv'),
      })),
  });
  return `${JSON.stringify(index)}\n`;
}
