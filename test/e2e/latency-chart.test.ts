import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findAxeViolations } from './browser.js';
import {
  componentCard,
  DESKTOP,
  expectNoProblems,
  NARROW,
  pastHistory,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

/** Opens a component's details from the keyboard and waits for its latency chart. */
async function openDetails(page: Page, name: string): Promise<void> {
  await componentCard(page, name).locator('.component-details > summary').focus();
  await page.keyboard.press('Enter');
  await componentCard(page, name).locator('.component-details figure.latency').waitFor();
}

/** What each language says of the 90 days, and the name of the period buttons' 90 days. */
const WORDS = {
  en: { ninety: '90 days', daily: 'Latency, last 90 days: daily medians from', reports: 'Monthly reports' },
  de: { ninety: '90 Tage', daily: 'Latenz, letzte 90 Tage: tägliche Mediane von', reports: 'Monatsberichte' },
  ar: { ninety: '90 يومًا', daily: 'زمن الاستجابة، آخر 90 يومًا: الوسيط اليومي من', reports: 'التقارير الشهرية' },
} as const;

describe('the latency chart of a component’s details (issue 44)', () => {
  it.each([
    ['en', 'en-GB', 'UTC', DESKTOP],
    ['en', 'en-GB', 'UTC', NARROW],
    ['de', 'de-DE', 'Europe/Berlin', DESKTOP],
    ['de', 'de-DE', 'Europe/Berlin', NARROW],
    ['ar', 'ar-EG', 'America/New_York', DESKTOP],
    ['ar', 'ar-EG', 'America/New_York', NARROW],
  ] as const)(
    'in %s (%s, %s) at %o: 24 hours, 7 and 90 days, a point per period from the keyboard, a table, axe clean',
    async (language, locale, timezoneId, viewport) => {
      const status = statusUpdated(3_000);
      const { page, problems } = await harness.open(
        { status, history: pastHistory(new Date()) },
        {
          locale,
          timezoneId,
          viewport,
        },
      );
      const words = WORDS[language];
      // The chart's module is not part of the first visit: it comes with the details, when they are opened.
      const bundles: string[] = [];
      page.on('request', (request) => bundles.push(new URL(request.url()).pathname));
      await expect(page.locator('figure.latency').count()).resolves.toBe(0);
      // Today's p95 beside the state, from the uptime summary the first visit read: the detail document's today.
      const p95 = componentCard(page, 'Control API').locator('.component-head .component-p95');
      await expect(p95.textContent()).resolves.toMatch(/\d/);
      await openDetails(page, 'Control API');
      expect(bundles).toContain('/bundle/status-page.component-details.js');
      const figure = componentCard(page, 'Control API').locator('figure.latency');
      // 24 hours first: 24 points, and a row for each hour in the table.
      await expect(figure.locator('button[aria-pressed="true"]').getAttribute('data-period')).resolves.toBe('24h');
      await expect(figure.locator('circle.latency-point').count()).resolves.toBe(24);
      await expect(figure.locator('table.latency-table tbody tr').count()).resolves.toBe(24);
      // The hours in the visitor's zone, as their browser's Intl words the last one's hour.
      const lastHour = figure.locator('table.latency-table tbody tr').last().locator('th');
      const expectedHour = await page.evaluate(
        ([zone, language]) => {
          const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
          return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(hour);
        },
        [timezoneId, locale],
      );
      await expect(lastHour.textContent()).resolves.toContain(expectedHour);

      await figure.getByRole('button', { name: words.ninety, exact: true }).click();
      await expect(figure.locator('circle.latency-point').count()).resolves.toBe(90);
      await expect(figure.locator('table.latency-table tbody tr').count()).resolves.toBe(90);
      await expect(figure.locator('figcaption').textContent()).resolves.toContain(words.daily);
      // The card's figure is today's row of the table.
      const todayP95 = await figure.locator('table.latency-table tbody tr').last().locator('td').nth(1).textContent();
      await expect(p95.textContent()).resolves.toContain(todayP95 ?? '?');
      // One Tab stop, today's point; the arrow that points back in time (left, right to left: right) goes a day back.
      const points = figure.locator('circle.latency-point');
      await expect(figure.locator('circle.latency-point[tabindex="0"]').count()).resolves.toBe(1);
      await points.last().focus();
      await page.keyboard.press(language === 'ar' ? 'ArrowRight' : 'ArrowLeft');
      const focused = points.nth(88);
      await expect(focused.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
      await expect(figure.locator('.latency-readout').textContent()).resolves.toBe(
        await focused.getAttribute('aria-label'),
      );
      // Right to left, time runs right to left: the chart is mirrored.
      const transform = await figure.locator('svg.latency-chart').evaluate((node) => getComputedStyle(node).transform);
      expect(transform.startsWith('matrix(-1,')).toBe(language === 'ar');
      await figure.getByRole('button', { name: words.ninety, exact: true }).focus();
      await expect(page.locator('footer a[href="/reports/"]').textContent()).resolves.toContain(words.reports);

      // The page does not scroll sideways: the hidden table (a table is never narrower than its cells) is boxed.
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(widths[0]).toBe(widths[1]);
      expect(await findAxeViolations(page)).toEqual([]);
      await componentCard(page, 'Control API').screenshot({
        path: `docs/images/latency-chart-${language}-${viewport.width}.png`,
      });
      expectNoProblems(problems);
    },
  );
});
