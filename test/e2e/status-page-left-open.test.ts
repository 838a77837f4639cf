import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INCIDENTS_PATH, NOTICES_PATH } from '../../src/api-paths.js';
import type { Incident } from '../../src/schemas/incidents.js';
import type { IncidentNotice, MaintenanceNotice } from '../../src/schemas/notice.js';
import { formatTimestamp, type ServiceStatus } from '../../src/schemas/service-status.js';
import {
  incidentNotice,
  incidentsDocument,
  maintenanceScheduled,
  noticesDocument,
  ongoingIncident,
  pastIncidents,
} from './history-fixtures.js';
import {
  allOperational,
  componentCard,
  declaredByTheTeam,
  expectNoProblems,
  pastHistory,
  REFRESH_INTERVAL_MS,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();
const MINUTE_MS = 60_000;
const ANSWERING_503 = { class: 'status', http_status: 503 } as const;

/** Waits until the server answers `path` with `document`: the next refresh then sees it. */
async function untilServed(path: string, document: unknown): Promise<void> {
  const url = `${harness.site().url}${path}`;
  await expect.poll(async () => (await fetch(url)).json(), { timeout: 10_000 }).toEqual(document);
}

/** Lets the page's own refresh come round once, and waits until it has been drawn. */
async function refreshOnce(page: Page): Promise<void> {
  const before = Number(await page.evaluate(() => document.documentElement.dataset.refreshes));
  await page.clock.runFor(REFRESH_INTERVAL_MS);
  await page.waitForFunction((count) => Number(document.documentElement.dataset.refreshes) > count, before);
}

/** The notice as resolved by `notice resolve`: its last update says so. */
function resolved(notice: IncidentNotice, now: Date): IncidentNotice {
  return {
    ...notice,
    state: 'resolved',
    updates: [...notice.updates, { at: formatTimestamp(now), state: 'resolved', text: 'Fixed on our side.' }],
  };
}

function withIncidents(now: Date, incidents: readonly Incident[]) {
  return incidentsDocument(now, [...pastIncidents(now), ...incidents]);
}

describe('a page left open while the team’s notices change', () => {
  it('drops a notice resolved while the component stays down from the card’s reason and the incidents at the next refresh', async () => {
    const scenario = declaredByTheTeam();
    const { page, problems } = await harness.open(scenario, { beforeLoad: (page) => page.clock.install() });
    const card = componentCard(page, 'Build Service');
    await expect(card.locator('.since').textContent()).resolves.toContain('The team reports: A fifth of builds fail');

    // `notice resolve`; the probe's next cycle publishes the notices, then the incidents: the linked incident
    // ends and the probe's own, which the checks still see, begins.
    const now = new Date();
    const [declaring, ...others] = scenario.history.notices?.notices ?? [];
    if (declaring?.kind !== 'incident') throw new Error('the scenario declares by an incident notice');
    const notices = noticesDocument([resolved(declaring, now), ...others]);
    const linked = scenario.history.incidents?.incidents.find((incident) => incident.resolved_at === null);
    if (!linked) throw new Error('the scenario has an ongoing incident');
    const incidents = withIncidents(now, [
      { ...linked, resolved_at: formatTimestamp(now) },
      ongoingIncident(now, 'Build Service', 0, 'partial_outage', ANSWERING_503),
    ]);
    await harness.site().writeDocument(NOTICES_PATH, notices);
    await harness.site().writeDocument(INCIDENTS_PATH, incidents);
    await untilServed(INCIDENTS_PATH, incidents);
    await refreshOnce(page);

    await expect(card.locator('.since').textContent()).resolves.toMatch(/checks are answering 503\.$/);
    await expect(card.locator('.since').textContent()).resolves.not.toContain('The team reports');
    await expect(page.locator('#incidents h3').first().textContent()).resolves.toBe('Ongoing');
    await expect(page.locator('#incidents ul.incidents').first().textContent()).resolves.toContain('Build Service');
    expectNoProblems(problems);
  });

  it('gives a notice opened on an already broken component as the card’s reason at the next refresh', async () => {
    const opened = new Date();
    const components = allOperational(0).components.map((component) =>
      component.name === 'Build Service' ? { ...component, status: 'major_outage' as const } : component,
    );
    const status: ServiceStatus = statusUpdated(3_000, { status: 'major_outage', components });
    const probeOwn = ongoingIncident(opened, 'Build Service', 20 * MINUTE_MS, 'major_outage', ANSWERING_503);
    const { page, problems } = await harness.open(
      { status, history: { ...pastHistory(opened), incidents: withIncidents(opened, [probeOwn]) } },
      { beforeLoad: (page) => page.clock.install() },
    );
    const card = componentCard(page, 'Build Service');
    await expect(card.locator('.since').textContent()).resolves.toMatch(/checks are answering 503\.$/);

    const now = new Date();
    const base = incidentNotice(now, 'Workers out of disk');
    const notice: IncidentNotice = {
      ...base,
      updates: base.updates.map((update) => ({ ...update, impact: { 'Build Service': 'major_outage' } })),
    };
    const incidents = withIncidents(now, [
      { ...probeOwn, resolved_at: formatTimestamp(now) },
      { ...ongoingIncident(now, 'Build Service', 0, 'major_outage', null), notice: notice.id },
    ]);
    await harness.site().writeDocument(NOTICES_PATH, noticesDocument([notice]));
    await harness.site().writeDocument(INCIDENTS_PATH, incidents);
    await untilServed(INCIDENTS_PATH, incidents);
    await refreshOnce(page);

    await expect(card.locator('.since').textContent()).resolves.toContain('The team reports: Workers out of disk');
    expectNoProblems(problems);
  });
});

describe('a maintenance whose window has begun', () => {
  function maintenanceFrom(startMs: number): MaintenanceNotice {
    const planned = maintenanceScheduled(new Date());
    return {
      ...planned,
      components: ['Registry'],
      window: { start: formatTimestamp(new Date(startMs)), end: formatTimestamp(new Date(startMs + 30 * MINUTE_MS)) },
    };
  }

  async function expectInProgress(page: Page) {
    const card = page.locator('#notices .notice-card', { hasText: 'Scheduler upgrade' });
    await expect(card.locator('.notice-kind').textContent()).resolves.toBe('Maintenance · In progress');
    await expect(page.locator('#notices h3').allTextContents()).resolves.toEqual(['Happening now']);
  }

  it('reads in progress on a fresh load, without `maintenance start`', async () => {
    const now = new Date();
    const components = allOperational(0).components.map((component) =>
      component.name === 'Registry' ? { ...component, status: 'under_maintenance' as const } : component,
    );
    const { page, problems } = await harness.open({
      status: statusUpdated(3_000, { status: 'under_maintenance', components }),
      history: { ...pastHistory(now), notices: noticesDocument([maintenanceFrom(now.getTime() - 5 * MINUTE_MS)]) },
    });
    await expectInProgress(page);
    await expect(componentCard(page, 'Registry').locator('.since').textContent()).resolves.toMatch(
      /^Planned maintenance until /,
    );
    expectNoProblems(problems);
  });

  it('turns in progress on a page left open when its window begins', async () => {
    const startMs = Date.now() + 6_000;
    const { page, problems } = await harness.open(
      {
        status: allOperational(3_000),
        history: { ...pastHistory(), notices: noticesDocument([maintenanceFrom(startMs)]) },
      },
      { beforeLoad: (page) => page.clock.install() },
    );
    await expect(page.locator('#notices h3').allTextContents()).resolves.toEqual(['Upcoming maintenance']);
    // The page judges the window by the server's clock, which the fake clock does not move: real time passes.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startMs - Date.now())));
    await refreshOnce(page);
    await expectInProgress(page);
    expectNoProblems(problems);
  });
});
