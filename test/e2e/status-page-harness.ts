import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { IncidentNotice } from '../../src/schemas/notice.js';
import { formatTimestamp, type ServiceStatus } from '../../src/schemas/service-status.js';
import { sampleStatus } from '../helpers/status-fixture.js';
import { launchChromium, type PageProblems, waitForFirstRender, watchPage } from './browser.js';
import {
  componentHistoryDocuments,
  incidentNotice,
  incidentsDocument,
  maintenanceInProgress,
  maintenanceScheduled,
  noticesDocument,
  ongoingIncident,
  PAST_BAD_DAYS,
  pastIncidents,
  resolvedNotice,
  uptimeDocument,
} from './history-fixtures.js';
import { observationsDocument, singleRegionObservations, THIS_REGION } from './observations-fixtures.js';
import { type HistoryDocuments, type StatusPageSite, startStatusPageSite } from './status-page-site.js';

export const ARTIFACTS_DIR = 'test-results';
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };
/** The narrowest width WCAG 1.4.10 asks a page to reflow to. */
export const NARROW = { width: 320, height: 640 };
/** The page's own refresh interval (public/status-page.js). */
export const REFRESH_INTERVAL_MS = 15_000;
/** The probe interval the fixtures publish unless a test says otherwise: long enough that no test goes stale by accident. */
export const FIXTURE_INTERVAL_S = 30;

const MINUTE_MS = 60_000;

export const LABELS = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
} as const;

export function statusUpdated(agoMs: number, overrides: Partial<ServiceStatus> = {}): ServiceStatus {
  return sampleStatus({
    status: 'partial_outage',
    components: [
      { name: 'Control API', status: 'operational' },
      { name: 'Scheduler', status: 'degraded_performance' },
      { name: 'Build Service', status: 'partial_outage' },
      { name: 'Registry', status: 'under_maintenance' },
    ],
    updated_at: formatTimestamp(new Date(Date.now() - agoMs)),
    ...overrides,
  });
}

export function allOperational(agoMs: number): ServiceStatus {
  const components = statusUpdated(0).components.map(({ name }) => ({ name, status: 'operational' as const }));
  return statusUpdated(agoMs, { status: 'operational', components });
}

/** What the page is shown: a status and the documents published beside it. */
export interface Scenario {
  readonly status: ServiceStatus | undefined;
  readonly history: HistoryDocuments;
}

/** Past history only, no notices: what most visits see. */
export function pastHistory(now = new Date(), intervalSeconds = FIXTURE_INTERVAL_S): HistoryDocuments {
  return {
    uptime: uptimeDocument(now, { intervalSeconds }),
    componentHistories: componentHistoryDocuments(now, { intervalSeconds }),
    incidents: incidentsDocument(now, pastIncidents(now)),
    notices: noticesDocument([]),
    observations: singleRegionObservations(now),
  };
}

/** Three regions: this one, Frankfurt answering, Warsaw unreachable; the Control API is down from both that answer. */
export function threeRegions(): Scenario {
  const now = new Date();
  const components = allOperational(0).components.map((component) =>
    component.name === 'Control API' ? { ...component, status: 'major_outage' as const } : component,
  );
  return {
    status: statusUpdated(3_000, { status: 'major_outage', components }),
    history: {
      ...pastHistory(now),
      incidents: incidentsDocument(now, [
        ...pastIncidents(now),
        ongoingIncident(
          now,
          'Control API',
          5 * MINUTE_MS,
          'major_outage',
          { class: 'timeout', http_status: null },
          { saw_outage: 2, configured: 3 },
        ),
      ]),
      observations: observationsDocument(
        now,
        [
          { name: 'Control API', global: true, seen: { [THIS_REGION]: 'major_outage', fra1: 'major_outage' } },
          // Seen down here once, not yet for long enough to be published.
          { name: 'Scheduler', global: false, seen: { [THIS_REGION]: 'partial_outage', fra1: 'operational' } },
          {
            name: 'Build Service',
            global: false,
            seen: { [THIS_REGION]: 'operational', fra1: 'degraded_performance' },
          },
          { name: 'Registry', global: true, seen: { [THIS_REGION]: 'operational', fra1: 'operational' } },
        ],
        [
          { region: 'fra1', outcome: 'fresh', observed_at: formatTimestamp(new Date(now.getTime() - 4_000)) },
          { region: 'waw1', outcome: 'unreachable', observed_at: null },
        ],
      ),
    },
  };
}

/**
 * The team has declared the Build Service in partial outage (the probe sees
 * it healthy): the history's ongoing incident is linked to the notice, and an
 * older incident is over with its postmortem.
 */
