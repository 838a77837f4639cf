import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../src/schemas/service-status.js';
import { STATUSPAGE_ENDPOINTS } from '../../../src/verify/contract.js';
import { type VerifyReport, VerifyReportSchema } from '../../../src/verify/verify-report.js';
import { useBuiltSite } from '../../helpers/built-site.js';
import { REPO_ROOT } from '../../helpers/fixtures.js';
import { runCli, startCli } from '../../helpers/run-cli.js';
import { useStandins } from '../../helpers/standins.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { waitFor } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { useCliSite } from '../../helpers/use-cli-site.js';

/**
 * `verify` against `serve`, both the real CLI in child processes, on a site
 * built by the real `build` (once for the file, copied into each site):
 * each configuration a deployment of ours can be in must pass our own verify,
 * the documents it leaves out reported as skips.
 */
const cli = useCliSite();
const standin = useStandins();
const built = useBuiltSite();

const extraSites: TempSite[] = [];

const build = (site: TempSite): Promise<void> => built.copyInto(site);

async function serve(site: TempSite): Promise<string> {
  const port = await unusedPort();
  const child = startCli(['serve'], { cwd: site.root, env: { PORT: String(port), HOST: '127.0.0.1' } });
  cli.children.push(child);
  const [, url] = await child.waitForOutput(/listening on (http:\S+)/, 20_000);
  return String(url);
}

async function probeOnce(
  site: TempSite,
  config: object,
  region: string,
  env: Record<string, string> = {},
): Promise<void> {
  await writeFile(join(site.root, 'components.json'), JSON.stringify(config));
  const result = await runCli(
    ['probe', '--once', '--config', 'components.json', '--state', '.state/probe-state.json'],
    { cwd: site.root, env: { REGION: region, ...env }, timeoutMs: 60_000 },
  );
  expect(result.stderr).not.toMatch(/could not|error/i);
  expect(result.code).toBe(0);
}

/**
 * Until `serve` at `url` answers what a probe cycle publishes. A directory the
 * probe made after `serve` started (api/v2/) is found by its poll, every
 * 0.5 s, so a verify started at once could find those documents not there yet.
 */
async function untilServed(url: string): Promise<void> {
  const paths = ['/api/v1/uptime', '/api/v1/incidents', '/api/v1/observations'].concat(
    STATUSPAGE_ENDPOINTS.map((endpoint) => `/api/${endpoint}`),
  );
  await waitFor(async () => {
    const answers = await Promise.all(
      paths.map(async (path) => {
        const response = await fetch(new URL(path, url));
        await response.arrayBuffer();
        return response.status;
      }),
    );
    return answers.every((status) => status === 200);
  });
}

async function verify(url: string): Promise<{ code: number | null; report: VerifyReport }> {
  const result = await runCli(['verify', url, '--json'], { cwd: REPO_ROOT, timeoutMs: 60_000 });
  return { code: result.code, report: VerifyReportSchema.parse(JSON.parse(result.stdout)) };
}

function outcomes(report: VerifyReport, outcome: 'pass' | 'fail' | 'skip'): string[] {
  return report.checks.filter((check) => check.outcome === outcome).map((check) => `${check.endpoint} ${check.check}`);
}

describe('verify against our own serve', () => {
  it('passes with history off (a build and a status): the probe-only documents are skipped, not failed', async () => {
    await build(cli.site);
    await publishStatus(cli.site.publicDir, sampleStatus({ updated_at: formatTimestamp(new Date()) }));
    const { code, report } = await verify(await serve(cli.site));
    expect(outcomes(report, 'fail')).toEqual([]);
    // Statuspage's documents carry the probe's status too, so without a probe there are none.
    expect(outcomes(report, 'skip')).toEqual([
      'uptime status-code',
      'component-history status-code',
      'monthly-report status-code',
      'incidents status-code',
      'observations status-code',
      'heartbeats status-code',
      ...STATUSPAGE_ENDPOINTS.map((endpoint) => `${endpoint} status-code`),
      // The probe writes the status in markdown; the build only the index.
      'status.md status-code',
      // The first group is the one Statuspage's components document names: none without a probe.
      'group-feed status-code',
    ]);
    expect(code).toBe(0);
  }, 120_000);

  it('passes with history on, a heartbeat component and no peers, nothing skipped', async () => {
    const healthy = await standin({ mode: 'healthy' });
    await build(cli.site);
    const components = [
      { name: 'Control API', url: healthy.origin, group: 'Control plane' },
      { name: 'Nightly Build', heartbeat: { every_seconds: 3600, token_env: 'NIGHTLY_BUILD_TOKEN' } },
    ];
    await probeOnce(cli.site, { region: 'ams1', components }, 'ams1', {
      NIGHTLY_BUILD_TOKEN: 'a-nightly-build-token-0123456789',
    });
    const { code, report } = await verify(await serve(cli.site));
    expect(outcomes(report, 'fail')).toEqual([]);
    expect(outcomes(report, 'skip')).toEqual([]);
    expect(code).toBe(0);
  }, 120_000);

  it('passes with history on and a peer that votes, for both regions, nothing skipped', async () => {
    const healthy = await standin({ mode: 'healthy' });
    const peer = await makeTempSite();
    extraSites.push(peer);
    try {
      const components = [{ name: 'Control API', url: healthy.origin, scope: 'global', group: 'Control plane' }];
      await build(peer);
      const peerUrl = await serve(peer);
      await probeOnce(peer, { region: 'fra1', components, peers: { ams1: 'http://127.0.0.1:9' } }, 'fra1');
      await build(cli.site);
      const url = await serve(cli.site);
      await probeOnce(cli.site, { region: 'ams1', components, peers: { fra1: peerUrl } }, 'ams1');
      for (const target of [url, peerUrl]) {
        await untilServed(target);
        const { code, report } = await verify(target);
        expect(outcomes(report, 'fail')).toEqual([]);
        expect(outcomes(report, 'skip')).toEqual([]);
        expect(code).toBe(0);
      }
    } finally {
      await Promise.all(extraSites.splice(0).map((site) => site.remove()));
    }
  }, 180_000);

  it('fails only the status before the first probe cycle: the contract document is not there yet', async () => {
    await build(cli.site);
    const { code, report } = await verify(await serve(cli.site));
    expect(outcomes(report, 'fail')).toEqual(['status status-code']);
    expect(code).toBe(1);
  }, 120_000);
});
