import { z } from 'zod';
import { eventSubject } from './event-subject.js';
import { type WebhookEvent, WebhookEventSchema } from './webhook-event.js';

/** One event on its way to one receiver. */
export const DeliverySchema = z.strictObject({
  event_id: z.string(),
  /** The receiver's key (a digest of its URL, so no URL or credential is written to disk). */
  target: z.string(),
  /** The exact body to send, rendered for the receiver's format when queued. */
  body: z.string(),
  queued_ms: z.number().int(),
  attempts: z.number().int().min(0),
  next_attempt_ms: z.number().int(),
  /**
   * The event itself, so that a later one about the same subject can
   * supersede it (`supersedeDeliveries`); absent in queues written before
   * ordered delivery, whose deliveries go out as they are.
   */
  event: WebhookEventSchema.optional(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** The queue file: deliveries not yet accepted, and the ids queued lately, so that none is queued twice. */
export const WebhookQueueSchema = z.strictObject({
  version: z.literal(1),
  deliveries: z.array(DeliverySchema),
  recent: z.array(z.strictObject({ id: z.string(), queued_ms: z.number().int() })),
});
export type WebhookQueue = z.infer<typeof WebhookQueueSchema>;

export const EMPTY_WEBHOOK_QUEUE: WebhookQueue = { version: 1, deliveries: [], recent: [] };

/** A receiver as the queue needs it: a key and how its bodies are rendered. */
export interface QueueTarget {
  readonly key: string;
  readonly render: (event: WebhookEvent) => string;
}

/** A delivery's identity inside the queue. */
export function deliveryKey(delivery: Pick<Delivery, 'event_id' | 'target'>): string {
  return `${delivery.event_id} ${delivery.target}`;
}

/**
 * Adds one delivery per event and receiver, due now. An event whose id was
 * queued within `rememberMs` is left out: the sender never queues an event
 * twice. Ids older than that are forgotten, so the file stays bounded. Pure.
 */
export function enqueueEvents(
  queue: WebhookQueue,
  events: readonly WebhookEvent[],
  targets: readonly QueueTarget[],
  nowMs: number,
  rememberMs: number,
): WebhookQueue {
  const recent = queue.recent.filter((entry) => nowMs - entry.queued_ms < rememberMs);
  const known = new Set(recent.map((entry) => entry.id));
  const deliveries = [...queue.deliveries];
  for (const event of events) {
    if (known.has(event.id)) continue;
    known.add(event.id);
    recent.push({ id: event.id, queued_ms: nowMs });
    for (const target of targets) {
      deliveries.push({
        event_id: event.id,
        target: target.key,
        body: target.render(event),
        queued_ms: nowMs,
        attempts: 0,
        next_attempt_ms: nowMs,
        event,
      });
    }
  }
  return { version: 1, deliveries, recent };
}

/** The key of a delivery's line: one receiver, one subject; `undefined` for a delivery queued without its event. */
export function subjectLine(delivery: Pick<Delivery, 'target' | 'event'>): string | undefined {
  return delivery.event === undefined ? undefined : `${delivery.target} ${eventSubject(delivery.event)}`;
}

/**
 * The deliveries at the head of their line: for each receiver, only the
 * oldest delivery about a subject (a component, a notice) may be attempted;
 * the ones after it wait until it is accepted or given up, so that a
 * receiver never hears about one thing out of order. Pure.
 */
export function headsOfLines(queue: WebhookQueue): Delivery[] {
  const seen = new Set<string>();
  return queue.deliveries.filter((delivery) => {
    const line = subjectLine(delivery);
    if (line === undefined) return true;
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}

/** Deliveries due at `nowMs` that are not already being attempted and head their line, oldest first. Pure. */
export function dueDeliveries(queue: WebhookQueue, nowMs: number, busy: ReadonlySet<string>): Delivery[] {
  return headsOfLines(queue)
    .filter((delivery) => delivery.next_attempt_ms <= nowMs && !busy.has(deliveryKey(delivery)))
    .sort((a, b) => a.next_attempt_ms - b.next_attempt_ms);
}

/** When the next delivery not being attempted, at the head of its line, falls due; `undefined` if none. Pure. */
export function nextDueMs(queue: WebhookQueue, busy: ReadonlySet<string>): number | undefined {
  const times = headsOfLines(queue)
    .filter((delivery) => !busy.has(deliveryKey(delivery)))
    .map((delivery) => delivery.next_attempt_ms);
  return times.length === 0 ? undefined : Math.min(...times);
}

/** The queue after an attempt: accepted deliveries leave it, failed ones wait until `retryAtMs`. Pure. */
export function recordAttempt(queue: WebhookQueue, key: string, accepted: boolean, retryAtMs: number): WebhookQueue {
  const deliveries = queue.deliveries.flatMap((delivery) => {
    if (deliveryKey(delivery) !== key) return [delivery];
    if (accepted) return [];
    return [{ ...delivery, attempts: delivery.attempts + 1, next_attempt_ms: retryAtMs }];
  });
  return { ...queue, deliveries };
}

export interface Expiry {
  readonly queue: WebhookQueue;
  /** Given up: older than the bound. */
  readonly expired: Delivery[];
  /** For receivers no longer in the config. */
  readonly orphaned: Delivery[];
}

/** Takes out deliveries older than `maxAgeMs` and those for receivers no longer configured. Pure. */
export function expireDeliveries(
  queue: WebhookQueue,
  nowMs: number,
  maxAgeMs: number,
  targets: ReadonlySet<string>,
  busy: ReadonlySet<string>,
): Expiry {
  const expired: Delivery[] = [];
  const orphaned: Delivery[] = [];
  const deliveries = queue.deliveries.filter((delivery) => {
    if (busy.has(deliveryKey(delivery))) return true;
    if (!targets.has(delivery.target)) orphaned.push(delivery);
    else if (nowMs - delivery.queued_ms >= maxAgeMs) expired.push(delivery);
    else return true;
    return false;
  });
  return { queue: { ...queue, deliveries }, expired, orphaned };
}
