import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import type { Notice } from '../../../src/schemas/notice.js';
import type { StatusValue } from '../../../src/schemas/status-value.js';
import { createWebhookDeliverer, type WebhookDeliverer } from '../../../src/webhooks/create-webhook-deliverer.js';
import { decideNoticeEvents } from '../../../src/webhooks/decide-notice-events.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { type WebhookEvent, WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { type ReceivedWebhook, useWebhookReceivers, type WebhookReceiver } from '../../helpers/webhook-receiver.js';

/**
 * Events about one subject reach each receiver in the order they happened:
 * real receivers on loopback that fail, hang and recover in the middle of a
 * sequence of changes, and the real deliverer with its queue file.
 */
const receiver = useWebhookReceivers();
const tempDir = tempDirsPerTest();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const REGION = { code: 'ams1', name: 'Amsterdam 1' };
const FAST_RETRY = { baseMs: 100, capMs: 300 };

function change(component: string, before: StatusValue, after: StatusValue, at: string): WebhookEvent {
  const [event] = decideStatusEvents({ region: REGION, components: [{ name: component, before, after }], at });
  if (event === undefined) throw new Error('no event');
  return event;
}

async function deliverTo(urls: { url: string; format: 'generic' | 'slack' }[], attemptTimeoutMs = 2_000) {
  const dir = await tempDir();
  const lines: string[] = [];
  const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
  const targets = resolveWebhookTargets(
    urls.map(({ url, format }) => ({ url, format, secret_env: 'HOOK_SECRET' })),
    { HOOK_SECRET: 'whsec-order' },
    'data/components.json',
  );
  const deliverer: WebhookDeliverer = createWebhookDeliverer({
    queueFile: join(dir, 'webhook-queue.json'),
    targets,
    log,
    retry: FAST_RETRY,
    attemptTimeoutMs,
  });
  cleanups.push(() => deliverer.stop());
  deliverer.start();
  return { deliverer, lines };
}

const accepted = (target: WebhookReceiver): ReceivedWebhook[] =>
  target.received.filter((entry) => entry.answered === 200);
const slackText = (entry: ReceivedWebhook | undefined): string => JSON.parse(entry?.body ?? '{}').text;
const drained = (deliverer: WebhookDeliverer) => async () => (await deliverer.pending()).length === 0;

