import { z } from 'zod';
import { NoticeSchema } from '../schemas/notice.js';
import { StatusValueSchema } from '../schemas/status-value.js';

/** What happened to a notice, as its mail announces it. */
export const NOTICE_MAIL_CHANGES = [
  'opened',
  'updated',
  'resolved',
  'postmortem',
  'scheduled',
  'started',
  'completed',
] as const;
export type NoticeMailChange = (typeof NOTICE_MAIL_CHANGES)[number];

/** A component's change the probe detected that held (`coalesceProbeChanges`): what was mailed before, and now. */
export const ProbeChangeSchema = z.strictObject({
  component: z.string(),
  from: StatusValueSchema,
  to: StatusValueSchema,
  /** When it first diverged from what was mailed, in ms since the epoch. */
  sinceMs: z.number(),
});
export type ProbeChange = z.infer<typeof ProbeChangeSchema>;

/**
 * One thing mailed to subscribers, kept in the outbox's `events` as JSON;
 * each subscriber's mail is rendered from it in their language and zone
 * when it is sent.
 */
export const MailEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('confirmation') }),
  z.strictObject({ kind: z.literal('test'), atMs: z.number() }),
  z.strictObject({
    kind: z.literal('notice'),
    change: z.enum(NOTICE_MAIL_CHANGES),
    atMs: z.number(),
    notice: NoticeSchema,
  }),
  z.strictObject({ kind: z.literal('probe'), atMs: z.number(), changes: z.array(ProbeChangeSchema).min(1) }),
]);
export type MailEvent = z.infer<typeof MailEventSchema>;

/** The components an event is about: its subscribers, and the whole page's. `[]`: everyone's. */
export function componentsOf(event: MailEvent): readonly string[] {
  if (event.kind === 'notice') return event.notice.components;
  if (event.kind === 'probe') return event.changes.map((change) => change.component);
  return [];
}
