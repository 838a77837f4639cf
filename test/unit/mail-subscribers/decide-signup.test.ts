import { describe, expect, it } from 'vitest';
import { decideConfirm, decideSignup, type Subscriber } from '../../../src/mail-subscribers/decide-signup.js';

const choice = { components: [], language: 'en', timeZone: 'UTC' } as const;
const fresh = (n: number) => ({ id: `id${n}`, nonce: `nonce${n}`, key: `key${n}` });

describe('a sign-up', () => {
  it('makes a pending subscriber whose link carries a new nonce', () => {
    const { save, mail } = decideSignup(undefined, 'a@example.org', choice, 0, fresh(1));
    expect(mail).toBe(true);
    expect(save).toMatchObject({ id: 'id1', state: 'pending', pending: { nonce: 'nonce1', expiresMs: 86_400_000 } });
  });

  it('voids the earlier link when asked again, and sends at most three links an hour', () => {
    let subscriber: Subscriber | undefined;
    const mails: boolean[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const decision = decideSignup(subscriber, 'a@example.org', choice, n * 60_000, fresh(n));
      subscriber = decision.save ?? subscriber;
      mails.push(decision.mail);
    }
    expect(mails).toEqual([true, true, true, false, false]);
    expect(subscriber?.pending?.nonce).toBe('nonce3');
    expect(decideConfirm(subscriber, 'nonce2', 400_000).kind).toBe('gone');
    expect(decideConfirm(subscriber, 'nonce3', 400_000).kind).toBe('confirmed');
    expect(decideSignup(subscriber, 'a@example.org', choice, 3_700_000, fresh(9)).mail).toBe(true);
  });

  it('keeps a confirmed subscription as it is until the new choice is confirmed', () => {
    const first = decideSignup(undefined, 'a@example.org', choice, 0, fresh(1)).save;
    const confirmed = decideConfirm(first, 'nonce1', 1_000);
    if (confirmed.kind !== 'confirmed') throw new Error(confirmed.kind);
    const again = decideSignup(
      confirmed.save,
      'a@example.org',
      { ...choice, components: ['API'] },
      2_000,
      fresh(2),
    ).save;
    expect(again).toMatchObject({
      state: 'confirmed',
      choice: { components: [] },
      pending: { choice: { components: ['API'] } },
    });
  });

  it('does nothing for a quarantined address, and refuses an expired link', () => {
    const first = decideSignup(undefined, 'a@example.org', choice, 0, fresh(1)).save as Subscriber;
    expect(decideSignup({ ...first, state: 'quarantined' }, 'a@example.org', choice, 0, fresh(2))).toEqual({
      save: undefined,
      mail: false,
    });
    expect(decideConfirm(first, 'nonce1', 86_400_000).kind).toBe('expired');
  });
});
