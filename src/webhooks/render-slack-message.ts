import type { ChatMessage } from './chat-message.js';
import { truncateText } from './truncate-text.js';

/**
 * Slack's documented limits (Block Kit reference; chat.postMessage): a
 * header's text 150 characters, a section's text 3,000, at most 10 fields
 * of 2,000 each, at most 10 elements in a context block, at most 50 blocks;
 * the top-level `text` is the notification's fallback, kept under the
 * 4,000 characters Slack recommends.
 */
export const SLACK_LIMITS = {
  headerText: 150,
  sectionText: 3_000,
  fields: 10,
  fieldText: 2_000,
  contextElements: 10,
  blocks: 50,
  fallbackText: 4_000,
} as const;

/** Slack reads `&`, `<` and `>` as markup (links, mentions); escaped as its docs ask, text stays text. */
export function escapeSlack(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const slack = { escape: escapeSlack };

/**
 * An incoming-webhook message in Block Kit: a header, the facts as fields,
 * the team's text, a context line with the time and the page's link; and
 * the one-line `text` as before, which Slack shows in notifications. Every
 * text is escaped and held within Slack's limits (`SLACK_LIMITS`). Pure.
 */
export function renderSlackMessage(message: ChatMessage): object {
  const context = [
    { type: 'mrkdwn', text: escapeSlack(message.at) },
    ...(message.link === undefined ? [] : [{ type: 'mrkdwn', text: `<${message.link}|Status page>` }]),
  ];
  const blocks = [
    {
      type: 'header',
      text: { type: 'plain_text', text: truncateText(message.headline, SLACK_LIMITS.headerText), emoji: false },
    },
    {
      type: 'section',
      fields: message.facts.slice(0, SLACK_LIMITS.fields).map((fact) => {
        const label = `*${escapeSlack(fact.label)}*\n`;
        return { type: 'mrkdwn', text: label + truncateText(fact.value, SLACK_LIMITS.fieldText - label.length, slack) };
      }),
    },
    ...(message.text === undefined
      ? []
      : [
          {
            type: 'section',
            text: { type: 'mrkdwn', text: truncateText(message.text, SLACK_LIMITS.sectionText, slack) },
          },
        ]),
    { type: 'context', elements: context },
  ];
  return { text: truncateText(message.fallback, SLACK_LIMITS.fallbackText, slack), blocks };
}
