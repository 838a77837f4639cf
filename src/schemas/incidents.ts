import { z } from 'zod';
import { FailureClassSchema } from './failure-class.js';
import { LabelSchema } from './label.js';
import { NoticeIdSchema } from './notice.js';
import { TimestampSchema } from './service-status.js';
import { StatusValueSchema } from './status-value.js';

/**
 * An incident: a component's published state left `operational` (or
 * maintenance) for a worse one, and, once resolved, came back. The id is
 * stable across restarts and database rebuilds: the component and the start.
 */
export const IncidentSchema = z
  .strictObject({
    id: z.string().min(1).meta({ description: 'Stable identifier, e.g. for feed entries.' }),
    component: LabelSchema,
    worst_status: StatusValueSchema.meta({ description: 'The worst published state reached.' }),
    started_at: TimestampSchema,
    resolved_at: TimestampSchema.nullable().meta({ description: 'null while ongoing.' }),
    updated_at: TimestampSchema.meta({
      description:
        'When anything but the duration last changed: the start, a worse state, a new failure, a wider vote among ' +
        'regions, or the resolution. Feed entries take it as their updated time.',
    }),
    duration_seconds: z.number().int().min(0).meta({ description: 'To resolved_at, or to generated_at if ongoing.' }),
    failure_classes: z.array(FailureClassSchema).meta({ description: 'Every failure class the checks saw.' }),
    last_failure: z
      .strictObject({
        class: FailureClassSchema,
        http_status: z.number().int().min(100).max(599).nullable(),
      })
      .nullable()
      .meta({ description: 'What the checks saw most recently during the incident.' }),
    regions: z
      .strictObject({
        saw_outage: z.number().int().min(0).meta({
          description: 'The most vantage points that saw an outage (partial or major) in one cycle of the incident.',
        }),
        configured: z
          .number()
          .int()
          .min(2)
          .meta({ description: 'Vantage points configured: this region and its peers.' }),
      })
      .nullable()
      .meta({
        description:
          'For a global component voted on by several regions, how many saw it down; null for a regional component ' +
          'or a region without peers.',
        examples: [{ saw_outage: 3, configured: 4 }],
      }),
    notice: NoticeIdSchema.nullable()
      .optional()
      .meta({
        description:
          "The id of the team's notice (`/api/v1/notices`) whose declared state was published during this incident: " +
          "the notice is then the incident, and Statuspage's documents, the feed and the page show it instead. Null " +
          "for the probe's own; left out by probes older than this field.",
      }),
  })
  .meta({ title: 'Incident' });
export type Incident = z.infer<typeof IncidentSchema>;

/** The `/api/v1/incidents` body: the last 90 days, newest first, ongoing ones with `resolved_at: null`. */
export const IncidentsDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    region: LabelSchema,
    generated_at: TimestampSchema,
    incidents: z.array(IncidentSchema),
  })
  .meta({ title: 'Incidents', description: 'Incidents of the last 90 days, newest first.' });
export type IncidentsDocument = z.infer<typeof IncidentsDocumentSchema>;
