import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { STATUS_PATH, STATUSPAGE_SUMMARY_PATH } from '../../src/api-paths.js';
import { writePublicFile } from '../../src/compression/write-public-file.js';
import { useLoopbackServers } from '../helpers/loopback-server.js';
import { watchPage } from './browser.js';
import { ARTIFACTS_DIR, expectNoProblems, pastHistory, statusUpdated, useStatusPage } from './status-page-harness.js';

const harness = useStatusPage();

/** What the other site's CSP reported to its report endpoint. */
let reports: string[] = [];
const loopback = useLoopbackServers();

afterEach(() => {
  reports = [];
});

/**
 * Another site, on its own loopback origin, under a strict Content-Security-Policy
 * (scripts from itself and the status site only, styles from itself only, no
 * inline anything) that reports violations: a page of its own with our
 * element in its header, and one with the components, in `lang`.
 */
async function startOtherSite(statusSite: string): Promise<string> {
  const page = (lang: string) => `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8">
    <title>Acme docs</title>
    <link rel="stylesheet" href="/host.css">
    <script src="/host.js"></script>
    <script type="module" src="${statusSite}/embed.js"></script>
  </head>
  <body>
    <header class="top"><span class="brand">Acme docs</span> <service-directory-status src="${statusSite}"></service-directory-status></header>
    <main>
      <h1>Getting started</h1>
      <p>Deploy your first workload in five minutes.</p>
      <h2>Platform status</h2>
      <service-directory-status src="${statusSite}" components></service-directory-status>
    </main>
  </body>
</html>`;
  const policy = [
    "default-src 'none'",
    `script-src 'self' ${statusSite}`,
    `connect-src ${statusSite}`,
    "style-src 'self'",
    "img-src 'self'",
    'report-uri /csp-report',
  ].join('; ');
  const files: Record<string, [string, string]> = {
    '/host.css': [
      'text/css',
      'body { font-family: sans-serif; margin: 0 } .top { display: flex; gap: 1rem; align-items: center; justify-content: space-between; padding: 0.75rem 1.5rem; background: #24292f; color: #fff } main { padding: 0 1.5rem; max-width: 40rem }',
    ],
    // Every violation the browser sees, kept where the test can read it.
    '/host.js': [
      'text/javascript',
      "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective + ' ' + event.blockedURI));",
    ],
  };
  const other = await loopback((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    if (request.method === 'POST' && path === '/csp-report') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        reports.push(body);
        response.writeHead(204).end();
      });
      return;
    }
    const file = files[path];
    if (file) {
      response.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
      return;
    }
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy })
      .end(page(path === '/de' || path === '/ar' ? path.slice(1) : 'en'));
  });
  return other.origin;
}

/** The violations the page saw and the reports its server got: none, under a strict CSP. */
async function expectNoViolations(page: Page): Promise<void> {
  await expect(page.evaluate(() => (window as unknown as { violations: string[] }).violations)).resolves.toEqual([]);
  expect(reports).toEqual([]);
}

/** Opens our status site (for its server) and then, in a new tab, the other site's page at `path`. */
async function openOtherSite(path: string, beforeLoad?: (page: Page) => Promise<void>) {
  const { page: ours } = await harness.open({ status: statusUpdated(5_000), history: pastHistory() });
  const site = await startOtherSite(harness.site().url);
  const page = await ours.context().newPage();
  const problems = watchPage(page);
  await beforeLoad?.(page);
  await page.goto(`${site}${path}`);
  return { page, problems, ours: harness.site().url };
}

function embedded(page: Page, index: number) {
  return page.locator('service-directory-status').nth(index);
}