export function declaredByTheTeam(): Scenario {
  const now = new Date();
  const components = allOperational(0).components.map((component) =>
    component.name === 'Build Service' ? { ...component, status: 'partial_outage' as const } : component,
  );
  const declaring = incidentNotice(now, 'A fifth of builds fail');
  const notice: IncidentNotice = {
    ...declaring,
    updates: declaring.updates.map((update, index) =>
      index === 0 ? { ...update, impact: { 'Build Service': 'partial_outage' } } : update,
    ),
  };
  const past = resolvedNotice(now);
  return {
    status: statusUpdated(3_000, { status: 'partial_outage', components }),
    history: {
      ...pastHistory(now),
      incidents: incidentsDocument(now, [
        ...pastIncidents(now),
        { ...ongoingIncident(now, 'Build Service', 30 * MINUTE_MS, 'partial_outage', null), notice: notice.id },
      ]),
      notices: noticesDocument([
        notice,
        {
          ...past,
          postmortem: { at: past.updates.at(-1)?.at ?? '', text: 'A disk filled up.\nWe now alert at 80 %.' },
        },
      ]),
    },
  };
}

/** The states every check (axe, reflow, screenshots) runs in. */
export const SCENARIOS: Record<string, () => Scenario> = {
  normal: () => ({ status: allOperational(3_000), history: pastHistory() }),
  failing: () => {
    const now = new Date();
    const components = allOperational(0).components.map((component) =>
      component.name === 'Build Service'
        ? { ...component, status: 'major_outage' as const }
        : component.name === 'Scheduler'
          ? { ...component, status: 'partial_outage' as const }
          : component,
    );
    const today = [
      { component: 'Build Service', daysAgo: 0, worst: 'major_outage', minutes: 38 },
      { component: 'Scheduler', daysAgo: 0, worst: 'partial_outage', minutes: 6 },
    ] as const;
    return {
      status: statusUpdated(3_000, { status: 'major_outage', components }),
      history: {
        uptime: uptimeDocument(now, { intervalSeconds: FIXTURE_INTERVAL_S, bad: [...PAST_BAD_DAYS, ...today] }),
        componentHistories: componentHistoryDocuments(now, {
          intervalSeconds: FIXTURE_INTERVAL_S,
          bad: [...PAST_BAD_DAYS, ...today],
        }),
        incidents: incidentsDocument(now, [
          ...pastIncidents(now),
          ongoingIncident(now, 'Build Service', 38 * MINUTE_MS, 'major_outage', { class: 'status', http_status: 503 }),
          ongoingIncident(now, 'Scheduler', 6 * MINUTE_MS, 'partial_outage', { class: 'timeout', http_status: null }),
        ]),
        notices: noticesDocument([incidentNotice(now)]),
        observations: singleRegionObservations(now),
      },
    };
  },
  regions: threeRegions,
  declared: declaredByTheTeam,
  stale: () => ({ status: allOperational(3 * 3_600_000), history: pastHistory(new Date(), 5) }),
  maintenance: () => {
    const now = new Date();
    const components = allOperational(0).components.map((component) =>
      component.name === 'Registry' ? { ...component, status: 'under_maintenance' as const } : component,
    );
    return {
      status: statusUpdated(3_000, { status: 'under_maintenance', components }),
      history: {
        ...pastHistory(now),
        notices: noticesDocument([maintenanceInProgress(now), maintenanceScheduled(now)]),
      },
    };
  },
  history: () => {
    const now = new Date();
    return {
      status: allOperational(3_000),
      history: { ...pastHistory(now), notices: noticesDocument([resolvedNotice(now)]) },
    };
  },
};

/** The scenario of that name, made now. */
export function scenarioNamed(name: string): Scenario {
  const make = SCENARIOS[name];
  if (!make) throw new Error(`no scenario ${name}`);
  return make();
}

/** A component's card (or its group) in the component list, by the name it shows. */
export function componentCard(page: Page, name: string) {
  return page.locator('#components > li', { hasText: name });
}

export interface OpenOptions {
  readonly viewport?: { width: number; height: number };
  readonly colorScheme?: 'light' | 'dark';
  /** The browser's language (`navigator.languages`) and time zone: en-GB in UTC unless a test says otherwise. */
  readonly locale?: string;
  readonly timezoneId?: string;
  readonly beforeLoad?: (page: Page) => Promise<void>;
}

export interface StatusPageHarness {
  /** The site of the test running now. */
  site(): StatusPageSite;
  open(scenario: Scenario, options?: OpenOptions): Promise<{ page: Page; problems: PageProblems }>;
}

/** Registers the hooks of a browser test file: one Chromium, one site and one context per test. */
export function useStatusPage(): StatusPageHarness {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let site: StatusPageSite | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    await mkdir(ARTIFACTS_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    await site?.close();
    site = undefined;
  });

  return {
    site() {
      if (!site) throw new Error('no site: open a page first');
      return site;
    },
    async open(
      scenario,
      { viewport = DESKTOP, colorScheme = 'light', locale = 'en-GB', timezoneId = 'UTC', beforeLoad } = {},
    ) {
      site = await startStatusPageSite(scenario.status, scenario.history);
      context = await browser.newContext({
        viewport,
        colorScheme,
        locale,
        timezoneId,
        isMobile: viewport.width < 500,
      });
      const page = await context.newPage();
      const problems = watchPage(page);
      await beforeLoad?.(page);
      await page.goto(`${site.url}/`);
      await waitForFirstRender(page);
      return { page, problems };
    },
  };
}

export function expectNoProblems(problems: PageProblems): void {
  expect(problems).toEqual({ consoleErrors: [], pageErrors: [], failedRequests: [], errorResponses: [] });
}
