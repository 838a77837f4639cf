import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  componentHistoryPath,
  documentFile,
  FEED_PATH,
  HEARTBEATS_PATH,
  INCIDENTS_PATH,
  LLMS_TXT_PATH,
  monthlyReportPath,
  NOTICES_PATH,
  STATUS_MARKDOWN_PATH,
  UPTIME_PATH,
} from '../../src/api-paths.js';
import { writeAtomically } from '../../src/io/write-atomically.js';
import { renderLlmsTxt } from '../../src/markdown/render-llms-txt.js';
import { renderStatusMarkdown } from '../../src/markdown/render-status-markdown.js';
import type { ComponentHistoryDocument } from '../../src/schemas/component-history.js';
import type { HeartbeatsDocument } from '../../src/schemas/heartbeats-document.js';
import type { IncidentsDocument } from '../../src/schemas/incidents.js';
import type { MonthlyReport } from '../../src/schemas/monthly-report.js';
import type { NoticesDocument } from '../../src/schemas/notice.js';
import { formatTimestamp } from '../../src/schemas/service-status.js';
import type { UptimeDocument } from '../../src/schemas/uptime.js';
import { slugify } from '../../src/slugs/assign-slugs.js';
import { sampleStatus } from './status-fixture.js';

/** The shipped four components, as the stand-in platform names them. */
export const SAMPLE_COMPONENTS = ['Control API', 'Scheduler', 'Build Service', 'Registry'] as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The detail documents the probe would write at `generatedAt` for the
 * shipped four components: 90 days each (the Registry with one partial
 * outage, the Scheduler with a day of no data) and 24 hours of latency. Their
 * size is that of the real thing, so the benchmark can serve them too.
 */
export function sampleComponentHistories(generatedAt = '2026-11-21T04:37:59Z'): ComponentHistoryDocument[] {
  const now = Date.parse(generatedAt);
  const today = now - (now % DAY_MS);
  const component = (name: string, index: number): ComponentHistoryDocument => ({
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: generatedAt,
    interval_seconds: 30,
    name,
    slug: slugify(name),
    uptime: {
      last_24h: { uptime_percent: 100, data_percent: 100 },
      last_7d: { uptime_percent: 100, data_percent: 100 },
      last_30d: { uptime_percent: name === 'Registry' ? 99.937 : 100, data_percent: 99.861 },
      last_90d: { uptime_percent: name === 'Registry' ? 99.979 : 100, data_percent: 98.889 },
    },
    days: Array.from({ length: 90 }, (_, day) => {
      const date = new Date(today - (89 - day) * DAY_MS).toISOString().slice(0, 10);
      if (name === 'Scheduler' && day === 40) {
        return {
          date,
          uptime_percent: null,
          worst_status: null,
          minutes: {
            operational: 0,
            under_maintenance: 0,
            degraded_performance: 0,
            partial_outage: 0,
            major_outage: 0,
          },
          no_data_minutes: 1440,
          p50_ms: null,
          p95_ms: null,
          p99_ms: null,
        };
      }
      const outage = name === 'Registry' && day === 75 ? 90 : 0;
      return {
        date,
        uptime_percent: outage === 0 ? 100 : 98.125,
        worst_status: outage === 0 ? 'operational' : 'partial_outage',
        minutes: {
          operational: 1440 - outage,
          under_maintenance: 0,
          degraded_performance: 0,
          partial_outage: outage,
          major_outage: 0,
        },
        no_data_minutes: 0,
        p50_ms: 21 + index * 5 + (day % 3),
        p95_ms: 64 + index * 10 + (day % 5) * 2,
        p99_ms: 120 + index * 15 + (day % 4) * 7,
      };
    }),
    latency: Array.from({ length: 24 }, (_, hour) => ({
      hour: formatTimestamp(new Date(now - (now % HOUR_MS) - (23 - hour) * HOUR_MS)),
      p50_ms: 20 + index * 5 + (hour % 4),
      p95_ms: 60 + index * 10 + (hour % 7) * 3,
      p99_ms: 110 + index * 15 + (hour % 5) * 9,
    })),
  });
  return SAMPLE_COMPONENTS.map(component);
}

