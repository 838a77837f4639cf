import { z } from 'zod';
import { pathNamers } from '../errors/path-namers.js';
import { AlertsConfigSchema } from './alerts-config.js';
import { CheckOptionsShape, checkKindOptions, MillisecondsSchema } from './check-options.js';
import { checkUrlSchema } from './check-url.js';
import { checkGroupSpellings, checkUniqueNames } from './component-names.js';
import { describeComponentsConfigPaths } from './component-paths.js';
import { HeartbeatConfigSchema } from './heartbeat-config.js';
import { HttpUrlSchema } from './http-url.js';
import { NameSchema } from './label.js';
import {
  CronExpressionSchema,
  DEFAULT_MAINTENANCE_ANNOUNCE_DAYS,
  MaintenanceWindowSchema,
} from './maintenance-window.js';
import { SubscribersConfigSchema } from './subscribers-config.js';
import { webhookConfigSchema } from './webhook-config.js';

export { MAX_TIMEOUT_MS } from './check-options.js';
export { HttpUrlSchema } from './http-url.js';
export {
  type FixedMaintenanceWindow,
  type MaintenanceWindow,
  MaintenanceWindowSchema,
  type RecurringMaintenanceWindow,
} from './maintenance-window.js';

/** Whole request, connect plus headers plus body. */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** A successful check slower than this makes its component `degraded_performance`. */
export const DEFAULT_DEGRADED_MS = 1_000;
/** An https check whose certificate expires within this many days makes its component `degraded_performance`. */
export const DEFAULT_MIN_CERTIFICATE_DAYS = 14;
/** Every 30 seconds (node-cron, with a seconds field). */
export const DEFAULT_SCHEDULE = '*/30 * * * * *';
/** Consecutive cycles that must agree before the published state moves. */
export const DEFAULT_THRESHOLD_CYCLES = 2;
/** Checks in flight at once: a cycle of many components stays bounded in sockets and memory. */
export const DEFAULT_CONCURRENCY = 64;
/** An upstream provider's page is read at most once a minute: what a public provider expects of its readers. */
export const DEFAULT_UPSTREAM_REFRESH_SECONDS = 60;
/** A maintenance's `maintenance_upcoming` webhook event goes this long before its window: a day. */
export const DEFAULT_MAINTENANCE_UPCOMING_MINUTES = 24 * 60;
/** The longest lead of a reminder: 30 days. */
const MAX_MAINTENANCE_UPCOMING_MINUTES = 30 * 24 * 60;
/** How long fetching every peer's observations may take, all at once, after the cycle's own checks. */
export const DEFAULT_PEER_TIMEOUT_MS = 2_000;

const REGION_CODE_PATTERN = /^[a-z]+[0-9]$/;

/** What a check requests: an http(s) URL, or a tcp, dns, grpc or statuspage URL (`checkUrlSchema`). */
export const CheckUrlSchema = checkUrlSchema(HttpUrlSchema);

/** A message for a value of the wrong type; other problems (unknown keys) keep zod's own. */
const onlyForWrongType = (message: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

const requiredString = (what: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `is required: ${what}` : 'must be a string') });

export const CheckConfigSchema = z.strictObject(
  { url: requiredString('the URL to request').pipe(CheckUrlSchema), ...CheckOptionsShape },
  { error: onlyForWrongType('must be an object with a "url"') },
);
export type CheckConfig = z.infer<typeof CheckConfigSchema>;

/** A component watched at one `url`, at several `checks`, or by the pushes of a `heartbeat`. */
export const ComponentConfigSchema = z
  .strictObject(
    {
      name: requiredString('the name the status shows').pipe(NameSchema),
      /** `global`: one shared thing, seen from every region, published by a vote; `regional`: this region's own. */
      scope: z.enum(['global', 'regional'], { error: 'must be "global" or "regional"' }).default('regional'),
      /** The group it is shown under on the page and in the documents that know groups; the v1 status has none. */
      group: NameSchema.optional(),
      /** The uptime objective in percent (`99.9`): the monthly reports and `uptime` give its error budget. */
      slo: z
        .number({ error: 'must be a percentage such as 99.9' })
        .gt(0, { error: 'must be more than 0' })
        .lt(100, { error: 'must be less than 100: an objective of 100 % leaves no budget' })
        .optional(),
      url: CheckUrlSchema.optional(),
      checks: z.array(CheckConfigSchema).min(1, { error: 'must list at least one check' }).optional(),
      heartbeat: HeartbeatConfigSchema.optional(),
      ...CheckOptionsShape,
    },
    { error: onlyForWrongType('must be an object with a "name" and a "url", "checks" or "heartbeat"') },
  )
  .superRefine((component, ctx) => {
    const given = (['url', 'checks', 'heartbeat'] as const).filter((field) => component[field] !== undefined);
    if (given.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: 'needs "url", "checks" or "heartbeat"' });
    } else if (given.length > 1) {
      ctx.addIssue({ code: 'custom', path: [], message: `has both "${given[0]}" and "${given[1]}"; give one` });
    }
    if (component.heartbeat === undefined) return;
    if (component.scope === 'global') {
      ctx.addIssue({
        code: 'custom',
        path: ['scope'],
        message: 'a heartbeat component is regional: other regions never see its pushes; remove "scope"',
      });
    }
    for (const option of Object.keys(CheckOptionsShape) as (keyof typeof CheckOptionsShape)[]) {
      if (component[option] === undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: [option],
        message: 'does not apply to a heartbeat component, which is judged by its pushes; remove it',
      });
    }
  });
