import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Dnsmasq, hasDnsmasq, startDnsmasq } from '../../helpers/dnsmasq.js';
import { type GrpcHealthServer, startGrpcHealthServer } from '../../helpers/grpc-health-server.js';
import { startCli } from '../../helpers/run-cli.js';
import { waitFor } from '../../helpers/test-server.js';
import { recordedPage, startUpstreamPageServer, type UpstreamPageServer } from '../../helpers/upstream-page-server.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

const cli = useCliSite();
const TOKEN = 'nightly-build-token-0123456789abcdef';
const REGISTRY_HOSTS = ['10.0.0.1 registry.test', '10.0.0.2 registry.test'];

/**
 * The whole of it, as production runs it: the compiled CLI's sidecar with
 * one component of each new kind, against real servers on loopback (dnsmasq,
 * a gRPC server with the standard health service, a provider's Statuspage,
 * and the sidecar's own push listener), every second, thresholds of 1.
 */
describe.skipIf(!hasDnsmasq())('a sidecar with a heartbeat, a DNS, a gRPC and an upstream component', () => {
  let dns: Dnsmasq;
  let grpc: GrpcHealthServer;
  let provider: UpstreamPageServer;
  beforeEach(async () => {
    dns = await startDnsmasq({ hosts: REGISTRY_HOSTS });
    grpc = await startGrpcHealthServer({ statuses: { '': 'SERVING', 'scheduler.v1.Scheduler': 'SERVING' } });
    provider = await startUpstreamPageServer({ status: 200, body: recordedPage('github-operational') });
  });
  afterEach(async () => {
    await dns?.stop();
    await grpc?.stop();
    await provider?.stop();
  });

  it('publishes each one’s state and recovers it; a push with a wrong token changes nothing', async () => {
    const { root, publicDir, regionsFile } = cli.site;
    const config = join(root, 'data', 'components.json');
    await writeFile(
      config,
      JSON.stringify({
        region: 'ams1',
        schedule: '* * * * * *',
        failure_threshold: 1,
        success_threshold: 1,
        upstream_refresh_seconds: 1,
        components: [
          {
            name: 'Nightly Build',
            heartbeat: { every_seconds: 2, grace_seconds: 1, token_env: 'NIGHTLY_BUILD_TOKEN' },
          },
          { name: 'Registry DNS', url: `dns://${dns.server}/registry.test?type=A`, expect_answer: ['10.0.0.1'] },
          { name: 'Scheduler', url: `grpc://127.0.0.1:${grpc.port}/scheduler.v1.Scheduler`, timeout_ms: 2000 },
          { name: 'GitHub', url: `statuspage+${provider.origin}`, upstream_component: 'Git Operations' },
        ],
      }),
    );
    const sidecar = startCli(
      [
        'probe',
        '--config',
        config,
        '--regions',
        regionsFile,
        '--out',
        publicDir,
        '--push-port',
        '0',
        '--state',
        join(root, 'state', 'probe-state.json'),
      ],
      { cwd: root, env: { NIGHTLY_BUILD_TOKEN: TOKEN } },
    );
    cli.children.push(sidecar);
    const [, pushes] = await sidecar.waitForOutput(/heartbeat pushes on (http:\/\/127\.0\.0\.1:\d+\/heartbeat\/)SLUG/);
    const push = async (query = '', token = TOKEN) =>
      (
        await request(`${pushes}nightly-build${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode;
    const read = async (path: string) => JSON.parse(await readFile(join(publicDir, path), 'utf8').catch(() => '{}'));
    const states = async (): Promise<Record<string, string>> =>
      Object.fromEntries(
        ((await read('api/v1/status')).components ?? []).map(({ name, status }: { name: string; status: string }) => [
          name,
          status,
        ]),
      );
    const reasons = async (): Promise<Record<string, string | null>> =>
      Object.fromEntries(
        ((await read('api/v1/observations')).components ?? []).map(
          ({ name, failure_reason }: { name: string; failure_reason: string | null }) => [name, failure_reason],
        ),
      );
    // The status is flushed before the cycle's observations are written: a reader can see a
    // component down in the one and not yet in the other, so wait for the reasons to catch up.
    const reasonsOnceDown = async (names: readonly string[]) => {
      await waitFor(async () => {
        const found = await reasons();
        return names.every((name) => typeof found[name] === 'string');
      }, 10_000);
      return reasons();
    };
    const until = (expected: Record<string, string>) =>
      waitFor(async () => JSON.stringify(await states()) === JSON.stringify(expected), 10_000).catch(async (error) => {
        throw new Error(`${error.message}: ${JSON.stringify(await states())}\n${sidecar.output()}`);
      });
    const all = (status: string) => ({
      'Nightly Build': status,
      'Registry DNS': status,
      Scheduler: status,
      GitHub: status,
    });

    expect(await push()).toBe(204);
    await until(all('operational'));

    // Each breaks its own way.
    await dns.setHosts(['10.0.0.7 registry.test']);
    grpc.setStatus('scheduler.v1.Scheduler', 'NOT_SERVING');
    provider.answer({ status: 200, body: recordedPage('github-outage') });
    expect(await push('?status=fail&message=make%20failed')).toBe(204);
    await until(all('major_outage'));
    expect(await reasonsOnceDown(Object.keys(all('major_outage')))).toEqual({
      'Nightly Build': 'heartbeat failed: "make failed"',
      'Registry DNS': 'answer lacks "10.0.0.1": got "10.0.0.7"',
      Scheduler: 'health NOT_SERVING',
      GitHub: 'upstream reports major_outage for "Git Operations"',
    });

    // A push with a wrong token is refused and changes nothing, cycle after cycle.
    const record = await readFile(join(root, 'state', 'heartbeats', 'nightly-build.json'), 'utf8');
    expect(await push('', 'not-the-token-0123456789abcdef012')).toBe(401);
    const cycles = (sidecar.output().match(/cycle done/g) ?? []).length;
    await waitFor(async () => (sidecar.output().match(/cycle done/g) ?? []).length >= cycles + 2, 10_000);
    expect((await states())['Nightly Build']).toBe('major_outage');
    expect(await readFile(join(root, 'state', 'heartbeats', 'nightly-build.json'), 'utf8')).toBe(record);

    // And each recovers.
    await dns.setHosts(REGISTRY_HOSTS);
    grpc.setStatus('scheduler.v1.Scheduler', 'SERVING');
    provider.answer({ status: 200, body: recordedPage('github-operational') });
    expect(await push()).toBe(204);
    await until(all('operational'));

    // A job that stops pushing is down once every + grace have passed, and back with its next push.
    await until({ ...all('operational'), 'Nightly Build': 'major_outage' });
    expect((await reasonsOnceDown(['Nightly Build']))['Nightly Build']).toMatch(
      /^no heartbeat since \S+Z \(expected every 2 s, grace 1 s\)$/,
    );
    expect(await push()).toBe(204);
    await until(all('operational'));

    expect(sidecar.output()).toMatch(/Nightly Build: major_outage -> operational/);
    expect(sidecar.output()).toMatch(
      /heartbeats: refused 401 from 127\.0\.0\.1: POST \/heartbeat\/nightly-build: wrong token/,
    );
    expect(sidecar.output()).not.toContain(TOKEN);
    sidecar.child.kill('SIGTERM');
    expect(await sidecar.exited()).toBe(0);
  }, 60_000);
});
