import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FORGET_PENDING_MS,
  FORGET_QUARANTINED_MS,
  openSubscriberStore,
} from '../../../src/mail-subscribers/subscriber-store.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const tempDir = tempDirsPerTest({ prefix: 'mail-store-' });
const choice = { components: [], language: 'en', timeZone: 'UTC' } as const;

describe('the subscribers’ store', () => {
  it('forgets an unconfirmed sign-up after 7 days and a quarantined address after 90', async () => {
    const store = openSubscriberStore(join(await tempDir(), 'subscribers.sqlite'));
    try {
      store.signUp('pending@example.org', choice, 0);
      store.importConfirmed('bounced@example.org', choice, 0);
      store.importConfirmed('kept@example.org', choice, 0);
      store.recordBounce(store.byEmail('bounced@example.org')?.id ?? '', '5.1.1', true, 0);
      store.forgetOld(FORGET_PENDING_MS - 1);
      expect(store.counts()).toEqual({ pending: 1, confirmed: 1, quarantined: 1 });
      store.forgetOld(FORGET_PENDING_MS + 1);
      expect(store.counts()).toEqual({ pending: 0, confirmed: 1, quarantined: 1 });
      store.forgetOld(FORGET_QUARANTINED_MS + 1);
      expect(store.counts()).toEqual({ pending: 0, confirmed: 1, quarantined: 0 });
      expect(store.outbox.counts().queued).toBe(0);
    } finally {
      store.close();
    }
  });

  it('queues an event once per subscriber, however often it is queued', async () => {
    const store = openSubscriberStore(join(await tempDir(), 'subscribers.sqlite'));
    try {
      store.importConfirmed('a@example.org', { ...choice, components: ['API'] }, 0);
      store.importConfirmed('b@example.org', { ...choice, components: ['Registry'] }, 0);
      store.importConfirmed('c@example.org', choice, 0);
      const event = { kind: 'test' as const, atMs: 0 };
      expect(store.outbox.queue('e1', { ...event }, 0)).toBe(3);
      expect(store.outbox.queue('e1', { ...event }, 0)).toBe(0);
      const probe = {
        kind: 'probe' as const,
        atMs: 0,
        changes: [{ component: 'API', from: 'operational' as const, to: 'major_outage' as const, sinceMs: 0 }],
      };
      expect(store.outbox.queue('e2', probe, 0)).toBe(2);
      expect(store.outbox.counts()).toEqual({ queued: 5, oldestQueuedMs: 0 });
    } finally {
      store.close();
    }
  });
});
