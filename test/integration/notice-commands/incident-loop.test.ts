import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { Statuspage } from 'statuspage.io';
import { describe, expect, it } from 'vitest';
import { ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { WebhookEventSchema } from '../../../src/webhooks/webhook-event.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { expectationOf } from '../../helpers/statuspage-expectation.js';
import { useCliSite } from '../../helpers/use-cli-site.js';
import { useWebhookReceivers } from '../../helpers/webhook-receiver.js';

const standin = useStandins();
const receiver = useWebhookReceivers();
const cli = useCliSite();

/** What every output says of the Build Service, read over HTTP from `serve` and its metrics listener. */
interface Outputs {
  readonly status: string | undefined;
  readonly summaryIndicator: string;
  readonly summaryIncidents: { name: string; impact: string; status: string }[];
  readonly badge: string;
  readonly metric: string | undefined;
  readonly feedTitles: string[];
}

async function readOutputs(origin: string, metricsUrl: string): Promise<Outputs> {
  const get = async (path: string) => {
    const response = await fetch(`${origin}${path}`);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return response.text();
  };
  const status = ServiceStatusSchema.parse(JSON.parse(await get('/api/v1/status')));
  const summary = JSON.parse(await get('/api/v2/summary.json')) as {
    status: { indicator: string };
    incidents: { name: string; impact: string; status: string }[];
  };
  const badge = JSON.parse(await get('/badges/components/build-service/status.json')) as { message: string };
  const metrics = await (await fetch(metricsUrl)).text();
  const metric =
    /service_directory_component_status\{[^}]*component="Build Service"[^}]*status="([a-z_]+)"[^}]*\} 1\n/.exec(
      metrics,
    )?.[1];
  return {
    status: status.components.find((component) => component.name === 'Build Service')?.status,
    summaryIndicator: summary.status.indicator,
    summaryIncidents: summary.incidents.map(({ name, impact, status: state }) => ({ name, impact, status: state })),
    badge: badge.message,
    metric,
    feedTitles: parseFeed(await get('/feed.atom')).items.map((item) => item.title ?? ''),
  };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const DECLARED: Outputs = {
  status: 'partial_outage',
  summaryIndicator: 'major',
  summaryIncidents: [{ name: 'Builds are failing', impact: 'major', status: 'investigating' }],
  badge: 'partial outage',
  metric: 'partial_outage',
  feedTitles: ['Builds are failing (Investigating)'],
};

const RESOLVED: Outputs = {
  status: 'operational',
  summaryIndicator: 'none',
  summaryIncidents: [],
  badge: 'operational',
  metric: 'operational',
  feedTitles: ['Builds are failing (Resolved)'],
};

