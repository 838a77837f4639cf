import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCycle } from '../../../src/cycle/run-cycle.js';
import { InputError } from '../../../src/errors/input-error.js';
import { formatChange } from '../../../src/probe-process/format-cycle-log.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { queueWebhookEventsStep } from '../../../src/publish-steps/queue-webhook-events-step.js';
import { ObservationsDocumentSchema } from '../../../src/schemas/observations.js';
import { EMPTY_PROBE_STATE } from '../../../src/schemas/probe-state.js';
import { loadProbeSettings } from '../../../src/settings/load-probe-settings.js';
import { createSubscriptions } from '../../../src/subscriptions/create-subscriptions.js';
import { resolveWebhookTargets } from '../../../src/webhooks/webhook-target.js';
import { useLoopbackServers } from '../../helpers/loopback-server.js';
import { makeTempDir } from '../../helpers/temp-dirs.js';
import { createTestCa, type TestCa } from '../../helpers/test-certificates.js';
import { waitFor } from '../../helpers/test-server.js';
import { useWebhookReceivers } from '../../helpers/webhook-receiver.js';

const receive = useWebhookReceivers();

let ca: TestCa;
let dir: string;
let removeDir: (() => Promise<void>) | undefined;
const loopback = useLoopbackServers();
beforeAll(async () => {
  ca = await createTestCa();
  ({ dir, remove: removeDir } = await makeTempDir({ prefix: 'certificate-cycle-' }));
  await copyFile(ca.caFile, join(dir, 'test-ca.pem'));
  await writeFile(
    join(dir, 'regions.json'),
    JSON.stringify([{ code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', country: 'NL', status: 'operational' }]),
  );
});
afterAll(async () => {
  await ca.remove();
  await removeDir?.();
});

async function serveLeaf(days: number): Promise<string> {
  const server = await loopback((_request, response) => response.end('ok'), { tls: await ca.issueLeaf({ days }) });
  return `${server.origin}/healthz`;
}

async function settingsFor(components: unknown[]) {
  const configFile = join(dir, 'components.json');
  await writeFile(configFile, JSON.stringify({ region: 'ams1', components }));
  return loadProbeSettings({ configFile, regionsFile: join(dir, 'regions.json'), env: {} });
}

describe('a cycle over https checks trusted through ca_file', () => {
  it('publishes a certificate inside min_certificate_days as degraded_performance, saying when it expires', async () => {
    const settings = await settingsFor([
      { name: 'Registry', url: await serveLeaf(5), ca_file: 'test-ca.pem' },
      { name: 'Control API', url: await serveLeaf(90), ca_file: join(dir, 'test-ca.pem') },
      { name: 'Uploads', url: await serveLeaf(5), ca_file: 'test-ca.pem', min_certificate_days: 3 },
    ]);
    const outcome = await runCycle({ settings, state: EMPTY_PROBE_STATE });
    if (outcome.kind !== 'observed') throw new Error(outcome.kind);
    const observations = ObservationsDocumentSchema.parse(outcome.observations);
    const [registry, controlApi, uploads] = observations.components;
    expect(registry).toMatchObject({ status: 'degraded_performance', failure_class: null, failure_reason: null });
    expect(registry?.certificate_warning).toMatch(/^certificate expires \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, in 4 days$/);
    const expiresAt = Date.parse(registry?.certificate_expires_at ?? '');
    expect(expiresAt - Date.now()).toBeGreaterThan(4 * 24 * 3600 * 1000);
    expect(controlApi).toMatchObject({ status: 'operational', certificate_warning: null });
    expect(controlApi?.certificate_expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(uploads).toMatchObject({ status: 'operational', certificate_warning: null });
    const [registryOutcome] = outcome.components;
    expect(registryOutcome === undefined ? undefined : formatChange(registryOutcome)).toBe(
      `Registry: degraded_performance (first observation: ${registry?.certificate_warning})`,
    );
  });

  it('announces the degradation with the certificate as its reason', async () => {
    const settings = await settingsFor([{ name: 'Registry', url: await serveLeaf(5), ca_file: 'test-ca.pem' }]);
    const cycle = async (state = EMPTY_PROBE_STATE) => {
      const outcome = await runCycle({ settings, state });
      if (outcome.kind !== 'observed') throw new Error(outcome.kind);
      return outcome;
    };
    // Published operational before, as when the certificate was still far from expiring.
    const seen = await cycle();
    const before = {
      version: 1 as const,
      components: seen.state.components.map((memory) => ({
        ...memory,
        published: 'operational' as const,
        observed: 'operational' as const,
        pending: null,
      })),
    };
    const first = await cycle(before);
    const second = await cycle(first.state);
    const receiver = await receive({ accept: true });
    const subscriptions = createSubscriptions({
      settings: {
        publicUrl: undefined,
        webhooks: resolveWebhookTargets(
          [{ url: receiver.url, format: 'slack', secret_env: 'SECRET' }],
          { SECRET: 'certificate-secret' },
          'components.json',
        ),
      },
      stateDir: join(dir, '.state'),
      log: { info: () => {}, error: () => {} },
    });
    const queueEvents = queueWebhookEventsStep(
      { publicDir: createPublicDirWriter(join(dir, 'public')), log: { info: () => {}, error: () => {} } },
      {
        webhooks: subscriptions.settings.webhooks,
        deliverer: subscriptions.deliverer,
        region: { code: 'ams1', name: 'Amsterdam 1' },
        stateDir: join(dir, '.state'),
      },
    );
    subscriptions.deliverer.start();
    try {
      await queueEvents.run({ ...second, notices: [], history: () => undefined, signal: undefined });
      await waitFor(async () => receiver.received.length === 1);
    } finally {
      await subscriptions.deliverer.stop();
    }
    const { text } = JSON.parse(receiver.received[0]?.body ?? '{}') as { text?: string };
    expect(text).toMatch(
      /^Registry \(Amsterdam 1\) is now degraded performance: certificate expires .* UTC, in 4 days, was operational/,
    );
  });

  it('refuses a ca_file that does not exist, naming the config file, the field and the file', async () => {
    const error = await settingsFor([
      { name: 'Registry', checks: [{ url: 'https://127.0.0.1:1/', ca_file: 'missing.pem' }] },
    ]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(
      `${join(dir, 'components.json')}: components["Registry"].checks[0].ca_file: "missing.pem": file not found (looked for ${join(dir, 'missing.pem')})`,
    );
  });

  it('refuses a ca_file that holds no certificate', async () => {
    await writeFile(join(dir, 'empty.pem'), 'not a certificate\n');
    const error = await settingsFor([{ name: 'Registry', url: 'https://127.0.0.1:1/', ca_file: 'empty.pem' }]).catch(
      (caught: unknown) => caught,
    );
    expect((error as InputError).message).toContain(
      'components["Registry"].ca_file: "empty.pem" holds no PEM certificate',
    );
  });
});
