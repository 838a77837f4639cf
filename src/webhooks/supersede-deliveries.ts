import { mergeEvents } from './merge-events.js';
import { type Delivery, deliveryKey, type QueueTarget, subjectLine, type WebhookQueue } from './webhook-queue.js';

/** Deliveries folded into one: what the receiver gets instead, and the ids it will not get one by one. */
export interface Superseded {
  readonly delivery: Delivery;
  readonly replaced: readonly string[];
}

/**
 * Folds, per receiver and subject, the deliveries that are waiting into one
 * (`mergeEvents`): a later event about a component or a notice supersedes the
 * earlier ones the receiver has not accepted, because once the later one is
 * news the earlier ones no longer say what is true now. The one being
 * attempted (in `busy`) is never touched: it is either accepted, and the
 * next one follows it, or it fails, and is then folded into what follows.
 * The folded delivery keeps the first one's place, attempts and retry time
 * (the receiver's backoff goes on) and takes the last one's queue time (the
 * age of its news). Pure.
 */
export function supersedeDeliveries(
  queue: WebhookQueue,
  busy: ReadonlySet<string>,
  targets: readonly QueueTarget[],
): { readonly queue: WebhookQueue; readonly superseded: Superseded[] } {
  const renderers = new Map(targets.map((target) => [target.key, target.render]));
  const waiting = new Map<string, Delivery[]>();
  for (const delivery of queue.deliveries) {
    const line = subjectLine(delivery);
    if (line === undefined || busy.has(deliveryKey(delivery)) || !renderers.has(delivery.target)) continue;
    waiting.set(line, [...(waiting.get(line) ?? []), delivery]);
  }
  const replacements = new Map<Delivery, Delivery | null>();
  const superseded: Superseded[] = [];
  for (const group of waiting.values()) {
    const [first, ...rest] = group;
    const last = group.at(-1);
    const render = first && renderers.get(first.target);
    if (first === undefined || last === undefined || rest.length === 0 || render === undefined) continue;
    let event = first.event;
    for (const next of rest)
      if (event !== undefined && next.event !== undefined) event = mergeEvents(event, next.event);
    if (event === undefined) continue;
    const merged: Delivery = {
      ...first,
      event_id: event.id,
      event,
      body: render(event),
      queued_ms: last.queued_ms,
    };
    replacements.set(first, merged);
    for (const next of rest) replacements.set(next, null);
    superseded.push({ delivery: merged, replaced: group.map((delivery) => delivery.event_id) });
  }
  if (superseded.length === 0) return { queue, superseded };
  const deliveries = queue.deliveries.flatMap((delivery) => {
    const replacement = replacements.get(delivery);
    if (replacement === undefined) return [delivery];
    return replacement === null ? [] : [replacement];
  });
  return { queue: { ...queue, deliveries }, superseded };
}
