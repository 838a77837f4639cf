import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDocument } from '../../src/io/read-document.js';
import { type Region, RegionsFileSchema } from '../../src/schemas/region.js';
import type { ServiceStatus } from '../../src/schemas/service-status.js';
import { contrastRatio } from './browser.js';
import {
  ARTIFACTS_DIR,
  DESKTOP,
  expectNoProblems,
  LABELS,
  PHONE,
  pastHistory,
  REFRESH_INTERVAL_MS,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';
import { REGIONS_FILE } from './status-page-site.js';

const harness = useStatusPage();
let regions: Region[];

beforeAll(async () => {
  regions = await readDocument(REGIONS_FILE, RegionsFileSchema);
});

/** The status with the usual history beside it; `undefined` publishes no status at all. */
function openPage(status: ServiceStatus | undefined, viewport = DESKTOP, beforeLoad?: (page: Page) => Promise<void>) {
  return harness.open({ status, history: pastHistory() }, { viewport, ...(beforeLoad && { beforeLoad }) });
}

describe('status page', () => {
  it('shows the overall status and every component with its status in words', async () => {
    const status = statusUpdated(5_000);
    const { page, problems } = await openPage(status);

    await expect(page.locator('#overall-text').textContent()).resolves.toBe(
      'Overall status: Partial outage (3 of 4 components affected)',
    );
    await expect(page.locator('#overall').getAttribute('data-status')).resolves.toBe('partial_outage');
    const items = page.locator('#components > li');
    await expect(items.count()).resolves.toBe(status.components.length);
    for (const component of status.components) {
      const item = items.filter({ hasText: component.name });
      await expect(item.locator('.badge-text').textContent()).resolves.toBe(LABELS[component.status]);
      await expect(item.getAttribute('data-status')).resolves.toBe(component.status);
    }
    await expect(page.title()).resolves.toBe('Partial outage · Platform status');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-desktop.png`, fullPage: true });
    expectNoProblems(problems);
  });

  it('downloads one script, and no module of a section it does not show: the notices, the affected list, the view from every region, the details', async () => {
    const requested: string[] = [];
    const { page, problems } = await openPage(statusUpdated(5_000), DESKTOP, async (page) => {
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    });

    await expect(page.locator('#components > li').count()).resolves.toBe(4);
    // The first render's modules are one file, the build's bundle (English included); no section's bundle.
    expect(requested.filter((path) => path.endsWith('.js'))).toEqual(['/bundle/status-page.js']);
    for (const section of ['notices-banner', 'affected-list', 'vantage-matrix', 'component-details']) {
      expect(requested).not.toContain(`/bundle/status-page.${section}.js`);
    }
    expectNoProblems(problems);
  });

  it('says all systems are operational when they are', async () => {
    const components = statusUpdated(0).components.map(({ name }) => ({ name, status: 'operational' as const }));
    const { page, problems } = await openPage(statusUpdated(5_000, { status: 'operational', components }));

    await expect(page.locator('#overall-text').textContent()).resolves.toBe('All systems operational');
    expectNoProblems(problems);
  });

  it('lists every region under its zone, with its country and status', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000));

    const zones = [...new Set(regions.map((region) => region.zone))].sort();
    const headings = await page.getByRole('region', { name: 'Regions' }).getByRole('heading', { level: 3 }).all();
    expect(await Promise.all(headings.map((heading) => heading.textContent()))).toEqual(
      zones.map((zone) => {
        const count = regions.filter((region) => region.zone === zone).length;
        return `${zone} · ${count} region${count === 1 ? '' : 's'}`;
      }),
    );
    const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const zone of zones) {
      const table = page.getByRole('table', { name: `Regions in zone ${zone}` });
      const rows = table.locator('tbody tr');
      const inZone = regions.filter((region) => region.zone === zone);
      await expect(rows.count()).resolves.toBe(inZone.length);
      for (const region of inZone) {
        const row = table.locator(`tbody tr[data-code="${region.code}"]`);
        const cells = await row.locator('th, td').allTextContents();
        expect(cells).toEqual([
          `${region.name} ${region.code}`,
          `${countryNames.of(region.country)} ${region.country}`,
          `✓${LABELS[region.status]}`,
        ]);
      }
    }
    expectNoProblems(problems);
  });

  it('shows how long ago the status was updated, and the count goes up by itself', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000), DESKTOP, (page) => page.clock.install());

    const age = page.locator('#age');
    const first = await age.textContent();
    // Five seconds old when written, plus however long the server and browser took to start.
    expect(first).toMatch(/^\d+ seconds ago$/);
    expect(Number.parseInt(first ?? '', 10)).toBeGreaterThanOrEqual(4);
    expect(Number.parseInt(first ?? '', 10)).toBeLessThan(60);
    await expect(page.locator('#freshness').isVisible()).resolves.toBe(true);
    await expect(page.locator('#updated-at').getAttribute('datetime')).resolves.toMatch(/Z$/);
    await page.clock.runFor(3_000);
    const later = await age.textContent();
    // Three ticks of one second; where they fall against the first render decides the last digit.
    const increase = Number.parseInt(later ?? '', 10) - Number.parseInt(first ?? '', 10);
    expect(increase).toBeGreaterThanOrEqual(2);
    expect(increase).toBeLessThanOrEqual(4);
    await expect(page.locator('#notice').isHidden()).resolves.toBe(true);
    expectNoProblems(problems);
  });

  it('warns that the data is stale when updated_at is older than three probe intervals', async () => {
    const { page, problems } = await openPage(statusUpdated(10 * 60_000));

    const notice = page.locator('#notice');
    await expect(notice.isVisible()).resolves.toBe(true);
    await expect(notice.textContent()).resolves.toBe(
      'Stale data: this status is more than 90 seconds old (3 probe intervals of 30 seconds), so it may no longer be true. The status probe may have stopped.',
    );
    await expect(page.locator('#overall-text').textContent()).resolves.toBe(
      'Status out of date. Last known: Partial outage (3 of 4 components affected)',
    );
    await expect(page.locator('#age').textContent()).resolves.toBe('10 minutes ago');
    await expect(page.locator('#freshness').getAttribute('data-stale')).resolves.toBe('true');
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-stale.png` });
    expectNoProblems(problems);
  });

  it('does not call a status stale that is 60 seconds old', async () => {
    const { page, problems } = await openPage(statusUpdated(60_000));

    await expect(page.locator('#notice').isHidden()).resolves.toBe(true);
    await expect(page.locator('#freshness').getAttribute('data-stale')).resolves.toBe('false');
    expectNoProblems(problems);
  });

  it('says the status is unavailable when none has been published, and still lists the regions', async () => {
    const { page, problems } = await openPage(undefined);

    await expect(page.locator('#overall-text').textContent()).resolves.toBe('Status unavailable');
    await expect(page.locator('#notice').textContent()).resolves.toMatch(
      /^No status has been published yet \(HTTP 503\)/,
    );
    await expect(page.locator('#freshness').isHidden()).resolves.toBe(true);
    await expect(page.locator('tbody tr').count()).resolves.toBe(regions.length);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-unavailable.png` });
    // The browser itself logs the status's 503; the groups come with the uptime summary, so Statuspage's
    // components (which the probe writes with the status) are not asked for.
    expect([...problems.errorResponses].sort()).toEqual([`503 ${harness.site().url}/api/v1/status`]);
    expect(problems.consoleErrors.every((text) => text.includes('503') || text.includes('404'))).toBe(true);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  it('refreshes by itself and shows a newly published status', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000), DESKTOP, (page) => page.clock.install());
    const current = harness.site();

    const recovered = statusUpdated(0, {
      status: 'operational',
      components: statusUpdated(0).components.map(({ name }) => ({ name, status: 'operational' as const })),
    });
    await current.writeStatus(recovered);
    await expect
      .poll(async () => (await fetch(`${current.url}/api/v1/status`)).json(), { timeout: 10_000 })
      .toEqual(recovered);
    await page.clock.runFor(REFRESH_INTERVAL_MS);
    await page.waitForFunction(() => document.getElementById('overall')?.dataset.status === 'operational');

    await expect(page.locator('#overall-text').textContent()).resolves.toBe('All systems operational');
    await expect(page.locator('.component .badge-text').allTextContents()).resolves.toEqual(
      Array(4).fill('Operational'),
    );
    expectNoProblems(problems);
  });

  it('keeps the last status and says so when a refresh cannot reach the server', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000), DESKTOP, (page) => page.clock.install());

    await harness.site().stopServer();
    await page.clock.runFor(REFRESH_INTERVAL_MS);
    await page.waitForFunction(() => document.getElementById('notice')?.hidden === false);

    await expect(page.locator('#notice').textContent()).resolves.toMatch(
      /^Showing the last status received\. The status API could not be reached/,
    );
    await expect(page.locator('#overall-text').textContent()).resolves.toMatch(/^Overall status: Partial outage/);
    await expect(page.locator('.component').count()).resolves.toBe(4);
    expect(problems.failedRequests.length).toBeGreaterThan(0);
    expect(problems.pageErrors).toEqual([]);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000), PHONE);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-phone.png`, fullPage: true });
    expectNoProblems(problems);
  });

  it('gives a screen reader landmarks, a heading outline and a polite live region', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000));

    for (const role of ['banner', 'main', 'contentinfo'] as const) {
      await expect(page.getByRole(role).count()).resolves.toBe(1);
    }
    await expect(page.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual(['Platform status']);
    await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([
      'Current status',
      'Components',
      'Incidents',
      'Regions',
    ]);
    const live = page.locator('[aria-live="polite"]');
    await expect(live.count()).resolves.toBe(1);
    await expect(live.locator('#overall').count()).resolves.toBe(1);
    // The age changes every second, so it must not be read out every second.
    await expect(live.locator('#age').count()).resolves.toBe(0);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.locator('meta[name="viewport"]').getAttribute('content')).resolves.toContain(
      'width=device-width',
    );
    expectNoProblems(problems);
  });

  it('draws every status text with at least 4.5:1 contrast', async () => {
    const { page, problems } = await openPage(statusUpdated(10 * 60_000));

    const pairs = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.badge, #overall, #notice, #age, .code, .lede')].map((node) => {
        let back = node;
        while (getComputedStyle(back).backgroundColor === 'rgba(0, 0, 0, 0)' && back.parentElement) {
          back = back.parentElement;
        }
        return {
          what: `${node.id || node.className}: ${node.textContent?.trim()}`,
          colour: getComputedStyle(node).color,
          background: getComputedStyle(back).backgroundColor,
        };
      }),
    );
    expect(pairs.length).toBeGreaterThan(20);
    const weak = pairs.filter((pair) => contrastRatio(pair.colour, pair.background) < 4.5);
    expect(weak).toEqual([]);
    expectNoProblems(problems);
  });

  it('is served with a Content-Security-Policy that allows no inline script, and one inline style: the one it names', async () => {
    const { page, problems } = await openPage(statusUpdated(5_000));

    const response = await page.request.get(`${harness.site().url}/`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-inline');
    // The build inlined the style sheet, byte for byte, and the policy names exactly its hash.
    const html = await response.text();
    const inlined = /<style data-inlined="\/status-page\.css">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(inlined).toBe(await readFile(join(harness.site().publicDir, 'status-page.css'), 'utf8'));
    const hash = createHash('sha256')
      .update(inlined ?? '', 'utf8')
      .digest('base64');
    expect(/style-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' 'sha256-${hash}'`);
    // The day bars' colours are set through CSSOM (element.style), which the policy permits and which
    // the DOM shows as a style attribute; nothing else carries one, and no markup is inline but that style.
    await expect(page.locator('script:not([src]), [style]:not(.days)').count()).resolves.toBe(0);
    await expect(page.locator('style').count()).resolves.toBe(1);
    await expect(page.locator('link[rel="stylesheet"]').count()).resolves.toBe(0);
    const painted = await page
      .locator('.days')
      .first()
      .evaluate((bar) => getComputedStyle(bar).backgroundImage);
    expect(painted).toContain('linear-gradient');
    // Chromium refuses any other inline style: one added with other content is reported and not applied.
    const refused = await page.evaluate(async () => {
      const violation = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        }),
      );
      const other = document.createElement('style');
      other.textContent = 'body { color: rgb(1, 2, 3) !important; }';
      document.head.append(other);
      return { directive: await violation, colour: getComputedStyle(document.body).color };
    });
    expect(refused.directive).toBe('style-src-elem');
    expect(refused.colour).not.toBe('rgb(1, 2, 3)');
    expect(problems.pageErrors).toEqual([]);
    // The refusal is the browser's one console error.
    expect(problems.consoleErrors).toHaveLength(1);
    expect(problems.consoleErrors[0]).toContain('Content Security Policy');
    expect({ ...problems, consoleErrors: [] }).toEqual({
      consoleErrors: [],
      pageErrors: [],
      failedRequests: [],
      errorResponses: [],
    });
  });
});
