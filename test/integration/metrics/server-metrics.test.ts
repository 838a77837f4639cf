import { randomBytes } from 'node:crypto';
import { Registry } from 'prom-client';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MetricsListener, startMetricsListener } from '../../../src/metrics/start-metrics-listener.js';
import { type RunningServer, startServer } from '../../../src/server/start-server.js';
import { publishDocuments } from '../../helpers/document-fixtures.js';
import { closeAll, openIdleConnections } from '../../helpers/idle-connections.js';
import { publishObservations, sampleObservations } from '../../helpers/observations-fixture.js';
import { checkMetrics } from '../../helpers/promtool.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';

let site: TempSite;
let server: RunningServer;
let listener: MetricsListener;
const NOW = new Date('2026-11-21T04:38:29Z');

beforeEach(async () => {
  site = await makeTempSite();
  await publishStatus(
    site.publicDir,
    sampleStatus({
      status: 'partial_outage',
      components: [
        { name: 'Control API', status: 'operational' },
        { name: 'Scheduler', status: 'partial_outage' },
        { name: 'Build Service', status: 'operational' },
        { name: 'Registry', status: 'operational' },
      ],
    }),
  );
  await publishObservations(site.publicDir, sampleObservations());
  await publishDocuments(site.publicDir, ['/api/v1/uptime']);
  const registry = new Registry();
  server = await startServer({
    publicDir: site.publicDir,
    headersFile: site.headersFile,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
    now: () => NOW,
    metrics: { registry, groups: new Map([['Scheduler', 'Compute']]) },
  });
  listener = await startMetricsListener({ registry, port: 0, host: '127.0.0.1', log: () => {} });
});
afterEach(async () => {
  await Promise.all([server.close(), listener.close()]);
  await site.remove();
});

