import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { formatTimestamp } from '../../../src/schemas/service-status.js';
import { startServer } from '../../../src/server/start-server.js';
import { buildSite } from '../../../src/site/build-site.js';
import { publishStatuspage } from '../../../src/statuspage/publish-statuspage.js';
import { NOT_PUBLISHED } from '../../../src/verify/check-deployment-endpoint.js';
import { ENDPOINTS } from '../../../src/verify/contract.js';
import { renderVerifyTable } from '../../../src/verify/render-verify-table.js';
import { verifyDeployment } from '../../../src/verify/verify-deployment.js';
import { type VerifyReport, VerifyReportSchema } from '../../../src/verify/verify-report.js';
import { publishDocuments } from '../../helpers/document-fixtures.js';
import {
  type Answers,
  type CannedResponse,
  GOOD_ADDED,
  GOOD_REGIONS,
  goodStatus,
  startFakeDeployment,
  uptimeWithInterval,
} from '../../helpers/fake-deployment.js';
import { HEADERS_FILE, REGIONS_FILE, REPO_ROOT } from '../../helpers/fixtures.js';
import { publishObservations, sampleObservations } from '../../helpers/observations-fixture.js';
import { runCli } from '../../helpers/run-cli.js';
import { publishStatus, sampleStatus } from '../../helpers/status-fixture.js';
import { publishSampleFeeds, sampleStatuspageSettings } from '../../helpers/statuspage-fixture.js';
import { tempDirsPerTest } from '../../helpers/temp-dirs.js';
import { unusedPort } from '../../helpers/unused-port.js';

const NOW = new Date('2026-11-21T04:40:00Z');
const FRESH = '2026-11-21T04:39:30Z';
const now = () => NOW;

const tempDir = tempDirsPerTest();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakeDeployment(answers: Answers): Promise<string> {
  const fake = await startFakeDeployment(answers);
  cleanups.push(() => fake.close());
  return fake.url;
}

function failedChecks(report: VerifyReport): string[] {
  return report.checks.filter((check) => check.outcome === 'fail').map((check) => `${check.endpoint} ${check.check}`);
}

/**
 * Our real server on a built temp site, with a fresh status published or none
 * yet, and the history, the notices and the feed published or not.
 */
async function startOurServer({ withStatus, withAdded }: { withStatus: boolean; withAdded: boolean }) {
  const dir = await tempDir();
  await buildSite({ regionsFile: REGIONS_FILE, headersFile: HEADERS_FILE, publicDir: dir });
  if (withAdded) {
    await publishDocuments(dir);
    await publishSampleFeeds(dir);
  }
  if (withStatus) {
    // The probe writes its observations beside the status, then Statuspage's documents from both and the rest.
    const status = sampleStatus({ updated_at: formatTimestamp(new Date()) });
    await publishStatus(dir, status);
    await publishObservations(dir, sampleObservations());
    await publishStatuspage({
      publicDir: createPublicDirWriter(dir),
      settings: sampleStatuspageSettings(),
      status,
      notices: [],
      now: new Date(),
    });
  }
  const running = await startServer({
    publicDir: dir,
    headersFile: HEADERS_FILE,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
  });
  cleanups.push(() => running.close());
  return running;
}

