import { z } from 'zod';
import { IncidentSchema } from './incidents.js';
import { TimestampSchema } from './service-status.js';
import { PercentileMsSchema, StateMinutesSchema, UptimeFigureSchema } from './uptime.js';

/**
 * An uptime objective's error budget over a period: the down time the
 * objective allows over the time with data (no-data time is left out, as
 * from the uptime), how much of it the down time spent, and what is left
 * (negative once overspent). Minutes to three decimals, as the reports give them.
 */
export const ErrorBudgetSchema = z
  .strictObject({
    slo_percent: z.number().gt(0).lt(100).meta({ description: 'The objective (`slo` in data/components.json).' }),
    allowed_minutes: z
      .number()
      .min(0)
      .meta({ description: 'Down minutes the objective allows over the minutes with data.' }),
    spent_minutes: z.number().min(0).meta({ description: 'Down minutes, counted as the uptime counts them.' }),
    left_minutes: z.number().meta({ description: 'Allowed minus spent; negative when the objective was missed.' }),
    spent_percent: z
      .number()
      .min(0)
      .nullable()
      .meta({ description: 'Spent as a share of allowed; null when nothing is allowed (no data).' }),
  })
  .meta({ title: 'ErrorBudget' });
export type ErrorBudget = z.infer<typeof ErrorBudgetSchema>;

/** A period's percentile: from the sketches of the period merged. */
const percentileMs = PercentileMsSchema;

/** Each component's uptime and incidents over one period: what `service-directory uptime` prints. */
export const UptimeReportSchema = z.strictObject({
  since: TimestampSchema,
  until: TimestampSchema,
  components: z.array(
    z.strictObject({
      name: z.string(),
      ...UptimeFigureSchema.shape,
      down_minutes: z.number().min(0),
      incidents: z.number().int().min(0),
      minutes: StateMinutesSchema.meta({ description: 'Minutes published in each state over the period.' }),
      p50_ms: percentileMs('Median'),
      p95_ms: percentileMs('95th percentile'),
      p99_ms: percentileMs('99th percentile'),
      error_budget: ErrorBudgetSchema.nullable().meta({ description: 'Where the component has an `slo`; else null.' }),
    }),
  ),
  incidents: z.array(IncidentSchema),
});
export type UptimeReport = z.infer<typeof UptimeReportSchema>;
