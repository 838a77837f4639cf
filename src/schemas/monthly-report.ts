import { z } from 'zod';
import { TimestampSchema } from './service-status.js';
import { HistoryHeaderShape } from './uptime.js';
import { UptimeReportSchema } from './uptime-report.js';

/** A calendar month in UTC: `2026-11`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A calendar month in UTC: `2026-11`. */
export const MonthSchema = z
  .string()
  .regex(MONTH_PATTERN, { error: 'must be a UTC month like 2026-11' })
  .meta({ description: 'A calendar month in UTC.' });

const ReportHeaderShape = {
  version: HistoryHeaderShape.version,
  region: HistoryHeaderShape.region,
  generated_at: TimestampSchema,
} as const;

/**
 * `/api/v1/reports/{YYYY-MM}.json`: each component's month, as `service-directory
 * uptime --month` prints it (the same figures): uptime, minutes per state,
 * latency p50/p95/p99 from the merged sketches, the error budget where an
 * `slo` is set, and the incidents. The running month (`closed: false`) covers
 * the month up to `until`, rewritten at least once a minute; a closed month
 * is written once, after it ended, and never again.
 */
export const MonthlyReportSchema = z
  .strictObject({
    ...ReportHeaderShape,
    month: MonthSchema,
    closed: z.boolean().meta({ description: 'Whether the month has ended: its report no longer changes.' }),
    ...UptimeReportSchema.shape,
  })
  .meta({
    title: 'MonthlyReport',
    description:
      "Each component's uptime, minutes per state, latency percentiles, error budget and incidents over a UTC month.",
  });
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

/** `/api/v1/reports/index.json`: the months with a report, newest first. */
export const ReportsIndexSchema = z
  .strictObject({
    ...ReportHeaderShape,
    months: z.array(
      z.strictObject({
        month: MonthSchema,
        closed: z.boolean(),
        json: z.string().meta({ description: 'The path of its JSON report.' }),
        csv: z.string().meta({ description: 'The path of its CSV report: a header row, one row per component.' }),
      }),
    ),
  })
  .meta({ title: 'ReportsIndex', description: 'The months with a monthly report, newest first.' });
export type ReportsIndex = z.infer<typeof ReportsIndexSchema>;
