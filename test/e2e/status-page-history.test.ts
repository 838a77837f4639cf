import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import { PAGE_BUNDLE_PATH } from '../../src/site/bundle-page.js';
import { renderFreshnessModule } from '../../src/site/render-freshness-module.js';
import { SHARED_MODULE_PATH } from '../../src/site/render-shared-module.js';
import { verifyDeployment } from '../../src/verify/verify-deployment.js';
import {
  incidentNotice,
  incidentsDocument,
  noticesDocument,
  ongoingIncident,
  PAST_BAD_DAYS,
  pastIncidents,
  resolvedNotice,
  uptimeDocument,
} from './history-fixtures.js';
import {
  ARTIFACTS_DIR,
  allOperational,
  componentCard,
  expectNoProblems,
  pastHistory,
  scenarioNamed,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

const scenario = scenarioNamed;
const card = componentCard;

/** Opens a component's details from the keyboard and waits for its latency chart. */
async function openDetails(page: Page, name: string): Promise<void> {
  await card(page, name).locator('.component-details > summary').focus();
  await page.keyboard.press('Enter');
  await card(page, name).locator('.component-details figure.latency').waitFor();
}

/** The worst state of each day on a component's bar, oldest first, as the bar carries them. */
async function statusesOf(page: Page, name: string): Promise<string[]> {
  return ((await card(page, name).locator('.days').getAttribute('data-statuses')) ?? '').split(' ');
}

async function datesOf(page: Page, name: string): Promise<string[]> {
  return ((await card(page, name).locator('.days').getAttribute('data-dates')) ?? '').split(' ');
}

/** The words of one day (0 is the oldest), as assistive technology reads them once the keyboard chose it. */
async function wordsOfDay(page: Page, name: string, index: number): Promise<string | null> {
  const bar = card(page, name).locator('.days');
  await bar.focus();
  await page.keyboard.press('Home');
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
  return bar.getAttribute('aria-valuetext');
}

describe('each component', () => {
  it('has a 90-day bar in one element, each day with its state, and its date, uptime and time down in words', async () => {
    const { page, problems } = await harness.open(scenario('history'));

    for (const name of ['Control API', 'Scheduler', 'Build Service', 'Registry']) {
      const bar = card(page, name).locator('.days');
      await expect(bar.count()).resolves.toBe(1);
      // One element: the days are painted, not ninety cells with their text.
      await expect(bar.locator('*').count()).resolves.toBe(0);
      await expect(bar.getAttribute('aria-valuemax')).resolves.toBe('90');
      await expect(statusesOf(page, name)).resolves.toHaveLength(90);
    }
    const bad = PAST_BAD_DAYS.find((day) => day.component === 'Build Service' && day.daysAgo === 3);
    if (!bad) throw new Error('fixture changed');
    const date = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await expect(datesOf(page, 'Build Service')).resolves.toHaveProperty('86', date);
    await expect(statusesOf(page, 'Build Service')).resolves.toHaveProperty('86', 'major_outage');
    const uptime = (Math.floor(((1440 - bad.minutes) / 1440) * 100 * 100) / 100).toFixed(2);
    await expect(wordsOfDay(page, 'Build Service', 86)).resolves.toMatch(
      new RegExp(`^\\w{3}, \\d{1,2} \\w{3} \\d{4} \\(UTC\\): ${uptime}% uptime, 47 mins down; worst: major outage$`),
    );
    // Days before the Registry was probed say so.
    await expect(wordsOfDay(page, 'Registry', 0)).resolves.toMatch(/: no data$/);
    await expect(statusesOf(page, 'Registry')).resolves.toHaveProperty('0', 'none');
    expectNoProblems(problems);
  });

  it('words a day with a 23-second outage in seconds, and its uptime with two decimals', async () => {
    const now = new Date();
    const short = [{ component: 'Scheduler', daysAgo: 5, worst: 'major_outage', minutes: 23 / 60 }] as const;
    const { page, problems } = await harness.open({
      status: allOperational(3_000),
      history: { ...pastHistory(now), uptime: uptimeDocument(now, { intervalSeconds: 5, bad: short }) },
    });
    // 23 s of 1,440 minutes down: 99.973%, cut to two decimals.
    await expect(wordsOfDay(page, 'Scheduler', 84)).resolves.toMatch(
      / \(UTC\): 99\.97% uptime, 23 secs down; worst: major outage$/,
    );
    await expect(wordsOfDay(page, 'Scheduler', 50)).resolves.toMatch(/: 100% uptime, no downtime$/);
    expectNoProblems(problems);
  });

  it('is one Tab stop whose days are chosen with the arrow keys or the pointer, the chosen day in words', async () => {
    const { page, problems } = await harness.open(scenario('history'));
    const bar = card(page, 'Build Service').locator('.days');

    await expect(bar.getAttribute('tabindex')).resolves.toBe('0');
    await expect(bar.getAttribute('role')).resolves.toBe('slider');
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('90');
    await bar.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const chosen = await bar.getAttribute('aria-valuetext');
    expect(chosen).toMatch(/47 mins down; worst: major outage$/);
    await expect(card(page, 'Build Service').locator('.day-detail').textContent()).resolves.toBe(chosen);
    await page.keyboard.press('Home');
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('1');
    await page.keyboard.press('End');
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('90');
    // The pointer over the middle of the 41st day chooses it.
    const box = await bar.boundingBox();
    if (box === null) throw new Error('the bar is not shown');
    await page.mouse.move(box.x + (box.width * 40.5) / 90, box.y + box.height / 2);
    await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('41');
    await expect(card(page, 'Build Service').locator('.day-detail').textContent()).resolves.toBe(
      await bar.getAttribute('aria-valuetext'),
    );
    expectNoProblems(problems);
  });

  it('shows its 90-day uptime, and when its details are opened, a 24-hour latency line from its own history document, with a gap where no check was answered', async () => {
    const now = new Date();
    const history = pastHistory(now);
    const { page, problems } = await harness.open({ status: allOperational(3_000), history });

    const expected = history.uptime?.components.find((each) => each.name === 'Control API')?.uptime.last_90d
      .uptime_percent;
    if (expected === undefined || expected === null) throw new Error('fixture changed');
    // Two decimals, cut rather than rounded, as status pages print uptime.
    const shown = expected >= 100 ? '100' : (Math.floor(expected * 100) / 100).toFixed(2);
    await expect(card(page, 'Control API').locator('.uptime-figure').textContent()).resolves.toBe(
      `${shown}% uptime over the last 90 days`,
    );
    // The latency is a detail on demand: nothing of it is fetched or drawn until the visitor opens it.
    await expect(page.locator('svg.latency-chart').count()).resolves.toBe(0);
    const detailRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/component-history/')) detailRequests.push(new URL(request.url()).pathname);
    });
    await openDetails(page, 'Control API');
    expect(detailRequests).toEqual(['/api/v1/component-history/control-api.json']);
    const chart = card(page, 'Control API').locator('svg.latency-chart');
    await expect(chart.locator('polyline.latency-p50').count()).resolves.toBe(1);
    const points = await chart.locator('polyline.latency-p50').getAttribute('points');
    expect(points?.split(' ')).toHaveLength(24);
    await expect(card(page, 'Control API').locator('.component-details dt').allTextContents()).resolves.toEqual([
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
      'Last 90 days',
    ]);
    // The Scheduler's fixture has one hour without an answer: two runs of line.
    await openDetails(page, 'Scheduler');
    await expect(card(page, 'Scheduler').locator('polyline.latency-p50').count()).resolves.toBe(2);
    await expect(card(page, 'Control API').locator('figcaption').textContent()).resolves.toMatch(
      /^Latency, last 24 hours: median \d+ ms in the latest hour \(95th percentile \d+ ms\); hourly medians from \d+ to \d+ ms \(bold line: median; faint line: 95th percentile\)\.$/,
    );
    expectNoProblems(problems);
  });

  it('says since when a failing component has been failing, and what the checks saw, in words', async () => {
    const { page, problems } = await harness.open(scenario('failing'));

    const since = card(page, 'Build Service').locator('.since');
    await expect(since.textContent()).resolves.toMatch(
      /^Since \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC \(for 3[89] mins\): checks are answering 503\.$/,
    );
    await expect(since.locator('time').getAttribute('datetime')).resolves.toMatch(/Z$/);
    await expect(card(page, 'Scheduler').locator('.since').textContent()).resolves.toMatch(
      /\(for [67] mins\): checks are timing out\.$/,
    );
    await expect(card(page, 'Control API').locator('.since').count()).resolves.toBe(0);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/status-page-failing-since.png` });
    expectNoProblems(problems);
  });

  it('says in words when a certificate inside the warning window expires, beside its component', async () => {
    const now = new Date();
    const history = pastHistory(now);
    const expiresAt = formatTimestamp(new Date(now.getTime() + (6 * 24 + 5) * 3_600_000));
    const observations = history.observations;
    if (!observations) throw new Error('pastHistory publishes observations');
    const components = allOperational(3_000).components.map((component) =>
      component.name === 'Registry' ? { ...component, status: 'degraded_performance' as const } : component,
    );
    const { page, problems } = await harness.open({
      status: { ...allOperational(3_000), status: 'degraded_performance', components },
      history: {
        ...history,
        observations: {
          ...observations,
          components: observations.components.map((component) =>
            component.name === 'Registry'
              ? {
                  ...component,
                  status: 'degraded_performance' as const,
                  certificate_expires_at: expiresAt,
                  // Markup in the reason would stay text; the page words it itself from the timestamp.
                  certificate_warning: `certificate expires ${expiresAt.slice(0, 10)} <b>soon</b>`,
                }
              : { ...component, certificate_expires_at: expiresAt, certificate_warning: null },
          ),
        },
      },
    });

    const note = card(page, 'Registry').locator('.certificate-note');
    await expect(note.textContent()).resolves.toBe(
      // In the visitor's zone (UTC in these tests), with the zone named.
      `Certificate expires in 6 days (${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'UTC' }).format(new Date(expiresAt))}).`,
    );
    // A certificate outside its window is not mentioned.
    await expect(card(page, 'Control API').locator('.certificate-note').count()).resolves.toBe(0);
    await card(page, 'Registry').screenshot({ path: `${ARTIFACTS_DIR}/status-page-certificate-warning.png` });
    expectNoProblems(problems);
  });
});

describe('heartbeat components on the page', () => {
  it('says that one waiting for its first push is not judged yet, and when the others were last heard', async () => {
    const now = new Date();
    const notJudgedUntil = formatTimestamp(new Date(now.getTime() + 40 * 60_000));
    const lastPush = formatTimestamp(new Date(now.getTime() - 5 * 60_000));
    const status = allOperational(3_000);
    const { page, problems } = await harness.open({
      status: {
        ...status,
        status: 'major_outage',
        components: status.components.map((component) =>
          component.name === 'Scheduler' ? { ...component, status: 'major_outage' as const } : component,
        ),
      },
      history: {
        ...pastHistory(now),
        heartbeats: {
          version: 'v1',
          region: status.region,
          updated_at: status.updated_at,
          components: [
            {
              name: 'Build Service',
              every_seconds: 3600,
              grace_seconds: 300,
              last_push_at: null,
              not_judged_until: notJudgedUntil,
            },
            { name: 'Registry', every_seconds: 60, grace_seconds: 0, last_push_at: lastPush, not_judged_until: null },
            // Down since no push came: the card's since-when says so, nothing here claims it is waiting.
            {
              name: 'Scheduler',
              every_seconds: 60,
              grace_seconds: 0,
              last_push_at: null,
              not_judged_until: notJudgedUntil,
            },
          ],
        },
      },
    });
    const waiting = card(page, 'Build Service').locator('.heartbeat-note');
    await expect(waiting.textContent()).resolves.toMatch(/^Waiting for its first heartbeat: not judged until .+\.$/);
    await expect(waiting.locator('time').getAttribute('datetime')).resolves.toBe(notJudgedUntil);
    const heard = card(page, 'Registry').locator('.heartbeat-note');
    await expect(heard.textContent()).resolves.toMatch(/^Last heartbeat .+\.$/);
    await expect(heard.locator('time').getAttribute('datetime')).resolves.toBe(lastPush);
    await expect(card(page, 'Scheduler').locator('.heartbeat-note').count()).resolves.toBe(0);
    await expect(card(page, 'Control API').locator('.heartbeat-note').count()).resolves.toBe(0);
    await card(page, 'Build Service').screenshot({ path: `${ARTIFACTS_DIR}/status-page-heartbeat-waiting.png` });
    expectNoProblems(problems);
  });
});

describe('the page never contradicts itself', () => {
  const MINUTE_MS = 60_000;

  /** The Scheduler in a major outage the status already says and the history (today all green) has not counted. */
  function outageTheHistoryHasNotCounted(incidentForMs: number | undefined) {
    const now = new Date();
    const components = allOperational(0).components.map((component) =>
      component.name === 'Scheduler' ? { ...component, status: 'major_outage' as const } : component,
    );
    const ongoing =
      incidentForMs === undefined
        ? []
        : [ongoingIncident(now, 'Scheduler', incidentForMs, 'major_outage', { class: 'timeout', http_status: null })];
    return {
      status: statusUpdated(3_000, { status: 'major_outage', components }),
      history: { ...pastHistory(now), incidents: incidentsDocument(now, [...pastIncidents(now), ...ongoing]) },
    };
  }

  it('shows today’s time down so far beside an outage the history has not counted yet, never "no downtime"', async () => {
    const scenario = outageTheHistoryHasNotCounted(12 * MINUTE_MS);
    const today = scenario.history.uptime?.components.find((each) => each.name === 'Scheduler')?.days;
    // The history the page is given still says today was all up.
    expect([today?.worst_status.at(-1), today?.down_seconds.at(-1)]).toEqual(['operational', 0]);
    const { page, problems } = await harness.open(scenario);

    await expect(statusesOf(page, 'Scheduler')).resolves.toHaveProperty('89', 'major_outage');
    const words = await card(page, 'Scheduler').locator('.days').getAttribute('aria-valuetext');
    expect(words).toMatch(/ \(UTC\), today so far: \d+(\.\d\d)?% uptime, .+ down; worst: major outage$/);
    // Twelve minutes down, unless today (a UTC day) began less than twelve minutes ago.
    const minutesToday = Math.floor((Date.now() % 86_400_000) / MINUTE_MS);
    if (minutesToday > 13) expect(words).toMatch(/, 1[12] mins down; worst/);
    await expect(card(page, 'Scheduler').locator('.day-detail').textContent()).resolves.toBe(words);
    await expect(card(page, 'Scheduler').locator('.uptime-figure').textContent()).resolves.not.toMatch(/^100%/);
    await card(page, 'Scheduler').screenshot({ path: `${ARTIFACTS_DIR}/status-page-outage-today.png` });
    expectNoProblems(problems);
  });

  it('counts today’s outage from the status when its incident is not known yet', async () => {
    const { page, problems } = await harness.open(outageTheHistoryHasNotCounted(undefined));

    await expect(card(page, 'Scheduler').locator('.since').count()).resolves.toBe(0);
    await expect(card(page, 'Scheduler').locator('.days').getAttribute('aria-valuetext')).resolves.toMatch(
      /today so far: \d+(\.\d\d)?% uptime, \d+ secs? down; worst: major outage$/,
    );
    expectNoProblems(problems);
  });

  it('says what an uptime figure rests on: the last 90 days once there are 90, else since its first (UTC) day', async () => {
    const now = new Date();
    const uptime = uptimeDocument(now, { intervalSeconds: 30, noDataDays: { Registry: 89, Scheduler: 87 } });
    const { page, problems } = await harness.open({
      status: allOperational(3_000),
      history: { ...pastHistory(now), uptime },
    });

    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(now.getTime() - daysAgo * 86_400_000));
    await expect(card(page, 'Control API').locator('.uptime-figure').textContent()).resolves.toMatch(
      /^\d+(\.\d\d)?% uptime over the last 90 days$/,
    );
    await expect(card(page, 'Registry').locator('.uptime-figure').textContent()).resolves.toBe(
      `100% uptime since ${day(0)} (UTC)`,
    );
    await expect(card(page, 'Scheduler').locator('.uptime-figure').textContent()).resolves.toBe(
      `100% uptime since ${day(2)} (UTC)`,
    );
    expectNoProblems(problems);
  });
});

describe('the incidents', () => {
  it('lists ongoing incidents first, then the last 90 days newest first, each with component, worst state, start, end and duration', async () => {
    const { page, problems } = await harness.open(scenario('failing'));

    const section = page.getByRole('region', { name: 'Incidents' });
    await expect(section.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual([
      'Ongoing',
      'Last 90 days',
    ]);
    const lists = section.locator('ul.incidents');
    const ongoing = await lists.nth(0).locator('> li .incident-head strong').allTextContents();
    expect(ongoing).toEqual(['Scheduler', 'Build Service']);
    const past = lists.nth(1).locator('> li');
    await expect(past.count()).resolves.toBe(pastIncidents(new Date()).length);
    const first = past.first();
    await expect(first.locator('.incident-head').textContent()).resolves.toBe('Build Service ✕Major outage');
    await expect(first.locator('dl').textContent()).resolves.toMatch(
      /^Started\d{1,2} \w{3} \d{4}, 09:14 UTCEnded\d{1,2} \w{3} \d{4}, 10:01 UTCLasted47 minsChecks sawtiming out, answering 502$/,
    );
    await expect(lists.nth(0).locator('> li').first().locator('dl').textContent()).resolves.toMatch(/Endedongoing/);
    expectNoProblems(problems);
  });

  it('shows resolved notices from the team in the history', async () => {
    const { page, problems } = await harness.open(scenario('history'));

    const history = page.getByRole('region', { name: 'Incidents' });
    const notice = history.locator('.notice-card', { hasText: resolvedNotice(new Date()).title });
    await expect(notice.count()).resolves.toBe(1);
    await expect(notice.locator('.notice-kind').textContent()).resolves.toBe('Incident · Resolved');
    await expect(page.locator('#notices-section').isHidden()).resolves.toBe(true);
    expectNoProblems(problems);
  });
});

describe('the notices', () => {
  it('shows active notices at the top and upcoming maintenance with its window', async () => {
    const { page, problems } = await harness.open(scenario('maintenance'));

    const section = page.getByRole('region', { name: 'From the platform team' });
    await expect(section.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual([
      'Happening now',
      'Upcoming maintenance',
    ]);
    await expect(section.getByRole('heading', { level: 4 }).allTextContents()).resolves.toEqual([
      'Maintenance · In progress: Registry storage migration',
      'Maintenance · Scheduled: Scheduler upgrade',
    ]);
    const upcoming = section.locator('.notice-card', { hasText: 'Scheduler upgrade' });
    await expect(upcoming.locator('dl').textContent()).resolves.toMatch(
      /^AffectsSchedulerWindow\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC to \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/,
    );
    await expect(card(page, 'Registry').locator('.since').textContent()).resolves.toMatch(
      /^Planned maintenance until .+ UTC\.$/,
    );
    // The summary comes before the notices, and the notices before the components.
    const order = await page.evaluate(() =>
      ['summary-heading', 'notices-heading', 'components-heading'].map(
        (id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1,
      ),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expectNoProblems(problems);
  });

  it('shows a notice whose title and text hold HTML as text, never as markup', async () => {
    const now = new Date();
    const notice = {
      ...incidentNotice(now, 'Builds <img src=x onerror="window.pwned=1"> failing'),
      kind: 'incident' as const,
      state: 'investigating' as const,
      updates: [
        {
          at: formatTimestamp(now),
          state: 'investigating' as const,
          text: '<script>window.pwned=2</script><b>bold?</b>',
        },
      ],
    };
    const { page, problems } = await harness.open({
      status: allOperational(3_000),
      history: { ...pastHistory(now), notices: noticesDocument([notice]) },
    });

    const card = page.locator('#notices .notice-card');
    await expect(card.locator('.notice-title').textContent()).resolves.toContain(
      'Builds <img src=x onerror="window.pwned=1"> failing',
    );
    await expect(card.locator('.update-text').textContent()).resolves.toBe(
      '<script>window.pwned=2</script><b>bold?</b>',
    );
    await expect(page.locator('#notices img, #notices script, #notices b').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).resolves.toBeUndefined();
    expectNoProblems(problems);
  });
});

describe('staleness, by the one rule', () => {
  it('serves the page the staleness rule the server runs, and the page loads it', async () => {
    const requested: string[] = [];
    const { page, problems } = await harness.open(scenario('normal'), {
      beforeLoad: async (page) => {
        page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      },
    });

    const response = await page.request.get(`${harness.site().url}${SHARED_MODULE_PATH}`);
    const shared = await response.text();
    expect(shared).toContain(renderFreshnessModule());
    // The page loads it inside its bundle, which the same build makes: the bundle's source map holds it as served.
    expect(requested).toContain(PAGE_BUNDLE_PATH);
    const map = await (await page.request.get(`${harness.site().url}${PAGE_BUNDLE_PATH}.map`)).json();
    expect(map.sourcesContent[map.sources.indexOf('../status-page.shared.js')]).toBe(shared);
    expectNoProblems(problems);
  });

  it.each([
    // [probe interval published, status age, stale?]
    [5, 5_000, false],
    [5, 20_000, true],
    [60, 100_000, false],
    [60, 200_000, true],
  ])('with a probe interval of %i s, calls a status %i ms old stale: %s', async (intervalSeconds, ageMs, stale) => {
    const { page, problems } = await harness.open({
      status: allOperational(ageMs),
      history: pastHistory(new Date(), intervalSeconds),
    });

    await expect(page.locator('html').getAttribute('data-freshness')).resolves.toBe(stale ? 'stale' : 'fresh');
    await expect(page.locator('#notice').isVisible()).resolves.toBe(stale);
    expectNoProblems(problems);
  });

  it.each([
    [5_000, 'fresh'],
    [25_000, 'stale'],
  ] as const)('agrees with /healthz and verify on a status %i ms old (probe interval 5 s): %s', async (ageMs, kind) => {
    const { page, problems } = await harness.open({
      status: allOperational(ageMs),
      history: pastHistory(new Date(), 5),
    });
    const { url } = harness.site();

    await expect(page.locator('html').getAttribute('data-freshness')).resolves.toBe(kind);
    const health = await fetch(`${url}/healthz`);
    await health.body?.cancel();
    expect(health.status).toBe(kind === 'fresh' ? 200 : 503);
    const report = await verifyDeployment({ baseUrl: url });
    const freshness = report.checks.find((check) => check.check === 'freshness');
    expect(freshness?.outcome).toBe(kind === 'fresh' ? 'pass' : 'fail');
    expect(report.max_age_s).toBe(15);
    expectNoProblems(problems);
  });

  it('does not trust a status from more than the skew allowance in the future', async () => {
    const { page, problems } = await harness.open({ status: allOperational(-10 * 60_000), history: pastHistory() });

    await expect(page.locator('html').getAttribute('data-freshness')).resolves.toBe('future');
    await expect(page.locator('#overall-text').textContent()).resolves.toBe(
      'Status time not trustworthy. Last known: Operational',
    );
    await expect(page.title()).resolves.toBe('Untrustworthy · last known Operational · Platform status');
    await expect(page.locator('#notice').textContent()).resolves.toMatch(
      /^Untrustworthy data: this status claims a time \d+ minutes ahead of the server's clock/,
    );
    await expect(page.locator('#age').textContent()).resolves.toMatch(/^\d+ minutes in the future$/);
    expectNoProblems(problems);
  });

  it('says a stale status is stale in the banner and the tab title, and greys every status colour', async () => {
    const { page, problems } = await harness.open(scenario('stale'));

    await expect(page.locator('#overall-text').textContent()).resolves.toBe(
      'Status out of date. Last known: Operational',
    );
    await expect(page.title()).resolves.toBe('Stale · last known Operational · Platform status');
    await expect(page.locator('#notice').textContent()).resolves.toBe(
      'Stale data: this status is more than 15 seconds old (3 probe intervals of 5 seconds), so it may no longer be true. The status probe may have stopped.',
    );
    const colours = await page.evaluate(() => ({
      grey: getComputedStyle(document.documentElement).getPropertyValue('--unknown').trim(),
      used: [
        ...new Set(
          [...document.querySelectorAll('#overall, .badge, .day[data-status="major_outage"], .component')].map(
            (node) =>
              getComputedStyle(node).getPropertyValue('--status-colour').trim() ||
              getComputedStyle(node).backgroundColor,
          ),
        ),
      ],
    }));
    expect(colours.used).toEqual([colours.grey]);
    expectNoProblems(problems);
  });

  it('falls back to a 30-second interval when the deployment publishes no history: 100 s old is stale', async () => {
    const { page } = await harness.open({ status: allOperational(100_000), history: {} });

    await expect(page.locator('html').getAttribute('data-freshness')).resolves.toBe('stale');
    await expect(page.locator('#notice').textContent()).resolves.toMatch(
      /more than 90 seconds old \(3 probe intervals of 30 seconds\)/,
    );
  });

  it('falls back to a 30-second interval when the deployment publishes no history, and still shows the status', async () => {
    const { page, problems } = await harness.open({ status: allOperational(60_000), history: {} });

    await expect(page.locator('html').getAttribute('data-freshness')).resolves.toBe('fresh');
    await expect(page.locator('#history-note').textContent()).resolves.toMatch(/publishes no history/);
    await expect(page.locator('#components > li').count()).resolves.toBe(4);
    await expect(page.locator('.days').count()).resolves.toBe(0);
    await expect(page.locator('#incidents-section').isHidden()).resolves.toBe(true);
    // The browser itself logs the five 404s (documents this deployment does not publish); the page adds nothing.
    expect(problems.errorResponses.map((line) => line.replace(/^404 http:\/\/[^/]+/, '')).sort()).toEqual([
      '/api/v1/heartbeats',
      '/api/v1/incidents',
      '/api/v1/notices',
      '/api/v1/observations',
      '/api/v1/uptime',
    ]);
    expect(problems.pageErrors).toEqual([]);
  });
});

describe('the page', () => {
  it('says that a region status is the declared one, not a measurement', async () => {
    const { page, problems } = await harness.open(scenario('normal'));

    await expect(page.getByRole('region', { name: 'Regions' }).locator('.note').textContent()).resolves.toBe(
      "A region's status here is the one declared in the directory by the platform team, not a measurement by the probe.",
    );
    await expect(page.locator('table.regions thead th').last().textContent()).resolves.toBe('Declared status');
    expectNoProblems(problems);
  });

  it('links the Atom feed for feed readers and for people', async () => {
    const { page, problems } = await harness.open(scenario('normal'));

    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).resolves.toBe(
      '/feed.atom',
    );
    await expect(
      page
        .getByRole('link', { name: /Atom feed/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    expectNoProblems(problems);
  });
});
