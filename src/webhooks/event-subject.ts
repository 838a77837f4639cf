import type { WebhookEvent } from './webhook-event.js';

/**
 * What an event is about: one component of one region, or one notice.
 * Events about the same subject reach each receiver in the order they
 * happened, and a later one may stand in for earlier ones not yet delivered
 * (`supersedeDeliveries`). Pure.
 */
export function eventSubject(event: WebhookEvent): string {
  if (event.type === 'component.status_changed')
    return JSON.stringify(['component', event.region.code, event.component]);
  return JSON.stringify(['notice', event.notice.id]);
}