/** The uptime summary of `sampleComponentHistories`, as the probe would write it beside them. */
export function sampleUptime(generatedAt = '2026-11-21T04:37:59Z'): UptimeDocument {
  const details = sampleComponentHistories(generatedAt);
  return {
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: generatedAt,
    interval_seconds: 30,
    first_day: details[0]?.days[0]?.date ?? '',
    components: details.map(({ name, slug, uptime, days }) => ({
      name,
      slug,
      uptime,
      days: {
        uptime_percent: days.map((day) => day.uptime_percent),
        worst_status: days.map((day) => day.worst_status),
        down_seconds: days.map((day) => Math.round((day.minutes.partial_outage + day.minutes.major_outage) * 60)),
      },
    })),
  };
}

/** An incidents document with one ongoing and one resolved incident. */
export function sampleIncidents(generatedAt = '2026-11-21T04:37:59Z'): IncidentsDocument {
  return {
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: generatedAt,
    incidents: [
      {
        id: 'scheduler-2026-11-21t04-30-00z',
        component: 'Scheduler',
        worst_status: 'major_outage',
        started_at: '2026-11-21T04:30:00Z',
        resolved_at: null,
        updated_at: '2026-11-21T04:31:00Z',
        duration_seconds: 479,
        failure_classes: ['timeout'],
        last_failure: { class: 'timeout', http_status: null },
        regions: null,
      },
      {
        id: 'registry-2026-11-06t13-02-00z',
        component: 'Registry',
        worst_status: 'partial_outage',
        started_at: '2026-11-06T13:02:00Z',
        resolved_at: '2026-11-06T14:32:00Z',
        updated_at: '2026-11-06T14:32:00Z',
        duration_seconds: 5400,
        failure_classes: ['status', 'reset'],
        last_failure: { class: 'status', http_status: 503 },
        // The Registry is global: seen down from 3 of the 4 regions.
        regions: { saw_outage: 3, configured: 4 },
      },
    ],
  };
}

/** A notices document with an incident notice and a planned maintenance. */
export function sampleNotices(): NoticesDocument {
  return {
    version: 'v1',
    notices: [
      {
        id: 'scheduler-delays',
        title: 'Scheduling delays',
        components: ['Scheduler'],
        kind: 'incident',
        state: 'identified',
        updates: [
          { at: '2026-11-21T04:32:00Z', state: 'investigating', text: 'New workloads wait <5 minutes> to start.' },
          { at: '2026-11-21T04:36:00Z', state: 'identified', text: 'A queue node is down; failing over.' },
        ],
      },
      {
        id: 'registry-storage-migration',
        title: 'Registry storage migration',
        components: ['Registry'],
        kind: 'maintenance',
        state: 'scheduled',
        window: { start: '2026-11-23T02:00:00Z', end: '2026-11-23T04:00:00Z' },
        updates: [{ at: '2026-11-20T10:00:00Z', state: 'scheduled', text: 'Pushes may be slow during the window.' }],
      },
    ],
  };
}

/** A small, valid Atom feed (RFC 4287) with one entry. */
export function sampleFeed(updated = '2026-11-21T04:36:00Z'): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:service-directory:feed</id>
  <title>Amsterdam 1 status</title>
  <updated>${updated}</updated>
  <link rel="self" href="/feed.atom"/>
  <entry>
    <id>urn:service-directory:notice:scheduler-delays</id>
    <title>Scheduling delays</title>
    <updated>${updated}</updated>
    <content type="text">A queue node is down; failing over.</content>
  </entry>
