import { monthlyReportPath, REPORTS_INDEX_PATH } from '../api-paths.js';

/** Months from the build's on whose reports the host exports name: rebuild within a year. */
export const EXPORTED_REPORT_MONTHS = 12;

/**
 * The monthly reports the probe will write (`api/v1/reports/{YYYY-MM}.json`
 * and `.csv`, and the index, relative to the public directory) from the
 * build's month on for a year, so that the host exports, which name
 * exact paths, give each its headers before the probe writes it; months
 * already written are listed from the directory. Pure.
 */
export function listMonthlyReportFiles(nowMs: number): string[] {
  const now = new Date(nowMs);
  const files = [REPORTS_INDEX_PATH.slice(1)];
  for (let offset = 0; offset < EXPORTED_REPORT_MONTHS; offset += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    files.push(monthlyReportPath(month, 'json').slice(1), monthlyReportPath(month, 'csv').slice(1));
  }
  return files;
}
