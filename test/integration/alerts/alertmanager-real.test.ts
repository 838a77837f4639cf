import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrometheus, startUntilReady } from '../../helpers/prometheus.js';
import { startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const TOKEN = 'alerts-token-0123456789abcdef';
const standin = useStandins();
const cli = useCliSite();
let recorder: Server | undefined;

afterEach(async () => {
  recorder?.closeAllConnections();
  await new Promise((resolve) => (recorder === undefined ? resolve(undefined) : recorder.close(resolve)));
});

/** A second webhook of the same receiver: every notification Alertmanager sends, as it sent it. */
async function startRecorder(): Promise<{ origin: string; bodies: string[] }> {
  const bodies: string[] = [];
  recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      bodies.push(body);
      res.end();
    });
  });
  await new Promise<void>((resolve) => recorder?.listen(0, '127.0.0.1', resolve));
  const address = recorder.address();
  if (address === null || typeof address === 'string') throw new Error('recorder not listening');
  return { origin: `http://127.0.0.1:${address.port}`, bodies };
}

const readJson = async (file: string): Promise<unknown> => JSON.parse(await readFile(file, 'utf8'));

interface StatusBody {
  readonly components: readonly { readonly name: string; readonly status: string }[];
}
interface SummaryBody {
  readonly components: readonly { readonly name: string; readonly status: string }[];
  readonly incidents: readonly { readonly name: string; readonly status: string }[];
}
interface NoticeOnFile {
  readonly id: string;
  readonly state: string;
  readonly components: readonly string[];
  readonly opened_by?: { readonly source: string; readonly group_key: string };
}

