import type { ChatMessage, ChatTone } from './chat-message.js';
import { countCodePoints, truncateText } from './truncate-text.js';

/**
 * Discord's documented embed limits (Message resource, "Embed Limits"):
 * title 256 characters, description 4,096, at most 25 fields, a field's name
 * 256 and value 1,024, footer text 2,048, and 6,000 characters in all the
 * embeds of one message together.
 */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4_096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1_024,
  footerText: 2_048,
  embedsTotal: 6_000,
} as const;

/** The embed's stripe, by tone: green, yellow, orange, red, blue. */
const COLOUR_OF_TONE: Record<ChatTone, number> = {
  good: 0x1f883d,
  warning: 0xd4a72c,
  attention: 0xe16f24,
  critical: 0xcf222e,
  accent: 0x0969da,
};

const FOOTER = 'service-directory';

/** Discord's markdown characters, escaped with a backslash so the team's text shows as written. */
export function escapeDiscord(text: string): string {
  return text.replaceAll(/[\\*_~`|>#[\]()-]/g, (character) => `\\${character}`);
}

const discord = { escape: escapeDiscord };

/**
 * An execute-webhook body with one embed: the headline as its title (linked
 * to the page when `public_url` is set), coloured by the state, the facts
 * as inline fields, the team's text as its description, the event's time.
 * Markdown in our text is escaped and no mention can ping anyone
 * (`allowed_mentions` parses none). The description gets what the 6,000
 * characters leave after the rest. Pure.
 */
export function renderDiscordMessage(message: ChatMessage): object {
  const title = truncateText(message.headline, DISCORD_LIMITS.title, discord);
  const fields = message.facts.slice(0, DISCORD_LIMITS.fields).map((fact) => ({
    name: truncateText(fact.label, DISCORD_LIMITS.fieldName, discord),
    value: truncateText(fact.value, DISCORD_LIMITS.fieldValue, discord),
    inline: true,
  }));
  const used =
    countCodePoints(title) +
    countCodePoints(FOOTER) +
    fields.reduce((sum, field) => sum + countCodePoints(field.name) + countCodePoints(field.value), 0);
  const room = Math.min(DISCORD_LIMITS.description, DISCORD_LIMITS.embedsTotal - used);
  const description = message.text === undefined ? undefined : truncateText(message.text, room, discord);
  const embed = {
    title,
    ...(message.link === undefined ? {} : { url: message.link }),
    color: COLOUR_OF_TONE[message.tone],
    ...(description === undefined || description === '' ? {} : { description }),
    fields,
    footer: { text: FOOTER },
    timestamp: message.at,
  };
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}
