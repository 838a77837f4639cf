import { z } from 'zod';
import { LabelSchema } from './label.js';
import { TimestampSchema } from './service-status.js';

/** States of a notice about an incident, in the order they usually come (the Statuspage model). */
export const INCIDENT_NOTICE_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
/** States of a notice about planned maintenance. */
export const MAINTENANCE_NOTICE_STATES = ['scheduled', 'in_progress', 'completed'] as const;

const IncidentNoticeStateSchema = z.enum(INCIDENT_NOTICE_STATES);
const MaintenanceNoticeStateSchema = z.enum(MAINTENANCE_NOTICE_STATES);

/** Plain text written by people: shown as text, never interpreted as HTML. */
const NoticeTextSchema = z.string().trim().min(1, { error: 'must not be empty' }).max(10_000);

/** A stable identifier: it becomes the feed entry's id, so it must never change once published. */
export const NoticeIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'must be lowercase letters, digits and dashes, at most 64' });

function updateSchema<S extends z.ZodType>(state: S) {
  return z.strictObject({
    at: TimestampSchema,
    state,
    text: NoticeTextSchema,
  });
}

const NoticeCommonShape = {
  id: NoticeIdSchema,
  title: LabelSchema,
  components: z.array(LabelSchema).meta({ description: 'Affected component names; empty for the whole platform.' }),
};

/** A notice about an unplanned incident, written by the platform team. */
export const IncidentNoticeSchema = z
  .strictObject({
    ...NoticeCommonShape,
    kind: z.literal('incident'),
    state: IncidentNoticeStateSchema,
    updates: z.array(updateSchema(IncidentNoticeStateSchema)).min(1),
  })
  .meta({ title: 'IncidentNotice' });

/** A notice about planned maintenance, with its window. */
export const MaintenanceNoticeSchema = z
  .strictObject({
    ...NoticeCommonShape,
    kind: z.literal('maintenance'),
    state: MaintenanceNoticeStateSchema,
    window: z.strictObject({ start: TimestampSchema, end: TimestampSchema }),
    updates: z.array(updateSchema(MaintenanceNoticeStateSchema)).min(1),
  })
  .meta({ title: 'MaintenanceNotice' });

/** One notice: an incident or a maintenance, with timestamped plain-text updates. */
export const NoticeSchema = z.discriminatedUnion('kind', [IncidentNoticeSchema, MaintenanceNoticeSchema]);
export type Notice = z.infer<typeof NoticeSchema>;

/** `data/notices.json`: the notices the team has written. */
export const NoticesFileSchema = z.array(NoticeSchema);

/** The `/api/v1/notices` body. */
export const NoticesDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    notices: z.array(NoticeSchema),
  })
  .meta({ title: 'Notices', description: "The platform team's incident and maintenance notices." });
export type NoticesDocument = z.infer<typeof NoticesDocumentSchema>;