describe('<service-directory-status> on another site under a strict CSP', () => {
  it('shows our overall state in words and colour, links to our page, lists the components, and breaks no CSP rule', async () => {
    const { page, problems, ours } = await openOtherSite('/');

    const link = embedded(page, 0).locator('a.status');
    await expect.poll(() => link.locator('.text').textContent(), { timeout: 10_000 }).toBe('Partial outage');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('service-directory-status')].every(
        (element) => element.shadowRoot?.querySelector('a')?.dataset.freshness === 'fresh',
      ),
    );
    await expect(link.getAttribute('data-status')).resolves.toBe('partial_outage');
    await expect(link.getAttribute('href')).resolves.toBe(`${ours}/`);
    // The colour is the page's partial-outage orange, under white words.
    await expect(link.evaluate((node) => getComputedStyle(node).backgroundColor)).resolves.toBe('rgb(188, 76, 0)');
    await expect(embedded(page, 1).locator('li .name').allTextContents()).resolves.toEqual([
      'Control API',
      'Scheduler',
      'Build Service',
      'Registry',
    ]);
    await expect(embedded(page, 1).locator('li .state').allTextContents()).resolves.toEqual([
      'Operational',
      'Degraded performance',
      'Partial outage',
      'Under maintenance',
    ]);
    // No style element or attribute anywhere, in the host's document or the element's shadow root.
    await expect(
      page.evaluate(() => [
        document.querySelectorAll('style, [style]').length,
        ...[...document.querySelectorAll('service-directory-status')].map(
          (element) => element.shadowRoot?.querySelectorAll('style, [style]').length,
        ),
      ]),
    ).resolves.toEqual([0, 0, 0]);
    await page.setViewportSize({ width: 900, height: 420 });
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-embed.png` });
    await expectNoViolations(page);
    expectNoProblems(problems);
  });

  it('speaks the host page’s language', async () => {
    const { page, problems } = await openOtherSite('/de');

    await expect
      .poll(() => embedded(page, 0).locator('.text').textContent(), { timeout: 10_000 })
      .toBe('Teilweiser Ausfall');
    await expect(embedded(page, 0).locator('a.status').getAttribute('title')).resolves.toMatch(
      /^Statusseite öffnen \(127\.0\.0\.1:\d+\)$/,
    );
    await expectNoViolations(page);
    expectNoProblems(problems);
  });

  it('turns grey and says the status is out of date when the probe stops publishing, by the page’s rule', async () => {
    const { page, problems } = await openOtherSite('/', (page) => page.clock.install());
    const link = embedded(page, 0).locator('a.status');
    await expect.poll(() => link.locator('.text').textContent(), { timeout: 10_000 }).toBe('Partial outage');
    await expect(link.getAttribute('data-freshness')).resolves.toBe('fresh');

    // The probe is dead: nothing new is published, and time passes beyond three intervals of 30 s.
    await page.clock.fastForward(100_000);
    await page.waitForFunction(
      () =>
        document.querySelector('service-directory-status')?.shadowRoot?.querySelector('a')?.dataset.freshness ===
        'stale',
    );
    await expect(link.locator('.text').textContent()).resolves.toBe('Status out of date (last known: Partial outage)');
    await expect(link.evaluate((node) => getComputedStyle(node).backgroundColor)).resolves.toBe('rgb(87, 96, 106)');
    await expect(
      embedded(page, 1)
        .locator('li')
        .first()
        .locator('.dot')
        .evaluate((node) => getComputedStyle(node).backgroundColor),
    ).resolves.toBe('rgb(87, 96, 106)');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-embed-stale.png` });
    await expectNoViolations(page);
    expectNoProblems(problems);
  });
});

