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

/** A latency percentile in whole ms, read from a sketch (within 1 % of the exact one); null without an answered check. */
export const PercentileMsSchema = (percentile: string) =>
  z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({
      description: `${percentile} latency in ms of the checks that got an answer, from a DDSketch at 1 % relative accuracy; null if none.`,
    });

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
    p50_ms: PercentileMsSchema('Median'),
    p95_ms: PercentileMsSchema('95th percentile'),
    p99_ms: PercentileMsSchema('99th percentile'),
  })
  .meta({ title: 'UptimeDay' });
export type UptimeDay = z.infer<typeof UptimeDaySchema>;

/** Check latency over one UTC hour, from the checks that got an answer. */
export const LatencyHourSchema = z
  .strictObject({
    hour: TimestampSchema.meta({ description: 'Start of the hour.' }),
    p50_ms: PercentileMsSchema('Median'),
    p95_ms: PercentileMsSchema('95th percentile'),
    p99_ms: PercentileMsSchema('99th percentile'),
  })
  .meta({ title: 'LatencyHour' });
export type LatencyHour = z.infer<typeof LatencyHourSchema>;

/** Days in the daily history of both history documents, today included. */
export const UPTIME_DAYS = 90;

/** Uptime over the four windows a status page shows, ending now. */
export const UptimeWindowsSchema = z
  .strictObject({
    last_24h: UptimeFigureSchema,
    last_7d: UptimeFigureSchema,
    last_30d: UptimeFigureSchema,
    last_90d: UptimeFigureSchema,
  })
  .meta({ title: 'UptimeWindows' });
export type UptimeWindows = z.infer<typeof UptimeWindowsSchema>;

/**
 * One component's full history: its uptime, 90 days with minutes per state
 * and 24 hours of latency. The body of its `/api/v1/component-history/{slug}.json`
 * (with the document's header), fetched when a visitor asks for one component.
 */
export const ComponentUptimeSchema = z
  .strictObject({
    name: LabelSchema,
    uptime: UptimeWindowsSchema,
    days: z
      .array(UptimeDaySchema)
      .length(UPTIME_DAYS)
      .meta({ description: 'The last 90 UTC days, oldest first, today last.' }),
    latency: z.array(LatencyHourSchema).meta({ description: 'The last 24 hours, oldest first.' }),
  })
  .meta({ title: 'ComponentUptime' });
export type ComponentUptime = z.infer<typeof ComponentUptimeSchema>;

/** A column of the compact daily history: one entry per day, oldest first, today last. */
function dayColumn<T extends z.ZodType>(entry: T, description: string) {
  return z.array(entry).length(UPTIME_DAYS).meta({ description });
}

/**
 * One component's 90 days as columns: entry `i` of each array is the day
 * `first_day + i`, the same days as in its detail document.
 */
export const UptimeDayColumnsSchema = z
  .strictObject({
    uptime_percent: dayColumn(PercentSchema.nullable(), "Each day's uptime over its minutes with data; null if none."),
    worst_status: dayColumn(StatusValueSchema.nullable(), "Each day's worst published state; null if no data."),
    down_seconds: dayColumn(
      z.number().int().min(0),
      'Whole seconds each day that the component was published partial_outage or major_outage.',
    ),
  })
  .meta({ title: 'UptimeDayColumns' });
export type UptimeDayColumns = z.infer<typeof UptimeDayColumnsSchema>;

/** What `assignSlugs` makes of a name: lower-case letters and digits, joined by single hyphens. */
export const COMPONENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A component's name as a file name (`assignSlugs`): what its detail document is called. */
export const ComponentSlugSchema = z
  .string()
  .regex(COMPONENT_SLUG_PATTERN, { error: 'must be lower-case letters and digits joined by hyphens' })
  .meta({ description: 'File name of its detail document: /api/v1/component-history/{slug}.json.' });

/** A component in the compact uptime document: what a 90-day bar needs, and where its detail is. */
export const ComponentUptimeSummarySchema = z
  .strictObject({
    name: LabelSchema,
    slug: ComponentSlugSchema,
    // Absent for a component in no group, and in a document written before groups were added.
    group: LabelSchema.meta({
      description:
        "The group the component is shown under (components config `components[].group`), as Statuspage's /api/v2/components.json groups it; absent for a component in no group.",
    }).optional(),
    uptime: UptimeWindowsSchema,
    // Optional: an uptime document written before issue 44 has none, and stays valid.
    today_p95_ms: PercentileMsSchema('95th percentile')
      .meta({
        description:
          "Today's (the UTC day so far) 95th percentile latency in ms: p95_ms of the last days[] entry of the component's detail document, from a DDSketch at 1 % relative accuracy; null if no check got an answer today.",
      })
      .optional(),
    days: UptimeDayColumnsSchema,
  })
  .meta({ title: 'ComponentUptimeSummary' });
export type ComponentUptimeSummary = z.infer<typeof ComponentUptimeSummarySchema>;

/** The header every history document of the probe's starts with. */
export const HistoryHeaderShape = {
  version: z.literal('v1'),
  region: LabelSchema.meta({ description: 'Name of the region whose probe recorded this history.' }),
  generated_at: TimestampSchema,
  interval_seconds: z
    .number()
    .int()
    .positive()
    .meta({ description: "The probe's schedule interval: consumers judge staleness as 3 intervals." }),
} as const;

/**
 * The `/api/v1/uptime` body: each component's uptime and one value per day
 * for 90 days, compact enough for a page of 1,000 components. The minutes
 * per state and the hourly latency are in each component's detail document.
 */
export const UptimeDocumentSchema = z
  .strictObject({
    ...HistoryHeaderShape,
    first_day: DateSchema.meta({ description: 'The UTC date of entry 0 of every day column.' }),
    components: z.array(ComponentUptimeSummarySchema),
  })
  .meta({
    title: 'Uptime',
    description:
      'Uptime percentages and a 90-day summary per component; the detail of one component is at /api/v1/component-history/{slug}.json.',
  });
export type UptimeDocument = z.infer<typeof UptimeDocumentSchema>;
