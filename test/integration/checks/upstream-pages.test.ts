import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeCheck } from '../../../src/checks/probe-check.js';
import { runCheck } from '../../../src/checks/run-check.js';
import { createUpstreamPages } from '../../../src/checks/upstream-pages.js';
import { classifyFailure } from '../../../src/outbound/classify-failure.js';
import { createPublicDirWriter } from '../../../src/public-dir/public-dir-writer.js';
import { publishStatuspage } from '../../../src/statuspage/publish-statuspage.js';
import { SAMPLE_NOW, sampleStatuspageSettings, sampleStatuspageStatus } from '../../helpers/statuspage-fixture.js';
import { makeTempSite, type TempSite } from '../../helpers/temp-site.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';
import { unusedPort } from '../../helpers/unused-port.js';
import { recordedPage, startUpstreamPageServer, type UpstreamPageServer } from '../../helpers/upstream-page-server.js';

const upstream = (origin: string, upstreamComponent?: string): ProbeCheck => ({
  kind: 'statuspage',
  url: `statuspage+${origin}`,
  timeoutMs: 2000,
  expectStatus: undefined,
  upstreamComponent,
});

describe('an upstream check of our own server’s /api/v2/ (another instance, its Scheduler down)', () => {
  let site: TempSite;
  let server: TestServer;
  beforeAll(async () => {
    site = await makeTempSite();
    await publishStatuspage({
      publicDir: createPublicDirWriter(site.publicDir),
      settings: sampleStatuspageSettings(),
      status: sampleStatuspageStatus(),
      notices: [],
      now: new Date(SAMPLE_NOW),
    });
    server = await startTestServer(site);
  });
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it.each([
    ['Scheduler', 'major_outage', 'upstream reports major_outage for "Scheduler"'],
    ['Compute', 'major_outage', 'upstream reports major_outage for "Compute"'],
    ['Build Service', 'under_maintenance', 'upstream reports under_maintenance for "Build Service"'],
    ['Control API', 'operational', undefined],
  ])('reads its component %s as %s', async (component, state, reason) => {
    const result = await runCheck(upstream(server.url, component), { upstreamPages: createUpstreamPages() });
    expect(result).toMatchObject({ ok: state === 'operational', reported: state });
    expect(result.error).toBe(reason);
  });

  it('reads the whole page by its indicator', async () => {
    const result = await runCheck(upstream(server.url), { upstreamPages: createUpstreamPages() });
    expect(result).toMatchObject({ ok: false, reported: 'major_outage' });
    expect(result.error).toMatch(/^upstream reports major_outage \(indicator critical: "/);
  });
});

describe('an upstream check of a provider’s page on loopback, in the shapes real pages publish', () => {
  let provider: UpstreamPageServer;
  let nowMs = Date.parse('2026-11-21T05:00:00Z');
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  beforeAll(async () => {
    provider = await startUpstreamPageServer({ status: 200, body: recordedPage('github-operational') });
  });
  afterAll(() => provider?.stop());
  afterEach(() => {
    lines.length = 0;
    provider.answer({ status: 200, body: recordedPage('github-operational') });
  });
  const pagesAt = () => createUpstreamPages({ refreshMs: 60_000, now: () => new Date(nowMs), log });

  it('reads a page at most once a minute, however many components read it', async () => {
    const pages = pagesAt();
    const before = provider.reads();
    const components = ['Git Operations', 'API Requests', 'Actions', undefined];
    const first = await Promise.all(
      [...components, ...components].map((name) => runCheck(upstream(provider.origin, name), { upstreamPages: pages })),
    );
    expect(first.every((result) => result.ok)).toBe(true);
    nowMs += 59_000;
    provider.answer({ status: 200, body: recordedPage('github-outage') });
    expect(await runCheck(upstream(provider.origin, 'Git Operations'), { upstreamPages: pages })).toMatchObject({
      ok: true,
    });
    expect(provider.reads() - before).toBe(1);
    nowMs += 1_000;
    expect(await runCheck(upstream(provider.origin, 'Git Operations'), { upstreamPages: pages })).toMatchObject({
      ok: false,
      reported: 'major_outage',
    });
    expect(provider.reads() - before).toBe(2);
  });

  it('keeps the last state read for five reads while the page answers garbage, says so, then fails unknown', async () => {
    const pages = pagesAt();
    const check = upstream(provider.origin, 'Actions');
    provider.answer({ status: 200, body: recordedPage('github-outage') });
    expect(await runCheck(check, { upstreamPages: pages })).toMatchObject({ reported: 'partial_outage' });
    const readAt = nowMs;
    provider.answer({ status: 200, body: '<html><body>We’ll be right back</body></html>' });
    nowMs += 60_000;
    const kept = await runCheck(check, { upstreamPages: pages });
    expect(kept).toMatchObject({ ok: false, reported: 'partial_outage' });
    expect(kept.error).toBe(
      `upstream reports partial_outage for "Actions" (as read at ${new Date(readAt).toISOString().replace('.000', '')})`,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /could not read http:\/\/127\.0\.0\.1:\d+\/api\/v2\/summary\.json: body is not JSON .*; its components keep the state read at/,
      ),
    ]);
    nowMs += 4 * 60_000;
    const unknown = await runCheck(check, { upstreamPages: pages });
    expect(unknown).toMatchObject({ ok: false });
    expect(unknown.reported).toBeUndefined();
    expect(unknown.error).toMatch(/^upstream unreadable since 2026-.*Z: body is not JSON/);
    expect(classifyFailure(unknown.error ?? 'refused')).toBe('body');
    expect(lines.at(-1)).toMatch(/its components fail until it reads again$/);
    provider.answer({ status: 200, body: recordedPage('github-operational') });
    nowMs += 60_000;
    expect(await runCheck(check, { upstreamPages: pages })).toMatchObject({ ok: true, reported: 'operational' });
    expect(lines.at(-1)).toMatch(/^reading http:\/\/127\.0\.0\.1:\d+\/api\/v2\/summary\.json again/);
  });

  it('fails at once, unknown, a page never read: there is no last state to keep', async () => {
    provider.answer({ status: 503, body: 'upstream connect error' });
    const result = await runCheck(upstream(provider.origin), { upstreamPages: pagesAt() });
    expect(result.error).toMatch(/^upstream unreadable since .*: unexpected status 503$/);
    expect(classifyFailure(result.error ?? 'refused')).toBe('status');
  });

  it('fails refused for a provider that is not there, and never throws', async () => {
    const port = await unusedPort();
    const result = await runCheck(upstream(`http://127.0.0.1:${port}`), { upstreamPages: pagesAt() });
    expect(result.error).toMatch(/^upstream unreadable since .*: refused$/);
  });

  it('takes an incident the provider posted without components at its word when the indicator says none', async () => {
    provider.answer({ status: 200, body: recordedPage('github-incident-without-components') });
    expect(await runCheck(upstream(provider.origin), { upstreamPages: pagesAt() })).toMatchObject({
      ok: false,
      reported: 'degraded_performance',
    });
  });
});