async function scrape(): Promise<string> {
  const response = await request(listener.url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body.text();
}

/** The lines of one metric family's samples. */
function samplesOf(exposition: string, name: string): string[] {
  return exposition.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('the metrics listener of serve', () => {
  it('passes promtool check metrics, request counts included', async () => {
    for (const path of ['/api/v1/status', '/healthz', '/nowhere'])
      await (await request(`${server.url}${path}`)).body.dump();
    const exposition = await scrape();
    expect(samplesOf(exposition, 'service_directory_http_requests_total')).toHaveLength(3);
    const result = await checkMetrics(exposition);
    expect(result.stderr + result.stdout).toBe('');
    expect(result.code).toBe(0);
  });

  it('publishes each component state as a state set: 1 for the published state, 0 for the other four', async () => {
    const lines = samplesOf(await scrape(), 'service_directory_component_status');
    expect(lines).toHaveLength(4 * 5);
    const scheduler = lines.filter((line) => line.includes('component="Scheduler"'));
    expect(scheduler).toEqual([
      'service_directory_component_status{region="Amsterdam 1",component="Scheduler",group="Compute",status="operational"} 0',
      'service_directory_component_status{region="Amsterdam 1",component="Scheduler",group="Compute",status="under_maintenance"} 0',
      'service_directory_component_status{region="Amsterdam 1",component="Scheduler",group="Compute",status="degraded_performance"} 0',
      'service_directory_component_status{region="Amsterdam 1",component="Scheduler",group="Compute",status="partial_outage"} 1',
      'service_directory_component_status{region="Amsterdam 1",component="Scheduler",group="Compute",status="major_outage"} 0',
    ]);
    expect(lines.filter((line) => line.endsWith(' 1'))).toHaveLength(4);
  });

  it('gives the status age from updated_at and the clock', async () => {
    expect(samplesOf(await scrape(), 'service_directory_status_age_seconds')).toEqual([
      'service_directory_status_age_seconds{region="Amsterdam 1"} 30',
    ]);
  });

  it('gives latency, uptime windows, the peers and the vote from the documents the server holds', async () => {
    const text = await scrape();
    expect(samplesOf(text, 'service_directory_component_check_latency_seconds')).toContain(
      'service_directory_component_check_latency_seconds{region="Amsterdam 1",component="Control API",group=""} 1',
    );
    expect(samplesOf(text, 'service_directory_component_uptime_ratio')).toContain(
      'service_directory_component_uptime_ratio{region="Amsterdam 1",component="Registry",group="",window="30d"} 0.99937',
    );
    expect(samplesOf(text, 'service_directory_component_uptime_ratio')).toHaveLength(4 * 4);
    expect(samplesOf(text, 'service_directory_peer_observations')).toContain(
      'service_directory_peer_observations{region="Amsterdam 1",peer="lhr1",outcome="unreachable"} 1',
    );
    expect(samplesOf(text, 'service_directory_component_vote')).toContain(
      'service_directory_component_vote{region="Amsterdam 1",component="Control API",group="",outcome="decided"} 1',
    );
    expect(samplesOf(text, 'service_directory_component_vote_answered')).toEqual([
      'service_directory_component_vote_answered{region="Amsterdam 1",component="Control API",group=""} 3',
    ]);
  });

  it('gives the staleness bound /healthz applies: three intervals of the published uptime document', async () => {
    expect(samplesOf(await scrape(), 'service_directory_status_stale_after_seconds')).toEqual([
      'service_directory_status_stale_after_seconds{region="Amsterdam 1"} 90',
    ]);
  });

  it('follows a newly published status at the next scrape', async () => {
    await publishStatus(site.publicDir, sampleStatus({ updated_at: '2026-11-21T04:38:19Z' }));
    await waitFor(async () =>
      samplesOf(await scrape(), 'service_directory_status_age_seconds').includes(
        'service_directory_status_age_seconds{region="Amsterdam 1"} 10',
      ),
    );
  });

  it('answers 404 on the public port for /metrics, like any unknown path', async () => {
    const response = await request(`${server.url}/metrics`);
    expect(response.statusCode).toBe(404);
    expect(await response.body.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it("holds connections to its limits: past a client's share closed at once, idle ones within seconds", async () => {
    const limited = await startMetricsListener({
      registry: new Registry(),
      port: 0,
      host: '127.0.0.1',
      log: () => {},
      connectionLimits: { maxConnections: 20, maxPerClient: 5, idleMs: 300, handshakeMs: 300, requestMs: 1_000 },
    });
    const held = await openIdleConnections(Number(new URL(limited.url).port), 9, '127.0.5.1');
    try {
      await waitFor(async () => held.filter((c) => !c.closed()).length === 5, 2_000);
      expect((await request(limited.url)).statusCode).toBe(200);
      await waitFor(async () => held.every((c) => c.closed()), 3_000);
    } finally {
      closeAll(held);
      await limited.close();
    }
  });

  it('answers 404 on the metrics port for anything but /metrics', async () => {
    const response = await request(new URL('/api/v1/status', listener.url));
    await response.body.dump();
    expect(response.statusCode).toBe(404);
  });

  it('counts requests by path and code, folding 1,000 random paths into one label value', async () => {
    const before = samplesOf(await scrape(), 'service_directory_http_requests_total').length;
    expect(before).toBe(0);
    for (let index = 0; index < 1_000; index += 1) {
      const response = await request(`${server.url}/${randomBytes(8).toString('hex')}?${index}`);
      await response.body.dump();
    }
    const status = await request(`${server.url}/api/v1/status?cache=bust`);
    await status.body.dump();
    const lines = samplesOf(await scrape(), 'service_directory_http_requests_total');
    expect(lines.sort()).toEqual([
      'service_directory_http_requests_total{path="/api/v1/status",code="200"} 1',
      'service_directory_http_requests_total{path="other",code="404"} 1000',
    ]);
  });

  it('escapes a component name with quotes and backslashes in its labels, still valid for promtool', async () => {
    await publishStatus(
      site.publicDir,
      sampleStatus({
        components: [{ name: 'Say "hi" \\ now', status: 'operational' }],
        updated_at: '2026-11-21T04:38:00Z',
      }),
    );
    let exposition = '';
    await waitFor(async () => {
      exposition = await scrape();
      return exposition.includes('component="Say \\"hi\\" \\\\ now"');
    });
    const result = await checkMetrics(exposition);
    expect(result.stderr + result.stdout).toBe('');
    expect(result.code).toBe(0);
  });
});
