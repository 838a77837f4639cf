import { join } from 'node:path';
import { listFeedScopes } from '../../src/feed/feed-scopes.js';
import { readFeedInput } from '../../src/feed/publish-feed.js';
import { createScopedFeedsPublisher } from '../../src/feed/publish-scoped-feeds.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import type { Incident, IncidentsDocument } from '../../src/schemas/incidents.js';
import type { Notice } from '../../src/schemas/notice.js';
import { incidentNotice, maintenanceNotice } from '../../test/helpers/notices.js';
import type { BenchSite } from '../fixtures.js';
import { median } from '../process-tools.js';

/** One case of the feeds' step: what the cycle brought, and its median time. */
export interface ScopedFeedsTiming {
  readonly case: string;
  readonly runs: number;
  readonly medianMs: number;
  /** Feeds written by each run. */
  readonly written: number;
}

const GROUPS = 10;

function incident(component: string, day: number): Incident {
  const date = `2026-11-${String(day).padStart(2, '0')}`;
  return {
    id: `${component}-${date}`,
    component,
    worst_status: 'major_outage',
    started_at: `${date}T03:00:00Z`,
    resolved_at: `${date}T03:12:00Z`,
    updated_at: `${date}T03:12:00Z`,
    duration_seconds: 720,
    failure_classes: ['status'],
    last_failure: { class: 'status', http_status: 503 },
    regions: null,
  };
}

/**
 * The probe's step for the feeds of `count` components in 10 groups, as it
 * runs after a cycle (`readFeedInput`, then `createScopedFeedsPublisher`):
 * 50 incidents of the last 28 days and five notices (two about every
 * component) published. Each case runs on a fresh publisher brought to its
 * state first, so `runs` medians are of the same work: every feed written
 * (the first cycle after a start), a cycle where nothing changed, an
 * incident starting (every feed rendered, its component's and its group's
 * written), and a notice about every component (every feed written).
 */
export async function measureScopedFeeds(site: BenchSite, count: number, runs: number): Promise<ScopedFeedsTiming[]> {
  const publicDir = createPublicDirWriter(join(site.root, `feeds-${count}`));
  const names = Array.from({ length: count }, (_, index) => `Component ${index}`);
  const scopes = listFeedScopes(names.map((name, index) => ({ name, group: `Group ${index % GROUPS}` })));
  const incidents = Array.from({ length: 50 }, (_, index) =>
    incident(`Component ${(index * 7) % count}`, 1 + (index % 28)),
  );
  const notices: Notice[] = [
    incidentNotice({ components: ['Component 3'] }),
    incidentNotice({ id: 'everyone', components: [] }),
    maintenanceNotice({ components: ['Component 5'] }),
    maintenanceNotice({ id: 'everyone-window', components: [] }),
    incidentNotice({ id: 'two', components: ['Component 1', `Component ${count - 1}`] }),
  ];
  const document = (list: readonly Incident[]): IncidentsDocument => ({
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: '2026-11-29T00:00:00Z',
    incidents: [...list],
  });
  const more = [incident(`Component ${Math.floor(count / 2)}`, 29), ...incidents];
  // `before`: what the publisher last wrote from (none: a start); `notices`: what the next cycle applies.
  const cases: { name: string; before?: IncidentsDocument; after: IncidentsDocument; notices?: Notice[] }[] = [
    { name: 'the first cycle after a start: every feed written', after: document(incidents) },
    { name: 'a cycle where nothing changed', before: document(incidents), after: document(incidents) },
    {
      name: 'an incident starts: every feed rendered, two written',
      before: document(incidents),
      after: document(more),
    },
    {
      name: 'a notice about every component: every feed written',
      before: document(more),
      after: document(more),
      notices: [...notices, incidentNotice({ id: 'everyone-2', components: [] })],
    },
  ];
  const timings: ScopedFeedsTiming[] = [];
  for (const { name, before, after, notices: next } of cases) {
    const samples: number[] = [];
    let written = 0;
    for (let run = 0; run < runs; run += 1) {
      const publish = createScopedFeedsPublisher(publicDir, scopes);
      if (before !== undefined) await publish(await readFeedInput({ publicDir, notices, incidents: before }));
      const started = performance.now();
      written = (await publish(await readFeedInput({ publicDir, notices: next ?? notices, incidents: after }))).length;
      samples.push(performance.now() - started);
    }
    timings.push({ case: name, runs, medianMs: median(samples), written });
  }
  return timings;
}

/** Targets: a cycle that changed nothing costs next to nothing; one incident, a fraction of a cycle. */
const NOTHING_CHANGED_TARGET_MS = 5;
const ONE_INCIDENT_TARGET_MS = 100;

/** Section 3's table of the feeds of 1,000 components, printed with `out`. */
export async function reportScopedFeeds(site: BenchSite, quick: boolean, out: (line?: string) => void) {
  const count = 1_000;
  const timings = await measureScopedFeeds(site, count, quick ? 3 : 15);
  out();
  out(`### The feeds of ${count.toLocaleString('en-US')} components and ${GROUPS} groups`);
  out();
  out(
    "The probe's step after a cycle (`createScopedFeedsPublisher` on the notices the cycle applied), with 50 incidents and five notices (two about every component) published; each case on a fresh publisher brought to its state first.",
  );
  out();
  out('| case | runs | median | feeds written | target |');
  out('|---|---|---|---|---|');
  for (const timing of timings) {
    const target = timing.case.startsWith('a cycle where nothing changed')
      ? NOTHING_CHANGED_TARGET_MS
      : timing.case.startsWith('an incident starts')
        ? ONE_INCIDENT_TARGET_MS
        : undefined;
    const verdict =
      target === undefined ? 'reported' : `≤ ${target} ms: ${timing.medianMs <= target ? 'met' : '**missed**'}`;
    out(`| ${timing.case} | ${timing.runs} | ${timing.medianMs.toFixed(1)} ms | ${timing.written} | ${verdict} |`);
  }
}