describe('<service-directory-status components> of a page with 50,000 components', () => {
  const COUNT = 50_000;
  const nameOf = (index: number) => `Service ${String(index).padStart(5, '0')}`;
  /** Three components not operational, far down the page's order. */
  const BROKEN = new Map<number, string>([
    [44_444, 'partial_outage'],
    [31_000, 'major_outage'],
    [7, 'degraded_performance'],
  ]);

  /**
   * Our summary.json with its components replaced by COUNT of them, published
   * as a probe without --precompress does (any .br and .gz sibling removed).
   */
  async function publishLargeSummary(): Promise<void> {
    const site = harness.site();
    const summary = (await (await fetch(`${site.url}${STATUSPAGE_SUMMARY_PATH}`)).json()) as {
      components: Record<string, unknown>[];
    };
    const [model] = summary.components;
    const components = Array.from({ length: COUNT }, (_, index) => ({
      ...model,
      id: `c${String(index).padStart(11, '0')}`,
      name: nameOf(index),
      status: BROKEN.get(index) ?? 'operational',
      position: index + 1,
      group_id: null,
    }));
    await publish(STATUSPAGE_SUMMARY_PATH, { ...summary, components });
    // The server answers a file anew once it has held still: the embed must find the large one.
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${site.url}${STATUSPAGE_SUMMARY_PATH}`)).json()) as typeof summary).components.length,
        { timeout: 20_000 },
      )
      .toBe(COUNT);
  }

  const publish = (path: `/${string}`, document: unknown) =>
    writePublicFile(harness.site().publicDir, path, `${JSON.stringify(document)}\n`, { precompress: false });

  it('lists 50 at most, the outages first, says how many more with a link, and builds the list once', {
    timeout: 120_000,
  }, async () => {
    const { page, problems, ours } = await openOtherSite('/', async (page) => {
      await page.clock.install();
      await publishLargeSummary();
    });
    const list = embedded(page, 1);
    const more = list.locator('li.more a');
    await expect
      .poll(() => more.textContent(), { timeout: 20_000 })
      .toBe('and 49,950 more components on the status page');
    await expect(more.getAttribute('href')).resolves.toBe(`${ours}/`);
    await expect(list.locator('li').count()).resolves.toBe(51);
    const names = await list.locator('li .name').allTextContents();
    expect(names.slice(0, 5)).toEqual([nameOf(31_000), nameOf(44_444), nameOf(7), nameOf(0), nameOf(1)]);
    expect(names.at(-1)).toBe(nameOf(47));

    // Nothing in the list changes while the summary does not: the judging every 10 s and the next
    // refresh (which brings a new overall state) leave it be.
    await list.evaluate((element) => {
      const counted = window as unknown as { listMutations: number };
      counted.listMutations = 0;
      new MutationObserver((records) => {
        counted.listMutations += records.length;
      }).observe(element.shadowRoot?.querySelector('ul') as Node, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await publish(STATUS_PATH, statusUpdated(0, { status: 'major_outage' }));
    await expect
      .poll(async () => ((await (await fetch(`${ours}${STATUS_PATH}`)).json()) as { status: string }).status, {
        timeout: 20_000,
      })
      .toBe('major_outage');
    await page.clock.fastForward(61_000);
    await expect.poll(() => embedded(page, 0).locator('.text').textContent(), { timeout: 20_000 }).toBe('Major outage');
    await expect(page.evaluate(() => (window as unknown as { listMutations: number }).listMutations)).resolves.toBe(0);
    await expect(list.locator('li').count()).resolves.toBe(51);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-embed-large.png` });
    await expectNoViolations(page);
    expectNoProblems(problems);
  });

  it('says how many more in Arabic, right to left', { timeout: 120_000 }, async () => {
    const { page, problems } = await openOtherSite('/ar', async () => {
      await publishLargeSummary();
    });
    const list = embedded(page, 1);
    await expect
      .poll(() => list.locator('li.more a').textContent(), { timeout: 20_000 })
      // 49,950 is of Arabic's `many` plural form.
      .toBe(`و${(COUNT - 50).toLocaleString('ar')} مكوّنًا آخر في صفحة الحالة`);
    await expect(list.locator('[role="status"]').getAttribute('dir')).resolves.toBe('rtl');
    await expect(list.locator('li').count()).resolves.toBe(51);
    expectNoProblems(problems);
  });
});
