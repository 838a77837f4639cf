import { describe, expect, it } from 'vitest';
import type { FailureClass } from '../../src/schemas/failure-class.js';
import { ObservationsDocumentSchema } from '../../src/schemas/observations.js';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import { COMPONENT_NAMES, incidentsDocument, ongoingIncident, pastIncidents } from './history-fixtures.js';
import { THIS_REGION } from './observations-fixtures.js';
import {
  componentCard,
  expectNoProblems,
  pastHistory,
  type Scenario,
  statusUpdated,
  useStatusPage,
} from './status-page-harness.js';

const harness = useStatusPage();

/** Each component failing as another kind of check, in the probe's own reason words and the class it files them under. */
const FAILURES: readonly {
  readonly name: (typeof COMPONENT_NAMES)[number];
  readonly failureClass: FailureClass;
  readonly reason: string;
  /** The catalogue's words for it, and what fills their placeholders. */
  readonly key: string;
  readonly fill: (words: string) => string;
}[] = [
  {
    name: 'Control API',
    failureClass: 'timeout',
    reason: 'no heartbeat since 2026-11-27T10:00:00Z (expected every 60 s, grace 30 s)',
    key: 'failure.heartbeatMissed',
    fill: (words) => words,
  },
  {
    name: 'Scheduler',
    failureClass: 'error',
    reason: 'heartbeat failed: "make failed"',
    key: 'failure.heartbeatFailedSaying',
    fill: (words) => words.replace('{said}', 'make failed'),
  },
  {
    name: 'Build Service',
    failureClass: 'body',
    reason: 'answer lacks "10.0.0.1": got "10.0.0.2"',
    key: 'failure.dnsRecords',
    fill: (words) => words,
  },
  {
    name: 'Registry',
    failureClass: 'status',
    reason: 'upstream reports major_outage (indicator major)',
    key: 'failure.upstreamReports',
    // Up to the state, which is the page's own label for it.
    fill: (words) => words.slice(0, words.indexOf('{state}')),
  },
];

function everyKindFailing(): Scenario {
  const now = new Date();
  const components = COMPONENT_NAMES.map((name) => ({ name, status: 'major_outage' as const }));
  const observations = ObservationsDocumentSchema.parse({
    version: 'v1',
    region: THIS_REGION,
    observed_at: formatTimestamp(new Date(now.getTime() - 2_000)),
    components: FAILURES.map(({ name, failureClass, reason }) => ({
      name,
      scope: 'regional',
      status: 'major_outage',
      failure_class: failureClass,
      failure_reason: reason,
      latency_ms: 0,
      vote: null,
    })),
    peers: [],
  });
  return {
    status: statusUpdated(3_000, { status: 'major_outage', components }),
    history: {
      ...pastHistory(now),
      incidents: incidentsDocument(now, [
        ...pastIncidents(now),
        ...FAILURES.map(({ name, failureClass }) =>
          ongoingIncident(now, name, 10 * 60_000, 'major_outage', { class: failureClass, http_status: null }),
        ),
      ]),
      observations,
    },
  };
}

describe('each kind of check’s failure on its card', () => {
  it.each([
    ['en-GB', 'en'],
    ['de-DE', 'de'],
    ['fr-FR', 'fr'],
    ['es-ES', 'es'],
    ['ja-JP', 'ja'],
    ['ar', 'ar'],
  ])('is worded as what failed in %s, never in the HTTP words of its class', async (locale, language) => {
    const { page, problems } = await harness.open(everyKindFailing(), { locale });
    // As a string: the test runner would rewrite an import() written in a function.
    const words = (await page.evaluate(
      `import('/status-page.messages.${language}.js').then((module) => module.default)`,
    )) as Record<string, unknown>;
    for (const failure of FAILURES) {
      const expected = words[failure.key];
      const because = words['card.sinceBecause'];
      if (typeof expected !== 'string' || typeof because !== 'string')
        throw new Error(`${language} lacks ${failure.key}`);
      // The words that bring in the class's HTTP words ("checks are …"), between the duration and the reason.
      const http = because.slice(because.indexOf('{duration}') + '{duration}'.length, because.indexOf('{reason}'));
      const since = (await componentCard(page, failure.name).locator('.since').textContent()) ?? '';
      expect(since, failure.name).toContain(failure.fill(expected));
      expect(since, failure.name).not.toContain(http);
    }
    expectNoProblems(problems);
  });
});
