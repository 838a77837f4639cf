import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../src/webhooks/chat-message.js';
import { decideNoticeEvents } from '../../../src/webhooks/decide-notice-events.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { retryDelayMs } from '../../../src/webhooks/retry-delay.js';
import { signWebhook } from '../../../src/webhooks/sign-webhook.js';
import {
  EMPTY_WEBHOOK_QUEUE,
  enqueueEvents,
  expireDeliveries,
  nextDueMs,
  recordAttempt,
} from '../../../src/webhooks/webhook-queue.js';
import { incidentNotice } from '../../helpers/notices.js';

const REGION = { code: 'ams1', name: 'Amsterdam 1' };
const AT = '2026-11-21T04:00:00Z';

describe('decideStatusEvents', () => {
  it.each([
    ['a first observation', undefined, 'major_outage', 0],
    ['no change', 'operational', 'operational', 0],
    ['a published change', 'operational', 'major_outage', 1],
  ] as const)('%s gives %#', (_, before, after, count) => {
    const events = decideStatusEvents({ region: REGION, components: [{ name: 'Scheduler', before, after }], at: AT });
    expect(events).toHaveLength(count);
  });

  it('gives the same id for the same change at the same time, and another id at another time', () => {
    const change = [{ name: 'Scheduler', before: 'operational', after: 'major_outage' }] as const;
    const [first] = decideStatusEvents({ region: REGION, components: change, at: AT });
    const [again] = decideStatusEvents({ region: REGION, components: change, at: AT });
    const [later] = decideStatusEvents({ region: REGION, components: change, at: '2026-11-21T05:00:00Z' });
    expect(again?.id).toBe(first?.id);
    expect(later?.id).not.toBe(first?.id);
  });

  it('carries the reason of a degradation, and says it in the chat line', () => {
    const reason = 'certificate expires 2026-12-01 03:00 UTC, in 6 days';
    const change = [{ name: 'Registry', before: 'operational', after: 'degraded_performance', reason }] as const;
    const [event] = decideStatusEvents({ region: REGION, components: change, at: AT });
    expect(event).toMatchObject({ type: 'component.status_changed', to: 'degraded_performance', reason });
    expect(event === undefined ? undefined : describeEvent(event)).toBe(
      `Registry (Amsterdam 1) is now degraded performance: ${reason}, was operational (${AT})`,
    );
  });

  it('leaves the reason out when there is none', () => {
    const change = [{ name: 'Registry', before: 'operational', after: 'major_outage' }] as const;
    const [event] = decideStatusEvents({ region: REGION, components: change, at: AT });
    expect(event).not.toHaveProperty('reason');
  });
});

describe('decideNoticeEvents', () => {
  it('announces a new notice, then nothing until it changes, then an update', () => {
    const notice = incidentNotice();
    const created = decideNoticeEvents([notice], {}, AT);
    expect(created.events.map((event) => event.type)).toEqual(['notice.created']);
    expect(decideNoticeEvents([notice], created.announced, AT).events).toEqual([]);
    const changed = incidentNotice({ title: 'Slow builds in ams1' });
    expect(decideNoticeEvents([changed], created.announced, AT).events.map((event) => event.type)).toEqual([
      'notice.updated',
    ]);
  });
});

describe('retryDelayMs', () => {
  const policy = { baseMs: 1_000, capMs: 8_000 };
  it.each([
    [1, 1, 1_000],
    [2, 1, 2_000],
    [3, 1, 4_000],
    [4, 1, 8_000],
    [10, 1, 8_000],
    [3, 0, 2_000],
  ])('after %i failure(s) with random %d waits %i ms', (failures, random, expected) => {
    expect(retryDelayMs(failures, random, policy)).toBe(expected);
  });
});

describe('signWebhook', () => {
  it('signs timestamp.body with HMAC-SHA256 (a known vector)', () => {
    // echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signWebhook('{"a":1}', 'secret', 1_700_000_000)).toBe(
      't=1700000000,v1=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
  });
});

describe('the webhook queue', () => {
  const target = { key: 'k1', render: (event: { id: string }) => event.id };
  const [event] = decideStatusEvents({
    region: REGION,
    components: [{ name: 'Scheduler', before: 'operational', after: 'major_outage' }],
    at: AT,
  });
  if (event === undefined) throw new Error('fixture');

  it('forgets ids after the remembering time, and only then would queue one again', () => {
    const queued = enqueueEvents(EMPTY_WEBHOOK_QUEUE, [event], [target], 0, 1_000);
    const delivered = recordAttempt(queued, `${event.id} k1`, true, 0);
    expect(enqueueEvents(delivered, [event], [target], 500, 1_000).deliveries).toHaveLength(0);
    expect(enqueueEvents(delivered, [event], [target], 1_500, 1_000).deliveries).toHaveLength(1);
  });

  it('waits after a failure, and gives up past the age bound or when the receiver is gone', () => {
    const queued = enqueueEvents(EMPTY_WEBHOOK_QUEUE, [event], [target], 0, 1_000);
    const failed = recordAttempt(queued, `${event.id} k1`, false, 300);
    expect(failed.deliveries[0]).toMatchObject({ attempts: 1, next_attempt_ms: 300 });
    expect(nextDueMs(failed, new Set())).toBe(300);
    expect(expireDeliveries(failed, 999, 1_000, new Set(['k1']), new Set()).expired).toHaveLength(0);
    expect(expireDeliveries(failed, 1_000, 1_000, new Set(['k1']), new Set()).expired).toHaveLength(1);
    expect(expireDeliveries(failed, 10, 1_000, new Set(['other']), new Set()).orphaned).toHaveLength(1);
  });
});
