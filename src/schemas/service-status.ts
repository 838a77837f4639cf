import { z } from 'zod';
import { LabelSchema } from './label.js';
import { StatusValueSchema } from './status-value.js';

/** ISO 8601 UTC, second precision, trailing `Z`: `2026-11-21T04:37:59Z`. */
export const TimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, { error: 'must be UTC to the second, like 2026-11-21T04:37:59Z' })
  .refine(isRealInstant, {
    error: 'is not a real date and time',
  })
  // The refinement has no JSON Schema form; `date-time` says the same to a validator that checks formats.
  .meta({ format: 'date-time' });

/** Instants already found real, up to `REAL_INSTANTS_MAX`; then the set starts again. */
const realInstants = new Set<string>();
const REAL_INSTANTS_MAX = 10_000;

/**
 * Whether a `YYYY-MM-DDTHH:MM:SSZ` string names a real instant (no 30
 * February, no hour 24). Remembered: the probe validates the same few
 * timestamps thousands of times a cycle (every component's 24 latency hours
 * in the uptime document).
 */
function isRealInstant(value: string): boolean {
  if (realInstants.has(value)) return true;
  const time = Date.parse(value);
  if (Number.isNaN(time) || formatTimestamp(new Date(time)) !== value) return false;
  if (realInstants.size >= REAL_INSTANTS_MAX) realInstants.clear();
  realInstants.add(value);
  return true;
}

/** Formats an instant the way `updated_at` carries it. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export const ComponentSchema = z
  .strictObject({
    name: LabelSchema.meta({
      description: 'Component name (human-readable, capitalised words).',
      examples: ['Scheduler'],
    }),
    status: StatusValueSchema.meta({ description: 'Component status.' }),
  })
  .meta({ title: 'Component' });
export type Component = z.infer<typeof ComponentSchema>;

/** The `/api/v1/status` response body. */
export const ServiceStatusSchema = z
  .strictObject({
    status: StatusValueSchema.meta({ description: 'Overall status.' }),
    version: z.literal('v1').meta({ description: 'API version label.' }),
    region: LabelSchema.meta({
      description: 'Human-readable name of the region that served the response.',
      examples: ['Amsterdam 1'],
    }),
    components: z.array(ComponentSchema).meta({ description: 'Status per component.' }),
    updated_at: TimestampSchema.meta({
      description: 'When the status was last determined: ISO 8601 UTC, second precision, trailing `Z`.',
      examples: ['2026-11-21T04:37:59Z'],
    }),
  })
  .meta({ title: 'ServiceStatus', description: 'The machine-readable status of the service and its components.' });
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;
