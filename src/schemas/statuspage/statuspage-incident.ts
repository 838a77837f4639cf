import { z } from 'zod';
import { LabelSchema } from '../label.js';
import { TimestampSchema } from '../service-status.js';
import { StatusValueSchema } from '../status-value.js';
import { StatuspageMemberComponentSchema } from './statuspage-component.js';
import { StatuspageIdSchema } from './statuspage-page.js';

/** An incident's states, in the order they come. */
export const STATUSPAGE_INCIDENT_STATES = [
  'investigating',
  'identified',
  'monitoring',
  'resolved',
  'postmortem',
] as const;
/** The states of an incident that is not over. */
export const STATUSPAGE_UNRESOLVED_STATES = ['investigating', 'identified', 'monitoring'] as const;
/** A scheduled maintenance's states. */
export const STATUSPAGE_MAINTENANCE_STATES = ['scheduled', 'in_progress', 'verifying', 'completed'] as const;
/** How bad an incident is; `maintenance` for a scheduled maintenance. */
export const STATUSPAGE_IMPACTS = ['none', 'minor', 'major', 'critical', 'maintenance'] as const;
export type StatuspageImpact = (typeof STATUSPAGE_IMPACTS)[number];

/** A component an update changed, from one state to another. */
export const StatuspageAffectedComponentSchema = z.strictObject({
  code: StatuspageIdSchema.meta({ description: 'The component id.' }),
  name: LabelSchema,
  old_status: StatusValueSchema,
  new_status: StatusValueSchema,
});

function updateSchema<S extends z.ZodType>(status: S, title: string) {
  return z
    .strictObject({
      id: StatuspageIdSchema,
      status,
      body: z.string().meta({ description: 'Plain text, never HTML.' }),
      incident_id: StatuspageIdSchema,
      created_at: TimestampSchema,
      updated_at: TimestampSchema,
      display_at: TimestampSchema,
      affected_components: z.array(StatuspageAffectedComponentSchema).nullable(),
      deliver_notifications: z.boolean(),
      custom_tweet: z.null(),
      tweet_id: z.null(),
    })
    .meta({ title });
}

function incidentShape<S extends z.ZodType, U extends z.ZodType>(status: S, update: U) {
  return {
    id: StatuspageIdSchema,
    name: LabelSchema,
    status,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
    monitoring_at: TimestampSchema.nullable(),
    resolved_at: TimestampSchema.nullable(),
    impact: z.enum(STATUSPAGE_IMPACTS),
    shortlink: z.string().min(1).meta({ description: 'The page, with an anchor to this entry.' }),
    started_at: TimestampSchema,
    page_id: StatuspageIdSchema,
    incident_updates: z.array(update).min(1).meta({ description: 'Newest first.' }),
    components: z
      .array(StatuspageMemberComponentSchema)
      .meta({ description: 'The affected components, as they are now.' }),
  };
}

const IncidentStateSchema = z.enum(STATUSPAGE_INCIDENT_STATES);
const MaintenanceStateSchema = z.enum(STATUSPAGE_MAINTENANCE_STATES);

/** An incident: one the probe recorded, or a notice the team wrote. */
export const StatuspageIncidentSchema = z
  .strictObject(incidentShape(IncidentStateSchema, updateSchema(IncidentStateSchema, 'StatuspageIncidentUpdate')))
  .meta({ title: 'StatuspageIncident' });
export type StatuspageIncident = z.infer<typeof StatuspageIncidentSchema>;
export type StatuspageIncidentUpdate = StatuspageIncident['incident_updates'][number];

/** A scheduled maintenance: a maintenance notice, or an occurrence of a configured window. */
export const StatuspageMaintenanceSchema = z
  .strictObject({
    ...incidentShape(MaintenanceStateSchema, updateSchema(MaintenanceStateSchema, 'StatuspageMaintenanceUpdate')),
    scheduled_for: TimestampSchema,
    scheduled_until: TimestampSchema,
  })
  .meta({ title: 'StatuspageScheduledMaintenance' });
export type StatuspageMaintenance = z.infer<typeof StatuspageMaintenanceSchema>;
export type StatuspageMaintenanceState = (typeof STATUSPAGE_MAINTENANCE_STATES)[number];
