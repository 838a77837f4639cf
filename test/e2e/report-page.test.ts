import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { buildSite } from '../../src/site/build-site.js';
import { sampleMonthlyReport } from '../helpers/document-fixtures.js';
import { HEADERS_FILE, REGIONS_FILE } from '../helpers/fixtures.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { findAxeViolations, launchChromium, watchPage } from './browser.js';
import { DESKTOP, NARROW } from './status-page-harness.js';

/** The printable monthly report, served by `serve` with a month's report and the index, as the probe writes them. */
let browser: Browser;
let server: RunningServer;
let remove: () => Promise<void>;

beforeAll(async () => {
  const temp = await makeTempDir({ prefix: 'report-page-' });
  remove = temp.remove;
  const publicDir = temp.dir;
  await cp(resolve('public/reports'), join(publicDir, 'reports'), { recursive: true });
  await cp(resolve('public/favicon.svg'), join(publicDir, 'favicon.svg'));
  await buildSite({ regionsFile: REGIONS_FILE, publicDir });
  await mkdir(join(publicDir, 'api/v1/reports'), { recursive: true });
  const closed = { ...sampleMonthlyReport(), month: '2026-10', closed: true };
  await writeFile(join(publicDir, 'api/v1/reports/2026-11.json'), `${JSON.stringify(sampleMonthlyReport())}\n`);
  await writeFile(join(publicDir, 'api/v1/reports/2026-10.json'), `${JSON.stringify(closed)}\n`);
  const month = (name: string, isClosed: boolean) => ({
    month: name,
    closed: isClosed,
    json: `/api/v1/reports/${name}.json`,
    csv: `/api/v1/reports/${name}.csv`,
  });
  await writeFile(
    join(publicDir, 'api/v1/reports/index.json'),
    `${JSON.stringify({ version: 'v1', region: 'Amsterdam 1', generated_at: '2026-11-21T04:37:59Z', months: [month('2026-11', false), month('2026-10', true)] })}\n`,
  );
  server = await startServer({ publicDir, headersFile: HEADERS_FILE, port: 0, host: '127.0.0.1', log: () => {} });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await remove?.();
});

describe('the printable monthly report page', () => {
  it.each([
    ['en-US', DESKTOP, 'Registry', '99.965 %'],
    ['de-DE', DESKTOP, 'Registry', '99,965 %'],
    ['ar-EG', NARROW, 'Registry', '%'],
    ['en-US', NARROW, 'Scheduler', '100.000 %'],
  ])(
    'in %s at %o: the month, each component and its figures, axe clean, nothing failing',
    async (locale, viewport, name, uptime) => {
      const context = await browser.newContext({ locale, viewport, timezoneId: 'Europe/Amsterdam' });
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.goto(`${server.url}/reports/?month=2026-11`);
      await page.waitForFunction(() => document.querySelectorAll('#components tbody tr').length > 0);
      const row = page.locator('#components tbody tr', { hasText: name });
      await expect(row.count()).resolves.toBe(1);
      expect(await row.textContent()).toContain(uptime);
      expect(await page.locator('#months a[aria-current="page"]').count()).toBe(1);
      expect(await findAxeViolations(page)).toEqual([]);
      expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], errorResponses: [] });
      await page.screenshot({
        path: `docs/images/report-page-${locale.slice(0, 2)}-${viewport.width}.png`,
        fullPage: true,
      });
      await context.close();
    },
  );

  it('prints without its navigation', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${server.url}/reports/?month=2026-10`);
    await page.waitForFunction(() => document.querySelectorAll('#components tbody tr').length > 0);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('nav').isVisible()).toBe(false);
    expect(await page.locator('#summary').textContent()).toBe('The whole month.');
    await context.close();
  });
});
