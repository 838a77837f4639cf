import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTimestamp, type ServiceStatus } from '../../src/schemas/service-status.js';
import type { StatusValue } from '../../src/schemas/status-value.js';
import { UptimeDocumentSchema } from '../../src/schemas/uptime.js';
import { findAxeViolations } from './browser.js';
import { incidentsDocument, noticesDocument, ongoingIncident, pastIncidents } from './history-fixtures.js';
import { singleRegionObservations } from './observations-fixtures.js';
import { allOperational, expectNoProblems, LABELS, pastHistory, useStatusPage } from './status-page-harness.js';

const harness = useStatusPage();

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** More than the page's threshold for a large page (30), in three groups of 20. */
const COUNT = 60;
const nameOf = (index: number) => `Service ${String(index).padStart(2, '0')}`;
const groupOf = (index: number) => `Group ${Math.floor(index / 20) + 1}`;
/** Two broken components, both in the second group. */
const BROKEN = new Map<string, StatusValue>([
  [nameOf(23), 'major_outage'],
  [nameOf(31), 'partial_outage'],
]);

/** Sixty components in three groups (or, `grouped: false`, in none), two broken for 12 and 40 minutes, with their open incidents. */
function largePage({ grouped = true } = {}) {
  const now = new Date();
  const components = Array.from({ length: COUNT }, (_, index) => ({
    name: nameOf(index),
    status: BROKEN.get(nameOf(index)) ?? ('operational' as const),
  }));
  const status: ServiceStatus = {
    status: 'major_outage',
    version: 'v1',
    region: 'Amsterdam 1',
    components,
    updated_at: formatTimestamp(new Date(now.getTime() - 3_000)),
  };
  const slug = (name: string) => name.toLowerCase().replace(/ /g, '-');
  const full = { uptime_percent: 100, data_percent: 100 };
  const uptime = UptimeDocumentSchema.parse({
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: formatTimestamp(now),
    interval_seconds: 30,
    first_day: new Date(now.getTime() - 89 * DAY_MS).toISOString().slice(0, 10),
    components: components.map(({ name }) => ({
      name,
      slug: slug(name),
      uptime: { last_24h: full, last_7d: full, last_30d: full, last_90d: full },
      days: {
        uptime_percent: Array.from({ length: 90 }, () => 100),
        worst_status: Array.from({ length: 90 }, () => 'operational'),
        down_seconds: Array.from({ length: 90 }, () => 0),
      },
    })),
  });
  const incidents = incidentsDocument(now, [
    ongoingIncident(now, nameOf(23), 12 * MINUTE_MS, 'major_outage', { class: 'status', http_status: 503 }),
    ongoingIncident(now, nameOf(31), 40 * MINUTE_MS, 'partial_outage', { class: 'timeout', http_status: null }),
  ]);
  return {
    status,
    history: {
      uptime,
      incidents,
      notices: noticesDocument([]),
      observations: singleRegionObservations(now),
      groups: grouped
        ? new Map(components.map((component, index) => [component.name, groupOf(index)]))
        : new Map<string, string>(),
    },
  };
}

/** Every answer to a request for an API document, by path, while `action` runs and until `settled` resolves. */
async function apiAnswersDuring(
  page: Page,
  action: () => Promise<unknown>,
  settled: () => Promise<unknown>,
): Promise<string[]> {
  const answers: string[] = [];
  const onResponse = (response: Response) => {
    const path = new URL(response.url()).pathname;
    // The regions may come from the browser's cache (they allow 300 s), as the browser decides.
    if (path.startsWith('/api/') && path !== '/api/v1/regions') answers.push(`${response.status()} ${path}`);
  };
  page.on('response', onResponse);
  await action();
  await settled();
  page.off('response', onResponse);
  return answers.sort();
}

/** Runs the page's own refresh, as a visitor returning to the tab does, and waits until it is drawn. */
async function refreshPage(page: Page): Promise<string[]> {
  const before = Number(await page.evaluate(() => document.documentElement.dataset.refreshes));
  return apiAnswersDuring(
    page,
    () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))),
    () => page.waitForFunction((count) => Number(document.documentElement.dataset.refreshes) > count, before),
  );
}

