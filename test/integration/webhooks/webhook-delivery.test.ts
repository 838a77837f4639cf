import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import type { WebhookFormat } from '../../../src/schemas/webhook-config.js';
import {
  createWebhookDeliverer,
  type DelivererOptions,
  type WebhookDeliverer,
} from '../../../src/webhooks/create-webhook-deliverer.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../../src/webhooks/sign-webhook.js';
import { type WebhookEvent, WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';
import { useWebhookReceivers, verifyWebhook } from '../../helpers/webhook-receiver.js';

const SECRET = 'whsec-test-secret';
const FAST_RETRY = { baseMs: 50, capMs: 200 };

function statusEvent(component = 'Scheduler', at = '2026-11-21T04:00:00Z'): WebhookEvent {
  const [event] = decideStatusEvents({
    region: { code: 'ams1', name: 'Amsterdam 1' },
    components: [{ name: component, before: 'operational', after: 'major_outage' }],
    at,
  });
  if (event === undefined) throw new Error('no event');
  return event;
}

describe('webhook delivery', () => {
  const receiver = useWebhookReceivers();
  const tempDir = tempDirsPerTest();
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(
    urls: readonly { url: string; format?: WebhookFormat }[],
    extra: Partial<DelivererOptions> = {},
  ) {
    const dir = await tempDir();
    const lines: string[] = [];
    const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };
    const targets = resolveWebhookTargets(
      urls.map(({ url, format = 'generic' }) => ({ url, format, secret_env: 'HOOK_SECRET' })),
      { HOOK_SECRET: SECRET },
      'data/components.json',
    );
    const queueFile = join(dir, 'webhook-queue.json');
    const make = (more: Partial<DelivererOptions> = {}): WebhookDeliverer => {
      const deliverer = createWebhookDeliverer({ queueFile, targets, log, retry: FAST_RETRY, ...extra, ...more });
      cleanups.push(() => deliverer.stop());
      return deliverer;
    };
    return { make, lines, queueFile };
  }

  it('delivers one signed generic event to a receiver that accepts, with the event id in a header', async () => {
    const accepting = await receiver({ accept: true });
    const { make } = await setup([{ url: accepting.url }]);
    const deliverer = make();
    deliverer.start();
    const event = statusEvent();
    const queuedAt = Date.now();
    await deliverer.enqueue([event]);
    await waitFor(async () => accepting.received.length === 1);
    const [got] = accepting.received;
    expect(got?.headers[EVENT_ID_HEADER]).toBe(event.id);
    expect(got?.headers['content-type']).toBe('application/json');
    const header = got?.headers[SIGNATURE_HEADER];
    expect(verifyWebhook(String(header), got?.body ?? '', SECRET, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifyWebhook(String(header), `${got?.body ?? ''} `, SECRET, Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifyWebhook(String(header), got?.body ?? '', 'wrong', Math.floor(Date.now() / 1000))).toBe(false);
    expect(verifyWebhook(String(header), got?.body ?? '', SECRET, Math.floor(Date.now() / 1000) + 301)).toBe(false);
    expect(WebhookEventSchema.parse(JSON.parse(got?.body ?? ''))).toEqual(event);
    console.log(`webhook latency to a healthy receiver: ${(got?.receivedAtMs ?? 0) - queuedAt} ms`);
    await waitFor(async () => (await deliverer.pending()).length === 0);
  });

  it('sends a Slack Block Kit body to a receiver marked slack, the text fallback kept, markup escaped, unsigned', async () => {
    const slack = await receiver({ accept: true });
    const { make } = await setup([{ url: slack.url, format: 'slack' }]);
    const deliverer = make();
    deliverer.start();
    await deliverer.enqueue([statusEvent('<!channel> & co')]);
    await waitFor(async () => slack.received.length === 1);
    const body = JSON.parse(slack.received[0]?.body ?? '');
    expect(body.text).toBe(
      '&lt;!channel&gt; &amp; co (Amsterdam 1) is now major outage, was operational (2026-11-21T04:00:00Z)',
    );
    expect(body.blocks.map((block: { type: string }) => block.type)).toEqual(['header', 'section', 'context']);
    expect(slack.received[0]?.headers[SIGNATURE_HEADER]).toBeUndefined();
  });

  it('sends Discord an embed and Teams an Adaptive Card, in the same queue as the generic receiver', async () => {
    const [discord, teams] = [await receiver({ accept: true }), await receiver({ accept: true })];
    const { make } = await setup([
      { url: discord.url, format: 'discord' },
      { url: teams.url, format: 'teams' },
    ]);
    const deliverer = make();
    deliverer.start();
    await deliverer.enqueue([statusEvent()]);
    await waitFor(async () => discord.received.length === 1 && teams.received.length === 1);
    expect(JSON.parse(discord.received[0]?.body ?? '').embeds[0].title).toBe('Scheduler is now major outage');
    expect(JSON.parse(teams.received[0]?.body ?? '').attachments[0].contentType).toBe(
      'application/vnd.microsoft.card.adaptive',
    );
    await waitFor(async () => (await deliverer.pending()).length === 0);
  });

  it('retries a receiver that answers 500 with growing delays, then stops once it accepts', async () => {
    const flaky = await receiver({ accept: true, failures: 2 });
    const { make, lines } = await setup([{ url: flaky.url }], { random: () => 1 });
    const deliverer = make();
    deliverer.start();
    const event = statusEvent();
    await deliverer.enqueue([event]);
    await waitFor(async () => flaky.received.some((entry) => entry.answered === 200));
    await waitFor(async () => (await deliverer.pending()).length === 0);
    expect(flaky.received.map((entry) => entry.answered)).toEqual([500, 500, 200]);
    expect(new Set(flaky.received.map((entry) => entry.headers[EVENT_ID_HEADER]))).toEqual(new Set([event.id]));
    const [first, second, third] = flaky.received.map((entry) => entry.receivedAtMs);
    // random() = 1 gives the full exponential delay: 50 ms, then 100 ms.
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(45);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(95);
    expect(lines.filter((line) => line.includes('answered 500'))).toHaveLength(2);
    console.log(`retries against a 500-then-accept receiver: ${flaky.received.length - 1}`);
  });

  it('keeps delivering to a healthy receiver while another hangs', async () => {
    const hanging = await receiver({ hang: true });
    const accepting = await receiver({ accept: true });
    const { make, lines } = await setup([{ url: hanging.url }, { url: accepting.url }], {
      attemptTimeoutMs: 300,
      concurrency: 2,
    });
    const deliverer = make();
    deliverer.start();
    await deliverer.enqueue([statusEvent('A'), statusEvent('B'), statusEvent('C')]);
    await waitFor(async () => accepting.received.length === 3);
    await waitFor(async () => lines.some((line) => line.includes(': timeout (attempt 1)')));
    expect(hanging.received.length).toBeGreaterThanOrEqual(1);
  });

  it('never queues the same event id twice', async () => {
    const accepting = await receiver({ accept: true });
    const { make } = await setup([{ url: accepting.url }]);
    const deliverer = make();
    const event = statusEvent();
    await deliverer.enqueue([event, event]);
    await deliverer.enqueue([event]);
    expect(await deliverer.pending()).toHaveLength(1);
    deliverer.start();
    await waitFor(async () => (await deliverer.pending()).length === 0);
    await deliverer.enqueue([event]);
    expect(await deliverer.pending()).toHaveLength(0);
    expect(accepting.received).toHaveLength(1);
  });

  it('delivers after a restart what was queued before it', async () => {
    const accepting = await receiver({ accept: true });
    const { make, queueFile } = await setup([{ url: accepting.url }]);
    const before = make();
    const event = statusEvent();
    await before.enqueue([event]);
    await before.stop();
    expect(accepting.received).toHaveLength(0);
    expect(JSON.parse(await readFile(queueFile, 'utf8')).deliveries).toHaveLength(1);
    const after = make();
    after.start();
    await waitFor(async () => accepting.received.length === 1);
    expect(accepting.received[0]?.headers[EVENT_ID_HEADER]).toBe(event.id);
    await waitFor(async () => JSON.parse(await readFile(queueFile, 'utf8')).deliveries.length === 0);
  });

  it('gives up on a delivery older than the bound, with a log line that names no credentials', async () => {
    const failing = await receiver({ accept: true, failures: 1_000 });
    const url = failing.url.replace('http://', 'http://user:hunter2@');
    let nowMs = Date.parse('2026-11-21T04:00:00Z');
    const { make, lines } = await setup([{ url }], { now: () => nowMs, maxAgeMs: 60_000 });
    const deliverer = make();
    await deliverer.enqueue([statusEvent()]);
    await deliverer.deliverDueOnce(2_000);
    expect(failing.received).toHaveLength(1);
    nowMs += 61_000;
    await deliverer.deliverDueOnce(2_000);
    expect(failing.received).toHaveLength(1);
    expect(await deliverer.pending()).toHaveLength(0);
    expect(
      lines.some((line) => /gave up on evt_[0-9a-f]+ to http:\/\/127\.0\.0\.1:\d+\/hook after 1 attempt/.test(line)),
    ).toBe(true);
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('tries each due delivery once within the bound for --once, and leaves the rest queued', async () => {
    const hanging = await receiver({ hang: true });
    const { make } = await setup([{ url: hanging.url }]);
    const deliverer = make();
    await deliverer.enqueue([statusEvent()]);
    const started = performance.now();
    await deliverer.deliverDueOnce(300);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(hanging.received).toHaveLength(1);
    expect(await deliverer.pending()).toHaveLength(1);
  });
});
