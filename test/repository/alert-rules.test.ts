import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerProbeMetrics } from '../../src/metrics/probe-metrics.js';
import { registerServerMetrics } from '../../src/metrics/server-metrics.js';
import { runPromtool } from '../helpers/promtool.js';
import { REPO_ROOT } from '../helpers/temp-site.js';

const PROMETHEUS_DIR = join(REPO_ROOT, 'deploy', 'prometheus');

describe('deploy/prometheus/alerts.yml', () => {
  it('passes promtool check rules', async () => {
    const result = await runPromtool(['check', 'rules', 'alerts.yml'], '', PROMETHEUS_DIR);
    expect(result.stdout).toContain('SUCCESS: 9 rules found');
    expect(result.code).toBe(0);
  });

  it('passes its unit tests, promtool test rules alerts.test.yml', async () => {
    const result = await runPromtool(['test', 'rules', 'alerts.test.yml'], '', PROMETHEUS_DIR);
    expect(result.stdout + result.stderr).toContain('SUCCESS');
    expect(result.code).toBe(0);
  });

  it('names only metrics the server and the probe expose', async () => {
    const registry = new Registry();
    registerServerMetrics({
      registry,
      documents: {
        status: () => undefined,
        observations: () => undefined,
        uptime: () => undefined,
        staleAfterMs: () => 0,
      },
      groups: new Map(),
      knownPaths: new Set(),
    });
    registerProbeMetrics({ registry });
    const exposed = new Set(registry.getMetricsAsArray().map((metric) => metric.name));
    const rules = await readFile(join(PROMETHEUS_DIR, 'alerts.yml'), 'utf8');
    const named = new Set(rules.match(/\bservice_directory_\w+/g));
    expect(named.size).toBeGreaterThan(5);
    // A histogram is exposed under its name and read as its `_bucket`, `_count` and `_sum` series.
    const histograms = new Set(
      registry.getMetricsAsArray().flatMap((metric) => (String(metric.type) === 'histogram' ? [metric.name] : [])),
    );
    const series = (name: string) => exposed.has(name) || histograms.has(name.replace(/_(bucket|count|sum)$/, ''));
    expect([...named].filter((name) => !series(name))).toEqual([]);
  });

  it('comes with a Prometheus config that loads it: promtool check config prometheus.yml', async () => {
    const result = await runPromtool(['check', 'config', 'prometheus.yml'], '', PROMETHEUS_DIR);
    expect(result.stdout).toContain('SUCCESS');
    expect(result.code).toBe(0);
  });
});
