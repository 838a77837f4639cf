import { z } from 'zod';
import { pathNamers } from '../errors/path-namers.js';
import { ExpectJsonSchema, ExpectTextSchema } from './body-conditions.js';
import { checkUrlSchema, isTcpScheme } from './check-url.js';
import { checkGroupSpellings, checkUniqueNames } from './component-names.js';
import { describeComponentsConfigPaths } from './component-paths.js';
import { HttpUrlSchema } from './http-url.js';
import { NameSchema } from './label.js';
import {
  CronExpressionSchema,
  DEFAULT_MAINTENANCE_ANNOUNCE_DAYS,
  MaintenanceWindowSchema,
} from './maintenance-window.js';
import { webhookConfigSchema } from './webhook-config.js';

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
/** Upper bound on any timeout, so a typo cannot park a cycle for hours. */
export const MAX_TIMEOUT_MS = 60_000;
/** How long fetching every peer's observations may take, all at once, after the cycle's own checks. */
export const DEFAULT_PEER_TIMEOUT_MS = 2_000;

const REGION_CODE_PATTERN = /^[a-z]+[0-9]$/;

/** What a check requests: an http(s) URL, or `tcp://host:port` for a check that only connects. */
export const CheckUrlSchema = checkUrlSchema(HttpUrlSchema);

const MillisecondsSchema = z
  .number({ error: 'must be a number of milliseconds' })
  .int({ error: 'must be a whole number of milliseconds' })
  .positive({ error: 'must be greater than 0' })
  .max(MAX_TIMEOUT_MS, { error: `must be at most ${MAX_TIMEOUT_MS}` });

const ExpectStatusSchema = z
  .array(
    z
      .number({ error: 'must be an HTTP status code' })
      .int({ error: 'must be an HTTP status code' })
      .min(100, { error: 'must be an HTTP status code (100-599)' })
      .max(599, { error: 'must be an HTTP status code (100-599)' }),
    { error: 'must be a list of HTTP status codes' },
  )
  .min(1, { error: 'must list at least one status code' })
  .refine((codes) => new Set(codes).size === codes.length, { error: 'must not list a status code twice' });

/** How one request is judged; a check inherits what it leaves out from its component. */
const CheckOptionsShape = {
  timeout_ms: MillisecondsSchema.optional(),
  degraded_ms: MillisecondsSchema.optional(),
  expect_status: ExpectStatusSchema.optional(),
  expect_json: ExpectJsonSchema.optional(),
  expect_text: ExpectTextSchema.optional(),
  min_certificate_days: z
    .number({ error: 'must be a number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be at least 0' })
    .max(365, { error: 'must be at most 365' })
    .optional(),
  /** A PEM file of the CAs trusted for https, relative to the config file; read (and checked) when settings load. */
  ca_file: z
    .string({ error: 'must be the path of a PEM file' })
    .min(1, { error: 'must be the path of a PEM file' })
    .optional(),
};

/** The options that judge an HTTP answer or its TLS, and mean nothing to a check that only connects. */
const HTTP_ONLY_OPTIONS = ['expect_status', 'expect_json', 'expect_text', 'min_certificate_days', 'ca_file'] as const;

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

/** A component watched at one `url`, or at several `checks`. */
export const ComponentConfigSchema = z
  .strictObject(
    {
      name: requiredString('the name the status shows').pipe(NameSchema),
      /** `global`: one shared thing, seen from every region, published by a vote; `regional`: this region's own. */
      scope: z.enum(['global', 'regional'], { error: 'must be "global" or "regional"' }).default('regional'),
      /** The group it is shown under on the page and in the documents that know groups; the v1 status has none. */
      group: NameSchema.optional(),
      url: CheckUrlSchema.optional(),
      checks: z.array(CheckConfigSchema).min(1, { error: 'must list at least one check' }).optional(),
      ...CheckOptionsShape,
    },
    { error: onlyForWrongType('must be an object with a "name" and a "url" or "checks"') },
  )
  .superRefine((component, ctx) => {
    if (component.url === undefined && component.checks === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'needs either "url" or "checks"' });
    }
    if (component.url !== undefined && component.checks !== undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'has both "url" and "checks"; give one' });
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
 * daily aggregates and incidents (days). The floors keep what the published
 * documents show (24 hours of latency, 90 days) inside what is kept.
 */
export const HistoryConfigSchema = z
  .strictObject(
    {
      raw_hours: retentionField('hours', 2, 24 * 14).default(DEFAULT_HISTORY_RETENTION.raw_hours),
      hourly_days: retentionField('days', 2, 400).default(DEFAULT_HISTORY_RETENTION.hourly_days),
      daily_days: retentionField('days', 90, 3_660).default(DEFAULT_HISTORY_RETENTION.daily_days),
      incident_days: retentionField('days', 90, 3_660).default(DEFAULT_HISTORY_RETENTION.incident_days),
    },
    { error: onlyForWrongType('must be an object of retention periods') },
  )
  .superRefine((history, ctx) => {
    if (history.hourly_days * 24 < history.raw_hours) {
      ctx.addIssue({ code: 'custom', path: ['hourly_days'], message: 'must cover at least raw_hours' });
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
      history: HistoryConfigSchema.default(DEFAULT_HISTORY_RETENTION),
      /** Where the site is served, for absolute links in the feed; ids never depend on it. */
      public_url: HttpUrlSchema.optional(),
      /** The page's name in the Statuspage documents (`page.name`); the region's name when left out. */
      page_name: NameSchema.optional(),
      /** Receivers of status-change and notice events. */
      webhooks: z.array(WebhookConfigSchema).default([]),
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
      checkTcpOptions(component, ['components', index], ctx);
    });
    checkGroupSpellings(config.components, ctx);
    const names = new Set(config.components.map((component) => component.name));
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

/**
 * A tcp check only connects: the options that judge an answer are an error
 * where they are set on it (or on a component whose `url` is tcp). Set on a
 * component with `checks`, they apply to its http checks only.
 */
function checkTcpOptions(component: ComponentConfig, path: (string | number)[], ctx: z.RefinementCtx): void {
  type Judged = Pick<ComponentConfig, 'url' | (typeof HTTP_ONLY_OPTIONS)[number]>;
  const targets: { check: Judged; where: (string | number)[] }[] =
    component.checks === undefined
      ? [{ check: component, where: path }]
      : component.checks.map((check, index) => ({ check, where: [...path, 'checks', index] }));
  for (const { check, where } of targets) {
    if (typeof check.url !== 'string' || !isTcpScheme(check.url)) continue;
    for (const option of HTTP_ONLY_OPTIONS) {
      if (check[option] === undefined) continue;
      ctx.addIssue({
        code: 'custom',
        path: [...where, option],
        message: `does not apply to a tcp check, which only connects; remove it or use an http(s) URL`,
      });
    }
  }
}
