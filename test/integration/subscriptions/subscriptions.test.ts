import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_PATH, INCIDENTS_PATH, NOTICES_PATH } from '../../../src/api-paths.js';
import type { ProbeLog } from '../../../src/log/probe-log.js';
import { renderNotices } from '../../../src/notices/render-notices.js';
import { createProber } from '../../../src/probe-process/create-prober.js';
import { startSidecar } from '../../../src/probe-process/start-sidecar.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import type { IncidentsDocument } from '../../../src/schemas/incidents.js';
import type { Notice } from '../../../src/schemas/notice.js';
import { createSubscriptions, type Subscriptions } from '../../../src/subscriptions/create-subscriptions.js';
import { decideStatusEvents } from '../../../src/webhooks/decide-status-events.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '../../../src/webhooks/sign-webhook.js';
import { WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { incidentNotice } from '../../helpers/notices.js';
import { checkAt, settingsFor } from '../../helpers/probe-settings.js';
import { useStandins } from '../../helpers/standins.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';
import { useWebhookReceivers, verifyWebhook } from '../../helpers/webhook-receiver.js';

const SECRET = 'subscriptions-secret';
const standin = useStandins();
const receiver = useWebhookReceivers();
let root: string;
let publicDir: string;
let stateDir: string;
let lines: string[];
const started: Subscriptions[] = [];
const log: ProbeLog = { info: (line) => lines.push(line), error: (line) => lines.push(line) };

const tempDir = tempDirsPerTest({ prefix: 'subscriptions-' });
beforeEach(async () => {
  root = await tempDir();
  publicDir = join(root, 'public');
  stateDir = join(root, '.state');
  lines = [];
});
afterEach(async () => {
  for (const subscriptions of started.splice(0)) await subscriptions.deliverer.stop();
});

function subscribe(urls: readonly string[], attemptTimeoutMs = 10_000): Subscriptions {
  const webhooks = resolveWebhookTargets(
    urls.map((url) => ({ url, format: 'generic' as const, secret_env: 'SECRET' })),
    { SECRET },
    'data/components.json',
  );
  const subscriptions = createSubscriptions({
    settings: { publicUrl: undefined, webhooks },
    stateDir,
    log,
    delivery: { attemptTimeoutMs, retry: { baseMs: 50, capMs: 200 } },
  });
  subscriptions.deliverer.start();
  started.push(subscriptions);
  return subscriptions;
}

async function proberFor(subscriptions: Subscriptions, thresholds = 2) {
  const component = await standin({ mode: 'healthy' });
  const settings = settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }], {
    failureThreshold: thresholds,
    successThreshold: thresholds,
  });
  const prober = createProber({
    settings,
    publicDir: createPublicDirWriter(publicDir),
    stateFile: join(stateDir, 'probe-state.json'),
    log,
    subscriptions,
  });
  return { component, prober };
}

async function publishNotices(notices: readonly Notice[]): Promise<void> {
  await mkdir(join(publicDir, 'api', 'v1'), { recursive: true });
  await writeFile(`${publicDir}${NOTICES_PATH}`, renderNotices(notices));
}

