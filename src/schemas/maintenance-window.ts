import { validateDetailed } from 'node-cron';
import { z } from 'zod';
import { LabelSchema } from './label.js';

/** The longest recurring window: a week, the longest period a weekly recurrence can fill. */
export const MAX_RECURRING_DURATION_MINUTES = 7 * 24 * 60;
/** How far ahead occurrences of recurring windows are announced, by default. */
export const DEFAULT_MAINTENANCE_ANNOUNCE_DAYS = 7;

const MaintenanceCommonShape = {
  /** Component names; left out, the window covers every component. */
  components: z.array(LabelSchema).min(1, { error: 'must name at least one component, or be left out' }).optional(),
  /** For the people reading the file; never published. */
  note: z.string().optional(),
};

/** A planned maintenance at fixed instants: components inside it are published `under_maintenance`. */
export const FixedMaintenanceWindowSchema = z
  .strictObject({
    start: z.iso.datetime({
      offset: true,
      error: 'must be an ISO 8601 date and time with a zone, like 2026-11-21T02:00:00Z',
    }),
    end: z.iso.datetime({
      offset: true,
      error: 'must be an ISO 8601 date and time with a zone, like 2026-11-21T04:00:00Z',
    }),
    ...MaintenanceCommonShape,
  })
  .superRefine((window, ctx) => {
    if (Date.parse(window.end) <= Date.parse(window.start)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
    }
  });
export type FixedMaintenanceWindow = z.infer<typeof FixedMaintenanceWindowSchema>;

/** A node-cron expression, with the same dialect and wording as `schedule`. */
export const CronExpressionSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'is required: a node-cron schedule' : 'must be a node-cron schedule string',
  })
  .superRefine((expression, ctx) => {
    const result = validateDetailed(expression);
    if (result.valid) return;
    const detail = result.errors.map((error) => `${error.field}: ${error.message}`).join('; ');
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(expression)} is not a node-cron schedule${detail === '' ? '' : ` (${detail})`}`,
    });
  });

/** Whether the runtime knows an IANA time zone name, as `Intl` does. */
function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A planned maintenance that recurs: it starts at every run of `cron`, read
 * as wall-clock time in `time_zone`, and lasts `duration_minutes`.
 */
export const RecurringMaintenanceWindowSchema = z.strictObject({
  cron: CronExpressionSchema,
  duration_minutes: z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'is required: how long each occurrence lasts' : 'must be a number of minutes',
    })
    .int({ error: 'must be a whole number of minutes' })
    .positive({ error: 'must be greater than 0' })
    .max(MAX_RECURRING_DURATION_MINUTES, {
      error: `must be at most ${MAX_RECURRING_DURATION_MINUTES} (7 days)`,
    }),
  time_zone: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is required: the IANA time zone the cron is read in, like Europe/Amsterdam'
          : 'must be an IANA time zone name, like Europe/Amsterdam',
    })
    .refine(isKnownTimeZone, {
      error: (issue) => `${JSON.stringify(issue.input)} is not an IANA time zone name, like Europe/Amsterdam`,
    }),
  ...MaintenanceCommonShape,
});
export type RecurringMaintenanceWindow = z.infer<typeof RecurringMaintenanceWindowSchema>;

/** JSON has no `undefined`: a missing field says so, as `parseDocument` words it for every other field. */
const sayMissing = (issue: { readonly code?: string; readonly input?: unknown }) =>
  (issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined
    ? 'is required'
    : undefined;

/**
 * One entry of `maintenance[]`: fixed (`start`, `end`) or recurring (`cron`,
 * `duration_minutes`, `time_zone`). Which one is decided by the keys present,
 * so a mistake is reported against the form the entry was meant to have
 * (a plain union reports "Invalid input" when both forms fail).
 */
export const MaintenanceWindowSchema = z
  .unknown()
  .transform((value, ctx): FixedMaintenanceWindow | RecurringMaintenanceWindow => {
    const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
    const fixed = keys.includes('start') || keys.includes('end');
    const recurring = keys.includes('cron') || keys.includes('duration_minutes') || keys.includes('time_zone');
    if (fixed && recurring) {
      ctx.addIssue({
        code: 'custom',
        message: 'has both "start"/"end" and "cron"; a window is either fixed or recurring',
      });
      return z.NEVER;
    }
    const schema = recurring ? RecurringMaintenanceWindowSchema : FixedMaintenanceWindowSchema;
    const result = schema.safeParse(value, { error: sayMissing });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
export type MaintenanceWindow = z.infer<typeof MaintenanceWindowSchema>;

/** Whether a window recurs. */
export function isRecurringWindow(window: MaintenanceWindow): window is RecurringMaintenanceWindow {
  return 'cron' in window;
}
