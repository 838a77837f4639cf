import { z } from 'zod';

/** The page's six languages, which the mails and the landing pages speak. */
export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'ar'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const MAX_ADDRESS_CHARS = 254;

/** An IANA time zone this runtime knows, as `Intl` names it. */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'is not an IANA time zone like Europe/Berlin' },
  );

/**
 * An address as the sign-up takes it: one `@`, no spaces, controls or
 * brackets, a dotted domain; the domain lowercased (the local part is the
 * mailbox's business).
 */
export const AddressSchema = z
  .string({ error: 'is required: the address to mail' })
  .trim()
  .max(MAX_ADDRESS_CHARS, { error: `is longer than ${MAX_ADDRESS_CHARS} characters` })
  .regex(/^[^\s@<>()[\]\\,;:"\p{Cc}]{1,64}@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u, { error: 'is not an email address' })
  .transform((address) => {
    const at = address.lastIndexOf('@');
    return `${address.slice(0, at)}${address.slice(at).toLowerCase()}`;
  });

/** What a subscriber chose: components (none for the whole page), language and time zone. */
export interface SubscriptionChoice {
  readonly components: readonly string[];
  readonly language: MailLanguage;
  readonly timeZone: string;
}

/** The schema of a choice made for `componentNames`; a name not among them is refused, naming it. */
export function subscriptionChoiceSchema(componentNames: readonly string[]) {
  const known = new Set(componentNames);
  return z.strictObject({
    components: z
      .array(
        z.string().refine((name) => known.has(name), {
          error: (issue) => `${JSON.stringify(issue.input).slice(0, 80)} is not a component of this page`,
        }),
      )
      .max(componentNames.length + 1)
      .default([])
      .transform((names) => [...new Set(names)].sort()),
    language: z.enum(MAIL_LANGUAGES, { error: `must be one of ${MAIL_LANGUAGES.join(', ')}` }).default('en'),
    time_zone: TimeZoneSchema.default('UTC'),
  });
}
