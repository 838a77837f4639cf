import { z } from 'zod';
import { StatuspageComponentSchema } from './statuspage-component.js';
import {
  STATUSPAGE_UNRESOLVED_STATES,
  StatuspageIncidentSchema,
  StatuspageMaintenanceSchema,
} from './statuspage-incident.js';
import { StatuspagePageSchema, StatuspageStatusSchema } from './statuspage-page.js';

/** Incidents that are not over: what `incidents/unresolved.json` and the summary list. */
const UnresolvedIncidentSchema = StatuspageIncidentSchema.extend({
  status: z.enum(STATUSPAGE_UNRESOLVED_STATES),
}).meta({ title: 'StatuspageUnresolvedIncident' });

const UpcomingMaintenanceSchema = StatuspageMaintenanceSchema.extend({ status: z.literal('scheduled') }).meta({
  title: 'StatuspageUpcomingMaintenance',
});
const ActiveMaintenanceSchema = StatuspageMaintenanceSchema.extend({
  status: z.enum(['in_progress', 'verifying']),
}).meta({ title: 'StatuspageActiveMaintenance' });
const CurrentMaintenanceSchema = StatuspageMaintenanceSchema.extend({
  status: z.enum(['scheduled', 'in_progress', 'verifying']),
}).meta({ title: 'StatuspageCurrentMaintenance' });

/** `/api/v2/summary.json`: the page, its components, what is unresolved, and maintenance not yet completed. */
export const StatuspageSummarySchema = z
  .strictObject({
    page: StatuspagePageSchema,
    components: z.array(StatuspageComponentSchema),
    incidents: z.array(UnresolvedIncidentSchema),
    scheduled_maintenances: z.array(CurrentMaintenanceSchema),
    status: StatuspageStatusSchema,
  })
  .meta({ title: 'StatuspageSummary', description: "Statuspage's summary.json, from the same data as v1." });
export type StatuspageSummary = z.infer<typeof StatuspageSummarySchema>;

/** `/api/v2/status.json`. */
export const StatuspageStatusDocumentSchema = z
  .strictObject({ page: StatuspagePageSchema, status: StatuspageStatusSchema })
  .meta({ title: 'StatuspageStatusDocument', description: "Statuspage's status.json: the rollup indicator." });

/** `/api/v2/components.json`. */
export const StatuspageComponentsSchema = z
  .strictObject({ page: StatuspagePageSchema, components: z.array(StatuspageComponentSchema) })
  .meta({ title: 'StatuspageComponents', description: "Statuspage's components.json, groups included." });

/** `/api/v2/incidents.json`: the 50 most recent incidents, newest first. */
export const StatuspageIncidentsSchema = z
  .strictObject({ page: StatuspagePageSchema, incidents: z.array(StatuspageIncidentSchema).max(50) })
  .meta({ title: 'StatuspageIncidents', description: "Statuspage's incidents.json: the 50 most recent." });

/** `/api/v2/incidents/unresolved.json`. */
export const StatuspageUnresolvedIncidentsSchema = z
  .strictObject({ page: StatuspagePageSchema, incidents: z.array(UnresolvedIncidentSchema) })
  .meta({ title: 'StatuspageUnresolvedIncidents', description: "Statuspage's incidents/unresolved.json." });

/** `/api/v2/scheduled-maintenances.json`: the 50 most recent, latest start first. */
export const StatuspageMaintenancesSchema = z
  .strictObject({ page: StatuspagePageSchema, scheduled_maintenances: z.array(StatuspageMaintenanceSchema).max(50) })
  .meta({ title: 'StatuspageMaintenances', description: "Statuspage's scheduled-maintenances.json." });

/** `/api/v2/scheduled-maintenances/upcoming.json`. */
export const StatuspageUpcomingMaintenancesSchema = z
  .strictObject({ page: StatuspagePageSchema, scheduled_maintenances: z.array(UpcomingMaintenanceSchema) })
  .meta({ title: 'StatuspageUpcomingMaintenances', description: 'Maintenance that has not started.' });

/** `/api/v2/scheduled-maintenances/active.json`. */
export const StatuspageActiveMaintenancesSchema = z
  .strictObject({ page: StatuspagePageSchema, scheduled_maintenances: z.array(ActiveMaintenanceSchema) })
  .meta({ title: 'StatuspageActiveMaintenances', description: 'Maintenance in progress.' });