describe('verifyDeployment against our own server', () => {
  it('passes every check once a fresh status, the history, the notices and the feed are published', async () => {
    const running = await startOurServer({ withStatus: true, withAdded: true });

    const report = await verifyDeployment({ baseUrl: running.url });
    expect(failedChecks(report)).toEqual([]);
    expect(report.checks.every((check) => check.outcome === 'pass')).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('fails only the status code while the probe has published nothing', async () => {
    const running = await startOurServer({ withStatus: false, withAdded: true });

    const report = await verifyDeployment({ baseUrl: running.url });
    expect(failedChecks(report)).toEqual(['status status-code']);
    expect(report.ok).toBe(false);
  });

  it('skips the documents our server has no file for (404), as it skips a static host leaving them out', async () => {
    const running = await startOurServer({ withStatus: true, withAdded: false });

    const report = await verifyDeployment({ baseUrl: running.url });
    expect(failedChecks(report)).toEqual([]);
    const skipped = report.checks.filter((check) => check.outcome === 'skip').map((check) => check.endpoint);
    // No summary names a component, so no detail document is asked for.
    expect(skipped).toEqual([
      'uptime',
      'component-history',
      'monthly-report',
      'incidents',
      'notices',
      'heartbeats',
      'feed',
      'status.md',
      'component-feed',
      'group-feed',
    ]);
  });
});

describe('verifyDeployment against misconfigured deployments', () => {
  const status = goodStatus(FRESH);

  it.each<[string, Answers, string[]]>([
    ['a correct deployment', { regions: GOOD_REGIONS, status, ...GOOD_ADDED }, []],
    ['a correct deployment of the two contract documents only', { regions: GOOD_REGIONS, status }, []],
    [
      'a cacheable-for-long uptime document',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        uptime: { ...GOOD_ADDED.uptime, headers: { ...GOOD_ADDED.uptime.headers, 'Cache-Control': 'max-age=3600' } },
      },
      ['uptime cache-control'],
    ],
    [
      'incidents without CORS',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        incidents: {
          ...GOOD_ADDED.incidents,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' },
        },
      },
      ['incidents cors'],
    ],
    [
      'an incident without resolved_at',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        incidents: {
          ...GOOD_ADDED.incidents,
          body: String(GOOD_ADDED.incidents.body).replace(',"resolved_at":null', ''),
        },
      },
      ['incidents body'],
    ],
    [
      'notices served as text/plain',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        notices: { ...GOOD_ADDED.notices, headers: { ...GOOD_ADDED.notices.headers, 'Content-Type': 'text/plain' } },
      },
      ['notices content-type'],
    ],
    [
      'an uptime document that errors',
      { regions: GOOD_REGIONS, status, ...GOOD_ADDED, uptime: { status: 500, headers: {}, body: '' } },
      ['uptime status-code'],
    ],
    [
      'a feed typed as generic XML',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        feed: { ...GOOD_ADDED.feed, headers: { ...GOOD_ADDED.feed.headers, 'Content-Type': 'application/xml' } },
      },
      ['feed content-type'],
    ],
    [
      'a truncated feed',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        feed: { ...GOOD_ADDED.feed, body: GOOD_ADDED.feed.body.slice(0, 200) },
      },
      ['feed body'],
    ],
    [
      "a component's feed typed as generic XML, at the first component's slug",
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        'component-feed': {
          ...GOOD_ADDED['component-feed'],
          headers: { ...GOOD_ADDED['component-feed'].headers, 'Content-Type': 'text/xml' },
        },
      },
      ['component-feed content-type'],
    ],
    [
      "an RSS feed where the first group's Atom feed should be",
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        'group-feed': {
          ...GOOD_ADDED['group-feed'],
          body: '<rss version="2.0"><channel><title>x</title></channel></rss>',
        },
      },
      ['group-feed body'],
    ],
    [
      'an RSS feed where the Atom feed should be',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        feed: { ...GOOD_ADDED.feed, body: '<rss version="2.0"><channel><title>x</title></channel></rss>' },
      },
      ['feed body'],
    ],
    [
      'a charset on the regions Content-Type',
      {
        regions: {
          ...GOOD_REGIONS,
          headers: { ...GOOD_REGIONS.headers, 'Content-Type': 'application/json; charset=utf-8' },
        },
        status,
      },
      ['regions content-type'],
    ],
    [
      'a cacheable status',
      { regions: GOOD_REGIONS, status: { ...status, headers: { ...status.headers, 'Cache-Control': 'max-age=60' } } },
      ['status cache-control'],
    ],
    [
      'a regions document without Cache-Control',
      {
        regions: {
          ...GOOD_REGIONS,
          headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' },
        },
        status,
      },
      ['regions cache-control'],
    ],
    [
      'no CORS header anywhere',
      {
        regions: {
          ...GOOD_REGIONS,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
        },
        status: { ...status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } },
      },
      ['regions cors', 'status cors'],
    ],
    [
      'a status without components',
      {
        regions: GOOD_REGIONS,
        status: goodStatus(FRESH, { ...sampleStatus({ updated_at: FRESH }), components: undefined }),
      },
      ['status body'],
    ],
    [
      'a region without a country',
      {
        regions: {
          ...GOOD_REGIONS,
          body: JSON.stringify({
            object: 'list',
            data: [{ code: 'ams1', name: 'Amsterdam 1', zone: 'eu-west', status: 'operational' }],
          }),
        },
        status,
      },
      ['regions body'],
    ],
    ['a body that is not JSON', { regions: GOOD_REGIONS, status: { ...status, body: '<html>' } }, ['status body']],
    ['a stale status', { regions: GOOD_REGIONS, status: goodStatus('2026-11-21T04:30:00Z') }, ['status freshness']],
    [
      'a status from the future',
      { regions: GOOD_REGIONS, status: goodStatus('2026-11-21T05:00:00Z') },
      ['status freshness'],
    ],
    [
      'an unknown region',
      { regions: GOOD_REGIONS, status: goodStatus(FRESH, sampleStatus({ updated_at: FRESH, region: 'Atlantis 1' })) },
      ['status known-region'],
    ],
    ['a missing regions document', { status }, ['regions status-code']],
    [
      'cacheable observations',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        observations: {
          ...GOOD_ADDED.observations,
          headers: { ...GOOD_ADDED.observations.headers, 'Cache-Control': 'max-age=60' },
        },
      },
      ['observations cache-control'],
    ],
    [
      'observations naming the region instead of its code',
      {
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        observations: {
          ...GOOD_ADDED.observations,
          body: JSON.stringify(sampleObservations({ region: 'Amsterdam 1' })),
        },
      },
      ['observations body'],
    ],
    [
      'observations that error',
      { regions: GOOD_REGIONS, status, ...GOOD_ADDED, observations: { status: 500, headers: {}, body: '' } },
      ['observations status-code'],
    ],
    [
      'a status that errors',
      { regions: GOOD_REGIONS, status: { status: 500, headers: { 'Content-Type': 'application/json' }, body: '{}' } },
      ['status status-code'],
    ],
  ])('%s fails exactly %j', async (_description, answers, failures) => {
    const baseUrl = await fakeDeployment(answers);
    const report = await verifyDeployment({ baseUrl, now });
    expect(failedChecks(report)).toEqual(failures);
    expect(report.ok).toBe(failures.length === 0);
  });

  it('skips the checks that depend on a failed one instead of passing them', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS });
    const report = await verifyDeployment({ baseUrl, now });
    const outcomes = Object.fromEntries(
      report.checks.filter((check) => check.endpoint === 'status').map((check) => [check.check, check.outcome]),
    );
    expect(outcomes).toEqual({
      reachable: 'pass',
      'status-code': 'fail',
      'content-type': 'skip',
      'cache-control': 'skip',
      cors: 'skip',
      body: 'skip',
      freshness: 'skip',
      'known-region': 'skip',
    });
  });

  it('skips an optional document the deployment answers 404 for, in one row that says so', async () => {
    const { uptime: _notPublished, ...added } = GOOD_ADDED;
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status, ...added });
    const report = await verifyDeployment({ baseUrl, now });
    expect(report.ok).toBe(true);
    expect(report.checks.filter((check) => check.endpoint === 'uptime')).toEqual([
      expect.objectContaining({ check: 'reachable', outcome: 'pass' }),
      expect.objectContaining({ check: 'status-code', outcome: 'skip', actual: `404: ${NOT_PUBLISHED}` }),
    ]);
    expect(renderVerifyTable(report)).toMatch(/^skip +uptime +status-code /m);
    // Without a summary there is no component, nor a history to report a month of: two more rows, skipped.
    expect(report.checks.filter((check) => check.endpoint === 'monthly-report')).toEqual([
      expect.objectContaining({ check: 'status-code', outcome: 'skip' }),
    ]);
    expect(report.checks.filter((check) => check.endpoint === 'component-history')).toEqual([
      expect.objectContaining({
        check: 'status-code',
        outcome: 'skip',
        actual: expect.stringContaining('named no component'),
      }),
    ]);
    // The fake sends nothing compressed: every document it answers that is large enough skips that check too.
    const uncompressed = report.checks.filter((check) => check.check === 'compression' && check.outcome === 'skip');
    expect(uncompressed.length).toBeGreaterThan(0);
    expect(renderVerifyTable(report).trimEnd().split('\n').at(-1)).toBe(
      `PASS: ${report.checks.length - 3 - uncompressed.length} checks passed, ${3 + uncompressed.length} skipped`,
    );
  });

  it('reports that a deployment compresses nothing, without failing it', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status, ...GOOD_ADDED });
    const report = await verifyDeployment({ baseUrl, now });
    expect(report.ok).toBe(true);
    const compression = report.checks.filter((check) => check.check === 'compression');
    expect(compression.map((check) => check.endpoint).sort()).toEqual([...ENDPOINTS].sort());
    expect(compression.every((check) => check.actual.startsWith('not compressed'))).toBe(true);
    // A large document sent as it is says so; a few bytes sent as they are is what any server does.
    expect(compression.find((check) => check.endpoint === 'uptime')?.outcome).toBe('skip');
    for (const check of compression.filter((each) => each.outcome !== 'skip')) {
      expect(check).toMatchObject({
        outcome: 'pass',
        actual: expect.stringMatching(/bytes, too few to gain from it$/),
      });
    }
  });

  it('fails a compressed answer that does not say it varies by Accept-Encoding, and passes one that does', async () => {
    const gzipped = (vary: Record<string, string>): CannedResponse => ({
      status: 200,
      headers: { ...GOOD_ADDED.uptime.headers, 'Content-Encoding': 'gzip', ...vary },
      body: gzipSync(GOOD_ADDED.uptime.body),
    });
    const without = await verifyDeployment({
      baseUrl: await fakeDeployment({ regions: GOOD_REGIONS, status, ...GOOD_ADDED, uptime: gzipped({}) }),
      now,
    });
    expect(failedChecks(without)).toEqual(['uptime compression']);
    const withVary = await verifyDeployment({
      baseUrl: await fakeDeployment({
        regions: GOOD_REGIONS,
        status,
        ...GOOD_ADDED,
        uptime: gzipped({ Vary: 'Accept-Encoding' }),
      }),
      now,
    });
    expect(withVary.checks.find((check) => check.endpoint === 'uptime' && check.check === 'compression')).toMatchObject(
      { outcome: 'pass', actual: 'Content-Encoding: gzip' },
    );
    expect(withVary.checks.find((check) => check.endpoint === 'uptime' && check.check === 'body')?.outcome).toBe(
      'pass',
    );
  });

  it('skips missing observations: a static host or a deployment without peers leaves them out', async () => {
    const { observations: _notPublished, ...added } = GOOD_ADDED;
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status, ...added });
    const report = await verifyDeployment({ baseUrl, now });
    expect(report.ok).toBe(true);
    expect(report.checks.filter((check) => check.endpoint === 'observations')).toEqual([
      expect.objectContaining({ check: 'reachable', outcome: 'pass' }),
      expect.objectContaining({ check: 'status-code', outcome: 'skip', actual: `404: ${NOT_PUBLISHED}` }),
    ]);
  });

  it('still fails a missing contract document: only the added ones are optional', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, ...GOOD_ADDED });
    const report = await verifyDeployment({ baseUrl, now });
    expect(failedChecks(report)).toEqual(['status status-code']);
  });

  it('honours a longer --max-age', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status: goodStatus('2026-11-21T04:30:00Z') });
    const report = await verifyDeployment({ baseUrl, now, maxAgeS: 900 });
    expect(failedChecks(report)).toEqual([]);
  });

  it('takes the bound from the probe interval the deployment publishes: three intervals of 5 s', async () => {
    const baseUrl = await fakeDeployment({
      regions: GOOD_REGIONS,
      status: goodStatus('2026-11-21T04:39:40Z'),
      uptime: uptimeWithInterval(5),
    });
    const report = await verifyDeployment({ baseUrl, now });
    expect(failedChecks(report)).toEqual(['status freshness']);
    expect(report.max_age_s).toBe(15);
    expect(report.checks.find((check) => check.check === 'freshness')?.expected).toBe(
      `updated_at at most 15 s old (3 probe intervals of 5 s, from ${baseUrl}/api/v1/uptime)`,
    );
  });

  it('passes a status within three published intervals, and a fixed --max-age still wins', async () => {
    const baseUrl = await fakeDeployment({
      regions: GOOD_REGIONS,
      status: goodStatus('2026-11-21T04:39:50Z'),
      uptime: uptimeWithInterval(5),
    });
    expect(failedChecks(await verifyDeployment({ baseUrl, now }))).toEqual([]);
    const fixed = await verifyDeployment({ baseUrl, now, maxAgeS: 5 });
    expect(failedChecks(fixed)).toEqual(['status freshness']);
    expect(fixed.max_age_s).toBe(5);
  });

  it('falls back to the default bound when the deployment publishes no probe interval', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status: goodStatus('2026-11-21T04:36:00Z') });
    const report = await verifyDeployment({ baseUrl, now });
    expect(failedChecks(report)).toEqual([]);
    expect(report.max_age_s).toBe(300);
  });

  it('reads the regions from --regions-url when they live elsewhere', async () => {
    const regionsHost = await fakeDeployment({ regions: GOOD_REGIONS });
    const statusHost = await fakeDeployment({ status: goodStatus(FRESH) });
    const report = await verifyDeployment({ baseUrl: statusHost, regionsUrl: `${regionsHost}/api/v1/regions`, now });
    expect(failedChecks(report)).toEqual([]);
    expect(report.regions_url).toBe(`${regionsHost}/api/v1/regions`);
  });

  it('reports an unreachable deployment as not reachable, naming the error', async () => {
    const port = await unusedPort();
    const report = await verifyDeployment({ baseUrl: `http://127.0.0.1:${port}`, now });
    // One document per component or group is asked for where another names it: with none read, each is skipped.
    const named = new Set(['component-history', 'monthly-report', 'component-feed', 'group-feed']);
    expect(failedChecks(report)).toEqual(
      ENDPOINTS.filter((endpoint) => !named.has(endpoint)).map((endpoint) => `${endpoint} reachable`),
    );
    expect(report.checks[0]?.actual).toContain('ECONNREFUSED');
  });
});