describe('ordered webhook delivery per receiver', () => {
  it('a receiver that fails twice, then recovers, ends on the state that is true, not on a stale outage', async () => {
    const slack = await receiver({ accept: true, failures: 2 });
    const generic = await receiver({ accept: true, failures: 2 });
    const { deliverer } = await deliverTo([
      { url: slack.url, format: 'slack' },
      { url: generic.url, format: 'generic' },
    ]);
    await deliverer.enqueue([change('Scheduler', 'operational', 'major_outage', '2026-11-21T07:21:55Z')]);
    await waitFor(async () => slack.received.length >= 1 && generic.received.length >= 1);
    await deliverer.enqueue([change('Scheduler', 'major_outage', 'operational', '2026-11-21T07:22:00Z')]);
    await waitFor(drained(deliverer), 10_000);

    expect(accepted(slack).map(slackText)).toEqual([
      'Scheduler (Amsterdam 1) is now operational, was operational (2026-11-21T07:22:00Z); ' +
        '1 earlier change(s) not sent one by one, since 2026-11-21T07:21:55Z, at worst major outage',
    ]);
    const [last] = accepted(generic).map((entry) => WebhookEventSchema.parse(JSON.parse(entry.body)));
    expect(accepted(generic)).toHaveLength(1);
    expect(last).toMatchObject({
      type: 'component.status_changed',
      from: 'operational',
      to: 'operational',
      created_at: '2026-11-21T07:22:00Z',
      missed: { changes: 1, since: '2026-11-21T07:21:55Z', worst: 'major_outage' },
    });
  });

  it('holds a later event while the earlier one is being attempted, then sends both in order once it is accepted', async () => {
    const slow = await receiver({ accept: true, delayMs: 400 });
    const { deliverer } = await deliverTo([{ url: slow.url, format: 'slack' }]);
    await deliverer.enqueue([change('Scheduler', 'operational', 'major_outage', '2026-11-21T07:21:55Z')]);
    await waitFor(async () => slow.received.length === 1);
    await deliverer.enqueue([change('Scheduler', 'major_outage', 'operational', '2026-11-21T07:22:00Z')]);
    await waitFor(drained(deliverer), 10_000);

    const [first, second] = slow.received;
    expect(slow.received.map(slackText)).toEqual([
      'Scheduler (Amsterdam 1) is now major outage, was operational (2026-11-21T07:21:55Z)',
      'Scheduler (Amsterdam 1) is now operational, was major outage (2026-11-21T07:22:00Z)',
    ]);
    // Not sent while the first was still waiting for its answer.
    expect((second?.receivedAtMs ?? 0) - (first?.receivedAtMs ?? 0)).toBeGreaterThanOrEqual(390);
  });

  it('a receiver that hangs mid-sequence gets, once it answers, the catch-up and nothing stale after it', async () => {
    const hanging = await receiver({ accept: true, hangs: 1 });
    const { deliverer } = await deliverTo([{ url: hanging.url, format: 'generic' }], 500);
    await deliverer.enqueue([change('Registry', 'operational', 'partial_outage', '2026-11-21T08:00:00Z')]);
    await waitFor(async () => hanging.received.length === 1);
    await deliverer.enqueue([change('Registry', 'partial_outage', 'major_outage', '2026-11-21T08:00:05Z')]);
    await deliverer.enqueue([change('Registry', 'major_outage', 'degraded_performance', '2026-11-21T08:00:10Z')]);
    await waitFor(drained(deliverer), 10_000);
    // While the first attempt hung, nothing else about the Registry was sent: the next came after it was given up.
    const [hung, next] = hanging.received;
    expect(hung?.answered).toBeUndefined();
    expect(hung?.closedAtMs).toBeDefined();
    expect(next?.receivedAtMs).toBeGreaterThanOrEqual(hung?.closedAtMs ?? Number.POSITIVE_INFINITY);

    const bodies = accepted(hanging).map((entry) => WebhookEventSchema.parse(JSON.parse(entry.body)));
    expect(bodies).toEqual([
      expect.objectContaining({
        from: 'operational',
        to: 'degraded_performance',
        missed: { changes: 2, since: '2026-11-21T08:00:00Z', worst: 'major_outage' },
      }),
    ]);
  });

  it('a receiver down for a while gets one short, truthful message per subject, not a burst of stale flips', async () => {
    const port = await unusedPort();
    const url = `http://127.0.0.1:${port}/hook`;
    const { deliverer, lines } = await deliverTo([{ url, format: 'generic' }]);
    const flips: StatusValue[] = ['major_outage', 'operational'];
    let state: StatusValue = 'operational';
    for (let minute = 0; minute < 12; minute += 1) {
      const next = flips[minute % 2] as StatusValue;
      const at = `2026-11-21T07:${String(10 + minute).padStart(2, '0')}:00Z`;
      await deliverer.enqueue([change('Scheduler', state, next, at)]);
      state = next;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await deliverer.enqueue([change('Registry', 'operational', 'degraded_performance', '2026-11-21T07:30:00Z')]);
    const notice: Notice = {
      id: 'scheduler-delays',
      title: 'Scheduling delays',
      components: ['Scheduler'],
      kind: 'incident',
      state: 'investigating',
      updates: [{ at: '2026-11-21T07:12:00Z', state: 'investigating', text: 'Looking into it.' }],
    };
    const versions: Notice[] = [
      notice,
      {
        ...notice,
        state: 'identified',
        updates: [
          ...notice.updates,
          { at: '2026-11-21T07:20:00Z', state: 'identified', text: 'A queue node is down.' },
        ],
      },
      {
        ...notice,
        state: 'resolved',
        updates: [...notice.updates, { at: '2026-11-21T07:25:00Z', state: 'resolved', text: 'Failed over.' }],
      },
    ];
    let announced = {};
    for (const version of versions) {
      const decision = decideNoticeEvents([version], announced, version.updates.at(-1)?.at ?? '');
      announced = decision.announced;
      await deliverer.enqueue(decision.events);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    await waitFor(async () => lines.filter((line) => /ECONNREFUSED|refused/.test(line)).length >= 3);
    const back = await receiver({ accept: true, port });
    await waitFor(drained(deliverer), 10_000);

    const got = back.received.map((entry) => WebhookEventSchema.parse(JSON.parse(entry.body)));
    expect(got).toHaveLength(3);
    expect(
      got.find((event) => event.type === 'component.status_changed' && event.component === 'Scheduler'),
    ).toMatchObject({
      from: 'operational',
      to: 'operational',
      created_at: '2026-11-21T07:21:00Z',
      missed: { changes: 11, since: '2026-11-21T07:10:00Z', worst: 'major_outage' },
    });
    expect(
      got.find((event) => event.type === 'component.status_changed' && event.component === 'Registry'),
    ).toMatchObject({ from: 'operational', to: 'degraded_performance' });
    const notices = got.filter((event) => event.type !== 'component.status_changed');
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'notice.created',
        notice: expect.objectContaining({ state: 'resolved' }),
      }),
    ]);
  });
});
