import type { ChatMessage, ChatTone } from './chat-message.js';
import { truncateText } from './truncate-text.js';

/** Teams' documented limit of a webhook message: 28 KB, read as 28,000 bytes of the whole body. */
export const TEAMS_MAX_BODY_BYTES = 28_000;

/** Adaptive Cards' text colours, by tone. */
const COLOUR_OF_TONE: Record<ChatTone, string> = {
  good: 'Good',
  warning: 'Warning',
  attention: 'Warning',
  critical: 'Attention',
  accent: 'Accent',
};

/** Bytes a text adds to the body once written as a JSON string. */
function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
}

/**
 * A Teams Workflows webhook body: a message with one Adaptive Card (1.4):
 * the headline coloured by the state, the facts as a FactSet, the team's
 * text, a button to the page when `public_url` is set. The team's text gets
 * the bytes the 28 KB leave after the rest of the card. Pure.
 */
export function renderTeamsMessage(message: ChatMessage): object {
  const card = (text: string | undefined) => ({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              text: message.headline,
              size: 'Medium',
              weight: 'Bolder',
              color: COLOUR_OF_TONE[message.tone],
              wrap: true,
            },
            { type: 'FactSet', facts: message.facts.map((fact) => ({ title: fact.label, value: fact.value })) },
            ...(text === undefined ? [] : [{ type: 'TextBlock', text, wrap: true }]),
            { type: 'TextBlock', text: message.at, isSubtle: true, size: 'Small', wrap: true },
          ],
          ...(message.link === undefined
            ? {}
            : { actions: [{ type: 'Action.OpenUrl', title: 'Status page', url: message.link }] }),
        },
      },
    ],
  });
  if (message.text === undefined) return card(undefined);
  // The card with an empty text block is the rest; what the limit leaves is the text's.
  const rest = Buffer.byteLength(JSON.stringify(card('')));
  return card(truncateText(message.text, TEAMS_MAX_BODY_BYTES - rest, { measure: jsonBytes }));
}