describe('the status page with many components', () => {
  it('keeps its groups closed, their cards not yet created, and says in each head how many members are affected', async () => {
    const { page, problems } = await harness.open(largePage());

    const groups = page.locator('#components > li.component-group');
    await expect(groups.count()).resolves.toBe(3);
    await expect(page.locator('#components details.group-details[open]').count()).resolves.toBe(0);
    await expect(page.locator('#components li.component').count()).resolves.toBe(0);
    await expect(groups.locator('.group-count').allTextContents()).resolves.toEqual([
      '20 components, all operational',
      '20 components, 2 affected',
      '20 components, all operational',
    ]);
    await expect(groups.nth(1).locator('h3 .badge-text').textContent()).resolves.toBe(LABELS.major_outage);
    expectNoProblems(problems);
  });

  it('lists what is affected now, with since when, above the closed groups', async () => {
    const { page, problems } = await harness.open(largePage());

    const affected = page.locator('#affected > li');
    await expect(page.locator('#affected-section').isVisible()).resolves.toBe(true);
    await expect(affected.locator('.component-name').allTextContents()).resolves.toEqual([nameOf(23), nameOf(31)]);
    await expect(affected.nth(0).locator('.badge-text').textContent()).resolves.toBe(LABELS.major_outage);
    await expect(affected.nth(0).locator('.affected-group').textContent()).resolves.toBe(' in Group 2');
    await expect(affected.nth(0).locator('.since').textContent()).resolves.toMatch(/^Since .+ \(for 12 mins\)\.$/);
    await expect(affected.nth(1).locator('.since').textContent()).resolves.toMatch(/^Since .+ \(for 40 mins\)\.$/);
    expectNoProblems(problems);
  });

  it('creates a group’s cards when the group is opened from the keyboard, and keeps it open through a redraw', async () => {
    const scenario = largePage();
    const { page, problems } = await harness.open(scenario);

    await page.locator('#components > li.component-group').nth(1).locator('summary').focus();
    await page.keyboard.press('Enter');
    const cards = page.locator('#components li.component');
    // The cards are made on the group's toggle event, which the browser fires after the key press returns.
    await cards.nth(19).waitFor();
    await expect(cards.count()).resolves.toBe(20);
    await expect(cards.nth(3).locator('.component-name').textContent()).resolves.toBe(nameOf(23));
    await expect(cards.nth(3).locator('.badge-text').textContent()).resolves.toBe(LABELS.major_outage);

    // A state changes: the list is redrawn, the open group stays open.
    const components = scenario.status.components.map((component) =>
      component.name === nameOf(31) ? { ...component, status: 'operational' as const } : component,
    );
    await harness.site().writeStatus({ ...scenario.status, components, updated_at: formatTimestamp(new Date()) });
    await refreshPage(page);
    await expect(page.locator('.group-details[open] .group-count').textContent()).resolves.toBe(
      '20 components, 1 affected',
    );
    await expect(cards.count()).resolves.toBe(20);
    expectNoProblems(problems);
  });

  it('has no axe-core violations with a group and a component’s details open', async () => {
    const { page, problems } = await harness.open(largePage());

    await page.locator('#components > li.component-group').nth(1).locator('summary').click();
    await page.locator('#components li.component .component-details > summary').first().click();
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    // No detail document was published for these components: the disclosure says so in words.
    await expect(page.locator('.component-details-body .notice').textContent()).resolves.toBe(
      'The details could not be loaded (HTTP 404).',
    );
    expect(problems.errorResponses).toEqual([
      expect.stringMatching(/404 .*\/api\/v1\/component-history\/service-20\.json$/),
    ]);
  });

  it('loads the incident history only when asked', async () => {
    const { page, problems } = await harness.open(largePage());

    const button = page.locator('#incidents button.load-incidents');
    await expect(button.isVisible()).resolves.toBe(true);
    const answers = await apiAnswersDuring(
      page,
      () => button.click(),
      () => page.locator('#incidents li.incident').first().waitFor(),
    );
    expect(answers).toEqual(['200 /api/v1/incidents']);
    await expect(page.locator('#incidents h3').first().textContent()).resolves.toBe('Ongoing');
    await expect(page.locator('#incidents li.incident').count()).resolves.toBe(2);
    expectNoProblems(problems);
  });
});

