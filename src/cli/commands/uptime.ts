import { resolve } from 'node:path';
import { DEFAULT_HISTORY_FILE } from '../../history/history-recorder.js';
import { readComponentObjectives } from '../../history/read-component-objectives.js';
import { parseMonth, parsePeriodDate, readUptimeReport } from '../../history/read-uptime-report.js';
import { formatUptimeReportCsv, formatUptimeReportText } from '../../history/uptime-report.js';
import { DAY_MS } from '../../time/time-units.js';
import { type OptionSpec, parseOptions } from '../parse-options.js';
import { UsageError } from '../run-command.js';

export const UPTIME_USAGE = `Usage: service-directory uptime [--since DATE] [--until DATE | --month YYYY-MM] [--json | --csv]
                               [--history FILE] [--config FILE]

Prints each component's uptime, minutes per state, latency p50, p95 and p99 and incidents
over a period, from the probe's history, and the error budget of each component with an
"slo": major_outage counts as down, partial_outage as 30 % down, the rest as up; time with
no data (the probe was down) is left out, and "data" says how much of the period had it.
The figures are those of the monthly reports (/api/v1/reports/YYYY-MM.json) and of
/api/v1/uptime over the same period; the percentiles come from merged latency sketches
(within 1 %), counting every hour the period touches.

  --since DATE     start of the period, a UTC date (2026-11-01) or a date and time with a
                   zone (2026-11-01T12:00:00Z) (default: 30 days before --until)
  --until DATE     end of the period, exclusive (default: now)
  --month YYYY-MM  a calendar month in UTC, instead of --since and --until
  --json           the report as JSON
  --csv            one line per component, as CSV
  --history FILE   the probe's history database (default: ${DEFAULT_HISTORY_FILE})
  --config FILE    the components' "slo", for the error budget; none if the file is
                   missing (default: data/components.json)

A month's SLA report: service-directory uptime --month 2026-10`;

export const UPTIME_OPTIONS = {
  since: { type: 'string' },
  until: { type: 'string' },
  month: { type: 'string' },
  config: { type: 'string', default: 'data/components.json' },
  json: { type: 'boolean', default: false },
  csv: { type: 'boolean', default: false },
  history: { type: 'string', default: DEFAULT_HISTORY_FILE },
} satisfies OptionSpec;

export async function uptime(args: string[]): Promise<void> {
  const parsed = parseOptions(args, UPTIME_OPTIONS, UPTIME_USAGE);
  if (!parsed) return;
  const { values } = parsed;
  if (values.json && values.csv) throw new UsageError(`--json and --csv: pick one\n\n${UPTIME_USAGE}`);
  const now = new Date();
  let sinceMs: number;
  let untilMs: number;
  if (typeof values.month === 'string') {
    if (values.since !== undefined || values.until !== undefined) {
      throw new UsageError(`--month or --since/--until: pick one\n\n${UPTIME_USAGE}`);
    }
    ({ sinceMs, untilMs } = parseMonth('--month', values.month));
  } else {
    untilMs = typeof values.until === 'string' ? parsePeriodDate('--until', values.until) : now.getTime();
    sinceMs = typeof values.since === 'string' ? parsePeriodDate('--since', values.since) : untilMs - 30 * DAY_MS;
  }
  if (sinceMs >= untilMs) throw new UsageError(`--since must be before --until\n\n${UPTIME_USAGE}`);
  const slos = await readComponentObjectives(resolve(String(values.config)));
  const report = readUptimeReport({ historyFile: resolve(String(values.history)), sinceMs, untilMs, now, slos });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else if (values.csv) console.log(formatUptimeReportCsv(report));
  else console.log(formatUptimeReportText(report));
}
