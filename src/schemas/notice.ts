import { z } from 'zod';
import { describeForbiddenCharacter, LabelSchema } from './label.js';
import { TimestampSchema } from './service-status.js';
import type { StatusValue } from './status-value.js';

/** States of a notice about an incident, in the order they usually come (the Statuspage model). */
export const INCIDENT_NOTICE_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
/** States of a notice about planned maintenance. */
export const MAINTENANCE_NOTICE_STATES = ['scheduled', 'in_progress', 'completed'] as const;

const IncidentNoticeStateSchema = z.enum(INCIDENT_NOTICE_STATES);
const MaintenanceNoticeStateSchema = z.enum(MAINTENANCE_NOTICE_STATES);

/** Refuses the characters a title refuses, but for line breaks and tabs: nothing in a text may reverse or hide what a reader sees. */
function refuseHiddenCharacters(value: string, ctx: z.RefinementCtx): void {
  const reason = describeForbiddenCharacter(value, { paragraphs: true });
  if (reason !== undefined) ctx.addIssue({ code: 'custom', message: reason });
}

/** Plain text written by people: shown as text, never interpreted as HTML. */
const NoticeTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(10_000)
  .superRefine(refuseHiddenCharacters);

/** The longest postmortem, in characters: a few pages of plain text. */
export const MAX_POSTMORTEM_CHARS = 100_000;

/**
 * The states the team may declare a component in during an incident, as
 * Statuspage's incidents set them: maintenance is a maintenance notice's
 * business, and `operational` lifts an earlier declaration.
 */
export const DECLARED_STATES = [
  'operational',
  'degraded_performance',
  'partial_outage',
  'major_outage',
] as const satisfies readonly StatusValue[];
export type DeclaredState = (typeof DECLARED_STATES)[number];

export const DeclaredStateSchema = z.enum(DECLARED_STATES, {
  error: (issue) =>
    issue.input === undefined
      ? undefined
      : `${JSON.stringify(issue.input)} is not a state an incident declares (${DECLARED_STATES.join(', ')})`,
});

/**
 * What an update declares: a state per component it names, from then on,
 * until a later update names the component again or the notice is resolved.
 */
export const ImpactSchema = z.record(LabelSchema, DeclaredStateSchema).meta({
  description:
    "The state the team declares each named component in from this update on (Statuspage's affected components); " +
    "a component's published state is the worse of this and what the probe sees, until the notice is resolved.",
  examples: [{ 'Build Service': 'partial_outage' }],
});
export type Impact = z.infer<typeof ImpactSchema>;

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

/** An incident's update: what maintenance's says, and the states it declares, if any. */
const IncidentUpdateSchema = updateSchema(IncidentNoticeStateSchema).extend({ impact: ImpactSchema.optional() });
export type IncidentUpdate = z.infer<typeof IncidentUpdateSchema>;

/** What the team learnt, written after the incident was resolved: plain text, never HTML. */
export const PostmortemSchema = z
  .strictObject({
    at: TimestampSchema,
    text: z
      .string()
      .trim()
      .min(1, { error: 'must not be empty' })
      .max(MAX_POSTMORTEM_CHARS, { error: `is longer than ${MAX_POSTMORTEM_CHARS} characters` })
      .superRefine(refuseHiddenCharacters),
  })
  .meta({ title: 'Postmortem', description: 'Written after the incident was resolved; plain text.' });

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
    updates: z.array(IncidentUpdateSchema).min(1),
    postmortem: PostmortemSchema.optional(),
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
export type IncidentNotice = Extract<Notice, { readonly kind: 'incident' }>;
export type MaintenanceNotice = Extract<Notice, { readonly kind: 'maintenance' }>;

/** The longest group key an alert origin keeps: Alertmanager's are its route's matchers and the group's labels. */
export const MAX_GROUP_KEY_CHARS = 2_000;
/** The most alerts an alert origin remembers: the latest, once a group has fired more than this. */
export const MAX_REMEMBERED_ALERTS = 500;

/**
 * Who opened a notice when it was not a person (`opened_by` in the notices
 * file, never published): the alerting tool, the alert group's key, and
 * each alert of the group it has seen firing, as `FINGERPRINT@STARTS_AT`,
 * so that a repeated notification changes nothing and an alert that fires
 * again after the notice was resolved opens a new one.
 */
export const AlertOriginSchema = z.strictObject({
  source: z.enum(['alertmanager', 'grafana']),
  group_key: z.string().min(1).max(MAX_GROUP_KEY_CHARS),
  alerts: z.array(z.string().min(1).max(200)).max(MAX_REMEMBERED_ALERTS),
});
export type AlertOrigin = z.infer<typeof AlertOriginSchema>;

/** An incident notice as the notices file holds it: as published, and who opened it when an alert did. */
export const WrittenIncidentNoticeSchema = IncidentNoticeSchema.extend({ opened_by: AlertOriginSchema.optional() });
export type WrittenIncidentNotice = z.infer<typeof WrittenIncidentNoticeSchema>;

/** A notice as the notices file holds it (`opened_by` is the file's only, never published). */
export const WrittenNoticeSchema = z.discriminatedUnion('kind', [WrittenIncidentNoticeSchema, MaintenanceNoticeSchema]);
export type WrittenNotice = z.infer<typeof WrittenNoticeSchema>;

/** `data/notices.json`: the notices the team has written. */
export const NoticesFileSchema = z.array(WrittenNoticeSchema);

/** The `/api/v1/notices` body. */
export const NoticesDocumentSchema = z
  .strictObject({
    version: z.literal('v1'),
    notices: z.array(NoticeSchema),
  })
  .meta({ title: 'Notices', description: "The platform team's incident and maintenance notices." });
export type NoticesDocument = z.infer<typeof NoticesDocumentSchema>;
