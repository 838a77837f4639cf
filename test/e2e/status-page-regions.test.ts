import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import { observationsDocument, THIS_REGION } from './observations-fixtures.js';
import {
  ARTIFACTS_DIR,
  allOperational,
  expectNoProblems,
  NARROW,
  pastHistory,
  threeRegions,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

describe('the view from every region', () => {
  it('shows components by region: this region published, each peer observed or why not, and the vote in words', async () => {
    const { page, problems } = await harness.open(threeRegions());

    const table = page.locator('#vantage table');
    await expect(page.locator('#vantage-section').isVisible()).resolves.toBe(true);
    await expect(table.locator('caption').textContent()).resolves.toBe('Components by region');
    await expect(page.locator('#vantage-as-of').textContent()).resolves.toMatch(
      /^This region shows the status it publishes; each peer shows what it observed\. As of /,
    );
    const headers = await table
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('scope'), cell.textContent]));
    expect(headers).toEqual([
      ['col', 'Component'],
      ['col', 'Amsterdam 1 ams1this region, published'],
      ['col', 'Frankfurt 1 fra1'],
      ['col', 'Warsaw 1 waw1'],
      ['col', 'Vote'],
    ]);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim())),
      );
    expect(rows).toEqual([
      [
        'Control API',
        '✕Major outage',
        '✕Major outage',
        'Unreachable',
        '2 of 3 regions see an outage (2 answered, quorum 2)',
      ],
      [
        'Scheduler',
        '✓OperationalObserved: partial outage',
        '✓Operational',
        'Unreachable',
        'Regional: each region its own',
      ],
      ['Build Service', '✓Operational', '▲Degraded performance', 'Unreachable', 'Regional: each region its own'],
      [
        'Registry',
        '✓Operational',
        '✓Operational',
        'Unreachable',
        '0 of 3 regions see an outage (2 answered, quorum 2)',
      ],
    ]);
    await expect(table.locator('tbody th[scope="row"]').count()).resolves.toBe(4);
    // The colour of a cell is its state's; an unreachable peer has none.
    await expect(
      table.locator('tbody tr').first().locator('td').nth(1).locator('.badge').getAttribute('data-status'),
    ).resolves.toBe('major_outage');
    await expect(table.locator('td[data-outcome="unreachable"] .badge').count()).resolves.toBe(0);
    // The scrolling box is a named, focusable region.
    const box = page.locator('#vantage');
    await expect(box.evaluate((node) => node.tagName)).resolves.toBe('SECTION');
    await expect(box.getAttribute('aria-label')).resolves.toMatch(/^Components by region/);
    await expect(box.getAttribute('tabindex')).resolves.toBe('0');
    await page.locator('#vantage-section').screenshot({ path: `${ARTIFACTS_DIR}/status-page-regions-matrix.png` });
    // The incident says how many regions saw it.
    const incident = page.locator('#incidents li.incident', { hasText: 'Control API' }).first();
    await expect(
      incident.locator('dt', { hasText: 'Seen from' }).locator('xpath=..').locator('dd').textContent(),
    ).resolves.toBe('2 of 3 regions');
    // A single-region past incident says nothing of regions.
    await expect(
      page.locator('#incidents li.incident', { hasText: 'Build Service' }).first().textContent(),
    ).resolves.not.toMatch(/Seen from/);
    expectNoProblems(problems);
  });

  it('says a vote without quorum holds, and when a stale peer last observed', async () => {
    const now = new Date();
    const observedAt = formatTimestamp(new Date(now.getTime() - 10 * 60_000));
    const observations = observationsDocument(
      now,
      [
        { name: 'Control API', global: true, seen: { [THIS_REGION]: 'major_outage' }, voted: 'operational' },
        { name: 'Scheduler', global: false, seen: { [THIS_REGION]: 'operational' } },
      ],
      [
        { region: 'fra1', outcome: 'stale', observed_at: observedAt },
        { region: 'lhr1', outcome: 'invalid', observed_at: null },
        { region: 'waw1', outcome: 'future', observed_at: formatTimestamp(new Date(now.getTime() + 3_600_000)) },
      ],
    );
    const { page, problems } = await harness.open({
      status: allOperational(3_000),
      history: { ...pastHistory(now), observations },
    });

    const row = page.locator('#vantage tbody tr').first();
    await expect(row.locator('.vantage-vote').textContent()).resolves.toBe(
      'Holding: no quorum (1 of 4 answered, 3 needed); 1 of 4 regions sees an outage',
    );
    await expect(row.locator('td').nth(0).textContent()).resolves.toBe('✓OperationalObserved: major outage');
    await expect(row.locator('td').nth(1).textContent()).resolves.toMatch(
      /^Staleobserved \d+ \w+ \d{4}, \d\d:\d\d UTC$/,
    );
    await expect(row.locator('td').nth(1).locator('time').getAttribute('datetime')).resolves.toBe(observedAt);
    await expect(row.locator('td').nth(3).textContent()).resolves.toMatch(/^From the futureobserved /);
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('Invalid');
    expectNoProblems(problems);
  });

  it('is hidden when the deployment has no peers', async () => {
    const { page, problems } = await harness.open({ status: allOperational(3_000), history: pastHistory() });

    await expect(page.locator('#vantage-section').isHidden()).resolves.toBe(true);
    await expect(page.locator('#vantage table').count()).resolves.toBe(0);
    expectNoProblems(problems);
  });

  it('is hidden when the deployment publishes no observations', async () => {
    const { observations: _none, ...history } = threeRegions().history;
    const { page, problems } = await harness.open({ status: allOperational(3_000), history });

    await expect(page.locator('#vantage-section').isHidden()).resolves.toBe(true);
    // The browser itself logs the 404s (not published by this deployment, nor the heartbeats published beside
    // the observations); the page adds nothing.
    expect(problems.errorResponses.map((line) => line.replace(/^\d+ http:\/\/[^/]+/, '')).sort()).toEqual([
      '/api/v1/heartbeats',
      '/api/v1/observations',
    ]);
    expect(problems.pageErrors).toEqual([]);
  });

  it('greys observations past the staleness limit and says how old they are', async () => {
    const scenario = threeRegions();
    const observations = scenario.history.observations;
    if (!observations) throw new Error('threeRegions publishes observations');
    const old = { ...observations, observed_at: formatTimestamp(new Date(Date.now() - 3_600_000)) };
    const { page } = await harness.open({ ...scenario, history: { ...scenario.history, observations: old } });

    await expect(page.locator('#vantage-section').getAttribute('data-freshness')).resolves.toBe('stale');
    await expect(page.locator('#vantage-stale').textContent()).resolves.toBe(
      'These observations are 60 minutes old, so they may no longer be true.',
    );
    const colours = await page
      .locator('#vantage .badge')
      .evaluateAll((badges) => [...new Set(badges.map((badge) => getComputedStyle(badge).backgroundColor))]);
    const grey = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--unknown)';
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(colours).toEqual([grey]);
  });

  it('scrolls inside its own box at 320 px, not the page', async () => {
    const { page } = await harness.open(threeRegions(), { viewport: NARROW });

    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      box: document.getElementById('vantage')?.clientWidth ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(NARROW.width);
    expect(widths.box).toBeLessThanOrEqual(NARROW.width);
    await page
      .locator('#vantage-section')
      .screenshot({ path: `${ARTIFACTS_DIR}/status-page-regions-matrix-phone.png` });
  });
});
