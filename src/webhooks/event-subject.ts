import type { WebhookEvent } from './webhook-event.js';

/**
 * What an event is about: one component of one region, one notice, or the
 * reminder of one maintenance.
 * Events about the same subject reach each receiver in the order they
 * happened, and a later one may stand in for earlier ones not yet delivered
 * (`supersedeDeliveries`). Pure.
 */
export function eventSubject(event: WebhookEvent): string {
  if (event.type === 'component.status_changed')
    return JSON.stringify(['component', event.region.code, event.component]);
  // A reminder is news of its own: never folded into the notice's updates, nor they into it.
  if (event.type === 'notice.maintenance_upcoming') return JSON.stringify(['upcoming', event.notice.id]);
  return JSON.stringify(['notice', event.notice.id]);
}
