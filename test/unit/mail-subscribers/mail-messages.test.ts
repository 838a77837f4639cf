import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES } from '../../../src/mail-subscribers/mail-messages.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the mails’ catalogues', () => {
  const english = MAIL_MESSAGES.en;
  it.each(Object.entries(MAIL_MESSAGES))(
    '%s has every key, with the same placeholders as English',
    (_language, catalogue) => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect([key, placeholders(text)]).toEqual([key, placeholders(english[key as keyof typeof english])]);
      }
    },
  );
});
