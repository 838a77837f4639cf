import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { queueWebhookEventsStep } from '../../../src/publish-steps/queue-webhook-events-step.js';
import type { Notice } from '../../../src/schemas/notice.js';
import { createSubscriptions } from '../../../src/subscriptions/create-subscriptions.js';
import { WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { maintenanceNotice } from '../../helpers/notices.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { waitFor } from '../../helpers/test-server.js';
import { useWebhookReceivers } from '../../helpers/webhook-receiver.js';

const QUIET = { info: () => {}, error: () => {} };
const DAY_MS = 86_400_000;
/** The window of `maintenanceNotice()`: 2026-11-25 02:00 to 04:00 UTC. */
const START_MS = Date.parse('2026-11-25T02:00:00Z');

describe('the maintenance_upcoming webhook event', () => {
  const receiver = useWebhookReceivers();
  const tempDir = tempDirsPerTest();

  /** One probe process's webhook step, over the state directory `dir`: run it for a cycle at `atMs`, then stop. */
  async function runProbeAt(dir: string, url: string, notices: readonly Notice[], ...cyclesAtMs: number[]) {
    const stateDir = join(dir, '.state');
    const webhooks = resolveWebhookTargets([{ url, format: 'generic', secret_env: 'S' }], { S: 'secret' }, 'c.json');
    const subscriptions = createSubscriptions({ settings: { publicUrl: undefined, webhooks }, stateDir, log: QUIET });
    const step = queueWebhookEventsStep(
      { publicDir: createPublicDirWriter(join(dir, 'public')), log: QUIET },
      {
        webhooks,
        deliverer: subscriptions.deliverer,
        region: { code: 'ams1', name: 'Amsterdam 1' },
        stateDir,
        maintenanceUpcomingMs: DAY_MS,
      },
    );
    subscriptions.deliverer.start();
    try {
      for (const atMs of cyclesAtMs) {
        const updated_at = new Date(atMs).toISOString().replace('.000Z', 'Z');
        const status = {
          status: 'operational' as const,
          version: 'v1' as const,
          region: 'Amsterdam 1',
          components: [],
          updated_at,
        };
        await step.run({ status, components: [], notices, history: () => undefined, signal: undefined });
      }
      await waitFor(async () => (await subscriptions.deliverer.pending()).length === 0);
    } finally {
      await subscriptions.deliverer.stop();
    }
  }

  it('is sent once a day before the window, and not again by the next cycle nor after a restart', async () => {
    const dir = await tempDir();
    const hook = await receiver({ accept: true });
    const notices = [maintenanceNotice()];
    // Two days ahead: too early. Then 23 hours ahead (the first cycle announces the notice itself as it is).
    await runProbeAt(dir, hook.url, notices, START_MS - 2 * DAY_MS, START_MS - 23 * 3_600_000);
    await waitFor(async () => hook.received.length === 1);
    const event = WebhookEventSchema.parse(JSON.parse(hook.received[0]?.body ?? '{}'));
    expect(event).toMatchObject({
      type: 'notice.maintenance_upcoming',
      starts_in_minutes: 23 * 60,
      notice: { id: 'registry-upgrade', window: { start: '2026-11-25T02:00:00Z' } },
    });
    // The same process a minute later, then a restarted one an hour later: nothing more.
    await runProbeAt(dir, hook.url, notices, START_MS - 22 * 3_600_000);
    await runProbeAt(dir, hook.url, notices, START_MS - 21 * 3_600_000, START_MS - 20 * 3_600_000);
    expect(hook.received.map((each) => JSON.parse(each.body).type)).toEqual(['notice.maintenance_upcoming']);
  });

  it('reminds again of a window moved to another start, and never of one started or begun', async () => {
    const dir = await tempDir();
    const hook = await receiver({ accept: true });
    await runProbeAt(dir, hook.url, [maintenanceNotice()], START_MS - 3_600_000);
    const moved = maintenanceNotice({ window: { start: '2026-11-26T02:00:00Z', end: '2026-11-26T04:00:00Z' } });
    await runProbeAt(dir, hook.url, [moved], START_MS + 3_600_000);
    const started = maintenanceNotice({ id: 'started', state: 'in_progress' });
    await runProbeAt(dir, hook.url, [moved, started], START_MS - 3_600_000 + 60_000);
    const reminders = () =>
      hook.received.map((each) => JSON.parse(each.body)).filter((body) => body.type === 'notice.maintenance_upcoming');
    await waitFor(async () => reminders().length >= 2);
    expect(reminders().map((body) => [body.type, body.notice.id, body.notice.window.start])).toEqual([
      ['notice.maintenance_upcoming', 'registry-upgrade', '2026-11-25T02:00:00Z'],
      ['notice.maintenance_upcoming', 'registry-upgrade', '2026-11-26T02:00:00Z'],
    ]);
  });
});
