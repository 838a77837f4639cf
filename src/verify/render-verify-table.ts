import type { Verdict, VerifyReport } from './verify-report.js';

const OUTCOME_LABEL: Record<Verdict, string> = { pass: 'ok', fail: 'FAIL', skip: 'skip' };

/**
 * The report as a plain-text table for people: one row per check, failures
 * in capitals so they stand out without colour, and a one-line verdict.
 */
export function renderVerifyTable(report: VerifyReport): string {
  const header = ['RESULT', 'ENDPOINT', 'CHECK', 'EXPECTED', 'ACTUAL'];
  const rows = report.checks.map((check) => [
    OUTCOME_LABEL[check.outcome],
    check.endpoint,
    check.check,
    check.expected,
    check.actual,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();

  const failed = report.checks.filter((check) => check.outcome === 'fail');
  const skipped = report.checks.filter((check) => check.outcome === 'skip').length;
  const unreachable = failed.filter((check) => check.check === 'reachable');
  let verdict: string;
  if (unreachable.length > 0) {
    verdict = `FAIL: cannot reach ${unreachable.map((check) => `${check.url} (${check.actual})`).join(' or ')}`;
  } else if (failed.length > 0) {
    verdict = `FAIL: ${failed.length} of ${report.checks.length} checks failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
  } else if (skipped > 0) {
    verdict = `PASS: ${report.checks.length - skipped} checks passed, ${skipped} skipped`;
  } else {
    verdict = `PASS: all ${report.checks.length} checks passed`;
  }

  return [
    `verify ${report.base_url} at ${report.checked_at}`,
    `  regions: ${report.regions_url}`,
    `  status:  ${report.status_url}`,
    '',
    line(header),
    ...rows.map(line),
    '',
    verdict,
    '',
  ].join('\n');
}
