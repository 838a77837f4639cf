import { listFeedScopes } from '../../src/feed/feed-scopes.js';
import { createScopedFeedsPublisher } from '../../src/feed/publish-scoped-feeds.js';
import { renderWindowNotices } from '../../src/notices/maintenance-notices.js';
import { createPublicDirWriter } from '../../src/public-dir/public-dir-writer.js';
import type { MaintenanceWindow } from '../../src/schemas/maintenance-window.js';
import type { ServiceStatus } from '../../src/schemas/service-status.js';
import { renderStatuspageDocuments, type StatuspageSource } from '../../src/statuspage/render-statuspage-documents.js';
import type { StatuspageSettings } from '../../src/statuspage/statuspage-settings.js';
import { sampleIncidents, sampleNotices, sampleUptime } from './document-fixtures.js';
import { sampleStatus } from './status-fixture.js';

/** The moment the sample documents describe: the sample status's `updated_at`. */
export const SAMPLE_NOW = '2026-11-21T04:37:59Z';

/** A window in progress at `SAMPLE_NOW`, which puts the Build Service under maintenance. */
export const SAMPLE_WINDOW: MaintenanceWindow = {
  start: '2026-11-21T04:00:00Z',
  end: '2026-11-21T05:00:00Z',
  components: ['Build Service'],
};

/** The status at `SAMPLE_NOW` that agrees with the sample history: the Scheduler down, the Build Service in its window. */
export function sampleStatuspageStatus(): ServiceStatus {
  return sampleStatus({
    status: 'major_outage',
    components: [
      { name: 'Control API', status: 'operational' },
      { name: 'Scheduler', status: 'major_outage' },
      { name: 'Build Service', status: 'under_maintenance' },
      { name: 'Registry', status: 'operational' },
    ],
    updated_at: SAMPLE_NOW,
  });
}

/** Settings with the Control API and the Scheduler grouped as "Compute". */
export function sampleStatuspageSettings(overrides: Partial<StatuspageSettings> = {}): StatuspageSettings {
  return {
    pageName: undefined,
    publicUrl: 'https://status.example.com',
    groups: new Map([
      ['Control API', 'Compute'],
      ['Scheduler', 'Compute'],
    ]),
    maintenance: [SAMPLE_WINDOW],
    announceDays: 7,
    ...overrides,
  };
}

/** The sample status's components with the sample settings' groups, as a components config lists them. */
export function sampleGroupedComponents(): { name: string; group?: string }[] {
  const { groups } = sampleStatuspageSettings();
  return sampleStatuspageStatus().components.map(({ name }) => {
    const group = groups.get(name);
    return group === undefined ? { name } : { name, group };
  });
}

/** The feed of each sample component and of its group, "Compute", written as the probe writes them. */
export async function publishSampleFeeds(publicDir: string): Promise<void> {
  await createScopedFeedsPublisher(
    createPublicDirWriter(publicDir),
    listFeedScopes(sampleGroupedComponents()),
  )({ notices: sampleNotices().notices, incidents: sampleIncidents(SAMPLE_NOW) });
}

/** Everything the renderer reads, from the sample documents. */
export function sampleStatuspageSource(overrides: Partial<StatuspageSource> = {}): StatuspageSource {
  const settings = overrides.settings ?? sampleStatuspageSettings();
  const now = overrides.now ?? new Date(SAMPLE_NOW);
  return {
    status: sampleStatuspageStatus(),
    settings,
    uptime: sampleUptime(SAMPLE_NOW),
    incidents: sampleIncidents(SAMPLE_NOW).incidents,
    notices: [
      ...sampleNotices().notices,
      ...renderWindowNotices(settings.maintenance, { now, announceDays: settings.announceDays }),
    ],
    now,
    ...overrides,
  };
}

/** The eight sample documents, parsed, by URL path. */
export function sampleStatuspageDocuments(overrides: Partial<StatuspageSource> = {}): Record<string, unknown> {
  return Object.fromEntries(
    renderStatuspageDocuments(sampleStatuspageSource(overrides)).map(({ path, contents }) => [
      path,
      JSON.parse(contents),
    ]),
  );
}
