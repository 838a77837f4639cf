import { z } from 'zod';
import { LabelSchema } from './label.js';
import { TimestampSchema } from './service-status.js';
import { StatusValueSchema } from './status-value.js';

/** A calendar day in UTC: `2026-11-22`. */
export const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a UTC date like 2026-11-22' })
  .meta({ format: 'date' });

/** A percentage from 0 to 100, rounded to three decimals. */
const PercentSchema = z.number().min(0).max(100);

/**
 * Uptime over one period. `uptime_percent` is computed over the time that had
 * data only (`null` when none did); `data_percent` says how much of the
 * period that was. `major_outage` counts fully as down, `partial_outage` as
 * 30 % down, every other state as up.
 */
export const UptimeFigureSchema = z
  .strictObject({
    uptime_percent: PercentSchema.nullable().meta({ description: 'Uptime over the minutes with data; null if none.' }),
    data_percent: PercentSchema.meta({ description: 'Share of the period for which the probe published data.' }),
  })
  .meta({ title: 'UptimeFigure' });
export type UptimeFigure = z.infer<typeof UptimeFigureSchema>;

/** Minutes spent in each published state. */
export const StateMinutesSchema = z
  .strictObject({
    operational: z.number().min(0),
    under_maintenance: z.number().min(0),
    degraded_performance: z.number().min(0),
    partial_outage: z.number().min(0),
    major_outage: z.number().min(0),
  })
  .meta({ title: 'StateMinutes' });
export type StateMinutes = z.infer<typeof StateMinutesSchema>;

/** One UTC day of one component. Today's entry covers the minutes elapsed so far. */
export const UptimeDaySchema = z
  .strictObject({
    date: DateSchema,
    uptime_percent: PercentSchema.nullable(),
    worst_status: StatusValueSchema.nullable().meta({
      description: 'Worst published state of the day; null if no data.',
    }),
    minutes: StateMinutesSchema,
    no_data_minutes: z.number().min(0),
  })
  .meta({ title: 'UptimeDay' });
export type UptimeDay = z.infer<typeof UptimeDaySchema>;

/** Check latency over one UTC hour, from the checks that got an answer. */
export const LatencyHourSchema = z
  .strictObject({
    hour: TimestampSchema.meta({ description: 'Start of the hour.' }),
    p50_ms: z.number().int().min(0).nullable(),
    p95_ms: z.number().int().min(0).nullable(),
  })
  .meta({ title: 'LatencyHour' });
export type LatencyHour = z.infer<typeof LatencyHourSchema>;

export const ComponentUptimeSchema = z
  .strictObject({
    name: LabelSchema,
    uptime: z.strictObject({
      last_24h: UptimeFigureSchema,
      last_7d: UptimeFigureSchema,
      last_30d: UptimeFigureSchema,
      last_90d: UptimeFigureSchema,
    }),
    days: z.array(UptimeDaySchema).meta({ description: 'The last 90 UTC days, oldest first, today last.' }),
    latency: z.array(LatencyHourSchema).meta({ description: 'The last 24 hours, oldest first.' }),
  })
  .meta({ title: 'ComponentUptime' });
export type ComponentUptime = z.infer<typeof ComponentUptimeSchema>;

/** The `/api/v1/uptime` body: each component's uptime, days and latency, from the probe's history. */
export const UptimeDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    region: LabelSchema.meta({ description: 'Name of the region whose probe recorded this history.' }),
    generated_at: TimestampSchema,
    interval_seconds: z
      .number()
      .int()
      .positive()
      .meta({ description: "The probe's schedule interval: consumers judge staleness as 3 intervals." }),
    components: z.array(ComponentUptimeSchema),
  })
  .meta({ title: 'Uptime', description: 'Uptime percentages, daily history and latency per component.' });
export type UptimeDocument = z.infer<typeof UptimeDocumentSchema>;
