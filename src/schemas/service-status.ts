import { z } from 'zod';
import { LabelSchema } from './label.js';
import { StatusValueSchema } from './status-value.js';

/** ISO 8601 UTC, second precision, trailing `Z`: `2026-11-21T04:37:59Z`. */
export const TimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { error: 'must be UTC to the second, like 2026-11-21T04:37:59Z' })
  .refine(isRealInstant, {
    error: 'is not a real date and time',
  });

/** Whether a `YYYY-MM-DDTHH:MM:SSZ` string names a real instant (no 30 February, no hour 24). */
function isRealInstant(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && formatTimestamp(new Date(time)) === value;
}

/** Formats an instant the way `updated_at` carries it. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export const ComponentSchema = z.strictObject({
  name: LabelSchema,
  status: StatusValueSchema,
});
export type Component = z.infer<typeof ComponentSchema>;

/** The `/api/v1/status` response body. */
export const ServiceStatusSchema = z.strictObject({
  status: StatusValueSchema,
  version: z.literal('v1'),
  region: LabelSchema,
  components: z.array(ComponentSchema),
  updated_at: TimestampSchema,
});
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;
