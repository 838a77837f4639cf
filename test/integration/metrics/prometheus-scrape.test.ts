import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { startPrometheus } from '../../helpers/prometheus.js';
import { startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { waitFor } from '../../helpers/test-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const standin = useStandins();
const cli = useCliSite();

interface QueryResult {
  readonly status: string;
  readonly data: {
    readonly result: readonly { readonly metric: Record<string, string>; readonly value: [number, string] }[];
  };
}

/** An instant PromQL query through Prometheus's HTTP API. */
async function query(prometheus: string, promql: string): Promise<QueryResult['data']['result']> {
  const response = await request(`${prometheus}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await response.body.json()) as QueryResult;
  expect(body.status).toBe('success');
  return body.data.result;
}

describe('a real Prometheus server', () => {
  it('scrapes serve and the probe sidecar and answers a PromQL query about a component taken down', async () => {
    const scheduler = await standin({ name: 'Scheduler' });
    const registry = await standin({ name: 'Registry' });
    const { site, children } = cli;
    await writeFile(
      join(site.root, 'data', 'components.json'),
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        components: [
          {
            name: 'Scheduler',
            group: 'Compute',
            url: `${scheduler.origin}/healthz`,
            timeout_ms: 500,
            degraded_ms: 400,
          },
          { name: 'Registry', url: `${registry.origin}/healthz`, timeout_ms: 500, degraded_ms: 400 },
        ],
      }),
    );
    const serve = startCli(['serve', '--metrics-port', '0'], { cwd: site.root, env: { PORT: '0' } });
    const probe = startCli(['probe', '--metrics-port', '0'], { cwd: site.root, env: {} });
    children.push(serve, probe);
    const [, serveMetrics] = await serve.waitForOutput(/metrics on http:\/\/(\S+)\/metrics/);
    const [, probeMetrics] = await probe.waitForOutput(/metrics on http:\/\/(\S+)\/metrics/);

    const origin = await startPrometheus(
      site.root,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        `  - { job_name: service-directory, static_configs: [{ targets: ['${serveMetrics}'] }] }`,
        `  - { job_name: service-directory-probe, static_configs: [{ targets: ['${probeMetrics}'] }] }`,
      ],
      children,
    );

    const up = 'up{job=~"service-directory|service-directory-probe"} == 1';
    await waitFor(async () => (await query(origin, up)).length === 2, 10_000);
    const operational = 'service_directory_component_status{component="Scheduler",status="operational"} == 1';
    await waitFor(async () => (await query(origin, operational)).length === 1, 10_000);

    await scheduler.close();
    const down = 'service_directory_component_status{component="Scheduler",status="major_outage"} == 1';
    await waitFor(async () => (await query(origin, down)).length === 1, 10_000);
    const [series] = await query(origin, down);
    expect(series?.metric).toMatchObject({
      job: 'service-directory',
      region: 'Amsterdam 1',
      component: 'Scheduler',
      group: 'Compute',
    });
    expect(
      await query(origin, 'service_directory_component_status{component="Registry",status="operational"} == 1'),
    ).toHaveLength(1);
    // The probe's own view of the same failure: refused connections, counted by class.
    const refused = 'service_directory_probe_checks_total{job="service-directory-probe",failure_class="refused"} > 0';
    await waitFor(async () => (await query(origin, refused)).length === 1, 5_000);
  }, 45_000);
});
