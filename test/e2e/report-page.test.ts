import { cp, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { buildSite } from '../../src/site/build-site.js';
import { sampleMonthlyReport } from '../helpers/document-fixtures.js';
import { HEADERS_FILE, REGIONS_FILE } from '../helpers/fixtures.js';
import { copyPageFiles } from '../helpers/page-files.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { findAxeViolations, launchChromium, watchPage } from './browser.js';
import { DESKTOP, NARROW } from './status-page-harness.js';

/**
 * The printable monthly report, served by `serve` with a month's report and
 * the index, as the probe writes them, beside the status page whose
 * catalogues and translator it speaks with.
 */
let browser: Browser;
let server: RunningServer;
let remove: () => Promise<void>;

beforeAll(async () => {
  const temp = await makeTempDir({ prefix: 'report-page-' });
  remove = temp.remove;
  const publicDir = temp.dir;
  await copyPageFiles(publicDir);
  await cp(resolve('public/reports'), join(publicDir, 'reports'), { recursive: true });
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

/** The first and last column heads' left edges: in reading order, so the first is right of the last in Arabic. */
async function headEdges(page: Page): Promise<[number, number]> {
  const first = await page.locator('#components thead th').first().boundingBox();
  const last = await page.locator('#components thead th').last().boundingBox();
  return [first?.x ?? Number.NaN, last?.x ?? Number.NaN];
}

describe('the printable monthly report page', () => {
  it.each([
    ['en-US', DESKTOP, 'en', 'ltr', 'Uptime', '99.965 %', 'Major outage', '7 min 59 s'],
    ['en-US', NARROW, 'en', 'ltr', 'Uptime', '99.965 %', 'Major outage', '7 min 59 s'],
    ['de-DE', DESKTOP, 'de', 'ltr', 'Verfügbarkeit', '99,965 %', 'Schwerer Ausfall', '7 Min. 59 s'],
    ['de-DE', NARROW, 'de', 'ltr', 'Verfügbarkeit', '99,965 %', 'Schwerer Ausfall', '7 Min. 59 s'],
    ['ar-EG', DESKTOP, 'ar', 'rtl', 'التوفر', '٩٩٫٩٦٥ %', 'انقطاع كبير', '٧ د ٥٩ ث'],
    ['ar-EG', NARROW, 'ar', 'rtl', 'التوفر', '٩٩٫٩٦٥ %', 'انقطاع كبير', '٧ د ٥٩ ث'],
  ])(
    'in %s at %o: its words in the language (%s, %s), each figure, axe clean, no sideways scroll, nothing failing',
    async (locale, viewport, language, dir, uptimeHead, uptime, worst, duration) => {
      const context = await browser.newContext({ locale, viewport, timezoneId: 'Europe/Amsterdam' });
      const page = await context.newPage();
      const problems = watchPage(page);
      await page.goto(`${server.url}/reports/?month=2026-11`);
      await page.waitForFunction(() => document.querySelectorAll('#components tbody tr').length > 0);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        dir,
      ]);
      expect(await page.locator('#components thead th').nth(1).textContent()).toBe(uptimeHead);
      const row = page.locator('#components tbody tr', { hasText: 'Registry' });
      await expect(row.count()).resolves.toBe(1);
      expect(await row.textContent()).toContain(uptime);
      const incident = page.locator('#incidents tbody tr').first();
      expect(await incident.locator('td').nth(0).textContent()).toBe(worst);
      expect(await incident.locator('td').nth(3).textContent()).toBe(duration);
      expect(await page.locator('#months a[aria-current="page"]').count()).toBe(1);
      // The running month is marked as such in the language: never the English words on a German or Arabic page.
      const summary = (await page.locator('#summary').textContent()) ?? '';
      if (language !== 'en') expect(summary).not.toContain('The month so far');
      // Right to left in Arabic: the first column on the right (at 320 the table scrolls inside its box).
      if (viewport === DESKTOP) {
        const [first, last] = await headEdges(page);
        expect(dir === 'rtl' ? first > last : first < last).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await findAxeViolations(page)).toEqual([]);
      expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], errorResponses: [] });
      await page.screenshot({ path: `docs/images/report-page-${language}-${viewport.width}.png`, fullPage: true });
      await context.close();
    },
  );

  it('speaks the language the visitor chose on the status page, over the browser’s', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    await context.addInitScript(() => localStorage.setItem('service-directory-status.language', 'fr'));
    const page = await context.newPage();
    await page.goto(`${server.url}/reports/?month=2026-10`);
    await page.waitForFunction(() => document.querySelectorAll('#components tbody tr').length > 0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.locator('#summary').textContent()).toBe('Le mois entier.');
    expect(await page.locator('#print').textContent()).toBe('Imprimer');
    await context.close();
  });

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