describe('a real Alertmanager fed by a real Prometheus', () => {
  it('opens a notice declaring the component, publishes it within a cycle, and resolves it with the alert', async () => {
    const registry = await standin({ name: 'Registry', mode: 'slow', slowMs: 700 });
    const scheduler = await standin({ name: 'Scheduler' });
    const { site, children } = cli;
    const noticesFile = join(site.root, 'data', 'notices.json');
    await writeFile(noticesFile, '[]\n');
    await writeFile(
      join(site.root, 'data', 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        alerts: {},
        components: [
          { name: 'Registry', url: `${registry.origin}/v2/`, timeout_ms: 3000, degraded_ms: 500 },
          { name: 'Scheduler', url: `${scheduler.origin}/healthz`, timeout_ms: 3000, degraded_ms: 500 },
        ],
      }),
    );
    const probe = startCli(['probe', '--push-port', '0', '--metrics-port', '0'], {
      cwd: site.root,
      env: { ALERTS_TOKEN: TOKEN },
    });
    children.push(probe);
    const [, receiverOrigin] = await probe.waitForOutput(/alerts on (http:\/\/\S+)\/alerts\/alertmanager/);
    const [, probeMetrics] = await probe.waitForOutput(/metrics on http:\/\/(\S+)\/metrics/);
    const receiver = `${receiverOrigin}/alerts/alertmanager`;
    const recorded = await startRecorder();

    const alertmanagerPort = await unusedPort();
    const alertmanager = `http://127.0.0.1:${alertmanagerPort}`;
    await writeFile(join(site.root, 'alerts-token'), TOKEN);
    await writeFile(
      join(site.root, 'alertmanager.yml'),
      [
        'route:',
        '  receiver: status-page',
        '  group_by: [alertname]',
        '  group_wait: 1s',
        '  group_interval: 1s',
        '  repeat_interval: 1h',
        'receivers:',
        '  - name: status-page',
        '    webhook_configs:',
        `      - url: ${receiver}`,
        '        send_resolved: true',
        `        http_config: { authorization: { credentials_file: ${join(site.root, 'alerts-token')} } }`,
        `      - { url: '${recorded.origin}/', send_resolved: true }`,
        '',
      ].join('\n'),
    );
    await writeFile(
      join(site.root, 'rules.yml'),
      [
        'groups:',
        '  - name: components',
        '    rules:',
        '      - alert: ComponentSlow',
        '        expr: >-',
        '          (increase(service_directory_probe_check_duration_seconds_count[5s])',
        '          - ignoring(le) increase(service_directory_probe_check_duration_seconds_bucket{le="0.5"}[5s])) > 0.5',
        '        labels: { severity: warning }',
        '        annotations:',
        "          summary: '{{ $labels.component }} is slow'",
        "          description: 'Checks of {{ $labels.component }} take over half a second.'",
        '',
      ].join('\n'),
    );
    await startUntilReady(
      'prometheus-alertmanager',
      [
        `--config.file=${join(site.root, 'alertmanager.yml')}`,
        `--storage.path=${join(site.root, 'alertmanager-data')}`,
        `--web.listen-address=127.0.0.1:${alertmanagerPort}`,
        '--cluster.listen-address=',
        '--log.level=warn',
      ],
      alertmanager,
      children,
    );
    await startPrometheus(
      site.root,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${join(site.root, 'rules.yml')}']`,
        `alerting: { alertmanagers: [{ static_configs: [{ targets: ['127.0.0.1:${alertmanagerPort}'] }] }] }`,
        `scrape_configs: [{ job_name: probe, static_configs: [{ targets: ['${probeMetrics}'] }] }]`,
      ],
      children,
    );

    const notices = async () => (await readJson(noticesFile)) as NoticeOnFile[];
    const status = async () => (await readJson(join(site.publicDir, 'api', 'v1', 'status'))) as StatusBody;
    const summary = async () => (await readJson(join(site.publicDir, 'api', 'v2', 'summary.json'))) as SummaryBody;
    const stateOf = (body: StatusBody | SummaryBody, name: string) =>
      body.components.find((component) => component.name === name)?.status;

    // Fires: one notice, opened by Alertmanager for the group, declaring the Registry.
    await waitFor(async () => (await notices()).length === 1, 25_000);
    const [opened] = await notices();
    expect(opened).toMatchObject({
      title: 'Registry is slow',
      state: 'investigating',
      components: ['Registry'],
      opened_by: { source: 'alertmanager', group_key: '{}:{alertname="ComponentSlow"}' },
    });
    // The probe alone says degraded: the notice's partial outage is what the published documents show, within a cycle.
    await waitFor(async () => stateOf(await status(), 'Registry') === 'partial_outage', 3_000);
    expect(stateOf(await status(), 'Scheduler')).toBe('operational');
    await waitFor(
      async () => (await summary()).incidents.some((incident) => incident.name === 'Registry is slow'),
      3_000,
    );
    expect(stateOf(await summary(), 'Registry')).toBe('partial_outage');
    const published = await readFile(join(site.publicDir, 'api', 'v1', 'notices'), 'utf8');
    expect(published).toContain('Registry is slow');
    expect(published).not.toContain('opened_by');

    // Alertmanager's own notification, sent again: nothing changes.
    const firing = recorded.bodies.find((body) => JSON.parse(body).status === 'firing');
    if (firing === undefined) throw new Error('the recorder saw no firing notification');
    const before = await readFile(noticesFile, 'utf8');
    const again = await request(receiver, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: firing,
    });
    expect(again.statusCode).toBe(200);
    expect(await again.body.json()).toEqual({ outcome: 'unchanged', notice: opened?.id });
    expect(await readFile(noticesFile, 'utf8')).toBe(before);
    // A wrong token and none are refused alike, and change nothing either.
    for (const authorization of [`Bearer ${TOKEN}x`, undefined]) {
      const refused = await request(receiver, {
        method: 'POST',
        headers: authorization === undefined ? {} : { authorization },
        body: firing,
      });
      await refused.body.dump();
      expect(refused.statusCode).toBe(401);
    }
    expect(await readFile(noticesFile, 'utf8')).toBe(before);

    // Resolves with the alert: the notice, then the documents.
    await registry.setMode('healthy');
    await waitFor(async () => (await notices())[0]?.state === 'resolved', 25_000);
    expect(await notices()).toHaveLength(1);
    await waitFor(async () => stateOf(await status(), 'Registry') === 'operational', 3_000);
    await waitFor(async () => (await summary()).incidents.length === 0, 3_000);
  }, 60_000);
});
