import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseDsn } from '../../../src/mail-subscribers/parse-dsn.js';

const fixture = (name: string) => readFile(new URL(`../../fixtures/dsn/${name}`, import.meta.url), 'utf8');

describe('delivery status notifications (RFC 3464)', () => {
  it('reads a 5.1.1 as permanent and a 4.2.2 as transient', async () => {
    expect(parseDsn(await fixture('user-unknown-5.1.1.eml'))).toMatchObject({
      ok: true,
      status: '5.1.1',
      permanent: true,
    });
    expect(parseDsn(await fixture('mailbox-full-4.2.2.eml'))).toMatchObject({
      ok: true,
      status: '4.2.2',
      permanent: false,
    });
  });

  it('refuses a message that is not a report, naming why', () => {
    expect(parseDsn('To: bounces+ab12.0123456789abcdef@example.com\n\nhello')).toEqual({
      ok: false,
      reason: 'no message/delivery-status part: not an RFC 3464 report',
    });
    expect(parseDsn('Subject: hi\n\nno address').ok).toBe(false);
  });
});
