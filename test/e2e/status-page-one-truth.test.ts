import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ComponentHistoryDocument } from '../../src/schemas/component-history.js';
import { incidentsDocument, ongoingIncident } from './history-fixtures.js';
import {
  componentCard,
  expectNoProblems,
  pastHistory,
  scenarioNamed,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

/** Opens a component's details and waits until they are drawn. */
async function openDetails(page: Page, name: string): Promise<void> {
  await componentCard(page, name).locator('.component-details > summary').click();
  await componentCard(page, name).locator('.component-details figure.latency').waitFor();
}

/** A detail document fetched later than the summary: the same component, other figures, and as many hours of latency as given. */
function laterDetail(document: ComponentHistoryDocument, knownHours: number): ComponentHistoryDocument {
  const later = { uptime_percent: 34.68, data_percent: 100 };
  return {
    ...document,
    uptime: { last_24h: later, last_7d: later, last_30d: later, last_90d: later },
    latency: document.latency.map((hour, index) =>
      index >= document.latency.length - knownHours ? hour : { ...hour, p50_ms: null, p95_ms: null },
    ),
  };
}

describe('a page that never contradicts itself', () => {
  it('gives a card’s uptime once: its Details say the figure its head says, brought up to the same moment', async () => {
    const scenario = scenarioNamed('failing');
    const histories = new Map(scenario.history.componentHistories);
    const detail = histories.get('build-service');
    if (!detail) throw new Error('the scenario has the Build Service’s detail document');
    histories.set('build-service', laterDetail(detail, 24));
    const { page, problems } = await harness.open({
      ...scenario,
      history: { ...scenario.history, componentHistories: histories },
    });
    const card = componentCard(page, 'Build Service');
    const head = (await card.locator('.uptime-figure').textContent()) ?? '';
    const percent = /^([\d.]+%) uptime over the last 90 days$/.exec(head)?.[1];
    expect(percent, head).toBeDefined();
    await openDetails(page, 'Build Service');
    const details = await card.locator('.component-details dd').allTextContents();
    expect(details.at(-1)).toMatch(new RegExp(`^${percent?.replace('.', '\\.')} uptime`));
    expect(details.join(' ')).not.toContain('34.68');
    expectNoProblems(problems);
  });

  it('draws no empty chart around a single hour of latency, only its figures', async () => {
    const history = pastHistory();
    const histories = new Map(history.componentHistories);
    const detail = histories.get('control-api');
    if (!detail) throw new Error('the scenario has the Control API’s detail document');
    histories.set('control-api', laterDetail(detail, 1));
    const { page, problems } = await harness.open({
      status: statusUpdated(3_000),
      history: { ...history, componentHistories: histories },
    });
    await openDetails(page, 'Control API');
    const figure = componentCard(page, 'Control API').locator('figure.latency');
    await expect(figure.locator('svg').count()).resolves.toBe(0);
    await expect(figure.locator('figcaption').textContent()).resolves.toMatch(
      /^Latency, last 24 hours: median \d+ ms in the latest hour/,
    );
    expectNoProblems(problems);
  });

  it('says "no other incidents" under an ongoing one, never "no incidents"', async () => {
    const now = new Date();
    const { page, problems } = await harness.open({
      status: statusUpdated(3_000),
      history: {
        ...pastHistory(now),
        incidents: incidentsDocument(now, [
          ongoingIncident(now, 'Scheduler', 5 * 60_000, 'degraded_performance', {
            class: 'timeout',
            http_status: null,
          }),
        ]),
      },
    });
    await expect(page.locator('#incidents h3').allTextContents()).resolves.toEqual(['Ongoing', 'Last 90 days']);
    await expect(page.locator('#incidents p.empty').textContent()).resolves.toBe(
      'No other incidents in the last 90 days.',
    );
    expectNoProblems(problems);
  });
});
describe('the words around the figures', () => {
  it('names the visitor’s zone by its current name, Asia/Kolkata, not the browser’s old Asia/Calcutta', async () => {
    const { page, problems } = await harness.open(scenarioNamed('normal'), { timezoneId: 'Asia/Kolkata' });
    await expect(page.locator('#zone-choice option[value="local"]').textContent()).resolves.toContain('Asia/Kolkata');
    expectNoProblems(problems);
  });

  it('says in French which region’s probe reported, without "de Amsterdam"', async () => {
    const { page, problems } = await harness.open(scenarioNamed('normal'), { locale: 'fr-FR' });
    await expect(page.locator('#reporter').textContent()).resolves.toBe('par la sonde de la région Amsterdam 1.');
    expectNoProblems(problems);
  });
});
