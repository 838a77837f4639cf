import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_PATH } from '../../../src/api-paths.js';
import { SIGNATURE_HEADER } from '../../../src/webhooks/sign-webhook.js';
import { WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { WebhookQueueSchema } from '../../../src/webhooks/webhook-queue.js';
import { runCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useWebhookReceivers, verifyWebhook } from '../../helpers/webhook-receiver.js';

const SECRET = 'cli-secret';
const standin = useStandins();
const receiver = useWebhookReceivers();
let site: TempSite;
beforeEach(async () => {
  site = await makeTempSite();
});
afterEach(async () => site.remove());

const configFile = () => join(site.root, 'components.json');

async function writeConfig(componentUrl: string, webhookUrl: string): Promise<void> {
  await writeFile(
    configFile(),
    JSON.stringify({
      region: 'ams1',
      failure_threshold: 1,
      success_threshold: 1,
      webhooks: [{ url: webhookUrl, secret_env: 'HOOK_SECRET' }],
      components: [{ name: 'Scheduler', url: componentUrl, timeout_ms: 2000 }],
    }),
  );
}

function probeOnce(env: NodeJS.ProcessEnv = { HOOK_SECRET: SECRET }) {
  const args = ['probe', '--once', '--config', configFile(), '--out', site.publicDir, '--regions', site.regionsFile];
  return runCli([...args, '--state', join(site.root, '.state', 'probe-state.json')], {
    cwd: site.root,
    env: { REGION: '', ...env },
  });
}

describe('probe --once with webhooks', () => {
  it('sends a signed event for a published change, writes the feed, and delivers a queued event on the next run', async () => {
    const component = await standin({ mode: 'healthy' });
    const port = await unusedPort();
    await writeConfig(`${component.origin}/healthz`, `http://127.0.0.1:${port}/hook`);
    expect((await probeOnce()).code).toBe(0);
    expect(parseFeed(await readFile(`${site.publicDir}${FEED_PATH}`, 'utf8')).items).toEqual([]);

    // The receiver is down: the event stays queued in the state directory.
    await component.setMode('failing');
    const down = await probeOnce();
    expect(down.code).toBe(0);
    expect(down.stderr).toMatch(/webhooks: evt_[0-9a-f]+ to http:\/\/127\.0\.0\.1:\d+\/hook: refused \(attempt 1\)/);
    const queueFile = join(site.root, '.state', 'webhook-queue.json');
    const queue = WebhookQueueSchema.parse(JSON.parse(await readFile(queueFile, 'utf8')));
    expect(queue.deliveries).toMatchObject([{ attempts: 1 }]);
    // As if the retry delay (seconds) had passed, without sleeping through it.
    const due = { ...queue, deliveries: queue.deliveries.map((delivery) => ({ ...delivery, next_attempt_ms: 0 })) };
    await writeFile(queueFile, JSON.stringify(due));

    // Up on the same port, and nothing changed since: the next run delivers what was queued.
    const accepting = await receiver({ accept: true, port });
    expect((await probeOnce()).code).toBe(0);
    expect(accepting.received).toHaveLength(1);
    expect(WebhookQueueSchema.parse(JSON.parse(await readFile(queueFile, 'utf8'))).deliveries).toEqual([]);
    const [got] = accepting.received;
    expect(verifyWebhook(String(got?.headers[SIGNATURE_HEADER]), got?.body ?? '', SECRET, Date.now() / 1000)).toBe(
      true,
    );
    expect(WebhookEventSchema.parse(JSON.parse(got?.body ?? ''))).toMatchObject({
      type: 'component.status_changed',
      component: 'Scheduler',
      from: 'operational',
      to: 'major_outage',
    });
  });

  it('refuses to start without the secret, naming the variable and never a value', async () => {
    const accepting = await receiver({ accept: true });
    await writeConfig('http://127.0.0.1:9/healthz', accepting.url.replace('http://', 'http://user:pa55word@'));
    const result = await probeOnce({ HOOK_SECRET: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'environment: HOOK_SECRET: is required: the signing secret of webhooks[0] in components.json',
    );
    expect(result.stderr + result.stdout).not.toContain('pa55word');
  });
});
