import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ServiceStatus, ServiceStatusSchema } from '../../../src/schemas/service-status.js';
import { runStart, writeStartConfig } from '../../helpers/start-command.js';
import { REPO_ROOT, snapshotTree } from '../../helpers/temp-site.js';
import { freeBasePort, isPortFree } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();

async function getStatus(origin: string): Promise<ServiceStatus | undefined> {
  const response = await fetch(`${origin}/api/v1/status`);
  if (response.status !== 200) return undefined;
  return ServiceStatusSchema.parse(await response.json());
}

async function waitFor<T>(get: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await get();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing within ${timeoutMs} ms`);
}

describe('start', () => {
  it('builds, launches the stand-ins, serves and probes: a probed status within seconds, then Ctrl-C stops it all', async () => {
    const { site } = cli;
    // The shipped config (still naming ports 4101-4104: --standins-port moves the checks too) on a one-second schedule.
    const base = await freeBasePort(6);
    const startArgs = await writeStartConfig(cli, base);
    // A checkout's public/: the page's files as committed, which start must leave as they are.
    await cp(join(REPO_ROOT, 'public'), site.publicDir, { recursive: true });
    const checkedOut = await snapshotTree(site.publicDir);
    const startPublic = join(site.root, '.state', 'start-public');
    const started = Date.now();
    const child = await runStart(cli, startArgs);
    const { origin } = child;
    expect(child.output()).toContain('STAND-INS: the components below are NOT a real platform');

    const first = await waitFor(() => getStatus(origin), 10_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(first).toMatchObject({
      status: 'operational',
      region: 'Amsterdam 1',
      components: [
        { name: 'Control API', status: 'operational' },
        { name: 'Scheduler', status: 'operational' },
        { name: 'Build Service', status: 'operational' },
        { name: 'Registry', status: 'operational' },
      ],
    });
    const regions = await fetch(`${origin}/api/v1/regions`);
    expect(regions.status).toBe(200);

    const switched = await fetch(`http://127.0.0.1:${base}/scheduler/failing`, { method: 'POST' });
    expect(switched.status).toBe(200);
    const down = await waitFor(async () => {
      const status = await getStatus(origin);
      return status?.status === 'major_outage' ? status : undefined;
    }, 10_000);
    expect(down.components[1]).toEqual({ name: 'Scheduler', status: 'major_outage' });

    child.child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
    expect(child.output()).toContain('start: stopped');
    const files = Object.keys(await snapshotTree(startPublic)).sort();
    expect(files).toEqual(expect.arrayContaining(['api/v1/openapi.json', 'api/v1/regions', 'api/v1/status']));
    expect(files.filter((file) => file.split('/').some((segment) => segment.startsWith('.')))).toEqual([]);
    expect(await isPortFree(base + 2)).toBe(true);

    // Started again, the stand-ins are healthy: the first cycle publishes that, not the last run's outage.
    const lastRun = ServiceStatusSchema.parse(
      JSON.parse(await readFile(join(startPublic, 'api', 'v1', 'status'), 'utf8')),
    );
    expect(lastRun.status).toBe('major_outage');
    const again = await runStart(cli, startArgs);
    const fresh = await waitFor(async () => {
      const status = await getStatus(again.origin);
      return status !== undefined && status.updated_at > lastRun.updated_at ? status : undefined;
    }, 10_000);
    expect(fresh.status).toBe('operational');
    again.child.kill('SIGINT');
    expect(await again.exited()).toBe(0);
    // The page with the demo's form, its absolute links and the stand-ins' status went to the copy only.
    expect(await readFile(join(startPublic, 'index.html'), 'utf8')).not.toBe(
      await readFile(join(site.publicDir, 'index.html'), 'utf8'),
    );
    expect(await snapshotTree(site.publicDir)).toEqual(checkedOut);
  }, 60_000);

  it('takes heartbeat pushes and serves the server’s and the probe’s metrics, with --push-port and --metrics-port', async () => {
    const nightly = {
      name: 'Nightly Build',
      heartbeat: { every_seconds: 60, grace_seconds: 30, token_env: 'NIGHTLY_TOKEN' },
    };
    const startArgs = await writeStartConfig(cli, await freeBasePort(6), [nightly]);
    const child = await runStart(cli, [...startArgs, '--push-port', '0', '--metrics-port', '0'], {
      NIGHTLY_TOKEN: 'open-sesame-0123456789',
    });
    const { origin } = child;
    const [, pushes = ''] = await child.waitForOutput(
      /heartbeat pushes on (http:\/\/127\.0\.0\.1:\d+\/heartbeat\/)SLUG/,
      15_000,
    );
    const [, metrics = ''] = await child.waitForOutput(/metrics on (http:\/\/127\.0\.0\.1:\d+\/metrics)/, 15_000);

    const pushed = await fetch(`${pushes}nightly-build?status=fail&message=make%20failed`, {
      method: 'POST',
      headers: { authorization: 'Bearer open-sesame-0123456789' },
    });
    expect(pushed.status).toBe(204);
    const failed = await waitFor(async () => {
      const status = await getStatus(origin);
      return status?.components.find(({ name }) => name === 'Nightly Build')?.status === 'major_outage'
        ? status
        : undefined;
    }, 10_000);
    expect(failed.status).toBe('major_outage');
    const scraped = await (await fetch(metrics)).text();
    expect(scraped).toContain('service_directory_component_status{');
    expect(scraped).toMatch(/service_directory_probe_heartbeat_pushes_total\{[^}]*\} 1/);
    child.child.kill('SIGINT');
    expect(await child.exited()).toBe(0);
  }, 60_000);
});