describe('subscriptions after a published cycle', () => {
  it('sends one signed event per published change, none while flapping protection holds it back', async () => {
    const accepting = await receiver({ accept: true });
    const { component, prober } = await proberFor(subscribe([accepting.url]));
    await prober.runCycle();
    await component.setMode('failing');
    await prober.runCycle();
    await prober.runCycle();
    await waitFor(async () => accepting.received.length === 1);
    await component.setMode('healthy');
    await prober.runCycle();
    await prober.runCycle();
    await waitFor(async () => accepting.received.length === 2);
    const events = accepting.received.map((got) => {
      expect(
        verifyWebhook(String(got.headers[SIGNATURE_HEADER]), got.body, SECRET, Math.floor(Date.now() / 1000)),
      ).toBe(true);
      const event = WebhookEventSchema.parse(JSON.parse(got.body));
      expect(got.headers[EVENT_ID_HEADER]).toBe(event.id);
      return event;
    });
    expect(events.map((event) => (event.type === 'component.status_changed' ? [event.from, event.to] : []))).toEqual([
      ['operational', 'major_outage'],
      ['major_outage', 'operational'],
    ]);
  });

  it('re-renders the feed after every cycle, from the published notices', async () => {
    const { prober } = await proberFor(subscribe([]));
    await publishNotices([incidentNotice()]);
    await prober.runCycle();
    const feed = parseFeed(await readFile(`${publicDir}${FEED_PATH}`, 'utf8'));
    expect(feed.items.map((item) => item.title)).toEqual(['Slow builds (Identified)']);
  });

  it('leaves the feed file alone while its bytes stay the same, and replaces it when they change', async () => {
    const { prober } = await proberFor(subscribe([]));
    const feedFile = `${publicDir}${FEED_PATH}`;
    await publishNotices([incidentNotice()]);
    await prober.runCycle();
    const first = await stat(feedFile);
    await prober.runCycle();
    // An atomic replace is a new file: the same inode means nothing was written.
    expect((await stat(feedFile)).ino).toBe(first.ino);
    await publishNotices([incidentNotice({ title: 'Slower builds' })]);
    await prober.runCycle();
    expect((await stat(feedFile)).ino).not.toBe(first.ino);
    const feed = parseFeed(await readFile(feedFile, 'utf8'));
    expect(feed.items.map((item) => item.title)).toEqual(['Slower builds (Identified)']);
  });

  it("puts the probe's incidents in the feed once an incidents document is published", async () => {
    const { prober } = await proberFor(subscribe([]));
    await publishNotices([incidentNotice()]);
    const incidents: IncidentsDocument = {
      version: 'v1',
      region: 'Amsterdam 1',
      generated_at: '2026-11-21T06:00:00Z',
      incidents: [
        {
          id: 'scheduler-2026-11-21T05:00:00Z',
          component: 'Scheduler',
          worst_status: 'major_outage',
          started_at: '2026-11-21T05:00:00Z',
          resolved_at: null,
          updated_at: '2026-11-21T05:00:00Z',
          duration_seconds: 3600,
          failure_classes: ['timeout'],
          last_failure: { class: 'timeout', http_status: null },
          regions: null,
        },
      ],
    };
    await writeFile(`${publicDir}${INCIDENTS_PATH}`, JSON.stringify(incidents));
    await prober.runCycle();
    const feed = parseFeed(await readFile(`${publicDir}${FEED_PATH}`, 'utf8'));
    expect(feed.title).toBe('Amsterdam 1 status: incidents and notices');
    expect(feed.items.map((item) => item.title)).toEqual([
      'Scheduler: major outage (ongoing)',
      'Slow builds (Identified)',
    ]);
    expect(feed.items[0]?.content).toBe(
      'Scheduler is major outage from 2026-11-21T05:00:00Z, ongoing.\nThe checks saw: timing out.',
    );
  });

  it('announces a new or updated notice once, and takes the notices of a first run as already announced', async () => {
    const accepting = await receiver({ accept: true });
    const { prober } = await proberFor(subscribe([accepting.url]));
    const notice = incidentNotice();
    await publishNotices([notice]);
    await prober.runCycle();
    await prober.runCycle();
    const resolved = incidentNotice({
      state: 'resolved',
      updates: [...notice.updates, { at: '2026-11-21T05:00:00Z', state: 'resolved', text: 'Fixed.' }],
    });
    await publishNotices([resolved, incidentNotice({ id: 'second', title: 'Another' })]);
    await prober.runCycle();
    await prober.runCycle();
    await waitFor(async () => accepting.received.length === 2);
    const events = accepting.received.map((got) => WebhookEventSchema.parse(JSON.parse(got.body)));
    expect(
      events.map((event) => [event.type, event.type === 'component.status_changed' ? '' : event.notice.id]),
    ).toEqual([
      ['notice.updated', 'db-latency'],
      ['notice.created', 'second'],
    ]);
  });

  it('publishes as fast with a hanging receiver as with none', async () => {
    async function cycleTimes(urls: readonly string[]): Promise<number[]> {
      const { component, prober } = await proberFor(subscribe(urls), 1);
      const times: number[] = [];
      for (let cycle = 0; cycle < 6; cycle += 1) {
        await component.setMode(cycle % 2 === 0 ? 'healthy' : 'failing');
        const start = performance.now();
        expect((await prober.runCycle()).published).toBe(true);
        times.push(performance.now() - start);
      }
      return times;
    }
    const none = await cycleTimes([]);
    await rm(stateDir, { recursive: true, force: true });
    const hanging = await receiver({ hang: true });
    const withHanging = await cycleTimes([hanging.url]);
    await waitFor(async () => hanging.received.length >= 1);
    const mean = (times: number[]) => times.reduce((sum, time) => sum + time, 0) / times.length;
    console.log(
      `cycle time: no receiver ${mean(none).toFixed(1)} ms (max ${Math.max(...none).toFixed(1)}), ` +
        `hanging receiver ${mean(withHanging).toFixed(1)} ms (max ${Math.max(...withHanging).toFixed(1)})`,
    );
    // A cycle that waited for the receiver would take the 10 s attempt timeout; the margin is for a loaded machine.
    expect(Math.max(...withHanging)).toBeLessThan(2_000);
  });
});

describe('the sidecar and its deliverer', () => {
  it('starts delivering what an earlier run queued, and stops with the sidecar', async () => {
    const accepting = await receiver({ accept: true });
    const earlier = subscribe([accepting.url]);
    await earlier.deliverer.stop();
    const [event] = decideStatusEvents({
      region: { code: 'ams1', name: 'Amsterdam 1' },
      components: [{ name: 'Scheduler', before: 'operational', after: 'major_outage' }],
      at: '2026-11-21T04:00:00Z',
    });
    if (event === undefined) throw new Error('fixture');
    await earlier.deliverer.enqueue([event]);
    expect(accepting.received).toHaveLength(0);

    const component = await standin({ mode: 'healthy' });
    const sidecar = await startSidecar({
      settings: settingsFor([{ name: 'Scheduler', checks: [checkAt(`${component.origin}/healthz`)] }], {
        schedule: '0 0 1 1 *',
      }),
      publicDir: createPublicDirWriter(publicDir),
      stateFile: join(stateDir, 'probe-state.json'),
      log,
      subscriptions: subscribe([accepting.url]),
    });
    await waitFor(async () => accepting.received.length === 1);
    await waitFor(async () => (await readFile(`${publicDir}${FEED_PATH}`, 'utf8').catch(() => '')) !== '');
    await sidecar.stop();
    expect(accepting.received[0]?.headers[EVENT_ID_HEADER]).toBe(event.id);
  });
});
