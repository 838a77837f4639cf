import { z } from 'zod';
import { LabelSchema } from '../schemas/label.js';
import { MaintenanceNoticeSchema, NoticeSchema } from '../schemas/notice.js';
import { TimestampSchema } from '../schemas/service-status.js';
import { StatusValueSchema } from '../schemas/status-value.js';

const EventIdSchema = z.string().regex(/^evt_[0-9a-f]{32}$/);

/** A component's published state moved (after flapping protection): what the generic body carries. */
export const StatusChangedEventSchema = z.strictObject({
  id: EventIdSchema,
  type: z.literal('component.status_changed'),
  created_at: TimestampSchema,
  region: z.strictObject({ code: z.string(), name: LabelSchema }),
  component: LabelSchema,
  from: StatusValueSchema,
  to: StatusValueSchema,
  /** Why, in words, when the probe knows more than the state: a certificate about to expire. */
  reason: z.string().min(1).optional(),
  /**
   * Earlier changes of this component that this receiver was not told one by
   * one, because it could not be reached while they were news: how many, since
   * when, and the worst state among them. `from` is then what the receiver was
   * last told (or would have been), `to` the state now. See `mergeEvents`.
   */
  missed: z
    .strictObject({ changes: z.number().int().positive(), since: TimestampSchema, worst: StatusValueSchema })
    .optional(),
});

/** A notice was published for the first time, or published again with a change. */
export const NoticeEventSchema = z.strictObject({
  id: EventIdSchema,
  type: z.enum(['notice.created', 'notice.updated']),
  created_at: TimestampSchema,
  notice: NoticeSchema,
});

/**
 * A planned maintenance starts soon (`maintenance_upcoming`): sent once per
 * window, `maintenance_upcoming_minutes` before it (24 hours by default),
 * with the notice and how long until it starts.
 */
export const MaintenanceUpcomingEventSchema = z.strictObject({
  id: EventIdSchema,
  type: z.literal('notice.maintenance_upcoming'),
  created_at: TimestampSchema,
  notice: MaintenanceNoticeSchema,
  /** Whole minutes from `created_at` to the window's start. */
  starts_in_minutes: z.number().int().nonnegative(),
});

/** One webhook event; its JSON is the generic body, and `id` is sent as a header too. */
export const WebhookEventSchema = z.discriminatedUnion('type', [
  StatusChangedEventSchema,
  NoticeEventSchema,
  MaintenanceUpcomingEventSchema,
]);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