export type ComponentConfig = z.infer<typeof ComponentConfigSchema>;

/** One webhook receiver in `webhooks[]`, with the same URL rule as the components. */
export const WebhookConfigSchema = webhookConfigSchema(HttpUrlSchema);
export type WebhookConfig = z.infer<typeof WebhookConfigSchema>;

const ThresholdSchema = z
  .number({ error: 'must be a number of cycles' })
  .int({ error: 'must be a whole number of cycles' })
  .min(1, { error: 'must be at least 1' })
  .max(1_000, { error: 'must be at most 1000' });

/** How long each layer of the probe's history is kept, before it is rolled up or dropped. */
export const DEFAULT_HISTORY_RETENTION = {
  raw_hours: 48,
  hourly_days: 90,
  hourly_sketch_days: 7,
  daily_days: 400,
  incident_days: 400,
} as const;

const retentionField = (unit: string, min: number, max: number) =>
  z
    .number({ error: `must be a number of ${unit}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/**
 * The optional `history` block: retention of raw checks (hours), hourly and
 * daily aggregates, hourly latency sketches and incidents (days). The floors keep what the published
 * documents show (24 hours of latency, 90 days) inside what is kept.
 */
export const HistoryConfigSchema = z
  .strictObject(
    {
      raw_hours: retentionField('hours', 2, 24 * 14).default(DEFAULT_HISTORY_RETENTION.raw_hours),
      hourly_days: retentionField('days', 2, 400).default(DEFAULT_HISTORY_RETENTION.hourly_days),
      hourly_sketch_days: retentionField('days', 2, 400).default(DEFAULT_HISTORY_RETENTION.hourly_sketch_days),
      daily_days: retentionField('days', 90, 3_660).default(DEFAULT_HISTORY_RETENTION.daily_days),
      incident_days: retentionField('days', 90, 3_660).default(DEFAULT_HISTORY_RETENTION.incident_days),
    },
    { error: onlyForWrongType('must be an object of retention periods') },
  )
  .superRefine((history, ctx) => {
    if (history.hourly_days * 24 < history.raw_hours) {
      ctx.addIssue({ code: 'custom', path: ['hourly_days'], message: 'must cover at least raw_hours' });
    }
    if (history.hourly_sketch_days > history.hourly_days) {
      ctx.addIssue({ code: 'custom', path: ['hourly_sketch_days'], message: 'must be at most hourly_days' });
    }
    if (history.daily_days < history.hourly_days) {
      ctx.addIssue({ code: 'custom', path: ['daily_days'], message: 'must be at least hourly_days' });
    }
  });
export type HistoryConfig = z.infer<typeof HistoryConfigSchema>;

/**
 * `data/components.json`: what the probe watches, how often, and how it judges.
 * Defaults are filled in here, so everything downstream sees complete values.
 */
export const ComponentsConfigSchema = z
  .strictObject(
    {
      $schema: z.string().optional(),
      region: z
        .string()
        .regex(REGION_CODE_PATTERN, {
          error: (issue) => `${JSON.stringify(issue.input)} is not a region code like ams1`,
        })
        .optional(),
      schedule: CronExpressionSchema.default(DEFAULT_SCHEDULE),
      failure_threshold: ThresholdSchema.default(DEFAULT_THRESHOLD_CYCLES),
      success_threshold: ThresholdSchema.default(DEFAULT_THRESHOLD_CYCLES),
      concurrency: z
        .number({ error: 'must be a number of checks' })
        .int({ error: 'must be a whole number of checks' })
        .min(1, { error: 'must be at least 1' })
        .max(1_024, { error: 'must be at most 1024' })
        .default(DEFAULT_CONCURRENCY),
      connectivity_url: HttpUrlSchema.optional(),
      /** The other regions' origins by region code, whose observations vote on global components. */
      peers: z
        .record(
          z.string().regex(REGION_CODE_PATTERN, {
            error: (issue) => `${JSON.stringify(issue.input)} is not a region code like ams1`,
          }),
          HttpUrlSchema,
          {
            error: (issue) =>
              issue.code === 'invalid_key'
                ? 'is not a region code like ams1'
                : 'must be an object of region codes to base URLs, like { "fra1": "https://fra1.example.com" }',
          },
        )
        .default({}),
      peer_timeout_ms: MillisecondsSchema.default(DEFAULT_PEER_TIMEOUT_MS),
      maintenance: z.array(MaintenanceWindowSchema).default([]),
      /** How many days ahead the occurrences of recurring maintenance windows are announced. */
      maintenance_announce_days: z
        .number({ error: 'must be a number of days' })
        .int({ error: 'must be a whole number of days' })
        .min(0, { error: 'must be at least 0' })
        .max(366, { error: 'must be at most 366' })
        .default(DEFAULT_MAINTENANCE_ANNOUNCE_DAYS),
      /** How long before each maintenance window its `maintenance_upcoming` webhook event is sent; 0 sends none. */
      maintenance_upcoming_minutes: z
        .number({ error: 'must be a number of minutes' })
        .int({ error: 'must be a whole number of minutes' })
        .min(0, { error: 'must be at least 0 (0 sends no reminder)' })
        .max(MAX_MAINTENANCE_UPCOMING_MINUTES, {
          error: `must be at most ${MAX_MAINTENANCE_UPCOMING_MINUTES} (30 days)`,
        })
        .default(DEFAULT_MAINTENANCE_UPCOMING_MINUTES),
      history: HistoryConfigSchema.default(DEFAULT_HISTORY_RETENTION),
      /** Where the site is served, for absolute links in the feed; ids never depend on it. */
      public_url: HttpUrlSchema.optional(),
      /** The page's name in the Statuspage documents (`page.name`); the region's name when left out. */
      page_name: NameSchema.optional(),
      /** An upstream provider's page is read at most once in this many seconds, however many components read it. */
      upstream_refresh_seconds: z
        .number({ error: 'must be a number of seconds' })
        .int({ error: 'must be a whole number of seconds' })
        .min(1, { error: 'must be at least 1' })
        .max(3_600, { error: 'must be at most 3600' })
        .default(DEFAULT_UPSTREAM_REFRESH_SECONDS),
      /** Receivers of status-change and notice events. */
      webhooks: z.array(WebhookConfigSchema).default([]),
      /** Email subscribers with double opt-in (`probe --subscribe-port`), mailed through the relay named here. */
      subscribers: SubscribersConfigSchema.optional(),
      /** Alertmanager's and Grafana's webhooks, on the push listener: alerts open and resolve notices. */
      alerts: AlertsConfigSchema.optional(),
      components: z
        .array(ComponentConfigSchema, {
          error: (issue) =>
            issue.input === undefined ? 'is required: the list of components to probe' : 'must be a list of components',
        })
        .min(1, { error: 'must list at least one component' }),
    },
    { error: onlyForWrongType('must be a JSON object with a "components" list') },
  )
  .superRefine(checkUniqueNames, { when: (payload) => Array.isArray(Reflect.get(Object(payload.value), 'components')) })
  .superRefine((config, ctx) => {
    config.components.forEach((component, index) => {
      checkTimings(component, ['components', index], ctx);
      checkKindOptions(component, ['components', index], ctx);
    });
    checkGroupSpellings(config.components, ctx);
    const names = new Set(config.components.map((component) => component.name));
    if (config.subscribers !== undefined && config.public_url === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['public_url'],
        message: 'is required with "subscribers": the mails link to the page',
      });
    }
    for (const [alertName, name] of Object.entries(config.alerts?.components ?? {})) {
      if (names.has(name)) continue;
      ctx.addIssue({
        code: 'custom',
        path: ['alerts', 'components', alertName],
        message: `${JSON.stringify(name)} is not the name of a component`,
      });
    }
    config.maintenance.forEach((window, index) => {
      window.components?.forEach((name, nameIndex) => {
        if (names.has(name)) return;
        ctx.addIssue({
          code: 'custom',
          path: ['maintenance', index, 'components', nameIndex],
          message: `${JSON.stringify(name)} is not the name of a component`,
        });
      });
    });
  });
export type ComponentsConfig = z.infer<typeof ComponentsConfigSchema>;

// Problems name each component by its name where that is unique and valid: `components["Build Service"].url`.
pathNamers.add(ComponentsConfigSchema, { describePaths: describeComponentsConfigPaths });

/** `degraded_ms` only means something below `timeout_ms`, after inheritance. */
function checkTimings(component: ComponentConfig, path: (string | number)[], ctx: z.RefinementCtx): void {
  // A heartbeat has no timings; one set on it is refused on its own.
  if (component.heartbeat !== undefined) return;
  const checks = component.checks ?? [{ url: component.url ?? '' }];
  checks.forEach((check, index) => {
    const timeoutMs = check.timeout_ms ?? component.timeout_ms ?? DEFAULT_TIMEOUT_MS;
    const degradedMs = check.degraded_ms ?? component.degraded_ms ?? DEFAULT_DEGRADED_MS;
    // Refinements also run over values that already failed a check; those have their own problem.
    if (!(timeoutMs > 0 && degradedMs > 0) || degradedMs < timeoutMs) return;
    const where = component.checks === undefined ? path : [...path, 'checks', index];
    ctx.addIssue({
      code: 'custom',
      path: [...where, 'degraded_ms'],
      message: `degraded_ms (${degradedMs}) must be less than timeout_ms (${timeoutMs})`,
    });
  });
}