describe('service-directory verify (child process)', () => {
  const runVerify = (args: string[]) => runCli(['verify', ...args], { cwd: REPO_ROOT, timeoutMs: 30_000 });

  it('exits 0 and prints a passing JSON report for a correct deployment', async () => {
    const baseUrl = await fakeDeployment({ regions: GOOD_REGIONS, status: goodStatus(formatTimestamp(new Date())) });
    const { code, stdout } = await runVerify([baseUrl, '--json']);
    const report = VerifyReportSchema.parse(JSON.parse(stdout));
    expect(report.ok).toBe(true);
    expect(code).toBe(0);
  });

  it('exits 1 and names the failed check in the JSON report', async () => {
    const baseUrl = await fakeDeployment({
      regions: GOOD_REGIONS,
      status: goodStatus(formatTimestamp(new Date(Date.now() - 600_000))),
    });
    const { code, stdout } = await runVerify([baseUrl, '--json', '--max-age', '120']);
    const report = VerifyReportSchema.parse(JSON.parse(stdout));
    expect(failedChecks(report)).toEqual(['status freshness']);
    expect(report.max_age_s).toBe(120);
    expect(code).toBe(1);
  });

  it('prints a table whose verdict says the server cannot be reached', async () => {
    const port = await unusedPort();
    const { code, stdout } = await runVerify([`http://127.0.0.1:${port}`]);
    expect(stdout).toMatch(/^FAIL\s+regions\s+reachable\s/m);
    expect(stdout).toContain(`FAIL: cannot reach http://127.0.0.1:${port}/api/v1/regions`);
    expect(code).toBe(1);
  });

  it('rejects a base URL that is not http(s) with a usage message', async () => {
    const { code, stderr } = await runVerify(['ftp://127.0.0.1/']);
    expect(stderr).toContain('<base_url>: must be an http:// or https:// URL');
    expect(code).toBe(1);
  });
});
