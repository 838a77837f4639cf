import type { WebhookConfig } from '../schemas/components-config.js';
import type { WebhookEvent } from './webhook-event.js';

/**
 * The body sent for an event: the event itself for `generic`, a
 * `{"text": …}` message for `slack`. Slack reads `&`, `<` and `>` in text as
 * markup (links, mentions), so they are escaped the way its docs ask: text
 * from notices stays text. Pure.
 */
export function renderWebhookBody(event: WebhookEvent, format: WebhookConfig['format']): string {
  if (format === 'generic') return JSON.stringify(event);
  return JSON.stringify({ text: escapeSlack(describeEvent(event)) });
}

/** One line (or a few) a person reads in a chat channel. */
export function describeEvent(event: WebhookEvent): string {
  if (event.type === 'component.status_changed') {
    const because = event.reason === undefined ? '' : `: ${event.reason}`;
    const missed =
      event.missed === undefined
        ? ''
        : `; ${event.missed.changes} earlier change(s) not sent one by one, since ${event.missed.since}, at worst ${words(event.missed.worst)}`;
    return `${event.component} (${event.region.name}) is now ${words(event.to)}${because}, was ${words(event.from)} (${event.created_at})${missed}`;
  }
  const { notice } = event;
  const latest = notice.updates.at(-1);
  const what = event.type === 'notice.created' ? 'New notice' : 'Notice updated';
  const window = notice.kind === 'maintenance' ? ` Window: ${notice.window.start} to ${notice.window.end}.` : '';
  return `${what}: ${notice.title} (${words(notice.state)}).${window}${latest === undefined ? '' : `\n${latest.text}`}`;
}

function words(state: string): string {
  return state.replaceAll('_', ' ');
}

function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
