import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLoopbackServers } from '../helpers/loopback-server.js';
import {
  ARTIFACTS_DIR,
  allOperational,
  expectNoProblems,
  LABELS,
  pastHistory,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

/** The Control API and the Scheduler under "Compute"; the Build Service and the Registry ungrouped. */
const COMPUTE = new Map([
  ['Control API', 'Compute'],
  ['Scheduler', 'Compute'],
]);

describe('component groups on the status page', () => {
  /** The paths the page asked for, in order. */
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
  });
  const recordRequests = async (opened: Page) => {
    opened.on('request', (request) => asked.push(new URL(request.url()).pathname));
  };

  it('shows a group where its first component stands, with its worst state and its components under it', async () => {
    // The Scheduler degraded, the Build Service in a partial outage, the Registry under maintenance.
    const status = statusUpdated(5_000);
    const { page, problems } = await harness.open({ status, history: { ...pastHistory(), groups: COMPUTE } });

    const top = page.locator('#components > li');
    await expect(top.count()).resolves.toBe(3);
    const group = top.nth(0);
    await expect(group.getAttribute('class')).resolves.toBe('component-group');
    await expect(group.locator('h3 .component-name').textContent()).resolves.toBe('Compute');
    await expect(group.locator('h3 .badge-text').textContent()).resolves.toBe(LABELS.degraded_performance);
    await expect(group.getAttribute('data-status')).resolves.toBe('degraded_performance');
    const members = group.locator('.group-components > li');
    await expect(members.locator('.component-head .component-name').allTextContents()).resolves.toEqual([
      'Control API',
      'Scheduler',
    ]);
    await expect(members.nth(1).locator('.badge-text').textContent()).resolves.toBe(LABELS.degraded_performance);
    // Each component keeps its whole card, 90 days included.
    await expect(members.nth(0).locator('.days').getAttribute('aria-valuemax')).resolves.toBe('90');
    await expect(top.nth(1).locator('.component-name').textContent()).resolves.toBe('Build Service');
    await expect(top.nth(2).locator('.component-name').textContent()).resolves.toBe('Registry');
    await page.locator('#components').screenshot({ path: `${ARTIFACTS_DIR}/status-page-groups.png` });
    expectNoProblems(problems);
  });

  it('links each card and each group to its own feed, which the server answers as Atom', async () => {
    const { page, problems } = await harness.open({
      status: statusUpdated(5_000),
      history: { ...pastHistory(), groups: COMPUTE },
    });

    const feedOf = (scope: Locator) => scope.locator('a.feed-link[rel="alternate"][type="application/atom+xml"]');
    const group = page.locator('#components > li.component-group');
    await expect(feedOf(group.locator('.component-head').first()).getAttribute('href')).resolves.toBe(
      '/feeds/groups/compute.atom',
    );
    const expected = {
      'Control API': '/feeds/components/control-api.atom',
      Scheduler: '/feeds/components/scheduler.atom',
      'Build Service': '/feeds/components/build-service.atom',
      Registry: '/feeds/components/registry.atom',
    };
    for (const [name, href] of Object.entries(expected)) {
      const card = page.locator('li.component', { has: page.getByText(name, { exact: true }) });
      const link = feedOf(card.locator('.component-foot'));
      await expect(link.getAttribute('href')).resolves.toBe(href);
      // Its name says whose feed it is, for a screen reader among the cards' many "Feed" links.
      await expect(link.textContent()).resolves.toBe(`Feed: ${name}, incidents and notices (Atom)`);
    }
    for (const href of [...Object.values(expected), '/feeds/groups/compute.atom']) {
      const response = await page.request.get(new URL(href, harness.site().url).href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(parseFeed(await response.text()).title).toContain(': incidents and notices');
    }
    expectNoProblems(problems);
  });

  it("links each card to its component's maintenance calendar, and the page to the site's, answered as text/calendar", async () => {
    const { page, problems } = await harness.open({ status: statusUpdated(5_000), history: pastHistory() });
    const card = page.locator('li.component', { has: page.getByText('Registry', { exact: true }) });
    const link = card.locator('.component-foot a.calendar-link[type="text/calendar"]');
    await expect(link.getAttribute('href')).resolves.toBe('/feeds/components/registry.ics');
    await expect(link.textContent()).resolves.toBe('Calendar: Registry, planned maintenance (iCalendar)');
    await expect(page.locator('.subscribe a[type="text/calendar"]').getAttribute('href')).resolves.toBe(
      '/feeds/maintenance.ics',
    );
    for (const href of ['/feeds/components/registry.ics', '/feeds/maintenance.ics']) {
      const response = await page.request.get(new URL(href, harness.site().url).href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    }
    expectNoProblems(problems);
  });

  it('takes the groups from the uptime summary the first visit reads, without asking for Statuspage’s components', async () => {
    const { page, problems } = await harness.open(
      { status: statusUpdated(5_000), history: { ...pastHistory(), groups: COMPUTE } },
      { beforeLoad: recordRequests },
    );

    await expect(page.locator('#components > li.component-group .component-name').first().textContent()).resolves.toBe(
      'Compute',
    );
    expect(asked).toContain('/api/v1/uptime');
    expect(asked).not.toContain('/api/v2/components.json');
    expectNoProblems(problems);
  });

  it('takes the groups from Statuspage’s components where no uptime summary is published (no history)', async () => {
    const { uptime: _uptime, ...withoutUptime } = pastHistory();
    const { page, problems } = await harness.open(
      { status: statusUpdated(5_000), history: { ...withoutUptime, groups: COMPUTE } },
      { beforeLoad: recordRequests },
    );

    const group = page.locator('#components > li.component-group');
    await expect(group.locator('h3 .component-name').textContent()).resolves.toBe('Compute');
    await expect(group.locator('.group-components .component-head .component-name').allTextContents()).resolves.toEqual(
      ['Control API', 'Scheduler'],
    );
    expect(asked).toContain('/api/v2/components.json');
    // The summary's 404 is the one problem: the browser logs it.
    expect(problems.errorResponses).toEqual([`404 ${harness.site().url}/api/v1/uptime`]);
    expect(problems.consoleErrors.every((text) => text.includes('404'))).toBe(true);
    expect(problems.pageErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
  });

  it('shows a group operational when all its components are', async () => {
    const { page, problems } = await harness.open({
      status: allOperational(5_000),
      history: { ...pastHistory(), groups: COMPUTE },
    });

    await expect(page.locator('.component-group h3 .badge-text').textContent()).resolves.toBe(LABELS.operational);
    expectNoProblems(problems);
  });

  it('shows a group name from the config as text, never as HTML', async () => {
    const name = '<img src=x onerror="document.title=1"> Compute';
    const { page, problems } = await harness.open({
      status: statusUpdated(5_000),
      history: { ...pastHistory(), groups: new Map([['Registry', name]]) },
    });

    await expect(page.locator('.component-group h3 .component-name').textContent()).resolves.toBe(name);
    await expect(page.locator('#components img').count()).resolves.toBe(0);
    expectNoProblems(problems);
  });
});

describe("Atlassian's Statuspage widget, embedded on another origin", () => {
  const loopback = useLoopbackServers();

  /** A page on its own loopback origin that embeds `@statuspage/status-widget` pointed at `src`. */
  async function startEmbeddingSite(src: string): Promise<string> {
    const widget = await readFile(resolve('node_modules/@statuspage/status-widget/dist/index.js'));
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>embed</title>
<script src="/widget.js"></script></head><body>
<statuspage-widget src="${src}"></statuspage-widget>
<statuspage-widget src="${src}" appearance="badge" title="platform"></statuspage-widget>
</body></html>`;
    const other = await loopback((request, response) => {
      if (request.url === '/widget.js') response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(widget);
      else response.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
    });
    return `${other.origin}/`;
  }

  it('reads the indicator and the description from summary.json across origins', async () => {
    const { page } = await harness.open({ status: statusUpdated(5_000), history: pastHistory() });
    const embedding = await startEmbeddingSite(harness.site().url);
    await page.goto(embedding);

    const basic = page.locator('statuspage-widget').first().locator('.status-text');
    await expect(basic.textContent({ timeout: 10_000 })).resolves.toBe('Partial System Outage');
    const indicator = page.locator('statuspage-widget').first().locator('.status-indicator');
    await expect(indicator.getAttribute('class')).resolves.toBe('status-indicator major');
    const badge = page.locator('statuspage-widget').nth(1).locator('.status-indicator');
    await expect(badge.textContent()).resolves.toMatch(/Partial System Outage/);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/statuspage-widget.png` });
  });
});