describe('the status page with many components and no groups', () => {
  it('shows the broken components’ cards first and open, and the operational ones in one closed list made on opening', async () => {
    const { page, problems } = await harness.open(largePage({ grouped: false }));

    const top = page.locator('#components > li');
    await expect(top.count()).resolves.toBe(3);
    await expect(top.nth(0).locator('.component-name').textContent()).resolves.toBe(nameOf(23));
    await expect(top.nth(0).locator('.since').textContent()).resolves.toMatch(/^Since .+ \(for 12 mins\)\.$/);
    await expect(top.nth(1).locator('.component-name').textContent()).resolves.toBe(nameOf(31));
    await expect(top.nth(1).locator('.badge-text').textContent()).resolves.toBe(LABELS.partial_outage);
    const rest = top.nth(2);
    await expect(rest.locator('summary h3 .component-name').textContent()).resolves.toBe('Operational components');
    await expect(rest.locator('.group-count').textContent()).resolves.toBe('58 components, all operational');
    await expect(rest.locator('details.group-details').getAttribute('open')).resolves.toBeNull();
    await expect(page.locator('#components li.component').count()).resolves.toBe(2);
    // The broken cards are in the list itself: no separate list of what is affected.
    await expect(page.locator('#affected-section').isHidden()).resolves.toBe(true);

    await rest.locator('summary').focus();
    await page.keyboard.press('Enter');
    const cards = rest.locator('li.component');
    await cards.nth(57).waitFor();
    await expect(cards.count()).resolves.toBe(58);
    await expect(cards.first().locator('.component-name').textContent()).resolves.toBe(nameOf(0));
    await expect(findAxeViolations(page)).resolves.toEqual([]);
    expectNoProblems(problems);
  });

  it('keeps the operational list open through a redraw, and moves a component that breaks to the top', async () => {
    const scenario = largePage({ grouped: false });
    const { page, problems } = await harness.open(scenario);
    const rest = page.locator('#components > li.component-group');
    await rest.locator('summary').click();
    await rest.locator('li.component').nth(57).waitFor();

    const components = scenario.status.components.map((component) =>
      component.name === nameOf(5) ? { ...component, status: 'degraded_performance' as const } : component,
    );
    await harness.site().writeStatus({ ...scenario.status, components, updated_at: formatTimestamp(new Date()) });
    await refreshPage(page);
    await expect(page.locator('#components > li.component .component-name').allTextContents()).resolves.toEqual([
      nameOf(5),
      nameOf(23),
      nameOf(31),
    ]);
    await expect(rest.locator('details.group-details').getAttribute('open')).resolves.toBe('');
    await expect(rest.locator('li.component').count()).resolves.toBe(57);
    expectNoProblems(problems);
  });
});

describe('the incident history', () => {
  it('shows the ten most recent past incidents, and older ones on "Show older"', async () => {
    const now = new Date();
    // Twenty-five past incidents, one a day, on the Build Service.
    const bad = Array.from({ length: 25 }, (_, index) => ({
      component: 'Build Service',
      daysAgo: index + 1,
      worst: 'major_outage' as const,
      minutes: 5,
    }));
    const history = { ...pastHistory(now), incidents: incidentsDocument(now, pastIncidents(now, bad)) };
    const { page, problems } = await harness.open({ status: allOperational(3_000), history });

    const items = page.locator('#incidents li.incident');
    await expect(items.count()).resolves.toBe(10);
    const button = page.locator('#incidents button.show-older');
    await expect(button.textContent()).resolves.toBe('Show older incidents (15 more)');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(items.count()).resolves.toBe(25);
    await expect(button.count()).resolves.toBe(0);
    // Focus moves to the first incident revealed, not back to the top of the page.
    await expect(page.evaluate(() => document.activeElement?.matches('li.incident'))).resolves.toBe(true);
    const starts = await items
      .locator('time')
      .evaluateAll((times) =>
        times.filter((_, index) => index % 2 === 0).map((time) => Date.parse(time.getAttribute('datetime') ?? '')),
      );
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(now.getTime() - (starts.at(-1) ?? 0)).toBeGreaterThan(24 * DAY_MS);
    expectNoProblems(problems);
  });
});

describe('a refresh that finds nothing changed', () => {
  it('asks again conditionally and gets 304s, with no document downloaded again', async () => {
    const { page, problems } = await harness.open({ status: allOperational(3_000), history: pastHistory() });

    const answers = await refreshPage(page);
    // The status, the notices and the observations are asked again; the groups, the uptime and the
    // incidents cannot have changed while no state did.
    expect(answers).toEqual(['304 /api/v1/notices', '304 /api/v1/observations', '304 /api/v1/status']);
    expectNoProblems(problems);
  });

  it('downloads the status again when it changed, and the uptime and incidents when a state did', async () => {
    const scenario = { status: allOperational(3_000), history: pastHistory() };
    const { page, problems } = await harness.open(scenario);
    const components = scenario.status.components.map((component) =>
      component.name === 'Registry' ? { ...component, status: 'degraded_performance' as const } : component,
    );
    await harness.site().writeStatus({ ...scenario.status, status: 'degraded_performance', components });

    const answers = await refreshPage(page);
    // The history documents did not change on the server: asked again, they answer 304 too.
    expect(answers).toEqual([
      '200 /api/v1/status',
      '304 /api/v1/incidents',
      '304 /api/v1/notices',
      '304 /api/v1/observations',
      '304 /api/v1/uptime',
    ]);
    expectNoProblems(problems);
  });
});
