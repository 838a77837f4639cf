import { z } from 'zod';
import { StatusValueSchema } from '../status-value.js';

/** A page's overall indicator, as Statuspage's `status.indicator` has it. */
export const UPSTREAM_INDICATORS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;

/** An incident's impact, as Statuspage has it. */
const ImpactSchema = z.enum(['none', 'minor', 'major', 'critical', 'maintenance']);

/**
 * What the probe reads of another provider's `/api/v2/summary.json`
 * (Statuspage's public API, as GitHub, Atlassian, Cloudflare and this
 * project publish it): the page's indicator, its components with their
 * status, and its unresolved incidents with their impact. Leniently:
 * fields it does not use are ignored, so a provider adding fields changes
 * nothing; one it uses holding something else makes the page unreadable.
 */
export const UpstreamSummarySchema = z.object({
  page: z.object({ name: z.string().optional(), updated_at: z.string().optional() }).optional(),
  status: z.object({ indicator: z.enum(UPSTREAM_INDICATORS), description: z.string().optional() }),
  components: z
    .array(z.object({ name: z.string(), status: StatusValueSchema, group: z.boolean().optional() }))
    .default([]),
  incidents: z
    .array(z.object({ name: z.string().optional(), status: z.string().optional(), impact: ImpactSchema.optional() }))
    .default([]),
});
export type UpstreamSummary = z.infer<typeof UpstreamSummarySchema>;
