import type { WebhookFormat } from '../schemas/webhook-config.js';
import { type ChatMessage, composeChatMessage } from './chat-message.js';
import { renderDiscordMessage } from './render-discord-message.js';
import { renderSlackMessage } from './render-slack-message.js';
import { renderTeamsMessage } from './render-teams-message.js';
import type { WebhookEvent } from './webhook-event.js';
import type { WebhookTarget } from './webhook-target.js';

/** Each chat service's layout of one message; a new service is one renderer and one row. */
const CHAT_RENDERERS: Record<Exclude<WebhookFormat, 'generic'>, (message: ChatMessage) => object> = {
  slack: renderSlackMessage,
  discord: renderDiscordMessage,
  teams: renderTeamsMessage,
};

/**
 * The body sent for an event: the event itself for `generic`, else the chat
 * service's message, linked to the page where `public_url` is set. Pure.
 */
export function renderWebhookBody(
  event: WebhookEvent,
  { format, publicUrl }: Pick<WebhookTarget, 'format' | 'publicUrl'>,
): string {
  if (format === 'generic') return JSON.stringify(event);
  return JSON.stringify(CHAT_RENDERERS[format](composeChatMessage(event, publicUrl)));
}
