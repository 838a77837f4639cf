import { worstStatus } from '../schemas/status-value.js';
import { deriveEventId } from './event-id.js';
import type { WebhookEvent } from './webhook-event.js';

/**
 * One event that says what `earlier` and then `later` (about the same
 * subject) said, for a receiver that was told neither: the short, truthful
 * catch-up of a receiver that was down.
 *
 * - Two status changes become one from the state before the first to the
 *   state after the last, at the later time and with its reason; the states
 *   in between are not lost: `missed` counts them and keeps their worst, so
 *   "down, then up again" reads "operational again, after a major outage",
 *   never a stale "is now major outage".
 * - Two notice events become the later notice (it carries every update), as
 *   `notice.created` if the receiver never heard of the notice.
 *
 * The id is derived from both ids: a new event, never one the receiver saw. Pure.
 */
export function mergeEvents(earlier: WebhookEvent, later: WebhookEvent): WebhookEvent {
  const id = deriveEventId('merged', earlier.id, later.id);
  if (earlier.type === 'component.status_changed' && later.type === 'component.status_changed') {
    const changes = (earlier.missed?.changes ?? 0) + 1 + (later.missed?.changes ?? 0);
    const between = [earlier.to, ...(earlier.missed ? [earlier.missed.worst] : [])];
    if (later.missed) between.push(later.missed.worst);
    const { reason, missed: _missed, ...rest } = later;
    return {
      ...rest,
      id,
      from: earlier.from,
      missed: { changes, since: earlier.missed?.since ?? earlier.created_at, worst: worstStatus(between) },
      ...(reason === undefined ? {} : { reason }),
    };
  }
  if (earlier.type === 'notice.created' || earlier.type === 'notice.updated') {
    if (later.type !== 'notice.created' && later.type !== 'notice.updated') return later;
    return { ...later, id, type: earlier.type === 'notice.created' ? 'notice.created' : later.type };
  }
  // Different subjects are never merged; the later stands as it is.
  return later;
}
