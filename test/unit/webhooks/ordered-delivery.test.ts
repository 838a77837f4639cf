import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../src/schemas/notice.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { decideNoticeEvents } from '../../../src/webhooks/decide-notice-events.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { mergeEvents } from '../../../src/webhooks/merge-events.js';
import { supersedeDeliveries } from '../../../src/webhooks/supersede-deliveries.js';
import type { WebhookEvent } from '../../../src/webhooks/webhook-event.js';
import {
  deliveryKey,
  dueDeliveries,
  EMPTY_WEBHOOK_QUEUE,
  enqueueEvents,
  nextDueMs,
  recordAttempt,
} from '../../../src/webhooks/webhook-queue.js';

const REGION = { code: 'ams1', name: 'Amsterdam 1' };
const target = { key: 'k1', render: (event: WebhookEvent) => event.id };

function change(component: string, before: StatusValue, after: StatusValue, at: string): WebhookEvent {
  const [event] = decideStatusEvents({ region: REGION, components: [{ name: component, before, after }], at });
  if (event === undefined) throw new Error('fixture');
  return event;
}

const down = change('Scheduler', 'operational', 'major_outage', '2026-11-21T07:21:55Z');
const up = change('Scheduler', 'major_outage', 'operational', '2026-11-21T07:22:00Z');
const degraded = change('Scheduler', 'operational', 'degraded_performance', '2026-11-21T07:23:00Z');
const registry = change('Registry', 'operational', 'partial_outage', '2026-11-21T07:22:30Z');

describe('mergeEvents', () => {
  it('folds down-then-up into "operational again", keeping the outage as what was missed', () => {
    expect(mergeEvents(down, up)).toMatchObject({
      type: 'component.status_changed',
      component: 'Scheduler',
      from: 'operational',
      to: 'operational',
      created_at: '2026-11-21T07:22:00Z',
      missed: { changes: 1, since: '2026-11-21T07:21:55Z', worst: 'major_outage' },
    });
  });

  it('counts every change folded in, and the worst state in between, whatever the order of folding', () => {
    const left = mergeEvents(mergeEvents(down, up), degraded);
    const right = mergeEvents(down, mergeEvents(up, degraded));
    for (const merged of [left, right]) {
      expect(merged).toMatchObject({
        from: 'operational',
        to: 'degraded_performance',
        missed: { changes: 2, since: '2026-11-21T07:21:55Z', worst: 'major_outage' },
      });
    }
  });

  it('gives the folded event an id of its own, never one a receiver saw', () => {
    const merged = mergeEvents(down, up);
    expect(merged.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect([down.id, up.id]).not.toContain(merged.id);
  });

  it('folds a notice created then updated into its latest version, still as created', () => {
    const notice: Notice = {
      id: 'n1',
      title: 'Delays',
      components: [],
      kind: 'incident',
      state: 'investigating',
      updates: [{ at: '2026-11-21T07:00:00Z', state: 'investigating', text: 'Looking.' }],
    };
    const created = decideNoticeEvents([notice], {}, '2026-11-21T07:00:00Z');
    const resolved: Notice = {
      ...notice,
      state: 'resolved',
      updates: [...notice.updates, { at: '2026-11-21T07:30:00Z', state: 'resolved', text: 'Fixed.' }],
    };
    const [updated] = decideNoticeEvents([resolved], created.announced, '2026-11-21T07:30:00Z').events;
    const [first] = created.events;
    if (first === undefined || updated === undefined) throw new Error('fixture');
    expect(updated.type).toBe('notice.updated');
    expect(mergeEvents(first, updated)).toMatchObject({ type: 'notice.created', notice: resolved });
  });
});

describe('the queue, per receiver and subject', () => {
  const queued = enqueueEvents(EMPTY_WEBHOOK_QUEUE, [down, registry], [target], 0, 1_000);
  const both = enqueueEvents(queued, [up], [target], 10, 1_000);

  it('lets only the oldest delivery about a subject be attempted; other subjects go alongside', () => {
    expect(dueDeliveries(both, 10, new Set()).map((delivery) => delivery.event_id)).toEqual([down.id, registry.id]);
    expect(nextDueMs(recordAttempt(both, `${down.id} k1`, false, 500), new Set([`${registry.id} k1`]))).toBe(500);
  });

  it('holds the later one while the earlier is in flight, and sends it once the earlier is accepted', () => {
    const busy = new Set([`${down.id} k1`]);
    expect(supersedeDeliveries(both, busy, [target]).superseded).toEqual([]);
    expect(dueDeliveries(both, 10, busy).map((delivery) => delivery.event_id)).toEqual([registry.id]);
    const accepted = recordAttempt(both, `${down.id} k1`, true, 0);
    expect(dueDeliveries(accepted, 10, new Set()).map((delivery) => delivery.event_id)).toEqual([registry.id, up.id]);
  });

  it('folds the waiting ones into one once the earlier has failed, keeping its backoff and its place', () => {
    const failed = recordAttempt(both, `${down.id} k1`, false, 700);
    const { queue, superseded } = supersedeDeliveries(failed, new Set(), [target]);
    expect(superseded.map(({ replaced }) => replaced)).toEqual([[down.id, up.id]]);
    const [first, second] = queue.deliveries;
    expect(queue.deliveries).toHaveLength(2);
    expect(first).toMatchObject({ attempts: 1, next_attempt_ms: 700, queued_ms: 10 });
    expect(first?.event).toMatchObject({ from: 'operational', to: 'operational', missed: { changes: 1 } });
    expect(first?.body).toBe(first?.event_id);
    expect(second?.event_id).toBe(registry.id);
    expect(deliveryKey(first ?? { event_id: '', target: '' })).toBe(`${first?.event_id} k1`);
  });

  it('leaves a queue written before ordered delivery (no events kept) to go out as it was', () => {
    const old = {
      ...both,
      deliveries: both.deliveries.map(({ event: _event, ...delivery }) => delivery),
    };
    expect(supersedeDeliveries(old, new Set(), [target]).superseded).toEqual([]);
    expect(dueDeliveries(old, 10, new Set())).toHaveLength(3);
  });
});