describe('the incident loop: a notice from the command line, published by the running sidecar', () => {
  it('shows a declared partial outage everywhere within a cycle, keeps it while open, and lifts it on resolve', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const hooks = await receiver({ accept: true });
    const { root, publicDir, regionsFile, headersFile } = cli.site;
    await writeFile(join(root, 'data', 'notices.json'), '[]\n');
    await writeFile(
      join(root, 'data', 'components.json'),
      JSON.stringify({
        region: 'ams1',
        // A cycle a second: what the probe sees is healthy throughout.
        schedule: '* * * * * *',
        webhooks: [{ url: hooks.url, secret_env: 'HOOK_SECRET' }],
        components: [
          { name: 'Build Service', url: `${healthy.origin}/healthz` },
          { name: 'Registry', url: `${healthy.origin}/v2/` },
        ],
      }),
    );
    const sidecar = startCli(['probe', '--out', publicDir, '--regions', regionsFile], {
      cwd: root,
      env: { REGION: '', HOOK_SECRET: 'loop-secret' },
    });
    const serving = startCli(['serve', '--public', publicDir, '--headers', headersFile, '--metrics-port', '0'], {
      cwd: root,
      env: { PORT: '0' },
    });
    cli.children.push(sidecar, serving);
    const [, origin = ''] = await serving.waitForOutput(/listening on (http:\/\/\S+)/);
    const [, metricsUrl = ''] = await serving.waitForOutput(/metrics on (http:\/\/\S+)/);
    const outputs = () => readOutputs(origin, metricsUrl);
    const before = await waitFor(
      outputs,
      (read) => read.status === 'operational' && read.metric === 'operational',
      20_000,
    );
    expect(before).toMatchObject({ summaryIndicator: 'none', summaryIncidents: [], badge: 'operational' });

    const opened = await runCli(
      [
        'notice',
        'open',
        '--id',
        'builds-failing',
        '--title',
        'Builds are failing',
        '--text',
        'A fifth of builds fail.',
        '--component',
        'Build Service=partial_outage',
      ],
      { cwd: root },
    );
    const exitedAt = performance.now();
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stdout).toMatch(
      /the probe holding \.state\/probe\.lock \(pid \d+ on .+\) publishes it with its next cycle/,
    );
    const shown = await waitFor(outputs, (read) => read.status === 'partial_outage', 10_000);
    const tookMs = performance.now() - exitedAt;
    // Within a cycle of the file's change: the sidecar runs one as soon as it sees it, not at its next slot.
    expect(tookMs).toBeLessThan(3_000);
    await waitFor(outputs, (read) => JSON.stringify(read) === JSON.stringify(DECLARED), 5_000);
    // Statuspage's documents with the declared incident open still have Statuspage's shape, written by hand.
    for (const path of ['summary.json', 'incidents/unresolved.json']) {
      const validate = expectationOf(path);
      const body = await (await fetch(`${origin}/api/v2/${path}`)).json();
      expect(validate(body) ? [] : validate.errors, path).toEqual([]);
    }
    expect(shown.status).toBe('partial_outage');

    // Three cycles later, with the probe still seeing it healthy, every output still says so.
    const cycles = (sidecar.output().match(/cycle done/g) ?? []).length;
    await sidecar.waitForOutput(new RegExp(`(cycle done[\\s\\S]*){${cycles + 3}}`), 10_000);
    expect(await outputs()).toEqual(DECLARED);

    const resolved = await runCli(['notice', 'resolve', 'builds-failing', '--text', 'Builds run normally again.'], {
      cwd: root,
    });
    expect(resolved.code, resolved.stderr).toBe(0);
    // Static files (the badge, the feed) are answered anew once they have held still for a few tens of ms.
    await waitFor(outputs, (read) => JSON.stringify(read) === JSON.stringify(RESOLVED), 10_000);

    // The Statuspage client reads the resolved incident with the states the notice declared, old and new.
    const client = new Statuspage('unused00page');
    client.setApiUrl(origin);
    const { incidents } = await client.api.incidents.getAll();
    expect(incidents.map((incident) => [incident.name, incident.impact, incident.status])).toEqual([
      ['Builds are failing', 'major', 'resolved'],
    ]);
    // The postmortem, from a file: the incident is then in Statuspage's postmortem state, with no key its shape lacks.
    await writeFile(join(root, 'postmortem.txt'), 'A disk filled up.\n');
    expect(
      (await runCli(['notice', 'postmortem', 'builds-failing', '--file', 'postmortem.txt'], { cwd: root })).code,
    ).toBe(0);
    const raw = await waitFor(
      async () =>
        (await (await fetch(`${origin}/api/v2/incidents.json`)).json()) as {
          incidents: { status: string; incident_updates: { affected_components: unknown }[] }[];
        },
      (document) => document.incidents[0]?.status === 'postmortem',
      10_000,
    );
    for (const [path, body] of [
      ['incidents.json', raw],
      ['summary.json', await (await fetch(`${origin}/api/v2/summary.json`)).json()],
    ] as const) {
      const validate = expectationOf(path);
      expect(validate(body) ? [] : validate.errors, path).toEqual([]);
    }
    expect(raw.incidents[0]?.incident_updates.map((update) => update.affected_components)).toEqual([
      [{ code: expect.any(String), name: 'Build Service', old_status: 'partial_outage', new_status: 'operational' }],
      [{ code: expect.any(String), name: 'Build Service', old_status: 'operational', new_status: 'partial_outage' }],
    ]);

    // The webhooks: the change and its way back, the first with the notice as its reason.
    const events = await waitFor(
      async () =>
        hooks.received
          .map((each) => WebhookEventSchema.parse(JSON.parse(each.body)))
          .filter((event) => event.type === 'component.status_changed'),
      (found) => found.length === 2,
      10_000,
    );
    expect(
      events.map((event) => (event.type === 'component.status_changed' ? [event.from, event.to, event.reason] : [])),
    ).toEqual([
      ['operational', 'partial_outage', 'declared in notice builds-failing: Builds are failing'],
      ['partial_outage', 'operational', undefined],
    ]);
    console.log(`incident loop: the sidecar showed the declaration ${Math.round(tookMs)} ms after the CLI exited`);
  });

  it('runs a cycle as soon as the notices file changes, not at the next slot of an hourly schedule', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const { root, publicDir, regionsFile } = cli.site;
    await writeFile(join(root, 'data', 'notices.json'), '[]\n');
    await writeFile(
      join(root, 'data', 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '0 0 * * * *',
        components: [{ name: 'Registry', url: `${healthy.origin}/v2/` }],
      }),
    );
    const sidecar = startCli(['probe', '--out', publicDir, '--regions', regionsFile], {
      cwd: root,
      env: { REGION: '' },
    });
    cli.children.push(sidecar);
    await sidecar.waitForOutput(/cycle done/, 10_000);
    const opened = await runCli(
      [
        'notice',
        'open',
        '--title',
        'Pushes time out',
        '--text',
        'On one shard.',
        '--component',
        'Registry=major_outage',
      ],
      { cwd: root },
    );
    expect(opened.code, opened.stderr).toBe(0);
    const status = async () =>
      ServiceStatusSchema.parse(JSON.parse(await readFile(join(publicDir, 'api/v1/status'), 'utf8')));
    const shown = await waitFor(status, (read) => read.status === 'major_outage', 5_000);
    expect(shown.components).toEqual([{ name: 'Registry', status: 'major_outage' }]);
    // The sidecar logs the change after it has written the status: wait for the line, as for the file.
    await sidecar.waitForOutput(
      /Registry: operational -> major_outage \(declared by notice pushes-time-out-\d{4}-\d{2}-\d{2}; the probe: operational/,
      5_000,
    );
  });
});