</feed>
`;
}

/** Two heartbeat components as the probe publishes them: one heard from, one waiting for its first push. */
export function sampleHeartbeats(updatedAt = '2026-11-21T04:37:59Z'): HeartbeatsDocument {
  return {
    version: 'v1',
    region: 'Amsterdam 1',
    updated_at: updatedAt,
    components: [
      {
        name: 'Nightly Build',
        every_seconds: 3600,
        grace_seconds: 300,
        last_push_at: '2026-11-21T04:10:00Z',
        not_judged_until: null,
      },
      {
        name: 'Backups',
        every_seconds: 86_400,
        grace_seconds: 0,
        last_push_at: null,
        not_judged_until: '2026-11-22T04:00:00Z',
      },
    ],
  };
}

/** A `status.md` as the probe renders it: the sample status, going stale a minute after it was made. */
export function sampleStatusMarkdown(): string {
  const status = sampleStatus();
  return renderStatusMarkdown({
    status,
    staleAfter: formatTimestamp(new Date(Date.parse(status.updated_at) + 60_000)),
    notices: sampleNotices().notices,
    incidents: sampleIncidents().incidents,
    regions: undefined,
    siteUrl: undefined,
  });
}

/** An `llms.txt` as the build renders it. */
export function sampleLlmsTxt(): string {
  return renderLlmsTxt({ regionName: 'Amsterdam 1', components: ['Control API', 'Scheduler'], siteUrl: undefined });
}

/** The documents published beside the contract's two: the history, the notices, the heartbeats, the feed and the text documents. */
export const ADDED_PATHS = [
  UPTIME_PATH,
  INCIDENTS_PATH,
  NOTICES_PATH,
  HEARTBEATS_PATH,
  FEED_PATH,
  STATUS_MARKDOWN_PATH,
  LLMS_TXT_PATH,
] as const;
export type AddedPath = (typeof ADDED_PATHS)[number];

/** Each added document's bytes, as its writer (the probe or the build) would publish them. */
export function sampleDocuments(): Record<AddedPath, string> {
  return {
    [UPTIME_PATH]: `${JSON.stringify(sampleUptime())}\n`,
    [INCIDENTS_PATH]: `${JSON.stringify(sampleIncidents())}\n`,
    [NOTICES_PATH]: `${JSON.stringify(sampleNotices())}\n`,
    [HEARTBEATS_PATH]: `${JSON.stringify(sampleHeartbeats())}\n`,
    [FEED_PATH]: sampleFeed(),
    [STATUS_MARKDOWN_PATH]: sampleStatusMarkdown(),
    [LLMS_TXT_PATH]: sampleLlmsTxt(),
  };
}

/**
 * Publishes the added documents (or `only` some) under `publicDir`,
 * atomically as their writers do; with the uptime summary, the detail
 * document of each component it names, as the probe writes them.
 */
export async function publishDocuments(publicDir: string, only: readonly AddedPath[] = ADDED_PATHS): Promise<void> {
  const documents = sampleDocuments();
  if (only.includes(UPTIME_PATH)) {
    for (const detail of sampleComponentHistories()) {
      const file = documentFile(publicDir, componentHistoryPath(detail.slug));
      await mkdir(dirname(file), { recursive: true });
      await writeAtomically(file, `${JSON.stringify(detail)}\n`);
    }
    // And the running month's report, as the probe keeping that history writes it.
    const report = documentFile(publicDir, monthlyReportPath(new Date().toISOString().slice(0, 7), 'json'));
    await mkdir(dirname(report), { recursive: true });
    await writeAtomically(report, `${JSON.stringify(sampleMonthlyReport())}\n`);
  }
  for (const path of only) {
    const file = documentFile(publicDir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeAtomically(file, documents[path]);
  }
}

/** A running month's report as the probe writes it: one component with an objective, one without, one incident. */
export function sampleMonthlyReport(): MonthlyReport {
  const minutes = {
    operational: 28_790,
    under_maintenance: 0,
    degraded_performance: 0,
    partial_outage: 0,
    major_outage: 10,
  };
  return {
    version: 'v1',
    region: 'Amsterdam 1',
    generated_at: '2026-11-21T04:37:59Z',
    month: '2026-11',
    closed: false,
    since: '2026-11-01T00:00:00Z',
    until: '2026-11-21T04:37:59Z',
    components: [
      {
        name: 'Registry',
        uptime_percent: 99.965,
        data_percent: 100,
        down_minutes: 10,
        incidents: 1,
        minutes,
        p50_ms: 41,
        p95_ms: 118,
        p99_ms: 305,
        error_budget: {
          slo_percent: 99.9,
          allowed_minutes: 28.8,
          spent_minutes: 10,
          left_minutes: 18.8,
          spent_percent: 34.722,
        },
      },
      {
        name: 'Scheduler',
        uptime_percent: 100,
        data_percent: 100,
        down_minutes: 0,
        incidents: 0,
        minutes: { ...minutes, operational: 28_800, major_outage: 0 },
        p50_ms: 12,
        p95_ms: 30,
        p99_ms: 52,
        error_budget: null,
      },
    ],
    incidents: sampleIncidents().incidents.slice(0, 1),
  };
}
