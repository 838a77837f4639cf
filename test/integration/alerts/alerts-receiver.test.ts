import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ALERTS_BODY_BYTES } from '../../../src/alerts/alerts-route.js';
import type { PushListener } from '../../../src/heartbeats/push-listener.js';
import { openPushListener } from '../../../src/probe-process/open-push-listener.js';
import { runCli } from '../../helpers/run-cli.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';

const TOKEN = 'alerts-token-0123456789abcdef';
const tempDir = tempDirsPerTest();
let dir: string;
let listener: PushListener | undefined;
let lines: string[];

beforeEach(async () => {
  dir = await tempDir();
  lines = [];
  await mkdir(join(dir, 'data'));
  await writeFile(
    join(dir, 'data', 'components.json'),
    JSON.stringify({
      region: 'ams1',
      alerts: { severity_states: { page: 'major_outage' }, components: { MirrorLag: 'Mirror' } },
      components: [
        { name: 'Registry', url: 'http://127.0.0.1:9/' },
        { name: 'Mirror', url: 'http://127.0.0.1:9/' },
      ],
    }),
  );
});
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

async function open(): Promise<string> {
  listener = await openPushListener({
    configFile: join(dir, 'data', 'components.json'),
    stateFile: join(dir, '.state', 'probe-state.json'),
    port: 0,
    host: '127.0.0.1',
    log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    env: { ALERTS_TOKEN: TOKEN },
    alerts: { noticesFile: join(dir, 'data', 'notices.json') },
  });
  return listener.origin;
}

/** Grafana's contact point payload, as its documentation shows it, about `labels`. */
function grafanaPayload(
  status: 'firing' | 'resolved',
  labels: Record<string, string>,
  startsAt = '2026-11-28T10:00:00Z',
) {
  return JSON.stringify({
    receiver: 'status page',
    status,
    orgId: 1,
    alerts: [
      {
        status,
        labels,
        annotations: { summary: 'Mirror lags', description: 'The mirror is an hour behind.' },
        startsAt,
        endsAt: '0001-01-01T00:00:00Z',
        generatorURL: 'https://grafana.example/alerting/1/edit',
        fingerprint: 'c6eadffa33fcdf37',
        silenceURL: '',
        dashboardURL: '',
        panelURL: '',
        values: { B: 44.2 },
      },
    ],
    groupLabels: { alertname: labels.alertname },
    commonLabels: labels,
    commonAnnotations: { summary: 'Mirror lags', description: 'The mirror is an hour behind.' },
    externalURL: 'https://grafana.example/',
    version: '1',
    groupKey: '{}:{alertname="MirrorLag"}',
    truncatedAlerts: 0,
    title: '[FIRING:1] MirrorLag',
    state: 'alerting',
    message: '',
  });
}

async function post(origin: string, path: string, body: string, token: string | undefined = TOKEN) {
  const answer = await request(`${origin}${path}`, {
    method: 'POST',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    body,
  });
  return { status: answer.statusCode, text: await answer.body.text() };
}

const readNotices = async () => JSON.parse(await readFile(join(dir, 'data', 'notices.json'), 'utf8'));

describe('the alerts receiver', () => {
  it('opens on a config with alerts and no heartbeat component, and takes Grafana with a mapped alert name', async () => {
    const origin = await open();
    const labels = { alertname: 'MirrorLag', severity: 'page' };
    const opened = await post(origin, '/alerts/grafana', grafanaPayload('firing', labels));
    expect(opened.status).toBe(200);
    expect(JSON.parse(opened.text)).toMatchObject({ outcome: 'opened' });
    const [notice] = await readNotices();
    expect(notice).toMatchObject({
      title: 'Mirror lags',
      components: ['Mirror'],
      updates: [{ text: 'The mirror is an hour behind.', impact: { Mirror: 'major_outage' } }],
      opened_by: { source: 'grafana', group_key: '{}:{alertname="MirrorLag"}' },
    });
    expect(JSON.parse((await post(origin, '/alerts/grafana', grafanaPayload('resolved', labels))).text)).toMatchObject({
      outcome: 'resolved',
    });
  });

  it('refuses other paths, other methods, a body past the cap and a body that is no payload', async () => {
    const origin = await open();
    expect((await post(origin, '/alerts/nagios', '{}')).status).toBe(404);
    const get = await request(`${origin}/alerts/alertmanager`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await get.body.dump();
    expect(get.statusCode).toBe(405);
    expect((await post(origin, '/alerts/alertmanager', 'x'.repeat(MAX_ALERTS_BODY_BYTES + 1))).status).toBe(413);
    expect(
      (
        await post(
          origin,
          '/alerts/alertmanager',
          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]'.padEnd(70, ']'),
        )
      ).status,
    ).toBe(400);
    expect((await post(origin, '/alerts/alertmanager', grafanaPayload('firing', { alertname: 'X' }))).status).toBe(400);
  });

  it('answers 200 to alerts about an unknown component and logs the name once', async () => {
    const origin = await open();
    const body = grafanaPayload('firing', { alertname: 'CacheDown', component: 'Cache' });
    for (let round = 0; round < 2; round += 1) {
      expect(JSON.parse((await post(origin, '/alerts/grafana', body)).text)).toEqual({
        outcome: 'unchanged',
        notice: null,
      });
    }
    expect(lines.filter((line) => line.includes('Cache'))).toHaveLength(1);
  });

  it('lets a person resolve the notice with the CLI; the same alert firing on changes nothing, firing again opens a new one', async () => {
    const origin = await open();
    const labels = { alertname: 'MirrorLag', severity: 'warning' };
    await post(origin, '/alerts/grafana', grafanaPayload('firing', labels));
    const [opened] = await readNotices();
    const resolved = await runCli(['notice', 'resolve', opened.id, '--text', 'Fixed by hand.'], { cwd: dir });
    expect(resolved.code, resolved.stderr).toBe(0);
    const afterPerson = await readNotices();
    expect(afterPerson[0]).toMatchObject({ state: 'resolved', opened_by: { source: 'grafana' } });
    expect(JSON.parse((await post(origin, '/alerts/grafana', grafanaPayload('firing', labels))).text)).toMatchObject({
      outcome: 'unchanged',
    });
    const refired = await post(origin, '/alerts/grafana', grafanaPayload('firing', labels, '2026-11-28T12:00:00Z'));
    expect(JSON.parse(refired.text)).toMatchObject({ outcome: 'opened' });
    expect((await readNotices()).map((notice: { state: string }) => notice.state)).toEqual([
      'resolved',
      'investigating',
    ]);
  });
});
